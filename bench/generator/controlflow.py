"""Control flow where uniformity is easy to get wrong: sync dependence and temporal divergence
(gen.py, seeds 14 and later).

A value is uniform in a warp only if every lane computes it the same way *and* every lane
reaches its use along a path that gives it the same value. Each chunk here is driven by a
lane-varying or a uniform source (gen.py's `lane_expr()` 70%, `uniform_expr()` 30%), makes a
value through one control-flow shape, and tests it with gen.py's `test_value`. Tags, in order:
the feature; `cf-lane` or `cf-uniform`, what the tested value is by construction (`cf-uniform`:
the same in every lane of a warp whatever paths the lanes took, about half of the chunks);
`src-lane` or `src-uniform`; then the variant, where there is one. Conditions on the source are
mostly ones that split small ranges (`(e) % 3 == 1`, `(e & 2) != 0`), else `int_cond`'s.

- temporal divergence, a loop whose exit is lane-varying and a value defined in it used after:
  `temporal-count` (`int k = 0; while (k < (int)((unsigned)e % M)) ++k;`, also as `for (;;)`,
  `while (true) { if (k >= B) break; ++k; }`: uniform at every iteration, lane-varying after),
  `temporal-update` (`x` updated at each iteration: `x += 3`, `x = (x * 2 + 1) % 4096`,
  `x ^= 5`, `x = u2` with x starting at another uniform u; `invariant`: `x = u` with x
  starting at u, uniform), `temporal-break` (`if (j >= B) { f = V; break; }` in a loop of 8:
  `exit-iteration` V = j; `exit-always` V a constant or uniform value and every lane breaks,
  uniform; `exit-maybe` some lanes run to the end and keep -1), `temporal-last`
  (`last = j * 3 + u;` before the lane-varying break), `uniform-exit` (the near-miss: a uniform
  trip count and a lane-varying branch in the body, `x` updated before it, uniform;
  `continue-skips-update`: the branch's `continue` skips the update);
- merges after a lane-varying branch: `merge-if` (`x = a; if (c) x = b;`), `merge-if-else`,
  `merge-ternary`, `merge-switch`, with `same` (a == b, a constant or uniform expression, some
  spelled differently: `3` and `2 + 1`) or `diff` values;
- jumps: `switch-fallthrough` (`[[fallthrough]]` into a case or into a `default` placed in the
  middle; `same`: every path leaves 5), `switch-continue` (`case 0: continue;` and `break` in a
  switch in a loop; `trips-multiple`: the trip count a multiple of the switch's period, so
  every lane counts the same), `nested-break` / `nested-continue` (of an inner loop; `inner`:
  the inner count, `outer`: the outer one, uniform), `nested-break-flag` (a flag set at the
  inner break leaves the outer loop; the `flag` or `outer-count` tested), `goto-exit` (`goto`
  out of one loop or two (`goto-nested`) to a label after them: `exit-iteration`,
  `exit-always`, `exit-maybe`, `exit-maybe-same`; `goto-loop`: a loop made of a backward goto
  with a lane-varying bound; `goto-irreducible`: a goto loop entered at its top or, under a
  lane-varying condition, at a second label in its middle, `same` where both entries leave the
  same value), `do-while` (`do { ++k; } while (k < B);`; `do-continue-counter`: a lane-varying
  `continue` skips the rest of the body but the counter is uniform; `do-continue-skipped`: the
  count it skips), `helper-early-return` (a `__device__` helper returning `u + a` early under a
  lane-varying condition and `u + b` at its end, `return-in-loop` from inside a loop,
  `out-pointer` storing a, returning, then storing b; `same` or `diff`);
- short circuits with side effects: `short-circuit` (`if (c && (x = v, true))`,
  `bool b = c || (x = v, false);`, `(void)(c && (x = v, true));`, `both-sides`:
  `(c && (x = v, true)) || (x = a, false)`, `increment`: `c || (++x, false)`; v equal to x's
  initial value (`same`), another constant (`diff`), a uniform value (`assign-uniform`) or a
  lane-varying one (`assign-lane`)).

Every loop is bounded by a small constant or a value reduced modulo one; every local is
initialised; no goto jumps over a declaration. Seeds 1 to 13 do not use any of this, so their
programs stay byte-identical.
"""


def _src(kg, tags, p_lane=0.7):
    """A lane-varying or uniform driver expression; tags the chunk with which."""
    lane = kg.r.random() < p_lane
    tags.append("src-lane" if lane else "src-uniform")
    return (kg.lane_expr() if lane else kg.uniform_expr()), lane


def _cond(kg, e):
    """A condition on e; mostly one that splits small ranges (lin & 3, tx % 7), else int_cond's."""
    r = kg.r
    if r.random() < 0.3:
        return kg.int_cond(e)
    m = r.randint(2, 5)
    return r.choice(["(%s) %% %d == %d" % (e, m, r.randrange(m)),
                     "((%s) & %d) != 0" % (e, r.choice([1, 2])),
                     "(%s) %% %d < %d" % (e, m + 1, r.randint(1, m))])


def _bound(e, m):
    return "(int)((unsigned)(%s) %% %du)" % (e, m)


def _const(kg):
    return str(kg.r.randint(0, 9))


def _other_const(kg, c):
    return str((int(c) + kg.r.randint(1, 5)) % 10)


# ---- temporal divergence -----------------------------------------------------------------------
def f_temporal_count(kg, tags):
    """A counter uniform at every iteration; lanes leave at different ones."""
    r = kg.r
    tags.append("temporal-count")
    e, lane = _src(kg, tags)
    k = kg.sym("k")
    b = _bound(e, r.randint(3, 9))
    form = r.randrange(4)
    if form == 0:
        lines = ["  int %s = 0;" % k, "  while (%s < %s) ++%s;" % (k, b, k)]
    elif form == 1:
        lines = ["  int %s = 0;" % k, "  for (; %s < %s; ++%s) {}" % (k, b, k)]
    elif form == 2:
        lines = ["  int %s = 0;" % k, "  while (true) {", "    if (%s >= %s) break;" % (k, b),
                 "    ++%s;" % k, "  }"]
    else:
        lim = kg.sym("lim")
        lines = ["  const int %s = %s;" % (lim, b), "  int %s = 0;" % k,
                 "  while (%s < %s) %s += 1;" % (k, lim, k)]
    return lines, [], k, lane


def f_temporal_update(kg, tags):
    """x updated at each iteration of a loop with a lane-varying exit, read after it."""
    r = kg.r
    tags.append("temporal-update")
    e, lane = _src(kg, tags)
    x, k = kg.sym("x"), kg.sym("k")
    u = kg.uniform_expr()
    u2 = kg.uniform_expr()
    form = r.randrange(5)
    if form == 0:
        upd, varies = "%s += %d;" % (x, r.randint(1, 5)), True
    elif form == 1:
        upd, varies = "%s = (%s * 2 + 1) %% 4096;" % (x, x), True
    elif form == 2:
        upd, varies = "%s ^= %d;" % (x, r.choice([1, 5, 8])), True
    elif form == 3 and u2 != u:
        upd, varies = "%s = %s;" % (x, u2), True
    else:
        tags.append("invariant")
        upd, varies = "%s = %s;" % (x, u), False
    lines = ["  int %s = %s;" % (x, u), "  int %s = 0;" % k,
             "  while (%s < %s) {" % (k, _bound(e, r.randint(2, 8))),
             "    " + upd, "    ++%s;" % k, "  }"]
    return lines, [], x, lane and varies


def f_temporal_break(kg, tags):
    """A value set at a lane-varying break: the iteration, or a value every lane sets."""
    r = kg.r
    tags.append("temporal-break")
    e, lane = _src(kg, tags)
    f = kg.sym("f")
    form = r.randrange(3)
    if form == 0:
        tags.append("exit-iteration")
        cond = r.choice(["j >= %s" % _bound(e, r.randint(2, 8)), "((%s) + j) %% 5 == 4" % e])
        val, varies = "j", True
    elif form == 1:  # every lane breaks (the bound is below the trip count): f is val in all
        tags.append("exit-always")
        cond = r.choice(["j >= %s" % _bound(e, r.randint(2, 8)), "((%s) + j) %% 5 == 4" % e])
        val, varies = r.choice([_const(kg), kg.uniform_expr()]), False
    else:  # lanes whose bound is 8 or more run to the end: f is -1 there
        tags.append("exit-maybe")
        cond = "j >= %s" % _bound(e, r.randint(9, 12))
        val, varies = _const(kg), True
    lines = ["  int %s = -1;" % f, "  for (int j = 0; j < 8; ++j) {",
             "    if (%s) {" % cond, "      %s = %s;" % (f, val), "      break;", "    }"]
    if r.random() < 0.4:
        lines.append("    " + kg.body())
    lines.append("  }")
    return lines, [], f, lane and varies


def f_temporal_last(kg, tags):
    r = kg.r
    tags.append("temporal-last")
    e, lane = _src(kg, tags)
    last = kg.sym("last")
    lines = ["  int %s = 0;" % last, "  for (int j = 0; j < 8; ++j) {",
             "    %s = j * %d + %s;" % (last, r.randint(1, 4), kg.uniform_expr()),
             "    if (j >= %s) break;" % _bound(e, r.randint(2, 8)), "  }"]
    return lines, [], last, lane


def f_uniform_exit(kg, tags):
    """A uniform trip count, a lane-varying branch in the body."""
    r = kg.r
    tags.append("uniform-exit")
    e, lane = _src(kg, tags)
    x = kg.sym("x")
    trips = r.choice(["p % 5", "q % 4", str(r.randint(1, 6)), "(n / 64) % 4", "(int)(bid % 3)"])
    lines = ["  int %s = %s;" % (x, kg.uniform_expr()),
             "  for (int j = 0; j < %s; ++j) {" % trips]
    if r.random() < 0.5:
        lines += ["    %s += 2;" % x, "    if (%s) %s" % (_cond(kg, e), kg.body())]
        varies = False
    else:
        tags.append("continue-skips-update")
        lines += ["    if (%s) continue;" % _cond(kg, "((%s) + j)" % e), "    %s += 2;" % x]
        varies = True
    lines.append("  }")
    return lines, [], x, lane and varies


# ---- values merged after a branch --------------------------------------------------------------
def f_merge(kg, tags):
    r = kg.r
    form = r.choice(["merge-if", "merge-if-else", "merge-ternary", "merge-switch"])
    tags.append(form)
    e, lane = _src(kg, tags)
    x = kg.sym("x")
    same = r.random() < 0.5
    if r.random() < 0.6:
        a = _const(kg)
        b = a if same else _other_const(kg, a)
        if same and r.random() < 0.3:  # equal, spelled differently
            b = "%d + %d" % (int(a) - int(a) // 2, int(a) // 2)
    else:
        a = kg.uniform_expr()
        b = a
        if not same:
            b = kg.uniform_expr()
            if b == a:
                b = "%s + 1" % a
    tags.append("same" if same else "diff")
    c = _cond(kg, e)
    if form == "merge-if":
        lines = ["  int %s = %s;" % (x, a), "  if (%s) %s = %s;" % (c, x, b)]
    elif form == "merge-if-else":
        lines = ["  int %s = 0;" % x, "  if (%s) {" % c, "    %s = %s;" % (x, b),
                 "    " + kg.body(), "  } else {", "    %s = %s;" % (x, a), "  }"]
    elif form == "merge-ternary":
        lines = ["  int %s = (%s) ? %s : %s;" % (x, c, b, a)]
    else:
        m = r.randint(2, 5)
        hit = r.randrange(m)
        lines = ["  int %s = %s;" % (x, a), "  switch ((unsigned)(%s) %% %du) {" % (e, m)]
        for cs in range(m - 1):
            lines.append("  case %d: %s = %s; break;" % (cs, x, b if cs == hit else a))
        lines.append("  default: %s = %s; break;" % (x, b if hit == m - 1 else a))
        lines.append("  }")
    return lines, [], x, lane and not same


# ---- structured jumps --------------------------------------------------------------------------
def f_switch_fallthrough(kg, tags):
    r = kg.r
    tags.append("switch-fallthrough")
    e, lane = _src(kg, tags)
    x = kg.sym("x")
    s = "(unsigned)(%s) %% 4u" % e
    if r.random() < 0.5:  # every path gives 5 (case 1 falls into case 2)
        tags.append("same")
        lines = ["  int %s = 4;" % x, "  switch (%s) {" % s, "  case 0: %s = 5; break;" % x,
                 "  case 1: %s = 4; [[fallthrough]];" % x, "  case 2: %s += 1; break;" % x,
                 "  default: %s = 5; break;" % x, "  }"]
        varies = False
    else:
        tags.append("diff")
        a, b = r.randint(0, 4), r.randint(1, 3)
        if r.random() < 0.5:
            lines = ["  int %s = %d;" % (x, a), "  switch (%s) {" % s,
                     "  case 0: %s += %d; [[fallthrough]];" % (x, b),
                     "  case 1: %s += 2; break;" % x, "  case 2: %s = 7; [[fallthrough]];" % x,
                     "  default: %s += 1; break;" % x, "  }"]
        else:  # default in the middle, falling into a case
            lines = ["  int %s = %d;" % (x, a), "  switch (%s) {" % s,
                     "  case 1: %s += %d; [[fallthrough]];" % (x, b),
                     "  default: %s += 1; break;" % x, "  case 3: %s = 9; break;" % x, "  }"]
        varies = True
    return lines, [], x, lane and varies


def _loop_cond(kg, e, j):
    r = kg.r
    return r.choice(["%s >= %s" % (j, _bound(e, r.randint(2, 6))),
                     "((%s) + %s) %% 4 == 3" % (e, j),
                     "(int)((unsigned)(%s) %% 4u) == %s" % (e, j)])


def f_nested(kg, tags):
    r = kg.r
    form = r.choice(["nested-break", "nested-continue", "nested-break-flag"])
    tags.append(form)
    e, lane = _src(kg, tags)
    inner, outer = kg.sym("inner"), kg.sym("outer")
    J, O = r.randint(2, 4), r.randint(3, 6)
    if form == "nested-break-flag":
        stop = kg.sym("stop")
        lines = ["  int %s = 0, %s = 0;" % (stop, outer),
                 "  for (int j = 0; j < %d; ++j) {" % J,
                 "    for (int o = 0; o < %d; ++o) {" % O,
                 "      if (%s) { %s = 1; break; }" % (_loop_cond(kg, "(%s) + j" % e, "o"), stop),
                 "    }", "    if (%s) break;" % stop, "    %s += 1;" % outer, "  }"]
        v = r.choice([stop, outer])
        tags.append("flag" if v == stop else "outer-count")
        return lines, [], v, lane
    jump = "break" if form == "nested-break" else "continue"
    lines = ["  int %s = 0, %s = 0;" % (inner, outer),
             "  for (int j = 0; j < %d; ++j) {" % J,
             "    for (int o = 0; o < %d; ++o) {" % O,
             "      if (%s) %s;" % (_loop_cond(kg, e, "o"), jump),
             "      %s += 1;" % inner, "    }", "    %s += 2;" % outer, "  }"]
    if r.random() < 0.5:
        tags.append("inner")
        return lines, [], inner, lane
    tags.append("outer")
    return lines, [], outer, False


def f_goto(kg, tags):
    r = kg.r
    tags.append("goto-exit")
    e, lane = _src(kg, tags)
    g = kg.sym("g")
    form = r.randrange(5)
    if form >= 3:
        return _goto_loop(kg, tags, e, lane, g, form == 4)
    lbl = kg.sym("done")
    if form == 0:
        tags.append("exit-iteration")
        cond, val, after, varies = "j >= %s" % _bound(e, r.randint(2, 8)), "j", "-1", True
    elif form == 1:  # every lane jumps
        tags.append("exit-always")
        c = _const(kg)
        cond, val, after, varies = "j >= %s" % _bound(e, r.randint(2, 8)), c, "-1", False
    else:  # some lanes reach the end: the value after the loop, equal or not
        c = _const(kg)
        same = r.random() < 0.4
        tags.append("exit-maybe-same" if same else "exit-maybe")
        cond, val = "j >= %s" % _bound(e, r.randint(9, 14)), c
        after, varies = (c if same else _other_const(kg, c)), not same
    lines = ["  int %s = 0;" % g, "  for (int j = 0; j < 8; ++j) {"]
    if r.random() < 0.4:
        tags.append("goto-nested")
        lines += ["    for (int o = 0; o < 2; ++o) {",
                  "      if (%s && o == 1) { %s = %s; goto %s; }" % (cond, g, val, lbl), "    }"]
    else:
        lines.append("    if (%s) { %s = %s; goto %s; }" % (cond, g, val, lbl))
    lines += ["  }", "  %s = %s;" % (g, after), "%s:" % lbl, "  %s += 0;" % g]
    return lines, [], g, lane and varies


def _goto_loop(kg, tags, e, lane, g, irreducible):
    """A loop made of a backward goto; irreducible: entered at its top or, under a condition, at
    a second label in its middle."""
    r = kg.r
    top = kg.sym("again")
    if not irreducible:
        tags.append("goto-loop")
        lines = ["  int %s = 0;" % g, "%s:" % top, "  ++%s;" % g,
                 "  if (%s < %s) goto %s;" % (g, _bound(e, r.randint(2, 7)), top)]
        return lines, [], g, lane
    tags.append("goto-irreducible")
    mid = kg.sym("mid")
    a, b, lim = r.randint(1, 3), r.randint(1, 3), r.randint(4, 12)

    def run(g, at_top):  # what the loop leaves in g
        while True:
            if at_top:
                g += a
            at_top = True
            g += b
            if g >= lim:
                return g
    same = run(0, True) == run(0, False)
    tags.append("same" if same else "diff")
    lines = ["  int %s = 0;" % g, "  if (%s) goto %s;" % (_cond(kg, e), mid),
             "%s:" % top, "  %s += %d;" % (g, a), "%s:" % mid, "  %s += %d;" % (g, b),
             "  if (%s < %d) goto %s;" % (g, lim, top)]
    return lines, [], g, lane and not same


def f_switch_in_loop(kg, tags):
    """`continue` and `break` in a switch in a loop: a count that is the same for every lane when
    the trip count is a multiple of the switch's period."""
    r = kg.r
    tags.append("switch-continue")
    e, lane = _src(kg, tags)
    x, y = kg.sym("x"), kg.sym("y")
    trips = r.choice([3, 6, 4, 5])
    lines = ["  int %s = 0, %s = 0;" % (x, y), "  for (int j = 0; j < %d; ++j) {" % trips,
             "    switch ((unsigned)((%s) + j) %% 3u) {" % e, "    case 0: continue;",
             "    case 1: %s += 1; break;" % x, "    default: break;", "    }",
             "    %s += 1;" % y, "  }"]
    tags.append("trips-multiple" if trips % 3 == 0 else "trips-other")
    return lines, [], r.choice([x, y]), lane and trips % 3 != 0


def f_do_while(kg, tags):
    r = kg.r
    tags.append("do-while")
    e, lane = _src(kg, tags)
    k, x = kg.sym("k"), kg.sym("x")
    form = r.randrange(3)
    if form == 0:
        lines = ["  int %s = 0;" % k, "  do {", "    ++%s;" % k,
                 "  } while (%s < %s);" % (k, _bound(e, r.randint(2, 7)))]
        return lines, [], k, lane
    lines = ["  int %s = 0, %s = 0;" % (k, x), "  do {", "    ++%s;" % k,
             "    if (%s) continue;" % _loop_cond(kg, e, k), "    %s += 2;" % x,
             "  } while (%s < %d);" % (k, r.randint(2, 5))]
    if form == 1:
        tags.append("do-continue-counter")
        return lines, [], k, False
    tags.append("do-continue-skipped")
    return lines, [], x, lane


def f_helper_return(kg, tags):
    r = kg.r
    tags.append("helper-early-return")
    e, lane = _src(kg, tags)
    h, v = kg.hname("early"), kg.sym("v")
    u = kg.uniform_expr()
    same = r.random() < 0.45
    tags.append("same" if same else "diff")
    a = r.randint(0, 9)
    b = a if same else (a + r.randint(1, 5)) % 10
    form = r.randrange(3)
    c = _cond(kg, "x")
    if form == 0:  # return from the body, values a or b plus the uniform argument
        helpers = ["__device__ int %s(int x, int u) {" % h,
                   "  if (%s) return u + %d;" % (c, a),
                   "  " + r.choice(["u += %d;" % b, "u = u + %d;" % b]),
                   "  return u;", "}"]
        lines = ["  int %s = %s(%s, %s);" % (v, h, e, u)]
    elif form == 1:  # return from a loop (x % M is below its trip count: the loop returns)
        tags.append("return-in-loop")
        m = r.randint(2, 6)
        ret = "u + %d" % a if same else r.choice(["j", "u + j"])
        helpers = ["__device__ int %s(int x, int u) {" % h,
                   "  for (int j = 0; j < 6; ++j) {",
                   "    if (j >= (int)((unsigned)x %% %du)) return %s;" % (m, ret),
                   "  }", "  return u + %d;" % b, "}"]
        lines = ["  int %s = %s(%s, %s);" % (v, h, e, u)]
    else:  # a void helper storing through a pointer before and after its early return
        tags.append("out-pointer")
        helpers = ["__device__ void %s(int x, int *o) {" % h, "  *o = %d;" % a,
                   "  if (%s) return;" % c, "  *o = %d;" % b, "}"]
        lines = ["  int %s = 0;" % v, "  %s(%s, &%s);" % (h, e, v)]
    return lines, helpers, v, lane and not same


# ---- short-circuit side effects ----------------------------------------------------------------
def f_short_circuit(kg, tags):
    r = kg.r
    tags.append("short-circuit")
    e, lane = _src(kg, tags)
    x = kg.sym("x")
    c = _cond(kg, e)
    a = _const(kg)
    form = r.randrange(5)
    if form == 3:  # x is a + 1 where c is false
        tags.append("increment")
        lines = ["  int %s = %s;" % (x, a), "  if ((%s) || (++%s, false)) %s" % (c, x, kg.body())]
        return lines, [], x, lane
    kind = r.random()
    if kind < 0.45:
        b, b_lane = a, False
        tags.append("same")
    elif kind < 0.8:
        b, b_lane = _other_const(kg, a), False
        tags.append("diff")
    elif kind < 0.9:
        b, b_lane = kg.uniform_expr(), False
        tags.append("assign-uniform")
    else:
        b, b_lane = "(%s)" % kg.lane_expr(), True
        tags.append("assign-lane")
    if form == 0:
        lines = ["  int %s = %s;" % (x, a),
                 "  if ((%s) && (%s = %s, true)) %s" % (c, x, b, kg.body())]
    elif form == 1:
        bv = kg.sym("b")
        lines = ["  int %s = %s;" % (x, a), "  bool %s = (%s) || (%s = %s, false);" % (bv, c, x, b),
                 "  if (%s) %s" % (bv, kg.body())]
    elif form == 2:
        lines = ["  int %s = %s;" % (x, a), "  (void)((%s) && (%s = %s, true));" % (c, x, b)]
    else:
        tags.append("both-sides")
        lines = ["  int %s = 0;" % x,
                 "  if (((%s) && (%s = %s, true)) || (%s = %s, false)) %s"
                 % (c, x, b, x, a, kg.body())]
    return lines, [], x, b_lane or (lane and b != a)


# Weights: temporal divergence, merges, jumps and short circuits twice as likely as the rest.
FEATURES = [f_temporal_count, f_temporal_count, f_temporal_update, f_temporal_break,
            f_temporal_break, f_temporal_last, f_uniform_exit, f_merge, f_merge,
            f_switch_fallthrough, f_switch_in_loop, f_nested, f_goto, f_goto, f_do_while,
            f_helper_return, f_short_circuit, f_short_circuit]


def chunk(kg):
    """A value chunk: (tags, lines, helpers, defines)."""
    tags = []
    f = kg.r.choice(FEATURES)
    lines, helpers, v, varies = f(kg, tags)
    tags.insert(1, "cf-lane" if varies else "cf-uniform")
    lines += kg.test_value(v, tags)
    return tags, lines, helpers, (v, "lane" if varies else "uniform")
