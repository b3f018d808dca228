"""The Sorry! ambiguity register: every choice of specs/sorry/choices.toml with a concrete
position where its readings differ (found by Z3 on the model, or written and checked with
the model's turn rules: ``vectors``), the board numbering (sourced: a notation, settled) and
every assumed parameter with its value (``proofs.core.fact_items``).

Every witness here is also a test vector (``python -m proofs.sorry.vectors``), replayed
against any engine by ``harness/games/sorry/test_sorry_vectors.py``.
"""

from __future__ import annotations

import specs
from proofs.core import Ambiguity, fact_items

from . import vectors as V


def _outcome(step: dict) -> str:
    if not step["legal"]:
        return "not legal"
    exp = step.get("expect", {})
    shown = ", ".join(f"{k} {v}" for k, v in sorted(exp.items()) if k != "pawns")
    if "pawns" in exp:
        shown = f"pawns after: {exp['pawns']}" + (f"; {shown}" if shown else "")
    return "legal" + (f"; {shown}" if shown else "")


def _chance(action: dict) -> str:
    """A chance outcome in words: which cards are drawn or dealt to whom."""
    parts = []
    for o in action["outcome"]:
        parts += [f"{who} gets {', '.join(cards)}" for who, cards in o.items()]
    return f"{action['event']}: " + "; ".join(parts)


def _witness(vec: dict, fname: str) -> dict:
    first = vec["cases"][0]
    if "config" in first:
        position = {"config": first["config"]}
    else:
        st = first["state"]
        position = {"players": st["players"], "pawns": st["pawns"], "phase": st["phase"]}
        if st["card"] is not None:
            position["card"] = st["card"]
        if st["hands"] is not None:
            position["hands"] = st["hands"]
    per = {}
    for case in vec["cases"]:
        (opt,) = case["choices"].values()
        if case.get("load") == "malformed":
            text = "this position is not possible (the state does not load)"
        elif case["steps"]:
            step = case["steps"][0]
            text = f"{_chance(step['action']) if step['action']['type'] == 'chance' else V._describe(step['action'])}: {_outcome(step)}"
            pool = case.get("expect", {}).get("chance", {}).get("draws", [{}])[0].get("pool")
            if pool:
                text = f"a pool of {len(pool)} cards ({pool.count('1')} of them 1s); " + text
        else:
            exp = dict(case.get("expect", {}))
            if "chance" in exp:  # a deal: what matters is how many cards each colour gets
                exp["chance"] = {"event": exp["chance"]["event"], "take": exp["chance"]["draws"][0]["take"]}
            text = "; ".join(f"{k} = {v}" for k, v in exp.items())[:300]
        per.setdefault(opt, []).append(text)
    return {"position": position, "readings": per, "vector": f"specs/sorry/vectors/{fname}.json"}


def register() -> list[Ambiguity]:
    spec = specs.load("sorry")
    out = []
    for cid, vec in V.load_all().items():
        ch = spec.choices[cid]
        out.append(Ambiguity(
            id=cid, game="sorry", kind="reading", title=ch.question, lines=ch.lines, readings=dict(ch.options),
            status="differs", witness=_witness(vec, cid.removeprefix("sorry.")), default=ch.default, choice=cid,
            depends=list(ch.clauses), detail=ch.why))
    board = spec.parameters["board"]
    cl = spec.clauses[board.clauses[0]]
    out.append(Ambiguity(  # sourced geometry; the square numbers are a notation, not a reading
        id="notation:board", game="sorry", kind="not-ambiguous",
        title="Square numbers of the board (the seed has no diagram)",
        lines=cl.lines, readings={"sourced": f"{board.description}. Source: {board.source}. Numbering: loop 0-59 "
                                             "clockwise from red's side; red exit 4, turn 2, slides 1->4 and 9->13; "
                                             "other colours +15 each (specs/sorry/board.json)"},
        status="same", depends=list(board.clauses),
        detail=f"Sourced ({board.source}); the numbering is the notation of canonical states, not a rule: a "
               "different numbering changes no game. The Sorry! theorems re-read board.json on every run, and "
               "their reduction to a red mover holds only while the board is rotation-symmetric (checked each "
               "run; otherwise all four colours are proved)."))
    return out + fact_items("sorry", {a.id for a in out})
