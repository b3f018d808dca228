"""Hostile engines against the referee: whatever a candidate does, ``rulecheck
check`` gives a verdict, writes its reports, leaves no process behind and keeps its memory.

Each engine of ``tests/faulty/hostile.py`` is checked the way a user would, with one
clause and ``--deadline 1`` so that each run takes seconds: the run fails (exit 1) with a
PROTOCOL verdict, all three reports are written and valid (JUnit parses as XML, the HTML
holds no control character), every process the engine started is gone, and rulecheck's
peak memory stays under twice that of a run against a well-behaved (if leaky) engine.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import specs
from tests.processes import gone

PY = sys.executable
ROOT = specs.ROOT
HOSTILE = "tests/faulty/hostile.py"
GAME = "dnup"
ONE_TEST = "DNP-GOAL"  # a clause with one cheap test
FIVE_TESTS = "DNP-PLAY"  # a prefix with five
#: runs rulecheck and prints the peak RSS of its children (rulecheck itself is the largest)
MEASURE = ("import resource, subprocess, sys; r = subprocess.run(sys.argv[1:]); "
           "print('PEAK_KB', resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr); "
           "sys.exit(r.returncode)")
CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")




def pids_of(tmp_path: Path) -> list[int]:
    f = tmp_path / "pids"
    return [int(x) for x in f.read_text().split()] if f.exists() else []


def assert_nothing_left(tmp_path: Path) -> None:
    pids = pids_of(tmp_path)
    end = time.monotonic() + 3
    while time.monotonic() < end and not all(gone(p) for p in pids):
        time.sleep(0.05)
    assert all(gone(p) for p in pids), f"left behind: {[p for p in pids if not gone(p)]}"


def command(mode: str, tmp_path: Path, *extra: str, clause: str = ONE_TEST) -> list[str]:
    return [PY, "-m", "harness.cli", "check", "--game", GAME, "--engine", f"cmd:{PY} {HOSTILE} {mode} {GAME}",
            "--clause", clause, "--deadline", "1", "--failures-only", "--json", str(tmp_path / "r.json"),
            "--junit", str(tmp_path / "r.xml"), "--html", str(tmp_path / "r.html"), *extra]


def environment(tmp_path: Path, **more: str) -> dict:
    return {**os.environ, "HYPOTHESIS_PROFILE": "failfast", "COLUMNS": "200", "HOSTILE_PIDS": str(tmp_path / "pids"),
            "RULECHECK_STARTUP_DEADLINE": "2", **more}


def check(mode: str, tmp_path: Path, *extra: str, clause: str = ONE_TEST, **env: str):
    """Run ``rulecheck check`` on a hostile engine: (process, JSON report, rulecheck's peak KB, seconds)."""
    t0 = time.monotonic()
    proc = subprocess.run([PY, "-c", MEASURE, *command(mode, tmp_path, *extra, clause=clause)], cwd=ROOT,
                          env=environment(tmp_path, **env), capture_output=True, text=True, timeout=180)
    elapsed = time.monotonic() - t0
    peak = int(re.search(r"PEAK_KB (\d+)", proc.stderr).group(1))
    assert (tmp_path / "r.json").exists(), f"no report:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"
    report = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    return proc, report, peak, elapsed


def assert_protocol_verdict(proc, report, tmp_path: Path, *words: str) -> str:
    """Exit 1, PROTOCOL fails (and nothing else), every report written and valid, nothing left running."""
    assert proc.returncode == 1, proc.stdout[-3000:] + proc.stderr[-3000:]
    failing = {c["clause"]: c for c in report["clauses"] if c["verdict"] == "fail"}
    assert list(failing) == ["PROTOCOL"], sorted(failing)
    text = "\n".join(f["message"] for f in failing["PROTOCOL"]["failures"])
    for w in words:
        assert w.lower() in text.lower(), text[:2000]
    ET.fromstring((tmp_path / "r.xml").read_bytes())  # valid XML
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert not CONTROL.search(page) and "PROTOCOL" in page
    assert "\x1b" not in proc.stdout and "\x00" not in proc.stdout
    assert_nothing_left(tmp_path)
    return text


# ---- startup failures: a verdict with reports, not an internal error ---------------------------
@pytest.mark.parametrize("mode, words", [
    ("silent-hello", ("startup failed", "no answer within 2 s")),
    ("utf8-hello", ("bad answer", "op hello", "utf-8")),
])
def test_an_engine_that_fails_hello_gets_a_protocol_verdict_with_reports(mode, words, tmp_path):
    proc, report, _, elapsed = check(mode, tmp_path)
    assert_protocol_verdict(proc, report, tmp_path, *words)
    assert "the engine did not start" in proc.stdout
    assert {c["clause"]: c["verdict"] for c in report["clauses"]}[ONE_TEST] == "inconclusive"
    assert elapsed < 30


def test_a_lone_surrogate_in_an_error_message_is_a_bad_answer_not_a_crash(tmp_path):
    proc, report, _, _ = check("surrogate-error", tmp_path)
    text = assert_protocol_verdict(proc, report, tmp_path, "lone surrogate")
    assert "\\ud800" in text  # shown as an escape, never written raw


def test_control_characters_from_an_engine_reach_no_output(tmp_path):
    proc, report, _, _ = check("control", tmp_path)
    text = assert_protocol_verdict(proc, report, tmp_path, "not JSON", "\\x1b[31m", "\\x00", "\\x0b")
    assert not CONTROL.search(text)
    junit = (tmp_path / "r.xml").read_text(encoding="utf-8")
    assert not CONTROL.search(junit) and "\\x1b" in junit


# ---- a flood, and processes left behind ---------------------------------------------------------
@pytest.fixture(scope="module")
def leftover_run(tmp_path_factory):
    """A run against an engine that answers correctly but leaves processes behind (also the baseline)."""
    tmp = tmp_path_factory.mktemp("leftover")
    return tmp, *check("leftover", tmp)


def test_processes_an_engine_leaves_behind_are_killed_and_a_fault(leftover_run):
    tmp, proc, report, peak, _ = leftover_run
    assert_protocol_verdict(proc, report, tmp, "leftover 3")
    assert report["engine_counts"]["fault:leftover"] == 3  # in its group, in a new session, double-forked
    assert len(pids_of(tmp)) == 4  # the engine (one process, reused) and its three


def test_a_flood_without_newlines_is_cut_off_and_memory_stays_bounded(leftover_run, tmp_path):
    proc, report, peak, elapsed = check("flood", tmp_path, clause=FIVE_TESTS)
    assert_protocol_verdict(proc, report, tmp_path, "no newline after")
    from harness.driver.subprocess_engine import BREAKER_LIMIT

    assert report["engine_counts"]["fault:protocol"] <= BREAKER_LIMIT  # not restarted for every test
    baseline = leftover_run[3]
    print(f"peak RSS: flood {peak // 1024} MB, baseline {baseline // 1024} MB; {elapsed:.1f} s")
    assert peak < 2 * baseline


def test_good_and_late_answers_alternating_trip_the_breaker():
    """The old breaker reset on every good answer and never tripped; the fault rate does."""
    from harness.driver.referee import EngineFault
    from harness.driver.subprocess_engine import BREAKER_FAULTS, SubprocessEngine, reset_breakers
    from engine.errors import RulecheckError

    reset_breakers()
    try:
        eng = SubprocessEngine(f"{PY} {ROOT / HOSTILE} alternate-light toy", game="toy", deadline=0.3, grace=0.1,
                               max_faults=100, startup_deadline=5)
        faults = goods = 0
        t0 = time.monotonic()
        with pytest.raises(EngineFault, match=f"faulted \\(the limit is {BREAKER_FAULTS} of"):
            for _ in range(40):
                try:
                    eng.new_game({"players": 2})
                except RulecheckError:
                    goods += 1
                except EngineFault as exc:
                    if "disabled" in str(exc) or "not started" in str(exc):
                        raise
                    faults += 1
        assert faults == BREAKER_FAULTS and goods == BREAKER_FAULTS, (faults, goods)
        assert time.monotonic() - t0 < 15
        eng.close()
    finally:
        reset_breakers()


# ---- the whole run's time budget --------------------------------------------------------------
def test_a_slow_engine_is_stopped_by_the_run_budget_and_the_rest_reported_not_run(tmp_path):
    # its hello alone takes 1 s: a loaded machine must not turn the budget test into a startup failure
    proc, report, _, elapsed = check("slow", tmp_path, "--budget", "2", clause=FIVE_TESTS,
                                     RULECHECK_STARTUP_DEADLINE="10")
    assert proc.returncode == 1
    assert report["not_run"] >= 1 and not report["ok"]
    assert any(e["nodeid"] == "(budget)" and "time budget of 2 s" in e["message"] for e in report["errors"])
    # a clause whose only tests were not run reads inconclusive ("not run: ..."); here the tests
    # that ran already judged the one clause, so the run fails on the budget error itself
    not_run = [c for c in report["clauses"] if c["reason"].startswith("not run:")]
    assert all(c["verdict"] == "inconclusive" for c in not_run)
    assert elapsed < 2 + 25  # the budget, plus starting Python and pytest
    assert_nothing_left(tmp_path)


# ---- interrupts ---------------------------------------------------------------------------------
def start_hanging_run(tmp_path: Path) -> subprocess.Popen:
    for ext in ("json", "xml", "html"):
        (tmp_path / f"r.{ext}").write_text("the previous report\n")
    hang = tmp_path / "hanging"
    proc = subprocess.Popen(command("ignore-eof", tmp_path, "--deadline", "60"), cwd=ROOT,
                            env=environment(tmp_path, HOSTILE_HANG=str(hang)), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    end = time.monotonic() + 90
    while not hang.exists():
        assert proc.poll() is None and time.monotonic() < end, "the engine never got to hang"
        time.sleep(0.1)
    return proc


def test_sigterm_stops_the_engine_and_marks_every_report_interrupted(tmp_path):
    proc = start_hanging_run(tmp_path)
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 143, out[-2000:] + err[-2000:]
    report = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert report["interrupted"] == "SIGTERM" and report["ok"] is False
    junit = ET.fromstring((tmp_path / "r.xml").read_bytes())
    run = junit.find("testsuite[@name='rulecheck.run']")
    assert run is not None and "INTERRUPTED (SIGTERM)" in run.find("testcase/error").get("message")
    assert "INTERRUPTED (SIGTERM)" in (tmp_path / "r.html").read_text(encoding="utf-8")
    assert "INTERRUPTED" in out
    assert_nothing_left(tmp_path)  # the engine ignored SIGTERM and end of input


def test_sigkill_of_rulecheck_takes_the_engine_along_and_leaves_the_reports(tmp_path):
    proc = start_hanging_run(tmp_path)
    proc.kill()
    proc.communicate(timeout=30)
    assert_nothing_left(tmp_path)  # PR_SET_PDEATHSIG: an engine that ignores end of input dies too
    for ext in ("json", "xml", "html"):
        assert (tmp_path / f"r.{ext}").read_text() == "the previous report\n"


# ---- the sandbox: tests/test_sandbox.py --------------------------------------------------------


# ---- in-process pieces (cheap) --------------------------------------------------------------------
def test_sigint_and_sigterm_become_keyboard_interrupts_and_are_named():
    from harness.verdicts.check_outcome import signals_interrupt, signals_noted

    for sig in (signal.SIGINT, signal.SIGTERM):
        got: dict = {}
        with pytest.raises(KeyboardInterrupt), signals_interrupt(got):
            os.kill(os.getpid(), sig)
            time.sleep(1)
        assert got == {"signal": sig.name}
    got = {}
    with signals_noted(got):  # while the reports are written: noted, nothing raised
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(0.05)
    assert got == {"signal": "SIGTERM"}
    assert signal.getsignal(signal.SIGTERM) == signal.SIG_DFL


def test_reports_are_replaced_together_or_not_at_all(tmp_path, monkeypatch):
    from harness.verdicts import report
    from harness.verdicts.check import compute_verdicts, SuiteResult
    from harness.verdicts.check_outcome import write_reports_together

    result = SuiteResult(["dnup"], "cmd:x \x1b[31m", [], compute_verdicts(["dnup"], []), 2, [], {},
                         interrupted="SIGINT")
    paths = [str(tmp_path / n) for n in ("r.json", "r.xml", "r.html")]
    for p in paths:
        Path(p).write_text("old\n")
    monkeypatch.setattr(report, "html_page", lambda r: 1 / 0)  # the last one fails to render
    with pytest.raises(ZeroDivisionError):
        write_reports_together(result, *paths)
    assert all(Path(p).read_text() == "old\n" for p in paths) and len(list(tmp_path.iterdir())) == 3
    monkeypatch.undo()
    assert write_reports_together(result, *paths) == paths
    assert json.loads(Path(paths[0]).read_text())["interrupted"] == "SIGINT"
    junit = Path(paths[1]).read_text()
    ET.fromstring(junit)
    assert "\x1b" not in junit and "\\x1b" in junit and "INTERRUPTED (SIGINT)" in junit
    assert "INTERRUPTED (SIGINT)" in Path(paths[2]).read_text()
