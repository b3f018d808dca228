"""Player actions in the Dnup features (play, add, take, flip), how a rejected action is checked, and which actions are legal."""

from __future__ import annotations

import json

from pytest_bdd import parsers, then, when

from engine.canonical import dumps
from engine.dnup.notation import canonical_action
from harness.games.dnup.positions import deck_cards, parse_card
from harness.games.dnup.steps.context import ids_of
from harness.verdicts.violations import expect_code


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


@then(parsers.parse("the action is rejected as {code}"))
def then_rejected(dnup, code):
    dnup.check(dnup.error is not None, "nothing was rejected")
    expect_code(dnup.error, code)


@then(parsers.parse('the error message mentions "{text}"'))
def then_message(dnup, text):
    dnup.check(dnup.error is not None, "no error was raised")
    msg = str(dnup.error)
    dnup.check(text.lower() in msg.lower(), f"the error message {msg!r} does not mention {text!r}")


@then("the state is unchanged")
def then_unchanged(dnup):
    dnup.check(dnup.before is not None, "no action was tried")
    dnup.check(dumps(dnup.engine.to_json(dnup.state)) == dnup.before, "a rejected action changed the state")


def _legal(dnup) -> list[dict]:
    return dnup.engine.legal_actions(dnup.load())


def _check_listed(dnup, action: dict, listed: bool, message: str) -> None:
    """Fail with ``message`` unless ``action`` is ``listed`` or not; the failure is blamed on
    what the candidate does with that action (``Ctx.transition``), through provenance."""
    want = dumps(canonical_action(action))  # the engine may list a set's cards in its own order (N1)
    if any(dumps(canonical_action(a)) == want for a in _legal(dnup)) == listed:
        return
    dnup.blame_action(dnup.load(), action, listed=not listed)
    dnup.fail(message)


def _player(dnup) -> int:
    p = dnup.json()["to_move"]
    return p if isinstance(p, int) else 0


@then(parsers.parse("playing {cards} is legal"))
def then_play_legal(dnup, cards):
    action = {"type": "play", "player": _player(dnup), "cards": sorted(ids_of(cards))}
    _check_listed(dnup, action, True, f"playing {cards} is not among the legal actions")


@then(parsers.parse("playing {cards} is not legal"))
def then_play_not_legal(dnup, cards):
    action = {"type": "play", "player": _player(dnup), "cards": sorted(ids_of(cards))}
    _check_listed(dnup, action, False, f"playing {cards} is listed as legal")


@then(parsers.parse("adding {card} to the set of player {q:d} in area {a:d} is legal"))
def then_add_legal(dnup, card, q, a):
    action = {"type": "add", "player": _player(dnup), "card": parse_card(card)[0], "owner": q, "area": a}
    _check_listed(dnup, action, True, f"adding {card} to player {q}'s set in area {a} is not among the legal actions")


@then(parsers.parse("adding {card} to the set of player {q:d} is not legal"))
def then_add_not_legal(dnup, card, q):
    cid = parse_card(card)[0]
    for a in _legal(dnup):
        if a["type"] == "add" and a["card"] == cid and a["owner"] == q:
            _check_listed(dnup, a, False, f"adding {card} to player {q}'s set is listed as legal")


@then(parsers.parse("there are {n:d} legal ways to play a set"))
def then_count_plays(dnup, n):
    plays = [dumps(a) for a in _legal(dnup) if a["type"] == "play"]
    dnup.check(len(plays) == len(set(plays)), "a set is listed twice")
    dnup.check(len(plays) == n, f"{len(plays)} ways to play a set are listed, expected {n}: {plays}")


@then(parsers.parse("the legal action types are {types}"))
def then_types(dnup, types):
    got = sorted({a["type"] for a in _legal(dnup)})
    want = sorted(t.strip() for t in types.split(","))
    if got != want:
        dnup.blame_legal_difference(dnup.load())
    dnup.check(got == want, f"legal action types are {got}, expected {want}")


@then(parsers.parse("player {p:d} may play a set without the start card"))
def then_without_start(dnup, p):
    start = next(c["id"] for c in deck_cards() if c["mark"] == "start")
    j = dnup.json()
    dnup.check(j["to_move"] == p, f"player {j['to_move']} is to move, expected {p}")
    dnup.check(any(start in [c[0] for c in j["hands"][p]] for _ in [0]), f"player {p} does not hold the start card")
    dnup.check(any(a["type"] == "play" and start not in a["cards"] for a in _legal(dnup)),
               "every legal set contains the start card")
