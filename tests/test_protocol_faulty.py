"""The referee: faulty candidates (tests/faulty/candidate.py MODE) each get their own fault,
with a message naming the request and the candidate's stderr, within the deadline, and
the process (and its children) are reaped."""

from __future__ import annotations

import random
import re
import sys
import time
from pathlib import Path

import pytest

from engine import chance as chance_mod
from harness.driver.referee import (
    EngineCrashed,
    EngineFault,
    EngineStartupError,
    EngineTimeout,
    OversizedLine,
    ProtocolError,
    SchemaViolation,
    WrongId,
)
from harness.driver.subprocess_engine import SubprocessEngine

FAULTY = Path(__file__).parent / "faulty"
sys.path.insert(0, str(FAULTY))
from toy_engine import STATE_SCHEMA  # noqa: E402
from tests.processes import gone

DEADLINE = 0.5


def candidate(mode: str, **kw) -> SubprocessEngine:
    opts = dict(game="toy", deadline=DEADLINE, startup_deadline=5.0, state_schema=STATE_SCHEMA,
                max_line_bytes=1 << 20, grace=0.2)
    opts.update(kw)
    return SubprocessEngine(f"{sys.executable} {FAULTY / 'candidate.py'} {mode}", **opts)




def play_a_little(eng: SubprocessEngine) -> None:
    s = eng.new_game({"players": 2})
    s = eng.apply(s, chance_mod.sample(s["chance"], random.Random(1)))
    legal = eng.legal_actions(s)
    eng.apply(s, legal[0])


@pytest.mark.parametrize(
    "mode, fault, op, text",
    [
        ("hang", EngineTimeout, "new", "no answer within 0.5 s"),
        ("hang-hard", EngineTimeout, "new", "no answer within 0.5 s"),
        ("crash", EngineCrashed, "apply", "exited with status 3"),
        ("garbage", ProtocolError, "new", "not JSON"),
        ("oversized", OversizedLine, "new", "over the limit" ),
        ("endless", OversizedLine, "new", "longer than the limit"),
        ("wrong-id", WrongId, "new", "id 1002, expected 1"),
        ("bad-state", SchemaViolation, "apply", "players: 'many' is not of type 'integer'"),
        ("not-a-list", SchemaViolation, "legal", "actions: 'none' is not of type 'array'"),
        ("duplicate-key", ProtocolError, "apply", "the key 'turn' twice in one object"),
        ("nan", ProtocolError, "apply", "NaN or Infinity, which are not JSON numbers"),
        ("huge-number", ProtocolError, "apply", "an integer outside the 64-bit range"),
    ],
)
def test_each_fault_is_distinct_clear_prompt_and_reaped(mode, fault, op, text):
    eng = candidate(mode)
    pid = eng.pid
    t0 = time.monotonic()
    with pytest.raises(EngineFault) as info:
        play_a_little(eng)
    elapsed = time.monotonic() - t0
    exc = info.value
    assert type(exc) is fault, f"{mode}: got {type(exc).__name__}: {exc}"
    msg = str(exc)
    assert msg.startswith(f"[PROTOCOL] {fault.kind}: op {op}, request id ")
    assert text in msg.splitlines()[0] if mode != "oversized" else re.search("over the limit|longer than", msg)
    assert "request: {" in msg  # an excerpt of the request that caused it
    assert exc.op == op and isinstance(exc.request_id, int)
    assert exc.tag == fault.tag
    from harness.verdicts.attribution import is_protocol_fault

    assert is_protocol_fault(exc)  # attributed to the PROTOCOL pseudo-clause by its type, not its text
    assert elapsed < DEADLINE + 2.0
    assert eng.fault_counts[fault.counter] == 1
    eng.close()
    assert gone(pid), f"{mode}: pid {pid} left behind"


def test_the_stderr_tail_is_in_the_message():
    with candidate("crash") as eng, pytest.raises(EngineCrashed) as info:
        play_a_little(eng)
    assert "IndexError: list index out of range" in str(info.value)
    with candidate("hang") as eng, pytest.raises(EngineTimeout) as info:
        play_a_little(eng)
    assert "thinking hard about request 1" in str(info.value)


def test_exit_at_startup_is_a_startup_fault_with_stderr():
    t0 = time.monotonic()
    with pytest.raises(EngineStartupError) as info:
        candidate("exit-at-startup")
    assert time.monotonic() - t0 < 3
    msg = str(info.value)
    assert msg.startswith("[PROTOCOL] startup failed: op hello")
    assert "exited with status 1" in msg and "cannot find my opening book" in msg


def test_a_candidate_that_never_reads_hits_the_startup_deadline():
    t0 = time.monotonic()
    with pytest.raises(EngineStartupError, match=r"no answer within 0.7 s"):
        candidate("no-read", startup_deadline=0.7)
    assert time.monotonic() - t0 < 2.5


def test_a_missing_program_is_a_startup_fault():
    with pytest.raises(EngineStartupError, match="cannot start"):
        SubprocessEngine("/nonexistent/engine --fast", game="toy")


def test_children_of_a_hung_candidate_are_killed_too():
    eng = candidate("orphan")
    with pytest.raises(EngineTimeout) as info:
        play_a_little(eng)
    helper = int(re.search(r"started helper (\d+)", str(info.value)).group(1))
    deadline = time.monotonic() + 2
    while not gone(helper) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert gone(helper)
    eng.close()


def test_after_a_fault_the_next_request_restarts_the_candidate_then_gives_up():
    eng = candidate("crash", max_faults=2)
    first = eng.pid
    with pytest.raises(EngineCrashed):
        play_a_little(eng)
    s = eng.new_game({"players": 2})  # a fresh process answers again (the protocol is stateless)
    assert eng.pid != first and eng.fault_counts["restarts"] == 1
    with pytest.raises(EngineCrashed):
        play_a_little(eng)
    t0 = time.monotonic()
    with pytest.raises(EngineCrashed, match="engine disabled after 2 faults"):
        eng.legal_actions(s)
    assert time.monotonic() - t0 < 0.1  # fails at once, no new process
    eng.close()


def test_a_schema_fault_leaves_the_stream_in_step():
    with candidate("not-a-list") as eng:
        pid = eng.pid
        s = eng.new_game({"players": 2})
        s = eng.apply(s, chance_mod.sample(s["chance"], random.Random(2)))
        with pytest.raises(SchemaViolation):
            eng.legal_actions(s)
        assert eng.pid == pid and eng.new_game({"players": 3})["players"] == 3


def test_resource_limits_are_set_on_the_candidate():
    with candidate("good", cpu_seconds=77, memory_mb=1500) as eng:
        limits = Path(f"/proc/{eng.pid}/limits").read_text()
    cpu = next(ln for ln in limits.splitlines() if ln.startswith("Max cpu time"))
    data = next(ln for ln in limits.splitlines() if ln.startswith("Max data size"))
    assert cpu.split()[3] == "77" and data.split()[3] == str(1500 * 1024 * 1024)


def test_a_flood_on_stderr_neither_blocks_nor_grows_memory():
    with candidate("stderr-flood", stderr_bytes=4096) as eng:
        play_a_little(eng)  # correct answers arrive although nobody waits on stderr
        tail = eng._proc.stderr_text(wait=0.0)
        assert len(tail) <= 4096 + 4096  # bounded ring buffer (whole chunks)
        assert sum(eng.fault_counts.values()) == 0


def test_state_envelope_consistency_is_checked():
    from harness.driver.referee import state_problems

    ok = {"game": "toy", "chance": None, "to_move": 0, "result": None}
    assert state_problems(ok, "toy", None) == []
    assert state_problems({**ok, "to_move": "chance"}, "toy", None)  # no chance event pending
    assert state_problems({**ok, "chance": {"event": "deal", "draws": [{"pool": [1], "take": {"0": 1}}]}}, "toy", None)
    assert state_problems({**ok, "result": {"winners": [0]}}, "toy", None)  # over but someone to move
    assert state_problems({**ok, "to_move": None}, "toy", None)  # nobody to move, not over
    assert state_problems({**ok, "to_move": None, "result": {}}, "toy", None) == []
    assert state_problems({**ok, "game": "dnup"}, "toy", None)
    assert state_problems({**ok, "to_move": True}, "toy", None)


def test_a_command_that_keeps_failing_is_not_started_again_and_again():
    from harness.driver.subprocess_engine import BREAKER_LIMIT, reset_breakers

    reset_breakers()
    try:
        for _ in range(BREAKER_LIMIT):
            with pytest.raises(EngineStartupError, match="exited with status 1"):
                candidate("exit-at-startup")
        t0 = time.monotonic()
        with pytest.raises(EngineStartupError, match="not started: the last 3 requests or starts of this command faulted in a row"):
            candidate("exit-at-startup")
        assert time.monotonic() - t0 < 0.1
        with candidate("good") as eng:  # another command line is not affected
            eng.new_game({"players": 2})
        reset_breakers()
        with pytest.raises(EngineStartupError, match="exited with status 1"):  # started again after a reset
            candidate("exit-at-startup")
    finally:
        reset_breakers()
