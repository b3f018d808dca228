"""The rulecheck pytest plugin (registered as a ``pytest11`` entry point).

- Gherkin tags ``@clause:<clause id>`` and ``@choice:<choice id>=<option>`` become
  the markers ``clause`` and ``choice``; any other tag must be a registered marker,
  so a typo in a tag fails collection instead of being ignored.
- ``--rulecheck-engine`` picks the engine under test (``reference`` by default,
  ``py:<module>:<factory>``, ``cmd:<command line>``); ``--rulecheck-choice id=option``
  configures it. The fixture ``rulecheck_engine(game)`` returns it, configured with
  the choices a test's ``choice`` markers ask for. A test whose choice the engine
  does not implement is skipped as *not applicable*.
- ``--rulecheck-report FILE`` writes one JSON record per test: clauses, outcome,
  blamed clauses, message.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from harness.files import write_atomic
from harness.verdicts.items import NOT_APPLICABLE, item_choices, item_clauses, item_tags


def pytest_addoption(parser):
    g = parser.getgroup("rulecheck")
    g.addoption("--rulecheck-engine", default="reference", help="engine under test: reference | py:mod:factory | cmd:...")
    g.addoption("--rulecheck-choice", action="append", default=[], metavar="ID=OPTION", help="choice for the engine")
    g.addoption("--rulecheck-report", default=None, metavar="FILE", help="write per-test clause results as JSON")
    g.addoption("--rulecheck-clause", action="append", default=[], metavar="ID", help="run only tests of these clauses (prefix match)")
    g.addoption("--rulecheck-tag", action="append", default=[], metavar="GLOB",
                help="run only tests with a matching tag: clause:<id>, choice:<id>=<option>, game:<name> (globs)")
    g.addoption("--rulecheck-game", action="append", default=[], metavar="GAME",
                help="run only the generic tests (marked game(...)) of these games")


def pytest_configure(config):
    import harness.profiles  # noqa: F401  (registers and loads the Hypothesis profile)

    config.addinivalue_line("markers", "clause(*ids): the rulebook clauses a test checks")
    config.addinivalue_line("markers", "choice(id, option): the reading of the rulebook a test assumes")
    config.addinivalue_line("markers", "game(name): the game a test belongs to")
    collector = VerdictCollector()
    config._rulecheck_collector = collector
    config.pluginmanager.register(collector, "rulecheck-verdicts")


@pytest.hookimpl(optionalhook=True, tryfirst=True)  # before pytest-bdd's default, which would win
def pytest_bdd_apply_tag(tag, function):
    if tag.startswith("clause:"):
        pytest.mark.clause(tag.split(":", 1)[1])(function)
        return True
    if tag.startswith("choice:"):
        cid, _, opt = tag.split(":", 1)[1].partition("=")
        pytest.mark.choice(cid, opt)(function)
        return True
    return None


def parse_choices(values: list[str]) -> dict[str, str]:
    out = {}
    for v in values:
        cid, sep, opt = v.partition("=")
        if not sep:
            raise pytest.UsageError(f"--rulecheck-choice {v!r}: write ID=OPTION")
        out[cid] = opt
    return out


def pytest_collection_modifyitems(config, items):
    import fnmatch

    wanted = config.getoption("--rulecheck-clause")
    tag_globs = config.getoption("--rulecheck-tag")
    games = config.getoption("--rulecheck-game")
    keep, drop = [], []
    for it in items:
        cl = item_clauses(it)
        ok = not wanted or any(c.startswith(w) for c in cl for w in wanted)
        ok = ok and (not tag_globs or any(fnmatch.fnmatchcase(t, g) for t in item_tags(it) for g in tag_globs))
        marks = [m.args[0] for m in it.iter_markers("game")]
        ok = ok and (not games or not marks or any(g in games for g in marks))
        (keep if ok else drop).append(it)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep


@pytest.fixture
def rulecheck_engine(request):
    """``rulecheck_engine(game)``: the engine under test, configured for this test's choices."""
    from engine.errors import UnknownChoiceError
    from harness.engines import open_engine

    spec = request.config.getoption("--rulecheck-engine")
    cli_choices = parse_choices(request.config.getoption("--rulecheck-choice"))
    wanted = item_choices(request.node)
    opened = []

    def make(game: str):
        if spec == "reference":
            try:
                eng = open_engine(spec, game, {**cli_choices, **wanted})
            except UnknownChoiceError as exc:
                pytest.fail(f"a test asks for a choice the spec does not define: {exc}")
        else:
            eng = open_engine(spec, game, cli_choices)
            declared = getattr(eng, "choices", {}) or {}
            from specs import load

            defaults = load(game).default_choices()
            for cid, opt in wanted.items():
                has = declared.get(cid, defaults.get(cid))
                if has != opt:
                    pytest.skip(f"{NOT_APPLICABLE}: needs {cid}={opt}, engine implements {cid}={has}")
        from harness import capabilities

        request.config._rulecheck_collector.unsupported.update(capabilities.unsupported_clauses(eng))
        capabilities.guard(eng)  # a config or position with an undeclared key: not applicable
        opened.append(eng)
        return eng

    yield make
    counts = request.config._rulecheck_collector.engine_counts
    for eng in opened:
        for kind, n in (getattr(eng, "fault_counts", None) or {}).items():
            counts[f"fault:{kind}"] += n
        for code, n in (getattr(eng, "error_counts", None) or {}).items():
            counts[f"answered:{code}"] += n
        close = getattr(eng, "close", None)
        if close:
            close()


class VerdictCollector:
    """Collects one record per test; ``harness.verdicts.check`` turns them into clause verdicts."""

    def __init__(self):
        from collections import Counter

        self.records: list[dict] = []
        #: referee counts over every engine process of the run (fault:timeout, answered:illegal-action, ...)
        self.engine_counts: Counter = Counter()
        self._meta: dict[str, dict] = {}
        self.listeners: list = []
        #: clause id -> why not applicable, for config keys an engine under test does not declare
        self.unsupported: dict[str, str] = {}

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, config, items):
        for it in items:
            self._meta[it.nodeid] = {"clauses": item_clauses(it), "choices": item_choices(it), "name": it.name}
        for cb in self.listeners:
            getattr(cb, "collected", lambda n: None)(len(items))

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item, nextitem):
        from harness.verdicts import findings
        findings.open_sink(item.nodeid)
        try:
            yield
        finally:
            findings.close_sink()

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_makereport(self, item, call):
        """A failure that recorded no finding is turned into findings here, from the exception
        object (never its text): see ``harness.verdicts.attribution``."""
        outcome = yield
        report = outcome.get_result()
        if report.failed and call.excinfo is not None:
            from harness.verdicts.attribution import attribute_failure

            attribute_failure(item, call.excinfo.value, _failure_text(report))

    def pytest_runtest_logreport(self, report):
        meta = self._meta.get(report.nodeid, {"clauses": [], "choices": {}, "name": report.nodeid})
        if report.when == "call" or (report.when == "setup" and (report.failed or report.skipped)) or (
            report.when == "teardown" and report.failed
        ):
            from harness.verdicts import findings
            sink = findings.current()
            if report.passed:
                outcome, message = "passed", ""
            elif report.skipped:
                reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
                reason = reason.removeprefix("Skipped: ")
                outcome = "not-applicable" if reason.startswith(NOT_APPLICABLE) else "skipped"
                message = reason
            else:
                outcome, message = "failed", _failure_text(report)
            rec = {
                "nodeid": report.nodeid,
                "name": meta["name"],
                "clauses": meta["clauses"],
                "choices": meta["choices"],
                "outcome": outcome,
                # findings are data: a passing test may still have recorded some (it then counts as failed)
                "blamed": sink.clauses(),
                "findings": sink.to_json(),
                "message": message,
                "duration": round(report.duration, 4),
                "coverage": dict(sink.coverage),
                "pair_coverage": dict(sink.pairs),
                "config_coverage": {"values": dict(sink.config), "keys": sink.config_keys} if sink.config else {},
                "explored": sink.exploration(),
            }
            if sink.agreements:  # for diagnosis only (not written to --rulecheck-report)
                rec["agreements"] = list(sink.agreements)
            if sink.sampled:
                rec["sampled"] = sink.sampled_json()
            if sink and outcome == "passed":
                rec["outcome"] = "failed"
                rec["message"] = sink.summary()
            self.records.append(rec)
            for cb in self.listeners:
                getattr(cb, "record", lambda r: None)(rec)

    def pytest_collectreport(self, report):
        if report.failed:
            rec = {
                "nodeid": report.nodeid or "(collection)",
                "name": report.nodeid or "(collection)",
                "clauses": [],
                "choices": {},
                "outcome": "error",
                "blamed": [],
                "findings": [],
                "message": "collection failed: " + str(report.longrepr)[-4000:],
                "duration": 0.0,
            }
            self.records.append(rec)
            for cb in self.listeners:
                getattr(cb, "record", lambda r: None)(rec)

    def pytest_sessionfinish(self, session):
        path = session.config.getoption("--rulecheck-report")
        if path:
            write_atomic(Path(path), json.dumps({"tests": [{k: v for k, v in r.items() if k not in ("agreements", "sampled")} for r in self.records], "engine_counts": dict(self.engine_counts)},
                                                indent=1, ensure_ascii=False))


def _failure_text(report) -> str:
    crash = getattr(report.longrepr, "reprcrash", None)
    text = str(report.longrepr)
    head = crash.message if crash is not None else text.splitlines()[-1] if text else "failed"
    # keep the crash line first, then a bounded tail of the full text (Hypothesis prints the program there)
    tail = text[-6000:]
    return head + "\n" + tail if head not in tail[:200] else tail
