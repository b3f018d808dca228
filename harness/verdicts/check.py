"""Turn the conformance suite's test records into clause verdicts (``harness.run`` runs it).

The suite is ``harness/games/<game>/test_<game>_*.py`` and ``harness/suite/test_all_*.py``:
Gherkin scenarios, the stateful machine, perft and vector replays. Each test names the clauses it checks (markers
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

import specs
from harness.verdicts.attribution import UNEXPLAINED
from harness.verdicts.root_causes import diagnose_run, failure_entry
from harness.verdicts.violations import DIFFERENTIAL, PROTOCOL

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
        played with it, and the values never reached (``harness.explore.coverage.config_report``);
        pair coverage: per declared clause pair, the transitions that exercised both clauses, and
        the pairs never reached (``harness.explore.pairs.pair_report``)."""
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
            "pairs": self._pair_coverage(bool(explored)),
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

    def _pair_coverage(self, explored: bool) -> dict:
        """Pair coverage (``harness.explore.pairs.pair_report``): the declared pairs of the run's games
        whose two clauses the engine is judged on (neither not applicable nor not implemented)."""
        from harness.explore.pairs import pair_report

        if not explored:
            return {"declared": 0, "reached": 0, "pairs": {}, "not_reached": [], "undeclared": 0, "undeclared_pairs": []}
        skip = [c for c, v in self.verdicts.items() if v.verdict in ("not-applicable", "not-implemented")]
        rep = pair_report(self.games, self.records, skip)
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
            out[c].failures.append(failure_entry(f))
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
        causes += diagnose_run(games, out, records, stats)
    for c, reason in (expected or {}).items():
        if c in out and out[c].verdict == "fail":
            out[c].verdict = "expected-fail"
            out[c].reason = reason
        elif c in out and out[c].verdict == "pass":
            out[c].verdict = "unexpected-pass"  # a stale entry: remove it from the expectations file
            out[c].reason = reason
    return out
