"""The ``rulecheck`` command line: check, play, trace, bench, serve, prove, ambiguities.

Every command turns bad input into one clear ``error:`` line and exit status 2;
never a bare traceback (``--debug`` shows it).
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import time

import click
from rich.markup import escape
from rich.table import Table

import specs
from engine.errors import RulecheckError
from harness.engines import EngineSpecError
from harness.cli.common import (  # noqa: F401  (commands and tests use them from here)
    UsageProblem, _choice_prefix, _probe_engine, _safe, console, err_console, parse_choices, parse_config, pick_games,
)

from harness.verdicts import terminal  # noqa: E402
from harness.verdicts.settings import CheckSettings  # noqa: E402
from harness.verdicts.terminal import VERDICT_STYLE  # noqa: E402


#: rulecheck check --budget: seconds for a whole run (an engine answering just under the deadline
#: every time would otherwise take hours)
DEFAULT_BUDGET = 1800.0


class RulecheckGroup(click.Group):
    def invoke(self, ctx):
        debug = "--debug" in sys.argv
        try:
            return super().invoke(ctx)
        except (click.exceptions.Exit, click.exceptions.Abort, click.ClickException):
            raise
        except (RulecheckError, specs.SpecError, EngineSpecError, UsageProblem) as exc:
            if debug:
                raise
            err_console.print(f"[bold red]error:[/] {escape(str(exc))}")
            ctx.exit(2)
        except KeyboardInterrupt:
            err_console.print("[yellow]interrupted[/]")
            ctx.exit(130)
        except Exception as exc:  # an internal error: still one clear line
            if debug:
                raise
            err_console.print(f"[bold red]internal error:[/] {type(exc).__name__}: {escape(str(exc))} "
                              "(rerun with --debug for the traceback)")
            ctx.exit(3)


def _games_in_words() -> str:
    titles = [specs.TITLES[g] for g in specs.GAMES]
    return ", ".join(titles[:-1]) + " and " + titles[-1] if len(titles) > 1 else "".join(titles)


@click.group(cls=RulecheckGroup, context_settings={"help_option_names": ["-h", "--help"]},
             help=f"rulecheck: rules conformance and formal verification for {_games_in_words()}.")
@click.option("--debug", is_flag=True, help="show tracebacks of internal errors")
def cli(debug):
    pass


# --------------------------------------------------------------------------- check
@cli.command()
@click.option("--game", "-g", help="one game (default: every game)")
@click.option("--engine", "-e", default="reference", show_default=True,
              help="engine under test: reference | py:<module>:<factory> | cmd:<command line>")
@click.option("--choice", "-c", multiple=True, metavar="ID=OPTION", help="reading of an ambiguous rule (repeatable)")
@click.option("--clause", multiple=True, metavar="ID", help="only the tests of these clauses (prefix match)")
@click.option("--tag", multiple=True, metavar="GLOB",
              help="only tests with a matching tag: clause:<id>, choice:<id>=<option>, game:<name> (globs)")
@click.option("--profile", default=None, help="Hypothesis profile: ci (default) or thorough")
@click.option("--json", "json_path", type=click.Path(dir_okay=False), help="write the verdicts as JSON")
@click.option("--junit", "junit_path", type=click.Path(dir_okay=False), help="write JUnit XML (one testcase per clause)")
@click.option("--html", "html_path", type=click.Path(dir_okay=False), help="write one static HTML page")
@click.option("--expect", "expect_path", type=click.Path(dir_okay=False),
              help="known deviations of this engine (TOML [[deviation]] clause/reason)")
@click.option("--all-clauses/--failures-only", default=True, help="list every clause or only the ones not passing")
@click.option("--deadline", type=click.FloatRange(min=0.05), default=None,
              help="cmd: engines: seconds allowed per request (default 5)")
@click.option("--fresh-process", is_flag=True,
              help="cmd: engines: start a new process for every test instead of reusing a healthy one")
@click.option("--budget", type=click.FloatRange(min=0), default=DEFAULT_BUDGET, show_default=True,
              help="seconds for the whole run; tests not run by then are reported as not run (0: no limit)")
@click.option("--sandbox", is_flag=True,
              help="cmd: engines: no network, read-only file system but a scratch folder (Linux: bwrap or unshare)")
@click.option("--vectors", "vectors_dir", type=click.Path(exists=True, file_okay=False), default=None,
              help="replay the campaign vectors of this folder first (rulecheck fuzz --out)")
def check(game, engine, choice, clause, tag, profile, json_path, junit_path, html_path, expect_path, all_clauses,
          deadline, fresh_process, budget, sandbox, vectors_dir=None):
    """Run the conformance suite and give a verdict per rulebook clause.

    A cmd: engine's healthy process is reused across tests by default (the protocol is
    stateless, so an engine must not care; reuse is ~14x faster). A faulty process is
    always killed and replaced. --fresh-process isolates every test.

    An engine that fails to start is a PROTOCOL verdict, with reports (exit 1). Ctrl-C or
    SIGTERM stops the engine and writes every report marked as an interrupted run (exit
    130 or 143); a second one leaves the previous reports as they were.
    """
    from harness.verdicts.report import ExpectationsError, load_expectations

    try:
        expected = load_expectations(expect_path) if expect_path else None
    except ExpectationsError as exc:
        raise UsageProblem(str(exc)) from exc
    settings = CheckSettings(
        games=tuple(pick_games(game)), engine=engine, choices=parse_choices(choice), clauses=clause, tags=tag,
        profile=profile, expected=expected, budget=budget or None, vectors=vectors_dir, deadline=deadline,
        fresh_process=fresh_process, sandbox=sandbox, json_path=json_path, junit_path=junit_path,
        html_path=html_path, all_clauses=all_clauses)
    with _run_settings():
        _check(settings)


#: what ``check`` tells the suite through the environment; restored when it returns, so an
#: in-process caller (a test, a notebook) keeps its own reuse, deadline, sandbox and profile
_RUN_ENV = ("RULECHECK_REUSE_ENGINES", "RULECHECK_DEADLINE", "RULECHECK_SANDBOX", "HYPOTHESIS_PROFILE")


@contextlib.contextmanager
def _run_settings():
    saved = {k: os.environ.get(k) for k in _RUN_ENV}
    from hypothesis import settings

    profile = settings._current_profile
    try:
        yield
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
        if profile is not None and settings._current_profile != profile:
            settings.load_profile(profile)


def _check(settings: CheckSettings):
    if settings.sandbox:
        if not settings.engine.startswith("cmd:"):
            raise UsageProblem("--sandbox applies to cmd: engines (a py: engine runs inside rulecheck)")
        from harness.driver.sandbox import available

        tool, why = available()
        if tool is None:
            raise UsageProblem(why)
        if why:  # a part of the sandbox this machine cannot give: said, never claimed
            console.print(f"[yellow]sandbox:[/] {escape(why)}")
    os.environ.update(settings.environment())
    from harness.run import run_suite
    from harness.verdicts.check_outcome import signals_interrupt, signals_noted, startup_failure, write_reports_together
    from harness.driver.referee import EngineFault

    games, engine, choices = list(settings.games), settings.engine, settings.choices
    reports = (settings.json_path, settings.junit_path, settings.html_path)
    for g in games:
        specs.resolve_choices(g, {k: v for k, v in choices.items() if k.split(".")[0] == _choice_prefix(g)})
        try:
            _probe_engine(engine, g, choices)
        except EngineFault as fault:  # a verdict on the engine, not an error of rulecheck
            result = startup_failure(settings, fault)
            terminal.print_result(console, result, settings.all_clauses)
            with signals_noted({}):
                for path in write_reports_together(result, *reports):
                    console.print(f"report written to {path}")
            console.print(f"[bold red]FAIL[/]: the engine did not start: {escape(_safe(fault.what))}")
            sys.exit(1)
    if settings.profile:
        import harness.profiles  # noqa: F401
        from hypothesis import settings as hypothesis_settings

        hypothesis_settings.load_profile(settings.profile)
    console.print(f"[bold]rulecheck check[/] {', '.join(games)}  engine={engine}  "
                  f"profile={os.environ.get('HYPOTHESIS_PROFILE', 'ci')}")
    t0 = time.perf_counter()
    got = {}
    with signals_interrupt(got), _Progress() as progress:
        result = run_suite(settings, progress=progress)
    elapsed = time.perf_counter() - t0
    if result.interrupted:
        result.interrupted = got.get("signal", "SIGINT")
    terminal.print_result(console, result, settings.all_clauses)
    t = result.totals
    tests = result.to_json()["tests"]
    console.print(
        f"\n[bold]{len(result.verdicts)} clauses:[/] "
        + ", ".join(f"[{VERDICT_STYLE[k]}]{v} {k}[/]" for k, v in t.items() if v)
        + f"   [bold]{tests['total']} tests:[/] {tests['passed']} passed, {tests['failed']} failed, "
        f"{tests['not_applicable']} not applicable   ({elapsed:.1f} s)"
    )
    terminal.print_coverage(console, result)
    if any(result.engine_counts.values()):
        console.print("[bold]engine process:[/] " + ", ".join(f"{k} {v}" for k, v in result.engine_counts.items() if v))
    for e in result.errors:
        console.print(f"[bold red]error[/] {escape(_safe(str(e.get('nodeid', ''))))}: {escape(_safe(e['message'][:2000]))}")
    with signals_noted(got):  # the reports are written whole, all of them, whatever arrives now
        for path in write_reports_together(result, *reports):
            console.print(f"report written to {path}")
    if result.interrupted:
        console.print(f"[bold red]INTERRUPTED[/] ({result.interrupted}): the reports are marked as a partial run")
        sys.exit(143 if got.get("signal") == "SIGTERM" else 130)
    if result.ok:
        console.print("[bold green]PASS[/]: every covered clause passes")
        sys.exit(0)
    why = []
    if result.root_causes:
        why.append(f"{len(result.root_causes)} root cause(s)")
    if t["fail"]:
        why.append(f"{t['fail']} clause(s) fail")
    if t["unexpected-pass"]:
        why.append(f"{t['unexpected-pass']} expected deviation(s) now pass: remove them from the --expect file")
    if t["not-covered"]:
        why.append(f"{t['not-covered']} clause(s) have no check")
    if result.errors:
        why.append(f"{len(result.errors)} error(s)")
    if not result.records:
        why.append("no test ran")
    console.print(f"[bold red]FAIL[/]: {'; '.join(why) or 'pytest reported a problem'}")
    sys.exit(1)


class _Progress:
    """Live progress for long runs (rich), fed by the verdict collector."""

    def __init__(self):
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

        self.p = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                          console=console, transient=True)
        self.task = None
        self.failed = 0

    def __enter__(self):
        self.p.__enter__()
        self.task = self.p.add_task("collecting", total=None)
        return self

    def __exit__(self, *exc):
        return self.p.__exit__(*exc)

    def collected(self, n: int):
        self.p.update(self.task, total=n, description="running")

    def record(self, rec: dict):
        if rec["outcome"] in ("failed", "error"):
            self.failed += 1
            self.p.console.print(f"[red]FAIL[/] {escape(rec['nodeid'])}")
        self.p.update(self.task, advance=1, description=f"running ({self.failed} failed)" if self.failed else "running")


# --------------------------------------------------------------------------- play
@cli.command()
@click.option("--game", "-g", required=True, type=click.Choice(list(specs.GAMES)))
@click.option("--players", "-n", type=int, required=True)
@click.option("--seed", "-s", type=int, default=1, show_default=True)
@click.option("--choice", "-c", multiple=True, metavar="ID=OPTION")
@click.option("--config", "config_kv", multiple=True, metavar="KEY=VALUE", help="extra config (variants), VALUE as JSON")
@click.option("--engine", "-e", default="reference", show_default=True)
@click.option("--max-plies", type=int, default=20_000, show_default=True)
@click.option("--jsonl", is_flag=True, help="one JSON object per step instead of prose")
def play(game, players, seed, choice, config_kv, engine, max_plies, jsonl):
    """Play one whole game with random moves and show a readable log."""
    from harness.engines import open_engine
    from harness.play import assumed_parameters, play_game

    pick_games(game)
    eng = open_engine(engine, game, parse_choices(choice))
    config = {"players": players, **parse_config(config_kv)}
    if not jsonl:
        console.print(f"[bold]{game}[/], {players} players, seed {seed}, engine {escape(_safe(eng.name))}")
        console.print("choices: " + escape(_safe(", ".join(f"{k}={v}" for k, v in sorted(eng.choices.items()))
                                                 or "(none)")))
        console.print(f"config: {json.dumps(config, sort_keys=True)}")
        source = getattr(eng, "tables_source", None) or getattr(eng, "deck_source", None)
        if source:
            console.print(f"tables file in use: {source}")
        for line in assumed_parameters(game):
            console.print(f"[dim]assumed (see rulecheck ambiguities): {line}[/]")
    emit = (lambda s: click.echo(s)) if jsonl else (lambda s: console.print(_safe(s), markup=False))
    summary = play_game(eng, config, seed, emit, max_plies=max_plies, json_lines=jsonl)
    if jsonl:
        click.echo(json.dumps({"summary": {k: v for k, v in summary.items() if k != "final_state"}}, sort_keys=True))
    else:
        console.print(f"[bold]result:[/] {escape(_safe(json.dumps(summary['result'], sort_keys=True, ensure_ascii=False)))}  "
                      f"({summary['plies']} plies, {summary['chance_events']} chance events)")


# --------------------------------------------------------------------------- trace
@cli.command()
@click.option("--game", "-g", type=click.Choice(list(specs.GAMES)), help="one game (default: every game)")
@click.option("--json", "as_json", is_flag=True, help="JSON instead of a table")
@click.option("--uncovered", is_flag=True, help="list only what nothing covers or checks")
def trace(game, as_json, uncovered):
    """For every rulebook sentence: the clauses that cover it and the checks of those clauses."""
    from harness.verdicts.trace import build

    games = [game] if game else [g for g in specs.GAMES if (specs.SPECS_DIR / g / "clauses.toml").exists()]
    out = []
    bad = False
    for g in games:
        tr = build(g)
        out.append(tr.to_json())
        bad |= bool(tr.uncovered) or bool(tr.unchecked_rules())
        if as_json:
            continue
        spec = specs.load(g)
        table = Table(title=f"{g}: {spec.seed_file}")
        table.add_column("line", justify="right")
        table.add_column("sentence")
        table.add_column("clauses")
        table.add_column("checks", justify="right")
        for s in tr.sentences:
            n = len({x for c in s.clauses for x in tr.checks.get(c, [])})
            if uncovered and s.clauses and (n or all(spec.clauses[c].kind == "informative" or spec.clauses[c].status == "not-implemented" for c in s.clauses)):
                continue
            kinds = []
            for c in s.clauses:
                cl = spec.clauses[c]
                tag = " (info)" if cl.kind == "informative" else " (not impl.)" if cl.status == "not-implemented" else ""
                kinds.append(c + tag)
            clause_txt = ", ".join(kinds) if kinds else "[bold red]UNCOVERED[/]"
            text = s.text if len(s.text) <= 90 else s.text[:87] + "..."
            table.add_row(str(s.line), text, clause_txt, str(n))
        console.print(table)
        tot = tr.totals()
        console.print(f"{g}: {tot['sentences']} sentences, {tot['covered']} covered by clauses "
                      f"({tot['rule_sentences']} rule, {tot['example_sentences']} example, "
                      f"{tot['informative_sentences']} informative), {tot['uncovered']} uncovered; "
                      f"{tot['checked']} checked by scenarios/tests/proofs; "
                      f"{tot['unchecked_rules']} implemented rule clause(s) with no check")
        for c in tr.unchecked_rules():
            console.print(f"  [magenta]no check:[/] {c}")
        for item in tr.to_json()["not_implemented"]:
            console.print(f"  [dim]not implemented:[/] {item['clause']}: {item['reason']}")
    if as_json:
        click.echo(json.dumps(out if len(out) != 1 else out[0], indent=1, ensure_ascii=False))
    sys.exit(1 if bad else 0)


# --------------------------------------------------------------------------- serve
@cli.command()
@click.option("--game", "-g", required=True, type=click.Choice(list(specs.GAMES)))
@click.option("--choice", "-c", multiple=True, metavar="ID=OPTION")
def serve(game, choice):
    """Serve the reference engine over the JSON-lines protocol on stdin/stdout."""
    try:
        from harness.serve import serve_main
    except ImportError as exc:
        raise UsageProblem(f"the protocol server is not available: {exc}") from exc
    sys.exit(serve_main(game, parse_choices(choice), sys.stdin, sys.stdout))


# --------------------------------------------------------------------------- prove
@cli.command()
@click.option("--game", "-g", type=click.Choice(list(specs.GAMES)), help="one game (default: every game)")
@click.option("--json", "as_json", is_flag=True)
@click.option("--theorem", "only", multiple=True, metavar="ID", help="only these theorems (prefix match)")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=2, show_default=True,
              help="theorems run at a time, each in its own process (output keeps the listed order)")
def prove(game, as_json, only, jobs):
    """Run the Z3 theorems: proved / refuted (with witness) / unknown, and time."""
    from proofs.core import load_theorems, run_theorems

    theorems = load_theorems([game] if game else None)
    if only:
        theorems = [t for t in theorems if any(t.id.startswith(o) for o in only)]
    if not theorems:
        raise UsageProblem("no theorem matches")
    results = []
    t0 = time.perf_counter()
    for r in run_theorems(theorems, jobs):
        results.append(r)
        if not as_json:
            style = "green" if r["ok"] else "bold red"
            console.print(f"[{style}]{r['status']:>8}[/] {r['seconds']:7.2f}s  {r['id']}  "
                          f"[dim]({', '.join(r['clauses'])}; {r['bounds']})[/]")
            if r["status"] == "structural":
                console.print(f"           not evidence: {r['structural']}", markup=False)
            if r["status"] not in ("proved", "structural") or not r["ok"]:
                console.print(f"           {r['statement']}", markup=False)
                if r["witness"] is not None:
                    console.print("           witness:\n" + json.dumps(r["witness"], ensure_ascii=False, indent=2)
                                  .replace("\n", "\n             ")[:4000], markup=False)
                if r["detail"]:
                    console.print(f"           {r['detail']}", markup=False)
    total = time.perf_counter() - t0
    bad = [r for r in results if not r["ok"]]
    if as_json:
        click.echo(json.dumps({"theorems": results, "seconds": round(total, 2), "ok": not bad}, indent=1,
                              ensure_ascii=False))
    else:
        console.print(f"\n{len(results)} theorems, {len(results) - len(bad)} with their expected result, "
                      f"{len(bad)} not; {total:.1f} s")
    sys.exit(1 if bad else 0)


# --------------------------------------------------------------------------- ambiguities
@cli.command()
@click.option("--game", "-g", type=click.Choice(list(specs.GAMES)), help="one game (default: every game)")
@click.option("--format", "fmt", type=click.Choice(["md", "json"]), default="md", show_default=True)
@click.option("--output", "-o", type=click.Path(dir_okay=False), help="write to a file instead of stdout")
@click.option("--games", "n_games", type=click.IntRange(min=0), default=None,
              help="seeded random games per reading for the impact figures (0: no play)  [default: 12]")
@click.option("--seed", type=int, default=0, show_default=True, help="seed of the impact games")
def ambiguities(game, fmt, output, n_games, seed):
    """The register of open questions: ambiguities and gaps ranked by impact in play; variants, facts,
    settled questions and the alternatives checked per clause shown apart."""
    from harness.verdicts.ambiguity_report import render
    from harness.verdicts.impact import DEFAULT_GAMES
    from harness.files import write_atomic
    from pathlib import Path

    games = [game] if game else list(specs.GAMES)
    text = render(games, fmt, DEFAULT_GAMES if n_games is None else n_games, seed)
    if output:
        write_atomic(Path(output), text)
        console.print(f"register written to {output}")
    else:
        click.echo(text)


# --------------------------------------------------------------------------- fuzz
from harness.cli.bench import bench  # noqa: E402
from harness.cli.fuzz import fuzz  # noqa: E402

cli.add_command(bench)
cli.add_command(fuzz)


def main() -> None:
    from harness import fewer_gc_pauses

    fewer_gc_pauses()
    cli(prog_name="rulecheck")

