"""Turning a failed test that recorded no finding into findings, from the exception object.

Checks record findings themselves (``harness.verdicts.findings``). A failure that escapes them
is attributed here by what was raised, never by parsing its text:

- ``ClauseViolation`` (an invariant's ``require``): its clause;
- ``EngineFault``, ``SchemaViolation``, ``ProtocolViolation``, an ``internal`` error: ``PROTOCOL``;
- a failing Gherkin scenario: through its context's transition and the reference's
  provenance (``harness.verdicts.violations.scenario_blame``), else the scenario's clauses;
- a test that checks exactly one clause: that clause;
- anything else: ``UNEXPLAINED``, a pseudo-clause that fails the run and says which test
  failed without naming a rule (a gap in rulecheck to report, never a silent pass).
"""

from __future__ import annotations

from harness.verdicts import findings
from harness.verdicts.violations import PSEUDO_CLAUSES, UNEXPLAINED, ClauseViolation


def check_kind(item) -> str:
    """Which kind of check a test is, from its module name (``test_<game>_features`` ...)."""
    name = getattr(getattr(item, "module", None), "__name__", "") or item.nodeid
    for word, kind in (("features", "scenario"), ("machine", "machine"), ("differential", "differential"),
                       ("perft", "perft"), ("vectors", "vector")):
        if word in name:
            return kind
    return "machine" if "machine" in item.nodeid else "scenario"


def is_protocol_fault(exc: BaseException) -> bool:
    from harness.verdicts.violations import ProtocolViolation
    from harness.driver.referee import EngineFault

    if isinstance(exc, (EngineFault, ProtocolViolation)):
        return True
    from harness.verdicts.violations import FAULT_CODES

    if getattr(exc, "code", None) in FAULT_CODES:  # an engine's ``internal`` error that escaped a check
        return True
    try:
        from harness.driver.subprocess_engine import SchemaViolation
    except ImportError:  # pragma: no cover
        return False
    return isinstance(exc, SchemaViolation)


def attribute_failure(item, exc: BaseException, text: str) -> None:
    sink = findings.current()
    if isinstance(exc, (findings.FindingsFailure, findings.ClauseFailure)) or sink.counts:
        return  # already recorded as data
    from harness.verdicts.items import item_clauses

    kind = check_kind(item)
    message = (str(exc) or type(exc).__name__).strip()
    if isinstance(exc, ClauseViolation):
        findings.record(exc.clause, kind, message.removeprefix(f"[{exc.clause}] "), None, "invariant",
                        exc.alternatives)
        return
    if is_protocol_fault(exc):
        findings.record("PROTOCOL", "protocol", message.removeprefix("[PROTOCOL] "), None, "protocol")
        return
    if sink.context is not None:
        from harness.verdicts.violations import record_scenario_failure

        if record_scenario_failure(item, sink.context, f"{type(exc).__name__}: {message}"):
            return
    rules = [c for c in item_clauses(item) if c not in PSEUDO_CLAUSES]
    if len(rules) == 1:
        findings.record(rules[0], kind, f"{type(exc).__name__}: {message}", None, "scenario")
        return
    findings.record(UNEXPLAINED, kind, f"{type(exc).__name__} without a clause: {text[-3000:]}", None, "fallback")
