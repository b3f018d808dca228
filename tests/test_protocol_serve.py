"""serve: the in-process engine over JSON lines answers like the engine itself, and never dies."""

from __future__ import annotations

import io
import json
import random
import sys
from pathlib import Path

import pytest

import specs.protocol as proto
from engine import chance as chance_mod
from engine.canonical import dumps, sort_actions
from harness.serve import Server, serve, serve_main

sys.path.insert(0, str(Path(__file__).parent / "faulty"))
from toy_engine import ToyEngine, make  # noqa: E402


def run(lines: list, engine=None) -> list[dict]:
    """Serve ``lines`` (dicts are dumped, strings sent as they are); the parsed answers."""
    text = "".join((json.dumps(x) if not isinstance(x, str) else x) + "\n" for x in lines)
    out = io.StringIO()
    assert serve(engine or (lambda choices: make(choices=choices)), io.StringIO(text), out) == 0
    return [json.loads(ln) for ln in out.getvalue().splitlines()]


def test_schemas_are_valid_2020_12():
    import jsonschema

    names = proto.schema_names()
    for op in ("hello", "new", "legal", "apply", "batch", "load", "chance", "observe"):
        assert f"{op}.request" in names and f"{op}.response" in names
    assert "error.response" in names
    for n in names:
        jsonschema.Draft202012Validator.check_schema(proto.schemas()[n])
        assert proto.schemas()[n]["$schema"].endswith("2020-12/schema")


def test_hello_declares_protocol_name_games_choices():
    (hello,) = run([{"id": 1, "op": "hello"}])
    assert proto.errors("hello.response", hello) == []
    assert hello["id"] == 1 and hello["protocol"] == 1 and hello["games"] == ["toy"]
    assert hello["choices"] == {"toy.dummy": "a"}
    assert set(proto.REQUIRED_OPS) <= set(hello["ops"])


def test_hello_choices_reconfigure_a_factory_engine():
    hello, again = run([{"id": 1, "op": "hello", "choices": {"toy.dummy": "b"}}, {"id": 2, "op": "hello"}])
    assert hello["choices"] == {"toy.dummy": "b"}
    assert again["choices"] == {"toy.dummy": "b"}  # the session keeps its configuration


def test_new_legal_apply_batch_match_the_in_process_engine():
    ref = ToyEngine()
    rng = random.Random(7)
    state = ref.new_game({"players": 3})
    lines, expected = [{"id": 0, "op": "new", "game": "toy", "config": {"players": 3}}], [{"state": ref.to_json(state)}]
    for i in range(1, 30):
        js = ref.to_json(state)
        legal = ref.legal_actions(state)
        lines.append({"id": f"L{i}", "op": "legal", "state": js})
        expected.append({"actions": legal})
        if legal:
            action = legal[rng.randrange(len(legal))]
        elif ref.chance(state):
            action = chance_mod.sample(ref.chance(state), rng)
        else:
            break
        state = ref.apply(state, action)
        lines.append({"id": i, "op": "apply", "state": js, "action": action})
        expected.append({"state": ref.to_json(state)})
    got = run(lines)
    assert [r["id"] for r in got] == [x["id"] for x in lines]
    for line, r, exp in zip(lines, got, expected):
        assert proto.errors(f"{line['op']}.response", r) == []
        assert {k: v for k, v in r.items() if k != "id"} == exp
    # the same requests in one batch give the same answers, in order
    (b,) = run([{"id": 99, "op": "batch", "requests": [{k: v for k, v in x.items() if k != "id"} for x in lines]}])
    assert proto.errors("batch.response", b) == []
    assert b["responses"] == expected


def test_load_chance_observe():
    ref = ToyEngine()
    js = ref.to_json(ref.new_game({"players": 2}))
    load, ch, obs = run([{"id": 1, "op": "load", "state": js}, {"id": 2, "op": "chance", "state": js},
                         {"id": 3, "op": "observe", "state": js, "player": 0}])
    assert load["state"] == js and ch["chance"] == js["chance"] and obs["observation"] == js


@pytest.mark.parametrize(
    "line, code, rid",
    [
        ("this is not json", "malformed", None),
        ("[1, 2, 3]", "malformed", None),
        ('{"op": "hello"}', "malformed", None),  # no id
        ('{"id": 5, "op": "fly"}', "malformed", 5),
        ('{"id": 6, "op": "legal"}', "malformed", 6),  # no state
        ('{"id": 7, "op": "legal", "state": {"game": "toy"}}', "malformed", 7),  # not a state
        ('{"id": 8, "op": "new", "game": "toy", "config": {"players": 9}}', "bad-config", 8),
        ('{"id": 9, "op": "new", "game": "chess", "config": {}}', "bad-config", 9),
        ('{"id": 10, "op": "hello", "choices": {"toy.nope": "x"}}', "unknown-choice", 10),
        ('{"id": 11, "op": "apply", "state": {"game": "sorry", "chance": null, "to_move": 0, "result": null},'
         ' "action": {"type": "play"}}', "malformed", 11),
        ('{"id": 12, "op": "legal", "state": {}, "extra": 1}', "malformed", 12),
        ("[" * 100_000, "malformed", None),
        ('{"id": true, "op": "hello"}', "malformed", None),
    ],
)
def test_bad_requests_get_error_answers_and_the_server_keeps_going(line, code, rid):
    answers = run([line, {"id": "after", "op": "hello"}])
    assert len(answers) == 2
    bad, hello = answers
    assert proto.errors("error.response", bad) == [], bad
    assert bad["id"] == rid
    if code:
        assert bad["error"]["code"] == code
    assert bad["error"]["message"]
    assert hello["id"] == "after" and hello["name"] == "toy"


def test_illegal_action_and_invalid_outcome_carry_their_codes():
    ref = ToyEngine()
    js = ref.to_json(ref.new_game({"players": 2}))
    wrong_event = {"type": "chance", "event": "draw", "outcome": [{"0": [1]}]}
    too_many = {"type": "chance", "event": "deal", "outcome": [{"0": [1, 1], "1": [2, 3]}]}
    a, b, c = run([{"id": 1, "op": "apply", "state": js, "action": {"type": "play", "player": 0, "token": 1}},
                   {"id": 2, "op": "apply", "state": js, "action": wrong_event},
                   {"id": 3, "op": "apply", "state": js, "action": too_many}])
    assert a["error"]["code"] == "illegal-action" and "chance" in a["error"]["message"]
    assert b["error"]["code"] == "invalid-outcome"
    assert c["error"]["code"] == "invalid-outcome"


def test_a_bug_in_the_engine_is_an_internal_error_not_a_dead_server(capsys):
    class Buggy(ToyEngine):
        def legal_actions(self, s):
            return [][1]

    js = ToyEngine().to_json(ToyEngine().new_game({"players": 2}))
    bad, ok = run([{"id": 1, "op": "legal", "state": js}, {"id": 2, "op": "load", "state": js}], engine=Buggy())
    assert bad["error"]["code"] == "internal" and "IndexError" in bad["error"]["message"]
    assert ok["state"] == js
    assert "IndexError" in capsys.readouterr().err


def test_batch_errors_stay_in_their_slot():
    js = ToyEngine().to_json(ToyEngine().new_game({"players": 2}))
    (b,) = run([{"id": 1, "op": "batch", "requests": [
        {"op": "load", "state": js},
        {"op": "apply", "state": js, "action": {"type": "play", "player": 0, "token": 1}},
        {"op": "new", "game": "toy", "config": {"players": 2}},
    ]}])
    assert [list(r) for r in b["responses"]] == [["state"], ["error"], ["state"]]
    bad, hello = run([{"id": 2, "op": "batch", "requests": [{"op": "hello"}]}, {"id": 3, "op": "hello"}])
    assert bad["error"]["code"] == "malformed" and hello["id"] == 3


def test_blank_lines_oversized_lines_binary_streams_and_eof():
    text = b'\n  \n{"id":1,"op":"hello"}\n' + b'{"id":2,"x":"' + b"z" * 5000 + b'"}\n' + b'\xff\xfe\n{"id":3,"op":"hello"}'
    out = io.BytesIO()
    assert serve(make(), io.BytesIO(text), out, max_request_bytes=1000) == 0
    answers = [json.loads(x) for x in out.getvalue().decode().splitlines()]
    assert [a["id"] for a in answers] == [1, None, None, 3]
    assert "longer than 1000 bytes" in answers[1]["error"]["message"]
    assert "UTF-8" in answers[2]["error"]["message"]


def test_server_handle_is_usable_directly():
    s = Server(make())
    assert s.handle({"id": 1, "op": "hello"})["name"] == "toy"
    assert s.handle("nonsense")["error"]["code"] == "malformed"


def test_serve_main_reports_an_unknown_game_without_a_traceback(capsys):
    assert serve_main("chess", {}, io.BytesIO(b""), io.BytesIO()) == 2
    assert "chess" in capsys.readouterr().err


def _reference_games() -> list[str]:
    """Games whose reference engine can be built right now (engines land during development)."""
    from harness.engines import REFERENCE, reference_engine

    out = []
    for g in REFERENCE:
        try:
            reference_engine(g)
        except Exception:  # noqa: BLE001  (not there yet, or half-written)
            continue
        out.append(g)
    return out


REFERENCE_GAMES = _reference_games()


def _in_process(ref, op: str, js: dict, action=None) -> dict:
    """What the in-process engine answers for a request, through the same JSON."""
    from engine.errors import RulecheckError

    try:
        st = ref.from_json(js)
        if op == "legal":
            return {"actions": ref.legal_actions(st)}
        return {"state": ref.to_json(ref.apply(st, action))}
    except RulecheckError as exc:
        return {"error": exc.code}
    except Exception:  # noqa: BLE001  (a bug in the engine: serve answers "internal")
        return {"error": "internal"}


@pytest.mark.parametrize("game", REFERENCE_GAMES or [pytest.param("none", marks=pytest.mark.skip(
    reason="no reference engine is importable yet; the toy engine tests above cover serve"))])
def test_serve_main_answers_like_the_reference_engine(game):
    from harness.engines import random_config, reference_engine

    ref = reference_engine(game)
    for seed in range(3):
        rng = random.Random(seed)
        config = random_config(game, rng)
        state = ref.new_game(config)
        lines = [{"id": 0, "op": "hello"}, {"id": 1, "op": "new", "game": game, "config": config}]
        expected = [None, {"state": ref.to_json(state)}]
        for i in range(2, 60):
            js = ref.to_json(state)
            legal = ref.legal_actions(state)
            if legal:
                action = legal[rng.randrange(len(legal))]
            elif ref.chance(state) is not None:
                action = chance_mod.sample(ref.chance(state), rng)
            else:
                break
            lines.append({"id": f"l{i}", "op": "legal", "state": js})
            expected.append(_in_process(ref, "legal", js))
            lines.append({"id": i, "op": "apply", "state": js, "action": action})
            expected.append(_in_process(ref, "apply", js, action))
            state = ref.apply(state, action)
        text = "".join(dumps(x) + "\n" for x in lines)
        out = io.BytesIO()
        assert serve_main(game, {}, io.BytesIO(text.encode()), out) == 0
        answers = [json.loads(x) for x in out.getvalue().decode().splitlines()]
        assert answers[0]["games"] == [game] and answers[0]["protocol"] == 1
        assert len(answers) == len(lines)
        for line, got, exp in zip(lines[1:], answers[1:], expected[1:]):
            assert got["id"] == line["id"]
            if "error" in exp:
                assert got["error"]["code"] == exp["error"], got
            elif "actions" in exp:
                assert sort_actions(got["actions"]) == sort_actions(exp["actions"])
            else:
                assert got == {"id": line["id"], **exp}
