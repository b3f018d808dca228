"""``engine.chance.validate``'s multiset check (an item drawn no more often than the pool holds it)
counts in one dict (``_within``) and only falls back to ``Counter`` to word its error: the same
verdict as ``Counter(flat) - Counter(pool)``, the same errors."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine import chance as chance_mod
from engine.errors import InvalidOutcomeError, MalformedError


def test_within_agrees_with_counter_subtraction():
    rng = random.Random(3)
    items = ["A", "A+crown", "B", 1, 2, 3, 1.0, True, None]
    for _ in range(3000):
        pool = [rng.choice(items) for _ in range(rng.randrange(0, 7))]
        flat = [rng.choice(items) for _ in range(rng.randrange(0, 7))]
        assert chance_mod._within(flat, pool) == (not Counter(flat) - Counter(pool)), (flat, pool)


def _teams(take: dict) -> dict:
    return {"event": "teams", "draws": [{"pool": ["A", "A", "B", "B+crown"], "take": take}]}


def test_an_item_drawn_more_often_than_the_pool_holds_it_is_refused_with_the_counter_message():
    chance = _teams({"0": 1, "1": 1, "2": 1})
    ok = {"type": "chance", "event": "teams", "outcome": [{"0": ["A"], "1": ["A"], "2": ["B"]}]}
    assert chance_mod.validate(chance, ok) == ok["outcome"]
    bad = {"type": "chance", "event": "teams", "outcome": [{"0": ["B"], "1": ["A"], "2": ["B"]}]}
    with pytest.raises(InvalidOutcomeError, match=r"\['B'\] cannot be drawn"):
        chance_mod.validate(chance, bad)


def test_an_unhashable_or_nested_item_raises_as_before():
    chance = _teams({"0": 1, "1": 1})
    with pytest.raises(TypeError, match="unhashable"):
        chance_mod.validate(chance, {"type": "chance", "event": "teams", "outcome": [{"0": ["A"], "1": [{1}]}]})
    with pytest.raises(MalformedError, match="items are scalars"):
        chance_mod.validate(chance, {"type": "chance", "event": "teams", "outcome": [{"0": ["A"], "1": [["B"]]}]})
