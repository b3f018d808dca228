"""Provenance: a reference engine explains itself in clause ids ("verdicts you can trust").

An explanation path beside the fast path: ``engine.explainer()`` returns an object that
answers, from canonical JSON only (so it can explain a state a candidate produced):

- ``legal(state, action)``      the clauses that make this legal action legal;
- ``rejection(state, action)``  the clauses that forbid an action the engine rejects
                                (``()`` when the action is legal or nothing is known);
- ``transition(state, action)`` one :class:`Effect` per part of the successor the action
                                decided (a changed field, or a field a rule kept as it was);
- ``chance(state)``             the clauses that define the pending chance event;
- ``setup(config)``             the effects of ``new_game(config)``.

Paths are JSON pointers into the canonical state (``/pawns/red/1``, ``/turn``,
``/draw_pile``). A divergence between a candidate and the reference is blamed on the
clauses whose effects cover the paths where the two successors differ
(:func:`clauses_for_paths`); ``harness.verdicts.blame`` does that.

An effect may name no clause: a part that only follows from others (Dnup's discard pile
is every card in no hand and no set) is covered, so a difference there is blamed through
the part that differs with it, never through a fallback.

One witness may have several explanations. An effect with ``when`` (:attr:`Effect.when`)
and an :class:`Either` of clauses name them; a finding carries them as ``alternatives``,
and a clause whose every witness another failing clause explains reads ``inconclusive``
(``harness.verdicts.check.explained_elsewhere``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Protocol

import orjson


class _Any:
    def __repr__(self) -> str:
        return "ANY"


#: an effect with ``when=ANY`` explains its part whatever a candidate put there
ANY: Any = _Any()


class _Differs:
    def __repr__(self) -> str:
        return "DIFFERS"


#: ``when=DIFFERS``: a pairwise alternative for any value a candidate put there that differs
DIFFERS: Any = _Differs()


@dataclass(frozen=True)
class Effect:
    """A part of a state (``path``) that ``clauses`` decided; ``note`` says how, for people."""

    path: str
    clauses: tuple[str, ...]
    note: str = ""
    #: parts of the successor this part follows from (the next leader from the trick's winner):
    #: when one of them differs too, this part's difference is a consequence (:func:`root_clauses`)
    because: tuple[str, ...] = ()
    #: a pairwise alternative: when the candidate put exactly ``when`` at ``path``, these clauses
    #: explain the difference as well as the effects without one do (player 3 leads after a dove
    #: trick: the leader rule broken, or player 3's card ranked above the winner's by the wrong
    #: colour order). Not blamed: a finding carries them (:func:`alternative_clauses`), and a
    #: verdict reads ``inconclusive`` when one of them fails on its own witnesses
    when: Any = ANY

    def covers(self, path: str) -> bool:
        """True when this effect's path is ``path``, inside it, or contains it."""
        return _prefix(self.path, path) or _prefix(path, self.path)


class Either(tuple):
    """Clauses an explainer names for one rejection (or legal action) where breaking any one of
    them would show the same way: a split 7 whose first part ends on the second part's pawn is
    refused by the split's order (SRY-CARD-7) or by the own pawn blocking (SRY-OWN-PAWN-BLOCKS).
    Still a tuple of the clauses to blame; each finding carries the others, and ``also``
    (clauses that explain it as well but are not blamed for it), as alternatives."""

    also: tuple[str, ...]

    def __new__(cls, clauses, also=()) -> "Either":
        self = super().__new__(cls, tuple(dict.fromkeys(clauses)))
        self.also = tuple(c for c in dict.fromkeys(also) if c not in self)
        return self


@dataclass
class Explanation:
    """What a whole transition did, clause by clause."""

    effects: list[Effect] = field(default_factory=list)

    def add(self, path: str, *clauses: str, note: str = "", because: tuple[str, ...] = ()) -> None:
        self.effects.append(Effect(path, tuple(clauses), note, tuple(because)))

    def clauses_for(self, paths: Iterable[str]) -> tuple[str, ...]:
        return clauses_for_paths(self.effects, paths)


class Explainer(Protocol):
    def legal(self, state: dict, action: dict) -> tuple[str, ...]: ...

    def rejection(self, state: dict, action: dict) -> tuple[str, ...]: ...

    def transition(self, state: dict, action: dict) -> list[Effect]: ...

    def chance(self, state: dict) -> tuple[str, ...]: ...

    def setup(self, config: dict) -> list[Effect]: ...


def _prefix(a: str, b: str) -> bool:
    """Is pointer ``a`` equal to ``b`` or an ancestor of it?"""
    return a == b or b.startswith(a.rstrip("/") + "/") or a in ("", "/")


def pointer(*parts: Any) -> str:
    """``pointer("pawns", "red", 1)`` -> ``/pawns/red/1`` (``~`` and ``/`` escaped as in RFC 6901)."""
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)


def changed_paths(before: Any, after: Any, path: str = "", limit: int = 200) -> list[str]:
    """JSON pointers of the leaves where ``before`` and ``after`` differ (lists of unequal length
    and values of different types count as one leaf)."""
    out: list[str] = []
    _changed(before, after, path, out, limit)
    return out


_MISSING = object()


def _changed(a, b, path, out, limit):
    if len(out) >= limit:
        return
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b), key=str):
            _changed(a.get(k, _MISSING), b.get(k, _MISSING), path + pointer(k), out, limit)
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            _changed(x, y, path + pointer(i), out, limit)
    elif a is _MISSING or b is _MISSING or type(a) is not type(b) or a != b:
        out.append(path or "/")


def clauses_for_paths(effects: Iterable[Effect], paths: Iterable[str]) -> tuple[str, ...]:
    """The clauses (in effect order, without repeats) of every effect that covers one of ``paths``."""
    paths = list(paths)
    out: list[str] = []
    for e in effects:
        if any(e.covers(p) for p in paths):
            for c in e.clauses:
                if c not in out:
                    out.append(c)
    return tuple(out)


def value_at(obj: Any, ptr: str) -> Any:
    """The value at JSON pointer ``ptr`` in ``obj`` (``_MISSING`` when there is none)."""
    if ptr in ("", "/"):
        return obj
    for raw in ptr.split("/")[1:]:
        part = raw.replace("~1", "/").replace("~0", "~")
        if isinstance(obj, dict):
            obj = obj.get(part, _MISSING)
        elif isinstance(obj, list) and part.isdigit() and int(part) < len(obj):
            obj = obj[int(part)]
        else:
            return _MISSING
        if obj is _MISSING:
            return obj
    return obj


def alternative_clauses(effects: Iterable[Effect], paths: Iterable[str], candidate: Any) -> tuple[str, ...]:
    """The clauses of the pairwise effects (``when``) at ``paths`` whose value is the candidate's
    there: other explanations of the same difference (:attr:`Effect.when`)."""
    out: list[str] = []
    paths = set(paths)
    for e in effects:
        if e.when is ANY or e.path not in paths:
            continue
        got = value_at(candidate, e.path)
        if e.when is DIFFERS or (type(got) is type(e.when) and got == e.when):
            out += [c for c in e.clauses if c not in out]
    return tuple(out)


def root_clauses(effects: Iterable[Effect], paths: Iterable[str]) -> tuple[str, ...]:
    """Blame root first: the clauses of the effects covering ``paths``, leaving out an effect
    whose ``because`` parts differ too (all covering effects when that leaves none). Pairwise
    alternatives (``when``) are not blamed (:func:`alternative_clauses`)."""
    effects, paths = [e for e in effects if e.when is ANY], list(paths)

    def differs(ptr: str) -> bool:
        return any(_prefix(ptr, p) or _prefix(p, ptr) for p in paths)

    roots = [e for e in effects if not any(differs(b) for b in e.because)]
    return clauses_for_paths(roots, paths) or clauses_for_paths(effects, paths)


class LastLoaded:
    """The internal state an explainer loaded last, and the JSON value it was loaded from.

    Coverage asks an explainer several questions about one state in a row (the transition's
    effects, what made the action legal, each player's view), and each question loads the state
    from JSON. ``load(obj, from_json)`` loads again only when ``obj`` is another object than the
    last one, or the same object with other content (its orjson text differs); otherwise it gives
    the state loaded last. The object is held, so its identity cannot pass to another one. An
    explainer never changes a loaded state (a reference engine's ``apply`` is pure)."""

    __slots__ = ("obj", "text", "state")

    def __init__(self) -> None:
        self.obj: Any = None
        self.text: bytes | None = None
        self.state: Any = None

    def load(self, obj: Any, from_json: Callable[[Any], Any]) -> Any:
        try:
            text = orjson.dumps(obj)
        except TypeError:  # not JSON orjson writes (a big integer, a lone surrogate): load it each time
            return from_json(obj)
        if obj is self.obj and text == self.text:
            return self.state
        state = from_json(obj)
        self.obj, self.text, self.state = obj, text, state
        return state

