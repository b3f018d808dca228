"""The example engines in examples/ pass the full default ``rulecheck check`` over the protocol.

They are the templates a stranger starts from, written from docs/protocol.md and specs/
alone, with internal choices of their own (the order of actions and of cards inside a set,
key order, error wording, how public information is shown). A harness or docs change that
makes a correct example fail is a false alarm a stranger would meet first: each runs the
whole default check (scenarios, machines, differential play, situations, perft, vectors)
and must end PASS with no failing clause, no PROTOCOL finding and no engine fault.

- ``examples/node-engine`` (Dnup), under both readings of the one Dnup choice (the second in
  the campaign): it plays a set given out of canonical order and shows the draws of a pending
  deal from the public pool (docs/protocol.md N1, N6);
- ``examples/node-sorry`` (Sorry!), base game, team and points play. It declares every config
  the reference does, so its run is also Sorry!'s served clean run: every implemented clause
  exercised and every config value played (the served reference's own run then is left to the
  campaign, ``tests/test_broken_engines.py``).
"""

from __future__ import annotations

import shutil

import pytest

from tests.check_run import alarms, assert_exercises_every_clause, check

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed (node not on PATH)")

EXAMPLES = [
    ("dnup", "examples/node-engine/engine.js", ("--choice", "dnup.add-conflict=illegal")),
    # the other reading of the same engine: the reference under it is checked clean in CI
    # (tests/test_reference_readings.py), this Node.js run in the campaign (pytest -m campaign)
    pytest.param("dnup", "examples/node-engine/engine.js", ("--choice", "dnup.add-conflict=consequence"),
                 marks=pytest.mark.campaign),
    ("sorry", "examples/node-sorry/engine.js", ()),
]
#: the games whose example declares every config the reference does
FULL_EXAMPLE_GAMES = ("sorry",)


@pytest.mark.parametrize("game, script, extra", EXAMPLES, ids=["dnup-illegal", "dnup-consequence", "sorry"])
def test_the_example_engine_passes_the_full_default_check(game, script, extra, tmp_path):
    proc, report = check(game, f"cmd:node {script}", tmp_path, *extra)
    assert alarms(report) == {}, f"{script}: clauses that do not pass\n{proc.stdout[-4000:]}"
    protocol = next(c for c in report["clauses"] if c["clause"] == "PROTOCOL")
    assert protocol["verdict"] == "pass" and not protocol["findings"], protocol
    assert sum(v for k, v in report["engine_counts"].items() if k.startswith("fault:")) == 0, report["engine_counts"]
    assert report["ok"] is True and not report["root_causes"] and report["not_run"] in (0, None)
    assert proc.returncode == 0 and proc.stdout.rstrip().endswith("PASS: every covered clause passes"), proc.stdout[-2000:]
    # the suite really ran: its tests passed, not merely skipped or not applicable
    assert report["tests"]["failed"] == 0 and report["tests"]["passed"] > report["tests"]["not_applicable"]
    if game in FULL_EXAMPLE_GAMES:
        assert_exercises_every_clause(game, report)
