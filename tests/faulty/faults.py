"""Dnup engines with a fault and no rule broken: every finding must be PROTOCOL's (served through
``python -m harness.serve --engine py:tests.faulty.faults:make_<name>``; a crash is
``tests/faulty/candidate.py crash dnup``).

- ``make_internal``: ``apply`` of a take (DNP-ACTION-C) raises an exception, which the server
  answers as an ``internal`` error: a bug in the engine, not a reading of the rules.
- ``make_rejects_own``: ``legal`` lists takes, ``apply`` refuses every one as ``illegal-action``:
  an inconsistent answer, not a rule (its own legal list offered the action).
"""

from __future__ import annotations

from engine.dnup import DnupEngine
from engine.errors import IllegalActionError


def _is_take(action) -> bool:
    return isinstance(action, dict) and action.get("type") == "take"


class InternalOnTake(DnupEngine):
    name = "dnup-internal-on-take"

    def apply(self, state, action):
        if _is_take(action):
            raise RuntimeError("taking a set is not finished yet")
        return super().apply(state, action)


class RejectsOwnTakes(DnupEngine):
    name = "dnup-rejects-own-takes"

    def apply(self, state, action):
        if _is_take(action):
            raise IllegalActionError("no set can be taken here")
        return super().apply(state, action)


def make_internal(game: str = "dnup", choices: dict | None = None):
    return InternalOnTake(choices)


def make_rejects_own(game: str = "dnup", choices: dict | None = None):
    return RejectsOwnTakes(choices)
