"""How a ``rulecheck check`` run ends, whatever happens: signals, reports, startup failures.

- ``signals_interrupt``: SIGINT and SIGTERM raise KeyboardInterrupt during the suite, so
  pytest stops and closes every engine; the first signal is noted for the reports.
- ``signals_noted``: while the reports are written, signals are only noted.
- ``write_reports_together``: the JSON, JUnit and HTML reports are rendered into temporary
  files first, then replace the old ones together (a failure or a signal before that
  leaves every old report as it was).
- ``startup_failure``: the result of a run whose engine did not start (a PROTOCOL verdict).
- ``safe``: engine text for the terminal (no control characters, no ESC sequences).
"""

from __future__ import annotations

import os
import signal
import tempfile

from harness import sanitize


def safe(text: str) -> str:
    """Engine text for the terminal: no control, bidi or separator character left raw
    (``harness.sanitize.terminal``)."""
    return sanitize.terminal(text)


class signals_interrupt:
    """SIGINT and SIGTERM raise KeyboardInterrupt (pytest then stops, closing every engine);
    ``got["signal"]`` names the first one."""

    def __init__(self, got: dict):
        self.got = got
        self.old: dict = {}

    def _handler(self, signum, frame):
        self.got.setdefault("signal", signal.Signals(signum).name)
        raise KeyboardInterrupt

    def __enter__(self):
        for sig in (signal.SIGINT, signal.SIGTERM):
            try:
                self.old[sig] = signal.signal(sig, self._handler)
            except ValueError:  # not the main thread: leave the handlers alone
                pass
        return self

    def __exit__(self, *exc):
        for sig, old in self.old.items():
            signal.signal(sig, old)
        return False


class signals_noted(signals_interrupt):
    """SIGINT and SIGTERM are only noted (the run ends right after, with their exit status)."""

    def _handler(self, signum, frame):
        self.got.setdefault("signal", signal.Signals(signum).name)


def write_reports_together(result, json_path, junit_path, html_path) -> list[str]:
    """Write every report requested, all together: each is rendered into a temporary file
    next to it first, then all replace the old ones at once. The JSON keeps any text
    UTF-8 cannot carry as a JSON escape."""
    from harness.verdicts.report import html_page, junit_xml

    jobs = [(p, render) for p, render in (
        (json_path, lambda: sanitize.json_document(result.to_json())),
        (junit_path, lambda: junit_xml(result)), (html_path, lambda: html_page(result))) if p]
    done: list[tuple[str, str]] = []
    try:
        for path, render in jobs:
            parent = os.path.dirname(os.path.abspath(path))
            os.makedirs(parent, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=parent, prefix=f".{os.path.basename(path)}.", suffix=".tmp")
            done.append((tmp, path))
            with os.fdopen(fd, "w", encoding="utf-8", errors="backslashreplace") as f:
                f.write(render())
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(tmp, 0o666 & ~umask)  # mkstemp makes 0600; a report is for others to read too
        for tmp, path in done:
            os.replace(tmp, path)
    except BaseException:
        for tmp, _ in done:
            try:
                os.unlink(tmp)
            except OSError:
                pass
        raise
    return [p for p, _ in jobs]


def startup_failure(settings, fault):
    """The result of a run (:class:`harness.verdicts.settings.CheckSettings`) whose engine did
    not start: PROTOCOL fails with the fault, and every other clause is inconclusive (not run)."""
    from harness.verdicts.check import SuiteResult, compute_verdicts, filtered
    from harness.verdicts.violations import PROTOCOL

    games, engine, expected = list(settings.games), settings.engine, settings.expected
    clauses, tags = list(settings.clauses), list(settings.tags)

    finding = {"clause": PROTOCOL, "check": "protocol", "basis": "protocol", "message": str(fault), "count": 1,
               "witness": None, "test": "(engine startup)"}
    rec = {"nodeid": "(engine startup)", "name": "(engine startup)", "clauses": [PROTOCOL], "choices": {},
           "outcome": "failed", "blamed": [PROTOCOL], "findings": [finding], "message": str(fault), "duration": 0.0,
           "coverage": {}, "explored": {}}
    verdicts = compute_verdicts(games, [rec], expected)
    for cv in verdicts.values():
        if cv.verdict == "not-covered":
            cv.verdict, cv.reason = "inconclusive", "not run: the engine did not start"
    if clauses or tags:
        verdicts = filtered(verdicts, clauses, tags)
    return SuiteResult(games, engine, [rec], verdicts, 1, [], {f"fault:{fault.counter}": 1})
