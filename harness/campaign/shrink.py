"""Shrinking a campaign finding to a short vector.

A finding is first seen at the end of a path from a new game (or a situation start). The
transition it was found on is one state and one action, so the shortest vector is that
state loaded alone and the one action played (0 earlier steps). When loading the state
alone does not reproduce it (a bug that depends on what the engine saw before), longer
suffixes of the path are tried, each from the reference's state at its first step
(1, 2, 4, ... steps back), and finally the whole path from the start. The first that
records the same (clause, check) again is kept.
"""

from __future__ import annotations

from engine.errors import RulecheckError
from harness.campaign import vectors
from harness.campaign.task import Raw


def _states(reference, start: dict, steps: list) -> list[dict] | None:
    """The reference's canonical state before each step (None when the path does not replay)."""
    try:
        s = reference.from_json(start["state"]) if "state" in start else reference.new_game(start["config"])
        out = []
        for a in steps:
            out.append(reference.to_json(s))
            s = reference.apply(s, a)
        return out
    except RulecheckError:
        return None


def _tries(n: int):
    """How many steps back each try starts: 1, 2, 4, ... then n (the whole path)."""
    k = 1
    while k < n:
        yield k
        k *= 2


def shrink(candidate, reference, game: str, engine: str, choices: dict, raw: Raw) -> dict:
    """The campaign vector of ``raw``: the shortest suffix of its path that reproduces it."""
    start, steps, found = raw.start, raw.steps, raw.finding
    states = _states(reference, raw.start, raw.steps) if raw.steps else None
    reproduced = False
    if states:
        for k in _tries(len(steps)):
            s_start, s_steps = {"state": states[-k]}, steps[-k:]
            got = vectors.reproduces(candidate, reference, s_start, s_steps, raw.key)
            if got is not None:
                start, steps, found, reproduced = s_start, s_steps, got, True
                break
    if not reproduced:
        got = vectors.reproduces(candidate, reference, raw.start, raw.steps, raw.key)
        reproduced = got is not None
        found = got or found
    clause, check = raw.key
    return {
        "format": vectors.FORMAT,
        "id": vectors.vector_id(game, clause, check),
        "game": game,
        "clause": clause,
        "check": check,
        "message": found.message,
        "basis": found.basis,
        "choices": dict(sorted(choices.items())),
        "start": start,
        "steps": steps,
        "witness": found.witness.to_json() if found.witness else None,
        "reproduced": reproduced,
        "found": {"engine": engine, "seed": raw.seed, "raw_steps": len(raw.steps)},
    }
