"""Passing cards in the Opsnorren features."""

from __future__ import annotations

from pytest_bdd import parsers
from pytest_bdd import then as step_then
from pytest_bdd import when as step_when

from engine.canonical import dumps
from harness.games.opsnorren.positions import split_cards
from harness.games.opsnorren.steps.context import tagged


@step_when(parsers.parse("{who} passes the cards {cards}"))
@tagged
def when_pass(ops, who, cards):
    p = ops.who(who)
    cs = split_cards(cards)
    ops.passed[p] = cs
    ops.apply({"type": "pass", "player": p, "cards": cs})


@step_when(parsers.parse("{who} tries to pass their {k:d} lowest cards"))
@tagged
def when_try_pass(ops, who, k):
    p = ops.who(who)
    j = ops.json()
    ops.attempt({"type": "pass", "player": p, "cards": j["hands"][p][:k]})


@step_when("all players pass their three lowest cards")
@tagged
def when_all_pass(ops):
    while True:
        j = ops.json()
        if j["phase"] != "pass":
            break
        _pass_three_lowest(ops, j)


@step_when("the first player to pass passes their three lowest cards")
@tagged
def when_first_pass(ops):
    j = ops.json()
    assert j["phase"] == "pass", f"phase {j['phase']}"
    _pass_three_lowest(ops, j)


@step_then("each player received the three cards passed by the player on their right")
@tagged
def then_received(ops):
    j = ops.json()
    n = j["players"]
    assert len(ops.passed) == n, f"only {sorted(ops.passed)} passed"
    for p in range(n):
        giver = (p - 1) % n
        for c in ops.passed[giver]:
            assert c in j["hands"][p], f"player {p} should have received {c} from player {giver}"
        for c in ops.passed[p]:
            assert c not in j["hands"][p], f"player {p} still holds passed card {c}"


@step_then(parsers.parse("no legal pass of {who} includes a joker"))
@tagged
def then_no_joker_pass(ops, who):
    st = ops.ensure()
    p = ops.who(who)
    legal = ops.engine.legal_actions(st)
    assert legal and all(a["type"] == "pass" and a["player"] == p for a in legal), legal[:3]
    bad = [a for a in legal if set(a["cards"]) & {"unicorn", "monkey", "dove"}]
    assert not bad, f"passes with jokers are listed: {bad[:3]}"


@step_then(parsers.parse("some legal pass of {who} includes a joker"))
@tagged
def then_joker_pass(ops, who):
    st = ops.ensure()
    legal = ops.engine.legal_actions(st)
    assert any(set(a["cards"]) & {"unicorn", "monkey", "dove"} for a in legal), "no pass with a joker is listed"


@step_then("the passed cards stay hidden from their receiver for now")
@tagged
def then_receiver_blind(ops):
    st = ops.ensure()
    j = ops.engine.to_json(st)
    assert len(ops.passed) == 1, ops.passed
    (giver, cards), = ops.passed.items()
    receiver = (giver + 1) % j["players"]
    obs = dumps(ops.engine.observation(st, receiver))
    seen = [c for c in cards if f'"{c}"' in obs]
    assert not seen, f"player {receiver} sees the cards passed by player {giver} too early: {seen}"
    assert all(c not in j["hands"][receiver] for c in cards), "the passed cards are already in the receiver's hand"


def _pass_three_lowest(ops, j: dict) -> None:
    """The player to move passes the first three cards of their (sorted) hand."""
    p = j["to_move"]
    cs = j["hands"][p][:3]
    ops.passed[p] = cs
    ops.apply({"type": "pass", "player": p, "cards": cs})
