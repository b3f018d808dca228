"""A user's own Opsnorren tables file: played when it is sound, refused with a clear error when not.

The star values, trophy tokens, team cards per player count, the two rule-card piles and the
moustache cards are assumed (specs/opsnorren/parameters.toml); a user who owns the game supplies
the printed ones in a file of the shape of ``specs/opsnorren/components.json`` (OPS-COMPONENTS,
OPS-DEAL-TABLE, OPS-TEAM-CARDS, OPS-SETUP-RULE-ROW, OPS-BEGINNER, OPS-SETUP-TROPHIES). The engine
then plays with that file, and a file that cannot be the game's (a card without stars, a round
without its three tokens, a player count without one crown, a rule card in both piles, a pile too
small for the beginner setup) is refused as a bad configuration, never with a crash and never
silently replaced by the assumed tables. Only the reference reads a tables file by path: another
engine is not applicable.
"""

from __future__ import annotations

import copy
import json

import pytest

import specs
from engine.errors import BadConfigError
from engine.opsnorren.engine import OpsnorrenEngine
from harness.verdicts.items import NOT_APPLICABLE

CLAUSES = ("OPS-COMPONENTS", "OPS-DEAL-TABLE", "OPS-TEAM-CARDS", "OPS-SETUP-RULE-ROW", "OPS-BEGINNER",
           "OPS-SETUP-TROPHIES")


def _base() -> dict:
    return copy.deepcopy(specs.load("opsnorren").param("stars"))


def _cls(rulecheck_engine):
    eng = rulecheck_engine("opsnorren")
    if not isinstance(eng, OpsnorrenEngine):
        pytest.skip(f"{NOT_APPLICABLE}: a tables file by path is the reference's configuration")
    return type(eng)


def _write(tmp_path, data, name="tables.json") -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


def _set(path: str, value):
    """A change to the base tables: ``path`` like 'team_cards/4' set to ``value`` (DROP deletes it)."""
    def change(d):
        keys = path.split("/")
        for k in keys[:-1]:
            d = d[int(k)] if isinstance(d, list) else d[k]
        last = int(keys[-1]) if isinstance(d, list) else keys[-1]
        if value is DROP:
            del d[last]
        else:
            d[last] = value
    return change


DROP = object()
_WHITE = ["green-negative", "pink-open", "pass-three", "most-blue", "pink-plus-one"]

#: (what is wrong, the change) -> refused as bad-config
BAD = [
    ("a list, not an object", lambda d: [d]),
    ("stars that are no object", _set("stars", [1, 2, 3])),
    ("no stars", _set("stars", DROP)),
    ("a card without stars", _set("stars/blue 10", DROP)),
    ("stars of an unknown card", _set("stars/purple 3", 1)),
    ("stars written as text", _set("stars/green 0", "1")),
    ("no trophies", _set("trophies", DROP)),
    ("three rounds of tokens", _set("trophies", [[1, 2, 3], [2, 3, 4], [3, 4, 5]])),
    ("a round of two tokens", _set("trophies/2", [3, 4])),
    ("a token worth a fraction", _set("trophies/0/1", 2.5)),
    ("no team cards", _set("team_cards", DROP)),
    ("no team cards for 5 players", _set("team_cards/5", DROP)),
    ("four team cards for 3 players", _set("team_cards/3", ["A+crown", "B", "B", "A"])),
    ("an unknown team card", _set("team_cards/4", ["A+crown", "A", "C", "B"])),
    ("two crowns", _set("team_cards/4", ["A+crown", "A", "B+crown", "B"])),
    ("one team only", _set("team_cards/3", ["A+crown", "A", "A"])),
    ("no rule piles", _set("rule_piles", DROP)),
    ("no black pile", _set("rule_piles/black", DROP)),
    ("a white pile that is no list", _set("rule_piles/white", "green-negative")),
    ("an unknown rule card", _set("rule_piles/black/0", "everyone-wins")),
    ("a card in both piles", _set("rule_piles/black/0", "most-blue")),
    ("a card twice in the white pile", _set("rule_piles/white", _WHITE + ["most-blue"])),
    ("a card twice in the black pile", _set("rule_piles/black", ["two-wins", "two-wins", "colour-reversed"])),
    ("moustache cards that are no list", _set("moustache", "pass-three")),
    ("an unknown moustache card", _set("moustache", ["pass-three", "everyone-wins"])),
    ("a white pile left with one card for beginners", _set("moustache", ["green-negative", "pink-open", "pass-three",
                                                                         "most-blue"])),
    ("a black pile left with one card for beginners", _set("moustache", ["two-wins", "equal-discarded",
                                                                         "colour-reversed", "three-lowest",
                                                                         "new-lead-colour"])),
]


@pytest.mark.clause(*CLAUSES)
@pytest.mark.parametrize("what, change", BAD, ids=[w for w, _ in BAD])
def test_a_tables_file_that_cannot_be_the_game_is_refused(rulecheck_engine, tmp_path, what, change):
    cls = _cls(rulecheck_engine)
    data = _base()
    data = change(data) or data
    with pytest.raises(BadConfigError):
        cls(tables=_write(tmp_path, data))


@pytest.mark.clause(*CLAUSES)
@pytest.mark.parametrize("text", ["{not json", "\udcff"], ids=["not JSON", "not UTF-8"])
def test_an_unreadable_tables_file_is_refused(rulecheck_engine, tmp_path, text):
    cls = _cls(rulecheck_engine)
    path = tmp_path / "broken.json"
    path.write_bytes(text.encode("utf-8", "surrogateescape"))
    with pytest.raises(BadConfigError):
        cls(tables=str(path))
    with pytest.raises(BadConfigError):
        cls(tables=str(tmp_path / "missing.json"))


@pytest.mark.clause(*CLAUSES)
def test_the_users_tables_are_played(rulecheck_engine, tmp_path, monkeypatch):
    """The user's rule-card piles are the ones the game draws from, by path or by the environment."""
    cls = _cls(rulecheck_engine)
    data = _base()
    data["rule_piles"] = {"white": ["green-negative", "pink-open", "most-blue"],
                          "black": ["two-wins", "three-lowest", "fewest-stars"]}
    del data["moustache"]  # no moustache cards: the beginner setup keeps every card
    path = _write(tmp_path, data, "mine.json")
    for eng in (cls(tables=path), _from_env(cls, monkeypatch, path)):
        assert "user-supplied" in eng.tables_source and path in eng.tables_source, eng.tables_source
        s = eng.new_game({"players": 4})
        ch = eng.chance(s)
        assert [sorted(d["pool"]) for d in ch["draws"]] == [sorted(data["rule_piles"]["white"]),
                                                            sorted(data["rule_piles"]["black"])], ch
        with pytest.raises(BadConfigError):  # a card of the assumed piles is not in the user's
            eng.new_game({"players": 4, "rule_cards": ["pass-three", "pink-open", "two-wins", "three-lowest"]})
    beginner = cls({"ops.beginner-setup": "yes"}, tables=path)
    ch = beginner.chance(beginner.new_game({"players": 4}))
    assert sorted(ch["draws"][0]["pool"]) == sorted(data["rule_piles"]["white"]), "no card carries the moustache"
    # OPS-BEGINNER: the user's moustache cards leave two cards in each pile, just enough for the row
    data["moustache"] = ["green-negative", "three-lowest"]
    beginner = cls({"ops.beginner-setup": "yes"}, tables=_write(tmp_path, data, "moustache.json"))
    ch = beginner.chance(beginner.new_game({"players": 4}))
    assert [sorted(d["pool"]) for d in ch["draws"]] == [["most-blue", "pink-open"], ["fewest-stars", "two-wins"]], ch


def _from_env(cls, monkeypatch, path):
    monkeypatch.setenv("RULECHECK_OPSNORREN_TABLES", path)
    try:
        return cls()
    finally:
        monkeypatch.delenv("RULECHECK_OPSNORREN_TABLES")
