"""End to end: conformance scenarios (harness.run.run_suite) over subprocess engines.

A correct engine in another language gets passing verdicts; a candidate that crashes
mid-scenario has every such test blamed on the PROTOCOL pseudo-clause with the referee's
message, and the run finishes. (Kept to a few scenarios: each nested run costs seconds.
Hangs are covered in test_protocol_faulty.py with short deadlines.)
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CANDIDATE = ROOT / "tests" / "faulty" / "candidate.py"


def _dnup_ready() -> bool:
    try:
        from harness.engines import reference_engine

        reference_engine("dnup")
        return (ROOT / "harness" / "games" / "dnup" / "test_dnup_features.py").exists()
    except Exception:  # noqa: BLE001
        return False


pytestmark = pytest.mark.skipif(not _dnup_ready(), reason="the Dnup reference engine or its suite is not there yet")
ONLY_SCENARIOS = ["-k", "test_dnup_features"]  # the scenarios of the clause, not the machine


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed (node not on PATH)")
def test_the_node_engine_passes_scenarios():
    from harness.run import run_suite
    from harness.verdicts.settings import CheckSettings

    res = run_suite(CheckSettings(games=("dnup",), engine=f"cmd:node {ROOT / 'examples' / 'node-engine' / 'engine.js'}",
                                  clauses=("DNP-TWO-START",)), extra_args=ONLY_SCENARIOS)
    assert res.verdicts["DNP-TWO-START"].verdict == "pass", res.verdicts["DNP-TWO-START"]
    assert res.records and all(r["outcome"] == "passed" for r in res.records)


def test_a_crashing_candidate_is_blamed_on_the_protocol_and_the_run_ends(monkeypatch):
    from harness.run import run_suite
    from harness.verdicts.settings import CheckSettings

    monkeypatch.setenv("PYTHONPATH", str(ROOT))
    res = run_suite(CheckSettings(games=("dnup",), engine=f"cmd:{sys.executable} {CANDIDATE} crash dnup",
                                  clauses=("DNP-TWO-START",)), extra_args=ONLY_SCENARIOS)
    failed = [r for r in res.records if r["outcome"] == "failed"]
    assert failed, res.records
    for r in failed:
        assert r["blamed"] == ["PROTOCOL"], r
        assert "[PROTOCOL] crash:" in r["message"] and "IndexError: list index out of range" in r["message"]
