"""Bad input to the Sorry! engine gets a clear error of the taxonomy, never a bare traceback."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.errors import (BadConfigError, IllegalActionError, InvalidOutcomeError, MalformedError, RulecheckError,
                           UnknownChoiceError)
from engine.sorry import SorryEngine

ENG = SorryEngine()


def base_json(config=None):
    return copy.deepcopy(ENG.to_json(ENG.new_game(config or {"players": 2})))


def play_json(card="5", red=(10, "start", "start", "start")):
    j = base_json()
    j["pawns"]["red"] = list(red)
    j["draw_pile"].remove(card)
    j.update(card=card, phase="play", to_move=0, chance=None)
    return j


@pytest.mark.parametrize("config, needle", [
    ({"players": 5}, "2 to 4 players"),
    ({"players": "two"}, "integer"),
    ({}, "players"),
    ([], "JSON object"),
    ({"players": 2, "colours": ["red", "red"]}, "twice"),
    ({"players": 3, "colours": ["red", "blue"]}, "3 players"),
    ({"players": 3, "team": True}, "four colours"),
    ({"players": 2, "first": "green"}, "colour in play"),
    ({"players": 2, "first": 0, "previous_winner": "red"}, "not both"),
    ({"players": 2, "points": "yes"}, "true or false"),
])
def test_bad_config_names_the_problem(config, needle):
    with pytest.raises(BadConfigError, match=needle):
        ENG.new_game(config)


def test_unknown_choice_and_option():
    with pytest.raises(UnknownChoiceError, match="no choice"):
        SorryEngine({"sorry.slides": "yes"})
    with pytest.raises(UnknownChoiceError, match="options"):
        SorryEngine({"sorry.ten-card": "back-ten"})


@pytest.mark.parametrize("path, value, needle", [
    ("game", "chess", "not a Sorry! state"),
    ("pawns/red/0", 60, "pawns/red/0"),
    ("pawns/red/0", True, "pawns/red/0"),
    ("pawns/red", ["start"], "4 pawns"),
    ("players", ["blue", "red"], "clockwise"),
    ("draw_pile", ["sorry", "1"], "canonical order"),
    ("draw_pile", [], "add up"),
    ("phase", "dance", "phase"),
    ("turn", 7, "turn"),
    ("to_move", 1, "to_move"),
    ("chance", None, "chance"),
    ("result", {"winners": ["red"]}, "result"),
    ("hands", {"red": []}, "hands"),
    ("variant", {"team": True}, "variant"),
])
def test_malformed_state_names_the_field(path, value, needle):
    j = base_json()
    node = j
    keys = path.split("/")
    for k in keys[:-1]:
        node = node[k]
    if isinstance(node, list):
        node[int(keys[-1])] = value
    else:
        node[keys[-1]] = value
    with pytest.raises(MalformedError, match=needle):
        ENG.from_json(j)


def test_missing_field_is_named():
    j = base_json()
    del j["discard_pile"]
    with pytest.raises(MalformedError, match="discard_pile"):
        ENG.from_json(j)


def test_illegal_actions_say_why_and_leave_the_state_alone():
    st = ENG.from_json(play_json())
    before = json.dumps(ENG.to_json(st), sort_keys=True)
    cases = [
        ({"type": "move", "player": 0, "card": "5", "moves": [{"pawn": "red 1", "from": 10, "to": 16}]}, "not a legal move"),
        ({"type": "move", "player": 0, "card": "7", "moves": [{"pawn": "red 1", "from": 10, "to": 17}]}, "card in play is 5"),
        ({"type": "move", "player": 1, "card": "5", "moves": [{"pawn": "blue 1", "from": 19, "to": 24}]}, "red's turn"),
        ({"type": "forfeit", "player": 0, "card": "5"}, "must be made"),
    ]
    for action, needle in cases:
        with pytest.raises(IllegalActionError, match=needle):
            ENG.apply(st, action)
    assert json.dumps(ENG.to_json(st), sort_keys=True) == before


@pytest.mark.parametrize("action", [
    "forfeit", None, [], {"type": "jump"}, {"type": "move", "player": 0, "card": "6", "moves": []},
    {"type": "move", "player": 0, "card": "5", "moves": [{"pawn": "red 9", "from": 10, "to": 15}]},
    {"type": "move", "player": 0, "card": "5", "moves": [{"pawn": "red 1", "from": {}, "to": 15}]},
])
def test_malformed_actions(action):
    with pytest.raises(MalformedError):
        ENG.apply(ENG.from_json(play_json()), action)


def test_chance_outcomes_must_be_possible():
    st = ENG.new_game({"players": 2})
    j = base_json()
    j["discard_pile"] = [c for c in j["draw_pile"] if c != "3"]
    j["draw_pile"] = ["3", "3", "3", "3"]
    j["discard_pile"] = sorted(j["discard_pile"], key=lambda c: ENG.to_json(st)["draw_pile"].index(c))
    j["chance"] = {"event": "draw", "draws": [{"pool": ["3", "3", "3", "3"], "take": {"draw": 1}}]}
    short = ENG.from_json(j)
    with pytest.raises(InvalidOutcomeError, match="7"):
        ENG.apply(short, {"type": "chance", "event": "draw", "outcome": [{"draw": ["7"]}]})
    with pytest.raises(InvalidOutcomeError):
        ENG.apply(st, {"type": "chance", "event": "deal", "outcome": [{"draw": ["7"]}]})
    with pytest.raises(MalformedError):
        ENG.apply(st, {"type": "chance", "event": "draw", "outcome": "7"})
    with pytest.raises(IllegalActionError, match="drawn first"):
        ENG.apply(st, {"type": "forfeit", "player": 0, "card": "7"})
    played = ENG.from_json(play_json())
    with pytest.raises(InvalidOutcomeError, match="no chance event"):
        ENG.apply(played, {"type": "chance", "event": "draw", "outcome": [{"draw": ["7"]}]})


def test_something_that_is_not_a_state_is_malformed_everywhere():
    bad = {"game": "sorry"}
    with pytest.raises(MalformedError, match="from_json"):
        ENG.apply(bad, {"type": "forfeit", "player": 0, "card": "5"})
    for call in (ENG.legal_actions, ENG.chance, ENG.to_json, ENG.result, ENG.is_terminal):
        with pytest.raises(MalformedError, match="from_json"):
            call(bad)


def test_choices_that_are_not_a_mapping():
    with pytest.raises(UnknownChoiceError, match="choice ids"):
        SorryEngine(["sorry.deck"])


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 70) | st.sampled_from(["start", "home", "safety 1", "7", "sorry", "red 1", "red", "draw"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(
        ["type", "player", "card", "moves", "pawn", "from", "to", "target", "event", "outcome", "draw", "slide"]), inner, max_size=5),
    max_leaves=12,
)


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_garbage_state_fields_give_malformed_not_a_crash(data):
    j = play_json()
    field = data.draw(st.sampled_from(sorted(j)))
    j[field] = data.draw(json_values)
    try:
        ENG.from_json(j)
    except RulecheckError:
        pass


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(action=json_values, seven=st.booleans())
def test_garbage_actions_give_a_taxonomy_error_not_a_crash(action, seven):
    st_ = ENG.from_json(play_json("7", (10, 20, "start", "start")) if seven else base_json())
    assert isinstance(ENG.describe_action(st_, action), str)
    try:
        ENG.apply(st_, action)
    except RulecheckError:
        pass
