"""Deep call chains the way template libraries build them (gen.py, seeds 11 and later).

CuTe and CUB reach a tuple's element through fifteen or more nested calls (a layout's `size`
goes through `product`, `apply`, `get`, `getr`, a constructor of a constructor of a base), deeper
than divlint analyzed calls before session 19. These features push the chunk's value down such
chains for the GPU to referee: a value returned from the bottom of a recursive template, a value
stored through a reference at the bottom, an object built by nested base constructors and read
back field by field, and a generic lambda called at the bottom of a chain that stores into what
it captured by reference. The depth is random (4 to 40 calls), on both sides of the analysis's
bound. Each feature, as gen.py's own, is f(kg, e, tags) -> (lines, helpers, value, "int") with e
the chunk's lane-varying or uniform source expression; seeds 1 to 10 do not use them.
"""


def _depth(kg):
    return kg.r.choice([4, 9, 14, 18, 22, 27, 31, 34, 40])


def f_deep_return(kg, e, tags):
    """`dr<D>(x, u)` recurses D times and returns x mixed with u at the bottom."""
    tags.append("deep-return")
    h, v = kg.hname("dr"), kg.sym("v")
    d = _depth(kg)
    helpers = ["template <int D> __device__ int %s(int x, int u) { return %s<D - 1>(x + (D & 1), u); }"
               % (h, h),
               "template <> __device__ int %s<0>(int x, int u) { return x %% 13 + u; }" % h]
    lines = ["  int %s = %s<%d>(%s, %s);" % (v, h, d, e, kg.uniform_expr())]
    return lines, helpers, v, "int"


def f_deep_store(kg, e, tags):
    """`ds<D>(out, x)` recurses D times and stores x through the reference at the bottom."""
    tags.append("deep-store")
    h, o, v = kg.hname("ds"), kg.sym("o"), kg.sym("v")
    d = _depth(kg)
    helpers = ["template <int D> __device__ void %s(int &out, int x) { %s<D - 1>(out, x + 1); }"
               % (h, h),
               "template <> __device__ void %s<0>(int &out, int x) { out = x %% 11; }" % h]
    lines = ["  int %s = %s;" % (o, kg.uniform_expr()),
             "  %s<%d>(%s, %s);" % (h, d, o, e),
             "  int %s = %s;" % (v, o)]
    return lines, helpers, v, "int"


def f_deep_object(kg, e, tags):
    """An object of D nested bases, each a constructor passing on to the next (CuTe's tuple);
    the value lands in one level's field, uniform values in the others, one field read back
    through a recursive getter."""
    tags.append("deep-object")
    t, g, s, v = kg.hname("Nd"), kg.hname("ng"), kg.sym("no"), kg.sym("v")
    d = _depth(kg)
    at = kg.r.randrange(d + 1)    # the level that holds the value
    read = at if kg.r.random() < 0.5 else kg.r.randrange(d + 1)
    helpers = ["template <int D> struct %s : %s<D - 1> {" % (t, t),
               "  int f;",
               "  __device__ %s(int a, int u) : %s<D - 1>(a, u + 1), f(D == %d ? a : u) {}" % (t, t, at),
               "};",
               "template <> struct %s<0> {" % t,
               "  int f;",
               "  __device__ %s(int a, int u) : f(%d == 0 ? a : u) {}" % (t, at),
               "};",
               "template <int I, int D> __device__ int %s(const %s<D> &o) {" % (g, t),
               "  if constexpr (I == D) return o.f;",
               "  else return %s<I>(static_cast<const %s<D - 1> &>(o));" % (g, t),
               "}"]
    lines = ["  %s<%d> %s(%s, %s);" % (t, d, s, e, kg.uniform_expr()),
             "  int %s = %s<%d>(%s) %% 17;" % (v, g, read, s)]
    return lines, helpers, v, "int"


def f_deep_lambda(kg, e, tags):
    """A generic lambda passed down D calls and called at the bottom: it stores what it is given
    into one of two by-reference captures (the other keeps a uniform value)."""
    tags.append("deep-lambda")
    h, a, b, v = kg.hname("dl"), kg.sym("ca"), kg.sym("cb"), kg.sym("v")
    d = _depth(kg)
    into, read = kg.r.choice([(a, a), (a, b), (b, b), (b, a)])
    helpers = ["template <int D, class F> __device__ void %s(F &&f, int x) {" % h,
               "  if constexpr (D == 0) f(x); else %s<D - 1>(f, x + 1);" % h,
               "}"]
    lines = ["  int %s = %s, %s = %s;" % (a, kg.uniform_expr(), b, kg.uniform_expr()),
             "  %s<%d>([&](auto y) { %s = y %% 9; }, %s);" % (h, d, into, e),
             "  int %s = %s;" % (v, read)]
    return lines, helpers, v, "int"


FEATURES = [f_deep_return, f_deep_store, f_deep_object, f_deep_lambda]
