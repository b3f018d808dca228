"""Player actions in the Opsnorren features: playing, the monkey's pick, loading and starting, and how a rejected action is checked."""

from __future__ import annotations

import json

from pytest_bdd import parsers
from pytest_bdd import then as step_then
from pytest_bdd import when as step_when

from engine.canonical import dumps
from harness.games.opsnorren.positions import canonical, with_every_card
from harness.games.opsnorren.steps.context import table_rows, tagged
from harness.verdicts.violations import expect_code


@step_when("the players play:")
@tagged
def when_players_play(ops, datatable):
    for row in table_rows(datatable):
        ops.play(ops.who(row["player"]), row["card"])


@step_when(parsers.parse("{who} plays {card}"))
@tagged
def when_plays(ops, who, card):
    ops.play(ops.who(who), card)


@step_when(parsers.parse("{who} tries to play {card}"))
@tagged
def when_tries(ops, who, card):
    ops.attempt({"type": "play", "player": ops.who(who), "card": card})


@step_when(parsers.parse("{who} takes {card} with the monkey"))
@tagged
def when_monkey(ops, who, card):
    ops.apply({"type": "monkey", "player": ops.who(who), "card": card})


@step_when(parsers.parse("{who} tries to take {card} with the monkey"))
@tagged
def when_try_monkey(ops, who, card):
    ops.attempt({"type": "monkey", "player": ops.who(who), "card": card})


@step_when(parsers.parse("the state is loaded with {defect}"))
@tagged
def when_load_defect(ops, defect):
    obj = with_every_card(ops.position())
    if defect == "a card in two hands":
        obj["hands"][1] = canonical(obj["hands"][1][:-1] + [obj["hands"][0][0]])
    elif defect == "an unknown card name":
        obj["hands"][0][0] = "purple 3"
    elif defect == "the field trick missing":
        del obj["trick"]
    elif defect == "the wrong player to move":
        obj["to_move"] = (obj["to_move"] + 1) % obj["players"]
    elif defect == "a black rule card on the left":
        obj["rules"] = [obj["rules"][2], obj["rules"][1], obj["rules"][0], obj["rules"][3]]
    elif defect == "uneven hand sizes":
        obj["hands"][0] = obj["hands"][0][:-1]
        obj["aside"] = canonical(obj["aside"] + [ops.position()["hands"][0][-1]])
    elif defect == "a card missing":
        obj["aside"] = obj["aside"][1:]
    else:
        raise AssertionError(f"scenario error: unknown defect {defect!r}")
    ops.before = None
    try:
        ops.state = ops.engine.from_json(obj)
        ops.error = None
    except Exception as exc:
        ops.error = exc


@step_when(parsers.parse("a game with config {config} is started"))
@tagged
def when_start(ops, config):
    try:
        ops.engine.new_game(json.loads(config))
        ops.error = None
    except Exception as exc:
        ops.error = exc


@step_then(parsers.parse("the action is rejected as {code}"))
@tagged
def then_rejected(ops, code):
    err = ops.error
    assert err is not None, "the action was accepted"
    expect_code(err, code)


@step_then(parsers.parse('the error message mentions "{text}"'))
@tagged
def then_message(ops, text):
    assert ops.error is not None and text.lower() in str(ops.error).lower(), f"error message: {ops.error}"


@step_then("the state is unchanged")
@tagged
def then_unchanged(ops):
    assert ops.before is not None
    assert dumps(ops.engine.to_json(ops.state)) == ops.before, "a rejected action changed the state"


@step_then("the game starts")
@tagged
def then_game_starts(ops):
    assert ops.error is None, f"the game should start: {ops.error}"
