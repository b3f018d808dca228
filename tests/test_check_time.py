"""``rulecheck bench --check-time``: the default check's time per game, a candidate's as a
multiple of the reference's (``harness.check_time``)."""

from __future__ import annotations

import json

from click.testing import CliRunner

import harness.check_time as ct
from harness.calibration import Calibration
from harness.cli import cli


def test_a_check_is_timed_in_a_child_process_with_the_calibration_around_it():
    """One clause's check (the real ``rulecheck check`` in a child process): it runs to its end, and its
    CPU time is converted by the calibration measured around it."""
    cal = Calibration("python")
    r = ct.time_check("dnup", extra=["--clause", "DNP-PLAYER-COUNT"], calibration=cal)
    assert r["exit_code"] == 0, r
    assert r["cpu_s"] > 0 and r["wall_s"] > 0
    assert r["hearts_per_s"] > 0
    assert abs(r["hearts_mplies"] - r["cpu_s"] * r["hearts_per_s"] / 1e6) < 0.02


def test_the_candidate_is_given_as_a_multiple_of_the_reference(monkeypatch):
    times = {"reference": (10.0, 12.0), "cmd:slow": (25.0, 36.0)}

    def fake(game, engine="reference", extra=None, calibration=None):
        cpu, wall = times[engine]
        return {"game": game, "engine": engine, "exit_code": 0, "cpu_s": cpu, "wall_s": wall}

    monkeypatch.setattr(ct, "time_check", fake)
    out = CliRunner().invoke(cli, ["bench", "--check-time", "-g", "sorry", "-e", "cmd:slow", "--json",
                                   "--calibration", "python"])
    assert out.exit_code == 0, out.output
    (row,) = json.loads(out.output)
    assert row["game"] == "sorry" and row["multiple_cpu"] == 2.5 and row["multiple_wall"] == 3.0
    assert row["reference"]["cpu_s"] == 10.0 and row["candidate"]["engine"] == "cmd:slow"


def test_engine_without_check_time_is_a_usage_error():
    out = CliRunner().invoke(cli, ["bench", "-e", "cmd:x", "-g", "dnup", "--calibration", "python"])
    assert out.exit_code != 0 and "--check-time" in out.output
