"""The terminal report of a check: root causes first, then clause verdicts, then witnesses.

On a terminal the verdicts are rich tables. Anywhere else (a CI log, a pipe, a file) every
root cause and every clause is one plain line that is never wrapped, so a clause id is
never split over two lines and ``grep`` finds it.
"""

from __future__ import annotations

from rich.markup import escape
from rich.table import Table

from harness.sanitize import terminal as safe

VERDICT_STYLE = {
    "pass": "green",
    "fail": "bold red",
    "unexpected-pass": "bold red",
    "affected": "yellow",
    "inconclusive": "bold magenta",
    "expected-fail": "yellow",
    "not-applicable": "cyan",
    "not-covered": "magenta",
    "not-implemented": "dim",
}


def _plain(console, text: str) -> None:
    console.print(safe(text), markup=False, highlight=False, soft_wrap=True)


def _first_line(text: str, limit: int = 160) -> str:
    return (text.strip().splitlines() or [""])[0][:limit]


def root_cause_line(rc) -> str:
    """One line: the clause, the misreading in words, what it explains, its shortest witness."""
    words = rc.words or "no known misreading explains it (blamed by provenance)"
    others = sorted(c for c in rc.clauses if c != rc.clause)
    spread = f" on {len(rc.clauses)} clause(s): {', '.join([rc.clause] + others)}" if others else ""
    best = rc.shortest or {}
    shortest = _first_line(best.get("witness_text") or best.get("message") or "")
    return (f"ROOT CAUSE {rc.clause}: {words} -- explains {rc.findings} finding(s){spread}"
            + (f"; shortest witness: {shortest}" if shortest else ""))


def print_root_causes(console, result) -> None:
    if not result.root_causes:
        return
    if console.is_terminal:
        console.print(f"\n[bold]{len(result.root_causes)} root cause(s)[/] (each explains the findings listed)")
        for rc in result.root_causes:
            head, _, rest = root_cause_line(rc).partition(": ")
            console.print(f"[bold red]{escape(safe(head))}[/]: {escape(safe(rest))}", soft_wrap=True)
    else:
        for rc in result.root_causes:
            _plain(console, root_cause_line(rc))


def _detail(cv) -> str:
    detail = cv.summary
    if cv.failures:
        best = cv.failures[0]
        detail = (f"{cv.finding_count} finding(s) by {', '.join(cv.checks) or 'a check'}: "
                  + _first_line(best.get("message") or "", 200))
        if cv.reason:
            detail += f" ({cv.reason})"
    elif cv.reason:
        detail = f"{cv.summary} ({cv.reason})"
    return detail


def print_verdicts(console, result, all_clauses: bool) -> None:
    for g in result.games + ["*"]:
        rows = [cv for cv in result.verdicts.values() if cv.game == g and (all_clauses or cv.verdict != "pass")]
        if not rows:
            continue
        if not console.is_terminal:
            for cv in rows:
                lines = f"{cv.lines[0]}-{cv.lines[1]}" if cv.lines != (0, 0) else "-"
                _plain(console, f"{cv.clause} {cv.verdict} lines={lines} tests={len(cv.tests)} {_detail(cv)}")
            continue
        table = Table(title=f"{g if g != '*' else 'protocol'}", show_lines=False, expand=False)
        table.add_column("clause", no_wrap=True)
        table.add_column("verdict", no_wrap=True)
        table.add_column("lines", no_wrap=True)
        table.add_column("tests", justify="right")
        table.add_column("summary / failure")
        for cv in rows:
            lines = f"{cv.lines[0]}-{cv.lines[1]}" if cv.lines != (0, 0) else ""
            table.add_row(cv.clause, f"[{VERDICT_STYLE[cv.verdict]}]{cv.verdict}[/]", lines, str(len(cv.tests)),
                          escape(safe(_detail(cv))))
        console.print(table)


def print_witnesses(console, result, limit: int = 12) -> None:
    """Per failing clause, its shortest witness (one transition, in the game's notation)."""
    failing = [cv for cv in result.verdicts.values() if cv.verdict == "fail" and cv.failures]
    if not failing:
        return
    console.print("\n[bold]Shortest witness per failing clause[/] (every finding is in the JSON report)")
    for cv in failing[:limit]:
        f = cv.failures[0]
        console.print(f"\n[bold red]{escape(cv.clause)}[/] [dim]{escape(safe(f.get('check') or ''))}, "
                      f"{escape(safe(f.get('test') or ''))}[/]", soft_wrap=not console.is_terminal)
        _plain(console, (f.get("message") or "").strip()[:600])
        if f.get("witness_text"):
            _plain(console, f["witness_text"][:2000])
    if len(failing) > limit:
        console.print(f"... and {len(failing) - limit} more failing clause(s): see --json / --html")


def print_result(console, result, all_clauses: bool) -> None:
    """Root causes, clause verdicts and shortest witnesses."""
    print_root_causes(console, result)
    print_verdicts(console, result, all_clauses)
    print_witnesses(console, result)


def print_coverage(console, result) -> None:
    """Situation coverage: transitions explored and explained, and the thinly covered clauses."""
    cov = result.coverage
    if not cov["transitions"]:
        return
    thin = cov["thinly_covered"]
    exercised = sum(1 for cv in result.verdicts.values() if cv.game != "*" and cv.exercised)
    line = (f"[bold]coverage:[/] {cov['transitions']} transitions explored; {exercised} clauses exercised "
            f"(see --json 'coverage')")
    if thin:
        shown = ", ".join(f"{c} ({result.verdicts[c].exercised})" for c in thin[:15])
        more = f" and {len(thin) - 15} more" if len(thin) > 15 else ""
        line += f"; [yellow]thinly covered[/] (< {cov['threshold']} exercises): {escape(shown)}{more}"
    console.print(line, soft_wrap=not console.is_terminal)
    config = cov.get("config") or {}
    values, gaps = config.get("values") or {}, config.get("not_reached") or []
    if values:
        line = (f"[bold]config coverage:[/] {len(values) - len(gaps)} of {len(values)} declared config values and "
                f"choice options played (see --json 'coverage.config')")
        if gaps:
            line += f"; [yellow]never reached[/]: {escape(', '.join(gaps))}"
        console.print(line, soft_wrap=not console.is_terminal)
    pairs = cov.get("pairs") or {}
    if pairs.get("declared") or pairs.get("undeclared"):
        gaps = pairs.get("not_reached") or []
        line = (f"[bold]pair coverage:[/] {pairs['reached']} of {pairs['declared']} declared clause pairs reached in "
                f"one transition (see --json 'coverage.pairs')")
        if gaps:
            shown = ", ".join(gaps[:15]) + (f" and {len(gaps) - 15} more" if len(gaps) > 15 else "")
            line += f"; [yellow]never reached[/]: {escape(shown)}"
        if pairs.get("undeclared"):
            line += (f"; {pairs['undeclared']} pair(s) reached that no specs/<game>/pairs.toml declares "
                     "(python -m harness.explore.pair_search --write)")
        console.print(line, soft_wrap=not console.is_terminal)
