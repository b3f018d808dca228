"""Step definitions for features/dnup: reach the engine only through the protocol.

Positions are built as canonical JSON (specs/dnup/state.schema.json) and loaded with
``from_json``. Cards are written with the active value first: ``3/7`` is the card with
values 3 and 7 showing 3, ``7/3`` the same card turned (the assumed deck,
specs/dnup/deck.json, has one card per pair of values). Cards nobody is given are in
the discard pile; a player who is not out and is given no hand gets two filler cards
(the first unused cards by id).

A failed check raises an AssertionError that names the scenario's clauses as
``[DNP-...]``, so the verdict collector blames them.
"""

from __future__ import annotations

import copy
import json
import random

import pytest
from pytest_bdd import given as step_given
from pytest_bdd import parsers, then, when

import specs
from engine import chance as chance_mod
from engine.canonical import dumps
from engine.errors import RulecheckError
from harness.pytest_plugin import item_clauses

# ---------------------------------------------------------------------------- cards


def deck_cards() -> list[dict]:
    return specs.load("dnup").param("deck")["cards"]


def card_by_pair() -> dict:
    return {frozenset(c["values"]): c for c in deck_cards()}


def parse_card(text: str) -> list:
    """``3/7`` -> ``[id, flipped]`` with 3 active."""
    a, _, b = text.strip().partition("/")
    try:
        x, y = int(a), int(b)
    except ValueError:
        raise AssertionError(f"step error: {text!r} is not a card (write active/other, e.g. 3/7)") from None
    c = card_by_pair().get(frozenset((x, y)))
    if c is None:
        raise AssertionError(f"step error: the assumed deck has no card with values {x} and {y}")
    return [c["id"], c["values"][0] != x]


def parse_cards(text: str) -> list[list]:
    text = text.strip()
    if text in ("", "nothing", "-"):
        return []
    return sorted((parse_card(t) for t in text.split(",")), key=lambda c: c[0])


def show(cards: list) -> str:
    """Readable notation of ``[id, flipped]`` cards."""
    by_id = {c["id"]: c for c in deck_cards()}
    out = []
    for cid, flip in cards:
        a, b = by_id[cid]["values"]
        out.append(f"{b}/{a}" if flip else f"{a}/{b}")
    return ", ".join(sorted(out)) or "nothing"


def removed_for(players: int) -> list[str]:
    gone = {"star4"} if players == 4 else {"star4", "star6"} if players <= 3 else set()
    return sorted(c["id"] for c in deck_cards() if c["mark"] in gone)


def base_position(players: int) -> dict:
    areas = 2 if players == 2 else 1
    return {
        "game": "dnup", "players": players, "deck": "assumed", "removed": removed_for(players), "turn_cap": None,
        "round": 1, "turn": 0, "chance": None, "to_move": 0, "area": 2 if areas == 2 else 1, "start_player": 0,
        "hands": [None] * players, "sets": [[[] for _ in range(areas)] for _ in range(players)],
        "discard": [], "out": [], "leaving": None, "tokens": [0] * players, "rounds_won": [0] * players,
        "result": None,
    }


# ---------------------------------------------------------------------------- context


class Ctx:
    def __init__(self, make_engine, request):
        self._make = make_engine
        self.request = request
        self._engine = None
        self.pos: dict | None = None
        self.state = None
        self.before: str | None = None
        self.error: Exception | None = None
        self.original_hands: dict[int, list] = {}

    @property
    def engine(self):
        if self._engine is None:
            self._engine = self._make("dnup")
        return self._engine

    def fail(self, message: str):
        tags = " ".join(f"[{c}]" for c in item_clauses(self.request.node))
        raise AssertionError(f"{tags} {message}")

    def check(self, cond: bool, message: str):
        if not cond:
            self.fail(message)

    # building and loading positions
    def finish(self) -> dict:
        pos = copy.deepcopy(self.pos)
        used = set()
        for h in pos["hands"]:
            used.update(c[0] for c in h or [])
        for areas in pos["sets"]:
            for cs in areas:
                used.update(c[0] for c in cs)
        gone = set(pos["removed"])
        free = sorted(c["id"] for c in deck_cards() if c["id"] not in used and c["id"] not in gone)
        for p, h in enumerate(pos["hands"]):
            if h is None:
                if p in pos["out"] or pos["to_move"] == "chance":
                    pos["hands"][p] = []
                else:
                    pos["hands"][p] = [[free.pop(0), False], [free.pop(0), False]]
                    used.update(c[0] for c in pos["hands"][p])
        pos["hands"] = [sorted(h, key=lambda c: c[0]) for h in pos["hands"]]
        pos["discard"] = sorted(cid for cid in free if cid not in used)
        return pos

    def load(self):
        if self.state is None:
            obj = self.finish()
            try:
                self.state = self.engine.from_json(obj)
            except RulecheckError as exc:
                self.fail(f"the engine refuses the scenario's position: {exc}")
        return self.state

    def json(self) -> dict:
        return self.engine.to_json(self.load())

    def act(self, action: dict, expect_error: bool = False):
        state = self.load()
        self.before = dumps(self.engine.to_json(state))
        self.error = None
        try:
            self.state = self.engine.apply(state, action)
        except RulecheckError as exc:
            if not expect_error:
                self.fail(f"{action} was rejected: {exc}")
            self.error = exc
            return
        if expect_error:
            self.fail(f"{action} was accepted, but the rules forbid it")

    def hand(self, p: int) -> list:
        return self.json()["hands"][p]

    def set_of(self, p: int, area: int = 1) -> list:
        return self.json()["sets"][p][area - 1]


@pytest.fixture
def dnup(rulecheck_engine, request):
    return Ctx(rulecheck_engine, request)


def ids_of(cards_text: str) -> list[str]:
    return [c[0] for c in parse_cards(cards_text)]


def ints(text: str) -> list[int]:
    return [int(x) for x in text.replace(" and ", ",").split(",") if x.strip()]


# ---------------------------------------------------------------------------- given


@step_given(parsers.parse("a {n:d}-player game in progress"))
def given_game(dnup, n):
    dnup.pos = base_position(n)


@step_given(parsers.parse("a new {n:d}-player game"))
def given_new_game(dnup, n):
    dnup.state = dnup.engine.new_game({"players": n})


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


@step_given(parsers.parse("the turn cap is {cap:d} and {t:d} turns have been played"))
def given_cap(dnup, cap, t):
    dnup.pos["turn_cap"] = cap
    dnup.pos["turn"] = t


# ---------------------------------------------------------------------------- when


@when(parsers.re(r"player (?P<p>\d+) (?P<verb>plays|tries to play) (?P<cards>[0-9/, ]+)"))
def when_play(dnup, p, verb, cards):
    dnup.act({"type": "play", "player": int(p), "cards": sorted(ids_of(cards))}, expect_error=verb.startswith("tries"))


@when(parsers.re(r"player (?P<p>\d+) (?P<verb>adds|tries to add) (?P<card>\d+/\d+) to the set of player (?P<q>\d+)"
                 r"(?: in area (?P<a>\d+))?"))
def when_add(dnup, p, verb, card, q, a):
    action = {"type": "add", "player": int(p), "card": parse_card(card)[0], "owner": int(q), "area": int(a or 1)}
    dnup.act(action, expect_error=verb.startswith("tries"))


@when(parsers.re(r"player (?P<p>\d+) (?P<verb>takes|tries to take) the set of player (?P<q>\d+)(?: in area (?P<a>\d+))?"))
def when_take(dnup, p, verb, q, a):
    dnup.act({"type": "take", "player": int(p), "owner": int(q), "area": int(a or 1)}, expect_error=verb.startswith("tries"))


@when(parsers.re(r"player (?P<p>\d+) (?P<verb>flips|tries to flip) their hand"))
def when_flip(dnup, p, verb):
    p = int(p)
    if not verb.startswith("tries"):
        dnup.original_hands.setdefault(p, dnup.hand(p))
    dnup.act({"type": "flip", "player": p}, expect_error=verb.startswith("tries"))


@when("the next player flips their hand")
def when_next_flip_one(dnup):
    when_next_flip(dnup, 1)


@when(parsers.parse("the next {k:d} players flip their hands"))
def when_next_flip(dnup, k):
    for _ in range(k):
        p = dnup.json()["to_move"]
        dnup.check(isinstance(p, int), f"no player is to move (to_move is {p!r})")
        dnup.act({"type": "flip", "player": p})


@when(parsers.parse("the action {action} is applied"))
def when_raw_action(dnup, action):
    dnup.act(json.loads(action), expect_error=True)


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
        dnup.error = None
    except RulecheckError as exc:
        dnup.error = exc


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


# ---------------------------------------------------------------------------- then


@then(parsers.parse("the action is rejected as {code}"))
def then_rejected(dnup, code):
    dnup.check(dnup.error is not None, "nothing was rejected")
    dnup.check(dnup.error.code == code, f"rejected as {dnup.error.code} ({dnup.error}), expected {code}")


@then(parsers.parse('the error message mentions "{text}"'))
def then_message(dnup, text):
    dnup.check(dnup.error is not None, "no error was raised")
    msg = str(dnup.error)
    dnup.check(text.lower() in msg.lower(), f"the error message {msg!r} does not mention {text!r}")


@then("the state is unchanged")
def then_unchanged(dnup):
    dnup.check(dnup.before is not None, "no action was tried")
    dnup.check(dumps(dnup.engine.to_json(dnup.state)) == dnup.before, "a rejected action changed the state")


@then(parsers.parse("the position is rejected as {code}"))
def then_position_rejected(dnup, code):
    dnup.check(dnup.error is not None, "the position was accepted")
    dnup.check(dnup.error.code == code, f"rejected as {dnup.error.code} ({dnup.error}), expected {code}")


@then("the position is accepted")
def then_position_accepted(dnup):
    dnup.check(dnup.error is None, f"the position was rejected: {dnup.error}")


@then(parsers.parse("player {p:d} now holds {cards}"))
def then_holds(dnup, p, cards):
    want = parse_cards(cards)
    got = dnup.hand(p)
    dnup.check(sorted(map(tuple, got)) == sorted(map(tuple, want)),
               f"player {p} holds {show(got)}, expected {show(want)}")


@then(parsers.parse("player {p:d} holds their original hand"))
def then_original(dnup, p):
    got, want = dnup.hand(p), dnup.original_hands[p]
    dnup.check(got == want, f"player {p} holds {show(got)}, expected the original {show(want)}")


@then(parsers.parse("player {p:d} holds no cards"))
def then_no_cards(dnup, p):
    dnup.check(dnup.hand(p) == [], f"player {p} still holds {show(dnup.hand(p))}")


@then(parsers.parse("player {p:d} now has the set {cards} on the table"))
def then_set(dnup, p, cards):
    want = parse_cards(cards)
    got = dnup.set_of(p)
    dnup.check(got == want, f"player {p}'s set is {show(got)}, expected {show(want)}")


@then(parsers.parse("player {p:d} now has the set {cards} in area {a:d}"))
def then_set_area(dnup, p, cards, a):
    want = parse_cards(cards)
    got = dnup.set_of(p, a)
    dnup.check(got == want, f"player {p}'s set in area {a} is {show(got)}, expected {show(want)}")


@then(parsers.parse("player {p:d} has no set on the table"))
def then_no_set(dnup, p):
    got = dnup.json()["sets"][p]
    dnup.check(not any(got), f"player {p} still has {[show(x) for x in got]} on the table")


@then(parsers.parse("player {p:d} has no set in area {a:d}"))
def then_no_set_area(dnup, p, a):
    got = dnup.set_of(p, a)
    dnup.check(got == [], f"player {p} still has {show(got)} in area {a}")


@then(parsers.parse("the discard pile contains {cards}"))
def then_discard(dnup, cards):
    pile = set(dnup.json()["discard"])
    missing = [c for c in ids_of(cards) if c not in pile]
    dnup.check(not missing, f"the discard pile lacks {missing}")


@then(parsers.parse("player {p:d} is to move next"))
def then_next(dnup, p):
    j = dnup.json()
    dnup.check(j["to_move"] == p, f"player {j['to_move']} is to move, expected player {p}")


@then(parsers.parse("player {p:d} is to move next in area {a:d}"))
def then_next_area(dnup, p, a):
    j = dnup.json()
    dnup.check((j["to_move"], j["area"]) == (p, a),
               f"player {j['to_move']} is to move in area {j['area']}, expected player {p} in area {a}")


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


@then(parsers.parse("round {r:d} is being dealt"))
def then_dealing(dnup, r):
    j = dnup.json()
    dnup.check(j["to_move"] == "chance" and j["round"] == r and j["chance"] is not None,
               f"expected the deal of round {r}, got to_move={j['to_move']!r} round={j['round']}")


@then(parsers.parse("player {p:d} wins the game"))
def then_wins_game(dnup, p):
    r = dnup.engine.result(dnup.state)
    dnup.check(r is not None and r.get("winner") == p, f"expected player {p} to win, result is {r}")


@then("the game ends unfinished")
def then_unfinished(dnup):
    r = dnup.engine.result(dnup.state)
    dnup.check(r is not None and r.get("winner") is None, f"expected an unfinished end, result is {r}")
    dnup.check(dnup.engine.legal_actions(dnup.state) == [] and dnup.engine.chance(dnup.state) is None,
               "a finished game still offers actions")


@then("the game is not over")
def then_not_over(dnup):
    r = dnup.engine.result(dnup.state)
    dnup.check(r is None, f"the game ended: {r}")


def _legal(dnup) -> list[dict]:
    return dnup.engine.legal_actions(dnup.load())


@then(parsers.parse("playing {cards} is legal"))
def then_play_legal(dnup, cards):
    want = sorted(ids_of(cards))
    dnup.check(any(a["type"] == "play" and a["cards"] == want for a in _legal(dnup)),
               f"playing {cards} is not among the legal actions")


@then(parsers.parse("playing {cards} is not legal"))
def then_play_not_legal(dnup, cards):
    want = sorted(ids_of(cards))
    dnup.check(not any(a["type"] == "play" and a["cards"] == want for a in _legal(dnup)),
               f"playing {cards} is listed as legal")


@then(parsers.parse("adding {card} to the set of player {q:d} is not legal"))
def then_add_not_legal(dnup, card, q):
    cid = parse_card(card)[0]
    dnup.check(not any(a["type"] == "add" and a["card"] == cid and a["owner"] == q for a in _legal(dnup)),
               f"adding {card} to player {q}'s set is listed as legal")


@then(parsers.parse("there are {n:d} legal ways to play a set"))
def then_count_plays(dnup, n):
    plays = [dumps(a) for a in _legal(dnup) if a["type"] == "play"]
    dnup.check(len(plays) == len(set(plays)), "a set is listed twice")
    dnup.check(len(plays) == n, f"{len(plays)} ways to play a set are listed, expected {n}: {plays}")


@then(parsers.parse("the legal action types are {types}"))
def then_types(dnup, types):
    got = sorted({a["type"] for a in _legal(dnup)})
    want = sorted(t.strip() for t in types.split(","))
    dnup.check(got == want, f"legal action types are {got}, expected {want}")


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


@then(parsers.parse("the observation of player {p:d} shows their own hand and only the sizes of the others"))
def then_observation(dnup, p):
    obs = dnup.engine.observation(dnup.load(), p)
    j = dnup.json()
    hands = obs.get("hands")
    dnup.check(isinstance(hands, list) and hands[p] == j["hands"][p], "the observer's own hand is not shown as it is")
    for q, h in enumerate(hands):
        if q != p:
            dnup.check(h is None, f"player {p} can see player {q}'s hand")
    dnup.check(obs.get("hand_sizes") == [len(h) for h in j["hands"]], "hand sizes are not shown")
    dnup.check(obs.get("sets") == j["sets"], "sets on the table must be visible")


@then(parsers.parse("the game is rejected as {code}"))
def then_game_rejected(dnup, code):
    dnup.check(dnup.error is not None, "the game was created")
    dnup.check(dnup.error.code == code, f"rejected as {dnup.error.code}, expected {code}")


@then(parsers.parse("player {p:d} may play a set without the start card"))
def then_without_start(dnup, p):
    start = next(c["id"] for c in deck_cards() if c["mark"] == "start")
    j = dnup.json()
    dnup.check(j["to_move"] == p, f"player {j['to_move']} is to move, expected {p}")
    dnup.check(any(start in [c[0] for c in j["hands"][p]] for _ in [0]), f"player {p} does not hold the start card")
    dnup.check(any(a["type"] == "play" and start not in a["cards"] for a in _legal(dnup)),
               "every legal set contains the start card")
