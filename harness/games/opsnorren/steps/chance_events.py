"""Chance events in the Opsnorren features: rule-card draw, team cards, the deal, trophy tokens."""

from __future__ import annotations

import re

from pytest_bdd import parsers
from pytest_bdd import then as step_then
from pytest_bdd import when as step_when

from harness.games.opsnorren.positions import components
from harness.games.opsnorren.steps.context import tagged


@step_when(parsers.parse("the rule cards are drawn as {white} then {black}"))
@tagged
def when_rule_draw(ops, white, black):
    ops.apply(ops.chance_action("rule-cards", [{"row": [w.strip() for w in white.split(",")]},
                                               {"row": [b.strip() for b in black.split(",")]}]))


@step_when(parsers.parse("a rule-card draw of {white} then {black} is tried"))
@tagged
def when_rule_draw_try(ops, white, black):
    ops.attempt(ops.chance_action("rule-cards", [{"row": [w.strip() for w in white.split(",")]},
                                                 {"row": [b.strip() for b in black.split(",")]}]))


def team_deal(ops, cards):
    cs = [c.strip() for c in cards.split(",")]
    ops.apply(ops.chance_action("teams", [{str(p): [c] for p, c in enumerate(cs)}]))


@step_when(parsers.parse("the team cards are dealt as {cards}"))
@tagged
def when_team_deal(ops, cards):
    team_deal(ops, cards)


@step_when(parsers.parse("a team-card deal of {cards} is tried"))
@tagged
def when_team_deal_try(ops, cards):
    cs = [c.strip() for c in cards.split(",")]
    ops.attempt(ops.chance_action("teams", [{str(p): [c] for p, c in enumerate(cs)}]))


def random_deal(ops):
    from engine import chance as chance_mod

    ch = ops.engine.chance(ops.ensure())
    assert ch is not None and ch["event"] == "deal", f"expected a pending deal, got {ch}"
    ops.apply(chance_mod.sample(ch, ops.rng))


@step_when("the animal cards are dealt at random")
@tagged
def when_random_deal(ops):
    random_deal(ops)


@step_when(parsers.parse("a deal giving player 0 {k:d} animal cards is tried"))
@tagged
def when_bad_deal(ops, k):
    ch = ops.engine.chance(ops.ensure())
    from engine import chance as chance_mod

    good = chance_mod.sample(ch, ops.rng)
    first = good["outcome"][0]
    pool = [c for c in ch["draws"][0]["pool"]]
    rest = [c for c in pool if c not in first["0"]]
    first["0"] = first["0"] + rest[: max(0, k - len(first["0"]))] if k > len(first["0"]) else first["0"][:k]
    ops.attempt(good)


@step_when("the trophy tokens are drawn highest first in seat order")
@tagged
def when_trophies(ops):
    ch = ops.engine.chance(ops.ensure())
    assert ch and ch["event"] == "trophies", f"expected a trophy draw, got {ch}"
    pool = sorted(ch["draws"][0]["pool"], reverse=True)
    out = {}
    for who in sorted((k for k in ch["draws"][0]["take"] if k != "aside"), key=int):
        out[who] = [pool.pop(0)]
    if "aside" in ch["draws"][0]["take"]:
        out["aside"] = pool
    ops.apply(ops.chance_action("trophies", [out]))


@step_when(parsers.parse("a trophy draw giving player {p:d} a token worth {v:d} is tried"))
@tagged
def when_bad_trophy(ops, p, v):
    ch = ops.engine.chance(ops.ensure())
    assert ch and ch["event"] == "trophies", ch
    pool = sorted(ch["draws"][0]["pool"], reverse=True)
    out = {}
    for who in sorted((k for k in ch["draws"][0]["take"] if k != "aside"), key=int):
        out[who] = [v] if who == str(p) else [pool.pop(0)]
    if "aside" in ch["draws"][0]["take"]:
        out["aside"] = pool[: ch["draws"][0]["take"]["aside"]]
    ops.attempt(ops.chance_action("trophies", [out]))


@step_then(parsers.parse("the next chance event is {event}"))
@tagged
def then_chance_event(ops, event):
    j = ops.json()
    assert j["to_move"] == "chance" and j["chance"]["event"] == event, f"pending: {j['chance']}, to move {j['to_move']}"
    assert ops.engine.legal_actions(ops.ensure()) == [], "no player action while a chance event is pending"


@step_then(parsers.parse("the {pile} rule cards to draw from are {cards}"))
@tagged
def then_rule_pool(ops, pile, cards):
    ch = ops.engine.chance(ops.ensure())
    i = {"white": 0, "black": 1}[pile]
    d = ch["draws"][i]
    assert sorted(d["pool"]) == sorted(c.strip() for c in cards.split(",")) and d["take"] == {"row": 2}, d


@step_then("a random draw of the rule cards can lay them in any order")
@tagged
def then_row_order_random(ops):
    """The leftmost face-down card is revealed first (OPS-REVEAL-RULE), so the order in which the two
    white and the two black cards lie is part of the draw: a driver sampling the event as it is
    described (seeded) must be able to lay each pair in either order."""
    import random

    from engine import chance as chance_mod

    ch = ops.engine.chance(ops.ensure())
    assert ch is not None and ch["event"] == "rule-cards", f"expected a pending rule-card draw, got {ch}"
    rows = [chance_mod.sample(ch, random.Random(seed))["outcome"] for seed in range(24)]
    for i, pile in enumerate(("white", "black")):
        orders = {tuple(r[i]["row"]) == tuple(sorted(r[i]["row"])) for r in rows}
        assert orders == {True, False}, (
            f"24 sampled draws of the {pile} cards all lay them {'in' if True in orders else 'against'} sorted "
            f"order: the draw {ch['draws'][i]} does not keep the order the cards are drawn in")


@step_then(parsers.parse("the rule row is {row} with {k:d} revealed"))
@tagged
def then_row(ops, row, k):
    j = ops.json()
    assert j["rules"] == [r.strip() for r in row.split(",")] and j["revealed"] == k, (j["rules"], j["revealed"])


@step_then(parsers.parse("the team cards dealt are drawn from {cards}"))
@tagged
def then_team_pool(ops, cards):
    ch = ops.engine.chance(ops.ensure())
    assert ch["event"] == "teams", ch
    assert sorted(ch["draws"][0]["pool"]) == sorted(c.strip() for c in cards.split(",")), ch
    assert ch["draws"][0]["take"] == {str(p): 1 for p in range(ops.n)}, ch


@step_then(parsers.parse("the deal gives {counts} animal cards and lays {aside:d} aside"))
@tagged
def then_deal_counts(ops, counts, aside):
    ch = ops.engine.chance(ops.ensure())
    assert ch["event"] == "deal", ch
    take = ch["draws"][0]["take"]
    want = [int(x) for x in re.split(r",| and ", counts) if x.strip()]
    assert [take[str(p)] for p in range(ops.n)] == want and take["aside"] == aside, take


@step_then(parsers.parse("every player holds {k:d} cards"))
@tagged
def then_hand_sizes(ops, k):
    j = ops.json()
    assert [len(h) for h in j["hands"]] == [k] * j["players"], [len(h) for h in j["hands"]]


@step_then(parsers.parse("{who} holds {k:d} jokers"))
@tagged
def then_jokers_held(ops, who, k):
    j = ops.json()
    p = ops.who(who)
    got = [c for c in j["hands"][p] if c in ("unicorn", "monkey", "dove")]
    assert len(got) == k, f"player {p} holds jokers {got}, expected {k}"


@step_then(parsers.parse("{k:d} jokers are laid aside"))
@tagged
def then_jokers_aside(ops, k):
    j = ops.json()
    got = [c for c in j["aside"] if c in ("unicorn", "monkey", "dove")]
    assert len(got) == k, f"jokers aside: {got}, expected {k}"


@step_then(parsers.parse("the trophy draw gives one token each to {players} and lays {k:d} aside"))
@tagged
def then_trophy_take(ops, players, k):
    ch = ops.engine.chance(ops.ensure())
    assert ch and ch["event"] == "trophies", ch
    take = ch["draws"][0]["take"]
    want = {str(ops.who(w)): 1 for w in re.split(r",| and ", players) if w.strip()}
    if k:
        want["aside"] = k
    assert take == want, f"trophy draw takes {take}, expected {want}"
    assert len(ch["draws"][0]["pool"]) == 3, "three tokens per round"


@step_then(parsers.parse("the trophy draw takes from the three tokens of round {r:d}"))
@tagged
def then_trophy_group(ops, r):
    ch = ops.engine.chance(ops.ensure())
    assert ch and ch["event"] == "trophies", ch
    pool = sorted(ch["draws"][0]["pool"])
    assert len(pool) == 3, f"a round's group has three tokens, the draw has {pool}"
    assert pool == sorted(components()["trophies"][r - 1]), f"round {r} draws from {pool}"
