// divlint lsp end-to-end input: does not parse (line 4).
__global__ void broken(float *data) {
  int i = threadIdx.x;
  data[i] = undeclared_name + 1.0f;
}
