"""The Opsnorren reference engine as a user meets it: configs, whole games, logs, tables."""

from __future__ import annotations

import json
import random
from math import comb

import pytest

from engine import chance as chance_mod
from engine.canonical import dumps
from engine.errors import BadConfigError, UnknownChoiceError
from engine.opsnorren import OpsnorrenEngine, random_config
from engine.opsnorren.tables import ENV_VAR
from harness.explore.machine import random_playout
from harness.games.opsnorren.positions import with_every_card


@pytest.fixture(scope="module")
def eng():
    return OpsnorrenEngine()


def play_to(eng, config, rng, stop):
    """Play random legal actions and chance outcomes until ``stop(json)`` holds."""
    s = eng.new_game(config)
    for _ in range(5000):
        j = eng.to_json(s)
        if stop(j):
            return s
        legal = eng.legal_actions(s)
        s = eng.apply(s, legal[rng.randrange(len(legal))] if legal else chance_mod.sample(eng.chance(s), rng))
    raise AssertionError("stop condition never reached")


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_a_whole_game_ends_after_four_rounds_with_a_result(eng, players):
    rng = random.Random(players)
    seen_rounds = set()

    def step(before, action, after):
        seen_rounds.add(eng.to_json(after)["round"])

    s, plies, events = random_playout(eng, {"players": players}, rng, on_step=step)
    j = eng.to_json(s)
    assert j["result"] is not None and j["to_move"] is None
    assert [h["round"] for h in j["history"]] == [1, 2, 3, 4] and seen_rounds == {1, 2, 3, 4}
    assert j["revealed"] == 4 and len(j["rules"]) == 4
    assert plies >= 4 * 7 * players  # every card of every round was played
    points = [sum(t) for t in j["trophies"]]
    assert j["result"]["points"] == points
    top = [p for p, v in enumerate(points) if v == max(points)]
    assert j["result"]["winners"] == (top if len(top) == 1 else [])
    assert eng.legal_actions(s) == [] and eng.chance(s) is None


def test_apply_never_changes_the_state_it_is_given_and_round_trips(eng):
    rng = random.Random(7)
    s = eng.new_game({"players": 5})
    for _ in range(120):
        before = dumps(eng.to_json(s))
        legal = eng.legal_actions(s)
        keys = [dumps(a) for a in legal]
        assert len(keys) == len(set(keys)), "legal actions listed twice"
        action = legal[rng.randrange(len(legal))] if legal else chance_mod.sample(eng.chance(s), rng)
        nxt = eng.apply(s, action)
        assert dumps(eng.to_json(s)) == before
        assert dumps(eng.to_json(eng.from_json(json.loads(dumps(eng.to_json(nxt)))))) == dumps(eng.to_json(nxt))
        s = nxt


@pytest.mark.parametrize("config", [{"players": 2}, {"players": 7}, {"players": True}, {"players": "4"}, {},
                                    {"players": 4, "seed": 1}, [], {"players": 4, "rule_cards": "two-wins"},
                                    {"players": 4, "rule_cards": ["pink-open", "green-negative", "two-wins", "two-wins"]}])
def test_bad_configs_are_refused_with_a_message(eng, config):
    with pytest.raises(BadConfigError) as exc:
        eng.new_game(config)
    assert exc.value.code == "bad-config" and len(exc.value.message) > 15


def test_unknown_choices_are_named():
    with pytest.raises(UnknownChoiceError, match="ops.no-such-choice"):
        OpsnorrenEngine({"ops.no-such-choice": "yes"})
    with pytest.raises(UnknownChoiceError, match="maybe"):
        OpsnorrenEngine({"ops.dove-with-monkey": "maybe"})


def test_random_config_gives_every_player_count():
    rng = random.Random(0)
    counts = {random_config(rng)["players"] for _ in range(200)}
    assert counts == {3, 4, 5, 6}


def test_pass_three_lists_every_choice_of_three_cards(eng):
    rng = random.Random(3)
    s = play_to(eng, {"players": 4, "rule_cards": ["pass-three", "pink-open", "two-wins", "fewest-stars"]}, rng,
                lambda j: j["phase"] == "pass")
    legal = eng.legal_actions(s)
    assert len(legal) == comb(10, 3) and all(a["type"] == "pass" for a in legal)


def test_monkey_pick_is_a_player_decision_listing_the_trick_cards(eng):
    rng = random.Random(11)
    seen = 0
    for _ in range(40):
        s = play_to(eng, {"players": 3}, rng, lambda j: j["phase"] in ("monkey", "over"))
        j = eng.to_json(s)
        if j["phase"] != "monkey":
            continue
        seen += 1
        trick = {pc["card"] for pc in j["trick"]}
        legal = eng.legal_actions(s)
        assert legal and all(a["type"] == "monkey" and a["card"] in trick for a in legal)
        monkey_player = next(pc["player"] for pc in j["trick"] if pc["card"] == "monkey")
        assert j["to_move"] == monkey_player
        pick = legal[0]["card"]
        after = eng.to_json(eng.apply(s, legal[0]))
        assert pick in after["won"][monkey_player]
        break
    assert seen, "no monkey pick came up in 40 three-player games"


def test_play_log_describes_tricks_rounds_trophies_and_the_result(eng):
    rng = random.Random(5)
    lines = []

    def log(before, action, after):
        lines.append(eng.describe_action(before, action))
        lines.extend(eng.describe_events(before, action, after))

    random_playout(eng, {"players": 4}, rng, on_step=log)
    text = "\n".join(lines)
    for needle in ["rule cards drawn", "team cards:", "plays", "wins the trick", "leads the next trick",
                   "round 1 over: team A", "trophy token worth", "round 2: rule card revealed", "game over"]:
        assert needle in text, f"the play log never says {needle!r}"
    assert all(isinstance(x, str) and x for x in lines)


def test_the_tables_in_use_are_named(eng):
    assert "components.json" in eng.tables_source and "assumed" in eng.tables_source
    assert eng.hello()["tables"] == eng.tables_source


def last_trick_position(eng):
    """Four players, one card each; player 3 will win blue 10 and blue 1."""
    s = eng.new_game({"players": 4, "rule_cards": ["pink-open", "green-negative", "two-wins", "fewest-stars"]})
    j = eng.to_json(s)
    j.update(round=1, revealed=1, phase="play", team_cards=["A+crown", "A", "B", "B"],
             hands=[["blue 1"], ["blue 2"], ["blue 5"], ["blue 10"]], to_move=0, chance=None)
    s = eng.from_json(with_every_card(j))
    for p, c in enumerate(["blue 1", "blue 2", "blue 5", "blue 10"]):
        s = eng.apply(s, {"type": "play", "player": p, "card": c})
    return eng.to_json(s)["history"][-1]["stars"]


def test_a_user_supplied_table_replaces_the_assumed_stars(tmp_path, monkeypatch, eng):
    import specs

    data = json.loads(json.dumps(specs.load("opsnorren").param("stars")))
    data["stars"]["blue 10"] = 7
    path = tmp_path / "my-moustache.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setenv(ENV_VAR, str(path))
    mine = OpsnorrenEngine()
    assert str(path) in mine.tables_source
    default = last_trick_position(eng)
    custom = last_trick_position(mine)
    assert custom["B"] - default["B"] == 7 - data_default_blue10()
    mine2 = OpsnorrenEngine(tables=str(path))
    assert last_trick_position(mine2) == custom


def data_default_blue10():
    import specs

    return specs.load("opsnorren").param("stars")["stars"]["blue 10"]


@pytest.mark.parametrize("content, needle", [
    ("not json", "not valid JSON"),
    ('{"stars": {}}', "stars"),
    ("[]", "JSON object"),
])
def test_a_broken_table_file_is_a_clear_error(tmp_path, content, needle):
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(BadConfigError, match=needle):
        OpsnorrenEngine(tables=str(path))
    with pytest.raises(BadConfigError, match="cannot read"):
        OpsnorrenEngine(tables=str(tmp_path / "missing.json"))


def test_a_table_with_a_bad_trophy_group_names_the_key(tmp_path):
    import specs

    data = json.loads(json.dumps(specs.load("opsnorren").param("stars")))
    data["trophies"] = [[1, 2, 3]]
    path = tmp_path / "t.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(BadConfigError, match="trophies"):
        OpsnorrenEngine(tables=str(path))
