"""How a check says which clause an engine broke.

Invariant checks raise ``ClauseViolation``; its text starts with ``[CLAUSE-ID]`` so
the verdict collector can blame exactly that clause, and a human reading a shrunk
Hypothesis failure sees the rule before the details.
"""

from __future__ import annotations

import re

CLAUSE_TAG = re.compile(r"\[((?:OPS|SRY|DNP)(?:-[A-Z0-9]+)+|PROTOCOL|DIFFERENTIAL)\]")
#: pseudo-clause for breaches of the engine protocol itself (DESIGN.md, not a rulebook)
PROTOCOL = "PROTOCOL"
#: pseudo-clause for a divergence from the reference engine in differential play
DIFFERENTIAL = "DIFFERENTIAL"
PSEUDO_CLAUSES = (PROTOCOL, DIFFERENTIAL)


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
    """Mixin for step-definition contexts: failures name every clause of the running scenario.

    The context needs ``self.request`` (the pytest request of the scenario).
    """

    request: object

    def fail(self, message: str):
        from harness.pytest_plugin import item_clauses

        tags = " ".join(f"[{c}]" for c in item_clauses(self.request.node))
        raise AssertionError(f"{tags} {message}")

    def check(self, cond: bool, message: str):
        if not cond:
            self.fail(message)
