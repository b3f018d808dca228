"""Negative probes: actions the rules forbid, offered to the candidate.

Random and differential play only ever apply actions from a legal list, so an engine whose
``apply`` accepts a forbidden action passes unnoticed. In every state a
:class:`harness.explore.lockstep.Lockstep` visits, :func:`for_state` picks actions the reference
rejects: small mutations of the legal ones (another card, pawn, square, player, value side;
a list shortened, emptied or reversed; a value taken from another legal action), the legal
actions of the state before (a nearby state), and an action of the other type (a player
action while a chance event is pending). Only well-formed (schema-valid) ones are kept, so
the answer the protocol documents is the reference's rule error, never ``malformed``.
At a chance event, the outcome about to be played with one drawn item swapped for one the
pool does not hold is offered too (``invalid-outcome``).

Every choice comes from the ``random.Random`` the caller seeds from the state, so the
probes of a state are the same in every mode and every run.
"""

from __future__ import annotations

import random
from typing import Any

from engine.canonical import dumps
from engine.errors import RulecheckError

#: player-action probes offered per visited state (each one is a request over the protocol)
PER_STATE = 2
#: at most this many candidate probes are tried on the reference per state
TRIES = 12


def _leaves(obj: Any, path: tuple = ()) -> list[tuple[tuple, Any]]:
    if isinstance(obj, dict):
        return [x for k in sorted(obj) for x in _leaves(obj[k], path + (k,))]
    if isinstance(obj, list):
        return [(path, obj)] + [x for i, v in enumerate(obj) for x in _leaves(v, path + (i,))]
    return [(path, obj)]


def _scalars(obj: Any, out: list | None = None) -> list:
    """The values of ``_leaves(obj)`` that are not lists or objects, in the same order (no paths)."""
    if out is None:
        out = []
    if isinstance(obj, dict):
        for k in sorted(obj):
            v = obj[k]
            if isinstance(v, (dict, list)):
                _scalars(v, out)
            else:
                out.append(v)
    elif isinstance(obj, list):
        for v in obj:
            if isinstance(v, (dict, list)):
                _scalars(v, out)
            else:
                out.append(v)
    else:
        out.append(obj)
    return out


def _lent(neighbours: list[dict]) -> dict[type, list]:
    """The scalar values of ``neighbours`` by type, in order: what :func:`mutations` borrows."""
    pool: dict[type, list] = {}
    for other in neighbours:
        for v in _scalars(other):
            pool.setdefault(type(v), []).append(v)
    return pool


def _set(obj: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    out = list(obj) if isinstance(obj, list) else dict(obj)
    out[path[0]] = _set(obj[path[0]], path[1:], value)
    return out


def mutations(action: dict, neighbours: list[dict], rng: random.Random, limit: int = 24,
              lent: dict[type, list] | None = None) -> list[dict]:
    """Small changes of ``action``: each leaf replaced by a nearby or borrowed value, each list
    shortened or reversed. ``neighbours`` (other legal actions) lend values of the same kind;
    ``lent``: their values as :func:`_lent` gives them, when the caller has them already."""
    pool = _lent(neighbours) if lent is None else lent
    out = []
    for path, v in _leaves(action):
        if path and path[-1] == "type":
            continue
        choices: list = []
        if isinstance(v, bool):
            choices = [not v]
        elif isinstance(v, int):
            ints = pool.get(int, [])
            choices = [v - 1, v + 1] + rng.sample(ints, min(3, len(ints)))
        elif isinstance(v, str):
            strs = pool.get(str, [])
            choices = rng.sample(strs, min(4, len(strs)))
            words = v.split(" ")
            if len(words) > 1 and strs:  # "red 1" -> "blue 1": one word swapped for a word seen nearby
                for _ in range(2):
                    i, other = rng.randrange(len(words)), rng.choice(strs).split(" ")
                    choices.append(" ".join(words[:i] + [rng.choice(other)] + words[i + 1:]))
        elif isinstance(v, list) and v:
            choices = [v[:-1], v[::-1], []]
        for c in choices:
            if c != v:
                out.append(_set(action, path, c))
    rng.shuffle(out)
    return out[:limit]


def bad_outcome(chance: dict, action: dict, rng: random.Random) -> dict | None:
    """The chance ``action`` with one drawn item swapped for one its pool does not hold, or None."""
    pool = {dumps(x) for d in chance.get("draws", []) for x in d.get("pool", [])}
    leaves = [(p, v) for p, v in _leaves(action.get("outcome")) if isinstance(v, str) and dumps(v) in pool]
    strangers = sorted({v for v in _scalars(chance) if isinstance(v, str) and dumps(v) not in pool} | {"no such thing"})
    if not leaves:
        return None
    path, _ = rng.choice(leaves)
    return {**action, "outcome": _set(action["outcome"], path, rng.choice(strangers))}


def _from_state(state_json: dict, rng: random.Random, most: int = 12) -> dict:
    """A pretend action lending the state's own names and numbers (cards in other hands or on
    the discard pile, other squares): what a player does not hold or cannot reach."""
    leaves = [v for v in _scalars(state_json) if isinstance(v, (str, int)) and not isinstance(v, bool)]
    keys = [k for k in _keys(state_json) if not k.isidentifier() or k.isalpha()]  # "red", "0": names, not fields
    return {"lend": rng.sample(leaves, min(most, len(leaves))), "keys": rng.sample(keys, min(most, len(keys)))}


def _keys(obj: Any) -> list[str]:
    """The object keys inside ``obj`` below the top level (colours of a pawns map, seats)."""
    out: list[str] = []
    _keys_into(obj, out)
    return out


def _keys_into(obj: Any, out: list[str]) -> None:
    for v in (obj.values() if isinstance(obj, dict) else obj if isinstance(obj, list) else ()):
        if isinstance(v, dict):
            out += v
            _keys_into(v, out)
        elif isinstance(v, list):
            _keys_into(v, out)


def _candidates(legal: list[dict], last_legal: list[dict], state_json: dict, rng: random.Random):
    """Probe candidates, lazily: mutations of one legal action at a time (values borrowed from
    other legal actions and from the state), then a nearby state's actions (or actions of
    the other type)."""
    lenders = rng.sample(legal, min(8, len(legal))) + [_from_state(state_json, rng)]
    lent = _lent(lenders)
    for base in rng.sample(legal, min(3, len(legal))):
        yield from mutations(base, lenders, rng, limit=8, lent=lent)
    yield from rng.sample(last_legal, min(3, len(last_legal)))


def _emptied(action: dict) -> bool:
    """Whether a list of the action is empty (the one malformed mutation still worth offering)."""
    return any(v == [] for v in action.values())


def for_state(reference, ref_state, state_json: dict, legal: list[dict], chance: dict | None, action: dict | None,
              last_legal: list[dict], rng: random.Random, most: int = PER_STATE) -> list[tuple[dict, str]]:
    """The probes of one state: (action, the reference's error code) pairs, at most ``most``
    forbidden player actions plus one impossible chance outcome. The code is "" where any
    rejection is right (an action with a list emptied, which the schema calls malformed)."""
    import specs

    game = state_json.get("game", getattr(reference, "game", ""))
    seen = {dumps(a) for a in legal}
    out: list[tuple[dict, str]] = []
    tries = 0
    for m in _candidates(legal, last_legal, state_json, rng):
        key = dumps(m)
        if key in seen or not isinstance(m, dict):
            continue
        seen.add(key)
        valid = specs.action_is_valid(game, m)
        if not valid and not _emptied(m):
            continue  # not our notation: a malformed probe says nothing about the rules
        tries += 1
        try:
            reference.apply(ref_state, m)
        except RulecheckError as exc:
            # an action with a list emptied (an empty play as a pass) is malformed notation by
            # the schema, but an engine must still refuse it: any code will do there
            out.append((m, exc.code if valid else ""))
            if len(out) >= most:
                break
        if tries >= TRIES * most:
            break
    if chance is not None and action is not None:
        bad = bad_outcome(chance, action, rng)
        if bad is not None and specs.action_is_valid(game, bad):
            try:
                reference.apply(ref_state, bad)
            except RulecheckError as exc:
                out.append((bad, exc.code))
    return out
