"""Given steps of the Opsnorren features: describing a position (or starting a new game)."""

from __future__ import annotations

import re

import pytest
from pytest_bdd import given as step_given
from pytest_bdd import parsers

from harness.games.opsnorren.steps.chance_events import random_deal, team_deal
from harness.games.opsnorren.positions import split_cards
from harness.games.opsnorren.steps.context import table_rows, tagged


@step_given(parsers.parse("a {n:d}-player game in the play phase"))
@tagged
def given_play_phase(ops, n):
    ops.state = None  # the position changes: rebuild it on the next use
    if n != ops.n:
        ops.team_cards = None
        ops.hands = {}
    ops.n = n


@step_given(parsers.parse("a {n:d}-player game with the revealed rule cards {rules}"))
@tagged
def given_revealed(ops, n, rules):
    ops.state = None  # the position changes: rebuild it on the next use
    ops.n = n
    ops.revealed = [r.strip() for r in rules.split(",")]


@step_given(parsers.parse("the players {names} sit in that order"))
@tagged
def given_names(ops, names):
    ops.state = None  # the position changes: rebuild it on the next use
    ops.names = [x.strip() for x in re.split(r",| and ", names) if x.strip()]
    ops.n = len(ops.names)


@step_given(parsers.parse("the team cards are {cards}"))
@tagged
def given_teams(ops, cards):
    ops.state = None  # the position changes: rebuild it on the next use
    ops.team_cards = [c.strip() for c in cards.split(",")]


@step_given("the hands are:")
@tagged
def given_hands(ops, datatable):
    ops.state = None  # the position changes: rebuild it on the next use
    for row in table_rows(datatable):
        ops.hands[ops.who(row["player"])] = split_cards(row["cards"])


@step_given("the won piles are:")
@tagged
def given_won(ops, datatable):
    ops.state = None  # the position changes: rebuild it on the next use
    for row in table_rows(datatable):
        ops.won[ops.who(row["player"])] = split_cards(row["cards"])


@step_given(parsers.parse("{who} leads the trick"))
@tagged
def given_leader(ops, who):
    ops.state = None  # the position changes: rebuild it on the next use
    ops.leader = ops.who(who)


@step_given(parsers.parse("a {n:d}-player game whose round {r:d} was won by team {team}"))
@tagged
def given_round_won(ops, n, r, team):
    ops.state = None  # the position changes: rebuild it on the next use
    ops.n = n
    ops.revealed = (["pink-open", "pass-three", "two-wins", "three-lowest"])[:r]
    ops.phase = "trophies"
    ops.history_winner = team


@step_given("the trophy tokens already drawn are:")
@tagged
def given_trophies(ops, datatable):
    ops.state = None  # the position changes: rebuild it on the next use
    for row in table_rows(datatable):
        ops.trophies[ops.who(row["player"])] = [int(x) for x in split_cards(row["tokens"])]


@step_given(parsers.parse("the trophy tokens of this round are {values}"))
@tagged
def given_token_values(ops, values):
    want = sorted(int(v) for v in split_cards(values))
    ch = ops.engine.chance(ops.ensure())
    pool = sorted(ch["draws"][0]["pool"]) if ch and ch.get("event") == "trophies" else None
    if pool != want:
        pytest.skip(f"not applicable: written for trophy tokens {want}; the tables in use give {pool}")


@step_given(parsers.parse("a new {n:d}-player game"))
@tagged
def given_new_game(ops, n):
    ops.n = n
    ops.state = ops.engine.new_game({"players": n})
    ops.keep_setup({"players": n}, ops.state)


@step_given(parsers.parse("a new {n:d}-player game with the rule row {row}"))
@tagged
def given_new_game_row(ops, n, row):
    ops.n = n
    config = {"players": n, "rule_cards": [r.strip() for r in row.split(",")]}
    ops.state = ops.engine.new_game(config)
    ops.keep_setup(config, ops.state)


@step_given(parsers.parse("the team cards were dealt as {cards}"))
@tagged
def given_team_deal(ops, cards):
    team_deal(ops, cards)


@step_given("the animal cards were dealt at random")
@tagged
def given_random_deal(ops):
    random_deal(ops)
