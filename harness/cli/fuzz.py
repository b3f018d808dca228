"""``rulecheck fuzz``: a conformance campaign for a time budget on Dask workers.

Registered on the ``rulecheck`` group by ``harness.cli``.
"""

from __future__ import annotations

import json
import os
import sys

import click

from harness.cli.common import UsageProblem, _choice_prefix, _probe_engine, err_console, parse_choices, pick_games
from harness.sanitize import terminal

#: the campaign's default time budget (``--budget``)
DEFAULT_BUDGET = "5m"


def _seconds(text: str) -> float:
    from dask.utils import parse_timedelta

    try:
        s = float(parse_timedelta(text, default="s"))
    except (ValueError, TypeError) as exc:
        raise UsageProblem(f"--budget {text!r}: write a duration such as 90s, 30m or 2h ({exc})") from None
    if s <= 0:
        raise UsageProblem(f"--budget {text!r}: the budget must be positive")
    return s


class _Bar:
    """A rich progress bar over the budget: transitions, findings and coverage as they grow."""

    def __init__(self, budget: float, console):
        from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

        self.p = Progress(TextColumn("fuzz"), BarColumn(), TimeElapsedColumn(), TextColumn("{task.description}"),
                          console=console, transient=True)
        self.budget = budget
        self.task = None

    def __enter__(self):
        self.p.__enter__()
        self.task = self.p.add_task("starting the cluster", total=self.budget)
        return self

    def __exit__(self, *exc):
        return self.p.__exit__(*exc)

    def __call__(self, s) -> None:
        cov = sum(1 for n in s.coverage.values() if n)
        self.p.update(self.task, completed=min(self.budget, s.explore_seconds),
                      description=f"{s.transitions:,} transitions ({s.per_second:,.0f}/s), {s.workers} workers, "
                                  f"{len(s.clauses_found())} clause(s) with findings, {cov} clauses exercised")


@click.command()
@click.option("--game", "-g", required=True, help="the game to explore")
@click.option("--engine", "-e", default="reference", show_default=True,
              help="engine under test: reference | py:<module>:<factory> | cmd:<command line>")
@click.option("--choice", "-c", multiple=True, metavar="ID=OPTION", help="reading of an ambiguous rule (repeatable)")
@click.option("--budget", default=DEFAULT_BUDGET, show_default=True, help="how long to explore: 90s, 30m, 2h")
@click.option("--scheduler", default=None, metavar="tcp://HOST:8786",
              help="an existing Dask scheduler (default: start a local cluster)")
@click.option("--workers", type=click.IntRange(min=1), default=None,
              help="local cluster: worker processes (default: one per core)")
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default=None,
              help="folder for the regression vectors and campaign.json (default: fuzz-<game>)")
@click.option("--slice", "slice_seconds", type=click.FloatRange(min=1.0), default=None,
              help="seconds one task explores before reporting back (default 10)")
@click.option("--json", "as_json", is_flag=True, help="print the campaign summary as JSON")
def fuzz(game, engine, choice, budget, scheduler, workers, out_dir, slice_seconds, as_json):
    """Explore an engine for a time budget, sharded by seed over Dask workers.

    Every check of differential play (legal sets, chance, observations, negative probes,
    re-asked requests, successors) runs in every state of seeded random games and situation
    starts. Findings are kept per clause and check, shrunk, and saved as vectors in --out
    as they are found (Ctrl-C keeps them); `rulecheck check --vectors DIR` replays them.
    Exit status: 0 no finding, 1 findings, 130 interrupted.
    """
    from harness.campaign.driver import SLICE, run_campaign
    from rich.markup import escape

    import specs

    pick_games(game)
    choices = parse_choices(choice)
    specs.resolve_choices(game, {k: v for k, v in choices.items() if k.split(".")[0] == _choice_prefix(game)})
    _probe_engine(engine, game, choices)
    if scheduler and workers:
            raise UsageProblem("--workers starts a local cluster; with --scheduler the cluster's workers are used")
    seconds = _seconds(budget)
    out = out_dir or f"fuzz-{game}"
    with _Bar(seconds, err_console) as bar:
        summary = run_campaign(game, engine, choices, seconds, out, scheduler, workers or os.cpu_count() or 1,
                               slice_seconds or SLICE, progress=bar)
    report = summary.to_json()
    if as_json:
        click.echo(json.dumps(report, indent=1, ensure_ascii=False))
    else:
        con = err_console
        con.print(f"[bold]rulecheck fuzz[/] {game} engine={escape(engine)}: {report['transitions']:,} transitions "
                  f"in {report['explore_seconds']} s ({report['transitions_per_s']:,}/s) on {report['workers']} "
                  f"worker(s), {report['games']} games; {report['coverage']['exercised']} of "
                  f"{report['coverage']['implemented']} clauses exercised")
        for clause, by_check in report["findings"].items():
            for check, f in by_check.items():
                con.print(f"[bold red]{escape(clause)}[/] ({check}, {f['count']} finding(s)): "
                          f"{escape(terminal(f['message'][:200]))}  -> {escape(str(f['vector']))} ({f['steps']} step(s))")
        for e in report["errors"]:
            con.print(f"[bold red]error[/] {escape(json.dumps(e)[:400])}")
        con.print(f"vectors and campaign.json in {escape(out)}; replay: rulecheck check --game {game} "
                  f"--engine ... --vectors {escape(out)}")
    if summary.interrupted:
        sys.exit(130)
    sys.exit(1 if report["findings"] else 0)
