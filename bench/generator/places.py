"""Chunks that read an object through a method, a reference or a member object (gen.py, seeds
25 and later).

A method reads its object's fields through `this`, a function an object's through a reference
parameter; what a lane reads there is what the field holds *and which object* the lane was
given (docs/design/private-memory.md, "Where the object lies"). Each feature fills an array of
four objects with uniform values that differ from element to element, or stores the chunk's
value into one member of an object, and reads back through an element picked by the value
(`arr[e % 4].get()`, `rd(arr[e % 4])`, `S &r = arr[e % 4]`) or through a method of a member
object (`it.inner.set(e)` next to a field that stays uniform: CUTLASS's predicated tile
iterators). With a lane-varying value the element differs between lanes and so does what is
read; with a uniform one every lane reads the same element.

A feature is f(kg, e, tags) -> (lines, helpers, value, "int"), as in objects.py. Seeds before
25 do not use them, so their programs stay as they were.
"""


def _index(e):
    return "(((%s) %% 4 + 4) %% 4)" % e


def _holder(kg):
    """A struct with a setter and a getter, and lines filling four of them with distinct
    uniform values; returns (type, array, helpers, lines)."""
    t, a = kg.hname("Cell"), kg.sym("cells")
    helpers = ["struct %s {" % t, "  int v; int w;",
               "  __device__ void set(int x) { v = x; w = 7; }",
               "  __device__ int get() const { return v; }", "};"]
    base, step = kg.uniform_expr(), kg.r.randrange(3, 12)
    lines = ["  %s %s[4];" % (t, a),
             "  for (int i = 0; i < 4; ++i) %s[i].set((%s) + i * %d);" % (a, base, step)]
    return t, a, helpers, lines


def f_place_method_element(kg, e, tags):
    """`arr[e % 4].get()` (or `.v`): the element picked by the value."""
    tags.append("place-method-element")
    t, a, helpers, lines = _holder(kg)
    v = kg.sym("v")
    read = kg.r.choice(["%s[%s].get()", "%s[%s].v"]) % (a, _index(e))
    lines += ["  int %s = %s;" % (v, read)]
    return lines, helpers, v, "int"


def f_place_reference_param(kg, e, tags):
    """A helper given `arr[e % 4]` by reference reads a field, directly or through a method."""
    tags.append("place-reference-param")
    t, a, helpers, lines = _holder(kg)
    rd, v = kg.hname("rd"), kg.sym("v")
    body = kg.r.choice(["return c.get();", "return c.v;", "return c.w + c.get();"])
    helpers += ["__device__ int %s(%s &c) { %s }" % (rd, t, body)]
    lines += ["  int %s = %s(%s[%s]);" % (v, rd, a, _index(e))]
    return lines, helpers, v, "int"


def f_place_local_reference(kg, e, tags):
    """`Cell &r = arr[e % 4];` then `r.get()` or `r.v`."""
    tags.append("place-local-reference")
    t, a, helpers, lines = _holder(kg)
    r, v = kg.sym("r"), kg.sym("v")
    lines += ["  %s &%s = %s[%s];" % (t, r, a, _index(e)),
              "  int %s = %s;" % (v, kg.r.choice(["%s.get()", "%s.v"]) % r)]
    return lines, helpers, v, "int"


def f_place_member_object(kg, e, tags):
    """An object whose method calls a method of its member object, which stores the value
    into one field next to one that stays as the constructor made it; one field read back."""
    tags.append("place-member-object")
    inner, outer, o, v = kg.hname("Inner"), kg.hname("Outer"), kg.sym("it"), kg.sym("v")
    helpers = ["struct %s {" % inner, "  int extent; int offset;",
               "  __device__ %s(int e) : extent(e), offset(0) {}" % inner,
               "  __device__ void place(int x) { offset = x; if (extent > 100000) offset = 0; }",
               "  __device__ int size() const { return extent; }", "};",
               "struct %s {" % outer, "  %s in; bool first;" % inner,
               "  __device__ %s(int e, int x) : in(e), first(true) { in.place(x); }" % outer,
               "  __device__ int step() { int s = first ? in.size() : in.offset; first = false;"
               " return s; }", "};"]
    read = kg.r.choice([("%s.step()" % o, "read-extent-first"),
                        ("(%s.step(), %s.step())" % (o, o), "read-offset-second"),
                        ("%s.in.size()" % o, "read-extent"), ("%s.in.offset" % o, "read-offset")])
    tags.append(read[1])
    lines = ["  %s %s(%s, %s);" % (outer, o, kg.uniform_expr(), e),
             "  int %s = %s;" % (v, read[0])]
    return lines, helpers, v, "int"


def f_place_outer_element(kg, e, tags):
    """A method of one of two objects, picked by the value, reads its member object."""
    tags.append("place-outer-element")
    inner, outer, a, v = kg.hname("In"), kg.hname("Out"), kg.sym("outs"), kg.sym("v")
    helpers = ["struct %s { int v; __device__ int get() const { return v; } };" % inner,
               "struct %s { %s one; __device__ int via() { return one.get(); } };" % (outer, inner)]
    lines = ["  %s %s[2];" % (outer, a), "  %s[0].one.v = %s;" % (a, kg.uniform_expr()),
             "  %s[1].one.v = (%s) + %d;" % (a, kg.uniform_expr(), kg.r.randrange(1, 9)),
             "  int %s = %s[(((%s) %% 2) + 2) %% 2].via();" % (v, a, e)]
    return lines, helpers, v, "int"


FEATURES = [f_place_method_element, f_place_reference_param, f_place_local_reference,
            f_place_member_object, f_place_outer_element]
