"""Memory seen through another type (gen.py, seeds 22 and later).

Real kernels store and load through types other than the object's own: vectorized stores into a
register array (`reinterpret_cast<int2 *>(a)[k] = ...`, `*reinterpret_cast<int4 *>(a)`), unions
that pack halves, `memcpy` into a struct or an array slot, bytes written through an `unsigned
char *`, a helper given an interior pointer (`put(a + k, v)`), and device function pointers
picked from a table. divlint's memory model must send each such store to the object it lands in
(or give up to lane-varying); a store it drops makes a lane-varying value look uniform. These
features store the chunk's value one such way next to uniform values, then read one place back.
The GPU says whether lanes disagree. Each feature, as gen.py's own, is f(kg, e, tags) -> (lines,
helpers, value, "int"); seeds 1 to 21 do not use them.
"""

HEADER = r"""#include <cstring>
union PunIF { int i; float f; unsigned u; };
struct PunP2 { int a, b; };
"""


def _u(kg):
    return kg.uniform_expr()


def f_pun_union(kg, e, tags):
    """A union member stored with the value, another (or the same) stored after, one read."""
    tags.append("pun-union")
    u, v = kg.sym("pu"), kg.sym("v")
    order = kg.r.choice(["value-last", "uniform-last", "value-only"])
    tags.append(order)
    value_store = kg.r.choice(["%s.i = (%s) %% 9;" % (u, e), "%s.f = (float)((%s) %% 9);" % (u, e),
                               "%s.u = (unsigned)((%s) %% 9);" % (u, e)])
    uniform_store = kg.r.choice(["%s.i = %s;" % (u, _u(kg)), "%s.u = (unsigned)(%s);" % (u, _u(kg))])
    lines = ["  PunIF %s;" % u, "  %s.i = %s;" % (u, _u(kg))]
    if order == "value-last":
        lines += ["  " + uniform_store, "  " + value_store]
    elif order == "uniform-last":
        lines += ["  " + value_store, "  " + uniform_store]
    else:
        lines += ["  " + value_store]
    read = kg.r.choice(["(int)(%s.u %% 1000u)" % u, "(int)(%s.i & 1023)" % u,
                        "(int)(%s.f > 4.0f)" % u])
    lines.append("  int %s = %s;" % (v, read))
    return lines, [], v, "int"


def f_pun_vector_store(kg, e, tags):
    """A register array written by a vector store (`int2` at slot k) or read by a vector load."""
    tags.append("pun-vector")
    a, v = kg.sym("pa"), kg.sym("v")
    lines = ["  alignas(16) int %s[4] = {%s, %s, %s, %s};" % (a, _u(kg), _u(kg), _u(kg), _u(kg))]
    k = kg.r.randrange(2)
    how = kg.r.choice(["int2-store", "int4-store", "pair-struct"])
    tags.append(how)
    if how == "int2-store":
        first, second = kg.r.choice([(e, _u(kg)), (_u(kg), e)])
        lines.append("  reinterpret_cast<int2 *>(%s)[%d] = make_int2((%s) %% 11, (%s) %% 11);"
                     % (a, k, first, second))
    elif how == "int4-store":
        lines.append("  *reinterpret_cast<int4 *>(%s) = make_int4(%s[0], (%s) %% 11, %s[2], %s[3]);"
                     % (a, a, e, a, a))
    else:
        lines.append("  reinterpret_cast<PunP2 *>(%s + %d)->b = (%s) %% 11;" % (a, 2 * k, e))
    if kg.r.random() < 0.5:
        lines.append("  int %s = %s[%d];" % (v, a, kg.r.randrange(4)))
    else:
        tags.append("vector-load")
        q = kg.sym("pq")
        lines += ["  int4 %s = *reinterpret_cast<const int4 *>(%s);" % (q, a),
                  "  int %s = %s.%s;" % (v, q, kg.r.choice("xyzw"))]
    return lines, [], v, "int"


def f_pun_memcpy(kg, e, tags):
    """`memcpy` of the value into an array slot or of a struct holding it over another."""
    tags.append("pun-memcpy")
    v = kg.sym("v")
    if kg.r.random() < 0.5:
        tags.append("memcpy-slot")
        a, x = kg.sym("ma"), kg.sym("mx")
        k = kg.r.randrange(3)
        lines = ["  int %s[3] = {%s, %s, %s};" % (a, _u(kg), _u(kg), _u(kg)),
                 "  int %s = (%s) %% 13;" % (x, e),
                 "  memcpy(&%s[%d], &%s, sizeof(int));" % (a, k, x),
                 "  int %s = %s[%d];" % (v, a, kg.r.randrange(3))]
    elif not kg.no_struct_memcpy:
        tags.append("memcpy-struct")
        s, t = kg.sym("ms"), kg.sym("mt")
        lines = ["  PunP2 %s{%s, %s};" % (s, _u(kg), _u(kg)),
                 "  PunP2 %s{%s, (%s) %% 13};" % (t, _u(kg), e),
                 "  memcpy(&%s, &%s, sizeof %s);" % (s, t, s) if kg.r.random() < 0.7 else
                 "  memcpy(&%s.a, &%s.a, sizeof(int));" % (s, t),
                 "  int %s = %s.%s;" % (v, s, kg.r.choice("ab"))]
    else:
        # Seeds 23 and later: nvcc 13.0 compiles a memcpy between two local structs to nothing
        # (the kernel's stores after it are gone, its reads garbage; seed 22's g22_0001:1247):
        # the source is an int.
        tags.append("memcpy-struct")
        s, x = kg.sym("ms"), kg.sym("mx")
        lines = ["  PunP2 %s{%s, %s};" % (s, _u(kg), _u(kg)),
                 "  int %s = (%s) %% 13;" % (x, e),
                 "  memcpy(&%s.%s, &%s, sizeof(int));" % (s, kg.r.choice("ab"), x),
                 "  int %s = %s.%s;" % (v, s, kg.r.choice("ab"))]
    return lines, [], v, "int"


def f_pun_bytes(kg, e, tags):
    """One byte of an int written through an `unsigned char *`; the int read back."""
    tags.append("pun-bytes")
    x, b, v = kg.sym("bx"), kg.sym("bp"), kg.sym("v")
    k = kg.r.randrange(4)
    lines = ["  int %s = %s;" % (x, _u(kg)),
             "  unsigned char *%s = reinterpret_cast<unsigned char *>(&%s);" % (b, x),
             "  %s[%d] = (unsigned char)((%s) %% 7);" % (b, k, e)]
    read = kg.r.choice(["(%s & 0x7fffffff) %% 1000" % x, "(int)%s[%d]" % (b, kg.r.randrange(4))])
    lines.append("  int %s = %s;" % (v, read))
    return lines, [], v, "int"


def f_pun_interior_pointer(kg, e, tags):
    """A helper given a pointer into the middle of an array stores at an offset from it."""
    tags.append("pun-interior-pointer")
    a, v, h = kg.sym("ia"), kg.sym("v"), kg.hname("put")
    k, off = kg.r.randrange(3), kg.r.randrange(3)
    helpers = ["__device__ void %s(int *q, int x) { q[%d] = x %% 9; }" % (h, off)]
    lines = ["  int %s[6] = {%s, %s, %s, %s, %s, %s};" % ((a,) + tuple(_u(kg) for _ in range(6))),
             "  %s(%s + %d, %s);" % (h, a, k, e),
             "  int %s = %s[%d];" % (v, a, kg.r.choice([k + off, kg.r.randrange(6)]))]
    return lines, helpers, v, "int"


def f_pun_function_pointer(kg, e, tags):
    """A device function picked from a table by a uniform or a lane-varying index."""
    tags.append("pun-function-pointer")
    fa, fb, t, v = kg.hname("opa"), kg.hname("opb"), kg.sym("ops"), kg.sym("v")
    helpers = ["__device__ int %s(int x) { return x %% 5; }" % fa,
               "__device__ int %s(int x) { return %d; }" % (fb, kg.r.randrange(1, 7))]
    sel = kg.r.choice([("(%s) %% 2" % _u(kg), "select-uniform"), ("(%s) %% 2" % e, "select-lane")])
    tags.append(sel[1])
    arg = kg.r.choice([e, _u(kg)])
    lines = ["  int (*%s[2])(int) = {%s, %s};" % (t, fa, fb),
             "  int %s = %s[%s](%s);" % (v, t, sel[0], arg)]
    return lines, helpers, v, "int"


FEATURES = [f_pun_union, f_pun_vector_store, f_pun_memcpy, f_pun_bytes, f_pun_interior_pointer,
            f_pun_function_pointer]
