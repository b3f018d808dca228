"""Scoring in the Dnup features: letters, rounds won, going out, the end of the game."""

from __future__ import annotations

from pytest_bdd import parsers, then

from harness.games.dnup.steps.context import ints


@then(parsers.parse("the letters are now {letters}"))
def then_letters(dnup, letters):
    got = dnup.json()["tokens"]
    dnup.check(got == ints(letters), f"the letters are {got}, expected {ints(letters)}")


@then(parsers.parse("the rounds won are now {wins}"))
def then_wins(dnup, wins):
    got = dnup.json()["rounds_won"]
    dnup.check(got == ints(wins), f"the rounds won are {got}, expected {ints(wins)}")


@then(parsers.parse("player {p:d} is out of the round"))
def then_out(dnup, p):
    j = dnup.json()
    dnup.check(p in j["out"], f"player {p} is not out (out: {j['out']})")


@then(parsers.parse("player {p:d} wins the game"))
def then_wins_game(dnup, p):
    dnup.blame_result(dnup.state)
    r = dnup.engine.result(dnup.state)
    dnup.check(r is not None and r.get("winner") == p, f"expected player {p} to win, result is {r}")


@then("the game ends unfinished")
def then_unfinished(dnup):
    dnup.blame_result(dnup.state)
    r = dnup.engine.result(dnup.state)
    dnup.check(r is not None and r.get("winner") is None, f"expected an unfinished end, result is {r}")
    dnup.check(dnup.engine.legal_actions(dnup.state) == [] and dnup.engine.chance(dnup.state) is None,
               "a finished game still offers actions")


@then("the game is not over")
def then_not_over(dnup):
    dnup.blame_result(dnup.state)
    r = dnup.engine.result(dnup.state)
    dnup.check(r is None, f"the game ended: {r}")
