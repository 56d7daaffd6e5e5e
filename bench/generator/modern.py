"""Values the way modern CUDA code computes them (gen.py, seeds 5 and later).

Issue 29's patterns, for the GPU to referee: global warp ids written out from `blockDim`
(warp-uniform in any block shape: warps are made of consecutive linear thread ids), `static
constexpr` members read through an object of a class template (a constant whatever the
object holds), `constexpr` functions, and launches whose block shape is known in `x` only
(`dim3 b(32, rt(4), rt(2))`: `blockDim.x` is a constant, `y` and `z` are not, see
`partial_block`). Each feature, as gen.py's own, is f(kg, e, tags) -> (lines, helpers, value,
"int") with e the chunk's lane-varying or uniform source expression. Seeds 1 to 4 do not use
them, so their programs and the measurements kept of them stay as they were.
"""


def f_warp_id(kg, e, tags):
    tags.append("global-warp-id")
    w, v = kg.sym("gw"), kg.sym("v")
    form = kg.r.randrange(3)
    if form == 0:  # 1-D blocks as kernels write it; any shape: the linear id over 32
        lines = ["  int %s = (int)((blockIdx.x * blockDim.x + threadIdx.x) / 32);" % w]
        if kg.dims > 1:
            lines = ["  int %s = (int)(blockIdx.x * ((blockDim.x * blockDim.y * blockDim.z + 31) / 32)"
                     " + (threadIdx.z * blockDim.y * blockDim.x + threadIdx.y * blockDim.x"
                     " + threadIdx.x) / 32);" % w]
    elif form == 1:
        lines = ["  int %s = (int)(bid * ((bsz + 31) / 32) + lin / warpSize);" % w]
    else:
        lines = ["  int %s = (int)((threadIdx.y * blockDim.x + threadIdx.x) / 32"
                 " + threadIdx.z * ((blockDim.x * blockDim.y + 31) / 32));" % w]
    mix = e if kg.r.random() < 0.4 else kg.uniform_expr()
    lines.append("  int %s = %s %% %d + %s;" % (v, w, kg.r.randint(2, 7), mix))
    return lines, [], v, "int"


def f_constexpr_member(kg, e, tags):
    tags.append("static-constexpr-member")
    t, s, v, l = kg.hname("Tile"), kg.sym("t"), kg.sym("v"), kg.sym("l")
    i, j = kg.r.choice([(16, 8), (8, 8), (32, 4), (16, 16)])
    helpers = ["template <int I, int J> struct %s {" % t,
               "  static constexpr int ne = I * J / 32;",
               "  int x[I * J / 32];",
               "};"]
    lines = ["  %s<%d, %d> %s;" % (t, i, j, s),
             "  for (int %s = 0; %s < %s.ne; ++%s) %s.x[%s] = %s + %s;" % (l, l, s, l, s, l, e, l),
             "  int %s = %s.x[%s.ne - 1] %% 11;" % (v, s, s)]
    return lines, helpers, v, "int"


def f_constexpr_function(kg, e, tags):
    tags.append("constexpr-function")
    h, v = kg.hname("cx"), kg.sym("v")
    k = kg.r.randint(2, 9)
    helpers = ["__host__ __device__ constexpr int %s(int a) { return a > 4 ? a * %d : a + 1; }"
               % (h, k)]
    lines = ["  int %s = %s;" % (v, e)]
    lines.append("  if (%s(%d) > %d) %s += %s(%s %% 5);"
                 % (h, kg.r.randint(1, 8), kg.r.randint(3, 30), v, h, v))
    return lines, helpers, v, "int"


FEATURES = [f_warp_id, f_constexpr_member, f_constexpr_function]


def partial_block(kg):
    """A runtime launch that keeps blockDim.x constant (dim3 b(32, rt(by), rt(bz))), or None."""
    if not kg.runtime_shape or kg.r.random() < 0.5:
        return None
    bx, by, bz = kg.block
    gx, gy, gz = kg.grid
    return "dim3 g(rt(%d), rt(%d), rt(%d)), b(%d, rt(%d), rt(%d));" % (gx, gy, gz, bx, by, bz)
