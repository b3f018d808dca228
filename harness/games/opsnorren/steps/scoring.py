"""Scoring in the Opsnorren features: round stars, round winner, trophy tokens, the end of the game."""

from __future__ import annotations

from pytest_bdd import parsers
from pytest_bdd import then as step_then

from harness.games.opsnorren.steps.context import star_value, tagged


@step_then(parsers.parse("team {team} scores {expr}"))
@tagged
def then_team_scores(ops, team, expr):
    j = ops.json()
    assert j["history"], "no round was scored"
    got = j["history"][-1]["stars"][team]
    want = star_value(expr)
    assert got == want, f"team {team} scored {got} stars, expected {expr} = {want}"


@step_then(parsers.parse("team {team} wins the round"))
@tagged
def then_team_wins(ops, team):
    j = ops.json()
    assert j["phase"] == "trophies" and j["history"][-1]["winner"] == team, (
        f"team {team} should win the round: phase {j['phase']}, history {j['history'][-1:]}")


@step_then(parsers.parse("{who} holds {count:d} trophy tokens worth {total:d}"))
@tagged
def then_trophies(ops, who, count, total):
    j = ops.json()
    p = ops.who(who)
    t = j["trophies"][p]
    assert len(t) == count and sum(t) == total, f"player {p}'s tokens: {t}"


@step_then(parsers.parse("round {r:d} begins with {k:d} rule cards revealed"))
@tagged
def then_next_round(ops, r, k):
    j = ops.json()
    assert j["round"] == r and j["revealed"] == k and j["chance"]["event"] == "teams", (
        j["round"], j["revealed"], j["chance"])
    assert not any(j["hands"]) and not any(j["won"]), "all cards are collected for the new round"


@step_then(parsers.parse("the game is over and {who} wins with {points:d} points"))
@tagged
def then_game_won(ops, who, points):
    j = ops.json()
    p = ops.who(who)
    assert j["result"] is not None and j["to_move"] is None, f"the game should be over: {j['result']}"
    assert j["result"]["winners"] == [p] and j["result"]["points"][p] == points, j["result"]
    assert ops.engine.legal_actions(ops.ensure()) == [] and ops.engine.chance(ops.ensure()) is None


@step_then("the game is over without a winner")
@tagged
def then_game_tie(ops):
    j = ops.json()
    assert j["result"] is not None and j["result"]["winners"] == [], f"result {j['result']}"
