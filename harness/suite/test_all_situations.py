"""Positions built around a rule, played in lockstep with the reference (see harness/explore/situations.py).

One test per situation of ``harness/games/<game>/situations.py``: its clauses are the rules the
situation is built around, so a clean run is evidence for them, and a finding anywhere is
blamed on its own clause through the reference's provenance.
"""

import pytest

from harness.verdicts.items import NOT_APPLICABLE

from harness.engines import available_games, oracle
from harness.explore.situations import played_situations
from harness.explore.situations import run_situation

CASES = [pytest.param(g, s, id=f"{g}-{s.name}", marks=[pytest.mark.game(g), pytest.mark.clause(*s.clauses)])
         for g in available_games() for s in played_situations(g)]


@pytest.mark.parametrize("game, situation", CASES)
def test_situation_matches_the_reference(game, situation, rulecheck_engine):
    candidate = rulecheck_engine(game)
    reference = oracle(game, dict(candidate.choices))
    builder = oracle(game, {})
    visited = run_situation(candidate, reference, builder, game, situation)
    if visited == 0 and reference.choices != builder.choices:
        pytest.skip(f"{NOT_APPLICABLE}: {situation.name} is built under the default readings, which this "
                    "engine's readings never reach")
    assert visited > 0, f"{situation.name}: no state was visited (the candidate could not start it)"
