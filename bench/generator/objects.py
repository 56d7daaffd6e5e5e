"""Chunks that push a value through objects field by field (gen.py, seeds 3 and later).

divlint keeps a thread's private memory field by field (docs/design/private-memory.md): a
store into `t.w` reaches that field only, a struct value is a record, calls carry fields both
ways and say where a returned reference points. Each feature here stores a value (lane-varying
or uniform: the chunk's `e`) into one field of an object next to fields that hold uniform
values, in one of the ways real code does (nested structs, setters, getters returning
references, `get<I>`, structured bindings, a class's `operator[]`, a pointer kept in a struct, a
lambda capturing the object), then reads one field back. The GPU says whether lanes disagree.

A feature is f(kg, e, tags) -> (lines, helpers, value, "int"), as KernelGen's own; kg is the
KernelGen (names, expressions, its random generator). Seeds 1 and 2 do not use them, so their
programs, and the measurements kept of them, stay as they were.
"""


def _pick(kg, *names):
    return kg.r.choice(names)


def f_nested_fields(kg, e, tags):
    tags.append("nested-struct-fields")
    i, o, s, v = kg.hname("In"), kg.hname("Out"), kg.sym("o"), kg.sym("v")
    helpers = ["struct %s { int u; int w; };" % i, "struct %s { %s in; int k; };" % (o, i)]
    lines = ["  %s %s;" % (o, s), "  %s.in.u = %s;" % (s, kg.uniform_expr()),
             "  %s.in.w = %s;" % (s, e), "  %s.k = %s;" % (s, kg.uniform_expr()),
             "  int %s = %s.%s;" % (v, s, _pick(kg, "in.u", "in.w", "k"))]
    return lines, helpers, v, "int"


def f_setter_reference(kg, e, tags):
    tags.append("setter-by-reference")
    t, h, s, v = kg.hname("T"), kg.hname("setw"), kg.sym("t"), kg.sym("v")
    helpers = ["struct %s { int u; int w; };" % t,
               "__device__ void %s(%s &t, int x) { t.w = x + 1; }" % (h, t)]
    lines = ["  %s %s{%s, %s};" % (t, s, kg.uniform_expr(), kg.uniform_expr()),
             "  %s(%s, %s);" % (h, s, e), "  int %s = %s.%s;" % (v, s, _pick(kg, "u", "w"))]
    return lines, helpers, v, "int"


def f_reference_getter(kg, e, tags):
    tags.append("reference-getter")
    t, s, v = kg.hname("G"), kg.sym("g"), kg.sym("v")
    helpers = ["struct %s {" % t, "  int a; int b;",
               "  __device__ int &second() { return b; }",
               "  __device__ int first() const { return a; }", "};"]
    read = _pick(kg, "%s.first()" % s, "%s.second()" % s, "%s.a" % s, "%s.b" % s)
    lines = ["  %s %s{%s, %s};" % (t, s, kg.uniform_expr(), kg.uniform_expr()),
             "  %s.second() = %s;" % (s, e), "  int %s = %s;" % (v, read)]
    return lines, helpers, v, "int"


def f_returned_struct(kg, e, tags):
    tags.append("struct-returned")
    t, h, v = kg.hname("P"), kg.hname("mk"), kg.sym("v")
    helpers = ["struct %s { int a; int b; };" % t,
               "__device__ %s %s(int a, int b) { %s r; r.a = a * 2; r.b = b; return r; }"
               % (t, h, t)]
    args = [e, kg.uniform_expr()]
    kg.r.shuffle(args)
    if kg.r.random() < 0.5:
        tags.append("structured-binding")
        x, y = kg.sym("x"), kg.sym("y")
        lines = ["  auto [%s, %s] = %s(%s, %s);" % (x, y, h, args[0], args[1]),
                 "  int %s = %s;" % (v, _pick(kg, x, y))]
    else:
        lines = ["  int %s = %s(%s, %s).%s;" % (v, h, args[0], args[1], _pick(kg, "a", "b"))]
    return lines, helpers, v, "int"


def f_tuple_get(kg, e, tags):
    tags.append("tuple-get")
    t, g, s, v = kg.hname("Two"), kg.hname("get"), kg.sym("t"), kg.sym("v")
    helpers = ["struct %s { int a; int b; };" % t,
               "template <int I> __device__ int &%s(%s &t) {" % (g, t),
               "  if constexpr (I == 0) return t.a; else return t.b;", "}"]
    which = kg.r.randrange(2)
    lines = ["  %s %s{%s, %s};" % (t, s, kg.uniform_expr(), kg.uniform_expr()),
             "  %s<%d>(%s) = %s;" % (g, which, s, e),
             "  int %s = %s<%d>(%s);" % (v, g, kg.r.randrange(2), s)]
    return lines, helpers, v, "int"


def f_subscript_class(kg, e, tags):
    tags.append("subscript-operator")
    t, s, v = kg.hname("A4"), kg.sym("a"), kg.sym("v")
    helpers = ["struct %s {" % t, "  int d[4]; int n;",
               "  __device__ int &operator[](unsigned i) { return d[i % 4u]; }", "};"]
    lines = ["  %s %s;" % (t, s), "  %s.n = %s;" % (s, kg.uniform_expr()),
             "  for (unsigned j = 0; j < 4u; ++j) %s[j] = %s;" % (s, kg.uniform_expr())]
    if kg.r.random() < 0.5:
        lines.append("  %s[(unsigned)(%s)] = %s;" % (s, kg.lane_expr(), e))
    else:
        lines.append("  %s[%du] = %s;" % (s, kg.r.randrange(4), e))
    lines.append("  int %s = %s;" % (v, _pick(kg, "%s[1u]" % s, "%s.n" % s)))
    return lines, helpers, v, "int"


def f_pointer_in_struct(kg, e, tags):
    tags.append("pointer-in-struct")
    t, s, x, v = kg.hname("H"), kg.sym("h"), kg.sym("x"), kg.sym("v")
    helpers = ["struct %s { int *p; int k; };" % t]
    lines = ["  int %s = %s;" % (x, kg.uniform_expr()),
             "  %s %s{&%s, %s};" % (t, s, x, kg.uniform_expr())]
    if kg.r.random() < 0.5:
        h = kg.hname("put")
        helpers.append("__device__ void %s(%s h, int a) { *h.p = a; }" % (h, t))
        lines.append("  %s(%s, %s);" % (h, s, e))
    else:
        lines.append("  *%s.p = %s;" % (s, e))
    lines.append("  int %s = %s;" % (v, _pick(kg, x, "%s.k" % s)))
    return lines, helpers, v, "int"


def f_lambda_captures_object(kg, e, tags):
    tags.append("lambda-captures-object")
    t, s, f, v = kg.hname("C"), kg.sym("c"), kg.sym("f"), kg.sym("v")
    helpers = ["struct %s { int a; int b; };" % t]
    lines = ["  %s %s{%s, %s};" % (t, s, kg.uniform_expr(), kg.uniform_expr()),
             "  auto %s = [&](int x) { %s.b = x; };" % (f, s), "  %s(%s);" % (f, e),
             "  int %s = %s.%s;" % (v, s, _pick(kg, "a", "b"))]
    return lines, helpers, v, "int"


def f_const_reference_read(kg, e, tags):
    tags.append("const-reference-read")
    t, h, s, v = kg.hname("K"), kg.hname("peek"), kg.sym("k"), kg.sym("v")
    helpers = ["struct %s { int a; int b; mutable int hits; };" % t,
               "__device__ int %s(const %s &k, int x) { k.hits += x; return k.a; }" % (h, t)]
    lines = ["  %s %s{%s, %s, 0};" % (t, s, kg.uniform_expr(), kg.uniform_expr()),
             "  int %s = %s(%s, %s);" % (v, h, s, e)]
    if kg.r.random() < 0.5:
        lines.append("  %s += %s.%s;" % (v, s, _pick(kg, "b", "hits")))
    return lines, helpers, v, "int"


FEATURES = [f_nested_fields, f_setter_reference, f_reference_getter, f_returned_struct,
            f_tuple_get, f_subscript_class, f_pointer_in_struct, f_lambda_captures_object,
            f_const_reference_read]
