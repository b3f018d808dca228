"""Behaviour of the Dnup reference engine a user would notice: configs, legal actions, play logs,
observations, the two readings of action B, random play to the end."""

from __future__ import annotations

import random

import pytest

from engine import chance as chance_mod
from engine.canonical import dumps
from engine.dnup import DnupEngine, random_config
from engine.errors import BadConfigError, IllegalActionError, UnknownChoiceError
from harness.explore.machine import random_playout
from harness.games.dnup.positions import base_position, parse_cards


def position(players=5, hands=None, sets=None, to_move=0, area=None, **extra):
    """A canonical position: ``hands``/``sets`` in card notation; other cards in the discard pile."""
    pos = base_position(players)
    pos["area"] = area or 1
    pos["to_move"] = to_move
    used = set()
    for p, text in (hands or {}).items():
        pos["hands"][p] = parse_cards(text)
    for (p, a), text in (sets or {}).items():
        pos["sets"][p][a - 1] = parse_cards(text)
    from harness.games.dnup.positions import deck_cards

    for h in pos["hands"]:
        used.update(c[0] for c in h or [])
    for areas in pos["sets"]:
        for cs in areas:
            used.update(c[0] for c in cs)
    free = sorted(c["id"] for c in deck_cards() if c["id"] not in used and c["id"] not in pos["removed"])
    for p in range(players):
        if pos["hands"][p] is None:
            pos["hands"][p] = [[free.pop(0), False]]
    pos["discard"] = sorted(free)
    pos.update(extra)
    return pos


@pytest.fixture
def engine():
    return DnupEngine()


@pytest.mark.parametrize("config,needle", [
    ({"players": 1}, "2 to 5 players"),
    ({"players": 6}, "2 to 5 players"),
    ({"players": "4"}, "2 to 5 players"),
    ({"players": True}, "2 to 5 players"),
    ({}, "2 to 5 players"),
    ({"players": 3, "turn_cap": 0}, "turn_cap"),
    ({"players": 3, "turn_cap": "10"}, "turn_cap"),
    ({"players": 3, "speed": "fast"}, "unknown config key"),
    ([3], "config is an object"),
])
def test_a_bad_config_is_refused_naming_the_problem(engine, config, needle):
    with pytest.raises(BadConfigError) as info:
        engine.new_game(config)
    assert needle in str(info.value)


def test_an_unknown_choice_or_option_is_refused():
    with pytest.raises(UnknownChoiceError, match="known choices: dnup.add-conflict"):
        DnupEngine({"dnup.flip-limit": "yes"})
    with pytest.raises(UnknownChoiceError, match="options: illegal, consequence"):
        DnupEngine({"dnup.add-conflict": "maybe"})


def test_the_engine_declares_its_reading_of_action_b():
    assert DnupEngine().hello()["choices"] == {"dnup.add-conflict": "illegal"}
    assert DnupEngine({"dnup.add-conflict": "consequence"}).choices["dnup.add-conflict"] == "consequence"


def test_a_game_starts_with_a_deal_and_no_player_action(engine):
    state = engine.new_game({"players": 4})
    assert engine.legal_actions(state) == []
    assert engine.chance(state)["event"] == "deal"
    assert engine.to_json(state)["to_move"] == "chance"
    assert engine.result(state) is None


def test_equal_cards_of_one_value_give_every_subset_once(engine):
    state = engine.from_json(position(hands={0: "5/1, 5/2, 5/3, 5/8"}))
    plays = [a["cards"] for a in engine.legal_actions(state) if a["type"] == "play"]
    assert len(plays) == 15  # 2**4 - 1 subsets, each once, ids sorted
    assert all(cards == sorted(cards) for cards in plays)
    assert len({tuple(c) for c in plays}) == 15


def test_every_legal_action_applies_and_the_state_is_untouched(engine):
    state = engine.from_json(position(
        hands={0: "5/1, 5/2, 7/3, 9/4"}, sets={(2, 1): "7/1", (3, 1): "9/1, 9/3", (4, 1): "2/6, 2/8, 2/10"}))
    before = dumps(engine.to_json(state))
    actions = engine.legal_actions(state)
    assert {a["type"] for a in actions} == {"play", "add", "take", "flip"}
    for a in actions:
        engine.apply(state, a)
    assert dumps(engine.to_json(state)) == before


def test_the_faq_reading_forbids_an_equal_extension_that_the_seed_reading_allows():
    pos = position(hands={0: "7/6, 8/1"}, sets={(2, 1): "7/1", (3, 1): "7/2, 7/3"})
    add = {"type": "add", "player": 0, "card": "6/7", "owner": 2, "area": 1}
    faq = DnupEngine()
    seed = DnupEngine({"dnup.add-conflict": "consequence"})
    assert add not in faq.legal_actions(faq.from_json(pos))
    with pytest.raises(IllegalActionError, match="must be higher"):
        faq.apply(faq.from_json(pos), add)
    after = seed.to_json(seed.apply(seed.from_json(pos), add))
    assert len(after["sets"][2][0]) == 2 and len(after["sets"][3][0]) == 2


def test_describe_action_and_events_tell_what_happened(engine):
    state = engine.from_json(position(hands={0: "6/2, 6/3, 9/1", 2: "7/9"}, sets={(2, 1): "4/1, 4/2"}))
    action = {"type": "play", "player": 0, "cards": ["2/6", "3/6"]}
    assert engine.describe_action(state, action) == "player 0 plays a set of 2: 6/2, 6/3"
    after = engine.apply(state, action)
    events = engine.describe_events(state, action, after)
    assert any("player 2" in e and "goes back to their hand, flipped" in e for e in events)
    take = {"type": "take", "player": 1, "owner": 0, "area": 1}
    assert "takes the set of player 0 and flips it" in engine.describe_action(after, take)
    assert "dnup" in engine.describe_action(after, {"type": "flip", "player": 1})


def test_describe_events_reports_going_out_letters_and_the_round_end(engine):
    pos = position(players=3, hands={1: "5/3"}, to_move=1, out=[0], tokens=[2, 0, 0])
    pos["discard"] = sorted(pos["discard"] + [c[0] for c in pos["hands"][0]])
    pos["hands"][0] = []
    state = engine.from_json(pos)
    action = {"type": "play", "player": 1, "cards": ["3/5"]}
    after = engine.apply(state, action)
    events = engine.describe_events(state, action, after)
    assert "player 1 is out second and gets 1 letter(s) (now 1)" in events
    assert any(e.startswith("round 1 ends") for e in events)
    deal = chance_mod.sample(engine.chance(after), random.Random(1))
    assert engine.describe_action(after, deal) == "round 2: the cards are dealt"
    dealt = engine.apply(after, deal)
    assert any("holds the start card and starts round 2" in e for e in engine.describe_events(after, deal, dealt))


def test_the_observation_hides_other_hands_but_shows_own_orientation(engine):
    state = engine.from_json(position(hands={0: "5/1, 9/4", 1: "3/7"}, sets={(2, 1): "6/2"}))
    obs = engine.observation(state, 0)
    assert obs["hands"][0] == [["1/5", True], ["4/9", True]]
    assert obs["hands"][1] is None and obs["hand_sizes"][1] == 1
    assert obs["sets"][2][0] == [["2/6", True]]
    assert "discard" not in obs and obs["discard_size"] > 0


@pytest.mark.parametrize("seed", range(4))
def test_random_config_always_caps_turns_and_covers_player_counts(seed):
    rng = random.Random(seed)
    configs = [random_config(rng) for _ in range(50)]
    assert {c["players"] for c in configs} == {2, 3, 4, 5}
    assert all(isinstance(c["turn_cap"], int) and c["turn_cap"] > 0 for c in configs)


@pytest.mark.parametrize("choice", ["illegal", "consequence"])
def test_random_games_end_with_a_winner_or_at_the_turn_cap(choice):
    engine = DnupEngine({"dnup.add-conflict": choice})
    rng = random.Random(11)
    reasons = set()
    for _ in range(40):
        config = random_config(rng)
        state, plies, _ = random_playout(engine, config, rng)
        result = engine.result(state)
        assert result is not None and engine.legal_actions(state) == []
        reasons.add(result["reason"])
        sj = engine.to_json(state)
        if result["reason"] == "turn-cap":
            assert result["winner"] is None and sj["turn"] == config["turn_cap"]
        elif result["reason"] == "letters":
            assert sj["tokens"][result["winner"]] >= 4 and config["players"] >= 3
        else:
            assert sj["rounds_won"][result["winner"]] == 2 and config["players"] == 2
    assert reasons == {"letters", "rounds", "turn-cap"}


def test_without_a_turn_cap_nothing_ends_a_game_of_flips(engine):
    """The finding behind the turn cap: flipping forever is always legal."""
    state = engine.apply(engine.new_game({"players": 3}),
                         chance_mod.sample(engine.chance(engine.new_game({"players": 3})), random.Random(2)))
    for _ in range(3000):
        flip = next(a for a in engine.legal_actions(state) if a["type"] == "flip")
        state = engine.apply(state, flip)
    assert engine.result(state) is None
    assert engine.to_json(state)["turn"] == 3000


def _candidates(sj: dict) -> list[dict]:
    """Every action of the mover's shape: sets of any cards showing one value, any card onto any
    area, taking any area, flipping. Legal or not."""
    from itertools import combinations

    p, n = sj["to_move"], sj["players"]
    areas = 2 if n == 2 else 1
    ids = [c[0] for c in sj["hands"][p]]
    out = [{"type": "flip", "player": p}]
    for k in (1, 2, 3):
        for combo in combinations(ids, k):
            out.append({"type": "play", "player": p, "cards": sorted(combo)})
    for q in range(n):
        for a in range(1, areas + 1):
            out.append({"type": "take", "player": p, "owner": q, "area": a})
            for cid in ids:
                out.append({"type": "add", "player": p, "card": cid, "owner": q, "area": a})
    return out


@pytest.mark.parametrize("choice", ["illegal", "consequence"])
def test_apply_accepts_exactly_the_listed_legal_actions(choice):
    engine = DnupEngine({"dnup.add-conflict": choice})
    rng = random.Random(5)
    checked = 0
    for players in (2, 3, 5):
        def look(state, action, nxt):
            nonlocal checked
            if rng.random() > 0.1 or engine.legal_actions(nxt) == []:
                return
            legal = {dumps(a) for a in engine.legal_actions(nxt)}
            for cand in _candidates(engine.to_json(nxt)):
                try:
                    engine.apply(nxt, cand)
                    ok = True
                except IllegalActionError:
                    ok = False
                assert ok == (dumps(cand) in legal), f"{cand}: apply says {ok}, legal_actions disagrees"
                checked += 1
        random_playout(engine, {"players": players, "turn_cap": 150}, rng, on_step=look)
    assert checked > 1000


def test_describe_events_report_the_first_players_set_leaving_and_the_game_end(engine):
    pos = position(players=3, hands={0: "6/2", 1: "9/4", 2: "3/7"}, tokens=[2, 0, 0])
    state = engine.from_json(pos)
    play = {"type": "play", "player": 0, "cards": ["2/6"]}
    after = engine.apply(state, play)
    assert engine.describe_events(state, play, after) == [
        "player 0 is out first and gets 2 letter(s) (now 4)", "player 0 wins the game (letters)"]
    pos["tokens"] = [0, 0, 0]
    state = engine.apply(engine.from_json(pos), play)
    for _ in range(2):
        flip = {"type": "flip", "player": engine.to_json(state)["to_move"]}
        nxt = engine.apply(state, flip)
        events = engine.describe_events(state, flip, nxt)
        state = nxt
    assert events == ["the set of player 0, who is out, (6/2) is removed: every other player has had a turn"]


def test_a_round_that_ends_on_the_capped_turn_keeps_its_letters(engine):
    pos = position(players=3, hands={1: "5/3"}, to_move=1, out=[0], tokens=[2, 0, 0], turn_cap=10, turn=9)
    pos["discard"] = sorted(pos["discard"] + [c[0] for c in pos["hands"][0]])
    pos["hands"][0] = []
    after = engine.apply(engine.from_json(pos), {"type": "play", "player": 1, "cards": ["3/5"]})
    sj = engine.to_json(after)
    assert engine.result(after) == {"winner": None, "reason": "turn-cap"}
    assert sj["tokens"] == [2, 1, 0] and sj["out"] == [0, 1]
