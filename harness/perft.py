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

from engine.canonical import dumps
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
