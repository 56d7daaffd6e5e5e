"""Warp chunks over more collectives (gen.py, seeds 4 and later).

The classes divlint gives warp collectives (docs: a reduction over every lane is warp-uniform,
a `__match_any_sync` group is not, a tile of 32 is a warp) are proved from the operation and its
operands; these chunks let the GPU check them: `__reduce_*_sync`, `__match_any_sync` /
`__match_all_sync`, `__any_sync` / `__all_sync`, shuffles of a narrower width, and cooperative
groups' tiles (`thread_rank`, `shfl`, `cg::reduce`, `meta_group_rank`). Like gen.py's own warp
chunks they run at a kernel's top level, before any early return, in kernels whose blocks are
whole warps. Seeds 1 to 3 do not use them.
"""

# Lines a program of seed 4 or later adds after gen.py's HEADER.
HEADER = """#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;
"""


def _reduce(kg, v, e, tags):
    op = kg.r.choice(["add", "min", "max", "or", "and", "xor"])
    tags.append("reduce-sync-" + op)
    return ["  int %s = (int)__reduce_%s_sync(0xffffffffu, (unsigned)(%s));" % (v, op, e)]


def _match_any(kg, v, e, tags):
    tags.append("match-any")
    m = kg.sym("m")
    return ["  unsigned %s = __match_any_sync(0xffffffffu, (%s) %% %d);" % (m, e, kg.r.randint(2, 5)),
            "  int %s = __popc(%s);" % (v, m)]


def _match_all(kg, v, e, tags):
    tags.append("match-all")
    m, p = kg.sym("m"), kg.sym("pr")
    x = e if kg.r.random() < 0.5 else kg.uniform_expr()
    return ["  int %s = 0;" % p,
            "  unsigned %s = __match_all_sync(0xffffffffu, %s, &%s);" % (m, x, p),
            "  int %s = %s + (%s != 0u);" % (v, p, m)]


def _vote(kg, v, e, tags):
    which = kg.r.choice(["any", "all"])
    tags.append("vote-" + which)
    return ["  int %s = __%s_sync(0xffffffffu, %s);" % (v, which, kg.int_cond(e))]


def _narrow_butterfly(kg, v, e, tags):
    w = kg.r.choice([8, 16])
    tags.append("shfl-xor-width-%d" % w)
    return ["  int %s = %s;" % (v, e),
            "  for (int o = %d; o > 0; o >>= 1) %s += __shfl_xor_sync(0xffffffffu, %s, o, %d);"
            % (w // 2, v, v, w)]


def _tile(kg, v, e, tags):
    size = kg.r.choice([4, 8, 16, 32, 32])
    t = kg.sym("tile")
    what = kg.r.randrange(4)
    lines = ["  auto %s = cg::tiled_partition<%d>(cg::this_thread_block());" % (t, size)]
    if what == 0:
        tags.append("cg-tile%d-reduce" % size)
        lines.append("  int %s = cg::reduce(%s, (int)(%s), cg::plus<int>());" % (v, t, e))
    elif what == 1:
        tags.append("cg-tile%d-shfl" % size)
        lines.append("  int %s = %s.shfl((int)(%s), %d);" % (v, t, e, kg.r.randrange(size)))
    elif what == 2:
        tags.append("cg-tile%d-rank" % size)
        lines.append("  int %s = (int)%s.thread_rank();" % (v, t))
    else:
        tags.append("cg-tile%d-meta-rank" % size)
        lines.append("  int %s = (int)%s.meta_group_rank();" % (v, t))
    return lines


KINDS = [_reduce, _match_any, _match_all, _vote, _narrow_butterfly, _tile, _tile]
