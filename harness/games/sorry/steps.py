"""Step definitions for features/sorry: reach the engine only through the protocol.

A scenario builds a position as canonical JSON (specs/sorry/state.schema.json), starting
from ``new_game`` of the engine under test and then placing pawns from a table
(colour, pawn, square; pawns not listed stay in START), setting the card in play, the
piles and the hands. Squares are written as in the canonical notation: ``12``,
``start``, ``home``, ``safety 3``; the geometry is specs/sorry/board.json.

Actions are written in a short notation, turned into canonical action JSON here::

    5: red 1 from 12 to 17
    3: red 1 from 21 to 24 and slides to 28     (a pawn that lands on a triangle and slides)
    7: red 1 from 12 to 16, red 2 from 20 to 23 (in the order made)
    11: swap red 1 from 12 with blue 2, to 40   (``to``: where red 1 rests, after any slide)
    sorry: red 1 from start onto blue 2, to 40
    forfeit 7

A failed check raises an AssertionError that names the scenario's clauses as ``[SRY-...]``,
so the verdict collector blames them.
"""

from __future__ import annotations

import copy
import re

import pytest
from pytest_bdd import given as step_given
from pytest_bdd import parsers, then, when

import specs
from engine.canonical import dumps
from engine.errors import RulecheckError
from harness.games.sorry.positions import CARD_ORDER, parse_cards, parse_square, sort_cards  # noqa: F401
from harness.verdicts.violations import ScenarioChecks, expect_code

PAWN = r"(red|blue|yellow|green) ([1-4])"
SQ = r"(\d+|start|home|safety [1-5])"
CARDS = r"(?:nothing|(?:\d+|[Ss]orry!?)(?:, (?:\d+|[Ss]orry!?))*)"


class SorryCtx(ScenarioChecks):
    def __init__(self, request, engine_factory):
        self.request = request
        self.factory = engine_factory
        self.engine = None
        self.json: dict | None = None  # the position being built (Given) or reached (When)
        self.state = None
        self.before: dict | None = None
        self.error: RulecheckError | None = None
        self.last_action: dict | None = None


    def eng(self):
        if self.engine is None:
            self.engine = self.factory("sorry")
        return self.engine

    def new(self, config: dict):
        e = self.eng()
        st = e.new_game(config)
        self.keep_setup(config, st)
        self.json = copy.deepcopy(e.to_json(st))
        self.state = None

    def pos(self) -> dict:
        """The position JSON to edit (Given steps) -- loaded lazily by ``load``."""
        if self.json is None:
            self.new({"players": 2})
        self.state = None
        return self.json

    def finish(self) -> dict:
        j = self.json
        if j["phase"] == "draw":
            j["to_move"] = "chance"
            j["chance"] = {"event": "draw", "draws": [{"pool": list(j["draw_pile"]), "take": {"draw": 1}}]}
        elif j["phase"] == "deal":
            j["to_move"] = "chance"
        elif j["phase"] == "play":
            j["to_move"] = j["turn"]
            j["chance"] = None
        return j

    def load(self):
        if self.state is None:
            try:
                self.state = self.eng().from_json(copy.deepcopy(self.finish()))
            except RulecheckError as exc:
                self.fail(f"the scenario's position does not load: {exc}")
        return self.state

    def now(self) -> dict:
        """The current canonical JSON; fails when the last action was rejected."""
        if self.error is not None:
            self.fail(f"the action was rejected: {self.error}")
        return self.eng().to_json(self.load())

    def player(self, colour: str) -> int:
        players = (self.json or self.now())["players"]
        if colour not in players:
            raise AssertionError(f"step error: {colour} is not in this game ({players})")
        return players.index(colour)

    def apply(self, action: dict):
        st = self.load()
        self.before = copy.deepcopy(self.eng().to_json(st))
        self.last_action = action
        try:
            nxt = self.eng().apply(st, action)
        except RulecheckError as exc:
            self.error = exc
            self.keep_transition(self.before, action, None, exc)
            return
        self.error = None
        self.state = nxt
        self.json = copy.deepcopy(self.eng().to_json(nxt))
        self.keep_transition(self.before, action, self.json)

    def legal(self) -> list[dict]:
        return self.eng().legal_actions(self.load())

    # the action notation
    def action(self, colour: str, text: str) -> dict:
        p = self.player(colour)
        text = text.strip()
        m = re.fullmatch(r"forfeit (\w+)!?", text)
        if m:
            return {"type": "forfeit", "player": p, "card": m.group(1).lower()}
        m = re.fullmatch(rf"11: swap {PAWN} from {SQ} with {PAWN}, to {SQ}", text)
        if m:
            return {"type": "swap", "player": p, "card": "11", "pawn": f"{m[1]} {m[2]}", "from": parse_square(m[3]),
                    "target": f"{m[4]} {m[5]}", "to": parse_square(m[6])}
        m = re.fullmatch(rf"sorry: {PAWN} from start onto {PAWN}, to {SQ}", text)
        if m:
            return {"type": "sorry", "player": p, "card": "sorry", "pawn": f"{m[1]} {m[2]}", "from": "start",
                    "target": f"{m[3]} {m[4]}", "to": parse_square(m[5])}
        m = re.fullmatch(r"(\w+): (.+)", text)
        if m:
            moves = []
            for part in m.group(2).split(","):
                mm = re.fullmatch(rf"{PAWN} from {SQ} to {SQ}(?: and slides to {SQ})?", part.strip())
                if not mm:
                    raise AssertionError(f"step error: cannot read the pawn move {part.strip()!r}")
                step = {"pawn": f"{mm[1]} {mm[2]}", "from": parse_square(mm[3]), "to": parse_square(mm[4])}
                if mm[5] is not None:
                    step.update(slide=step["to"], to=parse_square(mm[5]))
                moves.append(step)
            return {"type": "move", "player": p, "card": m.group(1).lower(), "moves": moves}
        raise AssertionError(f"step error: cannot read the action {text!r}")


@pytest.fixture
def sorry_ctx(request, rulecheck_engine):
    return SorryCtx(request, rulecheck_engine)


# ------------------------------------------------------------------------- Given


def _colours(text: str) -> list[str]:
    return [c.strip() for c in re.split(r",| and ", text) if c.strip()]


@step_given(parsers.re(r"a game of (?P<colours>[a-z, ]+)$"))
def given_game(sorry_ctx, colours):
    sorry_ctx.new({"colours": _colours(colours)})


@step_given(parsers.re(r"a quick-start game of (?P<colours>[a-z, ]+)$"))
def given_quick_game(sorry_ctx, colours):
    sorry_ctx.new({"colours": _colours(colours), "quick_start": True})


@step_given("a team game")
def given_team_game(sorry_ctx):
    sorry_ctx.new({"players": 4, "team": True})


@step_given(parsers.re(r"a points game of (?P<colours>[a-z, ]+)$"))
def given_points_game(sorry_ctx, colours):
    sorry_ctx.new({"colours": _colours(colours), "points": True})


@step_given("the pawns:")
def given_pawns(sorry_ctx, datatable):
    j = sorry_ctx.pos()
    for colour in j["pawns"]:
        j["pawns"][colour] = ["start"] * 4
    head, *rows = datatable
    for row in rows:
        r = dict(zip(head, row))
        colour, pawn = r["colour"].strip(), int(r["pawn"])
        if colour not in j["pawns"]:
            raise AssertionError(f"step error: {colour} is not in this game")
        j["pawns"][colour][pawn - 1] = parse_square(r["square"])


def _draw_card(j: dict, card: str):
    if card not in j["draw_pile"]:
        raise AssertionError(f"step error: no {card} left in the draw pile to draw")
    j["draw_pile"].remove(card)


@step_given(parsers.re(r"(?P<colour>[a-z]+) has drawn (?:a |an |the )?(?P<card>\w+)!?( card)?$"))
def given_drawn(sorry_ctx, colour, card):
    j = sorry_ctx.pos()
    card = card.lower()
    p = sorry_ctx.player(colour)
    if j["card"] is not None:
        j["draw_pile"] = sort_cards(j["draw_pile"] + [j["card"]])
    _draw_card(j, card)
    j.update(card=card, phase="play", turn=p, refill=None)


@step_given(parsers.re(r"it is (?P<colour>[a-z]+)'s turn to draw$"))
def given_to_draw(sorry_ctx, colour):
    j = sorry_ctx.pos()
    if j["card"] is not None:
        j["draw_pile"] = sort_cards(j["draw_pile"] + [j["card"]])
    j.update(card=None, phase="draw", turn=sorry_ctx.player(colour), refill=None)


@step_given(parsers.re(r"it is (?P<colour>[a-z]+)'s turn to play$"))
def given_to_play(sorry_ctx, colour):
    j = sorry_ctx.pos()
    j.update(phase="play", turn=sorry_ctx.player(colour), refill=None)


@step_given(parsers.re(rf"the draw pile holds only (?P<cards>{CARDS})$"))
def given_draw_pile(sorry_ctx, cards):
    """The named cards stay in the draw pile; every other card not in play or in a hand is discarded."""
    j = sorry_ctx.pos()
    want = parse_cards(cards)
    pool = j["draw_pile"] + j["discard_pile"]
    for c in want:
        if c not in pool:
            raise AssertionError(f"step error: no {c} is free to put in the draw pile")
        pool.remove(c)
    j["draw_pile"], j["discard_pile"] = want, sort_cards(pool)


@step_given(parsers.re(rf"(?P<colour>[a-z]+) holds (?P<cards>{CARDS})$"))
def given_hand(sorry_ctx, colour, cards):
    j = sorry_ctx.pos()
    if j["hands"] is None:
        raise AssertionError("step error: only points play has hands")
    if j["phase"] == "deal":
        _deal_default(j)
    j["draw_pile"] = sort_cards(j["draw_pile"] + j["hands"][colour])
    hand = parse_cards(cards)
    for c in hand:
        if c not in j["draw_pile"]:
            _free_from_other_hand(j, colour, c, hand)
        _draw_card(j, c)
    j["hands"][colour] = hand


def _free_from_other_hand(j: dict, colour: str, card: str, keep: list[str]):
    """Take ``card`` back from another colour's default hand, giving it a free card instead."""
    for other, h in j["hands"].items():
        if other != colour and card in h:
            spare = next((c for c in reversed(j["draw_pile"]) if c not in keep), None)
            if spare is None:
                break
            h.remove(card)
            j["draw_pile"].remove(spare)
            j["hands"][other] = sort_cards(h + [spare])
            j["draw_pile"] = sort_cards(j["draw_pile"] + [card])
            return
    raise AssertionError(f"step error: no {card} is free to give {colour}")


def _deal_default(j: dict):
    """Points play before the deal: give every colour the first five free cards, then play."""
    for colour in j["players"]:
        take = j["draw_pile"][:5]
        j["draw_pile"] = j["draw_pile"][5:]
        j["hands"][colour] = take
    j.update(phase="play", card=None, refill=None)


# -------------------------------------------------------------------------- When


@when(parsers.re(r'(?P<colour>[a-z]+) plays "(?P<text>[^"]+)"$'))
def when_plays(sorry_ctx, colour, text):
    sorry_ctx.apply(sorry_ctx.respelled(sorry_ctx.load(), sorry_ctx.action(colour, text)))


@when(parsers.re(r'the card drawn is (?:a |an |the )?(?P<card>\w+)!?( card)?$'))
def when_drawn(sorry_ctx, card):
    sorry_ctx.apply({"type": "chance", "event": "draw", "outcome": [{"draw": [card.lower()]}]})


@when(parsers.re(r"the draw's outcome is (?P<value>\[.*\])$"))
def when_draw_outcome(sorry_ctx, value):
    """A draw outcome written out as JSON, well-formed or not: ``the draw's outcome is [{"draw": ["3"]}]``."""
    import json

    sorry_ctx.apply({"type": "chance", "event": "draw", "outcome": json.loads(value)})


@when(parsers.re(r"the position is loaded with (?P<path>[a-z_/0-9]+) set to (?P<value>.+)$"))
def when_loaded_with(sorry_ctx, path, value):
    import json

    j = copy.deepcopy(sorry_ctx.finish())
    sorry_ctx.before = copy.deepcopy(j)
    node = j
    keys = path.split("/")
    for k in keys[:-1]:
        node = node[int(k)] if isinstance(node, list) else node[k]
    last = keys[-1]
    v = json.loads(value)
    if isinstance(node, list):
        node[int(last)] = v
    else:
        node[last] = v
    try:
        sorry_ctx.eng().from_json(j)
        sorry_ctx.error = None
    except RulecheckError as exc:
        sorry_ctx.error = exc


@when(parsers.re(r"a game is started with the config (?P<value>\{.*\})$"))
def when_new_with(sorry_ctx, value):
    import json

    try:
        st = sorry_ctx.eng().new_game(json.loads(value))
        sorry_ctx.error = None
    except RulecheckError as exc:
        sorry_ctx.error = exc
        return
    sorry_ctx.state = st
    sorry_ctx.json = copy.deepcopy(sorry_ctx.eng().to_json(st))


@when(parsers.re(r"the deal gives (?P<text>.+)$"))
def when_deal(sorry_ctx, text):
    """``the deal gives red 1, 2, 3, 4, 5 and blue 7, 8, 10, 11, 12``"""
    outcome = {}
    for part in re.split(r" and (?=[a-z]+ )", text):
        colour, _, cards = part.strip().partition(" ")
        outcome[colour] = parse_cards(cards)
    sorry_ctx.apply({"type": "chance", "event": "deal", "outcome": [outcome]})


@when(parsers.re(r"(?P<colour>[a-z]+) makes the only legal move$"))
def when_only_move(sorry_ctx, colour):
    legal = sorry_ctx.legal()
    sorry_ctx.check(len(legal) == 1, f"expected exactly one legal action, got {len(legal)}: {[dumps(a) for a in legal][:6]}")
    sorry_ctx.check(legal[0]["player"] == sorry_ctx.player(colour), f"the legal action is not {colour}'s: {dumps(legal[0])}")
    sorry_ctx.apply(legal[0])


# -------------------------------------------------------------------------- Then


def _find(ctx, colour, pawn) -> object:
    return ctx.now()["pawns"][colour][pawn - 1]


@then(parsers.re(rf"(?P<colour>red|blue|yellow|green) pawn (?P<pawn>[1-4]) is (?:on |in |at )?(?P<square>{SQ})$"))
def then_pawn_on(sorry_ctx, colour, pawn, square):
    got = _find(sorry_ctx, colour, int(pawn))
    want = parse_square(square)
    sorry_ctx.check(got == want, f"{colour} pawn {pawn} should be on {want!r} but is on {got!r}")


@then("the pawns are:")
def then_pawns(sorry_ctx, datatable):
    j = sorry_ctx.now()
    want = {c: ["start"] * 4 for c in j["pawns"]}
    head, *rows = datatable
    for row in rows:
        r = dict(zip(head, row))
        want[r["colour"].strip()][int(r["pawn"]) - 1] = parse_square(r["square"])
    sorry_ctx.check(j["pawns"] == want, f"pawns should be {want} but are {j['pawns']}")


@then(parsers.re(r'(?P<colour>[a-z]+) may play "(?P<text>[^"]+)"$'))
def then_may(sorry_ctx, colour, text):
    a = sorry_ctx.respelled(sorry_ctx.load(), sorry_ctx.action(colour, text))
    legal = [dumps(x) for x in sorry_ctx.legal()]
    if dumps(a) not in legal:
        sorry_ctx.blame_action(sorry_ctx.load(), a, listed=False)
    sorry_ctx.check(dumps(a) in legal, f"{text!r} should be legal; legal actions: {legal[:12]}")


@then(parsers.re(r'(?P<colour>[a-z]+) may not play "(?P<text>[^"]+)"$'))
def then_may_not(sorry_ctx, colour, text):
    a = sorry_ctx.respelled(sorry_ctx.load(), sorry_ctx.action(colour, text))
    legal = [dumps(x) for x in sorry_ctx.legal()]
    if dumps(a) in legal:
        sorry_ctx.blame_action(sorry_ctx.load(), a, listed=True)
    sorry_ctx.check(dumps(a) not in legal, f"{text!r} should not be legal")


@then(parsers.re(r'the only legal action is "(?P<text>[^"]+)"$'))
def then_only(sorry_ctx, text):
    legal = sorry_ctx.legal()
    colour = sorry_ctx.now()["players"][sorry_ctx.now()["turn"]]
    a = sorry_ctx.action(colour, text)
    extra = [x for x in legal if dumps(x) != dumps(a)]
    if extra or not legal:
        sorry_ctx.blame_action(sorry_ctx.load(), extra[0] if extra else a, listed=bool(extra))
    sorry_ctx.check([dumps(x) for x in legal] == [dumps(a)], f"the only legal action should be {dumps(a)}; got {[dumps(x) for x in legal][:12]}")


@then(parsers.re(r"there (?:is|are) (?P<n>\d+) legal actions?$"))
def then_count(sorry_ctx, n):
    legal = sorry_ctx.legal()
    if len(legal) != int(n):
        sorry_ctx.blame_legal_difference(sorry_ctx.load())
    sorry_ctx.check(len(legal) == int(n), f"expected {n} legal actions, got {len(legal)}: {[dumps(x) for x in legal][:12]}")


@then(parsers.re(r"no legal action moves (?P<colour>[a-z]+) pawn (?P<pawn>[1-4])$"))
def then_no_action_moves(sorry_ctx, colour, pawn):
    name = f"{colour} {pawn}"
    bad = [a for a in sorry_ctx.legal() if a.get("pawn") == name or any(m["pawn"] == name for m in a.get("moves", []))]
    if bad:
        sorry_ctx.blame_action(sorry_ctx.load(), bad[0], listed=True)
    sorry_ctx.check(not bad, f"{name} should not be movable, but these are legal: {[dumps(a) for a in bad][:6]}")


@then(parsers.re(r"no legal action is a (?P<kind>move|swap|sorry|forfeit)$"))
def then_no_kind(sorry_ctx, kind):
    bad = [a for a in sorry_ctx.legal() if a["type"] == kind]
    if bad:
        sorry_ctx.blame_action(sorry_ctx.load(), bad[0], listed=True)
    sorry_ctx.check(not bad, f"no {kind} should be legal, but: {[dumps(a) for a in bad][:6]}")


@then(parsers.re(r"it is (?P<colour>[a-z]+)'s turn to draw$"))
def then_turn_draw(sorry_ctx, colour):
    j = sorry_ctx.now()
    sorry_ctx.check(j["phase"] == "draw" and j["to_move"] == "chance", f"a draw should be pending; phase is {j['phase']}")
    who = j["refill"] if j["refill"] is not None else j["turn"]
    sorry_ctx.check(j["players"][who] == colour, f"{colour} should draw, but {j['players'][who]} does")


@then(parsers.re(r"it is (?P<colour>[a-z]+)'s turn to play$"))
def then_turn_play(sorry_ctx, colour):
    j = sorry_ctx.now()
    sorry_ctx.check(j["phase"] == "play" and j["players"][j["to_move"]] == colour,
                    f"{colour} should be to play; phase {j['phase']}, to_move {j['to_move']}")


@then(parsers.re(r"after the draw it is (?P<colour>[a-z]+)'s turn$"))
def then_turn_after_refill(sorry_ctx, colour):
    j = sorry_ctx.now()
    sorry_ctx.check(j["players"][j["turn"]] == colour, f"{colour} should play next, but turn is {j['players'][j['turn']]}")


@then(parsers.re(r"(?P<colours>[a-z ]+?) (?:has|have) won$"))
def then_won(sorry_ctx, colours):
    j = sorry_ctx.now()
    want = _colours(colours)
    sorry_ctx.check(j["result"] is not None and sorted(j["result"]["winners"]) == sorted(want),
                    f"{want} should have won; result is {j['result']}")
    sorry_ctx.check(j["to_move"] is None and not sorry_ctx.legal(), "a finished game has no legal actions")
    _check_result_call(sorry_ctx, j)


@then("the game is not over")
def then_not_over(sorry_ctx):
    j = sorry_ctx.now()
    sorry_ctx.check(j["result"] is None, f"the game should go on; result is {j['result']}")
    _check_result_call(sorry_ctx, j)


def _check_result_call(ctx, j: dict):
    """``result()`` and ``is_terminal()`` say what the state's ``result`` says (SRY-WIN: the game
    ends at once, and only then)."""
    eng, st = ctx.eng(), ctx.load()
    ctx.blame_result(st)  # a result() unlike the state's is blamed on what decides the result there
    got = eng.result(st)
    ctx.check(dumps(got) == dumps(j["result"]), f"result() is {got} but the state's result is {j['result']}")
    ctx.check(eng.is_terminal(st) == (j["result"] is not None),
              f"is_terminal() is {eng.is_terminal(st)} while the state's result is {j['result']}")


@then(parsers.re(r"the state's (?P<path>[a-z_]+(?:/[a-z_0-9 ]+)*) is (?P<value>.+)$"))
def then_state_field(sorry_ctx, path, value):
    """A field of the canonical state (specs/sorry/state.schema.json), as JSON: ``the state's turn is 0``."""
    import json

    node = sorry_ctx.now()
    for k in path.split("/"):
        node = node[int(k)] if isinstance(node, list) else node[k]
    want = json.loads(value)
    sorry_ctx.check(dumps(node) == dumps(want), f"the state's {path} should be {dumps(want)}, is {dumps(node)}")


@then(parsers.re(r"the (?P<pile>draw|discard) pile holds (?P<n>\d+) cards?$"))
def then_pile_count(sorry_ctx, pile, n):
    j = sorry_ctx.now()
    got = len(j[f"{pile}_pile"])
    sorry_ctx.check(got == int(n), f"the {pile} pile should hold {n} cards, holds {got}")


@then(parsers.re(rf"the (?P<pile>draw|discard) pile holds exactly (?P<cards>{CARDS})$"))
def then_pile_cards(sorry_ctx, pile, cards):
    j = sorry_ctx.now()
    want = parse_cards(cards)
    sorry_ctx.check(j[f"{pile}_pile"] == want, f"the {pile} pile should be {want}, is {j[f'{pile}_pile']}")


@then(parsers.re(rf"(?P<colour>[a-z]+)'s hand is (?P<cards>{CARDS})$"))
def then_hand(sorry_ctx, colour, cards):
    j = sorry_ctx.now()
    want = parse_cards(cards)
    sorry_ctx.check(j["hands"][colour] == want, f"{colour}'s hand should be {want}, is {j['hands'][colour]}")


@then(parsers.re(r"(?P<colour>[a-z]+) scores (?P<n>\d+) points?$"))
def then_score(sorry_ctx, colour, n):
    j = sorry_ctx.now()
    scores = (j["result"] or {}).get("scores")
    sorry_ctx.check(scores is not None and scores.get(colour) == int(n), f"{colour} should score {n}; scores: {scores}")


@then(parsers.re(r"the (?:action|outcome|position|config) is rejected as (?P<code>[a-z-]+)(?: naming \"(?P<text>[^\"]+)\")?$"))
def then_rejected(sorry_ctx, code, text):
    err = sorry_ctx.error
    sorry_ctx.check(err is not None, f"expected a {code} error, but it was accepted")
    expect_code(err, code)
    if text:
        sorry_ctx.check(text.lower() in err.message.lower(), f"the message should mention {text!r}: {err.message}")


@then("the state is unchanged")
def then_unchanged(sorry_ctx):
    got = sorry_ctx.eng().to_json(sorry_ctx.load())
    sorry_ctx.check(dumps(got) == dumps(sorry_ctx.before), "a rejected action changed the state")


@then(parsers.re(r"the pending deal gives each player (?P<n>\d+) cards$"))
def then_deal_size(sorry_ctx, n):
    asked = sorry_ctx.eng().chance(sorry_ctx.load())  # asked of the loaded state first, then its JSON
    ch = sorry_ctx.now()["chance"]
    sorry_ctx.check(dumps(asked) == dumps(ch), f"chance() is {asked} but the state's chance is {ch}")
    sorry_ctx.check(ch is not None and ch["event"] == "deal", f"a deal should be pending, chance is {ch}")
    take = ch["draws"][0]["take"]
    sorry_ctx.check(set(take.values()) == {int(n)}, f"each player should get {n} cards: {take}")


@then(parsers.re(r"(?P<colour>[a-z]+)'s hand is hidden from (?P<other>[a-z]+)$"))
def then_hidden(sorry_ctx, colour, other):
    obs = sorry_ctx.eng().observation(sorry_ctx.load(), sorry_ctx.player(other))
    shown = obs.get("hands", {}).get(colour)
    sorry_ctx.check(not isinstance(shown, list), f"{other} should not see {colour}'s cards, sees {shown}")
    sorry_ctx.check(not isinstance(obs.get("draw_pile"), list), "the draw pile's contents would reveal the hands")
