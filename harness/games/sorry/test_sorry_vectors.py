"""Replay the Sorry! Z3 witnesses (specs/sorry/vectors/*.json) against the engine under test,
through the protocol fixture only (the replay is ``harness.verdicts.vectors.replay``). Regenerate
the vectors with ``python -m proofs.sorry.vectors``.
"""

from __future__ import annotations

import pytest

from harness.verdicts.vectors import replay_blamed, vector_params

GAME = "sorry"

# Readings a case depends on beyond its own choice (harness.verdicts.vectors.case_choices): every
# witness state is dealt from the 45-card deck (and the points deal's pool is that deck);
# the slide witnesses slide on another colour's triangle (slide-colours=other), and the
# own-colour slide of slide-colours=own bumps red's own pawn on 2 (slide-bumps-own=yes); the
# own pawn on the triangle of own-pawn-on-triangle=slides is bumped (slide-bumps-own=yes).
ASSUMES = {
    "*": {"sorry.deck": "hasbro-2005"},
    "sorry.deck": {"sorry.points-hand-size": "five"},  # its witness deals five cards a hand
    "sorry.slide-bumps-own": {"sorry.slide-colours": "other"},
    "sorry.swap-slide-target": {"sorry.slide-colours": "other"},
    "sorry.own-pawn-on-triangle": {"sorry.slide-colours": "other", "sorry.slide-bumps-own": "yes"},
    "sorry.slide-colours/sorry.slide-colours=own: red 1 53->4 with a 8": {"sorry.slide-bumps-own": "yes"},
}


@pytest.mark.parametrize(("vec", "case"), vector_params(GAME, assumes=ASSUMES))
def test_sorry_vector(rulecheck_engine, request, vec, case):
    replay_blamed(request.node, rulecheck_engine(GAME), vec, case)
