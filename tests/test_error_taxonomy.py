"""Every engine answers the same kinds of bad input with the same error code (DESIGN: error taxonomy).

A conformance tool compares codes across engines, so the reference engines must agree
with each other on what is malformed, illegal or an invalid outcome.
"""

import random

import pytest

from engine import chance
from engine.errors import IllegalActionError, InvalidOutcomeError, MalformedError, RulecheckError
from harness.engines import available_games, random_config, reference_engine


def first_player_state(engine, state, rng):
    while engine.chance(state) is not None:
        state = engine.apply(state, chance.sample(engine.chance(state), rng))
    return state


@pytest.mark.parametrize("game", available_games())
def test_the_same_bad_input_gets_the_same_code_in_every_game(game):
    engine = reference_engine(game)
    rng = random.Random(1)
    at_chance = engine.new_game(random_config(game, rng))
    assert engine.chance(at_chance) is not None, "a game starts with a chance event (the deal)"
    at_player = first_player_state(engine, at_chance, rng)
    player_action = engine.legal_actions(at_player)[0]
    cases = [
        (at_chance, player_action, IllegalActionError),  # well-formed, but the deal must come first
        (at_player, {"type": "chance", "event": "deal", "outcome": []}, InvalidOutcomeError),
        (at_player, {"type": "no-such-action"}, MalformedError),
        (at_player, 7, MalformedError),
        (at_chance, {"type": "chance", "event": engine.chance(at_chance)["event"], "outcome": "x"}, MalformedError),
    ]
    for state, action, expected in cases:
        with pytest.raises(expected) as info:
            engine.apply(state, action)
        assert isinstance(info.value, RulecheckError) and info.value.message, f"{action!r}: no message"
