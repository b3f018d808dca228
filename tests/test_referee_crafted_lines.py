"""The referee's verdict on crafted answer lines (docs/protocol.md, Transport: strict JSON; Canonical
states): a duplicate key, NaN and the infinities, an integer past 64 bits, a lone surrogate, a
float where an integer belongs, and strings that look like any of these ('":', '\\"', digits, an
exponent, the word NaN), in a batch answer (the one schema check of the whole line and the fast
path of a float-free line) and in a single answer.

A canned candidate answers each request with the next line of a file (its ``@ID@`` replaced by the
request's id), so every verdict is rulecheck's alone. Each case names its verdict: ``ok`` or the
fault's class and a phrase of its message.
"""

from __future__ import annotations

import itertools
import json
import sys
import textwrap

import orjson
import pytest

from engine import chance as chance_mod
from engine.canonical import loads_checked
from harness.driver import breaker
from harness.driver.breaker import reset_breakers
from harness.driver.referee import answer_checks, state_problems
from harness.driver.subprocess_engine import SubprocessEngine
from harness.engines import reference_engine

CANNED = textwrap.dedent('''
    import json, sys
    answers = open(sys.argv[1], encoding="utf-8").read().split("\\n")
    for i, req in enumerate(sys.stdin):
        rid = json.dumps(json.loads(req)["id"])
        if i == 0:
            print(json.dumps({"id": json.loads(rid), "protocol": 1, "name": "canned", "version": "1",
                              "games": ["dnup"], "choices": {}}), flush=True)
        else:
            sys.stdout.write(answers[i - 1].replace("@ID@", rid) + "\\n")
            sys.stdout.flush()
''')


def _states() -> tuple[dict, dict]:
    """A Dnup state at a chance node and one with a player to move (reference engine)."""
    import random

    eng = reference_engine("dnup")
    s = eng.new_game({"players": 2})
    dealt = eng.apply(s, chance_mod.sample(eng.to_json(s)["chance"], random.Random(3)))
    return eng.to_json(s), eng.to_json(dealt)


CHANCE_STATE, PLAYING = _states()


def _text(obj) -> str:
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False)


def _batch(*subs: str) -> str:
    return '{"id":@ID@,"responses":[' + ",".join(subs) + "]}"


def _state_sub(state_text: str, extra: str = "") -> str:
    return '{"state":' + state_text + extra + "}"


def _edit(state: dict, field: str, raw: str) -> str:
    """The state's text with ``field``'s value written as ``raw`` (any JSON text, strict or not)."""
    text = _text({**state, field: "@@"})
    return text.replace('"@@"', raw, 1)


GOOD = _text(PLAYING)
ACTIONS = _text(reference_engine("dnup").legal_actions(reference_engine("dnup").from_json(PLAYING)))

#: (name, answer line to a batch of one apply, verdict: "ok" or (fault class name, phrase))
BATCH_CASES = [
    ("clean", _batch(_state_sub(GOOD)), "ok"),
    ("clean with legal actions", _batch('{"state":' + GOOD + ',"actions":' + ACTIONS + "}"), "ok"),
    ("clean at a chance node", _batch(_state_sub(_text(CHANCE_STATE))), "ok"),
    ("duplicate key in a state", _batch(_state_sub(GOOD[:-1] + ',"round":1}')), ("ProtocolError", "'round' twice")),
    ("duplicate key at the top", '{"id":@ID@,"id":@ID@,"responses":[' + _state_sub(GOOD) + "]}",
     ("ProtocolError", "'id' twice")),
    ("duplicate key, a float elsewhere", _batch(_state_sub(GOOD, ',"x":1.5,"x":2')), ("ProtocolError", "'x' twice")),
    ("duplicate key with spaces", _batch(_state_sub(GOOD, ', "x" : 1, "x" : 2')), ("ProtocolError", "'x' twice")),
    ("duplicate escaped key", _batch(_state_sub(GOOD, r',"a\"b":1,"a\"b":2')), ("ProtocolError", "twice")),
    ("keys that differ by an escape", _batch(_state_sub(GOOD, r',"a\"b":1,"a\\b":2')), "ok"),
    ("a float", _batch(_state_sub(_edit(PLAYING, "round", "1.0"))), "ok"),
    ("a float to_move", _batch(_state_sub(_edit(PLAYING, "to_move", "0.0"))),
     ("SchemaViolation", "to_move: 0.0 is not a player index")),
    ("an exponent", _batch(_state_sub(_edit(PLAYING, "round", "1e0"))), "ok"),
    ("an exponent to_move", _batch(_state_sub(_edit(PLAYING, "to_move", "0E0"))),
     ("SchemaViolation", "is not a player index")),
    ("NaN", _batch(_state_sub(_edit(PLAYING, "round", "NaN"))), ("ProtocolError", "NaN or Infinity")),
    ("Infinity", _batch(_state_sub(GOOD, ',"x":Infinity')), ("ProtocolError", "NaN or Infinity")),
    ("-Infinity", _batch(_state_sub(GOOD, ',"x":[-Infinity]')), ("ProtocolError", "NaN or Infinity")),
    ("a 20-digit integer", _batch(_state_sub(_edit(PLAYING, "round", "12345678901234567890"))),
     ("ProtocolError", "outside the 64-bit range")),
    ("a negative 20-digit integer", _batch(_state_sub(GOOD, ',"x":-12345678901234567890')),
     ("ProtocolError", "outside the 64-bit range")),
    ("a 19-digit integer in range", _batch(_state_sub(GOOD, ',"x":1234567890123456789')), "ok"),
    ("2**63", _batch(_state_sub(GOOD, ',"x":9223372036854775808')), ("ProtocolError", "outside the 64-bit range")),
    ("a string with '\":'", _batch(_state_sub(GOOD, r',"note":"a\":1,\"round\":2"')), "ok"),
    ("a string with '\\\"'", _batch(_state_sub(GOOD, r',"note":"\"\\\""')), "ok"),
    ("a string of digits and an exponent", _batch(_state_sub(GOOD, ',"note":"12345678901234567890 1e5 1.5 NaN"')),
     "ok"),
    ("the word Infinity in a string", _batch(_state_sub(GOOD, ',"note":"Infinity"')), "ok"),
    ("a lone surrogate", _batch(_state_sub(GOOD, r',"note":"\ud800"')), ("ProtocolError", "lone surrogate")),
    ("a lone low surrogate", _batch(_state_sub(GOOD, r',"note":"a\udc00b"')), ("ProtocolError", "lone surrogate")),
    ("a surrogate pair", _batch(_state_sub(GOOD, r',"note":"\ud83d\ude00"')), "ok"),
    ("an escaped backslash before u", _batch(_state_sub(GOOD, r',"note":"\\ud800"')), "ok"),
    ("to_move chance, no chance event", _batch(_state_sub(_edit(PLAYING, "to_move", '"chance"'))),
     ("SchemaViolation", "to_move is 'chance' exactly when")),
    ("a chance event, a player to move", _batch(_state_sub(_edit(CHANCE_STATE, "to_move", "0"))),
     ("SchemaViolation", "to_move is 'chance' exactly when")),
    ("over without a result", _batch(_state_sub(_edit(PLAYING, "to_move", "null"))),
     ("SchemaViolation", "to_move is null but the game is not over")),
    ("another game", _batch(_state_sub(_edit(PLAYING, "game", '"sorry"')))  ,
     ("SchemaViolation", "game: expected 'dnup', got 'sorry'")),
    ("a bool to_move", _batch(_state_sub(_edit(PLAYING, "to_move", "true"))), ("SchemaViolation", "to_move")),
    ("not the game's schema", _batch(_state_sub(_edit(PLAYING, "round", "0"))), ("SchemaViolation", "round")),
    ("a bad legal action", _batch('{"state":' + GOOD + ',"actions":[{"type":"fly","player":0}]}'),
     ("SchemaViolation", "legal action 0 is not valid")),
    ("no state", _batch('{"actions":[]}'), ("SchemaViolation", "has no 'state'")),
    ("an error", _batch('{"error":{"code":"illegal-action","message":"no"}}'), "ok"),
    ("a malformed error", _batch('{"error":{"code":7}}'), ("SchemaViolation", "malformed error")),
]

#: the same traps in the answer to a single apply (no batch check)
SINGLE_CASES = [
    ("clean", '{"id":@ID@,"state":' + GOOD + "}", "ok"),
    ("duplicate key", '{"id":@ID@,"state":' + GOOD[:-1] + ',"turn":0}}', ("ProtocolError", "'turn' twice")),
    ("NaN", '{"id":@ID@,"state":' + _edit(PLAYING, "turn", "NaN") + "}", ("ProtocolError", "NaN or Infinity")),
    ("a 20-digit integer", '{"id":@ID@,"state":' + _edit(PLAYING, "turn", "99999999999999999999") + "}",
     ("ProtocolError", "outside the 64-bit range")),
    ("a lone surrogate", '{"id":@ID@,"state":' + GOOD + r',"note":"\udfff"}', ("ProtocolError", "lone surrogate")),
    ("a float to_move", '{"id":@ID@,"state":' + _edit(PLAYING, "to_move", "0.0") + "}",
     ("SchemaViolation", "is not a player index")),
    ("to_move chance, no chance event", '{"id":@ID@,"state":' + _edit(PLAYING, "to_move", '"chance"') + "}",
     ("SchemaViolation", "exactly when a chance event is pending")),
]


def _verdict(eng: SubprocessEngine, call) -> object:
    try:
        got = call()
    except Exception as exc:  # noqa: BLE001  (the verdict is the fault)
        return type(exc).__name__, str(exc)
    return "ok", got


def _run(tmp_path, monkeypatch, cases, call):
    reset_breakers()
    monkeypatch.setattr(breaker, "BREAKER_LIMIT", 10**6)  # every case is a fault on purpose
    monkeypatch.setattr(breaker, "BREAKER_FAULTS", 10**6)
    script = tmp_path / "canned.py"
    script.write_text(CANNED)
    answers = tmp_path / "answers.txt"
    answers.write_text("\n".join(line for _, line, _ in cases), encoding="utf-8")
    got = []
    with SubprocessEngine([sys.executable, str(script), str(answers)], game="dnup", reuse=False, state_refs=False,
                          max_faults=10_000) as eng:
        for name, _, want in cases:
            kind, detail = _verdict(eng, lambda: call(eng))
            got.append((name, kind, detail, want))
            if eng.pid is None:  # a fault that killed the process: the next one starts from the first line
                break
    return got


def _check(got):
    for name, kind, detail, want in got:
        if want == "ok":
            assert kind == "ok", f"{name}: {detail}"
        else:
            cls, phrase = want
            assert kind == cls and phrase in detail, f"{name}: got {kind}: {detail}"


@pytest.mark.parametrize("start", range(0, len(BATCH_CASES), 8))
def test_each_crafted_batch_answer_gets_its_verdict(tmp_path, monkeypatch, start):
    cases = BATCH_CASES[start:start + 8]
    sub = {"op": "apply", "state": PLAYING, "action": {"type": "flip", "player": 0}, "legal": True}
    got = _run(tmp_path, monkeypatch, cases, lambda eng: eng.batch([dict(sub)]))
    assert len(got) == len(cases)  # no fault here kills the process: the stream stays in step
    _check(got)


def test_each_crafted_single_answer_gets_its_verdict(tmp_path, monkeypatch):
    got = _run(tmp_path, monkeypatch, SINGLE_CASES, lambda eng: eng.apply(PLAYING, {"type": "flip", "player": 0}))
    assert len(got) == len(SINGLE_CASES)
    _check(got)


def test_orjson_refuses_what_the_float_free_flag_vouches_against():
    """A line ``loads_checked`` calls float-free was read by orjson, which refuses lone surrogates
    and non-finite numbers: the referee looks for neither in such a line."""
    for raw in [rb'"\ud800"', rb'"\udc00"', rb'"\ud800\u0041"', rb'"a\ud800"', rb'"\ud800\ud800"', b'"\xed\xa0\x80"',
                b"NaN", b"Infinity", b"-Infinity", b"[1e999]", b"[-1e400]"]:
        with pytest.raises(orjson.JSONDecodeError):
            orjson.loads(raw)
        assert loads_checked(b"[" + raw + b"]")[1] is False


#: values of the envelope's fields, strict JSON text, with and without floats
TO_MOVE = ["0", "1", "4", "-1", "true", "false", '"chance"', '"x"', '""', "null", "0.0", "1e0", "[]", "{}"]
CHANCE = ["null", _text(CHANCE_STATE["chance"]), '{"event":"deal"}', '"deal"', "{}", "0"]
RESULT = ["null", '{"winner":0,"reason":"rounds"}', "{}", "0", '"over"', "[]"]
GAME = ['"dnup"', '"sorry"', '""', "null", "1"]


def test_a_float_free_batch_that_passes_the_one_check_has_no_state_problem():
    """The fast path of a batch answer: when its one schema check passes and the line is float-free,
    ``state_problems`` (the envelope rules, the game, the chance description) finds nothing, for
    every combination of the envelope's fields; and a state it finds nothing in, valid under the
    game's schema, passes the one check (the fast path is not lost on good answers)."""
    state_check, _, _, batch_check = answer_checks("dnup")
    seen = set()
    for base in (PLAYING, CHANCE_STATE):
        for tm, ch, res, game in itertools.product(TO_MOVE, CHANCE, RESULT, GAME):
            text = _text({**base, "to_move": "@1", "chance": "@2", "result": "@3", "game": "@4"})
            for mark, raw in (("@1", tm), ("@2", ch), ("@3", res), ("@4", game)):
                text = text.replace(f'"{mark}"', raw, 1)
            line = ('{"id":1,"responses":[{"state":' + text + "}]}").encode()
            resp, float_free = loads_checked(line)
            st = resp["responses"][0]["state"]
            problems = state_problems(st, "dnup", None)
            passed = batch_check.is_valid(resp)
            if float_free and passed:
                assert problems == [], text
            if not problems:
                assert passed == state_check.is_valid(st), text
            seen.add((float_free, passed, not problems))
    assert {(True, True, True), (True, False, False), (False, True, False)} <= seen  # each kind was met
