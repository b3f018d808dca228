"""The Opsnorren rule-order sweep: does the order of two or three revealed rule cards in the
row change a trick or a round? (OPS-RULES-LEFT-TO-RIGHT, line 55: "pas je ze altijd van links
naar rechts toe").

**Which cards.** Every card whose effect is a transformer of a procedure another card also
transforms: the trick-play cards (``model.py``: lead rule, set-aside filter, colour strength,
winner rule) and the scoring cards (``scoring.py``: card values, team adjustments, the round
comparison). ``pink-open`` and ``pass-three`` transform neither (spec.NOT_TRICK_PLAY).

**Which orders.** Only rows that can occur (OPS-SETUP-RULE-ROW, OPS-REVEAL-RULE): 2 white
cards then 2 black ones, revealed left to right over four rounds, so the row in force is a
prefix of such a row. A pair or triple is compared over the orders of its cards that occur in
some reachable row: two white or two black cards come in either order, a white card always
lies left of a black one, three cards of one pile never lie open together.

**Readings.** Trick cards are compared under every combination of ``ops.winner-rule-order``,
where ``equal-discarded`` filters (``first``, before every winner rule, as its own text
says; or at its ``row`` place, as line 55 says, a winner already chosen keeping the trick),
what triggers a 2 or 3 rule (the cards still ``filtered`` in, or as ``played``), and when a
rule reads the colour order (``late``, ours; ``snapshot``), every other trick choice left
symbolic. Each combination is labelled conflict (with a witness on the smallest trick,
re-checked by plain Python evaluation) or commutes (Z3 unsat for 3-6 cards).

**Labels per pair or triple.** ``conflict`` / ``commutes`` (Z3); ``independent`` when the
orders differ only in cards that act at different stages (a trick card and a scoring card:
every trick is over before a round is scored), so the projections the two models read are
the same; ``fixed-order`` when one order only is reachable; ``unreachable`` when none is.
A triple whose orders project onto a pair's orders carries the pair's result (``via``).
"""

from __future__ import annotations

import functools
import itertools
import time

import z3

from proofs.core import TIMEOUT_MS
from proofs.opsnorren import diff as D
from proofs.opsnorren import model as M
from proofs.opsnorren import scoring as SC
from proofs.opsnorren import search as Q
from proofs.opsnorren import spec as S

WRO = "ops.winner-rule-order"
#: the sweep's readings beside the choices: name -> (options, ours first)
SWEEP_READINGS = {"filter_at": M.FILTER_AT, "trigger": M.TRIGGERS, "binding": M.BINDINGS}
SAY = {("filter_at", "first"): "equal values are set aside before any winner rule",
       ("filter_at", "row"): "equal values are set aside at the card's place in the row (a winner chosen "
                             "before keeps the trick)",
       ("trigger", "filtered"): "a 2 or 3 rule is triggered by the cards still in the trick",
       ("trigger", "played"): "a 2 or 3 rule is triggered by any card played, set aside or not",
       ("binding", "late"): "every rule reads the colour order in force when the trick is resolved",
       ("binding", "snapshot"): "a rule reads the colour order in force when it was revealed"}


# ------------------------------------------------------------------ which cards, which rows
def order_cards() -> tuple[str, ...]:
    """The order-dependent rule cards, in the specs' order."""
    return tuple(c for c in S.rule_cards() if c in S.TRICK_PLAY or c in SC.SCORING)


def pile(card: str) -> str:
    return next(p for p, cs in S.rule_piles().items() if card in cs)


def reachable(row: list[str]) -> bool:
    """``row`` is the row in force in some round: a prefix of white places then black places."""
    shape = [p for p, k in S.row_places().items() for _ in range(k)]
    return (0 < len(row) <= len(shape) and len(set(row)) == len(row)
            and all(c in S.rule_cards() and pile(c) == p for c, p in zip(row, shape)))


def reachable_orders(cards) -> list[tuple[str, ...]]:
    """The relative orders of ``cards`` that occur in some reachable row."""
    order = list(S.row_places())
    out = []
    for p in itertools.permutations(cards):
        ranks = [order.index(pile(c)) for c in p]
        counts = {k: sum(1 for c in p if pile(c) == k) for k in order}
        if ranks == sorted(ranks) and all(counts[k] <= S.row_places()[k] for k in order):
            out.append(p)
    return out


def full_row(order) -> list[str]:
    """The shortest reachable row holding ``order`` as its order-dependent cards: the places
    of each pile left of the last one used are filled with neutral cards first."""
    piles = list(S.row_places())
    last = max(piles.index(pile(c)) for c in order)
    row = []
    for pl in piles[: last + 1]:
        mine = [c for c in order if pile(c) == pl]
        need = 0 if piles.index(pl) == last else S.row_places()[pl] - len(mine)
        fill = [c for c in S.rule_piles()[pl] if c not in order_cards()][:need]
        if len(fill) < need:
            raise ValueError(f"no neutral {pl} card to fill the row for {order}")
        row += fill + mine
    if not reachable(row):
        raise AssertionError(f"built an unreachable row {row}")
    return row


# ------------------------------------------------------------------ trick comparisons
def _combos(with_binding: bool) -> list[dict]:
    """Every reading combination, ours first, then by how many readings differ from ours."""
    dims = {WRO: S.options(WRO), "filter_at": M.FILTER_AT, "trigger": M.TRIGGERS,
            "binding": M.BINDINGS if with_binding else ("late",)}
    ours = {WRO: S.default(WRO), "filter_at": "first", "trigger": "filtered", "binding": "late"}
    out = [dict(zip(dims, vals)) for vals in itertools.product(*dims.values())]
    return sorted(out, key=lambda c: sum(c[k] != ours[k] for k in c))


@functools.cache
def _symbolic(n: int):
    tr, cons = M.symbolic_trick(n, f"W{n}")
    rd, rc = M.symbolic_reading(f"W{n}rd")
    flags = {k: z3.Bool(f"W{n}_{k}") for k in SWEEP_READINGS}
    return tr, cons + rc, rd, flags


def _solver(n, rows, *, fix=None, jokers=True, defaults=False, kept=False):
    """Solver: the trick is legal under rows[0] and rows[1] disagrees (outcome or legality)."""
    tr, cons, rd, flags = _symbolic(n)
    s = z3.Solver()
    s.set("timeout", TIMEOUT_MS)
    s.add(*cons)
    if not jokers:
        s.add(*[k == M.ANIMAL for k in tr.kind])
    if defaults:
        s.add(*[M.is_opt(rd, c, S.default(c)) for c in S.TRICK_CHOICES if c != WRO])
    res = []
    for row in rows:
        r = M.resolve(tr, rd, list(row), flags["binding"], True, flags["filter_at"], flags["trigger"])
        D.add(s, *r["defs"], r["pick_valid"])
        D.add(s, M.implies(r["pick_on"], M.or_(r["taker"] == M.DISCARD, r["dove"], r["taker_team"] != r["monkey_team"])))
        res.append((r, M.leads(tr, rd, list(row)), M.legal_trick(tr, rd, list(row))))
    D.add(s, *res[0][2])
    if kept:  # a card stays in the trick under both rows: the winner takes something
        D.add(s, *[M.or_(*[M.not_(r["setaside"][i]) for i in range(n)]) for r, _, _ in res])
    D.add(s, M.or_(M.not_(M.and_(*res[1][2])), M.outcome_differs(tr, res[0][0], res[1][0], res[0][1], res[1][1])))
    for k, v in (fix or {}).items():
        s.add(_is(rd, flags, k, v))
    return s, tr, rd, flags


def _is(rd, flags, k, v):
    if k == WRO:
        return M.is_opt(rd, WRO, v)
    return flags[k] == (SWEEP_READINGS[k].index(v) == 1)


def _combo_of(m, rd, flags, with_binding) -> dict:
    out = {WRO: Q.reading_of(m, {WRO: rd[WRO]})[WRO]}
    for k, opts in SWEEP_READINGS.items():
        out[k] = opts[1] if z3.is_true(m.eval(flags[k], model_completion=True)) else opts[0]
    if not with_binding:
        out["binding"] = "late"
    return out


def _check(s) -> bool:
    r = s.check()
    if r == z3.unknown:
        raise D.Unknown(s.reason_unknown())
    if r == z3.sat:
        m = s.model()
        for a in s.assertions():
            if not z3.is_true(m.eval(a, model_completion=True)):
                raise AssertionError(f"Z3 model does not satisfy {a}: refusing a bogus witness")
    return r == z3.sat


def _witness(m, tr, rd, combo, orders) -> dict:
    ct = Q.concrete_of(m, tr)
    reading = {**Q.reading_of(m, rd), WRO: combo[WRO]}
    return {"trick": D.trick_json(ct), "reading": reading, "readings": dict(combo),
            "rows": [full_row(o) for o in orders], "orders": [list(o) for o in orders]}


def compare_tricks(orders) -> dict:
    """Per reading combination (key ``wro/filter_at/trigger/binding``): conflict or commutes,
    with the smallest witness. Combinations are found by blocking: each sat answer names one
    more conflicting combination; unsat for every size proves the rest commute."""
    with_binding = any("colour-reversed" in o for o in orders)
    combos = _combos(with_binding)
    found: dict = {}
    for n in D.NS:
        s, tr, rd, flags = _solver(n, orders)
        if not with_binding:
            s.add(flags["binding"] == False)  # noqa: E712 (a Z3 term)
        for c in found:
            s.add(z3.Not(z3.And(*[_is(rd, flags, k, v) for k, v in dict(c).items()])))
        while _check(s):
            m = s.model()
            combo = _combo_of(m, rd, flags, with_binding)
            found[tuple(combo.items())] = (n, _witness(m, tr, rd, combo, orders))
            s.add(z3.Not(z3.And(*[_is(rd, flags, k, v) for k, v in combo.items()])))
    out = {}
    for c in combos:
        key = "/".join(c.values())
        hit = found.get(tuple(c.items()))
        out[key] = {"readings": c, "status": "conflict" if hit else "commutes",
                    "witness": hit[1] if hit else None, "players": hit[0] if hit else None}
    return out


def nicest(orders, combo: dict, n: int) -> dict:
    """The nicest witness of size ``n`` under ``combo``: no jokers, then the default readings,
    then a card left in the trick under both rows."""
    prefs = [(j, d, k) for j in (False, True) for d in (True, False) for k in (True, False)]
    for jokers, defaults, kept in prefs:
        s, tr, rd, flags = _solver(n, orders, fix=combo, jokers=jokers, defaults=defaults, kept=kept)
        if _check(s):
            return _witness(s.model(), tr, rd, combo, orders)
    raise AssertionError(f"no witness of {n} cards under {combo} although one was found")


# ------------------------------------------------------------------ one pair or triple
def _project(order, kind: str) -> tuple[str, ...]:
    keep = S.TRICK_PLAY if kind == "trick" else SC.SCORING
    return tuple(c for c in order if c in keep)


def classify(cards, cache: dict) -> dict:
    """The sweep's result for one set of cards (``cache``: comparisons by projected orders)."""
    orders = reachable_orders(cards)
    out = {"cards": list(cards), "orders": [list(o) for o in orders], "rows": [full_row(o) for o in orders]}
    if len(orders) < 2:
        out["status"] = "fixed-order" if orders else "unreachable"
        return out
    t0 = time.perf_counter()
    for kind in ("trick", "scoring"):
        proj = tuple(dict.fromkeys(_project(o, kind) for o in orders))
        if len(proj) < 2:
            continue
        if proj not in cache:
            if kind == "trick":
                cache[proj] = {"kind": kind, "results": compare_tricks(proj), "cards": list(proj[0])}
            else:
                w = SC.compare([list(p) for p in proj])
                cache[proj] = {"kind": kind, "status": "conflict" if w else "commutes", "witness": w,
                               "cards": list(proj[0])}
            cache[proj]["seconds"] = round(time.perf_counter() - t0, 3)
            cache[proj]["first"] = list(cards)
        got = cache[proj]
        out.update(kind=kind, via=None if got["first"] == list(cards) else got["first"])
        if kind == "trick":
            out["results"] = got["results"]
            late = [r for r in got["results"].values() if r["readings"]["binding"] == "late"]
            out["status"] = "conflict" if any(r["status"] == "conflict" for r in late) else "commutes"
        else:
            out["status"], out["witness"] = got["status"], got["witness"]
        out["seconds"] = got["seconds"] if out["via"] is None else 0.0
        return out
    out["status"] = "independent"
    return out


@functools.cache
def sweep() -> dict:
    """Every pair and triple of order-dependent cards over reachable rows."""
    t0 = time.perf_counter()
    cache: dict = {}
    pairs = [classify(p, cache) for p in itertools.combinations(order_cards(), 2)]
    triples = [classify(t, cache) for t in itertools.combinations(order_cards(), 3)]
    for group in (pairs, triples):
        for it in group:
            if it.get("kind") == "trick":
                _polish(it)
    return {"pairs": pairs, "triples": triples, "seconds": round(time.perf_counter() - t0, 3)}


def _polish(it: dict) -> None:
    """Give a conflicting item its main witness: the conflicting reading closest to ours,
    the nicest trick of the smallest size, rendered in the game's terms."""
    conflicts = [r for r in it["results"].values() if r["status"] == "conflict"]
    if not conflicts:
        it["main"] = None
        return
    best = next((r for r in conflicts if r["readings"]["binding"] == "late"), conflicts[0])
    key = ("nice", tuple(best["readings"].items()), tuple(map(tuple, best["witness"]["orders"])))
    cache = _polish.cache
    if key not in cache:
        w = nicest([tuple(o) for o in best["witness"]["orders"]], best["readings"], best["players"])
        cache[key] = w
    w = dict(cache[key])
    w["rows"] = it["rows"]
    w["text"] = render(w)
    it["main"] = w


_polish.cache = {}


# ------------------------------------------------------------------ rendering
def outcome(w: dict, k: int) -> dict:
    """Plain-Python outcome of witness ``w`` under its ``k``-th row."""
    tr = D.trick_of(w["trick"])
    rd, row, c = w["reading"], w["rows"][k], w["readings"]
    res = M.resolve(tr, rd, row, c["binding"], True, c["filter_at"], c["trigger"])
    legal = M.legal_trick(tr, rd, row)
    cards = Q.cards_of(tr)
    return {"legal": all(legal), "first_illegal": None if all(legal) else legal.index(False),
            "winner": res["winner"] if res["has_winner"] else None, "next_leader": res["next_leader"],
            "set_aside": [cards[i] for i in range(tr.n) if res["setaside"][i]],
            "dest": [res["dest"][i] for i in range(tr.n)],
            "monkey_takes": cards[tr.pick] if res["pick_on"] else None,
            "points": SC.trick_points(cards, [res["dest"][i] for i in range(tr.n)], row)}


def render(w: dict) -> str:
    """The witness as the trick at the table: seats, teams, the row, and the outcome per order."""
    t = w["trick"]
    n, cards, teams = t["players"], t["cards"], t["teams"]
    lines = [f"{n} players; " + "; ".join(f"team {x}: seats {', '.join(str(i + 1) for i in range(n) if teams[i] == x)}"
                                         for x in Q.TEAM if x in teams) + ". Seat 1 leads the trick."]
    c = w["readings"]
    lines.append(f"Reading: {WRO}={c[WRO]}; " + "; ".join(SAY[(k, c[k])] for k in SWEEP_READINGS) + ".")
    other = {k: v for k, v in w["reading"].items() if k != WRO and v != S.default(k)}
    if other:
        lines.append("Other choices: " + ", ".join(f"{k}={v}" for k, v in other.items()) + ".")
    lines.append("Trick: " + ", ".join(f"seat {i + 1} ({teams[i]}) {cards[i]}" for i in range(n)) + ".")
    held = [f"seat {i + 1} also holds {', '.join(h for h in t['holds'][i] if h != cards[i].split(' ')[0])}"
            for i in range(n) if [h for h in t["holds"][i] if h != cards[i].split(" ")[0]]]
    if held:
        lines.append("Hands: " + "; ".join(held) + ".")
    for k, row in enumerate(w["rows"]):
        o = outcome(w, k)
        lines.append(f"Row {' | '.join(row)} (round {len(row)}):")
        if not o["legal"]:
            i = o["first_illegal"]
            lines.append(f"  seat {i + 1}'s {cards[i]} is not a legal play under this row")
            continue
        who = (f"seat {o['winner'] + 1} ({teams[o['winner']]}, {cards[o['winner']]}) wins the trick"
               if o["winner"] is not None else "nobody wins the trick")
        aside = f"; set aside: {', '.join(o['set_aside'])}" if o["set_aside"] else ""
        took = {x: [cards[i] for i in range(n) if o["dest"][i] == Q.TEAM.index(x)] for x in Q.TEAM}
        piles = "; ".join(f"team {x} takes {', '.join(cs)} ({o['points'][Q.TEAM.index(x)]:+d} stars)"
                          for x, cs in took.items() if cs) or "every card is discarded"
        monkey = f"; the monkey takes {o['monkey_takes']}" if o["monkey_takes"] else ""
        lines.append(f"  {who}{aside}{monkey}; {piles}; seat {o['next_leader'] + 1} leads next")
    return "\n".join(lines)


def render_scoring(w: dict, orders) -> str:
    """A scoring witness: the won piles and the totals per order."""
    lines = [f"Crown team: {Q.TEAM[w['crown']]}."]
    for t in (0, 1):
        won = [c for c, v in w["piles"].items() if v == t]
        lines.append(f"Team {Q.TEAM[t]} won: {', '.join(won) or 'nothing'}.")
    for o, r in zip(orders, w["results"]):
        lines.append(f"Row {' | '.join(o)}: A {r['total'][0]} stars, B {r['total'][1]} stars; "
                     f"team {Q.TEAM[r['winner']]} wins the round")
    return "\n".join(lines)
