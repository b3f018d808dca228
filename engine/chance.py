"""Explicit chance nodes (DESIGN: "Deterministic. An engine never draws a random number").

A state with a pending random event carries a *chance description* in its canonical
JSON under ``"chance"`` (``null`` when no event is pending)::

    {"event": "deal",
     "draws": [{"pool": ["green 0", "green 1", ...], "take": {"0": 10, "1": 10, "aside": 4}}]}

Each draw takes, without replacement, ``take[r]`` items for every recipient ``r`` from
``pool`` (a multiset: repeated items are repeated copies). With ``"orient": true`` every
taken item also gets an orientation and is written ``[item, flipped]``.

The driver (the harness, which owns the seed) answers with a *chance action* that
names what happened, never how a shuffle was done::

    {"type": "chance", "event": "deal", "outcome": [{"0": [...], "1": [...], "aside": [...]}]}

``validate`` checks an outcome against a description; ``sample`` makes one from a
``random.Random``. Any engine, in any language, describes its chance events this way,
so the harness can drive every game with the same two functions.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from engine.errors import IllegalActionError, InvalidOutcomeError, MalformedError


_RANDOM = random.Random


def chance_action(event: str, outcome: list[dict[str, list]]) -> dict:
    return {"type": "chance", "event": event, "outcome": outcome}


def sample(chance: dict, rng: random.Random) -> dict:
    """A chance action for ``chance``, drawn with ``rng`` (uniform over outcomes). A recipient's
    items are sorted by their ``repr`` unless the draw says ``"sorted": false``; one item is
    already in order.

    With a plain ``random.Random``, an event that is one draw of one item for one recipient,
    unoriented (a Sorry! card), takes the item ``rng.choice(pool)`` names: one
    ``_randbelow(len(pool))``, about one generator call where a shuffle makes one per item. Every
    other draw, and every draw with another generator (Hypothesis's, whose draws its examples
    are made of), takes the first items of the pool shuffled by ``rng`` (``shuffle``:
    Random.shuffle's draws). Seeds, the pair witnesses kept in ``specs/`` and stored explorations
    replay these very draws."""
    draws = chance["draws"]
    if len(draws) == 1 and type(rng) is _RANDOM:
        draw = draws[0]
        take, pool = draw["take"], draw["pool"]
        if len(take) == 1 and pool and not draw.get("orient"):
            ((who, n),) = take.items()
            if n == 1:  # Random.choice(pool), its _randbelow inlined
                size = len(pool)
                k = size.bit_length()
                getrandbits = rng.getrandbits
                i = getrandbits(k)
                while i >= size:
                    i = getrandbits(k)
                return {"type": "chance", "event": chance["event"],  # chance_action's, without the call
                        "outcome": [{who: [pool[i]]}]}
    outcome = []
    for draw in draws:
        take = draw["take"]
        pool = list(draw["pool"])
        shuffle(pool, rng)
        taken: dict[str, list] = {}
        at = 0
        orient, in_order = draw.get("orient"), draw.get("sorted", True)
        for who, n in take.items():
            items = pool[at : at + n]
            at += n
            if orient:
                items = _oriented(items, rng)
            taken[who] = sorted(items, key=repr) if in_order and len(items) > 1 else items
        outcome.append(taken)
    return chance_action(chance["event"], outcome)


def _oriented(items: list, rng: random.Random) -> list:
    """Each item with an orientation drawn by ``rng``: ``[item, flipped]``."""
    return [[item, rng.random() < 0.5] for item in items]


def shuffle(x: list, rng: random.Random) -> None:
    """``rng.shuffle(x)``, the very same permutation from the very same draws, at about a third of
    the cost for a plain ``random.Random``: the loop of ``Random.shuffle`` with ``_randbelow``
    inlined, its steps' bit lengths looked up (``_runs``) rather than worked out per step. Any other generator (a subclass, Hypothesis's) is asked to shuffle itself."""
    if type(rng) is not random.Random:
        rng.shuffle(x)
        return
    getrandbits = rng.getrandbits
    for k, steps in _runs(len(x)):
        for i in steps:
            j = getrandbits(k)
            while j > i:
                j = getrandbits(k)
            x[i], x[j] = x[j], x[i]


#: the shuffle's steps per list length, as runs of one bit length: (k, the range of i from the last
#: index down, each i with (i + 1).bit_length() == k), kept for lengths up to _RUNS_KEPT_UP_TO
_RUNS: dict[int, tuple] = {}
_RUNS_KEPT_UP_TO = 4096


def _runs(size: int):
    got = _RUNS.get(size)
    if got is None:
        runs, i = [], size - 1
        while i >= 1:
            k = (i + 1).bit_length()
            low = max(1, (1 << (k - 1)) - 1)  # the lowest i with (i + 1).bit_length() == k
            runs.append((k, range(i, low - 1, -1)))
            i = low - 1
        got = tuple(runs)
        if size <= _RUNS_KEPT_UP_TO:
            _RUNS[size] = got
    return got


def validate(chance: dict | None, action: Any) -> list[dict[str, list]]:
    """Check that ``action`` is a possible outcome of ``chance``; return its outcome part.

    Raises MalformedError when the action is not an action at all, IllegalActionError
    for a player action while the event is pending, and InvalidOutcomeError when it
    names something the event cannot produce.
    """
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise MalformedError(f"expected a chance action {{'type': 'chance', ...}}, got {action!r:.200}")
    if action["type"] != "chance":
        pending = f"the chance event {chance['event']!r} is pending" if chance else "a chance event is pending"
        raise IllegalActionError(f"{pending}: the driver must supply its outcome before any player acts")
    if chance is None:
        raise InvalidOutcomeError("no chance event is pending in this state; expected a player action")
    if action.get("event") != chance["event"]:
        raise InvalidOutcomeError(
            f"the pending chance event is {chance['event']!r}, but the outcome is for {action.get('event')!r}"
        )
    outcome = action.get("outcome")
    draws = chance["draws"]
    if not isinstance(outcome, list) or len(outcome) != len(draws):
        raise MalformedError(f"'outcome' must be a list of {len(draws)} draw result(s), got {outcome!r:.200}")
    for i, (draw, got) in enumerate(zip(draws, outcome)):
        if not isinstance(got, dict):
            raise MalformedError(f"draw {i}: a draw result is an object {{recipient: [items]}}, got {got!r:.200}")
        if set(got) != set(draw["take"]):
            raise InvalidOutcomeError(
                f"draw {i}: expected recipients {sorted(draw['take'])}, got "
                f"{sorted(got) if isinstance(got, dict) else got!r:.200}"
            )
        orient = draw.get("orient")
        flat: list = []
        for who, n in draw["take"].items():
            items = got[who]
            if not isinstance(items, list):
                raise MalformedError(f"draw {i}: recipient {who!r} receives a list of items, got {items!r:.200}")
            if len(items) != n:
                raise InvalidOutcomeError(f"draw {i}: recipient {who!r} must receive {n} item(s), got {items!r:.200}")
            if orient:
                for item in items:
                    if not (isinstance(item, list) and len(item) == 2 and isinstance(item[1], bool)):
                        raise MalformedError(f"draw {i}: oriented items are written [item, flipped], got {item!r}")
                items = [item[0] for item in items]
            if not _SCALARS.issuperset(map(type, items)):  # some item is not a plain str, int, float, bool or None
                for item in items:
                    if isinstance(item, (list, dict)):
                        raise MalformedError(f"draw {i}: items are scalars, got {item!r}")
            flat.extend(items)
        pool = draw["pool"]
        if len(flat) == 1 and flat[0] in pool:  # one item drawn (a Sorry! draw): in the pool
            continue
        distinct = set(pool)
        if len(distinct) == len(pool) and len(set(flat)) == len(flat) and distinct.issuperset(flat):
            continue  # a pool of distinct items (a deck), each taken at most once: the multiset check holds
        if _within(flat, pool):
            continue  # no item drawn more often than the pool holds it
        extra = Counter(flat) - Counter(pool)
        if extra:
            raise InvalidOutcomeError(
                f"draw {i}: {sorted(map(str, extra.elements()))} cannot be drawn: "
                "not in the pool (or drawn more often than it is there)"
            )
    return outcome


#: the exact types of JSON's scalars: an item of one of these is neither a list nor a dict
_SCALARS = frozenset((str, int, float, bool, type(None)))


def _within(flat: list, pool: list) -> bool:
    """Whether ``flat`` takes no item more often than ``pool`` holds it (the multiset check,
    ``Counter(flat) - Counter(pool)`` empty), counted in one dict. False when an item is taken
    too often: ``validate`` then counts again with ``Counter`` for its message (and an unhashable
    item raises as ``Counter`` would)."""
    left: dict = {}
    for item in pool:
        left[item] = left.get(item, 0) + 1
    for item in flat:
        k = left.get(item)
        if not k:
            return False
        left[item] = k - 1
    return True


def plain(items: list) -> list:
    """Items of an outcome without orientation flags."""
    return [it[0] if isinstance(it, list) else it for it in items]
