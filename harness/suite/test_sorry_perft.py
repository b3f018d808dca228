"""Perft counts of fixed Sorry! positions (specs/sorry/perft.json) through the protocol.

Run as a script to recompute the counts with the reference engine after a deliberate
rule change: ``python harness/suite/test_sorry_perft.py``.
"""

from __future__ import annotations

import json

import pytest

from harness.perft import divide, perft
from specs import SPECS_DIR

PATH = SPECS_DIR / "sorry" / "perft.json"
DATA = json.loads(PATH.read_text(encoding="utf-8"))
CLAUSES = sorted({c for p in DATA["positions"] for c in p["clauses"]})


def chance_actions(cards: list[str]) -> list[dict]:
    return [{"type": "chance", "event": "draw", "outcome": [{"draw": [c]}]} for c in cards]


@pytest.mark.clause(*CLAUSES)
@pytest.mark.parametrize("pos", DATA["positions"], ids=[p["name"] for p in DATA["positions"]])
def test_sorry_perft(rulecheck_engine, pos):
    """Move generation agrees with the stored counts at depths 1-3 (a mismatch names the first actions that differ)."""
    engine = rulecheck_engine("sorry")
    cards = chance_actions(pos["cards"])
    for depth, want in sorted(pos["counts"].items()):
        got = perft(engine, pos["state"], int(depth), cards)
        if got != want:
            split = divide(engine, pos["state"], int(depth), cards)
            shown = "\n".join(f"  {n:6d}  {a}" for a, n in list(split.items())[:20])
            tags = " ".join(f"[{c}]" for c in pos["clauses"])
            pytest.fail(f"{tags} perft({pos['name']}, depth {depth}) = {got}, expected {want}; per first action:\n{shown}")


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
    from harness.perft import PerftError

    pos = DATA["positions"][0]
    with pytest.raises(PerftError, match="chance event is pending"):
        perft(SorryEngine(), pos["state"], 3, chance_actions(pos["cards"][:1]))


if __name__ == "__main__":  # regenerate the counts with the reference engine
    from engine.sorry import SorryEngine

    eng = SorryEngine()
    for p in DATA["positions"]:
        p["counts"] = {str(d): perft(eng, p["state"], d, chance_actions(p["cards"])) for d in (1, 2, 3)}
        print(p["name"], p["counts"])
    PATH.write_text(json.dumps(DATA, indent=1) + "\n", encoding="utf-8")
