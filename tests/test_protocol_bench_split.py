"""``bench --protocol --json`` splits the time between rulecheck and the engine."""

from __future__ import annotations

import json
import sys

from harness.driver.protocol_bench import bench_protocol


def test_the_bench_reports_the_time_split_of_both_sides():
    r = bench_protocol(f"{sys.executable} -m harness.serve --game sorry", "sorry", 0.6, parallel=16)
    assert r["transitions"] > 0 and r["errors"] == 0 and sum(r["faults"].values()) == 0
    us, share = r["us_per_transition"], r["cpu_share"]
    assert us["rulecheck"] > 0 and us["engine"] > 0  # both sides did work and it was measured
    assert abs(us["rulecheck"] * r["transitions"] / 1e6 - r["cpu_rulecheck"]) < 0.01
    assert abs(us["engine"] * r["transitions"] / 1e6 - r["cpu_engine"]) < 0.01
    assert abs(share["rulecheck"] + share["engine"] - 1) < 0.002
    busier = max(r["cpu_rulecheck"], r["cpu_engine"])
    assert abs(r["transitions_per_busier_cpu_second"] - r["transitions"] / busier) < 1
    assert r["load_average"] >= 0


def test_bench_protocol_judges_the_median_of_its_runs_against_the_target(monkeypatch):
    """``rulecheck bench --protocol --check`` fails on the median of its runs, not the best one,
    and gives the in-process speed of the moment beside it (a slow machine, not slow code)."""
    import harness.driver.protocol_bench as pb
    from click.testing import CliRunner

    from harness.cli import cli

    figures = iter([16_000.0, 9_000.0, 14_000.0])

    def fake(cmd, game, seconds, **kw):
        return {"engine": "ref", "transitions_per_second": next(figures), "load_average": 0.5,
                "us_per_transition": {"rulecheck": 40.0, "engine": 50.0}}

    monkeypatch.setattr(pb, "bench_protocol", fake)
    monkeypatch.setattr(pb, "_in_process_plies_per_s", lambda game: 40_000)
    res = CliRunner().invoke(cli, ["bench", "--protocol", "-g", "sorry", "--runs", "3", "--check", "--json"])
    assert res.exit_code == 1, res.output
    got = json.loads(res.output)[0]
    assert got["median_transitions_per_s"] == 14_000.0 and got["best_transitions_per_s"] == 16_000.0
    assert got["target_transitions_per_s"] == pb.TARGET_TRANSITIONS_PER_S and got["meets_target"] is False
    assert got["in_process_plies_per_s"] == 40_000 and len(got["runs"]) == 3


def test_bench_protocol_runs_a_real_served_engine_each_run():
    from harness.driver.protocol_bench import bench_protocol_runs

    r = bench_protocol_runs("dnup", 0.4, 2, calibrate=False)
    assert [x["errors"] for x in r["runs"]] == [0, 0] and all(x["transitions"] > 0 for x in r["runs"])
    assert r["best_transitions_per_s"] >= r["median_transitions_per_s"] > 0
    assert r["meets_target"] is (r["median_transitions_per_s"] >= r["target_transitions_per_s"])
