"""Perft counts of fixed Sorry! positions (specs/sorry/perft.json) through the protocol.

Each position is its own test, marked with the clauses it checks and the readings its
counts assume (``"choices"``). A wrong count is located: the candidate's and the
reference's trees are walked down the subtrees whose counts differ to the state where
their legal sets or successors part, and each difference is blamed through the
reference's provenance (``harness.explore.perft.locate``, ``harness.verdicts.blame``).

Run as a script to recompute the counts with the reference engine after a deliberate
rule change: ``python harness/games/sorry/test_sorry_perft.py``.
"""

from __future__ import annotations

import json

import pytest

from harness.explore.perft import divide, perft
from harness.verdicts.perft_check import check_perft_position
from specs import SPECS_DIR

PATH = SPECS_DIR / "sorry" / "perft.json"
DATA = json.loads(PATH.read_text(encoding="utf-8"))


def chance_actions(cards: list[str]) -> list[dict]:
    return [{"type": "chance", "event": "draw", "outcome": [{"draw": [c]}]} for c in cards]


def _marks(pos: dict) -> list:
    marks = [pytest.mark.clause(*pos["clauses"])]
    marks += [pytest.mark.choice(cid, opt) for cid, opt in sorted(pos.get("choices", {}).items())]
    return marks


@pytest.mark.parametrize("pos", [pytest.param(p, id=p["name"], marks=_marks(p)) for p in DATA["positions"]])
def test_sorry_perft(rulecheck_engine, pos):
    """Move generation agrees with the stored counts at depths 1-3; a mismatch is located and blamed."""
    check_perft_position(rulecheck_engine("sorry"), pos, chance_actions(pos["cards"]))


def test_divide_adds_up_to_perft():
    from engine.sorry import SorryEngine

    engine = SorryEngine()
    pos = next(p for p in DATA["positions"] if p["counts"]["1"] > 5)
    cards = chance_actions(pos["cards"])
    split = divide(engine, pos["state"], 2, cards)
    assert len(split) == pos["counts"]["1"]
    assert sum(split.values()) == perft(engine, pos["state"], 2, cards)


def test_perft_without_enough_outcomes_is_a_clear_error():
    from engine.sorry import SorryEngine
    from harness.explore.perft import PerftError

    pos = DATA["positions"][0]
    with pytest.raises(PerftError, match="chance event is pending"):
        perft(SorryEngine(), pos["state"], 3, chance_actions(pos["cards"][:1]))


if __name__ == "__main__":  # regenerate the counts with the reference engine
    from engine.sorry import SorryEngine

    for p in DATA["positions"]:
        eng = SorryEngine(p.get("choices"))
        p["counts"] = {str(d): perft(eng, p["state"], d, chance_actions(p["cards"])) for d in (1, 2, 3)}
        print(p["name"], p["counts"])
    PATH.write_text(json.dumps(DATA, indent=1) + "\n", encoding="utf-8")
