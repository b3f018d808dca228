"""The Node Dnup example (examples/node-engine/engine.js) passes the whole default ``rulecheck check``,
under both readings of the one Dnup choice. It differs from the reference in notation only
(docs/protocol.md N1, N6: it plays a set given out of canonical order, and its observation of
a pending deal shows the draws from the public pool), so any failing clause or PROTOCOL
finding here is a false alarm of rulecheck, or the example fell behind the protocol.
"""

from __future__ import annotations

import shutil

import pytest

from tests.check_run import alarms, check

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed (node not on PATH)")

ENGINE = "cmd:node examples/node-engine/engine.js"


@pytest.mark.parametrize("reading", ["illegal", "consequence"])
def test_the_node_example_passes_the_full_check(reading, tmp_path):
    proc, report = check("dnup", ENGINE, tmp_path, "--choice", f"dnup.add-conflict={reading}")
    assert alarms(report) == {}, proc.stdout[-4000:]
    assert proc.returncode == 0 and report["ok"], proc.stdout[-4000:]
    assert report["tests"]["failed"] == 0 and report["tests"]["passed"] > 100
