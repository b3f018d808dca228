"""Differential play against the reference, for every game (see harness/explore/differential.py)."""

import pytest

from harness.explore.differential import configs_for, run_differential
from harness.engines import available_games, reference_engine


@pytest.mark.clause("DIFFERENTIAL")
@pytest.mark.parametrize("game", [pytest.param(g, marks=pytest.mark.game(g)) for g in available_games()])
def test_differential_play_matches_the_reference(game, rulecheck_engine):
    candidate = rulecheck_engine(game)
    reference = reference_engine(game, dict(candidate.choices))
    run_differential(candidate, reference, configs_for(game), covering=True)
