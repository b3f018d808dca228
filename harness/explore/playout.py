"""Random playouts: uniformly random legal actions and chance outcomes, one loop for
``bench``, ``play`` and the tests (kept free of Hypothesis so ``play`` starts fast)."""

from __future__ import annotations

import random
from typing import Callable

from engine import chance as chance_mod
from engine.protocol import Engine


def playout_steps(engine: Engine, state, rng: random.Random, max_plies: int = 100_000):
    """Play on from ``state`` with uniformly random legal actions and chance outcomes.

    Yields ``(state, action, next_state, is_chance)``; stops when the game is over or
    before a player action past ``max_plies`` (chance events still happen). Used by
    ``random_playout`` (``bench``) and ``play``.
    """
    plies = 0
    while True:
        legal = engine.legal_actions(state)
        if legal:
            if plies >= max_plies:
                return
            action = legal[rng.randrange(len(legal))]
            plies += 1
            nxt = engine.apply(state, action)
            yield state, action, nxt, False
        else:
            pending = engine.chance(state)
            if pending is None:
                return
            action = chance_mod.sample(pending, rng)
            nxt = engine.apply(state, action)
            yield state, action, nxt, True
        state = nxt


def random_playout(engine: Engine, config: dict, rng: random.Random, max_plies: int = 100_000,
                   on_step: Callable | None = None):
    """Play one game with uniformly random legal actions and chance outcomes, stopping
    as soon as ``max_plies`` player actions are made.

    Returns (final state, player plies, chance events). Used by ``bench`` and the tests.
    """
    state = engine.new_game(config)
    plies = events = 0
    if max_plies <= 0:
        return state, plies, events
    if on_step is None and type(rng) is random.Random:
        return _plain_playout(engine, state, rng, max_plies)
    for before, action, state, is_chance in playout_steps(engine, state, rng, max_plies):
        if is_chance:
            events += 1
        else:
            plies += 1
        if on_step:
            on_step(before, action, state)
        if plies >= max_plies:
            break
    return state, plies, events


def _plain_playout(engine: Engine, state, rng: random.Random, max_plies: int):
    """``random_playout`` without a step callback, for a plain ``random.Random``: the same game
    from the same draws, as one loop (no generator), with ``rng.randrange(n)`` inlined as the
    ``_randbelow`` it is for a plain generator (``k = n.bit_length()`` bits, drawn again while
    the draw is ``>= n``). ``bench`` measures this loop. The engine's methods are its own
    (``_own_methods``)."""
    (legal_actions, apply, chance), sample = _own_methods(engine), chance_mod.sample
    getrandbits = rng.getrandbits
    plies = events = 0
    while True:
        legal = legal_actions(state)
        if legal:
            n = len(legal)
            k = n.bit_length()
            r = getrandbits(k)
            while r >= n:
                r = getrandbits(k)
            state = apply(state, legal[r])
            plies += 1
            if plies >= max_plies:
                return state, plies, events
        else:
            pending = chance(state)
            if pending is None:
                return state, plies, events
            state = apply(state, sample(pending, rng))
            events += 1


_PLAYOUT_METHODS = ("legal_actions", "apply", "chance")


def _own_methods(engine: Engine) -> tuple:
    """``engine.legal_actions``, ``engine.apply`` and ``engine.chance``, each without the protocol's
    input guard (``engine.protocol._guard``) when the engine's own class says so (a class attribute
    ``playout_unguarded``, read from that class itself: a subclass, such as a misreading or a broken
    engine, does not inherit it and keeps the guard). Such an engine lists only action objects and
    describes its chance events as ``engine.chance`` samples them, with states too shallow to reach
    Python's recursion limit: in a playout of its own actions and outcomes the guard never acts."""
    cls = type(engine)
    own = vars(engine) if hasattr(engine, "__dict__") else {}
    if not cls.__dict__.get("playout_unguarded") or any(name in own for name in _PLAYOUT_METHODS):
        return tuple(getattr(engine, name) for name in _PLAYOUT_METHODS)
    out = []
    for name in _PLAYOUT_METHODS:
        fn = getattr(cls, name)
        if getattr(fn, "__rulecheck_guarded__", False):
            fn = fn.__wrapped__
        out.append(fn.__get__(engine, cls))
    return tuple(out)
