"""Bad input gets a clear error naming the problem, never a bare traceback: malformed states,
illegal actions, invalid deals, and garbage fed to from_json and apply."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import given as hgiven
from hypothesis import strategies as st

from engine import chance as chance_mod
from engine.canonical import dumps
from engine.dnup import DnupEngine
from engine.errors import IllegalActionError, InvalidOutcomeError, MalformedError, RulecheckError
from tests.test_dnup_engine import position

ENGINE = DnupEngine()


def dealt(players=4, seed=5):
    s = ENGINE.new_game({"players": players})
    return ENGINE.apply(s, chance_mod.sample(ENGINE.chance(s), random.Random(seed)))


def mutated(**changes):
    obj = position(hands={0: "5/1, 9/4"}, sets={(2, 1): "6/2"})
    obj.update(changes)
    return obj


@pytest.mark.parametrize("obj,needle", [
    ("dnup", "JSON object"),
    ({}, "required property"),
    (mutated(game="sorry"), "'dnup' was expected"),
    (mutated(players=7), "players"),
    (mutated(tokens=[0, 0]), "one entry per player"),
    (mutated(removed=["2/3"]), "removed cards are"),
    (mutated(to_move=None), "no result"),
    (mutated(to_move=3, area=2), "'area' must be 1"),
    (mutated(round=0), "round"),
    (mutated(turn=1.0), "integers"),
    (mutated(leaving={"player": 1, "turns_left": 2}), "leaving"),
    (mutated(out=[1, 1]), "distinct players"),
    (mutated(result={"winner": 9, "reason": "letters"}), "winner"),
    (mutated(chance={"event": "deal", "draws": []}), "chance event is pending"),
    (mutated(deck=[{"id": "x", "values": [1, 2], "mark": None}]), "starred start card"),
])
def test_a_malformed_state_is_refused_naming_the_field(obj, needle):
    with pytest.raises(MalformedError) as info:
        ENGINE.from_json(obj)
    assert needle in str(info.value)


def test_cards_out_of_order_or_unknown_are_malformed():
    obj = mutated()
    obj["hands"][0] = list(reversed(obj["hands"][0]))
    with pytest.raises(MalformedError, match="sorted by id"):
        ENGINE.from_json(obj)
    obj = mutated()
    obj["hands"][1] = [["99/98", False]]
    with pytest.raises(MalformedError, match="no card '99/98'"):
        ENGINE.from_json(obj)


@pytest.mark.parametrize("action,error,needle", [
    ({"type": "play", "player": 0, "cards": ["1/5", "4/9"]}, IllegalActionError, "same active value"),
    ({"type": "play", "player": 0, "cards": ["4/9", "1/5"]}, MalformedError, "sorted by id"),
    ({"type": "play", "player": 0, "cards": ["1/5", "1/5"]}, MalformedError, "twice"),
    ({"type": "play", "player": 0, "cards": []}, MalformedError, "non-empty list"),
    ({"type": "play", "player": 0, "cards": [7]}, MalformedError, "by id"),
    ({"type": "play", "player": 1, "cards": ["1/5"]}, IllegalActionError, "player 0's turn"),
    ({"type": "play", "player": -1, "cards": ["1/5"]}, MalformedError, "player index"),
    ({"type": "add", "player": 0, "card": "1/5", "owner": 2, "area": 1}, IllegalActionError, "value of the set"),
    ({"type": "add", "player": 0, "card": "1/5", "owner": 0, "area": 1}, IllegalActionError, "their own set"),
    ({"type": "take", "player": 0, "owner": 3, "area": 1}, IllegalActionError, "has no set"),
    ({"type": "take", "player": 0, "owner": 2, "area": 2}, MalformedError, "'area' must be 1"),
    ({"type": "flip", "player": 0, "extra": 1}, MalformedError, "exactly the fields"),
    ({"type": "dnup", "player": 0}, MalformedError, "unknown action type"),
    ("flip", MalformedError, "JSON object"),
    ({"type": "chance", "event": "deal", "outcome": []}, InvalidOutcomeError, "no chance event"),
])
def test_a_bad_action_is_refused_and_the_state_is_unchanged(action, error, needle):
    state = ENGINE.from_json(mutated())
    before = dumps(ENGINE.to_json(state))
    with pytest.raises(error) as info:
        ENGINE.apply(state, action)
    assert needle in str(info.value)
    assert dumps(ENGINE.to_json(state)) == before


def test_an_invalid_deal_is_refused():
    s = ENGINE.new_game({"players": 3})
    good = chance_mod.sample(ENGINE.chance(s), random.Random(0))
    wrong_event = {**good, "event": "draw"}
    with pytest.raises(InvalidOutcomeError, match="pending chance event is 'deal'"):
        ENGINE.apply(s, wrong_event)
    unoriented = copy.deepcopy(good)
    unoriented["outcome"][0]["0"] = [c[0] for c in unoriented["outcome"][0]["0"]]
    with pytest.raises(MalformedError, match="oriented items"):
        ENGINE.apply(s, unoriented)
    missing_player = copy.deepcopy(good)
    del missing_player["outcome"][0]["2"]
    with pytest.raises(InvalidOutcomeError, match="expected recipients"):
        ENGINE.apply(s, missing_player)
    with pytest.raises(IllegalActionError, match="'deal' is pending"):
        ENGINE.apply(s, {"type": "flip", "player": 0})


def test_acting_after_the_end_is_illegal():
    state = ENGINE.new_game({"players": 3, "turn_cap": 1})
    state = ENGINE.apply(state, chance_mod.sample(ENGINE.chance(state), random.Random(0)))
    state = ENGINE.apply(state, ENGINE.legal_actions(state)[-1])
    assert ENGINE.result(state) == {"winner": None, "reason": "turn-cap"}
    with pytest.raises(IllegalActionError, match="game is over"):
        ENGINE.apply(state, {"type": "flip", "player": 0})


def test_apply_on_something_that_is_not_a_state_is_malformed():
    with pytest.raises(MalformedError, match="from_json"):
        ENGINE.apply({"game": "dnup"}, {"type": "flip", "player": 0})


# ---- garbage fuzz -------------------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 50) | st.text(max_size=6)
    | st.sampled_from(["dnup", "chance", "play", "add", "take", "flip", "1/5", "3/7", "assumed"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["type", "player", "cards", "card", "owner", "area", "event", "outcome", "game", "x"]),
        inner, max_size=5),
    max_leaves=12,
)

VALID = [ENGINE.to_json(dealt(n)) for n in (2, 3, 5)]
PATHS_OF = {}


def _paths(obj, prefix=()):
    out = [prefix]
    if isinstance(obj, dict):
        for k, v in obj.items():
            out += _paths(v, prefix + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            out += _paths(v, prefix + (i,))
    return out


def _set(obj, path, value):
    if not path:
        return value
    obj = copy.deepcopy(obj)
    at = obj
    for k in path[:-1]:
        at = at[k]
    at[path[-1]] = value
    return obj


@hgiven(st.data())
def test_from_json_never_crashes_on_a_damaged_state(data):
    base = data.draw(st.sampled_from(VALID))
    paths = PATHS_OF.setdefault(id(base), _paths(base))
    path = data.draw(st.sampled_from(paths))
    obj = _set(base, path, data.draw(json_values))
    try:
        state = ENGINE.from_json(obj)
    except RulecheckError:
        return
    # whatever loads must round-trip and offer actions that apply
    assert ENGINE.from_json(ENGINE.to_json(state)) is not None
    for a in ENGINE.legal_actions(state)[:5]:
        ENGINE.apply(state, a)


@hgiven(json_values)
def test_from_json_never_crashes_on_garbage(obj):
    with pytest.raises(RulecheckError):
        ENGINE.from_json(obj)


@hgiven(st.data())
def test_apply_never_crashes_on_garbage_actions(data):
    state = data.draw(st.sampled_from([dealt(2), dealt(4), ENGINE.new_game({"players": 3})]))
    legal = ENGINE.legal_actions(state)
    base = data.draw(st.sampled_from(legal)) if legal else {"type": "chance", "event": "deal", "outcome": [{}]}
    action = _set(base, data.draw(st.sampled_from(_paths(base))), data.draw(json_values))
    before = dumps(ENGINE.to_json(state))
    try:
        ENGINE.apply(state, action)
    except RulecheckError:
        pass
    assert dumps(ENGINE.to_json(state)) == before
