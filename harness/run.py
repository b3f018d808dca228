"""Running the conformance suite in this process (``pytest.main`` on ``harness/suite`` with its
own configuration) and turning its records into a :class:`harness.verdicts.check.SuiteResult`."""

from __future__ import annotations

import pytest

from harness.games import get as game_harness
from harness.verdicts.check import SuiteResult, compute_verdicts, filtered, mark_coverage
from harness.verdicts.settings import CheckSettings
from specs.paths import CODE_ROOT, SUITE_DIR, SUITE_INI  # a checkout or an installed wheel


def suite_files(games: list[str]) -> list[str]:
    """The game's own suite modules, plus the generic ones (``test_all_*.py``, marked per game)."""
    files: list[str] = []
    for g in games:
        files += [str(p) for p in game_harness(g).suite_files()]
    if files:
        files += sorted(str(p) for p in SUITE_DIR.glob("test_all_*.py"))
    return files


def pytest_args(games: list[str], engine: str, choices: dict[str, str] | None, clauses: list[str] | None,
                report: str | None = None, extra: list[str] | None = None) -> list[str]:
    # the suite's own config and rootdir: nothing is read from the user's folder, and test ids are
    # harness/games/... and harness/suite/... whether rulecheck runs from a checkout or from site-packages
    args = suite_files(games) + ["-c", str(SUITE_INI), "--rootdir", str(CODE_ROOT), "-p", "no:cacheprovider",
                                 "--rulecheck-engine", engine]
    for g in games:
        args += ["--rulecheck-game", g]
    for cid, opt in (choices or {}).items():
        args += ["--rulecheck-choice", f"{cid}={opt}"]
    for c in clauses or []:
        args += ["--rulecheck-clause", c]
    if report:
        args += ["--rulecheck-report", report]
    return args + list(extra or [])


NOT_RUN = "not run:"


class _Budget:
    """The run's time budget: past it, tests are skipped as not run, and a test in flight is cut
    short at its next engine request (``harness.driver.engine_process.BudgetExhausted``)."""

    def __init__(self, seconds: float | None):
        import time

        self.seconds = seconds
        self.end = time.monotonic() + seconds if seconds else None

    def _over(self):
        import time

        if self.end is not None and time.monotonic() >= self.end:
            pytest.skip(f"{NOT_RUN} the run's time budget of {self.seconds:g} s was used up")

    def _wrap(self):
        from harness.driver.engine_process import BudgetExhausted

        try:
            return (yield)
        except BudgetExhausted as exc:
            pytest.skip(str(exc))

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_setup(self, item):
        self._over()
        return (yield from self._wrap())

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_call(self, item):
        return (yield from self._wrap())


def run_suite(settings: CheckSettings, progress=None, extra_args: list[str] | None = None,
              quiet: bool = True) -> SuiteResult:
    """Run the suite of ``settings`` in this process (pytest.main) and compute verdicts.

    ``settings.vectors``: a folder of campaign vectors (``rulecheck fuzz --out``), replayed
    first (``harness.campaign.vector_suite``).

    ``settings.budget``: seconds for the whole run; tests not started (or cut short) by then are
    reported as not run. Ctrl-C (or SIGTERM turned into KeyboardInterrupt by the caller)
    stops the run: its engines are closed and the result is marked ``interrupted``.
    At the end every parked engine process is reaped, and processes candidates left
    running count as ``fault:leftover``."""
    from harness.driver import engine_process

    from harness.pytest_plugin import VerdictCollector

    games, engine, choices, budget = list(settings.games), settings.engine, settings.choices, settings.budget
    clauses, tags, expected = list(settings.clauses), list(settings.tags), settings.expected
    holder: dict = {}

    class _Grab:
        @pytest.hookimpl(trylast=True)
        def pytest_configure(self, config):
            holder["collector"] = config._rulecheck_collector
            if progress is not None:
                config._rulecheck_collector.listeners.append(progress)

    args = pytest_args(games, engine, choices, clauses, extra=extra_args)
    plugins: list = []
    if settings.vectors:  # campaign vectors first: a known finding fails at once
        from harness.campaign.vector_suite import MODULE, VectorsPlugin

        plugins.append(VectorsPlugin(settings.vectors, games))
        args.insert(0, MODULE)
    for t in tags or []:
        args += ["--rulecheck-tag", t]
    if quiet:  # our progress replaces pytest's terminal; the ini's addopts name terminal options
        args += ["-p", "no:terminal", "-o", "addopts=", "--strict-markers"]
    files = suite_files(games)
    if not files:
        return SuiteResult(games, engine, [], compute_verdicts(games, []), 5,
                           [{"message": f"no conformance tests exist for {', '.join(games)}"}])
    engine_process.set_run_budget(budget or None)
    try:
        code = int(pytest.main(args, plugins=[_Grab(), _Budget(budget or None), *plugins]))
    finally:
        engine_process.set_run_budget(None)
        engine_process.drain_pool()  # the end of the run: parked engines and everything they started
    collector: VerdictCollector = holder.get("collector") or VerdictCollector()
    records = collector.records
    errors = [r for r in records if r["outcome"] == "error"]
    interrupted = "KeyboardInterrupt" if code == int(pytest.ExitCode.INTERRUPTED) else None
    not_run = [r for r in records if r["outcome"] == "skipped" and r["message"].startswith(NOT_RUN)]
    if interrupted:
        errors.append({"nodeid": "(interrupted)", "outcome": "error",
                       "message": f"the run was interrupted after {len(records)} test(s): the verdicts are of a "
                                  "partial run"})
    elif code not in (0, 1, 5) and not errors:
        errors.append({"nodeid": "(pytest)", "outcome": "error",
                       "message": f"pytest stopped with exit code {code} (usage error or internal error)"})
    if not_run:
        errors.append({"nodeid": "(budget)", "outcome": "error",
                       "message": f"the run's time budget of {budget:g} s was used up: {len(not_run)} test(s) not run "
                                  "or cut short (rulecheck check --budget SECONDS)"})
    leftovers = engine_process.LEFTOVERS.pop("leftover", 0)
    if leftovers:
        collector.engine_counts["fault:leftover"] += leftovers
    counts = dict(sorted(collector.engine_counts.items()))
    causes: list = []
    stats: dict = {}
    verdicts = compute_verdicts(games, records, expected, collector.unsupported, counts, causes, stats)
    mark_coverage(verdicts, records, thin=not (clauses or tags or extra_args))
    if not_run:
        skipped = {r["nodeid"] for r in not_run}
        for cv in verdicts.values():
            if cv.verdict == "not-covered" and skipped & set(cv.tests or ()):
                cv.verdict = "inconclusive"
                cv.reason = not_run[0]["message"]
    if clauses or tags:
        verdicts = filtered(verdicts, clauses, tags)
    result = SuiteResult(games, engine, records, verdicts, code, errors, counts, interrupted, len(not_run), causes, stats)
    result.whole = not (clauses or tags or extra_args)
    return result
