"""Lambdas whose captures hold different classes (gen.py, seeds 20 and later).

divlint keeps a closure's captures apart, one per field of the closure (ClosureCaptures.cpp): a
lambda that stores the chunk's value into one captured variable leaves the others as they were,
in the lambda and in its caller. These features capture two or three variables, store the value
into one of them in one of the ways real code does (a by-reference capture, a reference variable
captured, an init-capture of a reference, a mutable copy next to a reference, a lambda nested in
another, a closure passed by value, by reference or by pointer to a helper, a member function's
lambda capturing `this`), then read one of them back, in the caller or inside the lambda. The GPU
says whether lanes disagree. Each feature, as gen.py's own, is f(kg, e, tags) -> (lines, helpers,
value, "int"); seeds 1 to 19 do not use them.
"""


def _three(kg):
    return kg.sym("ca"), kg.sym("cb"), kg.sym("cc")


def f_capture_one_of_three(kg, e, tags):
    """A by-reference lambda stores into one of three captures; the caller reads one back."""
    tags.append("capture-one-of-three")
    a, b, c = _three(kg)
    f, v = kg.sym("f"), kg.sym("v")
    into = kg.r.choice([a, b, c])
    read = kg.r.choice([a, b, c])
    call = kg.r.choice(["direct", "by-value", "by-ref", "by-pointer"])
    tags.append("closure-" + call)
    helpers = []
    lines = ["  int %s = %s, %s = %s, %s = %s;" % (a, kg.uniform_expr(), b, kg.uniform_expr(), c,
                                                     kg.uniform_expr()),
             "  auto %s = [&](int x) { %s = x %% 11; %s += 0; };" % (f, into, kg.r.choice([a, b, c]))]
    if call == "direct":
        lines.append("  %s(%s);" % (f, e))
    else:
        h = kg.hname("run")
        param = {"by-value": "F g", "by-ref": "const F &g", "by-pointer": "F *g"}[call]
        body = "(*g)(x)" if call == "by-pointer" else "g(x)"
        helpers.append("template <class F> __device__ void %s(%s, int x) { %s; }" % (h, param, body))
        lines.append("  %s(%s%s, %s);" % (h, "&" if call == "by-pointer" else "", f, e))
    lines.append("  int %s = %s;" % (v, read))
    return lines, helpers, v, "int"


def f_capture_read_inside(kg, e, tags):
    """The lambda stores into one capture and returns another (or the same): the value read
    inside the lambda is the chunk's."""
    tags.append("capture-read-inside")
    a, b, c = _three(kg)
    f, v = kg.sym("f"), kg.sym("v")
    into = kg.r.choice([a, b])
    read = kg.r.choice([a, b, c])
    lines = ["  int %s = %s, %s = %s;" % (a, kg.uniform_expr(), b, kg.uniform_expr()),
             "  const int %s = %s;" % (c, kg.uniform_expr()),
             "  auto %s = [&](int x) { %s = x %% 13; return %s; };" % (f, into, read),
             "  %s(%s);" % (f, e),
             "  int %s = %s(%s);" % (v, f, kg.r.choice([e, "3"]))]
    return lines, [], v, "int"


def f_capture_reference(kg, e, tags):
    """A reference variable captured, or an init-capture of a reference: the store lands in
    the variable it refers to."""
    tags.append("capture-reference")
    a, b, c = _three(kg)
    f, v = kg.sym("f"), kg.sym("v")
    lines = ["  int %s = %s, %s = %s;" % (a, kg.uniform_expr(), b, kg.uniform_expr()),
             "  int &%s = %s;" % (c, kg.r.choice([a, b]))]
    if kg.r.random() < 0.5:
        lines.append("  auto %s = [&](int x) { %s = x %% 7; };" % (f, c))
    else:
        tags.append("init-capture")
        lines.append("  auto %s = [&r = %s](int x) { r = x %% 7; };" % (f, c))
    lines += ["  %s(%s);" % (f, e), "  int %s = %s;" % (v, kg.r.choice([a, b, c]))]
    return lines, [], v, "int"


def f_capture_mutable_copy(kg, e, tags):
    """A mutable lambda: its copy of one variable changes, the variable does not; a
    by-reference capture next to it takes what the copy became."""
    tags.append("capture-mutable-copy")
    a, b, _ = _three(kg)
    f, v = kg.sym("f"), kg.sym("v")
    lines = ["  int %s = %s, %s = %s;" % (a, kg.uniform_expr(), b, kg.uniform_expr()),
             "  auto %s = [%s, &%s](int x) mutable { %s += x %% 5; %s = %s %% 9; return %s; };"
             % (f, a, b, a, b, a, a),
             "  int %s = %s(%s);" % (v, f, e)]
    if kg.r.random() < 0.6:
        lines.append("  %s = %s;" % (v, kg.r.choice([a, b])))
    return lines, [], v, "int"


def f_capture_nested(kg, e, tags):
    """A lambda nested in another: the inner one stores into a variable both capture."""
    tags.append("capture-nested")
    a, b, _ = _three(kg)
    f, g, v = kg.sym("f"), kg.sym("g"), kg.sym("v")
    into = kg.r.choice([a, b])
    lines = ["  int %s = %s, %s = %s;" % (a, kg.uniform_expr(), b, kg.uniform_expr()),
             "  auto %s = [&](int x) {" % f,
             "    auto %s = [&](int y) { %s = y %% 6; };" % (g, into),
             "    %s(x);" % g,
             "    return %s;" % kg.r.choice([a, b]),
             "  };",
             "  int %s = %s(%s);" % (v, f, e)]
    if kg.r.random() < 0.5:
        lines.append("  %s += %s;" % (v, kg.r.choice([a, b])))
    return lines, [], v, "int"


def f_capture_this(kg, e, tags):
    """A member function's lambda captures `this` and a local: it stores into a member or the
    local; the caller reads a member back."""
    tags.append("capture-this")
    t, s, v = kg.hname("Cap"), kg.sym("s"), kg.sym("v")
    into = kg.r.choice(["m", "n", "local"])
    helpers = ["struct %s {" % t,
               "  int m, n;",
               "  __device__ int step(int x) {",
               "    int local = m;",
               "    auto f = [&, this](int y) { %s = y %% 8; };" % into,
               "    f(x);",
               "    return local;",
               "  }",
               "};"]
    lines = ["  %s %s{%s, %s};" % (t, s, kg.uniform_expr(), kg.uniform_expr()),
             "  int %s = %s.step(%s);" % (v, s, e)]
    if kg.r.random() < 0.6:
        lines.append("  %s = %s.%s;" % (v, s, kg.r.choice(["m", "n"])))
    return lines, helpers, v, "int"


FEATURES = [f_capture_one_of_three, f_capture_read_inside, f_capture_reference,
            f_capture_mutable_copy, f_capture_nested, f_capture_this]
