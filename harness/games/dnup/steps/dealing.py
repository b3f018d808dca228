"""Starting a game and dealing in the Dnup features: the deal (a chance event), removed cards, hand sizes, orientation."""

from __future__ import annotations

import random

from pytest_bdd import parsers, then, when

from engine import chance as chance_mod
from engine.errors import RulecheckError
from harness.games.dnup.positions import deck_cards, parse_card
from harness.verdicts.violations import expect_code


@when("the cards are dealt")
def when_dealt(dnup):
    pending = dnup.engine.chance(dnup.load())
    dnup.check(pending is not None, "no deal is pending")
    dnup.act(chance_mod.sample(pending, random.Random(7)))


def _deal_outcome(dnup, start_to: int | None = None):
    pending = dnup.engine.chance(dnup.load())
    dnup.check(pending is not None, "no deal is pending")
    draw = pending["draws"][0]
    pool = sorted(draw["pool"])
    got, at = {}, 0
    for who, n in draw["take"].items():
        got[who] = [[cid, False] for cid in pool[at:at + n]]
        at += n
    if start_to is not None:
        start = next(c["id"] for c in deck_cards() if c["mark"] == "start")
        holder = next(w for w, cs in got.items() if any(c[0] == start for c in cs))
        if holder != str(start_to):
            a = next(i for i, c in enumerate(got[holder]) if c[0] == start)
            got[holder][a], got[str(start_to)][0] = got[str(start_to)][0], got[holder][a]
    return {"type": "chance", "event": "deal", "outcome": [got]}


@when(parsers.parse("the cards are dealt with the start card to player {p:d}"))
def when_dealt_start(dnup, p):
    dnup.act(_deal_outcome(dnup, p))


@when(parsers.parse("a deal is applied where player {p:d} gets one card too many"))
def when_deal_too_many(dnup, p):
    action = _deal_outcome(dnup)
    got = action["outcome"][0]
    other = next(w for w in got if w != str(p))
    got[str(p)].append(got[other].pop())
    dnup.act(action, expect_error=True)


@when(parsers.parse("a deal is applied that gives a removed card {card}"))
def when_deal_removed(dnup, card):
    action = _deal_outcome(dnup)
    action["outcome"][0]["0"][0] = [parse_card(card)[0], False]
    dnup.act(action, expect_error=True)


@when("a deal is applied that gives one card twice")
def when_deal_twice(dnup):
    action = _deal_outcome(dnup)
    got = action["outcome"][0]
    got["1"][0] = list(got["0"][0])
    dnup.act(action, expect_error=True)


@when(parsers.parse("a {n:d}-player game is requested"))
def when_request(dnup, n):
    try:
        dnup.state = dnup.engine.new_game({"players": n})
        dnup.keep_setup({"players": n}, dnup.state)
        dnup.error = None
    except RulecheckError as exc:
        dnup.error = exc


@then(parsers.parse("{k:d} cards are in play and {r:d} are removed"))
def then_in_play(dnup, k, r):
    j = dnup.json()
    total = sum(len(h) for h in j["hands"]) + len(j["discard"]) + sum(len(c) for a in j["sets"] for c in a)
    dnup.check((total, len(j["removed"])) == (k, r), f"{total} cards in play and {len(j['removed'])} removed")


@then(parsers.parse("the removed cards are those with the {marks} symbol"))
def then_removed_marks(dnup, marks):
    names = {"four-point star disc": {"star4"}, "four- or six-point star disc": {"star4", "star6"}}
    want = sorted(c["id"] for c in deck_cards() if c["mark"] in names[marks])
    got = dnup.json()["removed"]
    dnup.check(got == want, f"removed {got}, expected {want}")


@then(parsers.parse("every player holds {k:d} cards"))
def then_hand_sizes(dnup, k):
    sizes = [len(h) for h in dnup.json()["hands"]]
    dnup.check(sizes == [k] * len(sizes), f"hand sizes are {sizes}, expected {k} each")


@then(parsers.parse("the deal hands out {k:d} cards to each of the {n:d} players"))
def then_deal_take(dnup, k, n):
    pending = dnup.engine.chance(dnup.load())
    dnup.check(pending is not None, "no deal is pending")
    take = pending["draws"][0]["take"]
    dnup.check(take == {str(p): k for p in range(n)}, f"the deal takes {take}")
    dnup.check(pending["draws"][0].get("orient") is True, "the deal does not give cards a random orientation")


@then("the cards keep the orientation they were dealt with")
def then_kept_orientation(dnup):
    j = dnup.json()
    for h in j["hands"]:
        dnup.check(all(isinstance(c[1], bool) for c in h), "cards have no orientation")
    dnup.check(any(c[1] for h in j["hands"] for c in h) and not all(c[1] for h in j["hands"] for c in h),
               "a random deal should leave some cards turned and some not")


@then(parsers.parse("the game is rejected as {code}"))
def then_game_rejected(dnup, code):
    dnup.check(dnup.error is not None, "the game was created")
    expect_code(dnup.error, code)


@then(parsers.parse("round {r:d} is being dealt"))
def then_dealing(dnup, r):
    j = dnup.json()
    dnup.check(j["to_move"] == "chance" and j["round"] == r and j["chance"] is not None,
               f"expected the deal of round {r}, got to_move={j['to_move']!r} round={j['round']}")
