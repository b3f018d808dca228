"""Step definitions for features/opsnorren/*.feature.

They reach the engine only through the protocol (``rulecheck_engine("opsnorren")``:
new_game, legal_actions, chance, apply, to_json, from_json, observation), building
positions as canonical JSON, so the same scenarios run against any engine. Cards are
written as in the canonical notation: ``blue 7``, ``unicorn``. Players are ``player 2``
or a name given with "the players ... sit in that order".

Star counts are written as expressions over the assumed star table of the specs
(``stars(blue 10) - stars(green 5)``), so a user who replaces the table keeps a
working suite; trophy values are checked against the pending chance description.
"""

from __future__ import annotations

import functools
import json
import os
import random
import re

import pytest
from pytest_bdd import given as step_given
from pytest_bdd import parsers
from pytest_bdd import then as step_then
from pytest_bdd import when as step_when

import specs
from engine.canonical import dumps
from harness.pytest_plugin import item_clauses

GAME = "opsnorren"
WHITE_DEFAULT = ["pink-open", "pass-three", "green-negative", "most-blue", "pink-plus-one"]
BLACK_DEFAULT = ["two-wins", "three-lowest", "equal-discarded", "colour-reversed", "new-lead-colour", "fewest-stars"]


def components() -> dict:
    path = os.environ.get("RULECHECK_OPSNORREN_TABLES")
    if path:
        return json.loads(open(path, encoding="utf-8").read())
    return specs.load(GAME).param("stars")


def split_cards(text: str) -> list[str]:
    text = text.strip().strip('"')
    if text in ("-", "", "nothing", "none"):
        return []
    return [c.strip() for c in re.split(r",| and ", text) if c.strip()]


ORDER = [f"{c} {v}" for c in ("green", "pink", "orange", "blue") for v in range(11)] + ["unicorn", "monkey", "dove"]


def canonical(cards: list[str]) -> list[str]:
    for c in cards:
        if c not in ORDER:
            raise AssertionError(f"scenario error: {c!r} is not a card name")
    return sorted(cards, key=ORDER.index)


class Ops:
    """The scenario's context: a position being described, then the engine state."""

    def __init__(self, engine):
        self.engine = engine
        self.n = 4
        self.names: list[str] = []
        self.revealed: list[str] = ["pink-open"]
        self.team_cards: list[str] | None = None
        self.hands: dict[int, list[str]] = {}
        self.won: dict[int, list[str]] = {}
        self.discarded: list[str] = []
        self.leader = 0
        self.phase = "play"
        self.history_winner = "A"
        self.trophies: dict[int, list[int]] = {}
        self.state = None
        self.error = None
        self.before = None
        self.trick_cards: list[tuple[int, str]] = []
        self.passed: dict[int, list[str]] = {}
        self.rng = random.Random(20261129)

    # ---- players -----------------------------------------------------------------------------
    def who(self, text: str) -> int:
        text = text.strip()
        m = re.fullmatch(r"player (\d+)", text)
        if m:
            return int(m.group(1))
        if text in self.names:
            return self.names.index(text)
        raise AssertionError(f"scenario error: unknown player {text!r}")

    # ---- building a position -----------------------------------------------------------------
    def row(self) -> list[str]:
        whites = [r for r in self.revealed if r in WHITE_DEFAULT]
        blacks = [r for r in self.revealed if r in BLACK_DEFAULT]
        whites += [r for r in WHITE_DEFAULT if r not in whites][: 2 - len(whites)]
        blacks += [r for r in BLACK_DEFAULT if r not in blacks][: 2 - len(blacks)]
        row = whites + blacks
        assert row[: len(self.revealed)] == self.revealed, (
            f"scenario error: revealed rule cards {self.revealed} are not a prefix of a row (2 white then 2 black)")
        return row

    def teams(self) -> list[str]:
        return self.team_cards or list(components()["team_cards"][str(self.n)])

    def position(self) -> dict:
        n = self.n
        rnd = len(self.revealed)
        hands = [canonical(self.hands.get(p, [])) for p in range(n)]
        trophies_phase = self.phase == "trophies"
        hist = [{"round": r, "stars": {"A": 0, "B": 0}, "winner": "A"} for r in range(1, rnd + (1 if trophies_phase else 0))]
        if trophies_phase:
            hist[-1]["winner"] = self.history_winner
        obj = {
            "game": GAME, "players": n, "round": rnd, "rules": self.row(), "revealed": rnd, "phase": self.phase,
            "team_cards": self.teams(), "hands": hands, "passing": [[] for _ in range(n)], "trick": [],
            "leader": self.leader, "won": [canonical(self.won.get(p, [])) for p in range(n)],
            "discarded": canonical(self.discarded), "aside": [], "history": hist,
            "trophies": [self.trophies.get(p, []) for p in range(n)],
            "to_move": self.leader if self.phase == "play" else "chance", "chance": None, "result": None,
        }
        if trophies_phase:
            winners = {str(p): 1 for p, t in enumerate(obj["team_cards"]) if t[0] == self.history_winner}
            if len(winners) < 3:
                winners["aside"] = 3 - len(winners)
            obj["chance"] = {"event": "trophies",
                             "draws": [{"pool": list(components()["trophies"][rnd - 1]), "take": winners}]}
        return obj

    def ensure(self):
        if self.state is None:
            self.state = self.engine.from_json(self.position())
        return self.state

    def json(self) -> dict:
        return self.engine.to_json(self.ensure())

    # ---- acting --------------------------------------------------------------------------------
    def apply(self, action: dict) -> None:
        state = self.ensure()
        before = self.engine.to_json(state)
        if action.get("type") == "play":
            if not before["trick"]:
                self.trick_cards = []
            self.trick_cards.append((action["player"], action["card"]))
        self.state = self.engine.apply(state, action)

    def attempt(self, action: dict) -> None:
        state = self.ensure()
        self.before = dumps(self.engine.to_json(state))
        try:
            self.state = self.engine.apply(state, action)
            self.error = None
        except Exception as exc:  # the scenario checks the error's code and message
            self.error = exc

    def play(self, p: int, card: str) -> None:
        self.apply({"type": "play", "player": p, "card": card})

    def chance_action(self, event: str, outcome: list) -> dict:
        return {"type": "chance", "event": event, "outcome": outcome}


@pytest.fixture
def ops(rulecheck_engine, request):
    o = Ops(rulecheck_engine(GAME))
    o.request = request
    return o


def tagged(fn):
    """Re-raise a failed step naming the scenario's clauses as [OPS-...], so the verdict blames them."""

    @functools.wraps(fn)
    def step(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except pytest.skip.Exception:
            raise
        except Exception as exc:
            o = kwargs.get("ops")
            node = getattr(o, "request", None)
            tags = " ".join(f"[{c}]" for c in item_clauses(node.node)) if node is not None else ""
            raise AssertionError(f"{tags} {type(exc).__name__}: {exc}") from exc

    return step


def table_rows(datatable) -> list[dict[str, str]]:
    head = [h.strip() for h in datatable[0]]
    return [dict(zip(head, [c.strip() for c in row])) for row in datatable[1:]]


def star_value(expr: str) -> int:
    """Evaluate '5 + stars(blue 10) - stars(green 3)' with the star table of the specs."""
    table = components()["stars"]
    text = re.sub(r"stars\(([^)]*)\)", lambda m: str(table[m.group(1).strip()]), expr)
    if not re.fullmatch(r"[0-9+\-*() ]+", text):
        raise AssertionError(f"scenario error: cannot evaluate star expression {expr!r}")
    return int(eval(text, {"__builtins__": {}}))  # digits and + - * ( ) only


# ====================================================================================== Given
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


@step_given(parsers.parse("a new {n:d}-player game with the rule row {row}"))
@tagged
def given_new_game_row(ops, n, row):
    ops.n = n
    ops.state = ops.engine.new_game({"players": n, "rule_cards": [r.strip() for r in row.split(",")]})


@step_given(parsers.parse("the team cards were dealt as {cards}"))
@tagged
def given_team_deal(ops, cards):
    team_deal(ops, cards)


@step_given("the animal cards were dealt at random")
@tagged
def given_random_deal(ops):
    random_deal(ops)


# ====================================================================================== When
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


@step_when(parsers.parse("{who} passes the cards {cards}"))
@tagged
def when_pass(ops, who, cards):
    p = ops.who(who)
    cs = split_cards(cards)
    ops.passed[p] = cs
    ops.apply({"type": "pass", "player": p, "cards": cs})


@step_when("all players pass their three lowest cards")
@tagged
def when_all_pass(ops):
    while True:
        j = ops.json()
        if j["phase"] != "pass":
            break
        p = j["to_move"]
        cs = j["hands"][p][:3]
        ops.passed[p] = cs
        ops.apply({"type": "pass", "player": p, "cards": cs})


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


@step_when(parsers.parse("the state is loaded with {defect}"))
@tagged
def when_load_defect(ops, defect):
    obj = ops.position()
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


# ====================================================================================== Then
def trick_check(ops, who: int):
    j = ops.json()
    assert ops.trick_cards, "no trick was played in this scenario"
    monkey = [p for p, c in ops.trick_cards if c == "monkey"]
    for p, c in ops.trick_cards:
        ok = c in j["won"][who] or c in j["discarded"] or any(c in j["won"][m] for m in monkey)
        assert ok, f"{c} should be on player {who}'s won pile; won piles {j['won']}, discarded {j['discarded']}"
    return j


@step_then(parsers.parse("{who} wins the trick"))
@tagged
def then_wins(ops, who):
    w = ops.who(who)
    j = trick_check(ops, w)
    assert j["leader"] == w, f"player {w} should win and lead the next trick; leader is {j['leader']}"
    assert any(c in j["won"][w] for _, c in ops.trick_cards), f"player {w} took no card: won {j['won']}"


@step_then(parsers.parse("{who} leads the next trick"))
@tagged
def then_leads(ops, who):
    j = ops.json()
    w = ops.who(who)
    assert j["leader"] == w and not j["trick"], f"player {w} should lead the next trick; leader {j['leader']}, trick {j['trick']}"
    if j["phase"] == "play":
        assert j["to_move"] == w, f"player {w} should be to move, not {j['to_move']}"


@step_then("the whole trick is discarded")
@tagged
def then_trick_discarded(ops):
    j = ops.json()
    for _, c in ops.trick_cards:
        assert c in j["discarded"], f"{c} should be discarded; discarded {j['discarded']}, won {j['won']}"
    assert not any(c in pile for pile in j["won"] for _, c in ops.trick_cards), f"nobody may win them: {j['won']}"


@step_then(parsers.parse("only {cards} are discarded"))
@tagged
def then_discarded(ops, cards):
    j = ops.json()
    assert sorted(j["discarded"]) == sorted(split_cards(cards)), f"discarded: {j['discarded']}"


@step_then(parsers.parse("{who}'s won pile holds {cards}"))
@tagged
def then_won_pile(ops, who, cards):
    j = ops.json()
    w = ops.who(who)
    assert sorted(j["won"][w]) == sorted(split_cards(cards)), f"player {w}'s won pile is {j['won'][w]}"


@step_then(parsers.parse("{who} may play {cards}"))
@tagged
def then_may_play(ops, who, cards):
    p = ops.who(who)
    st = ops.ensure()
    j = ops.engine.to_json(st)
    assert j["to_move"] == p, f"it should be player {p}'s turn, is {j['to_move']}"
    legal = sorted(a["card"] for a in ops.engine.legal_actions(st) if a["type"] == "play")
    want = sorted(j["hands"][p]) if cards == "any card" else sorted(split_cards(cards))
    assert legal == want, f"player {p} may play {legal}, expected {want}"


@step_then(parsers.parse("{who} must choose a card for the monkey from {cards}"))
@tagged
def then_monkey_choice(ops, who, cards):
    st = ops.ensure()
    j = ops.engine.to_json(st)
    p = ops.who(who)
    assert j["phase"] == "monkey" and j["to_move"] == p, f"player {p} should pick for the monkey; phase {j['phase']}, to move {j['to_move']}"
    legal = ops.engine.legal_actions(st)
    assert all(a["type"] == "monkey" and a["player"] == p for a in legal), legal
    assert sorted(a["card"] for a in legal) == sorted(split_cards(cards)), f"monkey candidates: {legal}"


@step_then("no monkey pick is pending")
@tagged
def then_no_monkey(ops):
    j = ops.json()
    assert j["phase"] != "monkey", "a monkey pick is pending"


@step_then(parsers.parse("the action is rejected as {code}"))
@tagged
def then_rejected(ops, code):
    err = ops.error
    assert err is not None, "the action was accepted"
    assert getattr(err, "code", None) == code, f"expected error code {code}, got {type(err).__name__}: {err}"


@step_then(parsers.parse('the error message mentions "{text}"'))
@tagged
def then_message(ops, text):
    assert ops.error is not None and text.lower() in str(ops.error).lower(), f"error message: {ops.error}"


@step_then("the state is unchanged")
@tagged
def then_unchanged(ops):
    assert ops.before is not None
    assert dumps(ops.engine.to_json(ops.state)) == ops.before, "a rejected action changed the state"


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


@step_then(parsers.parse("it is {who}'s turn to {what}"))
@tagged
def then_turn(ops, who, what):
    j = ops.json()
    p = ops.who(who)
    assert j["to_move"] == p, f"it should be player {p}'s turn, is {j['to_move']}"
    phase = {"play": "play", "pass": "pass"}[what]
    assert j["phase"] == phase, f"phase {j['phase']}, expected {phase}"


@step_then(parsers.parse("{who} cannot see {cards}"))
@tagged
def then_cannot_see(ops, who, cards):
    obs = dumps(ops.engine.observation(ops.ensure(), ops.who(who)))
    for c in split_cards(cards):
        assert f'"{c}"' not in obs, f"{c} is visible to {who}: {obs[:400]}"


@step_then(parsers.parse("{who} can see {cards}"))
@tagged
def then_can_see(ops, who, cards):
    obs = dumps(ops.engine.observation(ops.ensure(), ops.who(who)))
    for c in split_cards(cards):
        assert f'"{c}"' in obs, f"{c} is not visible to {who}"


@step_then("each player received the three cards passed by the player on their right")
@tagged
def then_received(ops):
    j = ops.json()
    n = j["players"]
    assert len(ops.passed) == n, f"only {sorted(ops.passed)} passed"
    for p in range(n):
        giver = (p - 1) % n
        for c in ops.passed[giver]:
            assert c in j["hands"][p], f"player {p} should have received {c} from player {giver}"
        for c in ops.passed[p]:
            assert c not in j["hands"][p], f"player {p} still holds passed card {c}"


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


@step_then(parsers.parse("a card of player {p:d}'s hand is visible only to that player"))
@tagged
def then_hidden_hand(ops, p):
    st = ops.ensure()
    j = ops.engine.to_json(st)
    for c in j["hands"][p]:
        for q in range(j["players"]):
            seen = f'"{c}"' in dumps(ops.engine.observation(st, q))
            assert seen == (q == p), f"{c} of player {p} seen by player {q}: {seen}"


@step_then("the game starts")
@tagged
def then_game_starts(ops):
    assert ops.error is None, f"the game should start: {ops.error}"


@step_then("the cards laid aside are hidden from every player")
@tagged
def then_aside_hidden(ops):
    st = ops.ensure()
    j = ops.engine.to_json(st)
    assert j["aside"], "no cards were laid aside"
    for q in range(j["players"]):
        obs = dumps(ops.engine.observation(st, q))
        seen = [c for c in j["aside"] if f'"{c}"' in obs]
        assert not seen, f"player {q} can see cards laid aside: {seen}"


@step_then("the round is over")
@tagged
def then_round_over(ops):
    j = ops.json()
    assert j["phase"] == "trophies" and not any(j["hands"]), f"phase {j['phase']}, hands {j['hands']}"


@step_then("the round goes on")
@tagged
def then_round_on(ops):
    j = ops.json()
    assert j["phase"] == "play" and any(j["hands"]), f"phase {j['phase']}, hands {j['hands']}"


@step_then(parsers.parse("no legal pass of {who} includes a joker"))
@tagged
def then_no_joker_pass(ops, who):
    st = ops.ensure()
    p = ops.who(who)
    legal = ops.engine.legal_actions(st)
    assert legal and all(a["type"] == "pass" and a["player"] == p for a in legal), legal[:3]
    bad = [a for a in legal if set(a["cards"]) & {"unicorn", "monkey", "dove"}]
    assert not bad, f"passes with jokers are listed: {bad[:3]}"


@step_then(parsers.parse("some legal pass of {who} includes a joker"))
@tagged
def then_joker_pass(ops, who):
    st = ops.ensure()
    legal = ops.engine.legal_actions(st)
    assert any(set(a["cards"]) & {"unicorn", "monkey", "dove"} for a in legal), "no pass with a joker is listed"


@step_then(parsers.parse("{who} sees only their own trophy values"))
@tagged
def then_own_trophies(ops, who):
    st = ops.ensure()
    j = ops.engine.to_json(st)
    p = ops.who(who)
    obs = ops.engine.observation(st, p)
    assert obs["trophies"][p] == j["trophies"][p], f"player {p} should see their own tokens {j['trophies'][p]}"
    for q, t in enumerate(obs["trophies"]):
        if q != p:
            assert t is None, f"player {p} sees player {q}'s token values {t}"


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


@step_when("the first player to pass passes their three lowest cards")
@tagged
def when_first_pass(ops):
    j = ops.json()
    assert j["phase"] == "pass", f"phase {j['phase']}"
    p = j["to_move"]
    cs = j["hands"][p][:3]
    ops.passed[p] = cs
    ops.apply({"type": "pass", "player": p, "cards": cs})


@step_then("the passed cards stay hidden from their receiver for now")
@tagged
def then_receiver_blind(ops):
    st = ops.ensure()
    j = ops.engine.to_json(st)
    assert len(ops.passed) == 1, ops.passed
    (giver, cards), = ops.passed.items()
    receiver = (giver + 1) % j["players"]
    obs = dumps(ops.engine.observation(st, receiver))
    seen = [c for c in cards if f'"{c}"' in obs]
    assert not seen, f"player {receiver} sees the cards passed by player {giver} too early: {seen}"
    assert all(c not in j["hands"][receiver] for c in cards), "the passed cards are already in the receiver's hand"


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


@step_then(parsers.parse("the trophy draw takes from the three tokens of round {r:d}"))
@tagged
def then_trophy_group(ops, r):
    ch = ops.engine.chance(ops.ensure())
    assert ch and ch["event"] == "trophies", ch
    pool = sorted(ch["draws"][0]["pool"])
    assert len(pool) == 3, f"a round's group has three tokens, the draw has {pool}"
    assert pool == sorted(components()["trophies"][r - 1]), f"round {r} draws from {pool}"
