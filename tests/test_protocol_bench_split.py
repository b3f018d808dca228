"""``bench --protocol --json`` splits the time between rulecheck and the engine (issue 13)."""

from __future__ import annotations

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
