"""Query helpers shared by the Opsnorren theorems and the ambiguity finder: build a
symbolic trick with its constraints, read a Z3 model back as a concrete trick, and
evaluate the model's outcome on that concrete trick (so every witness is re-derived
with plain Python values, a second check on top of ``proofs.core``'s model re-check).
"""

from __future__ import annotations

import z3

from proofs.opsnorren import model as M
from proofs.opsnorren import spec as S

TEAM = "AB"


def ev(m: z3.ModelRef, x):
    if isinstance(x, (bool, int)) and not isinstance(x, z3.ExprRef):
        return x
    v = m.eval(x, model_completion=True)
    if z3.is_true(v):
        return True
    if z3.is_false(v):
        return False
    return v.as_long()


def concrete_of(m: z3.ModelRef, tr: M.Trick) -> M.Trick:
    n = tr.n
    kind = [ev(m, tr.kind[i]) for i in range(n)]
    col = [ev(m, tr.col[i]) for i in range(n)]
    val = [ev(m, tr.val[i]) for i in range(n)]
    team = [ev(m, tr.team[i]) for i in range(n)]
    holds = [[ev(m, h) for h in tr.holds[i]] for i in range(n)]
    return M.Trick(n, kind, col, val, team, holds, ev(m, tr.pick))


def row_of(m: z3.ModelRef, row) -> list[str]:
    if isinstance(row, M.SymRow):
        placed = sorted((ev(m, p), c) for c, p in row.pos.items() if ev(m, p) >= 0)
        return [c for _, c in placed]
    out = []
    for s in row:
        if s is None:
            continue
        if isinstance(s, str):
            out.append(s)
        else:
            k = ev(m, s)
            if k >= 0:
                out.append(S.trick_play_cards()[k])
    return out


def reading_of(m: z3.ModelRef, rd: dict) -> dict:
    return {cid: (v if isinstance(v, str) else S.options(cid)[ev(m, v)]) for cid, v in rd.items()}


def cards_of(tr: M.Trick) -> list[str]:
    return [M.card_name(tr.kind[i], tr.col[i], tr.val[i]) for i in range(tr.n)]


def describe(tr: M.Trick, reading: dict, row: list[str], binding: str = "late", own_team_pick: bool = True) -> dict:
    """A concrete trick and its outcome under one reading, as plain JSON."""
    res = M.resolve(tr, reading, row, binding, own_team_pick)
    lds = M.leads(tr, reading, row)
    cards = cards_of(tr)
    colours = S.colours()
    out = {
        "players": tr.n,
        "row": list(row),
        "cards": cards,
        "teams": [TEAM[t] for t in tr.team],
        "holds": [[colours[c] for c in range(len(colours)) if tr.holds[i][c]] for i in range(tr.n)],
        "lead_before": [colours[x] if x >= 0 else None for x in lds],
        "must_follow": [colours[x] if x >= 0 and tr.holds[i][x] else None for i, x in enumerate(lds)],
        "set_aside": [cards[i] for i in range(tr.n) if res["setaside"][i]],
        "winner": res["winner"] if res["has_winner"] else None,
        "next_leader": res["next_leader"],
        "monkey_candidates": [cards[i] for i in range(tr.n) if res["candidate"][i]] if res["pick_on"] else [],
        "monkey_takes": cards[tr.pick] if res["pick_on"] else None,
        "dest": {cards[i]: ("discarded" if res["dest"][i] == M.DISCARD else TEAM[res["dest"][i]])
                 for i in range(tr.n)},
    }
    if binding != "late":
        out["binding"] = binding
    return out


def base_solver(n: int, tag: str, reading=None, row=None, legal: bool = True):
    """(solver, trick, reading, row-slots, resolution) for a symbolic trick of ``n`` cards.

    ``reading``: None for a symbolic reading of every trick choice, else a dict (values may
    be strings). ``row``: None for a symbolic row of up to every trick-play rule card in any
    order, else a list of rule card ids."""
    tr, cons = M.symbolic_trick(n, tag)
    if reading is None:
        reading, rc = M.symbolic_reading(tag + "rd")
        cons += rc
    if row is None:
        row = M.SymRow(tag + "row")
        cons += row.constraints()
    s = z3.Solver()
    s.add(*cons)
    if legal:
        s.add(*M.legal_trick(tr, reading, row))
    return s, tr, reading, row


def resolved(s: z3.Solver, tr: M.Trick, rd: dict, row: list, binding: str = "late") -> dict:
    """``M.resolve`` with its named sub-terms and a valid monkey pick added to ``s``."""
    res = M.resolve(tr, rd, row, binding)
    s.add(*res["defs"])
    s.add(res["pick_valid"])
    return res
