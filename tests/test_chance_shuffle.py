"""``engine.chance.shuffle`` is ``Random.shuffle``: the same permutation from the same draws, so
seeds, stored failures and derandomized runs replay exactly as before it was inlined."""

from __future__ import annotations

import random

from engine import chance as chance_mod


def test_the_inlined_shuffle_draws_exactly_what_random_shuffle_draws():
    for seed in range(60):
        for n in (0, 1, 2, 3, 7, 45, 52, 108, 5000):
            mine, theirs = list(range(n)), list(range(n))
            r1, r2 = random.Random(seed), random.Random(seed)
            chance_mod.shuffle(mine, r1)
            r2.shuffle(theirs)
            assert mine == theirs and r1.getstate() == r2.getstate(), (seed, n)


def test_another_generator_shuffles_itself():
    class Counting(random.Random):
        calls = 0

        def shuffle(self, x):
            Counting.calls += 1
            super().shuffle(x)

    chance_mod.shuffle(list(range(5)), Counting(1))
    assert Counting.calls == 1


def test_a_sampled_outcome_is_the_one_random_shuffle_gives():
    chance = {"event": "deal", "draws": [{"pool": [f"c{i}" for i in range(20)], "take": {"0": 3, "1": 3, "aside": 2}}]}
    rng = random.Random(5)
    pool = list(chance["draws"][0]["pool"])
    random.Random(5).shuffle(pool)
    got = chance_mod.sample(chance, rng)["outcome"][0]
    assert got == {"0": sorted(pool[0:3], key=repr), "1": sorted(pool[3:6], key=repr), "aside": sorted(pool[6:8], key=repr)}
