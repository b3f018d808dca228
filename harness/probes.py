"""Negative probes: actions the rules forbid, offered to the candidate (issue 10, first part).

Random and differential play only ever apply actions from a legal list, so an engine whose
``apply`` accepts a forbidden action passes unnoticed. In a state differential play visits,
:func:`illegal_near` builds actions the reference rejects from the legal ones by small
mutations (another card, pawn, square, player, value side; a list shortened or reversed;
a value taken from another legal action), keeping only those that are well-formed
(schema-valid), so the documented answer is ``illegal-action``. Chance outcomes get the
same treatment: a drawn item replaced by one the pool does not hold (``invalid-outcome``).
"""

from __future__ import annotations

import random
from typing import Any

from engine.canonical import dumps
from engine.errors import RulecheckError

#: probes offered per visited state (each one is a request over the protocol)
PER_STATE = 1


def _leaves(obj: Any, path: tuple = ()) -> list[tuple[tuple, Any]]:
    if isinstance(obj, dict):
        return [x for k in sorted(obj) for x in _leaves(obj[k], path + (k,))]
    if isinstance(obj, list):
        return [(path, obj)] + [x for i, v in enumerate(obj) for x in _leaves(v, path + (i,))]
    return [(path, obj)]


def _set(obj: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    out = list(obj) if isinstance(obj, list) else dict(obj)
    out[path[0]] = _set(obj[path[0]], path[1:], value)
    return out


def mutations(action: dict, neighbours: list[dict], rng: random.Random, limit: int = 24) -> list[dict]:
    """Small changes of ``action``: each leaf replaced by a nearby or borrowed value, each list
    shortened or reversed. ``neighbours`` (other legal actions) lend values of the same kind."""
    pool: dict[type, list] = {}
    for other in neighbours:
        for _, v in _leaves(other):
            if not isinstance(v, (list, dict)):
                pool.setdefault(type(v), []).append(v)
    out = []
    for path, v in _leaves(action):
        if path and path[-1] == "type":
            continue
        choices: list = []
        if isinstance(v, bool):
            choices = [not v]
        elif isinstance(v, int):
            choices = [v - 1, v + 1] + pool.get(int, [])[:4]
        elif isinstance(v, str):
            choices = rng.sample(pool.get(str, []), min(4, len(pool.get(str, []))))
        elif isinstance(v, list) and v:
            choices = [v[:-1], v[::-1]]
        for c in choices:
            if c != v:
                out.append(_set(action, path, c))
    rng.shuffle(out)
    return out[:limit]


def illegal_near(reference, ref_state, legal: list[dict], rng: random.Random, game: str,
                 k: int = PER_STATE) -> list[tuple[dict, str]]:
    """Up to ``k`` (action, the reference's error code) pairs: well-formed mutations of ``legal``
    that the reference rejects."""
    import specs

    if not legal:
        return []
    seen = {dumps(a) for a in legal}
    out: list[tuple[dict, str]] = []
    for base in rng.sample(legal, min(3, len(legal))):
        for m in mutations(base, legal, rng):
            key = dumps(m)
            if key in seen:
                continue
            seen.add(key)
            if specs.validate_action(game, m):
                continue  # not our notation: a malformed probe says nothing about the rules
            try:
                reference.apply(ref_state, m)
            except RulecheckError as exc:
                out.append((m, exc.code))
                if len(out) >= k:
                    return out
    return out


def bad_outcome(chance: dict, action: dict, rng: random.Random) -> dict | None:
    """The chance ``action`` with one drawn item swapped for one its pool does not hold, or None."""
    pool = {dumps(x) for d in chance.get("draws", []) for x in d.get("pool", [])}
    leaves = [(p, v) for p, v in _leaves(action.get("outcome")) if isinstance(v, str) and dumps(v) in pool]
    strangers = sorted({v for _, v in _leaves(chance) if isinstance(v, str) and dumps(v) not in pool} | {"no such thing"})
    if not leaves:
        return None
    path, _ = rng.choice(leaves)
    return {**action, "outcome": _set(action["outcome"], path, rng.choice(strangers))}
