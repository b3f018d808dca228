"""harness.serve.StateMemo: the server reuses the internal form of states it answered with,
and never answers a state it did not produce from the memo.

A harness sends back the states it was just given, so the memo spares ``from_json`` on
them; a state that differs in anything (one value, a float where an integer was, a key
more) is loaded by ``from_json`` and judged as before.
"""

from __future__ import annotations

import copy
import json
import random

import pytest

from engine import chance as chance_mod
from harness.engines import random_config
from harness.serve import Server, reference_factory


def _play(srv: Server, game: str, plies: int = 12) -> list[dict]:
    rng = random.Random(4)
    s = srv.handle({"id": 0, "op": "new", "game": game, "config": random_config(game, rng)})["state"]
    out = [s]
    for _ in range(plies):
        if s["result"] is not None:
            break
        if s["chance"] is not None:
            action = chance_mod.sample(s["chance"], rng)
        else:
            action = srv.handle({"id": 1, "op": "legal", "state": s})["actions"][0]
        s = srv.handle({"id": 2, "op": "apply", "state": s, "action": action})["state"]
        out.append(s)
    return out


def _line(srv: Server, req: dict) -> dict:
    return json.loads(srv.handle_line(json.dumps(req).encode()))


@pytest.mark.parametrize("game", ["opsnorren", "sorry", "dnup"])
def test_states_the_server_answered_with_are_reused(game):
    srv = Server(reference_factory(game))
    states = _play(srv, game)
    assert len(srv.memo.states) == len(states)
    calls = []
    eng = srv.engine
    real = type(eng).from_json
    eng.from_json = lambda obj: calls.append(obj) or real(eng, obj)
    for s in states:
        want = srv.handle({"id": 3, "op": "load", "state": s})["state"]
        assert _line(srv, {"id": 3, "op": "load", "state": s})["state"] == want == s
    assert len(calls) == len(states)  # handle() (dicts, no line) loads; handle_line() reuses
    for s in states:  # legal actions of a reused state are the engine's own
        assert _line(srv, {"id": 4, "op": "legal", "state": s}) == srv.handle({"id": 4, "op": "legal", "state": s})


@pytest.mark.parametrize("game", ["opsnorren", "sorry", "dnup"])
def test_a_state_it_did_not_produce_is_judged_by_from_json(game):
    srv = Server(reference_factory(game))
    s = _play(srv, game)[-1]
    rng = random.Random(9)
    keys = [k for k in s if k not in ("game",)]
    for _ in range(12):
        bad = copy.deepcopy(s)
        k = rng.choice(keys)
        bad[k] = rng.choice([None, -1, "x", [], {"a": 1}])
        if bad[k] == s[k]:
            continue
        got = _line(srv, {"id": 5, "op": "load", "state": bad})
        assert got == json.loads(json.dumps(srv.handle({"id": 5, "op": "load", "state": bad}))), (k, got)
        assert "error" in got, (k, got)
    extra = {**s, "extra": 1}
    assert _line(srv, {"id": 6, "op": "load", "state": extra})["error"]["code"] == "malformed"
    ints = [k for k, v in s.items() if type(v) is int and k != "to_move"]
    if ints:  # the same state with a float where an integer is: a line with floats is never memo'd
        floaty = {**s, ints[0]: float(s[ints[0]])}
        got = _line(srv, {"id": 7, "op": "load", "state": floaty})
        assert got["error"]["code"] == "malformed", got


def test_the_memo_is_emptied_when_hello_changes_the_engine():
    srv = Server(reference_factory("sorry"))
    states = _play(srv, "sorry", 4)
    assert srv.memo.states
    first = srv.engine
    got = srv.handle({"id": 1, "op": "hello", "choices": {"sorry.ten-card": "forward-one"}})
    assert "error" not in got and srv.engine is not first
    _line(srv, {"id": 2, "op": "load", "state": states[-1]})
    assert srv.memo.engine is srv.engine and srv.memo.states == {}


def test_the_memo_is_bounded():
    srv = Server(reference_factory("dnup"))
    srv.memo.size = 5
    _play(srv, "dnup", 20)
    assert len(srv.memo.states) == 5


@pytest.mark.parametrize("rid", [7, 2**70, "\ud800"])
def test_an_answer_line_carries_the_state_as_handle_gives_it(rid):
    """The answer line embeds a remembered state's canonical bytes; an id orjson cannot write
    (past 64 bits, a lone surrogate) sends the line through json, which reads them back."""
    srv = Server(reference_factory("dnup"))
    s = _play(srv, "dnup", 3)[-1]
    action = srv.handle({"id": 1, "op": "legal", "state": s})["actions"][0]
    want = srv.handle({"id": 2, "op": "apply", "state": s, "action": action, "legal": True})
    line = srv.handle_line(json.dumps({"id": rid, "op": "apply", "state": s, "action": action, "legal": True}))
    got = json.loads(line)
    assert got["state"] == want["state"] and got["actions"] == want["actions"]
    assert got["id"] == rid
    assert line == json.dumps(got, sort_keys=True, separators=(",", ":"), ensure_ascii=isinstance(rid, str))  # the canonical text


def test_a_state_sent_back_in_either_key_order_is_reused():
    srv = Server(reference_factory("sorry"))
    s = _play(srv, "sorry", 6)[-1]
    as_answered = json.loads(json.dumps(s, sort_keys=True))  # the order of the answer line
    reordered = dict(reversed(list(s.items())))
    eng = srv.engine
    calls = []
    real = type(eng).from_json
    eng.from_json = lambda obj: calls.append(obj) or real(eng, obj)
    for st in (as_answered, reordered):
        assert _line(srv, {"id": 3, "op": "load", "state": st})["state"] == s
    assert calls == []


@pytest.mark.parametrize("game", ["opsnorren", "sorry", "dnup"])
def test_a_listed_action_sent_back_reaches_the_engine_as_the_object_listed(game):
    """``StateMemo.listed_twin``: an action read from the line that is one the server listed for a
    state it answered with is handed to ``apply`` as the listed object; an action that only compares
    equal (``True`` for ``1``) or was never listed is handed over as read, and judged as before."""
    srv = Server(reference_factory(game))
    rng = random.Random(9)
    s = _line(srv, {"id": 0, "op": "new", "game": game, "config": random_config(game, rng)})["state"]
    handed = []
    eng = srv.engine
    real = type(eng).apply
    eng.apply = lambda state, action: handed.append(action) or real(eng, state, action)
    checked = 0
    for _ in range(60):
        if s["result"] is not None:
            break
        if s["chance"] is not None:
            s = _line(srv, {"id": 1, "op": "apply", "state": s, "action": chance_mod.sample(s["chance"], rng)})["state"]
            continue
        wire = _line(srv, {"id": 2, "op": "legal", "state": s})["actions"]
        listed = srv.memo.actions[next(reversed(srv.memo.actions))][1]
        assert wire == listed
        action = wire[rng.randrange(len(wire))]
        if any(type(v) is int and v == 1 for v in action.values()):
            truthy = {k: (True if type(v) is int and v == 1 else v) for k, v in action.items()}
            got = _line(srv, {"id": 3, "op": "apply", "state": s, "action": truthy})
            assert all(handed[-1] is not a for a in listed)
            assert "error" in got
            checked += 1
        handed.clear()
        after = _line(srv, {"id": 4, "op": "apply", "state": s, "action": action})
        assert any(handed[-1] is a for a in listed)
        assert after == srv.handle({"id": 4, "op": "apply", "state": s, "action": dict(action)})
        s = after["state"]
    assert checked
