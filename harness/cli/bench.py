"""``rulecheck bench``: random-playout throughput as a ratio to a calibration workload measured in
the same run (``harness.bench``, ``harness.calibration``), or with ``--protocol`` checked
transitions/s over the engine protocol (``harness.driver.protocol_bench``)."""

from __future__ import annotations

import json
import sys

import click
from rich.markup import escape
from rich.table import Table

import specs
from harness.bench import bench_game
from harness.calibration import Calibration
from harness.cli.common import UsageProblem, console, err_console, pick_games


@click.command()
@click.option("--game", "-g", type=click.Choice(list(specs.GAMES)), help="one game (default: every game)")
@click.option("--seconds", type=float, default=5.0, show_default=True,
              help="CPU time per game (with --protocol: wall time per run)")
@click.option("--runs", type=int, default=None, help="runs per game, judged on their median  [default: 5; 3 with --protocol]")
@click.option("--json", "as_json", is_flag=True)
@click.option("--check", "enforce", is_flag=True, help="exit 1 when a target is missed")
@click.option("--protocol", is_flag=True, help="checked transitions/s over the subprocess protocol instead")
@click.option("--stateless", is_flag=True,
              help="with --protocol: send every state back whole, as `rulecheck check` does, instead of by ref "
                   "(feature state-ref)")
@click.option("--calibration", type=click.Choice(["auto", "hearts", "python"]), default="auto", show_default=True,
              help="the workload every figure is divided by: OpenSpiel's C++ hearts (rulecheck[anchors]), "
                   "or a fixed pure-Python one; auto picks hearts when OpenSpiel is installed")
@click.option("--check-time", is_flag=True,
              help="the time of the default `rulecheck check` per game instead (a minute or more per game)")
@click.option("--engine", "-e", default=None,
              help="with --check-time: also time the check of this engine (as `check -e`), as a multiple of the reference's")
def bench(game, seconds, runs, as_json, enforce, protocol, stateless, calibration, check_time, engine):
    """Random-playout throughput (plies per CPU-second) as a ratio to a calibration workload
    measured in the same run, judged against the targets."""
    games = pick_games(game)
    try:
        cal = Calibration(None if calibration == "auto" else calibration)
    except RuntimeError as exc:
        raise UsageProblem(str(exc)) from exc
    if engine is not None and not check_time:
        raise UsageProblem("--engine is for --check-time (the playout and protocol figures are the reference's)")
    if check_time:
        _bench_check_time(games, engine, as_json, cal)
        return
    if protocol:
        _bench_protocol(games, seconds, 3 if runs is None else runs, as_json, enforce, cal, state_refs=not stateless)
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


def _bench_check_time(games: list[str], engine: str | None, as_json: bool, cal: Calibration) -> None:
    """``bench --check-time``: the default ``rulecheck check`` per game (``harness.check_time``)."""
    from harness.check_time import check_times

    def progress(game, who):
        if not as_json:
            err_console.print(f"[dim]{game}: rulecheck check -e {escape(who)} ...[/]")

    results = check_times(games, engine, calibration=cal, progress=progress)
    if as_json:
        click.echo(json.dumps(results, indent=1))
        return
    table = Table(title="the default rulecheck check, per game")
    cols = ["game", "reference CPU s", "wall s", "M hearts plies"]
    if engine is not None:
        cols += ["candidate CPU s", "wall s", "x reference (CPU)", "x reference (wall)"]
    for col in cols:
        table.add_column(col, justify="left" if col == "game" else "right")
    for r in results:
        ref = r["reference"]
        row = [r["game"], f"{ref['cpu_s']:.1f}", f"{ref['wall_s']:.1f}", f"{ref.get('hearts_mplies', 0):.1f}"]
        if "candidate" in r:
            c = r["candidate"]
            row += [f"{c['cpu_s']:.1f}", f"{c['wall_s']:.1f}", f"{r['multiple_cpu']:.2f}x", f"{r['multiple_wall']:.2f}x"]
        table.add_row(*row)
    console.print(table)
    failed = [f"{r['game']} ({who})" for r in results for who in ("reference", "candidate")
              if who in r and r[who]["exit_code"] not in (0, 1)]
    if failed:
        err_console.print(f"[red]the check did not run to its end for: {', '.join(failed)}[/]")
    console.print("[dim]CPU s: the check's process and every process it waited for; M hearts plies: that CPU time "
                  "times the calibration's speed around it (steadier than seconds on a shared machine).[/]")
    _print_calibration(console, cal)


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
                    cal: Calibration | None = None, state_refs: bool = True) -> None:
    """``bench --protocol``: checked transitions/s of the reference over ``rulecheck serve``."""
    try:
        from harness.driver.protocol_bench import bench_protocol_runs
    except ImportError as exc:
        raise UsageProblem(f"protocol benchmark not available: {exc}") from exc
    runs = max(1, runs)
    results = []
    for g in games:
        if not as_json:
            err_console.print(f"[dim]{g}: {runs} run(s) of {seconds:g} s over rulecheck serve ...[/]")
        results.append(bench_protocol_runs(g, seconds, runs, calibration=cal, state_refs=state_refs))
    if as_json:
        click.echo(json.dumps(results, indent=1))
    else:
        how = "states sent back by ref" if state_refs else "every state sent whole"
        table = Table(title=f"checked transitions over the protocol, {how} (median of {runs} run(s))")
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
