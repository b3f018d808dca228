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

import specs

PROVED, REFUTED, UNKNOWN = "proved", "refuted", "unknown"
#: a proof whose premises are unsat: it holds of no position at all (a failure, never a pass)
VACUOUS = "vacuous"
#: the label ``rulecheck prove`` shows for a proved theorem that follows from the encoding's
#: structure (``Theorem.structural`` says why): not evidence about the rules
STRUCTURAL = "structural"

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
    #: why the result follows from how the model is written rather than from the rules ("" = it does not)
    structural: str = ""

    def run(self) -> dict:
        t0 = time.perf_counter()
        try:
            out = self.check()
        except Exception as exc:  # a broken encoding must show up, not crash the run
            out = Outcome(UNKNOWN, detail=f"error while checking: {type(exc).__name__}: {exc}")
        out.seconds = round(time.perf_counter() - t0, 3)
        label = STRUCTURAL if out.status == PROVED and self.structural else out.status
        return {
            "id": self.id,
            "game": self.game,
            "clauses": list(self.clauses),
            "statement": self.statement,
            "bounds": self.bounds,
            "expect": self.expect,
            "status": label,
            "ok": out.status == self.expect,
            "structural": self.structural,
            "mutants": [m.name for m in MUTANTS.get(self.id, [])],
            "witness": out.witness,
            "detail": out.detail,
            "seconds": out.seconds,
        }


THEOREMS: list[Theorem] = []


def theorem(id: str, game: str, clauses: tuple[str, ...] | list[str], statement: str, bounds: str,
            expect: str = PROVED, structural: str = ""):
    """Decorator: register ``fn() -> Outcome`` as a theorem."""

    def deco(fn: Callable[[], Outcome]) -> Callable[[], Outcome]:
        if any(t.id == id for t in THEOREMS):
            raise ValueError(f"theorem {id} registered twice")
        THEOREMS.append(Theorem(id, game, tuple(clauses), statement, bounds, fn, expect, structural))
        return fn

    return deco


@dataclass
class Mutant:
    """A deliberately wrong model (one rule broken) with which theorem ``theorem`` must NOT
    give its expected result: a proved theorem must be refuted (sat counterexample), an
    expected refutation must disappear. A theorem that survives its mutants is vacuous."""

    theorem: str
    name: str
    wrong: str  # the broken rule, in the game's terms
    check: Callable[[], Outcome]
    slow: bool = False  # over a few seconds: run by the campaign, not the default test run

    def run(self, expect: str) -> dict:
        t0 = time.perf_counter()
        try:
            out = self.check()
        except Exception as exc:
            out = Outcome(UNKNOWN, detail=f"error while checking: {type(exc).__name__}: {exc}")
        caught = out.status not in (expect, UNKNOWN, VACUOUS) and (out.status != REFUTED or out.witness is not None)
        return {"theorem": self.theorem, "mutant": self.name, "wrong": self.wrong, "status": out.status,
                "caught": caught, "witness": out.witness, "detail": out.detail,
                "seconds": round(time.perf_counter() - t0, 3)}


#: theorem id -> its mutants (tests iterate this: a theorem without a mutant fails)
MUTANTS: dict[str, list[Mutant]] = {}


def mutant(theorem_id: str, name: str, wrong: str, slow: bool = False):
    """Decorator: register ``fn() -> Outcome`` (the theorem's check run on a broken model)."""

    def deco(fn: Callable[[], Outcome]) -> Callable[[], Outcome]:
        ms = MUTANTS.setdefault(theorem_id, [])
        if any(m.name == name for m in ms):
            raise ValueError(f"mutant {name} of {theorem_id} registered twice")
        ms.append(Mutant(theorem_id, name, wrong, fn, slow))
        return fn

    return deco


def prove(solver: z3.Solver, claim: z3.BoolRef, witness: Callable[[z3.ModelRef], dict] | None = None,
          timeout_ms: int = TIMEOUT_MS) -> Outcome:
    """Prove ``claim`` under the solver's assertions: ``Not(claim)`` unsat -> proved.

    sat -> refuted, with ``witness(model)`` (the model is re-checked first: the
    assertions and ``Not(claim)`` must evaluate to true under it). unsat premises (no
    position at all) -> ``vacuous``, a failure.
    """
    solver.push()
    try:
        solver.set("timeout", timeout_ms)
        solver.add(z3.Not(claim))
        res = solver.check()
        if res == z3.unsat:
            solver.pop()
            solver.push()
            if solver.check() == z3.unsat:  # no position satisfies the premises: proves anything
                return Outcome(VACUOUS, detail="the premises are unsat: the claim holds of no position at all")
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


PROOF_GAMES = specs.GAMES
#: keys of a parameter file that describe the table rather than hold it
_META_KEYS = ("about", "provenance", "how_chosen", "source", "why")


def describe_value(value) -> str:
    """A parameter's value in full, as readable text (no JSON, nothing cut off): a table of
    scalars is grouped by value ("1: green 1, green 3, ..."), a table of lists is one line per key."""
    if isinstance(value, dict):
        value = {k: v for k, v in value.items() if k not in _META_KEYS}
        if value and all(isinstance(v, (int, float, str, bool)) or v is None for v in value.values()):
            groups: dict = {}
            for k, v in value.items():
                groups.setdefault(v, []).append(str(k))
            if len(groups) < len(value):
                return "; ".join(f"{v}: {', '.join(ks)}" for v, ks in groups.items())
        return "; ".join(f"{k}: {describe_value(v)}" for k, v in value.items())
    if isinstance(value, list):
        if all(isinstance(v, dict) for v in value):
            return "; ".join("(" + ", ".join(f"{k} {describe_value(x)}" for k, x in v.items()) + ")" for v in value)
        if any(isinstance(v, (list, dict)) for v in value):
            return " / ".join(describe_value(v) for v in value)
        return ", ".join(str(v) for v in value)
    return "none" if value is None else str(value)


def _param_value(p):
    """The parameter's own value: the key its description names in a shared file ("key 'x' of ...")."""
    import re

    m = re.search(r"key '([^']+)'", p.description or "")
    if m and isinstance(p.value, dict) and m[1] in p.value:
        return p.value[m[1]]
    return p.value


def fact_items(game: str, have=()) -> list[Ambiguity]:
    """One ``fact:<id>`` item per assumed parameter of ``game`` not in ``have``: the assumed
    value in full, why it was assumed, the clauses that rest on it."""

    spec = specs.load(game)
    out = []
    for p in spec.parameters.values():
        if p.provenance != "assumed" or f"fact:{p.id}" in have:
            continue
        lines = spec.clauses[p.clauses[0]].lines if p.clauses and p.clauses[0] in spec.clauses else (0, 0)
        where = f" (specs/{game}/{p.file})" if getattr(p, "file", None) else ""
        out.append(Ambiguity(id=f"fact:{p.id}", game=game, kind="fact", title=p.description, lines=lines,
                             readings={"assumed": describe_value(_param_value(p)) + where}, status="assumed",
                             default="assumed", depends=list(p.clauses), detail=p.why))
    return out


def _run_one(index: int) -> dict:
    return THEOREMS[index].run()


def run_theorems(theorems: list[Theorem], workers: int = 2):
    """Yield each theorem's ``run()`` result in the order given, running ``workers`` at a
    time in forked processes (every theorem builds its own solver; nothing is shared).
    One process, or no fork available: one after the other in this process."""
    if workers > 1 and len(theorems) > 1:
        import concurrent.futures as cf
        import multiprocessing

        try:
            ctx = multiprocessing.get_context("fork")
            with cf.ProcessPoolExecutor(workers, mp_context=ctx) as pool:
                futures = [pool.submit(_run_one, THEOREMS.index(t)) for t in theorems]
                for f in futures:
                    yield f.result()
            return
        except (OSError, ValueError, cf.process.BrokenProcessPool):
            pass
    for t in theorems:
        yield t.run()


def load_theorems(games: list[str] | None = None) -> list[Theorem]:
    """Import ``proofs/<game>/theorems.py`` and its ``mutants.py`` (the vacuity checks) for each
    game that has them; the registered theorems."""
    for g in games or PROOF_GAMES:
        for part in ("theorems", "mutants"):
            try:
                importlib.import_module(f"proofs.{g}.{part}")
            except ModuleNotFoundError as exc:
                if exc.name not in (f"proofs.{g}", f"proofs.{g}.{part}"):
                    raise
    return [t for t in THEOREMS if games is None or t.game in games]


def load_register(game: str) -> list[Ambiguity]:
    """``proofs/<game>/ambiguities.py:register()`` (or nothing when the game has none yet),
    then the items of ``specs/<game>/register.toml`` (:func:`spec_register`)."""
    try:
        mod = importlib.import_module(f"proofs.{game}.ambiguities")
    except ModuleNotFoundError as exc:
        if exc.name not in (f"proofs.{game}", f"proofs.{game}.ambiguities"):
            raise
        found = []
    else:
        found = mod.register()
    return found + spec_register(game)


#: status of a register.toml item by its kind (specs.register): open, assumed, offered, or settled by the text
REGISTER_STATUS = {"ambiguity": "open", "gap": "assumed", "variant": "offered", "fact": "assumed", "settled": "same"}


def spec_register(game: str) -> list[Ambiguity]:
    """The items of ``specs/<game>/register.toml``, of every kind (``specs.register``)."""

    return [Ambiguity(id=it.id, game=game, kind=it.kind, title=it.question, lines=it.lines,
                      readings=dict(it.readings), status=REGISTER_STATUS[it.kind], default=it.default,
                      depends=list(it.clauses), detail=it.why)
            for it in specs.load(game).register.values()]
