"""Bad input to the Opsnorren engine gets a clear error from engine.errors, never a bare exception."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import given, strategies as st

from engine import chance as chance_mod
from engine.errors import IllegalActionError, InvalidOutcomeError, MalformedError, RulecheckError
from engine.opsnorren import OpsnorrenEngine

ENG = OpsnorrenEngine()


def states(n=60, players=4, seed=1):
    rng = random.Random(seed)
    s = ENG.new_game({"players": players})
    out = [s]
    for _ in range(n):
        legal = ENG.legal_actions(s)
        s = ENG.apply(s, legal[rng.randrange(len(legal))] if legal else chance_mod.sample(ENG.chance(s), rng))
        out.append(s)
    return out


SAMPLE = states()
PLAYING = next(s for s in SAMPLE if ENG.to_json(s)["phase"] == "play" and ENG.to_json(s)["trick"])

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 50) | st.text(max_size=8)
    | st.sampled_from(["blue 7", "unicorn", "play", "chance", "deal", "pink-open", "A+crown"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["type", "player", "card", "cards", "event", "outcome", "hands", "trick", "0", "row"]),
        inner, max_size=4),
    max_leaves=12,
)


@given(garbage=json_values)
def test_garbage_actions_get_a_clear_error(garbage):
    for s in (SAMPLE[0], PLAYING):
        try:
            ENG.apply(s, garbage)
        except RulecheckError as exc:
            assert exc.message
        # a lucky garbage value may be legal; anything else must be a RulecheckError


@given(garbage=json_values)
def test_garbage_states_get_a_malformed_error(garbage):
    with pytest.raises(MalformedError):
        ENG.from_json(garbage)


@given(key=st.sampled_from(sorted(ENG.to_json(PLAYING))), value=json_values, data=st.data())
def test_a_state_with_one_field_replaced_loads_or_is_malformed(key, value, data):
    obj = copy.deepcopy(ENG.to_json(PLAYING))
    obj[key] = value
    try:
        ENG.from_json(obj)
    except MalformedError as exc:
        assert exc.message
    if data.draw(st.booleans()):
        del obj[key]
        with pytest.raises(MalformedError, match=key):
            ENG.from_json(obj)


@given(i=st.integers(0, len(SAMPLE) - 1), card=st.sampled_from(["blue 7", "green 0", "unicorn", "pink 10"]),
       player=st.integers(0, 3))
def test_random_plays_are_legal_or_clearly_refused(i, card, player):
    s = SAMPLE[i]
    before = ENG.to_json(s)
    try:
        ENG.apply(s, {"type": "play", "player": player, "card": card})
    except (IllegalActionError, InvalidOutcomeError, MalformedError) as exc:
        assert exc.message
    assert ENG.to_json(s) == before


def test_illegal_play_names_the_rule_and_keeps_the_state():
    j = ENG.to_json(PLAYING)
    p = j["to_move"]
    legal = {a["card"] for a in ENG.legal_actions(PLAYING)}
    illegal = [c for c in j["hands"][p] if c not in legal]
    other = (p + 1) % j["players"]
    with pytest.raises(IllegalActionError, match=f"player {p}'s turn"):
        ENG.apply(PLAYING, {"type": "play", "player": other, "card": j["hands"][other][0]})
    if illegal:
        with pytest.raises(IllegalActionError, match="must follow"):
            ENG.apply(PLAYING, {"type": "play", "player": p, "card": illegal[0]})
    assert ENG.to_json(PLAYING) == j


def test_invalid_chance_outcomes_are_refused():
    s = SAMPLE[0]
    ch = ENG.chance(s)
    good = chance_mod.sample(ch, random.Random(0))
    bad = copy.deepcopy(good)
    bad["outcome"][0]["row"] = ["two-wins", "pink-open"]
    with pytest.raises(InvalidOutcomeError, match="two-wins"):
        ENG.apply(s, bad)
    wrong_event = dict(good, event="deal")
    with pytest.raises(InvalidOutcomeError, match="rule-cards"):
        ENG.apply(s, wrong_event)
    with pytest.raises(InvalidOutcomeError, match="no chance event"):
        ENG.apply(PLAYING, good)
    with pytest.raises(MalformedError):
        ENG.apply(s, {"type": "chance", "event": "rule-cards", "outcome": "everything"})


def test_a_state_of_another_engine_is_refused():
    with pytest.raises(MalformedError, match="Opsnorren state"):
        ENG.apply({"game": "opsnorren"}, {"type": "play", "player": 0, "card": "blue 1"})


def test_observation_of_a_player_who_does_not_exist():
    with pytest.raises(MalformedError, match="player"):
        ENG.observation(PLAYING, 9)
