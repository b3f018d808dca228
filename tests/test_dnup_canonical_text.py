"""A Dnup state's canonical text written directly (``json_text.text``, ``DnupEngine.canonical_text``)
is byte for byte ``engine.canonical.dumps(to_json(state))``: over random playouts of the reference
(both readings of DNP-B-CONFLICT, every player count, games that end), of user decks (a remainder
in the deal, ids that need care in a template, a deck too big for one byte a card), and of the
misreadings, whose own engines are not given the fast path; and a served session answers the
same lines with it as without it."""

from __future__ import annotations

import json
import random

import pytest

from engine import chance as chance_mod
from engine.canonical import dumps
from engine.dnup import DnupEngine, codec, json_text
from engine.dnup.cards import default_deck
from engine.dnup.misreadings import misreadings
from harness.serve import Server, reference_factory


def _states(eng, config: dict, seed: int, plies: int = 400, stop_on_error: bool = False):
    """The states of one random playout of ``eng`` from ``config`` (``stop_on_error``: it ends where
    the engine refuses or fails on its own move, as a misreading may)."""
    rng = random.Random(seed)
    s = eng.new_game(config)
    yield s
    for _ in range(plies):
        try:
            legal = eng.legal_actions(s)
            if legal:
                s = eng.apply(s, legal[rng.randrange(len(legal))])
            else:
                ch = eng.chance(s)
                if ch is None:
                    return
                s = eng.apply(s, chance_mod.sample(ch, rng))
        except Exception:  # noqa: BLE001
            if stop_on_error:
                return
            raise
        yield s


def _expected(eng, s) -> bytes:
    return dumps(eng.to_json(s), no_nan=True).encode("utf-8")


@pytest.mark.parametrize("reading", ["illegal", "consequence"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_reference_writes_every_state_of_a_playout_as_dumps_of_to_json(players, reading):
    eng = DnupEngine({"dnup.add-conflict": reading})
    seen = 0
    for seed in range(4):
        config = {"players": players, "turn_cap": random.Random(seed).choice([None, 25, 200])}
        for s in _states(eng, config, seed):
            assert eng.canonical_text(s) == _expected(eng, s)
            seen += 1
    assert seen > 400


def _deck(ids: list[str]) -> list[dict]:
    """A user deck with these ids: values cycling over 1..10, the first card the starred one."""
    return [{"id": cid, "values": [1 + k % 10, 1 + (k * 7 + 3) % 10], "mark": "start" if k == 0 else None}
            for k, cid in enumerate(ids)]


def _remainder_deck() -> list:
    cards = default_deck().to_json()
    drop = next(k for k, c in enumerate(cards) if c["mark"] is None)
    return cards[:drop] + cards[drop + 1:]


@pytest.mark.parametrize("deck", [
    _remainder_deck(),
    _deck([f"%d{k:02d}\u00e9\\\"" for k in range(41)]),  # '%', a non-ASCII letter, characters JSON escapes
])
def test_a_user_deck_is_written_as_dumps_of_to_json(deck):
    eng = DnupEngine()
    for players in (2, 3, 5):
        for s in _states(eng, {"players": players, "turn_cap": 60, "deck": deck}, players):
            assert eng.canonical_text(s) == _expected(eng, s)


def test_a_deck_of_more_than_128_cards_is_left_to_to_json():
    eng = DnupEngine()
    states = list(_states(eng, {"players": 3, "turn_cap": 5, "deck": _deck([f"c{k:03d}" for k in range(130)])}, 1))
    assert len(states) > 2
    assert all(json_text.text(s) is None and eng.canonical_text(s) is None for s in states)


def test_a_state_with_numbers_that_are_not_plain_ints_is_written_by_orjson():
    eng = DnupEngine()
    s = list(_states(eng, {"players": 3, "turn_cap": 100}, 2, plies=10))[-1]
    assert s.to_move >= 0
    odd = s.replace(turn=True)  # True == 1, but json writes it as true
    assert eng.canonical_text(odd) == _expected(eng, odd)
    assert b'"turn":true' in eng.canonical_text(odd)


def test_misreadings_get_no_fast_path_and_the_text_of_their_states_is_still_exact():
    checked = texts = 0
    for m in misreadings():
        eng = m.build(None)
        assert type(eng) is not DnupEngine
        config = {"players": 2 + checked % 4, "turn_cap": 80}
        for k, s in enumerate(_states(eng, config, checked, plies=80, stop_on_error=True)):
            if k == 0:
                assert eng.canonical_text(s) is None
            got = json_text.text(s)  # what the reference's codec writes (a misreading may write otherwise)
            assert got is None or got == dumps(codec.to_json(s), no_nan=True).encode(), m.id
            texts += got is not None
        checked += 1
    assert checked > 20 and texts > 20 * checked


def _session(srv: Server, seed: int, plies: int = 120) -> list[bytes]:
    """Answer lines of a served session: games by ref, legal actions kept with each state."""
    rng = random.Random(seed)
    out = []
    resp = json.loads(srv.answer_line(json.dumps({"id": 0, "op": "batch", "requests": [
        {"op": "new", "game": "dnup", "config": {"players": p, "turn_cap": 300}, "keep": True} for p in (2, 3, 4, 5)]})))
    games = [(r["ref"], r["state"]["chance"], []) for r in resp["responses"]]
    for ply in range(plies):
        reqs = []
        for ref, chance, actions in games:
            action = actions[rng.randrange(len(actions))] if actions else chance_mod.sample(chance, rng)
            reqs.append({"op": "apply", "state_ref": ref, "action": action, "legal": True, "keep": True})
        line = srv.answer_line(json.dumps({"id": ply + 1, "op": "batch", "requests": reqs}))
        out.append(line)
        games = [(r["ref"], r["state"]["chance"], r["actions"]) for r in json.loads(line)["responses"]
                 if r["state"]["result"] is None]
        if not games:
            break
    return out


def test_a_served_session_answers_the_same_lines_with_and_without_the_text(monkeypatch):
    fast = _session(Server(reference_factory("dnup")), 7)
    monkeypatch.setattr(DnupEngine, "canonical_text", lambda self, state: None)
    assert _session(Server(reference_factory("dnup")), 7) == fast
