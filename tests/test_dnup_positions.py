"""Dnup positions built around a rule (harness/games/dnup/situations.py): every start is one the
reference reaches from a new game, and playing on from it exercises the clauses it is built around."""

from __future__ import annotations

import json

import pytest

from engine import chance as chance_mod
from engine.dnup import DnupEngine
from harness.explore import coverage
from harness.explore.situations import rng_for, situations
from harness.games.dnup.positions import small
from harness.games.dnup.situations import SITUATIONS

SITS = {s.name: s for s in SITUATIONS}


def start_of(name: str, sample: int = 0):
    """(engine, state after the path, path) of one sample, replayed from its JSON like a candidate would."""
    sit = SITS[name]
    start = json.loads(json.dumps(sit.build(rng_for("dnup", name, sample), DnupEngine())))
    eng = DnupEngine()
    s = eng.new_game(start["config"])
    for action in start["path"]:
        s = eng.apply(s, action)
    return eng, s, start["path"]


def test_situations_are_found_and_stay_within_the_budget():
    """Every situation is listed for the game; all of them together stay under 3,000 transitions."""
    assert [s.name for s in situations("dnup")] == list(SITS)
    total = 0
    for sit in SITUATIONS:
        for k in range(sit.samples):
            total += len(sit.build(rng_for("dnup", sit.name, k), DnupEngine())["path"]) + sit.plies
    assert total <= 3000, total


@pytest.mark.parametrize("name", list(SITS))
def test_situation_plays_its_own_clauses(name):
    """Replaying each start and its plies exercises every clause the situation names (harness.explore.coverage)."""
    sit = SITS[name]
    ex = DnupEngine().explainer()
    counts: dict[str, int] = {}
    for k in range(sit.samples):
        rng = rng_for("dnup", name, k)
        start = sit.build(rng, DnupEngine())
        eng = DnupEngine()
        s = eng.new_game(start["config"])
        steps = list(start["path"])
        for action in steps:
            coverage.merge(counts, ((c, 1) for c in coverage.transition(ex, eng.to_json(s), action,
                                                                       action["type"] == "chance")))
            s = eng.apply(s, action)
        for _ in range(sit.plies):
            if eng.is_terminal(s):
                break
            pending = eng.chance(s)
            legal = eng.legal_actions(s)
            action = chance_mod.sample(pending, rng) if pending else (
                sit.choose(rng, legal, eng.to_json(s)) if sit.choose else rng.choice(legal))
            coverage.merge(counts, ((c, 1) for c in coverage.transition(ex, eng.to_json(s), action, bool(pending))))
            s = eng.apply(s, action)
    missing = [c for c in sit.clauses if not counts.get(c)]
    assert not missing, f"{name} never exercised {missing}"


def test_first_out_beaten_by_an_addition_is_simply_discarded():
    """DNP-FIRST-OUT-BEATEN: four 6s made by an action B beat the first player's four 5s: gone, not returned."""
    eng, s, _ = start_of("first-out-beaten-by-add")
    j = eng.to_json(s)
    assert j["out"] == [0] and j["sets"][0] == [[]] and j["hands"][0] == []
    assert {"1/5", "5/8", "5/9", "5/10"} <= set(j["discard"])
    assert j["to_move"] == 1 and j["tokens"][0] == 2  # player 1 then discards their four 6s (DNP-DISCARD-OWN-SET)


def test_first_out_beaten_by_a_play_is_simply_discarded():
    """DNP-FIRST-OUT-BEATEN, DNP-A-HIGHER: two 6s beat the first player's two 5s; player 1 plays on."""
    eng, s, _ = start_of("first-out-beaten-by-play")
    j = eng.to_json(s)
    assert j["out"] == [0] and j["sets"][0] == [[]] and {"5/8", "5/9"} <= set(j["discard"])
    assert j["hands"][1] and j["to_move"] == 2


def test_an_addition_sends_the_lower_set_of_its_size_back_turned():
    """DNP-B-CONFLICT: 6 added to a single 6 makes a pair beside player 0's pair of 5s, which goes back turned."""
    eng, s, _ = start_of("b-conflict")
    j = eng.to_json(s)
    assert j["sets"][0] == [[]] and len(j["sets"][1][0]) == 2
    assert ["1/5", False] in j["hands"][0] and ["5/8", True] in j["hands"][0]  # 1/5 was played turned


def test_own_set_in_the_other_area_goes_back():
    """DNP-TWO-CONFLICT-OWN, DNP-TWO-START: player 0 starts in area 2; their 6 in area 1 beats their own 5."""
    eng, s, path = start_of("two-conflict-own")
    j = eng.to_json(s)
    assert j["sets"][0] == [[["6/7", False]], []] and ["5/8", True] in j["hands"][0]
    first = eng.to_json(eng.apply(eng.new_game(small(2)), path[0]))
    assert (first["to_move"], first["area"]) == (0, 2)


def test_a_remainder_goes_to_the_first_seats():
    """DNP-DEAL (parameter deal_remainder): every card is dealt; seats 0..r-1 get one card more."""
    for k in range(SITS["deal-remainder"].samples):
        eng, s, _ = start_of("deal-remainder", k)
        j = eng.to_json(s)
        sizes = [len(h) for h in j["hands"]]
        n, r = divmod(sum(sizes), j["players"])
        assert r and sizes == [n + 1] * r + [n] * (j["players"] - r) and not j["discard"]


def test_letters_the_first_out_wins_with_four_or_more():
    """DNP-GAME-END, DNP-FAQ-LETTERS: letters 2+1 per round; with 3 each, the first out reaches 5 and wins."""
    for k in range(SITS["letters"].samples):
        eng, s, path = start_of("letters", k)
        j = eng.to_json(s)
        if len(path) == 9:
            assert j["result"] == {"winner": 0, "reason": "letters"} and j["tokens"] == [5, 3, 0]
        else:
            assert j["tokens"] == [3, 3, 0] and j["result"] is None


@pytest.mark.parametrize("k", range(1, 9))
def test_a_set_of_every_size(k):
    """DNP-SET: a set is 1 or more cards of one active value: sets of 1 to 8 sevens are played."""
    eng, s, _ = start_of(f"set-of-{k}")
    j = eng.to_json(s)
    sizes = [len(cs) for areas in j["sets"] for cs in areas]
    assert k in sizes
