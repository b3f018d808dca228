"""Hands, sets on the table, the discard pile, whose turn it is, and what each player sees, in the Dnup features."""

from __future__ import annotations

from pytest_bdd import parsers, then

from harness.games.dnup.positions import parse_cards, show
from harness.games.dnup.steps.context import ids_of


@then(parsers.parse("player {p:d} now holds {cards}"))
def then_holds(dnup, p, cards):
    want = parse_cards(cards)
    got = dnup.hand(p)
    dnup.check(sorted(map(tuple, got)) == sorted(map(tuple, want)),
               f"player {p} holds {show(got)}, expected {show(want)}")


@then(parsers.parse("player {p:d} holds their original hand"))
def then_original(dnup, p):
    got, want = dnup.hand(p), dnup.original_hands[p]
    dnup.check(got == want, f"player {p} holds {show(got)}, expected the original {show(want)}")


@then(parsers.parse("player {p:d} holds no cards"))
def then_no_cards(dnup, p):
    dnup.check(dnup.hand(p) == [], f"player {p} still holds {show(dnup.hand(p))}")


@then(parsers.parse("player {p:d} now has the set {cards} on the table"))
def then_set(dnup, p, cards):
    want = parse_cards(cards)
    got = dnup.set_of(p)
    dnup.check(got == want, f"player {p}'s set is {show(got)}, expected {show(want)}")


@then(parsers.parse("player {p:d} now has the set {cards} in area {a:d}"))
def then_set_area(dnup, p, cards, a):
    want = parse_cards(cards)
    got = dnup.set_of(p, a)
    dnup.check(got == want, f"player {p}'s set in area {a} is {show(got)}, expected {show(want)}")


@then(parsers.parse("player {p:d} has no set on the table"))
def then_no_set(dnup, p):
    got = dnup.json()["sets"][p]
    dnup.check(not any(got), f"player {p} still has {[show(x) for x in got]} on the table")


@then(parsers.parse("player {p:d} has no set in area {a:d}"))
def then_no_set_area(dnup, p, a):
    got = dnup.set_of(p, a)
    dnup.check(got == [], f"player {p} still has {show(got)} in area {a}")


@then(parsers.parse("the discard pile contains {cards}"))
def then_discard(dnup, cards):
    pile = set(dnup.json()["discard"])
    missing = [c for c in ids_of(cards) if c not in pile]
    dnup.check(not missing, f"the discard pile lacks {missing}")


@then(parsers.parse("player {p:d} is to move next"))
def then_next(dnup, p):
    j = dnup.json()
    dnup.check(j["to_move"] == p, f"player {j['to_move']} is to move, expected player {p}")


@then(parsers.parse("player {p:d} is to move next in area {a:d}"))
def then_next_area(dnup, p, a):
    j = dnup.json()
    dnup.check((j["to_move"], j["area"]) == (p, a),
               f"player {j['to_move']} is to move in area {j['area']}, expected player {p} in area {a}")


@then(parsers.parse("the observation of player {p:d} shows their own hand and only the sizes of the others"))
def then_observation(dnup, p):
    obs = dnup.engine.observation(dnup.load(), p)
    j = dnup.json()
    hands = obs.get("hands")
    dnup.check(isinstance(hands, list) and hands[p] == j["hands"][p], "the observer's own hand is not shown as it is")
    for q, h in enumerate(hands):
        if q != p:
            dnup.check(h is None, f"player {p} can see player {q}'s hand")
    dnup.check(obs.get("hand_sizes") == [len(h) for h in j["hands"]], "hand sizes are not shown")
    dnup.check(obs.get("sets") == j["sets"], "sets on the table must be visible")
