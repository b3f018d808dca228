"""The protocol's optional feature ``state-ref`` (docs/protocol.md, "Feature state-ref"): a state
the engine answered is sent back by its ref instead of whole, and every answer is the one the
whole state gets.

``rulecheck serve`` keeps the states of its last ``KEPT_STATES`` answers to requests with
``"keep": true``; ``SubprocessEngine(state_refs=True)`` sends a ref only for a state kept well
inside that window, and an engine that forgets one anyway is faulted (PROTOCOL), never believed.
"""

from __future__ import annotations

import random
import sys
import textwrap

import pytest

import specs.protocol as proto
from engine import chance as chance_mod
from harness.driver.referee import ProtocolError
from harness.driver.subprocess_engine import SubprocessEngine
from harness.engines import random_config
from harness.serve import Server, reference_factory

SERVE = f"{sys.executable} -m harness.serve --game {{game}}"


def _next_action(state: dict, legal: list, rng: random.Random) -> dict:
    if state["chance"] is not None:
        return chance_mod.sample(state["chance"], rng)
    return legal[rng.randrange(len(legal))]


@pytest.mark.parametrize("game", ["opsnorren", "sorry", "dnup"])
def test_a_state_sent_by_ref_gets_the_answers_the_whole_state_gets(game):
    srv = Server(reference_factory(game))
    rng = random.Random(7)
    got = srv.handle({"id": 0, "op": "new", "game": game, "config": random_config(game, rng), "keep": True})
    state, ref = got["state"], got["ref"]
    for _ in range(40):
        if state["result"] is not None:
            break
        whole = srv.handle({"id": 1, "op": "legal", "state": state})
        assert srv.handle({"id": 1, "op": "legal", "state_ref": ref}) == whole
        action = _next_action(state, whole["actions"], rng)
        plain = srv.handle({"id": 2, "op": "apply", "state": state, "action": action, "legal": True})
        kept = srv.handle({"id": 2, "op": "apply", "state_ref": ref, "action": action, "legal": True, "keep": True})
        assert kept.pop("ref") > ref
        assert kept == plain
        state, ref = plain["state"], ref + 1  # refs count the keeps: the apply above was the next one


def test_a_ref_that_names_no_kept_state_is_unknown_ref_and_the_server_goes_on():
    srv = Server(reference_factory("sorry"))
    answer = srv.handle({"id": 3, "op": "legal", "state_ref": 99})
    assert answer["error"]["code"] == "unknown-ref" and answer["error"]["path"] == "state_ref"
    bad = srv.handle({"id": 4, "op": "legal", "state_ref": "1"})
    assert bad["error"]["code"] == "malformed"  # a ref is an integer (the request schema)
    both = srv.handle({"id": 5, "op": "legal", "state_ref": 1,
                       "state": srv.handle({"id": 6, "op": "new", "game": "sorry", "config": {"players": 2}})["state"]})
    assert both["error"]["code"] == "malformed"  # a state goes whole or by ref, not both
    assert "state" in srv.handle({"id": 7, "op": "new", "game": "sorry", "config": {"players": 2}})


def test_the_server_keeps_its_last_kept_states_and_forgets_older_ones(monkeypatch):
    monkeypatch.setattr(proto, "KEPT_STATES", 3)
    srv = Server(reference_factory("dnup"))
    refs = [srv.handle({"id": i, "op": "new", "game": "dnup", "config": {"players": 2}, "keep": True})["ref"]
            for i in range(4)]
    assert srv.handle({"id": 9, "op": "legal", "state_ref": refs[0]})["error"]["code"] == "unknown-ref"
    for ref in refs[1:]:
        assert "actions" in srv.handle({"id": 9, "op": "legal", "state_ref": ref})
    srv.handle({"id": 10, "op": "hello"})  # a new session: no state is kept across hello
    assert srv.handle({"id": 11, "op": "legal", "state_ref": refs[-1]})["error"]["code"] == "unknown-ref"


def test_hello_lists_the_feature():
    srv = Server(reference_factory("opsnorren"))
    assert "state-ref" in srv.handle({"id": 0, "op": "hello"})["ops"]


def _play_batched(eng: SubprocessEngine, game: str, games: int = 6, steps: int = 30) -> list[dict]:
    """Random games in batches of apply (the way playouts and the bench drive an engine)."""
    rng = random.Random(11)
    states = [s["state"] for s in eng.batch([{"op": "new", "game": game, "config": random_config(game, rng)}
                                              for _ in range(games)])]
    legal = [[] for _ in states]
    seen = []
    for _ in range(steps):
        live = [i for i, s in enumerate(states) if s["result"] is None]
        if not live:
            break
        subs = []
        for i in live:
            s = states[i]
            if s["chance"] is None and not legal[i]:
                legal[i] = eng.batch([{"op": "legal", "state": s}])[0]["actions"]
            subs.append({"op": "apply", "state": s, "action": _next_action(s, legal[i], rng), "legal": True})
        for i, r in zip(live, eng.batch(subs)):
            assert "ref" not in r  # the ref is rulecheck's business: callers see the plain answer
            states[i], legal[i] = r["state"], r["actions"]
            seen.append(r["state"])
    return seen


@pytest.mark.parametrize("game", ["sorry", "dnup"])
def test_a_subprocess_engine_sends_states_by_ref_and_sees_the_same_games(game, tmp_path):
    log = tmp_path / "requests.jsonl"
    tee = f"sh -c 'tee {log} | {SERVE.format(game=game)}'"
    with SubprocessEngine(SERVE.format(game=game), game=game, state_refs=False, reuse=False) as plain:
        want = _play_batched(plain, game)
    with SubprocessEngine(tee, game=game, state_refs=True, reuse=False) as by_ref:
        got = _play_batched(by_ref, game)
        assert by_ref.faults == []
    assert got == want
    sent = log.read_text()
    assert '"state_ref":' in sent and '"keep":true' in sent


def test_state_refs_are_off_unless_asked(monkeypatch):
    monkeypatch.delenv("RULECHECK_STATE_REFS", raising=False)
    with SubprocessEngine(SERVE.format(game="sorry"), game="sorry", reuse=False) as eng:
        assert eng.state_refs is False
    monkeypatch.setenv("RULECHECK_STATE_REFS", "1")
    with SubprocessEngine(SERVE.format(game="sorry"), game="sorry", reuse=False) as eng:
        assert eng.state_refs is True


FORGETFUL = textwrap.dedent("""
    import sys
    import specs.protocol as proto
    proto.KEPT_STATES = 2  # lists state-ref, but keeps only its last two states
    from harness.serve import serve, reference_factory
    serve(reference_factory("dnup"), sys.stdin.buffer, sys.stdout.buffer)
""")


def test_an_engine_that_forgets_a_state_it_had_to_keep_is_faulted(tmp_path):
    script = tmp_path / "forgetful.py"
    script.write_text(FORGETFUL)
    with SubprocessEngine(f"{sys.executable} {script}", game="dnup", state_refs=True, reuse=False) as eng:
        with pytest.raises(ProtocolError, match="state-ref"):
            _play_batched(eng, "dnup", games=4)
        assert eng.fault_counts["protocol"] == 1


@pytest.mark.parametrize("refs", [True, False])
def test_the_protocol_bench_says_whether_states_went_by_ref(refs):
    from harness.driver.protocol_bench import bench_protocol

    r = bench_protocol(SERVE.format(game="sorry"), "sorry", 0.3, parallel=8, state_refs=refs)
    assert r["state_refs"] is refs and r["transitions"] > 0
    assert r["errors"] == 0 and not any(r["faults"].values())


@pytest.mark.parametrize("game", ["opsnorren", "sorry", "dnup"])
def test_an_action_sent_with_a_ref_reaches_the_engine_as_the_object_listed(game):
    """``rulecheck serve`` keeps a kept state's legal actions with it (``apply`` with ``legal`` and
    ``keep``): an action read from the line that is one of them reaches ``apply`` as the object
    listed; one that only compares equal (``True`` for ``1``) is handed over as read."""
    import json

    srv = Server(reference_factory(game))
    handed = []
    eng = srv.engine
    real = type(eng).apply
    eng.apply = lambda state, action: handed.append(action) or real(eng, state, action)

    def line(req: dict) -> dict:
        return json.loads(srv.handle_line(json.dumps({"id": 1, "op": "batch", "requests": [req]}).encode()))[
            "responses"][0]

    rng = random.Random(5)
    got = line({"op": "new", "game": game, "config": random_config(game, rng), "keep": True})
    state, ref, legal, twins, loose = got["state"], got["ref"], [], 0, 0
    for _ in range(40):
        if state["result"] is not None:
            break
        action = _next_action(state, legal, rng)
        if state["chance"] is None and "player" in action and action["player"] == 1 and not loose:
            odd = {**action, "player": True}  # equal in Python, not the same JSON: never the listed object
            got = line({"op": "apply", "state_ref": ref, "action": odd, "legal": True, "keep": True})
            assert all(handed[-1] is not a for a in srv.kept[ref][1]) and handed[-1] == odd
            loose += 1
        got = line({"op": "apply", "state_ref": ref, "action": action, "legal": True, "keep": True})
        if state["chance"] is None:
            listed = srv.kept[ref][1]
            assert any(handed[-1] is a for a in listed) and handed[-1] == action
            twins += 1
        state, ref, legal = got["state"], got["ref"], got["actions"]
    assert twins > 5
