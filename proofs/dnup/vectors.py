"""Witnesses of Dnup as test vectors (``specs/dnup/vectors/*.json``).

``python -m proofs.dnup.vectors`` (re)writes them deterministically:

- ``add-conflict-equal.json``, ``add-conflict-lower.json``: Z3 finds, on the assumed deck
  with 4 players, a table and an action B that the FAQ reading of ``dnup.add-conflict``
  forbids and the seed reading allows (extended set equal to / lower than another set of
  its new size); each reading's expected outcome comes from the model;
- ``endless-game.json``: the lasso of theorem ``dnup.every-game-ends`` (a reachable state
  that recurs with nobody going out).

Vector format: as ``proofs/sorry/vectors.py`` (cases of a state, steps with ``legal`` and
the fields expected after them). ``harness/games/dnup/test_dnup_vectors.py`` replays them.
"""

from __future__ import annotations

from pathlib import Path

import z3

import specs

from . import canonical as C
from .canonical import state_json
from . import model as M
from proofs import vectorio
from proofs.ops import And, Not

VECTOR_DIR = specs.SPECS_DIR / "dnup" / "vectors"
SPEC = specs.load("dnup")
CID = "dnup.add-conflict"
PLAYERS = 4  # mover 0, the extended set is player 2's, the other player 3's: player 1 (next) has no set


def conflict_table(relation: str) -> tuple[dict, dict]:
    """(state, action B) where player 0 adds a card to player 2's set and the extended set is
    ``equal`` to / ``lower`` than player 3's set of the same new size (player 1, who moves next
    and so discards their set, has none: the table after the turn shows what the action did)."""
    ids, values = M.deck_cards(PLAYERS)
    K = len(ids)
    loc = [z3.Int(f"loc{k}") for k in range(K)]
    flip = [z3.Bool(f"flip{k}") for k in range(K)]
    T = M.Table(PLAYERS, 1, values, loc, flip, [False] * PLAYERS)
    chosen = [z3.Bool(f"ch{k}") for k in range(K)]
    action = ("B", chosen, 2)
    faq, seed = M.Rules(add_conflict="illegal"), M.Rules(add_conflict="consequence")
    s = z3.Solver()
    s.add(*[z3.And(l >= 0, l < PLAYERS + PLAYERS) for l in loc])  # nothing discarded yet
    s.add(M.wellformed(faq, T, 0, 1))
    for q in range(PLAYERS):
        s.add(z3.Sum([z3.If(l == q, 1, 0) for l in loc]) >= 2)  # everyone keeps cards
    s.add(T.size(1) == 0, T.size(2) >= 1, T.size(2) <= 2, T.size(3) == T.size(2) + 1)
    s.add(z3.Sum([z3.If(c, 1, 0) for c in chosen]) == 1)
    s.add(*[Not(f) for f in flip])  # every card shows its first value: easy to read
    legal_faq, *_ = M.step(faq, T, 0, 1, action)
    legal_seed, *_ = M.step(seed, T, 0, 1, action)
    rel = T.value(2) == T.value(3) if relation == "equal" else T.value(2) < T.value(3)
    from proofs.core import find

    status, w = find(s, And(Not(legal_faq), legal_seed, rel), lambda m: (
        [m.eval(l, model_completion=True).as_long() for l in loc],
        next(k for k in range(K) if z3.is_true(m.eval(chosen[k], model_completion=True)))))
    if status != "sat":
        raise RuntimeError(f"{CID}: no {relation} witness ({status})")
    locs, card = w
    conc = M.Table(PLAYERS, 1, values, locs, [False] * K, [False] * PLAYERS)
    tj = C.tables_json(conc, ids, locs, [False] * K)
    state = state_json(PLAYERS, tj["hands"], tj["sets"], 0, turn=3)
    return state, {"type": "add", "player": 0, "card": ids[card], "owner": 2, "area": 1}


def add_conflict(relation: str) -> dict:
    state, action = conflict_table(relation)
    T, ids = C.table(state)
    cases = []
    for opt in ("illegal", "consequence"):
        R = M.Rules(add_conflict=opt)
        found = [x for x in C.legal(R, T, ids, 0, 1) if x[0] == action]
        step = {"action": action, "legal": bool(found)}
        if found:
            _, act, loc, flip = found[0]
            nxt = C.successor(state, T, ids, act[0], loc, flip)
            step["expect"] = {f: nxt[f] for f in ("hands", "sets", "discard", "to_move")}
        what = {"illegal": "not allowed", "consequence": "allowed"}[opt]
        cases.append({"name": f"{CID}={opt}: adding {action['card']} ({relation}) is {what}", "choices": {CID: opt},
                      "state": state, "steps": [step]})
    ch = SPEC.choices[CID]
    return {"id": f"{CID}-{relation}", "game": "dnup", "choice": CID, "title": ch.question,
            "clauses": list(ch.clauses), "source": "proofs/dnup/vectors.py (Z3 on the assumed deck)",
            "default": ch.default, "cases": cases}


def endless_game() -> dict:
    from . import theorems as TH

    status, w = TH.lasso(2 * TH.LASSO_PLAYERS)
    if status != "sat":
        raise RuntimeError(f"no lasso ({status})")
    P = w["players"]
    sets = [[[]] for _ in range(P)]
    state = state_json(P, w["hands"], sets, w["start_player"])
    keep = ("hands", "sets", "discard", "to_move", "area", "out", "tokens")
    steps = [{"action": a, "legal": True} for a in w["actions"]]
    steps[-1]["expect"] = {f: state[f] for f in keep}
    cases = [{"name": f"lasso: {len(steps)} turns lead back to the state right after the deal", "choices": {},
              "state": state, "steps": steps}]
    w2 = TH.singles_lasso(TH.LASSO_PLAYERS)
    state2 = state_json(P, w2["hands"], sets, w2["start_player"])
    steps2 = [{"action": a, "legal": True} for a in w2["actions"]]
    steps2[-1]["expect"] = {f: state2[f] for f in keep}
    cases.append({"name": f"lasso without a dnup: {len(steps2)} turns of single cards played and taken",
                  "choices": {}, "state": state2, "steps": steps2})
    return {"id": "dnup.endless-game", "game": "dnup", "choice": None,
            "title": "The rules allow a game that never ends (theorem dnup.every-game-ends is refuted)",
            "clauses": ["DNP-GAME-END", "DNP-TURN-CAP", "DNP-ACTION-D"], "source": "proofs/dnup/theorems.py (lasso)",
            "default": None, "cases": cases}


NAMES = ("add-conflict-equal", "add-conflict-lower", "endless-game")


def _file_stem(name: str) -> str:
    return name


def build_all() -> dict[str, dict]:
    return {"add-conflict-equal": add_conflict("equal"), "add-conflict-lower": add_conflict("lower"),
            "endless-game": endless_game()}


def write(out_dir: Path = VECTOR_DIR) -> list[Path]:
    return vectorio.write_vectors(build_all, out_dir, _file_stem)


def load_all(in_dir: Path = VECTOR_DIR) -> dict[str, dict]:
    """The vectors on disk (what the register shows); written by ``write`` in a fresh process,
    so the witnesses do not depend on what else Z3 solved before in the same process."""
    return vectorio.load_vectors(NAMES, in_dir, _file_stem, build_all)


if __name__ == "__main__":
    vectorio.main(write, VECTOR_DIR)
