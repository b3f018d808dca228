"""What each player can see in the Opsnorren features (observations)."""

from __future__ import annotations

from pytest_bdd import parsers
from pytest_bdd import then as step_then

from engine.canonical import dumps
from harness.games.opsnorren.positions import split_cards
from harness.games.opsnorren.steps.context import tagged


@step_then(parsers.parse("{who} cannot see {cards}"))
@tagged
def then_cannot_see(ops, who, cards):
    ops.blame_observation(ops.ensure(), ops.who(who))
    obs = dumps(ops.engine.observation(ops.ensure(), ops.who(who)))
    for c in split_cards(cards):
        assert f'"{c}"' not in obs, f"{c} is visible to {who}: {obs[:400]}"


@step_then(parsers.parse("{who} can see {cards}"))
@tagged
def then_can_see(ops, who, cards):
    ops.blame_observation(ops.ensure(), ops.who(who))
    obs = dumps(ops.engine.observation(ops.ensure(), ops.who(who)))
    for c in split_cards(cards):
        assert f'"{c}"' in obs, f"{c} is not visible to {who}"


@step_then(parsers.parse("a card of player {p:d}'s hand is visible only to that player"))
@tagged
def then_hidden_hand(ops, p):
    st = ops.ensure()
    j = ops.engine.to_json(st)
    for c in j["hands"][p]:
        for q in range(j["players"]):
            seen = f'"{c}"' in dumps(ops.engine.observation(st, q))
            if seen != (q == p):
                ops.blame_observation(st, q)
            assert seen == (q == p), f"{c} of player {p} seen by player {q}: {seen}"


@step_then("the cards laid aside are hidden from every player")
@tagged
def then_aside_hidden(ops):
    st = ops.ensure()
    j = ops.engine.to_json(st)
    assert j["aside"], "no cards were laid aside"
    for q in range(j["players"]):
        obs = dumps(ops.engine.observation(st, q))
        seen = [c for c in j["aside"] if f'"{c}"' in obs]
        if seen:
            ops.blame_observation(st, q)
        assert not seen, f"player {q} can see cards laid aside: {seen}"


@step_then(parsers.parse("{who} sees only their own trophy values"))
@tagged
def then_own_trophies(ops, who):
    st = ops.ensure()
    j = ops.engine.to_json(st)
    p = ops.who(who)
    ops.blame_observation(st, p)
    obs = ops.engine.observation(st, p)
    assert obs["trophies"][p] == j["trophies"][p], f"player {p} should see their own tokens {j['trophies'][p]}"
    for q, t in enumerate(obs["trophies"]):
        if q != p:
            assert t is None, f"player {p} sees player {q}'s token values {t}"
