"""Run the conformance suite on an engine and turn test results into clause verdicts.

The suite is ``harness/suite/test_<game>_*.py``: Gherkin scenarios, the stateful
machine, perft and vector replays. Each test names the clauses it checks (markers
from ``@clause:`` tags or ``pytest.mark.clause``). A clause's verdict:

- ``fail``            a test of it failed and blamed it (or failed without blaming a single clause)
- ``pass``            every test of it that ran passed
- ``not-applicable``  its only tests need a reading the engine does not implement
- ``not-covered``     no test checks it
- ``not-implemented`` the spec says we do not implement it (with its reason)

A failure that blames ``[PROTOCOL]`` (schema, round trip, purity, determinism) is
reported on the pseudo-clause ``PROTOCOL``, not smeared over the test's clauses.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import specs
from harness.violations import DIFFERENTIAL, PROTOCOL

SUITE_DIR = Path(__file__).resolve().parent / "suite"

VERDICT_ORDER = ["fail", "unexpected-pass", "pass", "expected-fail", "not-applicable", "not-covered", "not-implemented"]


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

    def to_json(self) -> dict:
        return {
            "clause": self.clause,
            "game": self.game,
            "verdict": self.verdict,
            "summary": self.summary,
            "lines": list(self.lines),
            "tests": self.tests,
            "failures": self.failures,
            "reason": self.reason,
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

    @property
    def totals(self) -> dict[str, int]:
        out = {v: 0 for v in VERDICT_ORDER}
        for cv in self.verdicts.values():
            out[cv.verdict] = out.get(cv.verdict, 0) + 1
        return out

    @property
    def ok(self) -> bool:
        t = self.totals
        return (not self.errors and t["fail"] == 0 and t["unexpected-pass"] == 0 and t["not-covered"] == 0
                and bool(self.records))

    def to_json(self) -> dict:
        return {
            "games": self.games,
            "engine": self.engine,
            "ok": self.ok,
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
    args = suite_files(games) + ["-p", "no:cacheprovider", "--rulecheck-engine", engine]
    for g in games:
        args += ["--rulecheck-game", g]
    for cid, opt in (choices or {}).items():
        args += ["--rulecheck-choice", f"{cid}={opt}"]
    for c in clauses or []:
        args += ["--rulecheck-clause", c]
    if report:
        args += ["--rulecheck-report", report]
    return args + list(extra or [])


def run_suite(games: list[str], engine: str = "reference", choices: dict[str, str] | None = None,
              clauses: list[str] | None = None, progress=None, extra_args: list[str] | None = None,
              quiet: bool = True, expected: dict[str, str] | None = None, tags: list[str] | None = None) -> SuiteResult:
    """Run the suite in this process (pytest.main) and compute verdicts."""
    import pytest

    from harness.pytest_plugin import VerdictCollector

    holder: dict = {}

    class _Grab:
        @pytest.hookimpl(trylast=True)
        def pytest_configure(self, config):
            holder["collector"] = config._rulecheck_collector
            if progress is not None:
                config._rulecheck_collector.listeners.append(progress)

    args = pytest_args(games, engine, choices, clauses, extra=extra_args)
    for t in tags or []:
        args += ["--rulecheck-tag", t]
    if quiet:  # our progress replaces pytest's terminal; the ini's addopts name terminal options
        args += ["-p", "no:terminal", "-o", "addopts=", "--strict-markers"]
    files = suite_files(games)
    if not files:
        return SuiteResult(games, engine, [], compute_verdicts(games, []), 5,
                           [{"message": f"no conformance tests exist for {', '.join(games)}"}])
    code = int(pytest.main(args, plugins=[_Grab()]))
    collector: VerdictCollector = holder.get("collector") or VerdictCollector()
    records = collector.records
    errors = [r for r in records if r["outcome"] == "error"]
    if code not in (0, 1, 5) and not errors:
        errors.append({"nodeid": "(pytest)", "outcome": "error",
                       "message": f"pytest stopped with exit code {code} (usage error or internal error)"})
    verdicts = compute_verdicts(games, records, expected)
    if clauses or tags:  # a filtered run judges only what it was asked about (and the protocol faults it met)
        verdicts = {k: v for k, v in verdicts.items()
                    if any(k.startswith(c) for c in clauses or ()) or (v.tests and (tags or v.game == "*"))}
    return SuiteResult(games, engine, records, verdicts, code, errors, dict(sorted(collector.engine_counts.items())))


def compute_verdicts(games: list[str], records: list[dict], expected: dict[str, str] | None = None) -> dict[str, ClauseVerdict]:
    """Per clause of ``games`` (plus PROTOCOL), the verdict from the test records."""
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
                                  "engine protocol: schema-valid canonical JSON, round trip, pure and deterministic apply")
    out[DIFFERENTIAL] = ClauseVerdict(DIFFERENTIAL, "*", "not-covered",
                                      "differential play: same legal actions, chance events and successor states "
                                      "as the reference configured with the same choices")
    ran: dict[str, list[str]] = {}
    for r in records:
        targets = list(r["clauses"])
        if r["outcome"] == "failed":
            targets = r["blamed"] or r["clauses"]
        for c in targets:
            cv = out.get(c)
            if cv is None:
                continue
            cv.tests.append(r["nodeid"])
            ran.setdefault(c, []).append(r["outcome"])
            if r["outcome"] == "failed":
                cv.failures.append({"test": r["nodeid"], "message": r["message"][:4000]})
    for c, outcomes in ran.items():
        cv = out[c]
        if "failed" in outcomes:
            cv.verdict = "fail"
        elif "passed" in outcomes:
            cv.verdict = "pass"
        elif outcomes and all(o == "not-applicable" for o in outcomes):
            cv.verdict = "not-applicable"
    for c, reason in (expected or {}).items():
        if c in out and out[c].verdict == "fail":
            out[c].verdict = "expected-fail"
            out[c].reason = reason
        elif c in out and out[c].verdict == "pass":
            out[c].verdict = "unexpected-pass"  # a stale entry: remove it from the expectations file
            out[c].reason = reason
    return out

