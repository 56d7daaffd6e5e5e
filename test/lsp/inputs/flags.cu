// divlint lsp end-to-end input: the branch exists only with -DLSP_SPLIT, which only the
// compile_commands.json in build/ beside it gives.
__global__ void split(int *out) {
#ifdef LSP_SPLIT
  if (threadIdx.x < 5)
    out[threadIdx.x] = 1;
#endif
}

void launch(int *out) { split<<<4, 64>>>(out); }
