"""The example engines in examples/ pass the full default `rulecheck check` over the protocol.

They are the templates a stranger starts from, written from docs/protocol.md and specs/
alone; a harness or docs change that makes a correct example fail is a false alarm a
stranger would meet first. Each example runs the whole default check (scenarios,
machines, differential play, situations, perft, vectors) as `rulecheck check` does, and
must end PASS with no failing clause and no PROTOCOL finding.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed (node not on PATH)")

EXAMPLES = {
    "sorry": "examples/node-sorry/engine.js",
}


@pytest.mark.parametrize("game", sorted(EXAMPLES))
def test_example_engine_passes_the_full_default_check(game, tmp_path):
    report = tmp_path / "report.json"
    engine = f"cmd:node {EXAMPLES[game]}"
    run = subprocess.run(
        [sys.executable, "-m", "harness.cli", "check", "--game", game, "--engine", engine, "--json", str(report)],
        cwd=ROOT, capture_output=True, text=True, timeout=900,
    )
    assert report.exists(), f"no report; exit {run.returncode}\n{run.stdout[-3000:]}\n{run.stderr[-3000:]}"
    data = json.loads(report.read_text())
    verdicts = {c["clause"]: c["verdict"] for c in data["clauses"]}
    failing = {cid: v for cid, v in verdicts.items() if v not in ("pass", "not-applicable", "not-implemented")}
    assert failing == {}, f"{EXAMPLES[game]}: clauses that do not pass: {failing}\n{run.stdout[-4000:]}"
    protocol = next(c for c in data["clauses"] if c["clause"] == "PROTOCOL")
    assert protocol["verdict"] == "pass" and not protocol["findings"], protocol
    assert sum(v for k, v in data["engine_counts"].items() if k.startswith("fault:")) == 0, data["engine_counts"]
    assert data["ok"] is True and data["not_run"] in ([], 0, None), (data["ok"], data["not_run"])
    assert run.returncode == 0 and run.stdout.rstrip().endswith("PASS: every covered clause passes"), run.stdout[-2000:]
    # the suite really ran: its tests passed, not merely skipped or not applicable
    assert data["tests"]["failed"] == 0 and data["tests"]["passed"] > data["tests"]["not_applicable"], data["tests"]
