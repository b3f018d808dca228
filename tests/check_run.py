"""Run ``rulecheck check`` in a subprocess and read its reports (shared by the no-false-alarm tests)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import specs

PY = sys.executable
#: verdicts that are no alarm
QUIET = ("pass", "not-implemented", "not-applicable")


def check(game: str, engine: str, tmp_path, *extra: str, timeout: int = 900,
          profile: str | None = None) -> tuple[subprocess.CompletedProcess, dict]:
    """The default check (a run's default Hypothesis profile, or ``profile``): (process, JSON report)."""
    report = tmp_path / f"{game}.json"
    env = {k: v for k, v in os.environ.items() if k != "HYPOTHESIS_PROFILE"}
    if profile:
        env["HYPOTHESIS_PROFILE"] = profile
    proc = subprocess.run([PY, "-m", "harness.cli", "check", "--game", game, "--engine", engine, "--failures-only",
                           "--json", str(report), *extra], cwd=specs.ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout)
    assert report.exists(), f"no report:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"
    return proc, json.loads(report.read_text(encoding="utf-8"))


def alarms(report: dict) -> dict[str, str]:
    """Clause -> verdict, for every clause that is not quiet (PROTOCOL and UNEXPLAINED included)."""
    return {c["clause"]: c["verdict"] for c in report["clauses"] if c["verdict"] not in QUIET}


def findings_of(report: dict, clause: str) -> int:
    return sum(c["findings"] for c in report["clauses"] if c["clause"] == clause)


def assert_exercises_every_clause(game: str, report: dict) -> None:
    """A clean run of an engine that declares every config: every implemented clause exercised at
    least ``THIN`` times by the transitions it explored, every declared config value played, and
    every declared clause pair met in one transition (``coverage.pairs``, ``specs/<game>/pairs.toml``)."""
    from harness.explore.coverage import THIN, implemented

    counts = report["coverage"]["clauses"]
    thin = {c: counts.get(c, 0) for c in implemented(game) if counts.get(c, 0) < THIN}
    assert not thin and not report["coverage"]["thinly_covered"], f"thinly covered: {thin}"
    config = report["coverage"]["config"]  # every declared config value played (and the engine's readings)
    assert config["values"] and not config["not_reached"], f"config values never played: {config['not_reached']}"
    pairs = report["coverage"]["pairs"]  # every declared clause pair met in one transition (specs/<game>/pairs.toml)
    assert pairs["declared"] and not pairs["not_reached"], f"clause pairs never reached: {pairs['not_reached']}"
