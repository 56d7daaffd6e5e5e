#!/usr/bin/env python3
"""Seeded random CUDA programs for divlint's differential test (issue 30, item 4).

usage: gen.py --seed S --count N --out DIR [--kernels LO-HI]

Writes DIR/gS_NNNN.cu (a whole program: many small kernels and a main that launches each one) and
DIR/gS_NNNN.meta.json (per kernel: launch shape, and per chunk: its lines, helper lines, feature
tags and the chunks it reads, for judge.py and reduce.py). Program k of seed S is the same
whatever --count is (its generator is seeded with S * 100003 + k).

Every kernel is a prologue (thread indices), a list of self-contained chunks (a value pushed
through one feature: a struct, a helper's out-parameter, a lambda, a loop... then tested in a
condition) and an epilogue (out[gid] = acc). The rules that keep each kernel well defined and
deterministic in its control flow:
- barriers (__syncthreads) only at the kernel's top level, before any early return;
- full-mask shuffles and votes only at the top level, before any early return, in kernels whose
  blocks are whole warps;
- indices are unsigned and reduced modulo the buffer sizes; no signed overflow, no division by
  a value that can be 0, every local initialised;
- atomics go to counters of their own chunk (their returned values are lane-varying, which is
  what they are there for).
"""
import argparse
import json
import os
import random

import captures
import places
import punning
import collectives
import controlflow
import modern
import objects
import pointers
import deep
import templated
import threadids
import values

VN = 4096          # elements of the input arrays
MAX_THREADS = 16384  # grid * block of any launch (out has this many floats)
NUM_COUNTERS = 4096

SHAPES_1D = [32, 64, 96, 128, 256, 100, 48, 160, 512, 40]
SHAPES_2D = [(16, 8), (32, 4), (8, 8), (32, 8), (12, 10), (16, 16), (64, 2), (8, 4)]
SHAPES_3D = [(8, 8, 4), (4, 4, 4), (32, 2, 2), (8, 4, 2), (16, 4, 4), (6, 5, 3), (4, 4, 2)]


class Chunk:
    """Lines of a kernel body that belong together, with the helpers they call."""

    def __init__(self, kind, tags, lines, helpers=(), uses=(), defines=None, scoped=False):
        self.kind = kind          # value, cond, shared, warp, return, rare
        self.tags = list(tags)
        self.lines = list(lines)
        self.helpers = list(helpers)
        self.uses = list(uses)    # chunk ids whose values this one reads
        self.defines = defines    # (name, class intent) of the value later chunks may read
        self.scoped = scoped
        self.id = None


class KernelGen:
    def __init__(self, rng, prog, index):
        self.r = rng
        self.prog = prog
        self.k = index
        self.name = "k%d" % index
        self.chunks = []
        self.nsym = 0
        self.counter_base = index * 64
        self.ncounters = 0
        self.objects = False
        self.collectives = False
        self.modern = False
        self.pointers = False
        self.params = False
        self.deep = False
        self.templated = False
        self.captures = False  # seeds 20 and later: captures kept apart (captures.py)
        self.punning = False  # seeds 22 and later: memory through other types (punning.py)
        self.no_struct_memcpy = False  # seeds 23 and later (punning.py: an nvcc miscompile)
        self.places = False  # seeds 25 and later: where an object lies (places.py)
        self.threadids = False  # seeds 13 and later: threadids.setup() makes it True
        self.controlflow = False  # seeds 14 and later: sync dependence (controlflow.py)
        self.pick_shape()

    # ---- shapes ---------------------------------------------------------------------------
    def pick_shape(self):
        r = self.r
        self.dims = r.choice([1, 1, 1, 2, 2, 3])
        if self.dims == 1:
            b = (r.choice(SHAPES_1D), 1, 1)
        elif self.dims == 2:
            b = SHAPES_2D[r.randrange(len(SHAPES_2D))] + (1,)
        else:
            b = SHAPES_3D[r.randrange(len(SHAPES_3D))]
        bs = b[0] * b[1] * b[2]
        maxblocks = max(1, MAX_THREADS // bs)
        if self.dims == 1:
            g = (r.randint(1, min(64, maxblocks)), 1, 1)
        elif self.dims == 2:
            gx = r.randint(1, 8)
            gy = r.randint(1, max(1, min(8, maxblocks // gx)))
            g = (gx, gy, 1)
        else:
            gx = r.randint(1, 4)
            gy = r.randint(1, 4)
            gz = r.randint(1, max(1, min(4, maxblocks // (gx * gy))))
            g = (gx, gy, gz)
        self.block, self.grid = b, g
        self.bsz = bs
        self.total = bs * g[0] * g[1] * g[2]
        assert self.total <= MAX_THREADS
        self.whole_warps = bs % 32 == 0
        self.runtime_shape = r.random() < 0.3
        # A template kernel takes its block size (x) as a parameter: launched as kN<BX>.
        self.template = self.dims == 1 and not self.runtime_shape and r.random() < 0.25
        self.p = r.randint(1, 9)
        self.q = r.randint(0, 40)

    def sym(self, base):
        self.nsym += 1
        return "%s%d" % (base, self.nsym)

    def hname(self, base):
        self.nsym += 1
        return "%s_k%d_%d" % (base, self.k, self.nsym)

    def counter(self):
        c = self.counter_base + self.ncounters
        self.ncounters += 1
        assert self.ncounters < 64
        return c

    # ---- expressions ----------------------------------------------------------------------
    def lane_expr(self):
        """A non-negative int that varies between lanes (small: no overflow later)."""
        r = self.r
        opts = ["tx", "lin", "gid", "(lin % 7)", "(gid % 13)", "(tx * 3 + 1)", "(lin ^ 5)",
                "(lin & 3)", "(int)(vdat[gid %% %d] %% 17)" % VN, "(lin / 3)", "(gid >> 1)",
                "(int)(vdat[(gid * 7u + 3u) %% %du] %% 9)" % VN]
        if self.dims >= 2:
            opts += ["ty", "ix", "iy", "(tx + ty)", "(ix * 2 + iy)"]
        if self.dims == 3:
            opts += ["tz", "iz", "(tz * 5 + tx)"]
        if self.dims == 1:
            opts += ["i", "(i % 33)", "(i / 5)"]
        return r.choice(opts)

    def uniform_expr(self):
        r = self.r
        opts = ["p", "q", "(int)blockIdx.x", "(bid % 5)", "(p + q)", "(n / 64)", "(int)blockDim.x",
                "(int)(cdat[gid %% %d])" % VN, "(int)(vdat[blockIdx.x %% %d])" % VN, "3", "(p * 2)"]
        if self.whole_warps:
            opts += ["(lin / 32)", "((lin >> 5) & 1)"]
        if self.dims >= 2 and self.block[0] % 32 == 0:
            opts += ["ty"]
        return r.choice(opts)

    def any_expr(self):
        return self.lane_expr() if self.r.random() < 0.7 else self.uniform_expr()

    def int_cond(self, v):
        """A condition on int value v that splits small ranges."""
        r = self.r
        c = r.randrange(6)
        if c == 0:
            m = r.randint(2, 7)
            return "%s %% %d == %d" % (v, m, r.randrange(m))
        if c == 1:
            return "%s > %d" % (v, r.randint(0, 40))
        if c == 2:
            return "(%s & %d) != 0" % (v, r.choice([1, 2, 4, 8, 16]))
        if c == 3:
            return "%s == %d" % (v, r.randint(0, 20))
        if c == 4:
            return "%s < %d" % (v, r.randint(1, 64))
        return "%s != %d" % (v, r.randint(0, 5))

    def body(self):
        r = self.r
        return r.choice(["acc += %d.5f;" % r.randint(1, 9), "acc *= 0.5f;", "acc -= 1.0f;",
                         "acc += (float)lin;"])

    def cond_stmt(self, cond, tags, ind="  "):
        """An if / ?: / &&-|| / switch around cond; returns lines."""
        r = self.r
        f = r.randrange(10)
        if f <= 4:
            if r.random() < 0.3:
                return [ind + "if (%s) {" % cond, ind + "  " + self.body(),
                        ind + "} else {", ind + "  " + self.body(), ind + "}"]
            return [ind + "if (%s) %s" % (cond, self.body())]
        if f <= 6:
            tags.append("ternary")
            return [ind + "acc += (%s) ? %d.0f : 0.25f;" % (cond, r.randint(1, 5))]
        if f == 7:
            tags.append("logical")
            other = self.int_cond(self.any_expr())
            op = r.choice(["&&", "||"])
            return [ind + "if ((%s) %s (%s)) %s" % (cond, op, other, self.body())]
        if f == 8:
            tags.append("logical")
            other = self.int_cond(self.any_expr())
            return [ind + "if ((%s) || ((%s) && p > 2)) %s" % (other, cond, self.body())]
        tags.append("bool-var")
        b = self.sym("b")
        return [ind + "bool %s = %s;" % (b, cond), ind + "if (%s) %s" % (b, self.body())]

    def switch_stmt(self, v, tags, ind="  "):
        tags.append("switch")
        m = self.r.randint(2, 5)
        lines = [ind + "switch (%s %% %d) {" % (v, m)]
        for c in range(m - 1):
            lines.append(ind + "case %d: acc += %d.0f; break;" % (c, c + 1))
        lines.append(ind + "default: acc -= 1.0f; break;")
        lines.append(ind + "}")
        return lines

    def test_value(self, v, tags, kind="int"):
        """Statements testing value v (int, float or double)."""
        if kind == "float":
            t = self.r.choice(["0.5f", "1.0f", "-0.25f", "2.0f"])
            return self.cond_stmt("%s > %s" % (v, t), tags)
        if kind == "double":
            t = self.r.choice(["0.75", "1.5", "3.0"])
            return self.cond_stmt("%s < %s" % (v, t), tags)
        if self.r.random() < 0.12:
            return self.switch_stmt(v, tags)
        return self.cond_stmt(self.int_cond(v), tags)

    # ---- chunks: a value through one feature, then a test ---------------------------------
    def chunk_value(self):
        """Picks a feature; returns a Chunk defining and testing a value."""
        r = self.r
        src_lane = r.random() < 0.7
        e = self.lane_expr() if src_lane else self.uniform_expr()
        uses = []
        prev = [c for c in self.chunks if c.defines and not c.scoped]
        if prev and r.random() < 0.25:
            c = r.choice(prev)
            e = "(%s + %s)" % (c.defines[0], e)
            uses.append(c.id)
        tags = ["src-lane" if src_lane else "src-uniform"]
        # Every seed: the value features (values.py), in their order.
        feats = [lambda e, tags, f=f: f(self, e, tags) for f in values.FEATURES]
        if self.objects:  # seeds 3 and later: objects field by field (objects.py)
            feats += [lambda e, tags, f=f: f(self, e, tags) for f in objects.FEATURES]
        if self.modern:  # seeds 5 and later: warp ids, constexpr members (modern.py)
            feats += [lambda e, tags, f=f: f(self, e, tags) for f in modern.FEATURES]
        if self.pointers:  # seeds 9 and later: element addresses, moves (pointers.py)
            feats += [lambda e, tags, f=f: f(self, e, tags) for f in pointers.FEATURES]
        if self.params:  # seeds 10 and later: a by-value parameter struct's pointers
            feats += [lambda e, tags, f=f: f(self, e, tags) for f in pointers.PARAM_FEATURES]
        if self.deep:  # seeds 11 and later: deep call chains (deep.py)
            feats += [lambda e, tags, f=f: f(self, e, tags) for f in deep.FEATURES]
        if self.templated:  # seeds 12 and later: template-heavy, warp-centric code (templated.py)
            feats += [lambda e, tags, f=f: f(self, e, tags) for f in templated.FEATURES]
        if self.captures:  # seeds 20 and later: lambdas' captures one by one (captures.py)
            feats += [lambda e, tags, f=f: f(self, e, tags) for f in captures.FEATURES]
        if self.punning:  # seeds 22 and later: memory through other types (punning.py)
            feats += [lambda e, tags, f=f: f(self, e, tags) for f in punning.FEATURES]
        if self.places:  # seeds 25 and later: objects picked per lane, member objects (places.py)
            feats += [lambda e, tags, f=f: f(self, e, tags) for f in places.FEATURES]
        feat = r.choice(feats)
        lines, helpers, v, kind = feat(e, tags)
        lines += self.test_value(v, tags, kind)
        chainable = kind == "int" and "atomic-return" not in tags
        return Chunk("value", tags, lines, helpers, uses,
                     defines=(v, "lane" if src_lane else "uniform") if chainable else None)

    # ---- rare values: indices compared with constants and runtime sizes --------------------
    def chunk_rare(self):
        r = self.r
        tags = ["index-compare"]
        bx, by, bz = self.block
        gx, gy, gz = self.grid
        NX, NY, NZ = bx * gx, by * gy, bz * gz
        if self.dims == 1:
            bsz_lit = str(bx) if not self.runtime_shape else "blockDim.x"
            c = r.randrange(self.total)
            opts = ["i == %d" % c, "i / 32 == %d" % (c // 32), "i >= %d && i < %d" % (c, c + 5),
                    "gid == n - 1", "i %% 1000 == %d" % (c % 1000), "i == n - %d" % r.randint(1, 40),
                    "blockIdx.x == %d && threadIdx.x == %d" % (c // bx, c % bx),
                    "i / %d == %d" % (bx, c // bx), "threadIdx.x == %d" % (c % bx),
                    "i > %d" % c, "(i >> 5) == %d" % (c >> 5)]
            del bsz_lit
        else:
            cx, cy = r.randrange(NX), r.randrange(NY)
            opts = ["iy == NY - 1", "ix == NX - 1", "ix == 0 || iy == 0", "iy == %d" % cy,
                    "ix == %d" % cx, "ix == %d && iy == %d" % (cx, cy), "iy > NY - 3",
                    "ix + iy * NX == %d" % (r.randrange(NX * NY)), "ty == %d" % r.randrange(by),
                    "iy == %d" % (NY - 1)]
            if self.dims == 3:
                opts += ["iz == NZ - 1", "iz == 0 && iy == NY - 1", "tz == %d" % r.randrange(bz),
                         "iz == %d" % r.randrange(NZ)]
        cond = r.choice(opts)
        lines = self.cond_stmt(cond, tags)
        return Chunk("rare", tags, lines)

    # ---- shared memory with barriers (top level, before any return) -----------------------
    def chunk_shared(self):
        r = self.r
        tags = ["shared-memory", "barrier"]
        a, v = self.sym("sh"), self.sym("v")
        kind = r.randrange(4)
        if kind == 0:
            tags.append("shared-neighbour")
            lines = ["  __shared__ int %s[1024];" % a, "  %s[lin] = %s;" % (a, self.lane_expr()),
                     "  __syncthreads();", "  int %s = %s[(lin + 1) %% bsz];" % (v, a),
                     "  __syncthreads();"]
        elif kind == 1:
            tags.append("shared-broadcast")
            lines = ["  __shared__ int %s[1];" % a, "  if (lin == 0) %s[0] = %s;" % (a, self.uniform_expr()),
                     "  __syncthreads();", "  int %s = %s[0];" % (v, a), "  __syncthreads();"]
        elif kind == 2:
            tags.append("shared-float-atomic")
            lines = ["  __shared__ float %s[1];" % a, "  if (lin == 0) %s[0] = 0.f;" % a,
                     "  __syncthreads();",
                     "  float %sf = atomicAdd(&%s[0], 1.0f);" % (v, a),
                     "  int %s = (int)%sf;" % (v, v), "  __syncthreads();"]
        else:
            tags.append("shared-reduction")
            lines = ["  __shared__ int %s[1024];" % a, "  %s[lin] = %s;" % (a, self.lane_expr()),
                     "  __syncthreads();",
                     "  for (int s = 1; s < bsz; s *= 2) {",
                     "    int o = (lin + s < bsz) ? %s[lin + s] : 0;" % a,
                     "    __syncthreads();", "    %s[lin] += o;" % a, "    __syncthreads();", "  }",
                     "  int %s = %s[0] %% 97;" % (v, a), "  __syncthreads();"]
        lines += self.test_value(v, tags)
        return Chunk("shared", tags, lines, defines=(v, "block"))

    # ---- shuffles and votes (whole warps, top level, before any return) --------------------
    def chunk_warp(self):
        r = self.r
        tags = ["warp-intrinsic"]
        v = self.sym("w")
        e = self.lane_expr()
        nc = len(collectives.KINDS) if self.collectives else 0
        kind = r.randrange(6 + nc + (len(templated.WARP_KINDS) if self.templated else 0))
        if kind >= 6 + nc:  # seeds 12 and later: warp roles (templated.py)
            lines = templated.WARP_KINDS[kind - 6 - nc](self, v, e, tags)
        elif kind >= 6:  # seeds 4 and later (collectives.py)
            lines = collectives.KINDS[kind - 6](self, v, e, tags)
        elif kind == 0:
            tags.append("shfl-xor-butterfly")
            lines = ["  int %s = %s;" % (v, e),
                     "  for (int o = 16; o > 0; o >>= 1) %s += __shfl_xor_sync(0xffffffffu, %s, o);" % (v, v)]
        elif kind == 1:
            tags.append("shfl-xor-partial")
            lines = ["  int %s = %s;" % (v, e),
                     "  for (int o = 16; o > %d; o >>= 1) %s += __shfl_xor_sync(0xffffffffu, %s, o);" % (r.choice([1, 2, 4, 8]), v, v)]
        elif kind == 2:
            tags.append("ballot")
            b = self.sym("bal")
            lines = ["  unsigned %s = __ballot_sync(0xffffffffu, %s);" % (b, self.int_cond(e)),
                     "  int %s = __popc(%s);" % (v, b)]
        elif kind == 3:
            tags.append("ballot-bit")
            b = self.sym("bal")
            lines = ["  unsigned %s = __ballot_sync(0xffffffffu, %s);" % (b, self.int_cond(e)),
                     "  int %s = (int)((%s >> (lin & 31)) & 1u);" % (v, b)]
        elif kind == 4:
            tags.append("shfl-broadcast")
            lines = ["  int %s = __shfl_sync(0xffffffffu, %s, %d);" % (v, e, r.randrange(32))]
        else:
            tags.append("shfl-down")
            lines = ["  int %s = __shfl_down_sync(0xffffffffu, %s, %d);" % (v, e, r.choice([1, 4, 16]))]
        lines += self.test_value(v, tags)
        return Chunk("warp", tags, lines, defines=(v, "warp"))

    # ---- seeds 13 and later: linear thread ids, their warps and lanes, tiles (threadids.py) ---
    def chunk_threadids(self):
        tags, lines, helpers, defines = threadids.chunk(self)
        return Chunk("value", tags, lines, helpers, defines=defines)

    def chunk_threadids_warp(self):
        tags, lines, defines = threadids.warp_chunk(self)
        return Chunk("warp", tags, lines, defines=defines)

    # ---- seeds 14 and later: loops with lane-varying exits, merges, jumps (controlflow.py) ---
    def chunk_controlflow(self):
        tags, lines, helpers, defines = controlflow.chunk(self)
        return Chunk("value", tags, lines, helpers, defines=defines)

    def chunk_return(self):
        r = self.r
        tags = ["early-return"]
        if r.random() < 0.5:
            cond = self.int_cond(self.lane_expr())
            tags.append("lane-return")
        else:
            cond = self.int_cond(self.uniform_expr())
        if r.random() < 0.4:
            cond = "gid >= n - %d" % r.randint(0, 20)
            tags.append("bounds-return")
        return Chunk("return", tags, ["  if (%s) return;" % cond])

    def wrap(self, ch):
        """Puts a chunk under a lane-varying if or inside a loop (its values stay inside)."""
        r = self.r
        w = r.randrange(3)
        if w == 0:
            ch.tags.append("under-lane-branch")
            head = "  if (%s) {" % self.int_cond(self.lane_expr())
        elif w == 1:
            ch.tags.append("in-lane-loop")
            head = "  for (int r%d = 0; r%d < (int)((unsigned)(%s) %% 3u); ++r%d) {" % (
                (self.nsym,) * 2 + (self.lane_expr(), self.nsym))
        else:
            ch.tags.append("in-uniform-loop")
            head = "  for (int r%d = 0; r%d < %d; ++r%d) {" % (self.nsym, self.nsym, r.randint(1, 3), self.nsym)
        ch.lines = [head] + ["  " + l for l in ch.lines] + ["  }"]
        ch.scoped = True

    def add(self, ch):
        ch.id = len(self.chunks)
        self.chunks.append(ch)

    def build(self, nchunks):
        r = self.r
        # Barrier and warp-synchronous chunks first (all lanes present), then the rest.
        for _ in range(r.randint(0, 2)):
            if r.random() < 0.5:
                self.add(self.chunk_shared())
            elif self.whole_warps:
                self.add(self.chunk_warp())
        if self.threadids and self.whole_warps:  # seeds 13 and later: tiles (threadids.py)
            for _ in range(r.randint(1, 3)):
                self.add(self.chunk_threadids_warp())
        while len(self.chunks) < nchunks:
            x = r.random()
            if x < 0.2:
                ch = self.chunk_rare()
            elif self.controlflow and r.random() < 0.4:  # seeds 14 and later (controlflow.py)
                ch = self.chunk_controlflow()
            elif self.threadids and r.random() < 0.6:  # seeds 13 and later (threadids.py)
                ch = self.chunk_threadids()
            else:
                ch = self.chunk_value()
            if x > 0.85:
                self.wrap(ch)
            self.add(ch)
        if r.random() < 0.35:
            self.add(self.chunk_return())
            for _ in range(r.randint(1, 2)):
                self.add(self.chunk_rare() if r.random() < 0.3 else self.chunk_value())

    # ---- rendering ------------------------------------------------------------------------
    def prologue(self):
        bx, by, bz = self.block
        gx, gy, gz = self.grid
        L = []
        L.append("  const int tx = threadIdx.x, ty = threadIdx.y, tz = threadIdx.z;")
        L.append("  const int bsz = blockDim.x * blockDim.y * blockDim.z;")
        L.append("  const int lin = tx + ty * blockDim.x + tz * blockDim.x * blockDim.y;")
        L.append("  const int bid = blockIdx.x + blockIdx.y * gridDim.x + blockIdx.z * gridDim.x * gridDim.y;")
        L.append("  const int gid = bid * bsz + lin;")
        if self.dims == 1:
            if self.template:
                L.append("  const int i = blockIdx.x * BX + threadIdx.x;")
            elif not self.runtime_shape:
                L.append("  const int i = blockIdx.x * %d + threadIdx.x;" % bx)
            else:
                L.append("  const int i = blockIdx.x * blockDim.x + threadIdx.x;")
        else:
            L.append("  const int ix = blockIdx.x * blockDim.x + tx, iy = blockIdx.y * blockDim.y + ty;")
            L.append("  const int iz = blockIdx.z * blockDim.z + tz;")
            if self.runtime_shape or self.r.random() < 0.5:
                L.append("  const int NX = gridDim.x * blockDim.x, NY = gridDim.y * blockDim.y, "
                         "NZ = gridDim.z * blockDim.z;")
            else:
                L.append("  const int NX = %d, NY = %d, NZ = %d;" % (bx * gx, by * gy, bz * gz))
        L.append("  float acc = 0.0f;")
        return L

    def render(self, out, meta_kernel):
        """Appends helper and kernel lines to out (a list); records line ranges (1-based)."""
        for ch in self.chunks:
            if ch.helpers:
                start = len(out) + 1
                out.extend(ch.helpers)
                meta_kernel["chunks"][ch.id]["helper_lines"] = [start, len(out)]
        params = ("const int *__restrict__ cdat, const int *__restrict__ vdat, float *out, "
                  "int *cnt, int n, int p, int q" + (pointers.PARAMS if self.params else ""))
        if self.template:
            out.append("template <int BX>")
        out.append("__global__ void %s(%s) {" % (self.name, params))
        meta_kernel["kernel_line"] = len(out)
        pro = self.prologue()
        meta_kernel["prologue_lines"] = [len(out) + 1, len(out) + len(pro)]
        out.extend(pro)
        for ch in self.chunks:
            start = len(out) + 1
            out.extend(ch.lines)
            meta_kernel["chunks"][ch.id]["lines"] = [start, len(out)]
        epi = ["  out[gid] = acc;", "}", ""]
        meta_kernel["epilogue_lines"] = [len(out) + 1, len(out) + len(epi)]
        out.extend(epi)
        meta_kernel["end_line"] = len(out)

    def launch(self):
        bx, by, bz = self.block
        gx, gy, gz = self.grid
        args = "cdat, vdat, out, cnt, %d, %d, %d" % (self.total, self.p, self.q)
        if self.params:
            args += pointers.PARAMS_ARGS % self.total
        name = self.name + ("<%d>" % bx if self.template else "")
        partial = modern.partial_block(self) if self.modern else None
        if partial:  # seeds 5 and later: blockDim.x known, y and z not
            return ["  { " + partial,
                    "    %s<<<g, b>>>(%s); check(\"%s\"); }" % (name, args, self.name)]
        if self.runtime_shape:
            return ["  { dim3 g(rt(%d), rt(%d), rt(%d)), b(rt(%d), rt(%d), rt(%d));" % (gx, gy, gz, bx, by, bz),
                    "    %s<<<g, b>>>(%s); check(\"%s\"); }" % (name, args, self.name)]
        if self.dims == 1 and self.r.random() < 0.6:
            return ["  %s<<<%d, %d>>>(%s); check(\"%s\");" % (name, gx, bx, args, self.name)]
        return ["  %s<<<dim3(%d, %d, %d), dim3(%d, %d, %d)>>>(%s); check(\"%s\");"
                % (name, gx, gy, gz, bx, by, bz, args, self.name)]

    def meta(self):
        m = {"name": self.name, "dims": self.dims, "block": list(self.block),
             "grid": list(self.grid), "runtime_shape": self.runtime_shape,
             "template": self.template, "whole_warps": self.whole_warps,
             "p": self.p, "q": self.q, "n": self.total,
             "chunks": [{"id": c.id, "kind": c.kind, "tags": c.tags, "uses": c.uses,
                         "scoped": c.scoped} for c in self.chunks]}
        if self.threadids:  # seeds 13 and later: a kernel of threadids.py's family
            m["threadids"] = True
        return m


HEADER = r"""// Generated by bench/generator/gen.py --seed %(seed)d (program %(index)d). Do not edit.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

struct S2 { int a; int b; };
struct R2 { float o, d; };
struct Pt { int x, y; };

static int g_argc = 1;
// A launch dimension the analysis cannot see as a constant.
static unsigned rt(unsigned v) { return g_argc > 1000 ? 1u : v; }
static void check(const char *k) {
  cudaError_t e = cudaDeviceSynchronize();
  if (e == cudaSuccess) e = cudaGetLastError();
  if (e != cudaSuccess) { std::fprintf(stderr, "%%s: %%s\n", k, cudaGetErrorString(e)); std::exit(1); }
}
"""

MAIN = r"""
int main(int argc, char **argv) {
  g_argc = argc;
  (void)argv;
  const int VN = %(vn)d, MAXT = %(maxt)d, NC = %(nc)d;
  int *h = (int *)std::malloc(sizeof(int) * VN);
  int *cdat, *vdat, *cnt;
  float *out;
  cudaMalloc(&cdat, sizeof(int) * VN);
  cudaMalloc(&vdat, sizeof(int) * VN);
  cudaMalloc(&cnt, sizeof(int) * NC);
  cudaMalloc(&out, sizeof(float) * MAXT);
  for (int k = 0; k < VN; ++k) h[k] = %(const)d;
  cudaMemcpy(cdat, h, sizeof(int) * VN, cudaMemcpyHostToDevice);
  for (int k = 0; k < VN; ++k) h[k] = (int)(((unsigned)k * 2654435761u) >> 7) %% 1000;
  cudaMemcpy(vdat, h, sizeof(int) * VN, cudaMemcpyHostToDevice);
  cudaMemset(cnt, 0, sizeof(int) * NC);
  cudaMemset(out, 0, sizeof(float) * MAXT);
%(launches)s
  float sum = 0.f;
  float *ho = (float *)std::malloc(sizeof(float) * MAXT);
  cudaMemcpy(ho, out, sizeof(float) * MAXT, cudaMemcpyDeviceToHost);
  for (int k = 0; k < MAXT; ++k) sum += ho[k];
  std::printf("ok %%d kernels, checksum %%g\n", %(nk)d, (double)sum);
  cudaFree(cdat); cudaFree(vdat); cudaFree(cnt); cudaFree(out);
  std::free(h); std::free(ho);
  return 0;
}
"""


def generate_program(seed, index, kernels_range=(30, 50)):
    r = random.Random(seed * 100003 + index)
    nk = r.randint(*kernels_range)
    header = HEADER % {"seed": seed, "index": index}
    if seed >= 4:
        header += collectives.HEADER
    if seed >= 9:
        header += pointers.HEADER
    if seed >= 10:
        header += pointers.PARAMS_HEADER
    if seed >= 12:
        header += templated.HEADER
    if seed >= 22:
        header += punning.HEADER
    out = header.split("\n")
    meta = {"seed": seed, "index": index, "kernels": []}
    launches = []
    for k in range(nk):
        kg = KernelGen(r, None, k)
        kg.objects = seed >= 3
        kg.collectives = seed >= 4
        kg.modern = seed >= 5
        kg.pointers = seed >= 9
        kg.params = seed >= 10
        kg.deep = seed >= 11
        kg.templated = seed >= 12
        kg.captures = seed >= 20
        kg.punning = seed >= 22
        kg.no_struct_memcpy = seed >= 23
        kg.places = seed >= 25
        if seed >= 13 and r.random() < 0.5:  # linear thread ids in rows that share warps
            threadids.setup(kg)
        kg.controlflow = seed >= 14
        kg.build(r.randint(4, 9))
        mk = kg.meta()
        kg.render(out, mk)
        meta["kernels"].append(mk)
        launches += kg.launch()
    main = MAIN % {"vn": VN, "maxt": MAX_THREADS, "nc": NUM_COUNTERS, "const": r.randint(1, 9),
                   "launches": "\n".join(launches), "nk": nk}
    main_start = len(out) + 1
    out.extend(main.split("\n"))
    meta["main_lines"] = [main_start, len(out)]
    return "\n".join(out) + "\n", meta


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=250)
    ap.add_argument("--first", type=int, default=0, help="index of the first program")
    ap.add_argument("--kernels", default="30-50", help="kernels per program, LO-HI")
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    lo, hi = (int(x) for x in a.kernels.split("-"))
    os.makedirs(a.out, exist_ok=True)
    total = 0
    for idx in range(a.first, a.first + a.count):
        src, meta = generate_program(a.seed, idx, (lo, hi))
        name = "g%d_%04d" % (a.seed, idx)
        with open(os.path.join(a.out, name + ".cu"), "w") as f:
            f.write(src)
        meta["file"] = name + ".cu"
        with open(os.path.join(a.out, name + ".meta.json"), "w") as f:
            json.dump(meta, f, indent=0)
        total += len(meta["kernels"])
    print("wrote %d programs, %d kernels to %s" % (a.count, total, a.out))


if __name__ == "__main__":
    main()
