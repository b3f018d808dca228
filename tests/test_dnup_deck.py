"""The deck is a data file a user can replace; bad deck files get a clear bad-config error."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import specs
from engine import chance as chance_mod
from engine.dnup import DnupEngine
from engine.dnup.cards import ENV_DECK, read_deck_file
from engine.errors import BadConfigError

CARDS = specs.load("dnup").param("deck")["cards"]


@pytest.fixture
def engine():
    return DnupEngine()


def write(tmp_path, obj, name="deck.json") -> str:
    path = tmp_path / name
    path.write_text(obj if isinstance(obj, str) else json.dumps(obj), encoding="utf-8")
    return str(path)


def test_the_assumed_deck_is_labelled_and_explains_how_it_was_chosen():
    p = specs.load("dnup").parameters["deck"]
    assert p.provenance == "assumed"
    doc = p.value
    assert "how_chosen" in doc and "40 cards" in doc["how_chosen"]
    assert len(doc["cards"]) == 40


def test_the_assumed_deck_reaches_every_set_size_and_conflict():
    """Each value is on at least 5 cards at every player count, so sets of 1-5 of every value can meet."""
    marks = Counter(c["mark"] for c in CARDS)
    assert marks == {None: 29, "start": 1, "star4": 4, "star6": 6}
    start = next(c for c in CARDS if c["mark"] == "start")
    assert sorted(start["values"]) == [1, 5]
    for gone in (set(), {"star4"}, {"star4", "star6"}):
        per_value = Counter(v for c in CARDS if c["mark"] not in gone for v in c["values"])
        assert set(per_value) == set(range(1, 11))
        assert min(per_value.values()) >= 5


@pytest.mark.parametrize("players,per_hand", [(5, 8), (4, 9), (3, 10), (2, 15)])
def test_the_assumed_deck_deals_without_remainder(engine, players, per_hand):
    take = engine.chance(engine.new_game({"players": players}))["draws"][0]["take"]
    assert take == {str(p): per_hand for p in range(players)}


def custom_deck(n_plain=41):
    cards = [{"id": "S", "values": [1, 5], "mark": "start"}]
    cards += [{"id": f"c{i:02d}", "values": [i % 7 + 1, i % 5 + 2], "mark": None} for i in range(n_plain - 1)]
    return cards


def test_a_deck_file_from_the_config_replaces_the_assumed_deck(engine, tmp_path):
    path = write(tmp_path, {"cards": custom_deck()})
    state = engine.new_game({"players": 5, "deck": read_deck_file(path)})
    sj = engine.to_json(state)
    assert isinstance(sj["deck"], list) and len(sj["deck"]) == 41
    # 41 cards over 5 players: the remainder goes to seat 0 (parameter deal_remainder)
    take = engine.chance(state)["draws"][0]["take"]
    assert take == {"0": 9, "1": 8, "2": 8, "3": 8, "4": 8}
    dealt = engine.apply(state, chance_mod.sample(engine.chance(state), random.Random(3)))
    hands = engine.to_json(dealt)["hands"]
    assert [len(h) for h in hands] == [9, 8, 8, 8, 8]
    holder = next(p for p, h in enumerate(hands) if any(c[0] == "S" for c in h))
    assert engine.to_json(dealt)["to_move"] == holder
    # the state carries its deck, so it loads back without the config
    assert engine.to_json(engine.from_json(engine.to_json(dealt))) == engine.to_json(dealt)


def test_a_deck_file_from_the_environment_replaces_the_assumed_deck(engine, tmp_path, monkeypatch):
    monkeypatch.setenv(ENV_DECK, write(tmp_path, custom_deck(40)))
    sj = engine.to_json(engine.new_game({"players": 4}))
    assert {c["id"] for c in sj["deck"]} >= {"S", "c00"}


def test_a_copy_of_the_assumed_deck_is_the_assumed_deck(engine, tmp_path):
    path = write(tmp_path, specs.load("dnup").param("deck"))
    assert engine.to_json(engine.new_game({"players": 3, "deck": read_deck_file(path)}))["deck"] == "assumed"


def test_a_deck_given_inline_as_a_list_works(engine):
    sj = engine.to_json(engine.new_game({"players": 3, "deck": custom_deck(30)}))
    assert len(sj["deck"]) == 30


@pytest.mark.parametrize("deck,needle", [
    ("{not json", "not valid JSON"),
    ({"cards": []}, "non-empty list"),
    ([{"id": "a", "values": [1, 2], "mark": None}] * 2, "used twice"),
    ([{"id": "a", "values": [1], "mark": "start"}], "two integers"),
    ([{"id": "a", "values": [1, "x"], "mark": "start"}], "two integers"),
    ([{"id": "a", "values": [1, 2], "mark": "gold"}], "'mark' must be one of"),
    ([{"id": "", "values": [1, 2], "mark": "start"}], "'id' must be a non-empty string"),
    ([{"id": "a", "values": [1, 2], "mark": None, "colour": "red"}], "unknown field"),
    ([{"id": f"c{i}", "values": [1, 2], "mark": None} for i in range(40)], "exactly one card must be the starred"),
    ([{"id": "S", "values": [1, 5], "mark": "start"}, {"id": "b", "values": [2, 3], "mark": None}], "at least"),
    ([42], "a card is an object"),
])
def test_a_bad_deck_file_is_refused_with_a_clear_error(engine, tmp_path, deck, needle, monkeypatch):
    monkeypatch.setenv(ENV_DECK, write(tmp_path, deck))
    with pytest.raises(BadConfigError) as info:
        engine.new_game({"players": 3})
    assert needle in str(info.value)
    assert "deck.json" in str(info.value)


def test_a_missing_deck_file_is_refused(tmp_path):
    with pytest.raises(BadConfigError, match="does not exist"):
        read_deck_file(tmp_path / "nope.json")


def test_a_file_name_in_the_config_is_refused_without_opening_it(engine, tmp_path):
    """A protocol request must not make an engine open (or probe for) a file."""
    for name in (write(tmp_path, {"cards": custom_deck()}), str(tmp_path / "nope.json"), "/etc/passwd"):
        with pytest.raises(BadConfigError) as info:
            engine.new_game({"players": 3, "deck": name})
        assert "not a file name" in str(info.value) and "exist" not in str(info.value)


def test_the_cli_reads_a_deck_file_with_at(tmp_path):
    from harness.cli import parse_config

    path = write(tmp_path, {"cards": custom_deck(30)})
    assert parse_config((f"deck=@{path}",))["deck"] == {"cards": custom_deck(30)}


def test_a_bad_deck_in_the_environment_names_the_variable(engine, tmp_path, monkeypatch):
    monkeypatch.setenv(ENV_DECK, write(tmp_path, {"cards": [{"id": "x"}]}))
    with pytest.raises(BadConfigError, match="values"):
        engine.new_game({"players": 3})
    monkeypatch.setenv(ENV_DECK, str(tmp_path / "missing.json"))
    with pytest.raises(BadConfigError, match=ENV_DECK):
        engine.new_game({"players": 3})
