"""Exploration is reproducible across modes: the same engine, seed and profile visit
the same transitions in-process and over the protocol.

Every exploring test (stateful machines, differential play, situations) keeps a digest of
the sequence of states it visited and actions it played; ``rulecheck check --json`` lists it
per test under ``coverage.explored``. The reference checked in-process (``reference``) and
served over the protocol (``cmd:... harness.serve``) must give the same digests, test for
test: an engine caught in one mode is caught in the other. Under ``failfast`` to stay short;
the mechanism is the same under every profile.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import specs
from harness.engines import available_games

GAME = "dnup" if "dnup" in available_games() else available_games()[0]


def explored(engine: str, tmp_path, name: str) -> dict:
    out = tmp_path / f"{name}.json"
    env = {**os.environ, "HYPOTHESIS_PROFILE": "failfast"}
    proc = subprocess.run([sys.executable, "-m", "harness.cli", "check", "--game", GAME, "--engine", engine,
                           "--failures-only", "--json", str(out)], cwd=specs.ROOT, env=env, capture_output=True,
                          text=True, timeout=900)
    assert out.exists(), proc.stdout[-2000:] + proc.stderr[-2000:]
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["ok"], proc.stdout[-2000:]
    if engine == "reference":  # in-process the reference plays every reading: every declared value is reached
        assert not report["coverage"]["config"]["not_reached"], report["coverage"]["config"]["not_reached"]
    return report["coverage"]["explored"]


def test_in_process_and_protocol_runs_visit_the_same_transitions(tmp_path):
    here = explored("reference", tmp_path, "in-process")
    served = explored(f"cmd:{sys.executable} -m harness.serve --game {GAME}", tmp_path, "protocol")
    kinds = {k.split("::")[0].rsplit("/", 1)[-1] for k in here}
    assert {f"test_{GAME}_machine.py", "test_all_differential.py", "test_all_situations.py"} <= kinds, kinds
    assert sum(e["transitions"] for e in here.values()) > 500
    # a test needing a reading the served engine does not declare is not applicable over the protocol
    assert set(served) <= set(here) and len(served) >= 0.8 * len(here), sorted(set(here) - set(served))
    differ = [k for k in served if here[k] != served[k]]
    assert not differ, f"explored differently over the protocol: {differ[:5]}"
