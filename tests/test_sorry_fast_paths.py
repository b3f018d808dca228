"""The Sorry! reference's fast paths give the answers of the plain code they stand for: a pile's
cards from the parts' memo, a slide's bumps, the reference's own listing, a drawn card read by
``apply`` and the position after a listed move (SRY-DRAW-PILE, SRY-SLIDE-BUMP, SRY-BUMP)."""

from __future__ import annotations

import random

import pytest

from engine import chance as chance_mod
from engine.sorry import SorryEngine, actions_json, cards, turn
from engine.sorry.board import HOME, LOOP, START
from engine.sorry.moves import land, result_of
from harness.engines import random_config, reference_engine
from tests.broken.sorry import NoBumpOnSlide, SlidesOnOwnColour


def _states(eng, seed: int, n: int):
    """``n`` states of seeded random playouts of ``eng`` (draws and plays alike)."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        s = eng.new_game(random_config("sorry", rng))
        while eng.result(s) is None and len(out) < n:
            out.append(s)
            legal = eng.legal_actions(s)
            s = eng.apply(s, legal[rng.randrange(len(legal))] if legal else chance_mod.sample(eng.chance(s), rng))
    return out


def test_pile_to_json_lists_every_card_of_the_pile_in_order():
    rng = random.Random(3)
    for _ in range(3000):
        counts = tuple(rng.randrange(6) for _ in range(cards.NCARDS))
        want = [name for name, n in zip(cards.ORDER, counts) for _ in range(n)]
        got = cards.pile_to_json(counts)
        assert got == want
        got.append("x")  # a fresh list each time
        assert cards.pile_to_json(counts) == want


def _plain_land(R, cfg, p, i, dest):
    """``land`` as every pawn on the slide's squares is looked for one by one."""
    p[i] = dest
    if dest >= LOOP:
        return
    sl = R.slide_sets[cfg.colours[i >> 2]][dest]
    if sl is None:
        for k in range(len(p)):
            if k != i and p[k] == dest:
                p[k] = START
        return
    end, squares = sl
    for k in range(len(p)):
        if k != i and p[k] in squares and not ((k >> 2) == (i >> 2) and not R.bump_own):
            p[k] = START
    p[i] = end


@pytest.mark.parametrize("make", [SorryEngine, SlidesOnOwnColour, NoBumpOnSlide,
                                  lambda: SorryEngine({"sorry.slide-bumps-own": "no"})])
def test_land_bumps_the_pawns_a_plain_scan_finds(make):
    eng = make()
    rng = random.Random(5)
    for s in _states(eng, 11, 400):
        for _ in range(3):
            i = rng.randrange(len(s.pos))
            if s.pos[i] >= HOME:
                continue
            dest = rng.randrange(LOOP)
            a, b = list(s.pos), list(s.pos)
            land(eng.rules, s.cfg, a, i, dest)
            _plain_land(eng.rules, s.cfg, b, i, dest)
            assert a == b


def test_the_reference_lists_the_actions_of_its_card_moves_hook_and_makes_their_positions():
    eng = reference_engine("sorry")
    for s in _states(eng, 17, 1500):
        legal = eng.legal_actions(s)
        if not legal:
            continue
        hooked = turn.legal_moves(eng, s)
        assert legal == actions_json(s.cfg, s.turn, hooked)
        for a, m in zip(legal, s._moves):
            assert eng.apply(s, a).pos == result_of(eng.rules, s.cfg, s.pos, m)


@pytest.mark.parametrize("outcome", [
    [], [{"draw": []}], [{"draw": ["5", "5"]}], [{"draw": ["5"]}, {"draw": ["5"]}], [{"draw": "5"}],
    [{"draw": [5]}], [{"draw": ["6"]}], [{"draw": ["5"], "more": []}], [{"hand": ["5"]}], ({"draw": ["5"]},),
])
def test_a_draw_outcome_apply_does_not_take_is_refused_as_validate_refuses_it(outcome):
    eng = reference_engine("sorry")
    s = eng.new_game({"players": 2})
    action = chance_mod.chance_action("draw", outcome)
    with pytest.raises(Exception) as want:
        chance_mod.validate(eng.chance(s), action)
    with pytest.raises(type(want.value)):
        eng.apply(s, action)
