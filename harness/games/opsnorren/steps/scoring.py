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
    # OPS-NEW-ROUND: every animal card and joker is collected (none on the table, discarded or laid
    # aside from the last round) and the team cards are dealt anew
    left = {k: j[k] for k in ("trick", "discarded", "aside") if j[k]}
    assert not left and not any(j["passing"]), f"cards of the last round are still out: {left}, passing {j['passing']}"
    assert j["team_cards"] is None, f"the team cards are dealt again; the state still holds {j['team_cards']}"
    assert len(j["history"]) == r - 1, f"round {r} begins after {r - 1} scored rounds, history {j['history']}"
    st = ops.ensure()
    ops.blame_result(st)  # a result mid-game is blamed on the rule that keeps the game going
    assert j["result"] is None and ops.engine.result(st) is None and not ops.engine.is_terminal(st), (
        f"the game goes on into round {r} (OPS-GAME-LENGTH): result {j['result']}, result() {ops.engine.result(st)}")


def game_over(ops) -> dict:
    """The state after the last trophy draw: over after the fourth round (OPS-GAME-LENGTH), with
    nothing left to do and every one of the four rounds scored."""
    j = ops.json()
    assert j["result"] is not None and j["to_move"] is None and j["chance"] is None, (
        f"the game should be over: result {j['result']}, to move {j['to_move']}, chance {j['chance']}")
    assert j["round"] == 4 and j["revealed"] == 4 and [h["round"] for h in j["history"]] == [1, 2, 3, 4], (
        f"the game ends after round 4 with 4 rule cards open: round {j['round']}, revealed {j['revealed']}, "
        f"history {j['history']}")
    st = ops.ensure()
    assert ops.engine.legal_actions(st) == [] and ops.engine.chance(st) is None and ops.engine.is_terminal(st)
    ops.blame_result(st)  # a result() unlike the state's is blamed on what decides the result there
    assert ops.engine.result(st) == j["result"], (
        f"result() {ops.engine.result(st)} differs from the state's {j['result']}")
    return j


@step_then(parsers.parse("the game is over and {who} wins with {points:d} points"))
@tagged
def then_game_won(ops, who, points):
    j = game_over(ops)
    p = ops.who(who)
    assert j["result"]["winners"] == [p] and j["result"]["points"][p] == points, j["result"]


@step_then("the game is over without a winner")
@tagged
def then_game_tie(ops):
    j = game_over(ops)
    assert j["result"]["winners"] == [], f"result {j['result']}"
