"""Run the conformance suite on an engine and turn test results into clause verdicts.

The suite is ``harness/suite/test_<game>_*.py``: Gherkin scenarios, the stateful
machine, perft and vector replays. Each test names the clauses it checks (markers
from ``@clause:`` tags or ``pytest.mark.clause``). A clause's verdict:

- ``fail``            a test of it failed and blamed it (or failed without blaming a single clause),
                      or it is the root cause of other clauses' findings (``harness.verdicts.root_causes``)
- ``affected``        every finding on it is a consequence of another clause's root cause
- ``pass``            every test of it that ran passed
- ``not-applicable``  its only tests need a reading the engine does not implement
- ``not-covered``     no test checks it
- ``not-implemented`` the spec says we do not implement it (with its reason)

A failure that blames ``[PROTOCOL]`` (schema, round trip, purity, determinism) is
reported on the pseudo-clause ``PROTOCOL``, not smeared over the test's clauses.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

import specs
from harness.verdicts.attribution import UNEXPLAINED
from harness.verdicts.violations import DIFFERENTIAL, PROTOCOL
from specs.paths import CODE_ROOT, SUITE_DIR, SUITE_INI  # a checkout or an installed wheel

VERDICT_ORDER = ["fail", "unexpected-pass", "affected", "inconclusive", "pass", "expected-fail", "not-applicable", "not-covered",
                 "not-implemented"]


@dataclass
class ClauseVerdict:
    clause: str
    game: str
    verdict: str
    summary: str = ""
    lines: tuple[int, int] = (0, 0)
    tests: list[str] = field(default_factory=list)
    failures: list[dict] = field(default_factory=list)
    reason: str = ""
    #: situation coverage: how many explored transitions exercised this clause (``harness.explore.coverage``)
    exercised: int = 0
    #: an implemented clause exercised fewer than ``coverage.THIN`` times in the run
    thin: bool = False

    @property
    def finding_count(self) -> int:
        return sum(f.get("count") or 1 for f in self.failures)

    @property
    def checks(self) -> list[str]:
        return sorted({f["check"] for f in self.failures if f.get("check")})

    @property
    def shortest(self) -> dict | None:
        """The best finding: failures are kept sorted with single-transition witnesses first."""
        return self.failures[0] if self.failures else None

    def to_json(self) -> dict:
        return {
            "clause": self.clause,
            "game": self.game,
            "verdict": self.verdict,
            "summary": self.summary,
            "lines": list(self.lines),
            "tests": self.tests,
            "findings": self.finding_count,
            "checks": self.checks,
            "shortest_witness": self.shortest,
            "failures": self.failures,
            "reason": self.reason,
            "exercised": self.exercised,
            "thinly_covered": self.thin,
        }


@dataclass
class SuiteResult:
    games: list[str]
    engine: str
    records: list[dict]
    verdicts: dict[str, ClauseVerdict]
    pytest_exit: int
    errors: list[dict]
    engine_counts: dict = field(default_factory=dict)
    #: why the run stopped early (``"interrupted by SIGINT"``...), or None: a partial run, marked in every report
    interrupted: str | None = None
    #: tests not run because the run's time budget (``--budget``) was used up
    not_run: int = 0
    #: the diagnosis: which misread clauses explain the findings (``harness.verdicts.diagnosis.RootCause``)
    root_causes: list = field(default_factory=list)
    #: per game: the catalogue's size, agreeing positions kept, seconds the diagnosis took
    diagnosis: dict = field(default_factory=dict)
    #: a whole default run (no filter): only then is a config value never reached a gap
    whole: bool = True

    @property
    def coverage(self) -> dict:
        """Situation coverage over the run: per clause, thin clauses, and what each test explored;
        config coverage: per declared config value and choice option, the games and transitions
        played with it, and the values never reached (``harness.explore.coverage.config_report``)."""
        from harness.explore.coverage import THIN, effective

        counts: dict[str, int] = {}
        for r in self.records:
            for c, n in (r.get("coverage") or {}).items():
                counts[c] = counts.get(c, 0) + n
        for game in self.games:  # a goal, example or FAQ sentence counts what it restates
            counts = effective(game, counts)
        explored = {r["nodeid"]: r["explored"] for r in self.records if (r.get("explored") or {}).get("transitions")}
        return {
            "threshold": THIN,
            "transitions": sum(e["transitions"] for e in explored.values()),
            "clauses": dict(sorted(counts.items())),
            "thinly_covered": sorted(c for c, v in self.verdicts.items() if v.thin),
            "config": self._config_coverage(bool(explored)),
            "explored": explored,
        }

    def _config_coverage(self, explored: bool) -> dict:
        from harness.explore.coverage import config_report

        if not explored:
            return {"values": {}, "not_reached": []}
        rep = config_report(self.games, self.records, every_reading=self.engine == "reference")
        if not self.whole:  # a filtered run plays what it was asked about: nothing it leaves out is a gap
            rep["not_reached"] = []
        return rep

    @property
    def totals(self) -> dict[str, int]:
        out = {v: 0 for v in VERDICT_ORDER}
        for cv in self.verdicts.values():
            out[cv.verdict] = out.get(cv.verdict, 0) + 1
        return out

    @property
    def ok(self) -> bool:
        t = self.totals
        return (not self.errors and not self.interrupted and t["fail"] == 0 and t["unexpected-pass"] == 0 and t["not-covered"] == 0
                and t["inconclusive"] == 0 and bool(self.records))

    def to_json(self) -> dict:
        return {
            "games": self.games,
            "engine": self.engine,
            "ok": self.ok,
            "interrupted": self.interrupted,
            "not_run": self.not_run,
            "root_causes": [rc.to_json() for rc in self.root_causes],
            "diagnosis": self.diagnosis,
            "totals": self.totals,
            "tests": {
                "total": len(self.records),
                "passed": sum(r["outcome"] == "passed" for r in self.records),
                "failed": sum(r["outcome"] in ("failed", "error") for r in self.records),
                "not_applicable": sum(r["outcome"] == "not-applicable" for r in self.records),
                "skipped": sum(r["outcome"] == "skipped" for r in self.records),
            },
            "errors": self.errors,
            "engine_counts": self.engine_counts,
            "coverage": self.coverage,
            "clauses": [cv.to_json() for cv in self.verdicts.values()],
        }


def suite_files(games: list[str]) -> list[str]:
    """The game's own suite modules, plus the generic ones (``test_all_*.py``, marked per game)."""
    files: list[str] = []
    for g in games:
        files += sorted(str(p) for p in SUITE_DIR.glob(f"test_{g}_*.py"))
    if files:
        files += sorted(str(p) for p in SUITE_DIR.glob("test_all_*.py"))
    return files


def pytest_args(games: list[str], engine: str, choices: dict[str, str] | None, clauses: list[str] | None,
                report: str | None = None, extra: list[str] | None = None) -> list[str]:
    # the suite's own config and rootdir: nothing is read from the user's folder, and test ids are
    # harness/suite/... whether rulecheck runs from a checkout or from site-packages
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


def run_suite(games: list[str], engine: str = "reference", choices: dict[str, str] | None = None,
              clauses: list[str] | None = None, progress=None, extra_args: list[str] | None = None,
              quiet: bool = True, expected: dict[str, str] | None = None, tags: list[str] | None = None,
              budget: float | None = None, vectors: str | None = None) -> SuiteResult:
    """Run the suite in this process (pytest.main) and compute verdicts.

    ``vectors``: a folder of campaign vectors (``rulecheck fuzz --out``), replayed first
    (``harness.campaign.vector_suite``).

    ``budget``: seconds for the whole run; tests not started (or cut short) by then are
    reported as not run. Ctrl-C (or SIGTERM turned into KeyboardInterrupt by the caller)
    stops the run: its engines are closed and the result is marked ``interrupted``.
    At the end every parked engine process is reaped, and processes candidates left
    running count as ``fault:leftover``."""
    from harness.driver import engine_process

    from harness.pytest_plugin import VerdictCollector

    holder: dict = {}

    class _Grab:
        @pytest.hookimpl(trylast=True)
        def pytest_configure(self, config):
            holder["collector"] = config._rulecheck_collector
            if progress is not None:
                config._rulecheck_collector.listeners.append(progress)

    args = pytest_args(games, engine, choices, clauses, extra=extra_args)
    plugins: list = []
    if vectors:  # campaign vectors first: a known finding fails at once
        from harness.campaign.vector_suite import MODULE, VectorsPlugin

        plugins.append(VectorsPlugin(vectors, games))
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


def mark_coverage(verdicts: dict[str, ClauseVerdict], records: list[dict], thin: bool = True) -> None:
    """Sum each clause's situation coverage over the run; with ``thin``, flag implemented clauses
    exercised fewer than ``coverage.THIN`` times (only a whole default run is judged so)."""
    from harness.explore.coverage import THIN, effective

    counts: dict[str, int] = {}
    for r in records:
        for c, n in (r.get("coverage") or {}).items():
            counts[c] = counts.get(c, 0) + n
    for game in {cv.game for cv in verdicts.values() if cv.game != "*"}:
        counts = effective(game, counts)
    for c, n in counts.items():
        if c in verdicts:
            verdicts[c].exercised = n
    if thin and any(r.get("explored", {}).get("transitions") for r in records):
        for cv in verdicts.values():
            cv.thin = cv.game != "*" and cv.verdict not in ("not-implemented", "not-applicable") and cv.exercised < THIN


def filtered(verdicts: dict[str, ClauseVerdict], clauses: list[str] | None, tags: list[str] | None) -> dict[str, ClauseVerdict]:
    """A filtered run judges what it was asked about, and keeps every clause a finding was made on:
    a finding outside the filter still fails the run, and its verdict says where it came from."""
    out = {}
    for k, v in verdicts.items():
        asked = any(k.startswith(c) for c in clauses or ()) or bool(v.tests and tags)
        if asked or (v.game == "*" and v.tests):
            out[k] = v
        elif v.verdict == "fail":
            v.reason = "outside the filter: found by " + ", ".join(sorted({f["test"] for f in v.failures})[:3])
            out[k] = v
    return out


def _failure_entry(f: dict) -> dict:
    w = f.get("witness") or {}
    return {"test": f.get("test", ""), "check": f.get("check", ""), "message": f.get("message", "")[:4000],
            "basis": f.get("basis", ""), "count": f.get("count") or 1, "witness": w or None,
            "witness_text": w.get("text", "") if w else "", "plies": len(w["path"]) if w and w.get("path") else 0,
            "alternatives": list(f.get("alternatives") or ()),
            "standalone": f.get("standalone", not f.get("alternatives"))}


def explained_elsewhere(out: dict[str, ClauseVerdict]) -> None:
    """A failing clause whose every witness another failing clause explains as well, that other
    clause failing on witnesses of its own, reads ``inconclusive`` (its reason names the other):
    after a dove trick only the next leader shows who won, so an engine with the colour order
    wrong also breaks the dove's "the winner still leads" -- a consequence, not a second bug."""
    own = {c for c, cv in out.items() if cv.verdict == "fail" and any(f.get("standalone", True) for f in cv.failures)}
    for c, cv in out.items():
        if cv.verdict != "fail" or c in own or not cv.failures:
            continue
        by = [set(f.get("alternatives") or ()) & own for f in cv.failures]
        if all(by):
            cv.verdict = "inconclusive"
            cv.reason = (f"every witness is also explained by {', '.join(sorted(set().union(*by)))}, which fails on "
                         "witnesses of its own: not shown to be broken apart from it")


#: checks that keep exploring after a finding: a clause they check without a finding was checked
EXPLORING = ("machine", "differential", "protocol", "observation", "probe", "result", "situation")


def compute_verdicts(games: list[str], records: list[dict], expected: dict[str, str] | None = None,
                     unsupported: dict[str, str] | None = None, engine_counts: dict | None = None,
                     causes: list | None = None, stats: dict | None = None) -> dict[str, ClauseVerdict]:
    """Per clause of ``games`` (plus PROTOCOL and DIFFERENTIAL), the verdict from the test records.

    Findings are data: a clause with any finding reads ``fail``, wherever it was found.
    A failed test's other clauses count as checked when the test explores on after a finding
    (machines, differential play), else they are not judged by it (``inconclusive`` if nothing
    else judged them). Clauses of config keys the engine does not declare (``unsupported``)
    read ``not-applicable`` unless something broke them.

    ``causes``: when a list is given, the findings are diagnosed into root causes
    (``harness.verdicts.root_causes``), appended to it, and consequences read ``affected``.
    """
    unsupported = unsupported or {}
    out: dict[str, ClauseVerdict] = {}
    for g in games:
        spec = specs.load(g)
        for cl in spec.clauses.values():
            if not cl.normative:
                continue
            out[cl.id] = ClauseVerdict(cl.id, g, "not-covered", cl.summary, cl.lines)
            if cl.status == "not-implemented":
                out[cl.id].verdict = "not-implemented"
                out[cl.id].reason = cl.reason
    out[PROTOCOL] = ClauseVerdict(PROTOCOL, "*", "not-covered",
                                  "engine protocol: schema-valid canonical JSON, round trip, pure and deterministic apply, "
                                  "no fault on any request")
    out[DIFFERENTIAL] = ClauseVerdict(DIFFERENTIAL, "*", "not-covered",
                                      "differential play: divergences from the reference that its provenance could not "
                                      "blame on a clause")
    ran: dict[str, list[str]] = {}
    for r in records:
        found = r.get("findings") or []
        blamed = {f["clause"] for f in found}
        for f in found:
            c = f["clause"]
            if c not in out:
                if c != UNEXPLAINED:
                    continue
                out[c] = ClauseVerdict(c, "*", "fail", "a check failed without naming a rulebook clause "
                                                       "(a gap in rulecheck: please report it)")
            out[c].failures.append(_failure_entry(f))
            ran.setdefault(c, []).append("failed")
            if r["nodeid"] not in out[c].tests:
                out[c].tests.append(r["nodeid"])
        if r["outcome"] == "failed" and not found:  # a record from before findings existed, or a lost one
            for c in r["clauses"]:
                if c in out:
                    ran.setdefault(c, []).append("failed")
                    out[c].failures.append({"test": r["nodeid"], "message": r["message"][:4000], "check": "",
                                            "basis": "fallback", "count": 1, "witness": None, "witness_text": "",
                                            "plies": 0})
            continue
        explores = bool(found) and all(f["check"] in EXPLORING for f in found)
        for c in r["clauses"]:
            cv = out.get(c)
            if cv is None or c in blamed:
                continue
            if r["outcome"] == "failed":
                outcome = "passed" if explores else "inconclusive"
            else:
                outcome = r["outcome"]
            if outcome == "passed" and c in unsupported:
                outcome = "not-applicable"
            if r["nodeid"] not in cv.tests:
                cv.tests.append(r["nodeid"])
            ran.setdefault(c, []).append(outcome)
    faults = {k: v for k, v in (engine_counts or {}).items() if k.startswith("fault:") and k != "fault:restarts" and v}
    if faults and PROTOCOL in out:
        ran.setdefault(PROTOCOL, []).append("failed")
        out[PROTOCOL].failures.append({"test": "(every request of the run)", "check": "protocol", "basis": "protocol",
                                       "message": "the referee counted faults: " + ", ".join(
                                           f"{k.removeprefix('fault:')} {v}" for k, v in sorted(faults.items())),
                                       "count": sum(faults.values()), "witness": None, "witness_text": "", "plies": 0})
    if records and PROTOCOL in out and PROTOCOL not in ran:
        ran[PROTOCOL] = ["passed"]  # judged from every request: no test and no request saw a fault
    for c, outcomes in ran.items():
        cv = out[c]
        cv.failures.sort(key=lambda f: (f["witness"] is None, f["plies"], len(f["witness_text"] or f["message"])))
        if "failed" in outcomes:
            cv.verdict = "fail"
        elif "passed" in outcomes:
            cv.verdict = "pass"
        elif outcomes and all(o == "not-applicable" for o in outcomes):
            cv.verdict = "not-applicable"
            cv.reason = cv.reason or unsupported.get(c, "")
        elif "inconclusive" in outcomes:
            cv.verdict = "inconclusive"
            cv.reason = "its only tests stopped on another clause's failure first"
    explained_elsewhere(out)
    if causes is not None:
        from harness.verdicts.root_causes import diagnose_run

        causes += diagnose_run(games, out, records, stats)
    for c, reason in (expected or {}).items():
        if c in out and out[c].verdict == "fail":
            out[c].verdict = "expected-fail"
            out[c].reason = reason
        elif c in out and out[c].verdict == "pass":
            out[c].verdict = "unexpected-pass"  # a stale entry: remove it from the expectations file
            out[c].reason = reason
    return out
