"""Blame from provenance: which clause a divergence from the reference breaks.

Every difference between a candidate and the reference (a missing or extra legal action,
a different successor field, a different chance event, a different error, a different
setup) is blamed on the clauses the reference's provenance (``engine.provenance``) names
for exactly that difference. ``DIFFERENTIAL`` is only the fallback when the provenance
names nothing, and the finding's basis says so.

:func:`witness` renders one transition in the game's notation, for people.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from engine.canonical import dumps
from engine.provenance import Either, alternative_clauses, changed_paths, root_clauses
from harness.verdicts import jsondiff
from harness.verdicts.findings import Witness

DIFFERENTIAL = "DIFFERENTIAL"


@dataclass(frozen=True)
class Blame:
    clauses: tuple[str, ...]
    basis: str  # "provenance" or "fallback"
    #: clauses that explain the same difference as well (pairwise provenance, ``Effect.when``)
    alternatives: tuple[str, ...] = ()
    #: blamed clauses that are alternatives of each other (the explainer said ``Either``)
    either: tuple[str, ...] = ()

    @classmethod
    def of(cls, clauses: Iterable[str], alternatives: Iterable[str] = ()) -> "Blame":
        either = tuple(clauses) + clauses.also if isinstance(clauses, Either) else ()
        cl = tuple(dict.fromkeys(c for c in clauses if c))
        alts = tuple(dict.fromkeys(c for c in alternatives if c))  # may name a blamed clause too
        return cls(cl, "provenance", alts, either) if cl else cls((DIFFERENTIAL,), "fallback")

    def alternatives_of(self, clause: str) -> tuple[str, ...]:
        """What explains a finding on ``clause`` as well: the pairwise alternatives, and the
        other clauses of an ``Either`` (never ``clause`` itself)."""
        others = self.alternatives + (self.either if clause in self.either else ())
        return tuple(dict.fromkeys(c for c in others if c != clause))


def _safe(fn, *args) -> Any:
    """Provenance is an explanation: a bug in it must never hide the finding it explains."""
    try:
        return fn(*args)
    except Exception:  # noqa: BLE001
        return ()


def explainer_of(reference) -> Any:
    get = getattr(reference, "explainer", None)
    return get() if callable(get) else None


def successor(reference, state_json: dict, action: dict, ref_after: dict, cand_after: dict) -> Blame:
    """The successors differ: blame the clauses whose effects cover the differing paths, root
    first (an effect whose ``because`` parts differ too is a consequence, not the break).

    A path the reference's provenance does not cover falls back to the clauses that make
    the action legal (the action was not carried out as its rule says)."""
    ex = explainer_of(reference)
    if ex is None:
        return Blame.of(())
    paths = changed_paths(ref_after, cand_after)
    if not paths:
        return Blame.of(())
    effects = _safe(ex.transition, state_json, action) or []
    found = root_clauses(effects, paths)  # a part that follows from another differing part is a consequence
    if found:
        return Blame.of(found, alternative_clauses(effects, paths, cand_after))
    return Blame.of(_safe(ex.legal, state_json, action))


def legal_sets(reference, state_json: dict, missing: list[dict], extra: list[dict]) -> dict[str, Blame]:
    """Per differing action (canonical text): an extra one is blamed on what forbids it, a
    missing one on what makes it legal -- unless the candidate lists a near copy of it instead
    (the same action but for one or two values: a pawn sent to another square), when the
    missing action is the same mistake as that extra one and shares its blame."""
    ex = explainer_of(reference)
    out: dict[str, Blame] = {}
    for a in extra:
        out[dumps(a)] = Blame.of(_safe(ex.rejection, state_json, a) if ex else ())
    for a in missing:
        twin = _nearest(a, extra)
        if twin is not None and out[dumps(twin)].basis == "provenance":
            out[dumps(a)] = out[dumps(twin)]
        else:
            out[dumps(a)] = Blame.of(_safe(ex.legal, state_json, a) if ex else ())
    return out


def _unordered(v: Any) -> Any:
    """``v`` with every list put in one order (the parts of a split 7, listed either way round)."""
    if isinstance(v, dict):
        return {k: _unordered(x) for k, x in v.items()}
    if isinstance(v, list):
        return sorted((_unordered(x) for x in v), key=dumps)
    return v


def _nearest(action: dict, others: list[dict], most: int = 2) -> dict | None:
    """The action of ``others`` that differs from ``action`` in the fewest values (at most
    ``most``); first one that is the same but for the order of a list (a split's parts swapped)."""
    same = dumps(_unordered(action))
    for o in others:
        if dumps(_unordered(o)) == same:
            return o
    best, best_n = None, most + 1
    for o in others:
        n = len(changed_paths(action, o, limit=most + 1))
        if n < best_n:
            best, best_n = o, n
    return best


def accepted_illegal(reference, state_json: dict, action: dict) -> Blame:
    """The candidate accepts an action the reference rejects."""
    ex = explainer_of(reference)
    return Blame.of(_safe(ex.rejection, state_json, action) if ex else ())


def rejected_legal(reference, state_json: dict, action: dict) -> Blame:
    """The candidate rejects an action the reference accepts."""
    ex = explainer_of(reference)
    return Blame.of(_safe(ex.legal, state_json, action) if ex else ())


def observation(reference, state_json: dict, player: int, ref_obs: Any, cand_obs: Any) -> Blame:
    """A player's observation differs (or is refused: ``cand_obs`` None): blame what the
    reference's provenance says decides the differing parts (shown, hidden, how)."""
    ex = explainer_of(reference)
    fn = getattr(ex, "observation", None)
    if fn is None:
        return Blame.of(())
    effects = _safe(fn, state_json, player) or []
    if cand_obs is None:
        return Blame.of(c for e in effects for c in e.clauses)
    return Blame.of(root_clauses(effects, changed_paths(ref_obs, cand_obs)))


def result(reference, state_json: dict, cand_result: Any) -> Blame:
    """The candidate's game result in ``state_json`` differs from the reference's (a result
    mid-game, none at the end, another winner or score), or contradicts its own legal actions:
    blame what the reference's provenance says decides the result there (``explainer.result``:
    the end, tie and scoring clauses once the game is over, the game-length clause before),
    the differing parts first. Without that method, the clauses the state's last transition
    names for ``/result`` are unknown here: the fallback."""
    ex = explainer_of(reference)
    fn = getattr(ex, "result", None)
    if fn is None:
        return Blame.of(())
    effects = _safe(fn, state_json) or []
    paths = changed_paths({"result": state_json.get("result")}, {"result": cand_result}) or ["/result"]
    return Blame.of(root_clauses(effects, paths) or tuple(c for e in effects for c in e.clauses))


def chance_event(reference, state_json: dict) -> Blame:
    ex = explainer_of(reference)
    return Blame.of(_safe(ex.chance, state_json) if ex else ())


def setup(reference, config: dict, ref_json: dict, cand_json: dict | None) -> Blame:
    """``new_game(config)`` differs (or the candidate rejects the config: ``cand_json`` None)."""
    ex = explainer_of(reference)
    if ex is None:
        return Blame.of(())
    effects = _safe(ex.setup, config) or []
    if cand_json is None:
        return Blame.of(c for e in effects for c in e.clauses)
    return Blame.of(root_clauses(effects, changed_paths(ref_json, cand_json)))


# ---------------------------------------------------------------- witnesses, for people


def describe(reference, state_json: dict | None, action: dict | None = None) -> tuple[str, str]:
    """(position text, action text) in the game's notation; empty strings when it cannot say."""
    pos = act = ""
    if state_json is None:
        return pos, act
    try:
        st = reference.from_json(state_json)
        pos = reference.describe_state(st) or ""
        if action is not None:
            act = reference.describe_action(st, action) or ""
    except Exception:  # noqa: BLE001  (a witness text is best effort; the JSON is always kept)
        pass
    return pos, act


def witness(reference, state_json: dict | None, action: dict | None, expected: Any, got: Any,
            path: list | None = None, expected_name: str = "reference", got_name: str = "candidate",
            diff: bool = True) -> Witness:
    """A one-transition witness with a readable text: position, action, and what differs."""
    pos, act = describe(reference, state_json, action) if reference is not None else ("", "")
    lines = []
    if pos:
        lines.append("position: " + pos)
    if action is not None:
        lines.append("action:   " + (act or dumps(action)[:300]) + (f"   {dumps(action)[:200]}" if act else ""))
    if diff and isinstance(expected, (dict, list)) and isinstance(got, (dict, list)):
        lines.append(jsondiff.render(got, expected, got_name, expected_name, limit=8))
    else:
        lines.append(f"{expected_name:>9}: {_show(expected)}")
        lines.append(f"{got_name:>9}: {_show(got)}")
    if path is not None and len([a for a in path if isinstance(a, dict) and a.get("type") != "chance"]) <= 10:
        lines.append(f"from a new game: {len(path)} step(s), in the JSON report")
    else:
        path = None
    return Witness(state_json, action, expected, got, path, "\n".join(lines))


def observed(reference, op: str, **fields) -> dict:
    """What a candidate did, replayable on another engine (``Witness.observed``): ``op`` with its
    fields, and the game and reading (choices) of the reference that judged it."""
    return {"op": op, **fields, "game": reference.game, "choices": dict(getattr(reference, "choices", {}) or {})}


def _show(v: Any) -> str:
    if isinstance(v, str):
        return v[:300]
    return dumps(v)[:300]
