"""Loading positions in the Dnup features: a malformed canonical state is rejected, a good one accepted."""

from __future__ import annotations

import json

from pytest_bdd import parsers, then, when

from engine.errors import RulecheckError
from harness.games.dnup.positions import parse_card
from harness.verdicts.violations import expect_code


def _load_corrupt(dnup, mutate):
    obj = dnup.finish()
    mutate(obj)
    dnup.before = None
    try:
        dnup.engine.from_json(obj)
        dnup.error = None
    except RulecheckError as exc:
        dnup.error = exc


@when(parsers.parse("the position is loaded with card {card} also in the hand of player {p:d}"))
def when_corrupt_twice(dnup, card, p):
    _load_corrupt(dnup, lambda o: o["hands"][p].append(parse_card(card)))


@when(parsers.parse("the position is loaded with card {card} missing"))
def when_corrupt_missing(dnup, card):
    cid = parse_card(card)[0]

    def drop(o):
        o["discard"] = [c for c in o["discard"] if c != cid]
        o["hands"] = [[c for c in h if c[0] != cid] for h in o["hands"]]
    _load_corrupt(dnup, drop)


@when(parsers.parse("the position is loaded with field {field} set to {value}"))
def when_corrupt_field(dnup, field, value):
    def put(o):
        o[field] = json.loads(value)
    _load_corrupt(dnup, put)


@when("the position is loaded")
def when_loaded_plain(dnup):
    _load_corrupt(dnup, lambda o: None)


@then(parsers.parse("the position is rejected as {code}"))
def then_position_rejected(dnup, code):
    dnup.check(dnup.error is not None, "the position was accepted")
    expect_code(dnup.error, code)


@then("the position is accepted")
def then_position_accepted(dnup):
    dnup.check(dnup.error is None, f"the position was rejected: {dnup.error}")
