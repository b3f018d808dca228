"""``bench --protocol --json`` splits the time between rulecheck and the engine."""

from __future__ import annotations

import json
import sys

import pytest

from harness.driver.protocol_bench import bench_protocol


def test_the_bench_reports_the_time_split_of_both_sides():
    r = bench_protocol(f"{sys.executable} -m harness.serve --game sorry", "sorry", 0.6, parallel=16)
    assert r["transitions"] > 0 and r["errors"] == 0 and sum(r["faults"].values()) == 0
    us, share = r["us_per_transition"], r["cpu_share"]
    assert us["rulecheck"] > 0 and us["engine"] > 0  # both sides did work and it was measured
    assert abs(us["rulecheck"] * r["transitions"] / 1e6 - r["cpu_rulecheck"]) < 0.01
    assert abs(us["engine"] * r["transitions"] / 1e6 - r["cpu_engine"]) < 0.01
    assert abs(share["rulecheck"] + share["engine"] - 1) < 0.002
    busier = max(r["cpu_rulecheck"], r["cpu_engine"])  # rounded to milliseconds: the figure is from the exact ones
    assert abs(r["transitions_per_busier_cpu_second"] - r["transitions"] / busier) <= r["transitions"] / busier * 0.0005 / busier + 1
    assert r["load_average"] >= 0


def test_bench_protocol_judges_the_median_of_its_runs_against_the_target(monkeypatch):
    """``rulecheck bench --protocol --check`` fails on the median of its runs, not the best one,
    and gives the in-process speed of the moment beside it (a slow machine, not slow code)."""
    import harness.driver.protocol_bench as pb
    from click.testing import CliRunner

    from harness.cli import cli

    import harness.calibration as cal

    figures = iter([16_000.0, 9_000.0, 14_000.0])

    def fake(cmd, game, seconds, **kw):
        return {"engine": "ref", "transitions_per_second": next(figures), "load_average": 0.5,
                "transitions_per_busier_cpu_second": 20_000.0, "us_per_transition": {"rulecheck": 40.0, "engine": 50.0}}

    monkeypatch.setattr(pb, "bench_protocol", fake)
    monkeypatch.setattr(pb, "_in_process_plies_per_s", lambda game: 40_000)
    # a calibration of exactly 125,000 hearts plies/s: the best run passes 0.12x, the median does not
    monkeypatch.setattr(cal, "python_workload", lambda seconds, seed=0: {"units": 1, "cpu_seconds": seconds,
                                                                        "per_s": 125_000 / cal.HEARTS_PER_PYTHON_UNIT})
    res = CliRunner().invoke(cli, ["bench", "--protocol", "-g", "sorry", "--runs", "3", "--check", "--json",
                                   "--calibration", "python"])
    assert res.exit_code == 1, res.output
    got = json.loads(res.output)[0]
    assert got["median_transitions_per_s"] == 14_000.0 and got["best_transitions_per_s"] == 16_000.0
    assert [r["ratio_to_hearts"] for r in got["runs"]] == [0.128, 0.072, 0.112]
    assert got["ratio_to_hearts"] == 0.112 and got["cpu_ratio_to_hearts"] == 0.16
    assert got["target_ratio"] == pb.TARGET_RATIO == 0.12 and got["meets_target"] is False
    assert got["median_cpu_s_per_1k_transitions"] == {"total": 0.09, "rulecheck": 0.04, "engine": 0.05}
    assert got["in_process_plies_per_s"] == 40_000 and len(got["runs"]) == 3


def test_bench_protocol_runs_a_real_served_engine_each_run():
    from harness.driver.protocol_bench import bench_protocol_runs

    r = bench_protocol_runs("dnup", 0.4, 2, calibrate=False)
    assert [x["errors"] for x in r["runs"]] == [0, 0] and all(x["transitions"] > 0 for x in r["runs"])
    assert r["best_transitions_per_s"] >= r["median_transitions_per_s"] > 0
    assert r["ratio_to_hearts"] is None and r["meets_target"] is None  # no calibration: nothing judged
    cpu = r["median_cpu_s_per_1k_transitions"]
    assert cpu["total"] > 0 and abs(cpu["rulecheck"] + cpu["engine"] - cpu["total"]) < 0.001


BENCH_FIELDS = {"median_plies_per_s", "median_games_per_s", "ratio_to_hearts", "target_ratio", "meets_target",
                "calibration", "runs"}
CALIBRATION_FIELDS = {"kind", "workload", "unit", "hearts_equivalent_per_unit", "slices", "median_per_s",
                      "median_hearts_per_s"}


def _calibrations():
    from harness.calibration import hearts_available

    return ["python"] + (["hearts"] if hearts_available() else [])


@pytest.mark.parametrize("calibration", _calibrations())
def test_bench_json_gives_each_figure_absolute_and_as_a_ratio_to_the_calibration_of_the_same_run(calibration):
    """No timed assertion: only that the figures, the ratios and the calibration are there and agree."""
    from click.testing import CliRunner

    from harness.cli import cli
    from harness.games import get as game_harness

    res = CliRunner().invoke(cli, ["bench", "-g", "sorry", "--seconds", "0.2", "--runs", "2", "--json",
                                   "--calibration", calibration])
    assert res.exit_code == 0, res.output
    (r,) = json.loads(res.output)
    assert BENCH_FIELDS <= set(r) and CALIBRATION_FIELDS <= set(r["calibration"])
    cal = r["calibration"]
    assert cal["kind"] == calibration and len(cal["slices"]) == 3  # before each run and after the last
    assert (cal["hearts_equivalent_per_unit"] == 1.0) is (calibration == "hearts")
    assert r["target_ratio"] == game_harness("sorry").bench_target and r["meets_target"] is (r["ratio_to_hearts"] >= 0.3)
    for run in r["runs"]:
        assert run["plies_per_s"] > 0 and run["hearts_per_s"] > 0 and run["cpu_seconds"] > 0
        assert abs(run["ratio_to_hearts"] - run["plies_per_s"] / run["hearts_per_s"]) < 0.01


def test_bench_protocol_json_gives_ratios_and_cpu_seconds_per_thousand_transitions():
    from click.testing import CliRunner

    from harness.cli import cli

    res = CliRunner().invoke(cli, ["bench", "--protocol", "-g", "dnup", "--seconds", "0.4", "--runs", "1", "--json",
                                   "--calibration", "python"])
    assert res.exit_code == 0, res.output
    (r,) = json.loads(res.output)
    for key in ("median_transitions_per_s", "median_transitions_per_busier_cpu_s", "ratio_to_hearts",
                "cpu_ratio_to_hearts", "target_ratio", "meets_target", "median_cpu_s_per_1k_transitions",
                "calibration"):
        assert key in r, key
    (run,) = r["runs"]
    assert run["transitions"] > 0 and run["ratio_to_hearts"] > 0 and run["hearts_per_s"] > 0
    assert set(run["cpu_s_per_1k_transitions"]) == {"total", "rulecheck", "engine"}
    assert r["calibration"]["kind"] == "python" and len(r["calibration"]["slices"]) == 2


def test_the_python_calibration_workload_is_fixed():
    """The same seed plays the same games: the workload is a fixed amount of work per unit."""
    import random

    from harness.calibration import _python_playout

    assert _python_playout(random.Random(3)) == _python_playout(random.Random(3)) == 52
