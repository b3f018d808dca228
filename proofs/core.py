"""The machinery every proof module uses.

A ``Theorem`` states a property with its bounds and names its clauses. Its ``check``
function returns an ``Outcome``: ``proved`` (the negation is unsat), ``refuted`` (with
a concrete witness, re-checked against the model), or ``unknown`` (timeout: a failure,
never a pass). Some theorems are *expected* to be refuted (e.g. "Dnup always ends" has
a lasso witness): ``expect`` says which result is the right one.

TOOLING.md: plain ``Solver()`` with push/pop; ``Optimize`` only for minimal witnesses;
no ``SolverFor``; guard every symbolic index; ``If/And/Or/Not`` on Z3 terms.
"""

from __future__ import annotations

import importlib
import time
from dataclasses import dataclass, field
from typing import Callable

import z3

PROVED, REFUTED, UNKNOWN = "proved", "refuted", "unknown"

#: default per-query timeout (ms): an answer slower than this is "unknown"
TIMEOUT_MS = 20_000


@dataclass
class Outcome:
    status: str  # proved | refuted | unknown
    witness: dict | None = None
    detail: str = ""
    seconds: float = 0.0


@dataclass
class Theorem:
    id: str
    game: str
    clauses: tuple[str, ...]
    statement: str
    bounds: str
    check: Callable[[], Outcome]
    expect: str = PROVED

    def run(self) -> dict:
        t0 = time.perf_counter()
        try:
            out = self.check()
        except Exception as exc:  # a broken encoding must show up, not crash the run
            out = Outcome(UNKNOWN, detail=f"error while checking: {type(exc).__name__}: {exc}")
        out.seconds = round(time.perf_counter() - t0, 3)
        return {
            "id": self.id,
            "game": self.game,
            "clauses": list(self.clauses),
            "statement": self.statement,
            "bounds": self.bounds,
            "expect": self.expect,
            "status": out.status,
            "ok": out.status == self.expect,
            "witness": out.witness,
            "detail": out.detail,
            "seconds": out.seconds,
        }


THEOREMS: list[Theorem] = []


def theorem(id: str, game: str, clauses: tuple[str, ...] | list[str], statement: str, bounds: str,
            expect: str = PROVED):
    """Decorator: register ``fn() -> Outcome`` as a theorem."""

    def deco(fn: Callable[[], Outcome]) -> Callable[[], Outcome]:
        if any(t.id == id for t in THEOREMS):
            raise ValueError(f"theorem {id} registered twice")
        THEOREMS.append(Theorem(id, game, tuple(clauses), statement, bounds, fn, expect))
        return fn

    return deco


def prove(solver: z3.Solver, claim: z3.BoolRef, witness: Callable[[z3.ModelRef], dict] | None = None,
          timeout_ms: int = TIMEOUT_MS) -> Outcome:
    """Prove ``claim`` under the solver's assertions: ``Not(claim)`` unsat -> proved.

    sat -> refuted, with ``witness(model)`` (the model is re-checked first: the
    assertions and ``Not(claim)`` must evaluate to true under it).
    """
    solver.push()
    try:
        solver.set("timeout", timeout_ms)
        solver.add(z3.Not(claim))
        res = solver.check()
        if res == z3.unsat:
            return Outcome(PROVED)
        if res == z3.unknown:
            return Outcome(UNKNOWN, detail=f"solver gave up: {solver.reason_unknown()}")
        m = solver.model()
        _recheck(solver, m)
        return Outcome(REFUTED, witness=witness(m) if witness else None, detail="counterexample found")
    finally:
        solver.pop()


def find(solver: z3.Solver, goal: z3.BoolRef, witness: Callable[[z3.ModelRef], dict] | None = None,
         timeout_ms: int = TIMEOUT_MS) -> tuple[str, dict | None]:
    """Search for a model of ``goal``: ("sat", witness) | ("unsat", None) | ("unknown", None)."""
    solver.push()
    try:
        solver.set("timeout", timeout_ms)
        solver.add(goal)
        res = solver.check()
        if res == z3.sat:
            m = solver.model()
            _recheck(solver, m)
            return "sat", (witness(m) if witness else None)
        return ("unsat" if res == z3.unsat else "unknown"), None
    finally:
        solver.pop()


def _recheck(solver: z3.Solver, m: z3.ModelRef) -> None:
    for a in solver.assertions():
        if not z3.is_true(m.eval(a, model_completion=True)):
            raise AssertionError(f"Z3 model does not satisfy {a}: refusing a bogus witness")


@dataclass
class Ambiguity:
    """One item of a game's ambiguity register."""

    id: str
    game: str
    kind: str  # rule-order | joker-interaction | reading | fact
    title: str
    lines: tuple[int, int]
    readings: dict[str, str]
    status: str  # conflict | commutes | differs | same | assumed | unknown
    witness: dict | None = None
    default: str | None = None
    choice: str | None = None
    depends: list[str] = field(default_factory=list)
    detail: str = ""

    def to_json(self) -> dict:
        return {
            "id": self.id, "game": self.game, "kind": self.kind, "title": self.title, "lines": list(self.lines),
            "readings": self.readings, "status": self.status, "witness": self.witness, "default": self.default,
            "choice": self.choice, "depends": self.depends, "detail": self.detail,
        }


PROOF_GAMES = ("opsnorren", "sorry", "dnup")


def load_theorems(games: list[str] | None = None) -> list[Theorem]:
    """Import ``proofs/<game>/theorems.py`` for each game that has one; the registered theorems."""
    for g in games or PROOF_GAMES:
        try:
            importlib.import_module(f"proofs.{g}.theorems")
        except ModuleNotFoundError as exc:
            if exc.name not in (f"proofs.{g}", f"proofs.{g}.theorems"):
                raise
    return [t for t in THEOREMS if games is None or t.game in games]


def load_register(game: str) -> list[Ambiguity]:
    """``proofs/<game>/ambiguities.py:register()``, or [] when the game has none yet."""
    try:
        mod = importlib.import_module(f"proofs.{game}.ambiguities")
    except ModuleNotFoundError as exc:
        if exc.name in (f"proofs.{game}", f"proofs.{game}.ambiguities"):
            return []
        raise
    return mod.register()
