"""The value features of gen.py's chunks (every seed): a value pushed through one feature of the
language (a struct by pointer or by value, a helper's out-parameter, a lambda, a loop, a
template, a math call, an atomic...) before a condition tests it.

A feature is f(kg, e, tags) -> (lines, helpers, value, kind), as objects.py's and modern.py's;
kg is the KernelGen (names, expressions, its random generator), e the expression the value
starts from. FEATURES keeps the order KernelGen has always picked from, so that each seed's
programs, and the measurements kept of them, stay as they were.
"""


def f_plain(kg, e, tags):
    tags.append("plain")
    v = kg.sym("v")
    return ["  int %s = %s;" % (v, e)], [], v, "int"

def f_struct_ptr(kg, e, tags):
    tags.append("struct-by-pointer")
    h, s, v = kg.hname("init"), kg.sym("s"), kg.sym("v")
    u = kg.uniform_expr()
    helper = ["__device__ void %s(S2 *s, int a, int b) { s->a = a; s->b = b * 2; }" % h]
    f = kg.r.choice(["a", "b"])
    if kg.r.random() < 0.5:
        lines = ["  S2 %s;" % s, "  %s(&%s, %s, %s);" % (h, s, e, u)]
    else:
        lines = ["  S2 %s;" % s, "  %s(&%s, %s, %s);" % (h, s, u, e)]
    lines.append("  int %s = %s.%s;" % (v, s, f))
    return lines, helper, v, "int"

def f_struct_byval(kg, e, tags):
    tags.append("struct-by-value")
    h, s, v = kg.hname("sum"), kg.sym("s"), kg.sym("v")
    helper = ["__device__ int %s(S2 s) { return s.a * 2 + s.b; }" % h]
    lines = ["  S2 %s;" % s, "  %s.a = %s;" % (s, e), "  %s.b = %s;" % (s, kg.uniform_expr()),
             "  int %s = %s(%s);" % (v, h, s)]
    return lines, helper, v, "int"

def f_struct_copy(kg, e, tags):
    tags.append("struct-copy")
    s, t, v = kg.sym("pt"), kg.sym("qt"), kg.sym("v")
    lines = ["  Pt %s;" % s, "  %s.x = %s;" % (s, e), "  %s.y = %d;" % (s, kg.r.randint(0, 3))]
    if kg.r.random() < 0.5:
        lines.append("  Pt %s = %s;" % (t, s))
    else:
        lines += ["  Pt %s{0, 0};" % t, "  %s = %s;" % (t, s)]
    lines.append("  int %s = %s.x;" % (v, t))
    return lines, [], v, "int"

def f_vector_copy(kg, e, tags):
    tags.append("int4-copy")
    g, v = kg.sym("g"), kg.sym("v")
    lines = ["  int4 %s = make_int4(%s, %s, 0, 1);" % (g, e, kg.uniform_expr()),
             "  int %s = %s.x;" % (v, g)]
    return lines, [], v, "int"

def f_array_of_structs(kg, e, tags):
    tags.append("array-of-structs")
    a, v = kg.sym("arr"), kg.sym("v")
    idx = kg.r.randrange(4)
    lines = ["  S2 %s[4];" % a,
             "  for (int j = 0; j < 4; ++j) { %s[j].a = %s; %s[j].b = 0; }" % (a, kg.uniform_expr(), a),
             "  %s[(unsigned)(%s) %% 4u].a = %s;" % (a, kg.lane_expr(), e),
             "  int %s = %s[%d].a;" % (v, a, idx)]
    return lines, [], v, "int"

def f_local_array(kg, e, tags):
    tags.append("local-array")
    a, v = kg.sym("la"), kg.sym("v")
    lines = ["  int %s[8] = {};" % a,
             "  %s[(unsigned)(%s) %% 8u] = 1;" % (a, e),
             "  int %s = %s[%d];" % (v, a, kg.r.randrange(8))]
    return lines, [], v, "int"

def f_out_ptr(kg, e, tags):
    tags.append("out-param-pointer")
    h, v = kg.hname("outp"), kg.sym("v")
    if kg.r.random() < 0.3:
        tags.append("helper-reads-threadIdx")
        helper = ["__device__ void %s(int a, int *o) { *o = a + (int)(threadIdx.x %% 4u); }" % h]
    else:
        helper = ["__device__ void %s(int a, int *o) { *o = a * 3 + 1; }" % h]
    if kg.r.random() < 0.4:
        tags.append("member-address")
        s = kg.sym("s")
        lines = ["  S2 %s{0, 0};" % s, "  %s(%s, &%s.b);" % (h, e, s), "  int %s = %s.b;" % (v, s)]
    else:
        lines = ["  int %s = 0;" % v, "  %s(%s, &%s);" % (h, e, v)]
    return lines, helper, v, "int"

def f_out_ref(kg, e, tags):
    tags.append("out-param-reference")
    h, v = kg.hname("outr"), kg.sym("v")
    helper = ["__device__ void %s(int a, int &o) { o = a ^ 5; }" % h]
    return ["  int %s = 0;" % v, "  %s(%s, %s);" % (h, e, v)], helper, v, "int"

def f_member(kg, e, tags):
    tags.append("member-function")
    t, a, v = kg.hname("Acc"), kg.sym("a"), kg.sym("v")
    helper = ["struct %s {" % t, "  int v;", "  __device__ void add(int x) { v += x; }",
              "  __device__ int get() const { return v; }", "};"]
    lines = ["  %s %s{%s};" % (t, a, kg.uniform_expr()), "  %s.add(%s);" % (a, e),
             "  int %s = %s.get();" % (v, a)]
    return lines, helper, v, "int"

def f_lambda_val(kg, e, tags):
    tags.append("lambda-by-value")
    c, f, v = kg.sym("c"), kg.sym("f"), kg.sym("v")
    lines = ["  int %s = %s;" % (c, e),
             "  auto %s = [=](int a) { return a + %s * 2; };" % (f, c),
             "  int %s = %s(%s);" % (v, f, kg.uniform_expr())]
    return lines, [], v, "int"

def f_lambda_ref(kg, e, tags):
    tags.append("lambda-by-reference")
    w, f = kg.sym("w"), kg.sym("f")
    lines = ["  int %s = 0;" % w, "  auto %s = [&](int a) { %s += a; };" % (f, w),
             "  %s(%s);" % (f, e), "  %s(%s);" % (f, kg.uniform_expr())]
    return lines, [], w, "int"

def f_lambda_template(kg, e, tags):
    tags.append("lambda-to-template")
    h, w, v = kg.hname("apply"), kg.sym("w"), kg.sym("v")
    helper = ["template <class F> __device__ int %s(F f, int a) { return f(a); }" % h]
    if kg.r.random() < 0.5:
        lines = ["  int %s = 0;" % w,
                 "  int %s = %s([&](int a) { %s = a %% 5; return 1; }, %s);" % (v, h, w, e),
                 "  %s += %s;" % (v, w)]
    else:
        lines = ["  int %s = 0;" % w,
                 "  int %s = %s([=](int a) { return a * 2 + 1; }, %s);" % (v, h, e)]
    return lines, helper, v, "int"

def f_loop_lane(kg, e, tags):
    tags.append("loop-lane-trips")
    v = kg.sym("sum")
    lines = ["  int %s = 0;" % v,
             "  for (int j = 0; j < (int)((unsigned)(%s) %% 5u); ++j) %s += j + 1;" % (e, v)]
    return lines, [], v, "int"

def f_loop_uniform(kg, e, tags):
    tags.append("loop-uniform-trips")
    v = kg.sym("sum")
    lines = ["  int %s = 0;" % v,
             "  for (int j = 0; j < p; ++j) %s += (%s) + j;" % (v, e)]
    return lines, [], v, "int"

def f_loop_break(kg, e, tags):
    tags.append("loop-break")
    v = kg.sym("cnt")
    lines = ["  int %s = 0;" % v,
             "  for (int j = 0; j < 6; ++j) {",
             "    if (((%s) + j) %% 4 == 3) break;" % e,
             "    %s += 2;" % v, "  }"]
    return lines, [], v, "int"

def f_while_member(kg, e, tags):
    tags.append("loop-member-by-reference")
    h, s = kg.hname("step"), kg.sym("st")
    helper = ["__device__ void %s(S2 &s) { s.a -= 1; s.b += 2; }" % h]
    lines = ["  S2 %s;" % s, "  %s.a = (int)((unsigned)(%s) %% 6u);" % (s, e), "  %s.b = 0;" % s,
             "  while (%s.a > 0) %s(%s);" % (s, h, s)]
    v = kg.sym("v")
    lines.append("  int %s = %s.b;" % (v, s))
    return lines, helper, v, "int"

def f_template(kg, e, tags):
    tags.append("template-int")
    h, v = kg.hname("tm"), kg.sym("v")
    m = kg.r.choice([2, 4, 8, 32, 3])
    helper = ["template <int M> __device__ int %s(int x) { return x / M + (x %% M == M - 1); }" % h]
    return ["  int %s = %s<%d>(%s);" % (v, h, m, e)], helper, v, "int"

def f_helper_branch(kg, e, tags):
    tags.append("helper-with-branch")
    h, v = kg.hname("pick"), kg.sym("v")
    m = kg.r.randint(2, 6)
    helper = ["template <int M> __device__ int %s(int x, int y) {" % h,
              "  if (x % M == 0) return y;", "  return x / M;", "}"]
    return ["  int %s = %s<%d>(%s, %s);" % (v, h, m, e, kg.uniform_expr())], helper, v, "int"

def f_math_float(kg, e, tags):
    tags.append("math-float")
    v = kg.sym("f")
    op = kg.r.choice(["sinf((float)(%s) * 0.37f) * 2.0f", "sqrtf((float)(%s)) / 3.0f",
                        "(float)(%s) / 7.0f - 1.0f", "expf(-(float)(%s) * 0.1f)"])
    return ["  float %s = %s;" % (v, op % e)], [], v, "float"

def f_math_double(kg, e, tags):
    tags.append("math-double")
    v = kg.sym("d")
    op = kg.r.choice(["sqrt((double)(%s) + 1.0) / 3.0", "(double)(%s) / 9.0",
                        "log((double)(%s) + 2.0)", "exp((double)(%s) * -0.05) * 2.0"])
    return ["  double %s = %s;" % (v, op % e)], [], v, "double"

def f_division(kg, e, tags):
    tags.append("division")
    v = kg.sym("v")
    return ["  int %s = (%s) * 7 / (p + 1);" % (v, e)], [], v, "int"

def f_atomic(kg, e, tags):
    tags.append("atomic-return")
    v = kg.sym("old")
    c = kg.counter()
    op = kg.r.choice(["atomicAdd(&cnt[%d], 1)" % c, "atomicAdd(&cnt[%d], %s)" % (c, e),
                        "atomicMax(&cnt[%d], %s)" % (c, e), "atomicOr(&cnt[%d], 1 << ((unsigned)(%s) %% 8u))" % (c, e)])
    return ["  int %s = %s;" % (v, op)], [], v, "int"

def f_flag(kg, e, tags):
    tags.append("control-dependence")
    f = kg.sym("flag")
    cond = kg.int_cond(e)
    return ["  int %s = 0;" % f, "  if (%s) %s = 1;" % (cond, f)], [], f, "int"

def f_hit(kg, e, tags):
    tags.append("struct-by-pointer")
    tags.append("out-param-pointer")
    h, r_, t = kg.hname("hit"), kg.sym("ray"), kg.sym("t")
    helper = ["__device__ void %s(float *t, const R2 *r) { if (r->d > 3.f) *t = r->d; }" % h]
    lines = ["  R2 %s;" % r_, "  %s.o = 0.f;" % r_, "  %s.d = (float)(%s);" % (r_, e),
             "  float %s = 0.f;" % t, "  %s(&%s, &%s);" % (h, t, r_)]
    return lines, helper, t, "float"

def f_rng(kg, e, tags):
    tags.append("rng-state-pointer")
    h, s, v = kg.hname("rnd"), kg.sym("seed"), kg.sym("u")
    helper = ["__device__ double %s(unsigned long long *s) {" % h,
              "  *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;",
              "  return (double)(*s >> 11) * 0x1p-53;", "}"]
    lines = ["  unsigned long long %s = (unsigned long long)(%s);" % (s, e),
             "  double %s = %s(&%s);" % (v, h, s)]
    return lines, helper, v, "double"


FEATURES = [f_struct_ptr, f_struct_byval, f_struct_copy, f_vector_copy, f_array_of_structs, f_out_ptr, f_out_ref, f_member, f_lambda_val, f_lambda_ref, f_lambda_template, f_loop_lane, f_loop_uniform, f_loop_break, f_while_member, f_template, f_helper_branch, f_math_float, f_math_double, f_division, f_atomic, f_flag, f_hit, f_rng, f_local_array, f_plain]
