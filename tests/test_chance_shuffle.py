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


class Counting(random.Random):
    """A generator that is not a plain ``random.Random``: counts the shuffles asked of it."""

    calls = 0

    def shuffle(self, x):
        self.calls += 1
        super().shuffle(x)


def test_another_generator_shuffles_itself():
    rng = Counting(1)
    chance_mod.shuffle(list(range(5)), rng)
    assert rng.calls == 1


def test_a_sampled_outcome_is_the_one_random_shuffle_gives():
    chance = {"event": "deal", "draws": [{"pool": [f"c{i}" for i in range(20)], "take": {"0": 3, "1": 3, "aside": 2}}]}
    rng = random.Random(5)
    pool = list(chance["draws"][0]["pool"])
    random.Random(5).shuffle(pool)
    got = chance_mod.sample(chance, rng)["outcome"][0]
    assert got == {"0": sorted(pool[0:3], key=repr), "1": sorted(pool[3:6], key=repr), "aside": sorted(pool[6:8], key=repr)}


def test_a_one_item_draw_is_uniform_over_the_pool_copies():
    """A one-item draw picks a pool entry uniformly: a card with three copies in the pile comes
    three times as often as a card with one (SRY-DRAW-PILE: the draw pile is a multiset)."""
    chance = {"event": "draw", "draws": [{"pool": ["1", "1", "1", "5"], "take": {"draw": 1}}]}
    rng = random.Random(3)
    counts = {"1": 0, "5": 0}
    for _ in range(4000):
        out = chance_mod.sample(chance, rng)["outcome"]
        assert len(out) == 1 and list(out[0]) == ["draw"] and len(out[0]["draw"]) == 1
        chance_mod.validate(chance, chance_mod.chance_action("draw", out))
        counts[out[0]["draw"][0]] += 1
    assert 2800 < counts["1"] < 3200, counts


def test_a_one_item_oriented_draw_names_its_orientation():
    chance = {"event": "flip", "draws": [{"pool": ["a", "b"], "take": {"0": 1}, "orient": True}]}
    rng = random.Random(8)
    seen = set()
    for _ in range(200):
        (item,) = chance_mod.sample(chance, rng)["outcome"][0]["0"]
        assert item[0] in ("a", "b") and isinstance(item[1], bool)
        seen.add(item[1])
    assert seen == {True, False}


def test_the_first_item_of_a_shuffle_is_found_from_the_same_draws():
    """``first_of_shuffle`` names the item ``Random.shuffle`` puts first and leaves the generator
    in the state the shuffle leaves it, for every list length up to past a few bit-length runs."""
    for seed in range(150):
        for n in [*range(1, 70), 127, 128, 129, 255, 256, 1000]:
            r1, r2 = random.Random(seed), random.Random(seed)
            x = list(range(n))
            r1.shuffle(x)
            assert chance_mod.first_of_shuffle(n, r2) == x[0] and r1.getstate() == r2.getstate(), (seed, n)


def test_a_one_item_draw_is_the_first_item_of_the_shuffled_pool():
    """A one-item draw (a Sorry! card) is the pool's first item after ``Random.shuffle``, and the
    generator goes on from the same state, for pools of every size a Sorry! deck gives."""
    for seed in range(200):
        for n in (1, 2, 3, 17, 44, 45):
            pool = [f"card{i % 7}-{i}" for i in range(n)]
            chance = {"event": "draw", "draws": [{"pool": pool, "take": {"draw": 1}}]}
            r1, r2 = random.Random(seed), random.Random(seed)
            shuffled = list(pool)
            r1.shuffle(shuffled)
            assert chance_mod.sample(chance, r2) == {"type": "chance", "event": "draw",
                                                     "outcome": [{"draw": [shuffled[0]]}]}
            assert r1.getstate() == r2.getstate(), (seed, n)
            assert chance["draws"][0]["pool"] == pool  # the pool is left as it was


def test_a_one_item_draw_with_another_generator_shuffles_with_it():
    chance = {"event": "draw", "draws": [{"pool": ["a", "b", "c"], "take": {"draw": 1}}]}
    pool = ["a", "b", "c"]
    random.Random(4).shuffle(pool)
    rng = Counting(4)
    assert chance_mod.sample(chance, rng)["outcome"] == [{"draw": [pool[0]]}]
    assert rng.calls == 1
