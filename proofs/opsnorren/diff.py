"""Search for a trick on which two (or more) variants of the rules disagree.

A *variant* is a function ``(reading, row) -> Variant(reading', row', binding, own_team_pick)``
applied to the shared symbolic reading and row: two rule rows in different orders, or two options of
one choice. ``differ`` looks for the smallest trick (fewest cards, then no jokers, then
the fewest revealed rule cards, then the default readings of every other choice) that
is legal under the first variant and on which some other variant gives a different
outcome (``model.outcome_differs``) or rejects one of its plays. ``None`` means the
variants agree on every trick in the bounds (unsat for every size): proved to commute.
"""

from __future__ import annotations

import functools
import itertools
import time
from typing import NamedTuple

import z3

from proofs.core import TIMEOUT_MS
from proofs.opsnorren import model as M
from proofs.opsnorren import search as Q
from proofs.opsnorren import spec as S

NS = (3, 4, 5, 6)


class Variant(NamedTuple):
    reading: dict
    row: list
    binding: str = "late"
    own_team_pick: bool = True


class Unknown(Exception):
    """Z3 gave up: the comparison is not decided."""


def add(s: z3.Solver, *xs) -> None:
    """Assert terms that may have folded to Python booleans."""
    for x in xs:
        if x is True:
            continue
        s.add(z3.BoolVal(False) if x is False else x)


def _check(s: z3.Solver) -> bool:
    s.set("timeout", TIMEOUT_MS)
    r = s.check()
    if r == z3.unknown:
        raise Unknown(s.reason_unknown())
    return r == z3.sat


def differ(variants: list, *, tag: str = "", symbolic_row: bool = False, max_rule_cards: int = 2,
           ns=NS, fixed: dict | None = None, pick_matters: bool = True, compare: str = "full") -> dict | None:
    """The smallest witness where the variants disagree, or None (they agree everywhere).

    Per trick size, one general query first (jokers allowed, every reading, up to
    ``max_rule_cards`` revealed trick-play cards); only when it is sat, the preferences
    (no jokers, fewer rule cards, default readings) pick the nicest witness of that size.
    ``fixed``: choices held at one option in every variant (unless a variant overrides
    it). ``pick_matters``: only witnesses where a monkey pick can change a team's pile
    (so that every engine must ask for the pick). Returns {"trick", "reading", "row",
    "variants"} with concrete values."""
    fixed = fixed or {}
    opts = dict(symbolic_row=symbolic_row, fixed=fixed, pick_matters=pick_matters, compare=compare)
    for n in ns:
        general = dict(jokers=True, row_limit=max_rule_cards if symbolic_row else None, defaults=False)
        if _query(n, variants, **opts, **general) is None:
            continue
        joker_opts = (False, True) if S.deal_table()[n]["small_jokers"] else (True,)
        limits = range(0, max_rule_cards + 1) if symbolic_row else (None,)
        for jokers in joker_opts:
            for lim in limits:
                for defaults in (True, False):
                    w = _query(n, variants, jokers=jokers, row_limit=lim, defaults=defaults, **opts)
                    if w is not None:
                        return w
        raise AssertionError("the general query was sat but no preferred query is: preferences must cover it")
    return None


@functools.cache
def _trick(n: int):
    tr, cons = M.symbolic_trick(n, f"T{n}")
    rd, rc = M.symbolic_reading(f"T{n}rd")
    row = M.SymRow(f"T{n}row")
    return tr, cons + rc + row.constraints(), rd, row


_RES: dict = {}


def _resolution(n, reading, row, binding, otp):
    """Resolution, leads and legality of the size-``n`` trick, cached per variant."""
    tr, _, rd, srow = _trick(n)
    over = tuple(sorted((k, v) for k, v in reading.items() if isinstance(v, str)))
    rkey = "sym" if row is srow else tuple(row)
    key = (n, over, rkey, binding, otp)
    if key not in _RES:
        res = M.resolve(tr, reading, row, binding, otp)
        _RES[key] = (res, M.leads(tr, reading, row), M.legal_trick(tr, reading, row))
    return _RES[key]


def _query(n, variants, *, jokers, row_limit, symbolic_row, defaults, fixed, pick_matters, compare):
    tr, cons, rd, srow = _trick(n)
    s = z3.Solver()
    s.add(*cons)
    for cid, opt in fixed.items():
        s.add(M.is_opt(rd, cid, opt))
    if defaults:
        for cid in S.TRICK_CHOICES:
            s.add(M.is_opt(rd, cid, S.default(cid)))
    if not jokers:
        s.add(*[k == M.ANIMAL for k in tr.kind])
    row = srow if symbolic_row else []
    if symbolic_row:
        s.add(z3.Sum([z3.If(p >= 0, 1, 0) for p in srow.pos.values()]) <= row_limit)
    else:
        s.add(*[p == -1 for p in srow.pos.values()])  # the row is the variants' own, concrete
    concrete = [v(rd, row) for v in variants]
    results = []
    for rdk, rowk, binding, otp in concrete:
        res, lds, legal = _resolution(n, rdk, rowk, binding, otp)
        add(s, *res["defs"], res["pick_valid"])
        if pick_matters:  # a pick that can change a team's pile, so that every engine must ask for it
            add(s, M.implies(res["pick_on"], M.or_(res["taker"] == M.DISCARD, res["dove"],
                                                   res["taker_team"] != res["monkey_team"])))
        results.append((res, lds, legal))
    res0, leads0, legal0 = results[0]
    add(s, *legal0)
    diffs = []
    for res, lds, legal in results[1:]:
        diffs.append(M.or_(M.not_(M.and_(*legal)), M.outcome_differs(tr, res0, res, leads0, lds, compare)))
    add(s, M.or_(*diffs))
    if not _check(s):
        return None
    m = s.model()
    for a in s.assertions():
        if not z3.is_true(m.eval(a, model_completion=True)):
            raise AssertionError(f"Z3 model does not satisfy {a}: refusing a bogus witness")
    ct = Q.concrete_of(m, tr)
    reading = Q.reading_of(m, rd)
    crow = Q.row_of(m, row) if symbolic_row else []
    return {"trick": trick_json(ct), "reading": reading, "row": crow,
            "variants": [_concrete_variant(v, reading, crow) for v in variants]}


def _concrete_variant(v, reading, row):
    rdk, rowk, binding, otp = v(dict(reading), list(row))
    return {"reading": rdk, "row": list(rowk), "binding": binding, "own_team_pick": otp}


def trick_json(tr: M.Trick) -> dict:
    colours = S.colours()
    return {"players": tr.n, "cards": Q.cards_of(tr), "teams": [Q.TEAM[t] for t in tr.team],
            "holds": [[colours[c] for c in range(len(colours)) if tr.holds[i][c]] for i in range(tr.n)],
            "pick": tr.pick}


def trick_of(js: dict) -> M.Trick:
    colours = S.colours()
    return M.concrete_trick(js["cards"], [Q.TEAM.index(t) for t in js["teams"]],
                            [{colours.index(c) for c in h} for h in js["holds"]], js["pick"])


def outcomes(w: dict) -> list[dict]:
    """The witness's outcome under each variant (plain Python evaluation of the model)."""
    tr = trick_of(w["trick"])
    out = []
    for v in w["variants"]:
        legal = M.legal_trick(tr, v["reading"], v["row"])
        d = Q.describe(tr, v["reading"], v["row"], v["binding"], v.get("own_team_pick", True))
        d["legal"] = all(legal)
        if not d["legal"]:
            d["first_illegal_play"] = legal.index(False)
        out.append(d)
    return out


def timed(fn, *a, **k):
    t0 = time.perf_counter()
    out = fn(*a, **k)
    return out, round(time.perf_counter() - t0, 3)


def _choice_variants(cid, o1, o2):
    return [lambda rd, row: Variant({**rd, cid: o1}, row),
            lambda rd, row: Variant({**rd, cid: o2}, row)]


@functools.cache
def reading_witnesses() -> dict:
    """For each trick choice and each pair of its options: the smallest differing trick."""
    out = {}
    for cid in S.TRICK_CHOICES:
        opts = S.options(cid)
        per = []
        for o1, o2 in itertools.combinations(opts, 2):
            w, secs = timed(differ, _choice_variants(cid, o1, o2), tag=f"c{cid}{o1}{o2}", symbolic_row=True)
            per.append({"options": [o1, o2], "witness": w, "seconds": secs})
        out[cid] = per
    # the monkey's pick when its own team takes the trick: harmless to skip?
    per = []
    for opt in S.options("ops.monkey-discarded"):
        variants = [lambda rd, row, o=opt: Variant({**rd, "ops.monkey-discarded": o}, row),
                    lambda rd, row, o=opt: Variant({**rd, "ops.monkey-discarded": o}, row, own_team_pick=False)]
        w, secs = timed(differ, variants, tag=f"own{opt}", symbolic_row=True, pick_matters=False,
                          compare="dest")
        per.append({"options": ["pick", "skip"], "fixed": {"ops.monkey-discarded": opt}, "witness": w,
                    "seconds": secs})
    out["own-team-pick"] = per
    return out
