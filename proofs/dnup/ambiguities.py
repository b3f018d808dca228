"""The Dnup ambiguity register: the action-B sentence (seed line 26) against the FAQ, with
Z3 positions where the readings differ, and the assumed facts with what depends on them.

The witnesses are also test vectors (``python -m proofs.dnup.vectors``), replayed against
any engine by ``harness/games/dnup/test_dnup_vectors.py``.
"""

from __future__ import annotations

import specs
from proofs.core import Ambiguity, fact_items

from . import vectors as V


def _witness(vec: dict, fname: str) -> dict:
    st = vec["cases"][0]["state"]
    step0 = vec["cases"][0]["steps"][0]
    per = {}
    for case in vec["cases"]:
        (opt,) = case["choices"].values()
        step = case["steps"][0]
        if not step["legal"]:
            per[opt] = "not legal"
        else:
            per[opt] = f"legal; sets after: {step['expect']['sets']}"
    return {"to_move": st["to_move"], "sets": st["sets"], "action": step0["action"], "readings": per,
            "vector": f"specs/dnup/vectors/{fname}.json"}


def register() -> list[Ambiguity]:
    spec = specs.load("dnup")
    ch = spec.choices[V.CID]
    vecs = V.load_all()
    equal, lower = vecs["add-conflict-equal"], vecs["add-conflict-lower"]
    out = [Ambiguity(
        id=V.CID, game="dnup", kind="reading", title=ch.question, lines=ch.lines, readings=dict(ch.options),
        status="differs", default=ch.default, choice=V.CID, depends=list(ch.clauses),
        witness={"equal": _witness(equal, "add-conflict-equal"), "lower": _witness(lower, "add-conflict-lower")},
        detail=ch.why + " Proved (dnup.same-size-rule-faq / -seed): under the FAQ no two sets on the table ever "
               "share a size; under the seed reading two sets of one size always share their value, so the "
               "'equal' witness is the only kind of table the readings leave different.")]
    deck = spec.parameters["deck"]
    out.append(Ambiguity(
        id="fact:deck", game="dnup", kind="fact", title=deck.description,
        lines=spec.clauses[deck.clauses[0]].lines, readings={"assumed": "specs/dnup/deck.json: 40 cards, pairs of "
                                                                         "values 1-10, start card 1/5"},
        status="assumed", depends=list(deck.clauses),
        detail="Does not depend on it: card conservation, the flip involution and the same-size rule are proved "
               "with symbolic card values (any deck). Depends on it: which sets and conflicts can occur at all, the "
               "cards per player (36 cards do not split over 5 players), the card ids in every vector, and the deal "
               "of the endless-game lasso (a lasso exists for every deck: every player flips twice)."))
    cap = spec.parameters["turn_cap"]
    lasso = vecs["endless-game"]["cases"][0]
    out.append(Ambiguity(
        id="fact:turn_cap", game="dnup", kind="fact", title="Nothing in the rules forces a Dnup game to end",
        lines=spec.clauses[cap.clauses[0]].lines, readings={"assumed": "no limit; an optional config 'turn_cap'"},
        status="assumed", depends=list(cap.clauses),
        witness={"actions": [s["action"] for s in lasso["steps"]],
                 "without_dnup": [s["action"] for s in vecs["endless-game"]["cases"][1]["steps"]],
                 "from": "the state right after a deal (3 players, hands in specs/dnup/vectors/endless-game.json)",
                 "vector": "specs/dnup/vectors/endless-game.json"},
        detail="Theorem dnup.every-game-ends is refuted by a lasso: from a reachable state, six turns in which "
               "nobody goes out (every player flips twice) lead back to the same state. Forbidding dnups does not "
               "help (dnup.every-game-without-dnups-ends is refuted too): two single cards passed round the table, "
               "each played and taken by the player after the next, come back after 24 turns. A rulebook editor "
               "would need an end rule (a turn limit, or a round that ends when nobody can shed cards); the engine "
               "invents none and offers the optional turn_cap."))
    return out + fact_items("dnup", {a.id for a in out})
