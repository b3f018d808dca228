"""Given steps of the Dnup features: describing a position (or starting a new game)."""

from __future__ import annotations

from pytest_bdd import given as step_given
from pytest_bdd import parsers

from harness.games.dnup.positions import base_position, parse_cards
from harness.games.dnup.steps.context import ints


@step_given(parsers.parse("a {n:d}-player game in progress"))
def given_game(dnup, n):
    dnup.pos = base_position(n)


@step_given(parsers.parse("a new {n:d}-player game"))
def given_new_game(dnup, n):
    dnup.state = dnup.engine.new_game({"players": n})
    dnup.keep_setup({"players": n}, dnup.state)


@step_given(parsers.parse("a new {n:d}-player game with a turn cap of {cap:d}"))
def given_new_game_capped(dnup, n, cap):
    config = {"players": n, "turn_cap": cap}
    dnup.state = dnup.engine.new_game(config)
    dnup.keep_setup(config, dnup.state)


@step_given(parsers.parse("player {p:d} holds {cards}"))
def given_holds(dnup, p, cards):
    dnup.pos["hands"][p] = parse_cards(cards)


@step_given(parsers.parse("player {p:d} has the set {cards} on the table"))
def given_set(dnup, p, cards):
    dnup.pos["sets"][p][0] = parse_cards(cards)


@step_given(parsers.parse("player {p:d} has the set {cards} in area {a:d}"))
def given_set_area(dnup, p, cards, a):
    dnup.pos["sets"][p][a - 1] = parse_cards(cards)


@step_given(parsers.parse("player {p:d} is to move"))
def given_to_move(dnup, p):
    dnup.pos["to_move"] = p
    dnup.pos["area"] = 1


@step_given(parsers.parse("player {p:d} is to move in area {a:d}"))
def given_to_move_area(dnup, p, a):
    dnup.pos["to_move"] = p
    dnup.pos["area"] = a


@step_given(parsers.parse("the letters are {letters}"))
def given_letters(dnup, letters):
    dnup.pos["tokens"] = ints(letters)


@step_given(parsers.parse("the rounds won are {wins}"))
def given_wins(dnup, wins):
    dnup.pos["rounds_won"] = ints(wins)


@step_given(parsers.parse("player {p:d} went out first this round"))
def given_out_first(dnup, p):
    dnup.pos["out"] = [p]
    dnup.pos["hands"][p] = []


@step_given(parsers.parse("player {p:d} went out first this round leaving that set for {k:d} more turns"))
def given_leaving(dnup, p, k):
    dnup.pos["out"] = [p]
    dnup.pos["hands"][p] = []
    dnup.pos["leaving"] = {"player": p, "turns_left": k}


@step_given(parsers.parse("player {p:d} went out first this round leaving that set for one more turn"))
def given_leaving_one(dnup, p):
    given_leaving(dnup, p, 1)


@step_given(parsers.parse("the turn cap is {cap:d} and {t:d} turns have been played"))
def given_cap(dnup, cap, t):
    dnup.pos["turn_cap"] = cap
    dnup.pos["turn"] = t
