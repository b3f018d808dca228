"""The referee checks a whole batch answer in one schema call, and still catches (and
explains, naming the path) a state or a legal action in it that is not our notation."""

from __future__ import annotations

import random
import sys
import textwrap

import pytest

from engine import chance as chance_mod
from harness.driver.referee import SchemaViolation
from harness.driver.subprocess_engine import SubprocessEngine

#: serves the Sorry! reference but spoils batch answers (mode: state | actions | none)
SPOILER = textwrap.dedent('''
    import json, sys
    from harness.serve import Server, reference_factory
    srv, mode = Server(reference_factory("sorry")), sys.argv[1]
    for line in sys.stdin.buffer:
        resp = json.loads(srv.handle_line(line))
        for r in resp.get("responses", []):
            if mode == "state" and r.get("state", {}).get("draw_pile"):
                r["state"]["draw_pile"][0] = "13"
            if mode == "actions" and r.get("actions"):
                r["actions"][-1]["card"] = "13"
        print(json.dumps(resp), flush=True)
''')


@pytest.fixture
def spoiler(tmp_path):
    path = tmp_path / "spoiler.py"
    path.write_text(SPOILER)
    made = []

    def start(mode):
        eng = SubprocessEngine([sys.executable, str(path), mode], game="sorry", reuse=False)
        made.append(eng)
        return eng

    yield start
    for eng in made:
        eng.close()


def _playing_states(eng, rng, n=6):
    """States with legal actions (single requests: never spoiled)."""
    out = []
    s = eng.new_game({"players": 2})
    while len(out) < n:
        if s["chance"] is not None:
            s = eng.apply(s, chance_mod.sample(s["chance"], rng))
            continue
        legal = eng.legal_actions(s)
        out.append(s)
        s = eng.apply(s, legal[0])
    return out


def test_a_clean_batch_passes(spoiler):
    eng = spoiler("none")
    states = _playing_states(eng, random.Random(1))
    assert all(eng.legal_many(states))
    assert sum(eng.fault_counts.values()) == 0


def test_a_bad_state_in_a_batch_answer_is_caught_and_named(spoiler):
    eng = spoiler("state")
    rng = random.Random(1)
    states = _playing_states(eng, rng)
    pairs = [(s, eng.legal_actions(s)[0]) for s in states]
    with pytest.raises(SchemaViolation) as e:
        eng.apply_many(pairs)
    assert "draw_pile/0: '13' is not one of" in str(e.value)


def test_a_bad_legal_action_in_a_batch_answer_is_caught_and_named(spoiler):
    eng = spoiler("actions")
    states = _playing_states(eng, random.Random(1))
    with pytest.raises(SchemaViolation) as e:
        eng.legal_many(states)
    assert "legal action 0 is not valid: " in str(e.value) and "'card': '13'" in str(e.value)
