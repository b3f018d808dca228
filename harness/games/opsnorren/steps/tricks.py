"""Tricks in the Opsnorren features: who may play what, who wins, what is discarded, whose turn it is."""

from __future__ import annotations

from pytest_bdd import parsers
from pytest_bdd import then as step_then

from harness.games.opsnorren.positions import split_cards
from harness.games.opsnorren.steps.context import tagged


def trick_check(ops, who: int):
    j = ops.json()
    assert ops.trick_cards, "no trick was played in this scenario"
    monkey = [p for p, c in ops.trick_cards if c == "monkey"]
    for p, c in ops.trick_cards:
        ok = c in j["won"][who] or c in j["discarded"] or any(c in j["won"][m] for m in monkey)
        assert ok, f"{c} should be on player {who}'s won pile; won piles {j['won']}, discarded {j['discarded']}"
    return j


@step_then(parsers.parse("{who} wins the trick"))
@tagged
def then_wins(ops, who):
    w = ops.who(who)
    j = trick_check(ops, w)
    assert j["leader"] == w, f"player {w} should win and lead the next trick; leader is {j['leader']}"
    assert any(c in j["won"][w] for _, c in ops.trick_cards), f"player {w} took no card: won {j['won']}"


@step_then(parsers.parse("{who} leads the next trick"))
@tagged
def then_leads(ops, who):
    j = ops.json()
    w = ops.who(who)
    assert j["leader"] == w and not j["trick"], f"player {w} should lead the next trick; leader {j['leader']}, trick {j['trick']}"
    if j["phase"] == "play":
        assert j["to_move"] == w, f"player {w} should be to move, not {j['to_move']}"


@step_then("the whole trick is discarded")
@tagged
def then_trick_discarded(ops):
    j = ops.json()
    for _, c in ops.trick_cards:
        assert c in j["discarded"], f"{c} should be discarded; discarded {j['discarded']}, won {j['won']}"
    assert not any(c in pile for pile in j["won"] for _, c in ops.trick_cards), f"nobody may win them: {j['won']}"


@step_then(parsers.parse("only {cards} are discarded"))
@tagged
def then_discarded(ops, cards):
    j = ops.json()
    assert sorted(j["discarded"]) == sorted(split_cards(cards)), f"discarded: {j['discarded']}"


@step_then(parsers.parse("{who}'s won pile holds {cards}"))
@tagged
def then_won_pile(ops, who, cards):
    j = ops.json()
    w = ops.who(who)
    assert sorted(j["won"][w]) == sorted(split_cards(cards)), f"player {w}'s won pile is {j['won'][w]}"


@step_then(parsers.parse("{who} may play {cards}"))
@tagged
def then_may_play(ops, who, cards):
    p = ops.who(who)
    st = ops.ensure()
    j = ops.engine.to_json(st)
    assert j["to_move"] == p, f"it should be player {p}'s turn, is {j['to_move']}"
    legal = sorted(a["card"] for a in ops.engine.legal_actions(st) if a["type"] == "play")
    want = sorted(j["hands"][p]) if cards == "any card" else sorted(split_cards(cards))
    assert legal == want, f"player {p} may play {legal}, expected {want}"


@step_then(parsers.parse("{who} must choose a card for the monkey from {cards}"))
@tagged
def then_monkey_choice(ops, who, cards):
    st = ops.ensure()
    j = ops.engine.to_json(st)
    p = ops.who(who)
    assert j["phase"] == "monkey" and j["to_move"] == p, f"player {p} should pick for the monkey; phase {j['phase']}, to move {j['to_move']}"
    legal = ops.engine.legal_actions(st)
    assert all(a["type"] == "monkey" and a["player"] == p for a in legal), legal
    assert sorted(a["card"] for a in legal) == sorted(split_cards(cards)), f"monkey candidates: {legal}"


@step_then("no monkey pick is pending")
@tagged
def then_no_monkey(ops):
    j = ops.json()
    assert j["phase"] != "monkey", "a monkey pick is pending"


@step_then(parsers.parse("it is {who}'s turn to {what}"))
@tagged
def then_turn(ops, who, what):
    j = ops.json()
    p = ops.who(who)
    assert j["to_move"] == p, f"it should be player {p}'s turn, is {j['to_move']}"
    phase = {"play": "play", "pass": "pass"}[what]
    assert j["phase"] == phase, f"phase {j['phase']}, expected {phase}"


@step_then("the round is over")
@tagged
def then_round_over(ops):
    j = ops.json()
    assert j["phase"] == "trophies" and not any(j["hands"]), f"phase {j['phase']}, hands {j['hands']}"
    ops.blame_result(ops.ensure())  # a result after a round is blamed on the rule that keeps the game going
    assert j["result"] is None and ops.engine.result(ops.ensure()) is None, (
        f"a round is over, not the game: result {j['result']}, result() {ops.engine.result(ops.ensure())}")


@step_then("the round goes on")
@tagged
def then_round_on(ops):
    j = ops.json()
    assert j["phase"] == "play" and any(j["hands"]), f"phase {j['phase']}, hands {j['hands']}"
