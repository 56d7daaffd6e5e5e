"""Template-heavy, warp-centric code the way CUTLASS, CUB and cooperative groups write it (gen.py,
seeds 12 and later).

The value reaches the tested condition through what such libraries are made of: variadic folds
and compile-time recursion over `std::integral_constant` / `std::integer_sequence`, a CRTP base
calling its derived policy, `if constexpr` / `std::conditional_t` / tag-dispatch on types,
warp specialization (`warp == K` roles from a warp id), functor objects and lambdas held in
structs and given to templated helpers, register fragments (`struct Frag { float x[8]; }` filled
in a `#pragma unroll` loop, read at a constant index), and `cg::coalesced_threads()` in a
branch. Each feature, as gen.py's own, is f(kg, e, tags) -> (lines, helpers, value, "int") with
e the chunk's lane-varying or uniform source expression; the value is lane-varying when e is
(a feature may add a lane-varying part, through `threadIdx` or the lane id, only to a
`src-lane` chunk) and warp- or block-uniform when e is. The exception is tagged: a fragment
read at an element that was filled with uniform values (`uniform-element`) holds a uniform value
whatever e is.

WARP_KINDS are warp chunks (gen.py's chunk_warp: top level, before any early return, blocks of
whole warps): a warp id broadcast with `__shfl_sync` (or a block's `thread_rank() / 32`) picks a
role, and the role runs full-mask collectives inside the warp-uniform branch (`warp-role-shfl`).

Seeds 1 to 11 do not use any of this, so their programs stay byte-identical.
"""

HEADER = """#include <type_traits>
"""


def _lane(tags):
    return "src-lane" in tags


def f_variadic_fold(kg, e, tags):
    """A fold over a pack holding e among uniform values, or compile-time recursion."""
    tags.append("variadic-fold")
    r = kg.r
    h, v = kg.hname("fold"), kg.sym("v")
    form = r.randrange(5)
    if form <= 1:
        args = [r.choice(["%s", "(unsigned)(%s)", "(long long)(%s)"]) % kg.uniform_expr()
                for _ in range(r.randint(1, 3))]
        args.insert(r.randrange(len(args) + 1), e)
        if form == 0:  # binary right fold with an init
            helpers = ["template <class... T> __device__ int %s(T... t) { return (int)((t + ... + 0)); }" % h]
            lines = ["  int %s = %s(%s) %% 29;" % (v, h, ", ".join(args))]
        else:  # binary left fold over a transformed pack, with a base
            helpers = ["template <class... T> __device__ int %s(int base, T... t) {" % h,
                       "  return (base + ... + (int)(t % 7));",
                       "}"]
            lines = ["  int %s = %s(%s, %s) %% 31;" % (v, h, kg.uniform_expr(), ", ".join(args))]
    elif form == 2:  # one term per index of an integer_sequence
        helpers = ["template <int... I> __device__ int %s(int x, std::integer_sequence<int, I...>) {" % h,
                   "  return (((x + I) % 5) + ... + 0);",
                   "}"]
        lines = ["  int %s = %s(%s, std::make_integer_sequence<int, %d>{});" % (v, h, e, r.randint(1, 6))]
    elif form == 3:  # recursion on std::integral_constant
        helpers = ["template <int N> __device__ int %s(int x, int u, std::integral_constant<int, N>) {" % h,
                   "  if constexpr (N == 0) return x % 11 + u % 3;",
                   "  else return %s(x + N %% 3, u, std::integral_constant<int, N - 1>{});" % h,
                   "}"]
        lines = ["  int %s = %s(%s, %s, std::integral_constant<int, %d>{});"
                 % (v, h, e, kg.uniform_expr(), r.randint(0, 9))]
    else:  # sizeof... and a fold of the pack, e in front or in the pack
        helpers = ["template <class... T> __device__ int %s(int x, T... t) {" % h,
                   "  return x % (int)(sizeof...(T) + 2) + (0 + ... + (int)(t & 3));",
                   "}"]
        us = [kg.uniform_expr() for _ in range(r.randint(1, 3))]
        if r.random() < 0.5:
            call = "%s(%s, %s)" % (h, e, ", ".join(us))
        else:
            call = "%s(%s, %s, %s)" % (h, kg.uniform_expr(), ", ".join(us), e)
        lines = ["  int %s = %s;" % (v, call)]
    return lines, helpers, v, "int"


def f_crtp_policy(kg, e, tags):
    """A CRTP base whose run() calls the derived policy's step(); the value is the argument, a
    member stored by the constructor, or (src-lane chunks) mixed with threadIdx in step()."""
    tags.append("crtp-policy")
    r = kg.r
    b, p, o, v = kg.hname("Crtp"), kg.hname("Pol"), kg.sym("pol"), kg.sym("v")
    helpers = ["template <class D> struct %s {" % b,
               "  __device__ int run(int x) { return static_cast<D *>(this)->step(x) + 1; }",
               "  __device__ int twice(int x) { return run(run(x) % 50); }",
               "};"]
    kinds = ["arg", "member", "templated"] + (["threadidx"] if _lane(tags) else [])
    kind = r.choice(kinds)
    u = kg.uniform_expr()
    if kind == "templated":
        k = r.randint(2, 5)
        helpers += ["template <int K> struct %s : %s<%s<K>> {" % (p, b, p),
                    "  int m;",
                    "  __device__ explicit %s(int m_) : m(m_) {}" % p,
                    "  __device__ int step(int x) { if (x % K == 0) return m % 7; return x % 5; }",
                    "};"]
        ty = "%s<%d>" % (p, k)
        ctor, arg = u, e
    else:
        step = {"arg": "(x + m) % 13", "member": "(x ^ m) % 7",
                "threadidx": "(x + m + (int)(threadIdx.x % 4u)) % 9"}[kind]
        helpers += ["struct %s : %s<%s> {" % (p, b, p),
                    "  int m;",
                    "  __device__ explicit %s(int m_) : m(m_) {}" % p,
                    "  __device__ int step(int x) { return %s; }" % step,
                    "};"]
        ty = p
        ctor, arg = (e, u) if kind == "member" else (u, e)
    call = r.choice(["run", "run", "twice"])
    lines = ["  %s %s(%s);" % (ty, o, ctor)]
    if r.random() < 0.4:  # through a reference to the base
        ref = kg.sym("base")
        lines.append("  %s<%s> &%s = %s;" % (b, ty, ref, o))
        lines.append("  int %s = %s.%s(%s);" % (v, ref, call, arg))
    else:
        lines.append("  int %s = %s.%s(%s);" % (v, o, call, arg))
    return lines, helpers, v, "int"


def f_trait_dispatch(kg, e, tags):
    """The value converted to a type, and a branch picked on that type (if constexpr on a trait,
    std::conditional_t, tag dispatch, enable_if overloads); the picked branch uses the value."""
    tags.append("trait-dispatch")
    r = kg.r
    h, v = kg.hname("td"), kg.sym("v")
    form = r.randrange(4)
    ty = r.choice(["float", "unsigned", "int", "long long", "double"])
    if form == 0:
        helpers = ["template <class T> __device__ int %s(T x) {" % h,
                   "  if constexpr (std::is_same_v<T, float>) return (int)(x * 0.5f) % 7;",
                   "  else if constexpr (std::is_unsigned_v<T>) return (int)(x % 11u);",
                   "  else if constexpr (std::is_integral_v<T>) return (int)(x % 5) + 1;",
                   "  else return (int)x % 9;",
                   "}"]
        lines = ["  int %s = %s(static_cast<%s>(%s));" % (v, h, ty, e)]
    elif form == 1:
        n = r.randint(0, 5)
        helpers = ["template <int N> __device__ int %s(int x) {" % h,
                   "  using T = std::conditional_t<(N > 2), float, unsigned>;",
                   "  T y = static_cast<T>(x);",
                   "  if constexpr (std::is_floating_point_v<T>) {",
                   "    if (y > 3.0f) y -= 1.0f;",
                   "    return (int)y % 9;",
                   "  } else {",
                   "    return (int)(y % 7u);",
                   "  }",
                   "}"]
        lines = ["  int %s = %s<%d>(%s);" % (v, h, n, e)]
    elif form == 2:
        ta, tb, tr, im = kg.hname("TagA"), kg.hname("TagB"), kg.hname("Tr"), kg.hname("impl")
        helpers = ["struct %s {};" % ta, "struct %s {};" % tb,
                   "template <class T> struct %s { using tag = std::conditional_t<sizeof(T) == 4, %s, %s>; };"
                   % (tr, ta, tb),
                   "__device__ int %s(int x, %s) { return x %% 7 + 1; }" % (im, ta),
                   "__device__ int %s(int x, %s) { return (x * 3) %% 11; }" % (im, tb),
                   "template <class T> __device__ int %s(T x) { return %s((int)x, typename %s<T>::tag{}); }"
                   % (h, im, tr)]
        lines = ["  int %s = %s(static_cast<%s>(%s));" % (v, h, ty, e)]
    else:
        helpers = ["template <class T, std::enable_if_t<std::is_integral_v<T>, int> = 0>",
                   "__device__ int %s(T x) { return (int)(x %% 6) + 2; }" % h,
                   "template <class T, std::enable_if_t<std::is_floating_point_v<T>, int> = 0>",
                   "__device__ int %s(T x) { return x < (T)4 ? 1 : (int)x %% 8; }" % h]
        lines = ["  int %s = %s(static_cast<%s>(%s));" % (v, h, ty, e)]
    return lines, helpers, v, "int"


def f_warp_role(kg, e, tags):
    """Warp specialization: a warp id (threadIdx.x / 32, lin / 32, the block's thread_rank() / 32)
    picks the role; each role a templated helper given the value. All the block shapes gen.py
    launches have blockDim.x below 32 or a multiple of 32, so threadIdx.x / 32 is warp-uniform."""
    tags.append("warp-role")
    r = kg.r
    h, wr, v = kg.hname("role"), kg.sym("wr"), kg.sym("v")
    form = r.randrange(4)
    wid = ["(int)(threadIdx.x / 32)", "lin / 32", "(int)(cg::this_thread_block().thread_rank() / 32)",
           "(lin >> 5)"][form]
    nw = max(1, (kg.bsz + 31) // 32)
    k = r.randrange(nw)
    helpers = ["template <int R> __device__ int %s(int x, int u) {" % h,
               "  if constexpr (R == 0) return x % 7 + u % 3;",
               "  else if constexpr (R == 1) return (x + R) % 5;",
               "  else return x % 3 + R;",
               "}"]
    u = kg.uniform_expr()
    lines = ["  const int %s = %s;" % (wr, wid),
             "  int %s = 0;" % v,
             "  if (%s == %d) {" % (wr, k),
             "    %s = %s<0>(%s, %s);" % (v, h, e, u),
             "  } else if (%s %% 2 == 1) {" % wr,
             "    %s = %s<1>(%s, %s);" % (v, h, e, u),
             "  } else {",
             "    %s = %s<2>(%s, %s);" % (v, h, e, u),
             "  }"]
    if _lane(tags) and r.random() < 0.4:  # leader-lane work: lane-varying
        ln = kg.sym("ln")
        lines.insert(1, "  const int %s = lin & 31;" % ln)
        lines.append("  if (%s == 0) %s += 1;" % (ln, v))
    return lines, helpers, v, "int"


def f_functor_object(kg, e, tags):
    """A functor (state in members) passed by value to a templated helper, a reduction object
    holding its op, or a lambda stored in a struct member (by-value or by-reference capture)."""
    tags.append("functor-object")
    r = kg.r
    v = kg.sym("v")
    u, u2 = kg.uniform_expr(), kg.uniform_expr()
    form = r.randrange(4)
    if form == 0:
        op, ap = kg.hname("Op"), kg.hname("apply_all")
        helpers = ["struct %s { int s; __device__ int operator()(int x) const { return (x + s) %% 17; } };" % op,
                   "template <class Op> __device__ int %s(Op op, int v) {" % ap,
                   "  int r = 0;",
                   "  for (int j = 0; j < 3; ++j) r += op(v + j);",
                   "  return r % 23;",
                   "}"]
        if r.random() < 0.5:
            lines = ["  int %s = %s(%s{%s}, %s);" % (v, ap, op, u, e)]
        else:  # the value in the functor's state
            lines = ["  int %s = %s(%s{%s}, %s);" % (v, ap, op, e, u)]
    elif form == 1:
        rd, mx, o = kg.hname("Red"), kg.hname("Max"), kg.sym("rd")
        helpers = ["template <class Op> struct %s {" % rd,
                   "  Op op;",
                   "  int init;",
                   "  __device__ int run(int a, int b) const { return op(op(init, a), b); }",
                   "};",
                   "struct %s { __device__ int operator()(int a, int b) const { return a > b ? a : b; } };" % mx]
        lines = ["  %s<%s> %s{%s{}, %s};" % (rd, mx, o, mx, u),
                 "  int %s = %s.run(%s, %s) %% 31;" % (v, o, e, u2)]
    elif form == 2:
        hd, c, l, o = kg.hname("Holder"), kg.sym("cap"), kg.sym("lf"), kg.sym("hd")
        helpers = ["template <class F> struct %s {" % hd,
                   "  F f;",
                   "  int k;",
                   "  __device__ int call(int x) const { return f(x) + k; }",
                   "};"]
        cap, arg = (e, u2) if r.random() < 0.5 else (u2, e)
        lines = ["  const int %s = %s;" % (c, cap),
                 "  auto %s = [=](int x) { return (x + %s) %% 11; };" % (l, c),
                 "  %s<decltype(%s)> %s{%s, %s};" % (hd, l, o, l, u),
                 "  int %s = %s.call(%s);" % (v, o, arg)]
    else:
        hd, a, l, o = kg.hname("Holder"), kg.sym("ca"), kg.sym("lf"), kg.sym("hd")
        helpers = ["template <class F> struct %s { F f; };" % hd]
        lines = ["  int %s = %s;" % (a, u),
                 "  auto %s = [&](int x) { %s = x %% 9; };" % (l, a),
                 "  %s<decltype(%s)> %s{%s};" % (hd, l, o, l),
                 "  %s.f(%s);" % (o, e),
                 "  int %s = %s;" % (v, a)]
    return lines, helpers, v, "int"


def f_fragment_array(kg, e, tags):
    """A register fragment (CUTLASS's Array<T, N>, wmma's fragment): a fixed-size array member
    filled in a #pragma unroll loop, then one element read at a constant index. In src-lane
    chunks some elements may hold uniform values; reading one of those is tagged
    uniform-element (a uniform value whatever e is)."""
    tags.append("fragment-array")
    r = kg.r
    fr, f, v, j = kg.hname("Frag"), kg.sym("fr"), kg.sym("v"), kg.sym("j")
    ty = r.choice(["float", "int"])
    n = r.choice([4, 8, 16])
    helpers = ["template <class T, int N> struct %s {" % fr,
               "  static constexpr int kElements = N;",
               "  T x[N];",
               "  __device__ T &operator[](int i) { return x[i]; }",
               "};"]
    u = kg.uniform_expr()
    idx = r.randrange(n)
    lane_val = "(%s)((%s) %% 9 + %s)" % (ty, e, j)
    uni_val = "(%s)((%s) %% 5 + %s)" % (ty, u, j)
    if _lane(tags) and r.random() < 0.5:  # mixed: elements below the cut hold the value
        cut = r.randint(1, n - 1)
        fill = "%s.x[%s] = %s < %d ? %s : %s;" % (f, j, j, cut, lane_val, uni_val)
        if r.random() < 0.3:
            idx = r.randrange(cut, n)
            tags.append("uniform-element")
        else:
            idx = r.randrange(cut)
    else:
        fill = "%s.x[%s] = %s;" % (f, j, lane_val)
    read = r.choice(["%s.x[%d]" % (f, idx), "%s[%d]" % (f, idx)])
    lines = ["  %s<%s, %d> %s;" % (fr, ty, n, f),
             "#pragma unroll",
             "  for (int %s = 0; %s < %s<%s, %d>::kElements; ++%s) %s" % (j, j, fr, ty, n, j, fill),
             "  int %s = (int)%s %% 13;" % (v, read)]
    return lines, helpers, v, "int"


def f_coalesced_group(kg, e, tags):
    """cg::coalesced_threads() inside a branch: in src-lane chunks a lane-varying branch and the
    group's thread_rank() (the group's size() tested in there too: the same for the lanes that
    took the branch together); in src-uniform chunks a uniform branch and the group's size()
    (the warp's active lanes: warp-uniform)."""
    tags.append("coalesced-group")
    r = kg.r
    g, v = kg.sym("cg"), kg.sym("v")
    u = kg.uniform_expr()
    if _lane(tags):
        lines = ["  int %s = %s;" % (v, u),
                 "  if (%s) {" % kg.int_cond(e),
                 "    auto %s = cg::coalesced_threads();" % g,
                 "    %s = (int)%s.thread_rank() %% 5 + (%s) %% 3;" % (v, g, e),
                 "    if (%s.size() > %du) %s += 1;" % (g, r.randint(1, 31), v),
                 "  }"]
    else:
        lines = ["  int %s = %s;" % (v, u),
                 "  if (%s) {" % kg.int_cond(kg.uniform_expr()),
                 "    auto %s = cg::coalesced_threads();" % g,
                 "    %s = (int)%s.size() %% 7 + (%s) %% 5;" % (v, g, e),
                 "  }"]
    return lines, [], v, "int"


# Twice each: seed 12's programs are mostly about these.
def f_temporary_object(kg, e, tags):
    """A member function called on a prvalue object, as iterators and references do
    (`mk(p, i).get()`, Thrust's `device_reference` converted to its value): a cursor returned by
    value from a helper (or built in place) whose pointer field points into the varying input
    at e, dereferenced by a const method or a conversion operator; or a field holding e read
    back by a method of the temporary."""
    tags.append("temporary-object")
    r = kg.r
    v, cur, mk = kg.sym("v"), kg.hname("Cur"), kg.hname("mk")
    helpers = ["struct %s {" % cur,
               "  const int *m;",
               "  int n;",
               "  __device__ int get() const { return *m; }",
               "  __device__ int count() const { return n; }",
               "  __device__ %s self() const { return *this; }" % cur,
               "  __device__ operator int() const { return *m + n; }",
               "};",
               "__device__ %s %s(const int *b, unsigned i, int n) { return %s{b + i %% 2048u, n}; }"
               % (cur, mk, cur)]
    u = kg.uniform_expr()
    form = r.randrange(5)
    if form == 0:
        lines = ["  int %s = %s(vdat, (unsigned)(%s), %s).get() %% 17;" % (v, mk, e, u)]
    elif form == 1:
        lines = ["  int %s = (int)%s(vdat, (unsigned)(%s), %s) %% 19;" % (v, mk, e, u)]
    elif form == 2:
        lines = ["  int %s = %s{vdat + (unsigned)(%s) %% 2048u, %s}.self().get() %% 13;" % (v, cur, e, u)]
    elif form == 3:
        lines = ["  int %s = %s(cdat, (unsigned)(%s), %s).count() %% 23;" % (v, mk, u, e)]
    else:
        lines = ["  int %s = %s{cdat, %s}.self().count() %% 11;" % (v, cur, e)]
    return lines, helpers, v, "int"


FEATURES = [f_variadic_fold, f_crtp_policy, f_trait_dispatch, f_warp_role, f_functor_object,
            f_fragment_array, f_coalesced_group, f_temporary_object] * 2


def _warp_role_shfl(kg, v, e, tags):
    """A warp id broadcast from lane 0 (or the block's thread_rank() / 32) picks the role; the
    role runs full-mask collectives inside the warp-uniform branch: the value is warp-uniform."""
    tags.append("warp-role-shfl")
    r = kg.r
    wr = kg.sym("wr")
    nw = max(1, kg.bsz // 32)
    k = r.randrange(nw)
    if r.random() < 0.5:
        return ["  const int %s = __shfl_sync(0xffffffffu, lin / 32, 0);" % wr,
                "  int %s = 0;" % v,
                "  if (%s == %d) {" % (wr, k),
                "    %s = (int)(__reduce_add_sync(0xffffffffu, (unsigned)(%s)) %% 29u);" % (v, e),
                "  } else {",
                "    %s = __shfl_sync(0xffffffffu, %s, %d) %% 13;" % (v, e, r.randrange(32)),
                "  }"]
    blk, t = kg.sym("blk"), kg.sym("t32")
    return ["  auto %s = cg::this_thread_block();" % blk,
            "  auto %s = cg::tiled_partition<32>(%s);" % (t, blk),
            "  const int %s = (int)(%s.thread_rank() / 32);" % (wr, blk),
            "  int %s = 0;" % v,
            "  if (%s %% 2 == %d) {" % (wr, k % 2),
            "    %s = %s.shfl(%s, %d) %% 13;" % (v, t, e, r.randrange(32)),
            "  } else {",
            "    %s = cg::reduce(%s, %s, cg::plus<int>()) %% 31;" % (v, t, e),
            "  }"]


WARP_KINDS = [_warp_role_shfl, _warp_role_shfl]
