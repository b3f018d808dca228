"""The conformance suite catches deliberately broken Sorry! engines, each on the clause it breaks.

Each engine of tests/broken/sorry.py runs through the Sorry! features and the stateful
machine in a subprocess (``--rulecheck-engine py:tests.broken.sorry:make_<name>``) under the
``failfast`` Hypothesis profile; its JSON report must show a failed test that checks and
blames the broken clause. The runs share one fixture and go one per core.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.broken.sorry import BROKEN

ROOT = Path(__file__).resolve().parent.parent
SUITE = ["harness/suite/test_sorry_features.py", "harness/suite/test_sorry_machine.py"]


def run_suite_on(name: str, report: Path) -> dict:
    """Run the Sorry! suite against ``make_<name>``; the parsed --rulecheck-report."""
    cmd = [sys.executable, "-m", "pytest", *SUITE, "-q", "-p", "no:cacheprovider",
           "--rulecheck-engine", f"py:tests.broken.sorry:make_{name}", "--rulecheck-report", str(report)]
    env = {**os.environ, "HYPOTHESIS_PROFILE": "failfast"}
    proc = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    if not report.exists():
        raise AssertionError(f"no report from the suite run on {name}:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}")
    return json.loads(report.read_text(encoding="utf-8"))


def assert_fails_on(report: dict, clause: str, name: str) -> None:
    """The report has a failed test that checks ``clause`` and blames it, and nothing errored."""
    tests = report["tests"]
    errors = [t for t in tests if t["outcome"] == "error"]
    assert not errors, f"{name}: the suite itself broke: {errors[0]['message'][:500]}"
    hits = [t for t in tests if t["outcome"] == "failed" and clause in t["clauses"] and clause in t["blamed"]]
    blamed = sorted({c for t in tests if t["outcome"] == "failed" for c in t["blamed"]})
    assert hits, f"{name} breaks {clause}, but no failing test blames it (blamed: {blamed})"


@pytest.fixture(scope="module")
def reports(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("sorry-broken")
    names = sorted(BROKEN)
    with ThreadPoolExecutor(max_workers=max(1, os.cpu_count() or 1)) as pool:
        return dict(zip(names, pool.map(lambda n: run_suite_on(n, tmp / f"{n}.json"), names)))


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_the_suite_catches_the_broken_engine(reports, name):
    _, clause = BROKEN[name]
    assert_fails_on(reports[name], clause, name)

