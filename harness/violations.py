"""How a check says which clause an engine broke.

Invariant checks raise ``ClauseViolation``; its text starts with ``[CLAUSE-ID]`` so
the verdict collector can blame exactly that clause, and a human reading a shrunk
Hypothesis failure sees the rule before the details.
"""

from __future__ import annotations

import functools
import re

CLAUSE_TAG = re.compile(r"\[((?:OPS|SRY|DNP)(?:-[A-Z0-9]+)+|PROTOCOL|DIFFERENTIAL)\]")
#: pseudo-clause for breaches of the engine protocol itself (DESIGN.md, not a rulebook)
PROTOCOL = "PROTOCOL"
#: pseudo-clause for a divergence from the reference engine in differential play
DIFFERENTIAL = "DIFFERENTIAL"
#: pseudo-clause for a failed check that named no clause (a gap in rulecheck, reported, never silent)
UNEXPLAINED = "UNEXPLAINED"
PSEUDO_CLAUSES = (PROTOCOL, DIFFERENTIAL, UNEXPLAINED)


class ClauseViolation(AssertionError):
    def __init__(self, clause: str, message: str):
        super().__init__(f"[{clause}] {message}")
        self.clause = clause


def require(condition: bool, clause: str, message: str) -> None:
    """Raise ClauseViolation(clause, message) unless ``condition``."""
    if not condition:
        raise ClauseViolation(clause, message)


def blamed_clauses(text: str) -> list[str]:
    """Clause ids named as ``[ID]`` in a failure text, in order, without repeats."""
    seen: list[str] = []
    for m in CLAUSE_TAG.finditer(text or ""):
        if m.group(1) not in seen:
            seen.append(m.group(1))
    return seen


class ScenarioChecks:
    """Mixin for step-definition contexts: a failure records findings as data, then raises.

    The context needs ``self.request`` (the pytest request of the scenario). It sets
    ``self.transition = (state_before_json, action, candidate_after_json or None)`` when a
    When step applies an action (None as successor: the candidate rejected it), so that a
    failing check is blamed through the reference's provenance (``scenario_blame``): the
    scenario's own clauses that the provenance names, else the provenance's clauses, else
    every clause of the scenario.
    """

    request: object
    transition: tuple | None = None

    def __init_subclass__(cls, **kwargs):
        """Each context registers itself with the running test's findings, so a failure that
        escapes ``fail`` (a plain ``assert`` in a step) is still blamed through it."""
        super().__init_subclass__(**kwargs)
        if "__init__" not in cls.__dict__:
            return
        original = cls.__init__

        @functools.wraps(original)
        def init(self, *args, **kw):
            original(self, *args, **kw)
            from harness.findings import current

            current().context = self

        cls.__init__ = init

    def fail(self, message: str):
        from harness.findings import ClauseFailure

        clauses = record_scenario_failure(self.request.node, self, message)
        raise ClauseFailure(clauses, message)

    def check(self, cond: bool, message: str):
        if not cond:
            self.fail(message)


def record_scenario_failure(node, ctx, message: str) -> list[str]:
    """Record the findings of a failed scenario (see ``ScenarioChecks``); returns the blamed clauses."""
    from harness.findings import record
    from harness.pytest_plugin import item_clauses

    tags = [c for c in item_clauses(node) if c not in PSEUDO_CLAUSES]
    clauses, basis, witness = scenario_blame(node, tags, ctx)
    for c in clauses:
        record(c, "scenario", message, witness, basis)
    return clauses


def scenario_blame(node, tags: list[str], ctx) -> tuple[list[str], str, object]:
    """(clauses, basis, witness) for a failed scenario; see ``ScenarioChecks``."""
    t = getattr(ctx, "transition", None) if ctx is not None else None
    engine = _ctx_engine(ctx)
    if not t or engine is None:
        return tags, "scenario", None
    try:
        from harness import blame
        from harness.engines import reference_engine

        before, action, got = t
        ref = reference_engine(engine.game, dict(getattr(engine, "choices", {}) or {}))
        try:
            expected = ref.to_json(ref.apply(ref.from_json(before), action))
        except Exception:  # noqa: BLE001  (the reference rejects it)
            expected = None
        if expected is None and got is None:
            return tags, "scenario", None
        if expected is None:
            b = blame.accepted_illegal(ref, before, action)
        elif got is None:
            b = blame.rejected_legal(ref, before, action)
        else:
            b = blame.successor(ref, before, action, expected, got)
        w = blame.witness(ref, before, action, expected if expected is not None else "rejects it",
                          got if got is not None else "rejects it")
        if b.basis != "provenance":
            return tags, "scenario", w
        inside = [c for c in b.clauses if c in tags]
        return (inside, "scenario", w) if inside else (list(b.clauses), "provenance", w)
    except Exception:  # noqa: BLE001  (explaining must never hide the failure)
        return tags, "scenario", None


def _ctx_engine(ctx):
    for attr in ("engine", "_engine"):
        e = getattr(ctx, attr, None)
        if e is not None and not callable(e) and hasattr(e, "game"):
            return e
    return None
