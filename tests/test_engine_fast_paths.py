"""The reference engines' fast paths (an action dict they listed themselves is applied without
being read again) change no answer: a variant or broken engine still reads every action, and
a cache filled by one engine is not another engine's answer."""

from __future__ import annotations

import copy
import random

import pytest

from engine import chance as chance_mod
from engine.errors import IllegalActionError, MalformedError
from harness.engines import random_config, reference_engine


def _play_until(engine, game, seed, want, limit=2000):
    rng = random.Random(seed)
    s = engine.new_game(random_config(game, rng))
    for _ in range(limit):
        legal = engine.legal_actions(s)
        if legal and want(engine, s, legal):
            return s, legal
        s = engine.apply(s, legal[rng.randrange(len(legal))] if legal else chance_mod.sample(engine.chance(s), rng))
    pytest.fail("no such position")


@pytest.mark.parametrize("game", ["opsnorren", "sorry", "dnup"])
def test_a_listed_action_and_its_copy_lead_to_the_same_state(game):
    eng = reference_engine(game)
    rng = random.Random(4)
    s = eng.new_game(random_config(game, rng))
    for _ in range(300):
        legal = eng.legal_actions(s)
        if not legal:
            ch = eng.chance(s)
            if ch is None:
                break
            s = eng.apply(s, chance_mod.sample(ch, rng))
            continue
        a = legal[rng.randrange(len(legal))]
        fast, slow = eng.apply(s, a), eng.apply(s, copy.deepcopy(a))
        assert eng.to_json(fast) == eng.to_json(slow)
        s = fast


def test_an_opsnorren_variant_gets_its_own_legal_list_on_a_state_the_reference_listed():
    from tests.broken.opsnorren import IgnoresFollowSuit

    ref, broken = reference_engine("opsnorren"), IgnoresFollowSuit()

    from engine.opsnorren.state import PLAY

    def binding(eng, s, legal):
        return s.phase == PLAY and legal[0]["type"] == "play" and len(legal) < len(s.hands[legal[0]["player"]])

    s, ref_legal = _play_until(ref, "opsnorren", 1, binding)
    assert len(broken.legal_actions(s)) > len(ref_legal)  # not the reference's cached list
    assert ref.legal_actions(s) == ref_legal  # and the reference's is still its own
    hand = s.hands[ref_legal[0]["player"]]
    from engine.opsnorren.cards import NAMES

    off_suit = next(NAMES[c] for c in hand if NAMES[c] not in {a["card"] for a in ref_legal})
    with pytest.raises(IllegalActionError):
        ref.apply(s, {**ref_legal[0], "card": off_suit})
    broken.apply(s, {**ref_legal[0], "card": off_suit})  # the broken engine's own reading


def test_an_opsnorren_shared_play_not_listed_on_the_state_is_refused():
    """A card play is one shared dict per player and card (``actions.PLAYS``): the one the
    reference knows by its id is applied without being read only when this state lists it."""
    from engine.opsnorren.actions import PLAYS
    from engine.opsnorren.cards import CARD_ID
    from engine.opsnorren.state import PLAY

    ref = reference_engine("opsnorren")

    def binding(eng, s, legal):
        return s.phase == PLAY and legal[0]["type"] == "play" and len(legal) < len(s.hands[legal[0]["player"]])

    s, legal = _play_until(ref, "opsnorren", 2, binding)
    p = legal[0]["player"]
    listed = {a["card"] for a in legal}
    off_suit = next(c for c in s.hands[p] if PLAYS[p][c]["card"] not in listed)
    with pytest.raises(IllegalActionError, match="must follow"):
        ref.apply(s, PLAYS[p][off_suit])
    other = (p + 1) % s.n
    with pytest.raises(IllegalActionError, match="turn"):
        ref.apply(s, PLAYS[other][CARD_ID[legal[0]["card"]]])


def test_a_dnup_subclass_still_parses_a_listed_action():
    from engine.dnup import DnupEngine

    parsed = []

    class Counting(DnupEngine):
        def apply(self, state, action):
            from engine.dnup import actions as A

            orig = A.parse

            def spy(rules, s, a):
                parsed.append(a)
                return orig(rules, s, a)

            A.parse = spy
            try:
                return super().apply(state, action)
            finally:
                A.parse = orig

    eng = Counting()
    s, legal = _play_until(eng, "dnup", 2, lambda e, s, legal: True)
    eng.apply(s, legal[0])
    assert parsed == [legal[0]]


def test_a_mutated_action_is_read_again_when_it_is_not_the_listed_object():
    eng = reference_engine("dnup")
    s, legal = _play_until(eng, "dnup", 3, lambda e, s, legal: True)
    bad = {**legal[0], "player": True}
    with pytest.raises(MalformedError):
        eng.apply(s, bad)


@pytest.mark.parametrize("game", ["opsnorren", "sorry", "dnup"])
def test_a_playout_calls_only_the_reference_class_itself_without_the_guard(game):
    """``_plain_playout`` takes a reference engine's own methods unguarded (its class says
    ``playout_unguarded``); a subclass keeps the guard; both loops play the same games."""
    from harness.engines import reference_engine
    from harness.explore.playout import _own_methods, random_playout

    reference = type(reference_engine(game))
    Variant = type("Variant", (reference,), {})

    def guarded(eng):
        return [getattr(m.__func__, "__rulecheck_guarded__", False) for m in _own_methods(eng)]

    assert guarded(reference()) == [False, False, False]
    assert guarded(Variant()) == [True, True, True]
    for eng in (reference(), Variant()):
        for seed in range(5):
            config = random_config(game, random.Random(seed))
            plain = random_playout(eng, config, random.Random(seed))
            stepped = random_playout(eng, config, random.Random(seed), on_step=lambda *_: None)
            assert plain[1:] == stepped[1:]
            assert eng.to_json(plain[0]) == eng.to_json(stepped[0])


def test_sorry_reference_lists_independent_splits_of_a_7_as_the_card_moves_hook_does():
    """SRY-CARD-7: the reference lists a split of two counts that touch no common square without
    the position after it (``moves._sevens``, lazy); the ``card_moves`` hook a subclass builds on
    lists the same splits with it, and ``result_of`` gives that very position."""
    from engine.sorry import turn
    from engine.sorry.cards import C7
    from engine.sorry.moves import MOVE, result_of

    eng, rng = reference_engine("sorry"), random.Random(7)
    lazy_seen = states = 0
    while states < 150:
        s = eng.new_game(random_config("sorry", rng))
        while eng.result(s) is None and states < 150:
            legal = eng.legal_actions(s)
            if not legal:
                s = eng.apply(s, chance_mod.sample(eng.chance(s), rng))
                continue
            hand = s.hands[s.turn] if s.hands is not None else None
            if s.card == C7 or (hand is not None and hand[C7]):
                states += 1
                own = turn.legal_moves(eng, s, eng.rules)
                hooked = turn.legal_moves(eng, s)
                assert [m[:4] for m in own] == [m[:4] for m in hooked]
                for m, h in zip(own, hooked):
                    assert h[4] is not None or len(h[2]) == 1
                    assert result_of(eng.rules, s.cfg, s.pos, m) == result_of(eng.rules, s.cfg, s.pos, h)
                    lazy_seen += m[0] == MOVE and len(m[2]) == 2 and m[4] is None
            s = eng.apply(s, legal[rng.randrange(len(legal))])
    assert lazy_seen > 100
