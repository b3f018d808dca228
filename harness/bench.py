"""Random-playout throughput (``rulecheck bench``): the speed targets live here, not in tests.

``rulecheck bench --protocol`` measures checked transitions/s over the engine protocol
instead (``harness.driver.protocol_bench``).

For each game: several runs of random playouts (uniform legal actions, chance outcomes
from ``engine.chance.sample``), each for a fixed slice of CPU time; plies and games per
CPU-second per run, and their median. A *ply* is one player action; chance events are
counted apart.

Targets are ratios, never absolute speeds: before every run and after the last, the same
process measures a calibration workload (``harness.calibration``: OpenSpiel's C++ hearts
when installed, else a fixed pure-Python workload converted to hearts-equivalent), and each
run's figure is divided by the calibration around it. The JSON carries both the absolute
figures and the ratios.
"""

from __future__ import annotations

import json
import random
import resource
import statistics
import sys
import time

import click
from rich.markup import escape
from rich.table import Table

import specs
from harness.calibration import Calibration
from harness.engines import random_config, reference_engine
from harness.explore.playout import random_playout

#: plies per CPU-second the reference engines must reach, as a multiple of the calibration
#: workload's hearts plies per CPU-second measured in the same run (``harness.calibration``)
TARGET_RATIOS = {"opsnorren": 0.6, "sorry": 0.3, "dnup": 0.45}


def _playout_slice(engine, game: str, rng: random.Random, slice_s: float) -> dict:
    """Random playouts for ``slice_s`` CPU-seconds of this process."""
    plies = events = games = 0
    t0, w0 = time.process_time(), time.perf_counter()
    elapsed = 0.0
    while elapsed < slice_s:
        config = random_config(game, rng)
        _, p, e = random_playout(engine, config, rng)
        plies += p
        events += e
        games += 1
        elapsed = time.process_time() - t0
    return {"plies_per_s": plies / elapsed, "games_per_s": games / elapsed,
            "chance_per_s": events / elapsed, "plies": plies, "games": games,
            "cpu_seconds": round(elapsed, 3), "seconds": round(time.perf_counter() - w0, 3)}


def bench_game(game: str, seconds: float = 5.0, runs: int = 5, seed: int = 0, progress=None,
               calibration: Calibration | None = None) -> dict:
    """``runs`` slices of random playouts, ``seconds`` CPU-seconds in all; per CPU-second figures.

    With a ``calibration``, a slice of its workload (half a run's length) is measured before
    every run and after the last, and each run's plies/s is divided by the hearts-equivalent
    speed of the slices just before and after it: ``ratio_to_hearts`` per run, their median
    judged against ``TARGET_RATIOS``."""
    engine = reference_engine(game)
    rng = random.Random(seed)
    results = []
    slice_s = seconds / runs
    cal_s = max(0.1, slice_s / 2)
    first = calibration.measure(cal_s) if calibration else None
    for run in range(runs):
        r = _playout_slice(engine, game, rng, slice_s)
        if calibration:
            calibration.measure(cal_s)
            hearts = calibration.hearts_per_s_around(first + run)
            r["hearts_per_s"] = round(hearts)
            r["ratio_to_hearts"] = round(r["plies_per_s"] / hearts, 4)
        results.append(r)
        if progress:
            progress(run + 1, runs)
    med = statistics.median(r["plies_per_s"] for r in results)
    target = TARGET_RATIOS.get(game) if calibration else None
    ratio = round(statistics.median(r["ratio_to_hearts"] for r in results), 4) if calibration else None
    out = {
        "game": game,
        "engine": engine.name,
        "runs": results,
        "median_plies_per_s": round(med),
        "median_games_per_s": round(statistics.median(r["games_per_s"] for r in results), 2),
        "median_chance_per_s": round(statistics.median(r["chance_per_s"] for r in results)),
        "ratio_to_hearts": ratio,
        "target_ratio": target,
        "meets_target": None if target is None else ratio >= target,
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
    }
    if calibration:
        out["calibration"] = calibration.summary()
    return out


# ---- the command ---------------------------------------------------------------
@click.command()
@click.option("--game", "-g", type=click.Choice(list(specs.GAMES)), help="one game (default: every game)")
@click.option("--seconds", type=float, default=5.0, show_default=True,
              help="CPU time per game (with --protocol: wall time per run)")
@click.option("--runs", type=int, default=None, help="runs per game, judged on their median  [default: 5; 3 with --protocol]")
@click.option("--json", "as_json", is_flag=True)
@click.option("--check", "enforce", is_flag=True, help="exit 1 when a target is missed")
@click.option("--protocol", is_flag=True, help="checked transitions/s over the subprocess protocol instead")
@click.option("--calibration", type=click.Choice(["auto", "hearts", "python"]), default="auto", show_default=True,
              help="the workload every figure is divided by: OpenSpiel's C++ hearts (rulecheck[anchors]), "
                   "or a fixed pure-Python one; auto picks hearts when OpenSpiel is installed")
def bench(game, seconds, runs, as_json, enforce, protocol, calibration):
    """Random-playout throughput (plies per CPU-second) as a ratio to a calibration workload
    measured in the same run, judged against the targets."""
    from harness.cli import UsageProblem, console, pick_games

    games = pick_games(game)
    try:
        cal = Calibration(None if calibration == "auto" else calibration)
    except RuntimeError as exc:
        raise UsageProblem(str(exc)) from exc
    if protocol:
        _bench_protocol(games, seconds, 3 if runs is None else runs, as_json, enforce, cal)
        return
    results = [bench_game(g, seconds=seconds, runs=5 if runs is None else runs, calibration=cal) for g in games]
    if as_json:
        click.echo(json.dumps(results, indent=1))
    else:
        table = Table(title="random playouts, per CPU-second (median of runs)")
        for col in ("game", "plies/s", "x hearts", "target", "verdict", "games/s", "chance/s", "peak RSS MB"):
            table.add_column(col, justify="right" if col not in ("game", "verdict") else "left")
        for r in results:
            table.add_row(r["game"], f"{r['median_plies_per_s']:,}", f"{r['ratio_to_hearts']:.3f}",
                          f"{r['target_ratio']:.2f}x", _verdict(r["meets_target"]), f"{r['median_games_per_s']:,}",
                          f"{r['median_chance_per_s']:,}", str(r["peak_rss_mb"]))
        console.print(table)
        _print_calibration(console, cal)
    if enforce and any(r["meets_target"] is False for r in results):
        sys.exit(1)


def _verdict(ok) -> str:
    return "-" if ok is None else ("[green]meets target[/]" if ok else "[red]below target[/]")


def _print_calibration(console, cal: Calibration) -> None:
    summary = cal.summary()
    text = (f"x hearts: each run's figure divided by the calibration measured just before and after it, "
            f"in the same process. Calibration: {summary['workload']}; median {summary['median_per_s']:,} "
            f"{summary['unit']}/s")
    if summary["kind"] != "hearts":
        text += f" = {summary['median_hearts_per_s']:,} hearts plies/s"
    console.print(f"[dim]{escape(text)}.[/]")


def _bench_protocol(games: list[str], seconds: float, runs: int, as_json: bool, enforce: bool,
                    cal: Calibration | None = None) -> None:
    """``bench --protocol``: checked transitions/s of the reference over ``rulecheck serve``."""
    from harness.cli import UsageProblem, console, err_console

    try:
        from harness.driver.protocol_bench import bench_protocol_runs
    except ImportError as exc:
        raise UsageProblem(f"protocol benchmark not available: {exc}") from exc
    runs = max(1, runs)
    results = []
    for g in games:
        if not as_json:
            err_console.print(f"[dim]{g}: {runs} run(s) of {seconds:g} s over rulecheck serve ...[/]")
        results.append(bench_protocol_runs(g, seconds, runs, calibration=cal))
    if as_json:
        click.echo(json.dumps(results, indent=1))
    else:
        table = Table(title=f"checked transitions over the protocol (median of {runs} run(s))")
        for col in ("game", "per s", "x hearts", "target", "verdict", "CPU s/1k", "rc / engine"):
            table.add_column(col, justify="left" if col in ("game", "verdict") else "right")
        for r in results:
            cpu = r["median_cpu_s_per_1k_transitions"]
            ratio, target = r["ratio_to_hearts"], r["target_ratio"]
            table.add_row(r["game"], f"{r['median_transitions_per_s']:,.0f}", "-" if ratio is None else f"{ratio:.3f}",
                          "-" if target is None else f"{target:.2f}x", _verdict(r["meets_target"]),
                          f"{cpu['total']:.3f}", f"{cpu['rulecheck']:.3f} / {cpu['engine']:.3f}")
        console.print(table)
        console.print("[dim]per s: wall clock; x hearts: that over the calibration's speed, judged against "
                      "the target (--json also gives transitions per CPU-second of the busier side and its "
                      "ratio). CPU s/1k: CPU seconds per 1,000 checked transitions, both sides together, then "
                      "rulecheck's and the engine's.[/]")
        if cal is not None:
            _print_calibration(console, cal)
    if enforce and any(r["meets_target"] is False for r in results):
        sys.exit(1)
