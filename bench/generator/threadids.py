"""Linear thread ids, the warps and lanes made of them, and cooperative groups' tiles, in blocks
whose rows share warps (gen.py, seeds 13 and later).

divlint proves `lin / 32` warp-uniform when `lin` is the linear thread id however it is written
(a polynomial in threadIdx and blockDim equal to x + y*Dx + z*Dx*Dy: LinearThreadId.cpp), a
32-lane tile's `shfl` from a uniform source lane warp-uniform, and conditions on the linear id
by enumerating lanes. These chunks let the GPU referee those rules where they could be wrong:

- the linear id in many spellings (`linear-id`, with a `lin-*` tag: canonical, operands and
  terms permuted, Horner form, intermediate locals, a local reassigned, a `__device__` helper
  (plain, template, taking `dim3`s, storing through a reference), `this_thread_block()`'s
  `thread_rank()` or its `thread_index()` / `dim_threads()`, casts, offsets that cancel, the
  two-term id where the launch's z is 1) and near-misses that are not it
  (`linear-id-near-miss`, with a `near-*` tag: x and y swapped, a constant row pitch, the wrong
  blockDim, the z term missing while blockDim.z > 1, a wrong z pitch, an offset, a scale, the
  global id);
- divided into warps and lanes (`warp-of-linear`: / 32, / warpSize, >> 5, / 64, >> 6, / 128;
  `warp-of-linear-near-miss`: / 16, >> 4, / 48, / 24, (l + 16) / 32; `lane-of-linear`: % 32,
  & 31, % warpSize, l - l / 32 * 32; `row-of-linear`: / blockDim.x, / (blockDim.x * blockDim.y))
  and branched on (`warp == k`, `warp & 1`, `warp < p` with p a kernel parameter, the last warp,
  `lane < 16`...), or the id tested directly (`linear-id-condition`: `(l & 32) != 0`,
  `l % 64 < 32`, `l % 48 < 24`...), warp-strided loops (`warp-stride-loop`: `for (w = warp; w <
  p + q; w += nwarps)`), block-strided loops (`linear-stride-loop`: `for (t = l; t < LIM; t +=
  bsz)`, `t / 32` tested inside), helpers holding the branch (`warp-in-helper`);
- tiles (warp chunks: top level, before any return, blocks of whole warps): `tiled_partition<32>`
  / `<16>` / `<8>` tiles' `shfl` with a uniform or a lane-dependent source lane (`cg-tile-shfl`,
  `shfl-src-uniform` / `shfl-src-lane`, also `shfl_xor` / `shfl_down`), raw `__shfl_sync` with
  such source lanes (`shfl-sync-src`), `meta_group_rank()` (`cg-tile-meta-rank`),
  `thread_rank()` (`cg-tile-rank`), `any` / `all` / `ballot` in branches (`cg-tile-vote`).

The intent tags say what the value is by construction; whether lanes of a warp agree also
depends on the block shape, which is what the launches vary: every kernel of the family is
launched with one of SHAPES, most of them with rows (x) narrower than a warp or not a multiple
of it, so threadIdx.y and threadIdx.z change inside a warp (a quarter with a runtime shape).

Seeds 1 to 12 do not use any of this, so their programs stay byte-identical.
"""

# Block shapes: y/z change inside a warp in most (x below 32 or not a multiple of it).
SHAPES = [(12, 10, 2), (48, 2, 1), (33, 3, 1), (8, 4, 4), (16, 16, 1), (32, 4, 2), (64, 1, 1),
          (7, 5, 3), (24, 4, 1), (16, 2, 3), (20, 8, 1), (4, 8, 2), (6, 16, 1), (40, 4, 1),
          (1, 32, 2), (3, 7, 5), (10, 3, 3), (96, 2, 1), (12, 8, 1), (2, 16, 4)]


def setup(kg):
    """Makes kg a kernel of this family: one of SHAPES, a small grid, no template."""
    r = kg.r
    b = r.choice(SHAPES)
    bs = b[0] * b[1] * b[2]
    dims = 3 if b[2] > 1 else 2 if b[1] > 1 else 1
    if dims == 1:
        g = (r.randint(1, 8), 1, 1)
    else:
        g = (r.randint(1, 4), r.randint(1, 2), r.randint(1, 2))
    kg.dims, kg.block, kg.grid, kg.bsz = dims, b, g, bs
    kg.total = bs * g[0] * g[1] * g[2]
    kg.whole_warps = bs % 32 == 0
    kg.runtime_shape = r.random() < 0.25
    kg.template = False
    kg.threadids = True


# ---- spellings of the linear thread id ----------------------------------------------------------
TX, TY, TZ = "threadIdx.x", "threadIdx.y", "threadIdx.z"
DX, DY, DZ = "blockDim.x", "blockDim.y", "blockDim.z"


def _prod(r, fs):
    fs = list(fs)
    r.shuffle(fs)
    if len(fs) == 3 and r.random() < 0.3:
        return "%s * (%s * %s)" % tuple(fs)
    return " * ".join(fs)


def _sum(r, ts):
    ts = list(ts)
    r.shuffle(ts)
    return " + ".join(ts)


def _canonical():
    return "%s + %s * %s + %s * %s * %s" % (TX, TY, DX, TZ, DX, DY)


def _permuted(r):
    return _sum(r, [TX, _prod(r, [TY, DX]), _prod(r, [TZ, DX, DY])])


def _ty(r):
    return r.choice(["int", "unsigned", "const int", "const unsigned"])


def _real(kg, lines, helpers, tags):
    """Lines defining a local that holds the linear thread id; returns its name."""
    r = kg.r
    L = kg.sym("l")
    forms = ["canonical", "permuted", "permuted", "horner", "locals", "reassigned", "helper",
             "template-helper", "helper-dim3", "helper-ref", "cg-rank", "cg-rank", "cg-index",
             "casts", "prologue", "offset-cancel", "narrow-cast"]
    if kg.block[2] == 1:
        forms.append("two-term")
    form = r.choice(forms)
    tags.append("lin-" + form)
    t = _ty(r)
    if form == "canonical":
        lines.append("  %s %s = %s;" % (t, L, _canonical()))
    elif form == "permuted":
        lines.append("  %s %s = %s;" % (t, L, _permuted(r)))
    elif form == "horner":
        inner = _sum(r, [_prod(r, [TZ, DY]), TY])
        lines.append("  %s %s = %s;" % (t, L, _sum(r, [_prod(r, ["(%s)" % inner, DX]), TX])))
    elif form == "locals":
        X, Y, Z, W, H, R, S = (kg.sym(b) for b in ("xl", "yl", "zl", "wd", "ht", "row", "slab"))
        u = r.choice(["unsigned", "int"])
        lines += ["  const %s %s = %s, %s = %s, %s = %s;" % (u, X, TX, Y, TY, Z, TZ),
                  "  const %s %s = %s, %s = %s;" % (u, W, DX, H, DY),
                  "  const %s %s = %s;" % (u, R, _prod(r, [Y, W])),
                  "  const %s %s = %s;" % (u, S, _prod(r, [W, H])),
                  "  %s %s = %s;" % (t, L, _sum(r, [X, R, _prod(r, [Z, S])]))]
    elif form == "reassigned":
        lines.append("  int %s = %s;" % (L, TZ))
        if r.random() < 0.5:
            lines += ["  %s = %s * %s + %s;" % (L, L, DY, TY), "  %s = %s * %s + %s;" % (L, L, DX, TX)]
        else:
            lines += ["  %s *= %s;" % (L, DY), "  %s += %s;" % (L, TY),
                      "  %s *= %s;" % (L, DX), "  %s += %s;" % (L, TX)]
    elif form == "helper":
        h = kg.hname("flat")
        helpers.append("__device__ %sunsigned %s() { return %s; }"
                       % (r.choice(["", "__forceinline__ ", "inline "]), h, _permuted(r)))
        lines.append("  %s %s = %s();" % (t, L, h))
    elif form == "template-helper":
        h = kg.hname("flat")
        helpers.append("template <class T> __device__ T %s() { return static_cast<T>(%s); }"
                       % (h, _permuted(r)))
        lines.append("  %s %s = %s<%s>();" % (t, L, h, r.choice(["int", "unsigned"])))
    elif form == "helper-dim3":
        h = kg.hname("flat")
        helpers.append("__device__ unsigned %s(dim3 t, dim3 d) { return %s; }"
                       % (h, _sum(r, ["t.x", _prod(r, ["t.y", "d.x"]), _prod(r, ["t.z", "d.x", "d.y"])])))
        lines.append("  %s %s = %s(threadIdx, blockDim);" % (t, L, h))
    elif form == "helper-ref":
        h = kg.hname("flat")
        helpers.append("__device__ void %s(int &o) { o = %s; }" % (h, _permuted(r)))
        lines += ["  int %s = 0;" % L, "  %s(%s);" % (h, L)]
    elif form == "cg-rank":
        how = r.randrange(3)
        if how == 0:
            lines.append("  %s %s = cg::this_thread_block().thread_rank();" % (t, L))
        elif how == 1:
            b = kg.sym("blk")
            lines += ["  cg::thread_block %s = cg::this_thread_block();" % b,
                      "  %s %s = %s.thread_rank();" % (t, L, b)]
        else:
            h = kg.hname("rank")
            helpers.append("__device__ unsigned %s() { return cg::this_thread_block().thread_rank(); }" % h)
            lines.append("  %s %s = %s();" % (t, L, h))
    elif form == "cg-index":
        b, ti, bd = kg.sym("blk"), kg.sym("ti"), kg.sym("bd")
        lines += ["  auto %s = cg::this_thread_block();" % b,
                  "  const dim3 %s = %s.thread_index(), %s = %s.dim_threads();" % (ti, b, bd, b),
                  "  %s %s = %s;" % (t, L, _sum(r, [ti + ".x", _prod(r, [ti + ".y", bd + ".x"]),
                                                    _prod(r, [ti + ".z", bd + ".x", bd + ".y"])]))]
    elif form == "casts":
        c = r.choice(["int", "unsigned", "long long", "size_t"])
        x, y, z, dx, dy = ("(%s)%s" % (c, s) for s in (TX, TY, TZ, DX, DY))
        lines.append("  %s %s = (%s)(%s);" % (t, L, t.replace("const ", ""),
                                              _sum(r, [x, _prod(r, [y, dx]), _prod(r, [z, dx, dy])])))
    elif form == "prologue":
        lines.append("  %s %s = lin;" % (t, L))
    elif form == "offset-cancel":
        c = r.randint(1, 40)
        lines.append("  int %s = ((int)%s + %d) + (int)%s * (int)%s + (int)%s * (int)(%s * %s) - %d;"
                     % (L, TX, c, TY, DX, TZ, DX, DY, c))
    elif form == "narrow-cast":
        lines.append("  int %s = (unsigned short)(%s);" % (L, _permuted(r)))
    else:  # two-term: the linear id when blockDim.z is 1 (the launch's z is 1)
        lines.append("  %s %s = %s;" % (t, L, _sum(r, [TX, _prod(r, [TY, DX])])))
    return L


def _near(kg, lines, helpers, tags):
    """Lines defining a local that holds something close to the linear id but not it."""
    r = kg.r
    L = kg.sym("l")
    forms = ["transposed", "const-pitch", "wrong-dim", "z-pitch", "offset", "scaled", "global",
             "cg-rank-offset"]
    if kg.block[2] > 1:
        forms += ["missing-z", "missing-z"]
    form = r.choice(forms)
    tags.append("near-" + form)
    t = _ty(r)
    if form == "transposed":
        e = _sum(r, [TY, _prod(r, [TX, DY]), _prod(r, [TZ, DX, DY])])
    elif form == "const-pitch":
        e = _sum(r, [TX, _prod(r, [TY, "32"]), _prod(r, [TZ, "32", DY])]) if r.random() < 0.5 \
            else _sum(r, [TX, _prod(r, [TY, "32"])])
    elif form == "wrong-dim":
        e = _sum(r, [TX, _prod(r, [TY, DY]), _prod(r, [TZ, DX, DY])])
    elif form == "z-pitch":
        e = _sum(r, [TX, _prod(r, [TY, DX]), _prod(r, [TZ, r.choice([DX, DY, DZ])] +
                                                       ([DZ] if r.random() < 0.5 else []))])
    elif form == "missing-z":
        e = _sum(r, [TX, _prod(r, [TY, DX])])
    elif form == "offset":
        e = "%s + %d" % (_permuted(r), r.choice([1, 5, 8, 16, 17, 31, 32, 64]))
    elif form == "scaled":
        e = "%s * (%s)" % (r.choice(["2", "3"]), _permuted(r))
    elif form == "global":
        e = r.choice(["gid", "bid * bsz + %s" % _permuted(r),
                      "blockIdx.x * (%s) + %s" % (_prod(r, [DX, DY, DZ]), _permuted(r))])
    else:
        e = "cg::this_thread_block().thread_rank() + %d" % r.choice([1, 3, 16])
    lines.append("  %s %s = %s;" % (t, L, e))
    return L


def _spelling(kg, lines, helpers, tags):
    if kg.r.random() < 0.62:
        tags.append("linear-id")
        return _real(kg, lines, helpers, tags), True
    tags.append("linear-id-near-miss")
    return _near(kg, lines, helpers, tags), False


# ---- what is made of it -------------------------------------------------------------------------
def _derive(kg, L, tags):
    """(expression, kind, divisor, count of values in a block) for a warp, lane or row of L."""
    r = kg.r
    kind = r.choice(["warp"] * 5 + ["warp-near"] * 2 + ["lane"] * 2 + ["row"])
    if kind == "warp":
        tags.append("warp-of-linear")
        e, d = r.choice([("%s / 32", 32), ("%s / warpSize", 32), ("%s >> 5", 32), ("%s / 64", 64),
                         ("%s >> 6", 64), ("%s / 128", 128), ("%s / 32u", 32)])
    elif kind == "warp-near":
        tags.append("warp-of-linear-near-miss")
        e, d = r.choice([("%s / 16", 16), ("%s >> 4", 16), ("%s / 48", 48), ("%s / 24", 24),
                         ("(%s + 16) / 32", 32)])
    elif kind == "lane":
        tags.append("lane-of-linear")
        e = r.choice(["%s %% 32", "%s & 31", "%s %% warpSize", "%s - %s / 32 * 32"])
        return "(int)(%s)" % (e % ((L,) * e.count("%s"))), "lane", 32, min(32, kg.bsz)
    else:
        tags.append("row-of-linear")
        if r.random() < 0.5:
            return "(int)(%s / blockDim.x)" % L, "row", 0, kg.block[1] * kg.block[2]
        return "(int)(%s / (blockDim.x * blockDim.y))" % L, "row", 0, kg.block[2]
    tags.append("div-%d" % d)
    return "(int)(%s)" % (e % L), "warp", d, (kg.bsz + d - 1) // d + (1 if "+ 16" in e else 0)


def _uses(kg, w, kind, nv, tags):
    """Branches on w (a warp, lane or row of the id): the chunk's explicit tests."""
    r = kg.r
    b = kg.body
    out = []
    for _ in range(r.randint(1, 2)):
        if kind == "lane":
            u = r.randrange(5)
            cond = ["%s < 16" % w, "%s == 0" % w, "%s == %d" % (w, r.randrange(nv)),
                    "(%s & 1) == 0" % w, "%s >= 8 && %s < 24" % (w, w)][u]
            tags.append("use-lane")
            out.append("  if (%s) %s" % (cond, b()))
            continue
        u = r.randrange(7)
        if u <= 1:
            tags.append("use-eq")
            out.append("  if (%s == %d) %s" % (w, r.randrange(max(1, nv)), b()))
        elif u == 2:
            tags.append("use-odd")
            out.append("  if (%s) %s" % (r.choice(["%s & 1", "(%s & 1) == 0", "%s %% 2 == 1"]) % w, b()))
        elif u == 3:
            tags.append("use-vs-param")
            out.append("  if (%s < %s) %s" % (w, r.choice(["p", "q", "n / 512", "(p + 1) / 2"]), b()))
        elif u == 4:
            tags.append("use-last")
            out.append(r.choice(["  if (%s == %d - 1) %s", "  if (%s + 1 == %d) %s"]) % (w, nv, b()))
        elif u == 5:
            tags.append("use-else-if")
            out += ["  if (%s == 0) {" % w, "    " + b(), "  } else if (%s == 1) {" % w,
                    "    " + b(), "  } else {", "    " + b(), "  }"]
        else:
            tags.append("use-switch")
            out += kg.switch_stmt(w, tags)
    return out


def _intent(real, kind, d):
    if kind == "warp" and real and d % 32 == 0:
        return "warp"
    return "lane"


def chunk(kg):
    """A value chunk: (tags, lines, helpers, defines)."""
    r = kg.r
    tags, lines, helpers = [], [], []
    form = r.choice(["derive"] * 6 + ["condition"] * 2 + ["warp-loop", "linear-loop", "helper"])
    L, real = _spelling(kg, lines, helpers, tags)
    v = kg.sym("v")
    if form == "derive":
        e, kind, d, nv = _derive(kg, L, tags)
        if r.random() < 0.5:  # tested in place: if ((l >> 5) < p)
            tags.append("inline")
            w = "(%s)" % e
        else:
            w = kg.sym("w")
            lines.append("  const int %s = %s;" % (w, e))
        lines += _uses(kg, w, kind, nv, tags)
        lines.append("  int %s = %s %% %d;" % (v, w, r.randint(3, 9)))
        intent = _intent(real, kind, d)
    elif form == "condition":
        tags.append("linear-id-condition")
        nw = (kg.bsz + 31) // 32
        conds = ["(%s & 32) != 0", "(%s & 64) == 0", "%s %% 64 < 32", "%s < 32 * %d" % ("%s", r.randint(1, nw)),
                 "%s >= 32 * p", "%s %% 96 >= 32", "(%s & 16) != 0", "%s %% 48 < 24", "%s < 40",
                 "%s %% 32 < 16", "(%s | 31) == 63", "(%s ^ 32) < 32"]
        cond = r.choice(conds) % L
        lines += kg.cond_stmt(cond, tags)
        lines.append("  int %s = (int)(%s %% 7);" % (v, L))
        intent = "lane"
    elif form == "warp-loop":
        tags.append("warp-stride-loop")
        e, d = r.choice([("%s / 32", 32)] * 4 + [("%s >> 5", 32), ("%s / warpSize", 32),
                                                  ("%s / 64", 64), ("%s / 16", 16), ("%s / 48", 48)])
        tags += ["warp-of-linear" if d % 32 == 0 else "warp-of-linear-near-miss", "div-%d" % d]
        e = "(int)(%s)" % (e % L)
        w = kg.sym("w")
        step = ["(bsz + %d) / %d" % (d - 1, d),
                "(int)((blockDim.x * blockDim.y * blockDim.z + %d) / %d)" % (d - 1, d)]
        if not kg.runtime_shape:
            step.append(str((kg.bsz + d - 1) // d))
        lim = r.choice(["p + q", "n / 64", "p * 3", str(r.randint(2, 24))])
        k = r.randrange(3)
        lines += ["  int %s = 0;" % v,
                  "  for (int %s = %s; %s < %s; %s += %s) {" % (w, e, w, lim, w, r.choice(step)),
                  "    if (%s %% 3 == %d) %s" % (w, k, kg.body()),
                  "    %s += %s %% 5;" % (v, w),
                  "  }"]
        intent = "lane"
    elif form == "linear-loop":
        tags.append("linear-stride-loop")
        t = kg.sym("t")
        step = ["bsz", "(int)(blockDim.x * blockDim.y * blockDim.z)"] + \
            ([str(kg.bsz)] if not kg.runtime_shape else [])
        m = r.randint(1, 3)
        lim = r.choice(["%d" % (kg.bsz * m + r.randint(0, 40)), "bsz * %d + p" % m])
        k = r.randrange(max(1, (kg.bsz * m) // 32))
        test = r.choice(["%s / 32 == %d" % (t, k), "(%s >> 5) %% 2 == 0" % t, "(%s & 31) == 0" % t,
                         "%s / 64 == %d" % (t, k // 2), "%s / 16 == %d" % (t, k)])
        lines += ["  int %s = 0;" % v,
                  "  for (int %s = (int)%s; %s < %s; %s += %s) {" % (t, L, t, lim, t, r.choice(step)),
                  "    if (%s) %s" % (test, kg.body()),
                  "    %s += %s & 3;" % (v, t),
                  "  }"]
        intent = "lane"
    else:  # the branch in a helper given the id, or the warp computed by a template helper
        tags.append("warp-in-helper")
        h = kg.hname("role")
        nw = (kg.bsz + 31) // 32
        k = r.randrange(nw)
        if r.random() < 0.5:
            d = r.choice([32, 32, 64, 16])
            helpers += ["__device__ float %s(unsigned l, int k) {" % h,
                        "  if (l / %du == (unsigned)k) return 1.5f;" % d,
                        "  if ((l & 31u) < %du) return 0.5f;" % r.choice([1, 16, 31]),
                        "  return 0.25f;",
                        "}"]
            lines += ["  acc += %s((unsigned)(%s), %d);" % (h, L, k),
                      "  int %s = (int)(%s %% 5);" % (v, L)]
            intent = "lane"
        else:
            d = r.choice([32, 32, 64, 16])
            helpers.append("template <int D> __device__ int %s(unsigned l) { return (int)(l / D); }" % h)
            lines += ["  const int %s = %s<%d>((unsigned)(%s));" % (v, h, d, L),
                      "  if (%s == %d) %s" % (v, k * 32 // d, kg.body())]
            intent = "warp" if real and d % 32 == 0 else "lane"
    lines += kg.test_value(v, tags)
    return tags, lines, helpers, (v, intent)


# ---- tiles and shuffles (warp chunks: top level, before any return, whole warps) ----------------
def warp_chunk(kg):
    """(tags, lines, defines) of a chunk whose collectives every lane of every warp runs."""
    r = kg.r
    tags, lines = [], []
    v = kg.sym("w")
    s = r.choice([32, 32, 16, 16, 8])
    t = kg.sym("tile")
    if r.random() < 0.5:
        lines.append("  auto %s = cg::tiled_partition<%d>(cg::this_thread_block());" % (t, s))
    else:
        b = kg.sym("blk")
        lines += ["  cg::thread_block %s = cg::this_thread_block();" % b,
                  "  cg::thread_block_tile<%d> %s = cg::tiled_partition<%d>(%s);" % (s, t, s, b)]
    kind = r.choice(["shfl", "shfl", "shfl", "shfl-sync", "meta-rank", "rank", "vote", "vote"])
    x = kg.lane_expr() if r.random() < 0.75 else kg.uniform_expr()
    if kind in ("shfl", "shfl-sync"):
        if kind == "shfl-sync":
            s = 32
        uni = ["%d" % r.randrange(s), "p %% %d" % s, "(int)(%s.meta_group_rank() %% %du)" % (t, s),
               "(lin / 32) %% %d" % s, "(int)(cg::this_thread_block().thread_rank() / 32u %% %du)" % s,
               "q %% %d" % s]
        lane = ["(int)(%s.thread_rank() ^ 1u)" % t, "(int)((%s.thread_rank() + 1u) %% %du)" % (t, s),
                "(int)(threadIdx.y %% %du)" % s, "(int)(threadIdx.x %% %du)" % s, "lin %% %d" % s,
                "(int)(%s.thread_rank() / 2u)" % t, "(int)(threadIdx.z %% %du)" % s]
        if r.random() < 0.55:
            src = r.choice(uni)
            tags.append("shfl-src-uniform")
        else:
            src = r.choice(lane)
            tags.append("shfl-src-lane")
            if "threadIdx.y" in src or "threadIdx.z" in src:
                tags.append("shfl-src-threadIdx-yz")
        if kind == "shfl-sync":
            tags[0:0] = ["shfl-sync-src"]
            lines.append("  int %s = __shfl_sync(0xffffffffu, (int)(%s), %s);" % (v, x, src))
        else:
            tags[0:0] = ["cg-tile-shfl", "tile%d" % s]
            op = r.randrange(6)
            if op <= 3:
                lines.append("  int %s = %s.shfl((int)(%s), %s);" % (v, t, x, src))
            elif op == 4:
                tags.append("shfl-xor")
                lines.append("  int %s = %s.shfl_xor((int)(%s), %du);" % (v, t, x, r.choice([1, 2, s // 2])))
            else:
                tags.append("shfl-down")
                lines.append("  int %s = %s.shfl_down((int)(%s), %du);" % (v, t, x, r.choice([1, s // 2])))
        intent = "warp" if "shfl-src-uniform" in tags and s == 32 and "shfl-xor" not in tags \
            and "shfl-down" not in tags else "lane"
        lines.append("  if (%s %% 4 == %d) %s" % (v, r.randrange(4), kg.body()))
    elif kind == "meta-rank":
        tags[0:0] = ["cg-tile-meta-rank", "tile%d" % s]
        lines += ["  const int %s = (int)%s.meta_group_rank();" % (v, t),
                  "  if (%s == %d) %s" % (v, r.randrange(max(1, kg.bsz // s)), kg.body()),
                  "  if (%s & 1) %s" % (v, kg.body())]
        intent = "warp" if s == 32 else "lane"
    elif kind == "rank":
        tags[0:0] = ["cg-tile-rank", "tile%d" % s]
        lines += ["  const int %s = (int)%s.thread_rank();" % (v, t),
                  "  if (%s < %d) %s" % (v, s // 2, kg.body())]
        intent = "lane"
    else:
        which = r.choice(["any", "all", "ballot", "ballot-bit"])
        tags[0:0] = ["cg-tile-vote", "cg-tile-vote-" + which, "tile%d" % s]
        c = r.choice([kg.int_cond(x), "(lin / 32) %% 2 == %d" % r.randrange(2),
                      "threadIdx.y % 2 == 0", "%s.meta_group_rank() == 0u" % t,
                      "(lin & 16) != 0"])
        if which in ("any", "all"):
            lines.append("  const int %s = %s.%s(%s);" % (v, t, which, c))
        elif which == "ballot":
            lines.append("  const int %s = __popc(%s.ballot(%s));" % (v, t, c))
        else:
            lines.append("  const int %s = (int)((%s.ballot(%s) >> %s.thread_rank()) & 1u);" % (v, t, c, t))
        lines.append("  if (%s) %s" % (v, kg.body()))
        intent = "warp" if s == 32 and which != "ballot-bit" else "lane"
    lines += kg.test_value(v, tags)
    return tags, lines, (v, intent)
