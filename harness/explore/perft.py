"""Perft for any engine through the protocol (like chess perft: count move sequences).

``perft(engine, state_json, depth, cards)`` counts the distinct sequences of ``depth``
player actions from ``state_json``. Chance events are not branched on: whenever a path
reaches a chance node, the next outcome of ``cards`` (a list of chance actions, in
order, counted per path) is applied. A path that ends the game before ``depth`` counts
0, as in chess. ``divide`` gives the count per first action, to find where two engines
disagree.

Two engines whose move generation agrees give the same numbers; the numbers for fixed
positions live in ``specs/<game>/perft.json``.
"""

from __future__ import annotations

from engine.canonical import dumps, same
from engine.protocol import Engine


class PerftError(ValueError):
    """The perft input cannot be played out (not enough chance outcomes, ...)."""


def _settle(engine: Engine, state, cards: list[dict], used: int):
    """Apply chance outcomes from ``cards`` until a player is to move (or the game ends)."""
    while not engine.legal_actions(state):
        if engine.chance(state) is None:
            return state, used
        if used >= len(cards):
            raise PerftError(f"a chance event is pending after {used} outcome(s), but only {len(cards)} were given")
        state = engine.apply(state, cards[used])
        used += 1
    return state, used


def _count(engine: Engine, state, depth: int, cards: list[dict], used: int) -> int:
    state, used = _settle(engine, state, cards, used)
    legal = engine.legal_actions(state)
    if depth == 1:
        return len(legal)
    total = 0
    for action in legal:
        total += _count(engine, engine.apply(state, action), depth - 1, cards, used)
    return total


def perft(engine: Engine, state_json: dict, depth: int, cards: list[dict] | None = None) -> int:
    """The number of distinct legal action sequences of length ``depth`` (chance from ``cards``)."""
    if depth < 0:
        raise PerftError(f"depth must be >= 0, got {depth}")
    state = engine.from_json(state_json)
    if depth == 0:
        return 1
    return _count(engine, state, depth, list(cards or []), 0)


def divide(engine: Engine, state_json: dict, depth: int, cards: list[dict] | None = None) -> dict[str, int]:
    """``perft`` split by first action: {canonical action text: count of sequences starting with it}."""
    if depth < 1:
        raise PerftError(f"divide needs depth >= 1, got {depth}")
    cards = list(cards or [])
    state, used = _settle(engine, engine.from_json(state_json), cards, 0)
    out = {}
    for action in engine.legal_actions(state):
        out[dumps(action)] = 1 if depth == 1 else _count(engine, engine.apply(state, action), depth - 1, cards, used)
    return dict(sorted(out.items()))


def locate(candidate: Engine, reference: Engine, state_json: dict, depth: int, cards: list[dict] | None = None,
           limit: int = 20) -> list[dict]:
    """Where two engines' perft trees part: the states whose legal sets or successors differ.

    Walks ``divide`` of both engines from ``state_json`` down the subtrees whose counts differ,
    and returns up to ``limit`` rows ``{"state", "action", "kind", "candidate", "reference",
    "path"}``; ``kind`` is ``missing`` (the reference's action the candidate lacks), ``extra``
    (the other way round) or ``successor`` (the same action leads to different states).
    """
    cards = list(cards or [])
    out: list[dict] = []

    def walk(c_state, r_state, d: int, used: int, path: list) -> None:
        c_state, _ = _settle(candidate, c_state, cards, used)
        r_state, used = _settle(reference, r_state, cards, used)
        rj = reference.to_json(r_state)
        cj = candidate.to_json(c_state)
        if not same(cj, rj):
            out.append({"state": path[-1][0] if path else rj, "action": path[-1][1] if path else None,
                        "kind": "successor", "candidate": cj, "reference": rj, "path": [a for _, a in path]})
            return
        c_legal = {dumps(a): a for a in candidate.legal_actions(c_state)}
        r_legal = {dumps(a): a for a in reference.legal_actions(r_state)}
        for k in sorted(set(r_legal) | set(c_legal)):
            if len(out) >= limit:
                return
            if k not in c_legal or k not in r_legal:
                kind = "missing" if k not in c_legal else "extra"
                a = r_legal.get(k) or c_legal[k]
                out.append({"state": rj, "action": a, "kind": kind, "path": [x for _, x in path],
                            "candidate": _count_or_none(candidate, c_state, a, d, cards, used),
                            "reference": _count_or_none(reference, r_state, a, d, cards, used)})
                continue
            if d <= 1:
                continue
            a = r_legal[k]
            r_next = reference.apply(r_state, a)
            try:
                c_next = candidate.apply(c_state, a)
            except Exception as exc:  # noqa: BLE001  (it lists the action but will not play it)
                out.append({"state": rj, "action": a, "kind": "rejected", "path": [x for _, x in path],
                            "candidate": f"rejects it: {exc}", "reference": "accepts it"})
                continue
            if _count(candidate, c_next, d - 1, cards, used) != _count(reference, r_next, d - 1, cards, used):
                walk(c_next, r_next, d - 1, used, path + [(rj, a)])

    walk(candidate.from_json(state_json), reference.from_json(state_json), depth, 0, [])
    return out


def _count_or_none(engine: Engine, state, action: dict, depth: int, cards: list[dict], used: int) -> int | None:
    """perft of the subtree under ``action`` (1 at depth 1), or None when the engine rejects it."""
    try:
        nxt = engine.apply(state, action)
    except Exception:  # noqa: BLE001
        return None
    return 1 if depth <= 1 else _count(engine, nxt, depth - 1, cards, used)
