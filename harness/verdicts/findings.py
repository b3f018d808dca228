"""Findings: what a check saw an engine break, recorded as data.

A check never hands meaning over in failure text. It records a :class:`Finding`
(clause, check, message, witness, how the clause was chosen) with :func:`record`;
the pytest plugin opens one :class:`FindingSink` per test and puts the findings on
the test's record, and ``harness.verdicts.check`` turns them into clause verdicts. A clause
with any finding reads ``fail``, whatever else passed.

The primary witness of a finding is one transition (:class:`Witness`): the canonical
state, the action, what the reference (or the rule) expects and what the candidate
did, plus the path from a new game when it is short.
"""

from __future__ import annotations

import contextvars
import hashlib
from dataclasses import dataclass, field
from typing import Any

from engine.canonical import dumps

#: keep at most this many witnesses per (clause, check); every finding is still counted
KEEP_PER_CLAUSE = 5
#: a path from a new game is shown when it has at most this many player actions
SHORT_PATH = 10
#: about this many positions where the candidate agreed with the reference are kept per test
AGREEMENTS_KEPT = 16
#: about this many replayable findings are sampled per (clause, check) and test, beside the kept ones
SAMPLED_KEPT = 6


class Thinned(list):
    """A list that keeps between ``cap`` and ``2 * cap`` of the items added, spread evenly over
    all of them: when full, every other one is dropped and the keeping step doubles."""

    def __init__(self, cap: int):
        super().__init__()
        self.cap, self.seen, self.step = cap, 0, 1

    def add(self, item) -> None:
        self.seen += 1
        if (self.seen - 1) % self.step == 0:
            self.append(item)
            if len(self) >= 2 * self.cap:
                del self[1::2]
                self.step *= 2

#: the checks a finding can come from
CHECKS = ("scenario", "machine", "differential", "perft", "vector", "protocol", "observation", "probe", "result",
          "situation")

#: how a finding's clause was chosen
BASES = {
    "invariant": "an invariant of this clause was broken",
    "provenance": "the reference engine's provenance names this clause for the difference",
    "scenario": "the failing scenario checks this clause",
    "position": "the perft position or vector checks this clause",
    "protocol": "the engine broke the protocol itself",
    "fallback": "the reference's provenance names no clause for this difference",
}


@dataclass
class Witness:
    """One transition: ``state`` (canonical JSON before), ``action``, what is ``expected``
    and what the candidate ``got``; ``path`` is the config and actions from a new game."""

    state: Any = None
    action: Any = None
    expected: Any = None
    got: Any = None
    path: list | None = None
    text: str = ""
    #: what the candidate did, in a form any engine can be asked again (diagnosis replays it on
    #: misreadings, ``harness.verdicts.diagnosis.reproduces``): ``{"op": "legal"|"listed"|"accepts"|"apply"|
    #: "new"|"new-rejects"|"chance"|"observe"|"result", "value": ..., "choices": the reference's reading,
    #: "config"/"player" where the op needs them, "state"/"action" when the transition replayed is
    #: not the witness's own}``; None when the witness cannot be replayed
    observed: dict | None = None

    @property
    def plies(self) -> int:
        """0 for a single transition, else the number of actions in ``path``."""
        return 0 if self.path is None else len(self.path)

    def to_json(self) -> dict:
        out = {"state": self.state, "action": self.action, "expected": self.expected, "got": self.got,
               "text": self.text}
        if self.path is not None:
            out["path"] = self.path
        if self.observed is not None:
            out["observed"] = self.observed
        return out


@dataclass
class Finding:
    clause: str
    check: str
    message: str
    witness: Witness | None = None
    basis: str = "invariant"
    test: str = ""
    #: other clauses that explain this witness as well (a verdict reads ``inconclusive`` when
    #: one of them fails on witnesses of its own: ``harness.verdicts.check.explained_elsewhere``)
    alternatives: tuple[str, ...] = ()

    def key(self) -> tuple[str, str]:
        return (self.clause, self.check)

    def size(self) -> int:
        """Smaller is a better witness: a single transition first, then shorter text."""
        w = self.witness
        if w is None:
            return 10**9
        return w.plies * 10**6 + len(dumps(w.state)) if w.state is not None else w.plies * 10**6

    def to_json(self) -> dict:
        return {"clause": self.clause, "check": self.check, "message": self.message, "basis": self.basis,
                "test": self.test, "witness": self.witness.to_json() if self.witness else None,
                "alternatives": list(self.alternatives)}


@dataclass
class FindingSink:
    """The findings of one test: every one counted, the best ``KEEP_PER_CLAUSE`` kept per (clause, check)."""

    test: str = ""
    kept: dict[tuple[str, str], list[Finding]] = field(default_factory=dict)
    counts: dict[tuple[str, str], int] = field(default_factory=dict)
    #: the scenario context of the test (``harness.verdicts.violations.ScenarioChecks``), when it has one
    context: Any = None
    #: situation coverage: clause id -> how many explored transitions exercised it (``harness.explore.coverage``)
    coverage: dict[str, int] = field(default_factory=dict)
    #: config coverage: declared value (``harness.explore.coverage.config_values``) -> [games, transitions]
    config: dict[str, list[int]] = field(default_factory=dict)
    #: the config keys the engine under test declares (None: every key), for config coverage
    config_keys: list[str] | None = None
    #: pair coverage: ``"A + B"`` (two clauses one transition exercised together, in id order) ->
    #: how many explored transitions did (``harness.explore.coverage.note_pairs``)
    pairs: dict[str, int] = field(default_factory=dict)
    #: the declared values of the game being played (each transition counts for them)
    _config_now: tuple = ()
    #: (clause, check) keys with a finding that no other clause explains as well (no alternatives)
    standalone: set = field(default_factory=set)
    #: what the test explored: transitions visited, and a digest of their sequence (reproducibility)
    explored: int = 0
    _digest: Any = field(default_factory=lambda: hashlib.sha256())
    #: positions where the candidate did what the reference did (diagnosis: a misreading that
    #: differs there is not the candidate's reading), spread over the test
    agreements: Thinned = field(default_factory=lambda: Thinned(AGREEMENTS_KEPT))
    #: per (clause, check): findings with a replayable witness, spread over the test (the kept
    #: ones are the shortest; diagnosis needs witnesses from everywhere a bug showed)
    sampled: dict = field(default_factory=dict)

    def note_start(self, state_text: str) -> None:
        """A game (or built position) starts from this canonical state."""
        self._digest.update(b"S" + state_text.encode())
        self._config_now = ()

    def note_config(self, values: list[str], keys: list[str] | None) -> None:
        """The game just started is played with these declared config values and choice options
        (``harness.explore.coverage.config_values``), by an engine declaring ``keys``."""
        self._config_now = tuple(values)
        self.config_keys = None if keys is None else sorted(set(self.config_keys or ()) | set(keys))
        for v in values:
            self.config.setdefault(v, [0, 0])[0] += 1

    def note_transition(self, state_text: str, action: Any) -> None:
        """The exploration visited this state and played ``action`` (None: the game is over)."""
        self.explored += 1
        for v in self._config_now:
            self.config[v][1] += 1
        self._digest.update(b"T" + state_text.encode() + b"A" + dumps(action).encode())

    def note_agreement(self, agreement: dict) -> None:
        """The candidate agreed with the reference here (``{"op": "apply", "state", "action",
        "key", ...}`` or ``{"op": "new", "config", "value", ...}``)."""
        self.agreements.add(agreement)

    def exploration(self) -> dict:
        return {"transitions": self.explored, "digest": self._digest.hexdigest()[:16] if self.explored else ""}

    def add(self, f: Finding) -> None:
        f.test = f.test or self.test
        k = f.key()
        self.counts[k] = self.counts.get(k, 0) + 1
        if not f.alternatives:
            self.standalone.add(k)
        if f.witness is not None and f.witness.observed is not None:
            self.sampled.setdefault(k, Thinned(SAMPLED_KEPT)).add(f)
        lst = self.kept.setdefault(k, [])
        if any(g.message == f.message and dumps(g.witness.state if g.witness else None)
               == dumps(f.witness.state if f.witness else None) for g in lst):
            return
        lst.append(f)
        lst.sort(key=Finding.size)
        del lst[KEEP_PER_CLAUSE:]

    def __bool__(self) -> bool:
        return bool(self.counts)

    def clauses(self) -> list[str]:
        out: list[str] = []
        for c, _ in self.counts:
            if c not in out:
                out.append(c)
        return out

    def findings(self) -> list[Finding]:
        return [f for k in self.kept for f in self.kept[k]]

    def sampled_json(self) -> list[dict]:
        """The sampled replayable findings that are not among the kept ones."""
        kept = {id(f) for lst in self.kept.values() for f in lst}
        out = []
        for k, lst in self.sampled.items():
            for f in lst:
                if id(f) not in kept:
                    d = f.to_json()
                    d["count"] = None
                    d["standalone"] = not f.alternatives
                    out.append(d)
        return out

    def to_json(self) -> list[dict]:
        out = []
        for k, lst in self.kept.items():
            for i, f in enumerate(lst):
                d = f.to_json()
                d["count"] = self.counts[k] if i == 0 else None
                # whether some finding of this (clause, check), kept or only counted, had no alternative
                d["standalone"] = k in self.standalone if i == 0 else not f.alternatives
                out.append(d)
        return out

    def summary(self, limit: int = 12) -> str:
        """A readable failure text: one block per (clause, check), best witness first."""
        lines = []
        for (clause, check), lst in list(self.kept.items())[:limit]:
            f = lst[0]
            n = self.counts[(clause, check)]
            lines.append(f"[{clause}] ({check}, {n} finding{'s' if n != 1 else ''}) {f.message}")
            if f.witness is not None and f.witness.text:
                lines += ["    " + ln for ln in f.witness.text.splitlines()]
        if len(self.kept) > limit:
            lines.append(f"... and {len(self.kept) - limit} more clause(s); see the JSON report")
        return "\n".join(lines)


_current: contextvars.ContextVar[FindingSink | None] = contextvars.ContextVar("rulecheck_findings", default=None)
#: findings recorded outside any test (a machine run from a script): kept here
ORPHANS = FindingSink("(no test)")


def open_sink(test: str) -> FindingSink:
    sink = FindingSink(test)
    _current.set(sink)
    return sink


def close_sink() -> None:
    _current.set(None)


def current() -> FindingSink:
    sink = _current.get()
    return ORPHANS if sink is None else sink


def record(clause: str, check: str, message: str, witness: Witness | None = None, basis: str = "invariant",
           alternatives: tuple[str, ...] = ()) -> Finding:
    """Record a finding for the running test and return it."""
    f = Finding(clause, check, message, witness, basis, alternatives=tuple(alternatives))
    current().add(f)
    return f


class FindingsFailure(AssertionError):
    """Raised at the end of a check that recorded findings without stopping at the first one."""

    def __init__(self, sink: FindingSink, check: str):
        n = sum(v for (_, c), v in sink.counts.items() if c == check)
        super().__init__(f"{check}: {n} finding(s) on {len({c for c, k in sink.counts if k == check})} clause(s)\n"
                         + sink.summary())
        self.sink = sink


def raise_if_any(check: str, since: dict[tuple[str, str], int] | None = None) -> None:
    """Fail the running test when ``check`` recorded findings (after the ``since`` snapshot of counts)."""
    sink = current()
    since = since or {}
    if any(k[1] == check and n > since.get(k, 0) for k, n in sink.counts.items()):
        raise FindingsFailure(sink, check)


class ClauseFailure(AssertionError):
    """A check stopped at a finding it already recorded; the text names its clauses for people."""

    def __init__(self, clauses: list[str], message: str):
        super().__init__(" ".join(f"[{c}]" for c in clauses) + " " + message)
        self.clauses = clauses
