"""The Dnup reference explains itself: provenance covers every transition, names why
every legal action is legal and why a rejected one is rejected, and blames each broken engine
of tests/broken/dnup.py on the rule it breaks."""

from __future__ import annotations

import contextvars
import random

import pytest
from hypothesis import strategies as st

import specs
from engine import chance as chance_mod
from engine.dnup import DnupEngine
from engine.errors import RulecheckError
from engine.provenance import changed_paths, clauses_for_paths
from harness.verdicts import blame, findings
from harness.explore.differential import run_differential
from tests.broken.dnup import BROKEN, BROKEN_MULTI, STRANGER
from tests.test_dnup_engine import position

CLAUSES = set(specs.load("dnup").clauses)
READINGS = ["illegal", "consequence"]


def games(reading: str, count: int = 12):
    """(engine, state, action) of every step of seeded random reference games, 2-5 players."""
    eng = DnupEngine({"dnup.add-conflict": reading})
    for seed in range(count):
        rng = random.Random(seed)
        s = eng.new_game({"players": 2 + seed % 4, "turn_cap": rng.choice([60, 400])})
        while not eng.is_terminal(s):
            pending = eng.chance(s)
            action = chance_mod.sample(pending, rng) if pending else rng.choice(eng.legal_actions(s))
            yield eng, s, action
            s = eng.apply(s, action)


# ---- (a) every transition is explained; every legal action has its clauses -----------------


@pytest.mark.parametrize("reading", READINGS)
def test_every_changed_part_of_every_transition_is_explained(reading):
    steps = 0
    for eng, s, action in games(reading):
        before = eng.to_json(s)
        after = eng.to_json(eng.apply(s, action))
        effects = eng.explainer().transition(before, action)
        assert all(set(e.clauses) <= CLAUSES for e in effects), [e for e in effects if not set(e.clauses) <= CLAUSES]
        for path in changed_paths(before, after):
            named = [e for e in effects if e.covers(path) and e.clauses]
            derived = path == "/discard" and any(e.path == "/discard" for e in effects)  # follows the hands and sets
            assert named or derived, f"nothing explains {path} after {action} in {eng.describe_state(s)}"
        steps += 1
    assert steps > 1000


@pytest.mark.parametrize("reading", READINGS)
def test_every_legal_action_names_the_clauses_that_make_it_legal(reading):
    for k, (eng, s, action) in enumerate(games(reading, 8)):
        j = eng.to_json(s)
        ex = eng.explainer()
        if action["type"] == "chance":
            assert ex.legal(j, action) and ex.chance(j) and set(ex.chance(j)) <= CLAUSES
            continue
        for a in eng.legal_actions(s)[k % 3::3]:
            why = ex.legal(j, a)
            assert why and set(why) <= CLAUSES, (a, why)
            assert why[0] == {"play": "DNP-ACTION-A", "add": "DNP-ACTION-B", "take": "DNP-ACTION-C",
                              "flip": "DNP-ACTION-D"}[a["type"]]
            assert ex.rejection(j, a) == ()


# ---- (b) rejected actions name the clause whose condition they fail -------------------------


def mutations(action: dict, players: int) -> list[dict]:
    out = [dict(action, player=(action["player"] + 1) % players)]
    if action["type"] == "play":
        out += [dict(action, cards=[]), dict(action, cards=action["cards"] + ["1/5"])]
    if "area" in action:
        out += [dict(action, area=3 - action["area"]), dict(action, owner=action["player"])]
    if action["type"] == "add":
        out.append(dict(action, owner=(action["owner"] + 1) % players))
    return out


@pytest.mark.parametrize("reading", READINGS)
def test_every_rejected_mutation_of_a_legal_action_names_a_clause(reading):
    rejected = 0
    for eng, s, action in games(reading, 8):
        if action["type"] == "chance":
            continue
        j = eng.to_json(s)
        for m in mutations(action, j["players"]):
            try:
                eng.apply(s, m)
                continue
            except RulecheckError:
                rejected += 1
            why = eng.explainer().rejection(j, m)
            assert why and set(why) <= CLAUSES, (m, why, eng.describe_state(s))
    assert rejected > 800


def why_not(pos: dict, action: dict) -> tuple:
    eng = DnupEngine()
    with pytest.raises(RulecheckError):
        eng.apply(eng.from_json(pos), action)
    return eng.explainer().rejection(pos, action)


def test_rejections_name_the_failed_condition():
    pos = position(3, hands={0: "3/9, 3/7, 9/1", 1: "4/2"}, sets={(1, 1): "5/2", (2, 1): "9/8, 9/5"})
    play, add = {"type": "play", "player": 0}, {"type": "add", "player": 0, "owner": 2, "area": 1}
    assert why_not(pos, {**play, "cards": []})[0] == "DNP-SET"  # an empty play is no pass
    assert why_not(pos, {**play, "cards": ["1/9", "3/9"]}) == ("DNP-SET", "DNP-FAQ-SET")  # 9 and 3: two values
    assert why_not(pos, {**play, "player": 1, "cards": ["2/4"]}) == ("DNP-CLOCKWISE",)  # not player 1's turn
    assert why_not(pos, {**play, "cards": ["3/7"]}) == ("DNP-A-HIGHER",)  # 3 is not higher than 5
    assert why_not(pos, {**play, "cards": ["4/8"]}) == ("DNP-ACTION-A",)  # not in the hand
    assert why_not(pos, {**add, "card": "3/7"}) == ("DNP-ACTION-B",)  # shows 3, the set's value is 9
    assert why_not(pos, {**add, "card": "3/9"}) == ("DNP-ACTION-B",)  # 9 is its inactive value
    assert why_not(pos, {"type": "take", "player": 0, "owner": 0, "area": 1}) == ("DNP-ACTION-C",)


def test_two_player_rejections_name_the_variant():
    pos = position(2, hands={0: "4/1, 4/9", 1: "8/2"}, sets={(0, 1): "5/3", (1, 2): "7/1, 7/2"}, to_move=0, area=2)
    assert why_not(pos, {"type": "take", "player": 0, "owner": 0, "area": 1}) == ("DNP-ACTION-C",)  # own set
    assert why_not(pos, {"type": "play", "player": 0, "cards": ["1/4"]}) == ("DNP-A-HIGHER", "DNP-TWO-CONFLICT-OWN")
    three = position(3, hands={0: "3/9"})
    assert why_not(three, {"type": "take", "player": 0, "owner": 1, "area": 2}) == ("DNP-TWO-SETUP",)


def test_a_transition_names_the_return_and_the_kept_sides():
    """A set beaten by a play goes back flipped (DNP-A-RETURN); the untouched hand keeps its sides."""
    eng = DnupEngine()
    pos = position(3, hands={0: "6/2, 9/1", 1: "8/4"}, sets={(1, 1): "5/2"})
    action = {"type": "play", "player": 0, "cards": ["2/6"]}
    effects = eng.explainer().transition(pos, action)
    after = eng.to_json(eng.apply(eng.from_json(pos), action))
    assert after["hands"][1] == [["2/5", False], ["4/8", True]]  # 5/2 came back as 2/5
    by = {e.path: e.clauses for e in effects}
    assert by["/sets/0/0"] == ("DNP-ACTION-A",) and by["/sets/1/0"] == ("DNP-A-RETURN",)
    assert by["/hands/1/0/1"] == ("DNP-A-RETURN",) and by["/hands/2"] == ("DNP-KEEP-ORIENTATION",)
    assert by["/to_move"] == ("DNP-CLOCKWISE",)
    # a candidate that returns the set unflipped is blamed on exactly that rule
    wrong = dict(after, hands=[after["hands"][0], [["2/5", True], ["4/8", True]], after["hands"][2]])
    assert blame.successor(eng, pos, action, after, wrong).clauses == ("DNP-A-RETURN",)


def test_a_witness_reads_in_the_games_notation():
    eng = DnupEngine()
    pos = position(3, hands={0: "6/2, 9/1"}, sets={(1, 1): "5/2"})
    text = eng.describe_state(eng.from_json(pos))
    assert "player 0 to move" in text and "player 1: 5/2" in text and "9/1 6/2" in text
    assert eng.explainer() is eng.explainer()


# ---- (b2) observations: what decides each part a player sees ---------------------


def observed(pos: dict, player: int):
    eng = DnupEngine()
    obs = eng.observation(eng.from_json(pos), player)
    return obs, eng.explainer().observation(pos, player)


def test_observation_every_part_is_explained():
    """DNP-HIDDEN-HAND, DNP-DISCARD-OWN-SET: every part of every player's view has an effect."""
    pos = position(3, hands={0: "3/9, 3/7", 1: "4/2"}, sets={(1, 1): "5/2"})
    for player in range(3):
        obs, effects = observed(pos, player)
        for key in obs:
            assert any(e.covers("/" + key) for e in effects), key
        assert all(set(e.clauses) <= CLAUSES for e in effects)


def test_observation_a_leaked_hand_is_blamed_on_hidden_hand():
    """DNP-HIDDEN-HAND: another player's hand shown to player 0 is a leak of exactly that rule."""
    pos = position(3, hands={0: "3/9, 3/7", 1: "4/2"}, sets={(1, 1): "5/2"})
    obs, effects = observed(pos, 0)
    assert obs["hands"][1] is None and obs["hand_sizes"][1] == 1
    leaked = dict(obs, hands=[obs["hands"][0], pos["hands"][1], None])
    assert clauses_for_paths(effects, changed_paths(obs, leaked)) == ("DNP-HIDDEN-HAND",)
    hidden_own = dict(obs, hands=[None, None, None])
    assert clauses_for_paths(effects, changed_paths(obs, hidden_own)) == ("DNP-HIDDEN-HAND",)


def test_observation_a_shown_discard_pile_is_blamed_on_the_face_down_pile():
    """DNP-DISCARD-OWN-SET: the discard pile lies face down; showing its cards is a leak."""
    pos = position(3, hands={0: "3/9"}, sets={(1, 1): "5/2"})
    obs, effects = observed(pos, 2)
    assert "discard" not in obs and obs["discard_size"] == len(pos["discard"])
    leaked = dict(obs, discard=pos["discard"])
    assert clauses_for_paths(effects, changed_paths(obs, leaked)) == ("DNP-DISCARD-OWN-SET",)


def test_observation_a_pending_deal_and_the_sets_on_the_table():
    """DNP-DEAL: a pending deal shows only its event; DNP-ACTION-A: sets lie face up; public parts name
    no clause (a difference there is a state difference)."""
    eng = DnupEngine()
    start = eng.to_json(eng.new_game({"players": 4}))
    obs, effects = observed(start, 1)
    assert obs["chance"] == {"event": "deal"}
    by = {e.path: e.clauses for e in effects}
    assert by["/chance"] == ("DNP-DEAL",) and by["/sets"] == () and by["/tokens"] == ()
    _, effects = observed(position(3, hands={0: "3/9"}, sets={(1, 1): "5/2"}), 0)
    assert {e.path: e.clauses for e in effects}["/sets"] == ("DNP-ACTION-A",)


# ---- (c) broken engines are blamed on the rules they break ---------------------------------

CONFIGS = st.sampled_from([{"players": n, "turn_cap": 400} for n in (2, 3, 4, 5)])


def differential(candidate) -> findings.FindingSink:
    """In-process differential play against the reference with the candidate's choices; the
    findings go to a sink of their own (in a copied context: the test's own sink stays clean)."""

    def run():
        sink = findings.open_sink("dnup provenance: " + candidate.name)
        try:
            run_differential(candidate, DnupEngine(dict(candidate.choices)), CONFIGS)
        except findings.FindingsFailure:
            pass
        return sink

    return contextvars.copy_context().run(run)


def rule_clauses(sink) -> list[str]:
    return [c for c in sink.clauses() if c.startswith("DNP-")]


@pytest.mark.parametrize("name", [pytest.param(n, marks=[pytest.mark.campaign] if n in STRANGER else [])
                                  for n in sorted(n for n, (cls, _) in BROKEN.items() if not hasattr(cls, "kind"))])
def test_differential_play_blames_a_single_bug_engine_on_its_rule(name):
    cls, clause = BROKEN[name]
    sink = differential(cls())
    assert clause in sink.clauses(), f"{name} breaks {clause}; blamed: {sink.clauses()}"
    assert any(f.clause == clause and f.basis == "provenance" and f.witness for f in sink.findings())
    others = [c for c in rule_clauses(sink) if c != clause]
    assert len(others) <= 2, f"{name} breaks only {clause}, but {others} are blamed too"


@pytest.mark.parametrize("name", sorted(BROKEN_MULTI))
def test_differential_play_blames_each_bug_of_a_multi_bug_engine_and_nothing_else(name):
    cls, clauses = BROKEN_MULTI[name]
    sink = differential(cls())
    assert set(clauses) <= set(sink.clauses()), f"{name} breaks {clauses}; blamed: {sink.clauses()}"
    assert set(rule_clauses(sink)) <= set(clauses), f"{name} breaks only {clauses}; blamed: {sink.clauses()}"
    assert "DIFFERENTIAL" not in sink.clauses(), "a divergence the provenance could not explain"


def test_the_reference_against_itself_has_no_finding():
    assert not differential(DnupEngine()).clauses()


def test_broken_multi_engines_name_their_clauses():
    for name, (cls, clauses) in BROKEN_MULTI.items():
        assert 2 <= len(clauses) <= 3 and set(clauses) <= CLAUSES
        assert all(c in cls.__doc__ for c in clauses), name


# ---- (d) engines of one kind of miss: each differs from the reference where its docstring says ----------


def test_illegal_accepted_engines_accept_what_the_reference_rejects_for_their_clause():
    """DNP-ONE-ACTION, DNP-ACTION-B, DNP-ACTION-C, DNP-ACTION-A, DNP-SET: apply accepts a forbidden
    action; the reference rejects it, and its rejection names the clause the engine breaks."""
    three = position(3, hands={0: "3/9, 3/7, 4/8, 2/6", 1: "3/10"}, sets={(1, 1): "6/7"})
    two = position(2, hands={0: "4/1"}, sets={(0, 2): "5/3"}, to_move=0, area=1)
    cases = [("empty_play_is_pass", three, {"type": "play", "player": 0, "cards": []}),
             ("adds_by_inactive_value", three, {"type": "add", "player": 0, "card": "2/6", "owner": 1, "area": 1}),
             ("takes_own_set", two, {"type": "take", "player": 0, "owner": 0, "area": 2}),
             ("plays_cards_not_held", three, {"type": "play", "player": 0, "cards": ["3/10", "3/9"]}),
             ("mixed_set_accepted", three, {"type": "play", "player": 0, "cards": ["3/7", "4/8"]})]
    for name, pos, action in cases:
        cls, clause = BROKEN[name]
        assert cls.kind == "illegal-accepted"
        assert clause in why_not(pos, action), name
        cand = cls()
        cand.apply(cand.from_json(pos), action)  # accepted


def test_legal_missing_engines_leave_out_a_legal_action():
    """DNP-ACTION-C, DNP-ACTION-D: the engine's legal list lacks an action the reference lists."""
    two = position(2, hands={1: "8/2"}, sets={(0, 2): "5/3"}, to_move=1, area=1)
    one = position(3, hands={0: "3/9"})
    for name, pos, action in [("no_take_from_area_two", two, {"type": "take", "player": 1, "owner": 0, "area": 2}),
                              ("no_dnup_with_one_card", one, {"type": "flip", "player": 0})]:
        cls, clause = BROKEN[name]
        ref, cand = DnupEngine(), cls()
        assert action in ref.legal_actions(ref.from_json(pos)) and clause in ref.explainer().legal(pos, action)
        assert action not in cand.legal_actions(cand.from_json(pos)), name


def test_observation_and_caching_engines_differ():
    """DNP-HIDDEN-HAND: player 1's hand shown to player 0; DNP-ACTION-D: a dnup answered from a cache."""
    pos = position(3, hands={0: "3/9", 1: "7/3"})
    leak = BROKEN["shows_next_hand"][0]()
    assert leak.observation(leak.from_json(pos), 0)["hands"][1] == [["3/7", True]]
    cache, ref = BROKEN["dnup_cache"][0](), DnupEngine()
    flip = {"type": "flip", "player": 0}
    cache.apply(cache.from_json(pos), flip)
    other = position(3, hands={0: "4/8", 1: "7/3"})
    assert cache.to_json(cache.apply(cache.from_json(other), flip)) != ref.to_json(ref.apply(ref.from_json(other), flip))
