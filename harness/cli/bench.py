"""``rulecheck bench``: random-playout throughput against the targets (``harness.bench``), or with
``--protocol`` checked transitions/s over the engine protocol (``harness.driver.protocol_bench``)."""

from __future__ import annotations

import json
import sys

import click
from rich.table import Table

import specs
from harness.bench import bench_game
from harness.cli.common import UsageProblem, console, err_console, pick_games


@click.command()
@click.option("--game", "-g", type=click.Choice(list(specs.GAMES)), help="one game (default: every game)")
@click.option("--seconds", type=float, default=5.0, show_default=True, help="time per game (with --protocol: per run)")
@click.option("--runs", type=int, default=None, help="runs per game, judged on their median  [default: 5; 3 with --protocol]")
@click.option("--json", "as_json", is_flag=True)
@click.option("--check", "enforce", is_flag=True, help="exit 1 when a target is missed")
@click.option("--protocol", is_flag=True, help="checked transitions/s over the subprocess protocol instead")
def bench(game, seconds, runs, as_json, enforce, protocol):
    """Random-playout throughput (plies/s, games/s) against the targets."""
    games = pick_games(game)
    if protocol:
        _bench_protocol(games, seconds, 3 if runs is None else runs, as_json, enforce)
        return
    results = [bench_game(g, seconds=seconds, runs=5 if runs is None else runs) for g in games]
    if as_json:
        click.echo(json.dumps(results, indent=1))
    else:
        table = Table(title="random playouts (median of runs)")
        for col in ("game", "plies/s", "games/s", "chance/s", "target", "verdict", "peak RSS MB"):
            table.add_column(col, justify="right" if col not in ("game", "verdict") else "left")
        for r in results:
            ok = r["meets_target"]
            verdict = "-" if ok is None else ("[green]meets target[/]" if ok else "[red]below target[/]")
            table.add_row(r["game"], f"{r['median_plies_per_s']:,}", f"{r['median_games_per_s']:,}",
                          f"{r['median_chance_per_s']:,}", f"{r['target_plies_per_s']:,}", verdict, str(r["peak_rss_mb"]))
        console.print(table)
    if enforce and any(r["meets_target"] is False for r in results):
        sys.exit(1)


def _bench_protocol(games: list[str], seconds: float, runs: int, as_json: bool, enforce: bool) -> None:
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
        results.append(bench_protocol_runs(g, seconds, runs))
    if as_json:
        click.echo(json.dumps(results, indent=1))
    else:
        table = Table(title=f"checked transitions/s over the protocol (median of {runs} run(s))")
        for col in ("game", "median/s", "best/s", "us rulecheck", "us engine", "target", "verdict",
                    "in-process plies/s"):
            table.add_column(col, justify="left" if col in ("game", "verdict") else "right")
        for r in results:
            ok = r["meets_target"]
            us = r["median_us_per_transition"]
            verdict = "-" if ok is None else ("[green]meets target[/]" if ok else "[red]below target[/]")
            table.add_row(r["game"], f"{r['median_transitions_per_s']:,.0f}", f"{r['best_transitions_per_s']:,.0f}",
                          f"{us['rulecheck']:.0f}", f"{us['engine']:.0f}", f"{r['target_transitions_per_s']:,}",
                          verdict, f"{r['in_process_plies_per_s']:,}")
        console.print(table)
        console.print("[dim]us: CPU microseconds per checked transition on each side. In-process plies/s, "
                      "measured just before: far below rulecheck bench's usual figure, the machine is slow "
                      "at the moment (docs/protocol.md, Throughput).[/]")
    if enforce and any(r["meets_target"] is False for r in results):
        sys.exit(1)
