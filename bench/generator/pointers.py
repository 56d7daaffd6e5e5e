"""Addresses and moves the way modern CUDA code writes them (gen.py, seeds 9 and later).

Session 18's fixes, for the GPU to referee: the address of an element a pointer points to
(`&q[i].a` with a pointer q is one address per lane when i is the thread index; divlint took it
for the address of the local q, a block-uniform private address), a local pointer whose element
addresses are taken and read back (`&q[k]` no longer exposes q), and values moved with std::move
and std::forward (casts clang instantiates no body for). Each feature, as gen.py's own, is
f(kg, e, tags) -> (lines, helpers, value, "int") with e the chunk's lane-varying or uniform source
expression. HEADER adds what they need; seeds 1 to 8 do not use them, so their programs and the
measurements kept of them stay as they were.
"""
VN = 4096  # gen.py's VN: elements of the input arrays

HEADER = """#include <utility>
struct Pr { int a; int b; };
__device__ int taken(Pr &&p) { return p.a + p.b; }
template <typename T> __device__ int forwarded(T &&p) { return taken(std::forward<T>(p)); }
"""


def f_element_address(kg, e, tags):
    """`&q[i].a` through a pointer to the varying input, read back through the address."""
    tags.append("pointer-element-address")
    q, r, v = kg.sym("pq"), kg.sym("pr"), kg.sym("v")
    field = kg.r.choice(["a", "b"])
    lines = ["  const Pr *%s = reinterpret_cast<const Pr *>(vdat);" % q,
             "  const int *%s = &%s[(%s) %% %d].%s;" % (r, q, e, VN // 2, field),
             "  int %s = *%s %% 23;" % (v, r)]
    return lines, [], v, "int"


def f_pointer_variable_element(kg, e, tags):
    """A local pointer into the input whose element's address is taken, then compared."""
    tags.append("pointer-variable-element")
    p, r, v = kg.sym("pp"), kg.sym("pe"), kg.sym("v")
    lines = ["  const int *%s = vdat + %d;" % (p, kg.r.randint(0, 64)),
             "  const int *%s = &%s[(%s) %% %d];" % (r, p, e, VN // 2),
             "  int %s = (int)(%s - vdat) + (*%s %% 5);" % (v, r, r)]
    return lines, [], v, "int"


def f_moved(kg, e, tags):
    """A struct built from the value, moved, forwarded to a helper that reads it."""
    tags.append("std-move")
    s, t, v = kg.sym("ps"), kg.sym("pt"), kg.sym("v")
    how = kg.r.randrange(2)
    lines = ["  Pr %s{%s, %d};" % (s, e, kg.r.randint(1, 9)),
             "  Pr %s = std::move(%s);" % (t, s)]
    if how == 0:
        lines.append("  int %s = taken(std::move(%s));" % (v, t))
    else:
        lines.append("  int %s = forwarded(std::move(%s));" % (v, t))
    return lines, [], v, "int"


FEATURES = [f_element_address, f_pointer_variable_element, f_moved]

# Seeds 10 and later: every kernel also takes a Params-like struct by value (`KP kp`, launched
# with the host's pointers), as modern kernels do. A pointer in it that the kernel never stores
# into is the host's: a load through it is as uniform as its index, even beside a private array
# with lane-varying contents. f_param_stored stores a private array's address into `kp.w` (a
# field no other feature reads): that kernel's parameter pointers are unknown again.
PARAMS_HEADER = """struct KP { const int *v; const int *c; int n; const int *t[2]; const int *w; };
"""
PARAMS = ", KP kp"
PARAMS_ARGS = ", KP{vdat, cdat, %d, {cdat, vdat}, nullptr}"


def f_param_load(kg, e, tags):
    """A load through a pointer of the by-value parameter, beside a lane-varying private array."""
    tags.append("param-pointer-load")
    la, v = kg.sym("la"), kg.sym("v")
    src = kg.r.choice(["kp.v", "kp.c", "kp.t[0]", "kp.t[1]"])
    lines = ["  int %s[4] = {lin, lin + 1, (int)threadIdx.x, 3};" % la,
             "  int %s = %s[(%s) %% %d] %% 19 + %s[3];" % (v, src, e, VN, la)]
    return lines, [], v, "int"


def f_param_stored(kg, e, tags):
    """The parameter's own field is pointed at a private array holding the value."""
    tags.append("param-pointer-stored")
    la, v = kg.sym("la"), kg.sym("v")
    lines = ["  int %s[4] = {%s, 1, 2, 3};" % (la, e),
             "  kp.w = %s;" % la,
             "  int %s = kp.w[(%s) & 3] %% 7;" % (v, kg.uniform_expr())]
    return lines, [], v, "int"


PARAM_FEATURES = [f_param_load, f_param_stored]
