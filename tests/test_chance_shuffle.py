"""``engine.chance.shuffle`` is ``Random.shuffle`` and a one-item draw is ``Random.choice``: the same
items from the same draws, so seeds, stored failures and derandomized runs replay exactly."""

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


def test_a_one_item_draw_is_the_item_random_choice_names():
    """A one-item draw (a Sorry! card) is ``Random.choice(pool)``'s item, and the generator goes on
    from the state ``choice`` leaves it in, for every pool size a Sorry! deck gives and past a few
    bit lengths (the inlined ``_randbelow`` draws again exactly when ``choice`` does)."""
    for seed in range(200):
        for n in [*range(1, 46), 63, 64, 65, 1000]:
            pool = [f"card{i % 7}-{i}" for i in range(n)]
            chance = {"event": "draw", "draws": [{"pool": pool, "take": {"draw": 1}}]}
            r1, r2 = random.Random(seed), random.Random(seed)
            assert chance_mod.sample(chance, r2) == {"type": "chance", "event": "draw",
                                                     "outcome": [{"draw": [r1.choice(pool)]}]}
            assert r1.getstate() == r2.getstate(), (seed, n)
            assert chance["draws"][0]["pool"] == pool  # the pool is left as it was


#: ``random.Random(2026).choice`` twelve times over that pile (CPython's Mersenne Twister)
PINNED_DRAWS = ["1", "3", "4", "4", "5", "1", "2", "5", "5", "5", "4", "5"]


def test_the_one_item_draws_of_a_seed_are_pinned():
    """The draws a seed gives are part of what replays: seeds people keep and the pair witnesses of
    ``specs/sorry/pairs.toml`` (``at``) rebuild their games from them. A change here is a change
    of every stored seed's games and needs those witnesses written again."""
    pool = [str(card) for card in (1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5)]
    chance = {"event": "draw", "draws": [{"pool": pool, "take": {"draw": 1}}]}
    rng = random.Random(2026)
    got = [chance_mod.sample(chance, rng)["outcome"][0]["draw"][0] for _ in range(12)]
    assert got == PINNED_DRAWS


def test_a_one_item_draw_with_another_generator_shuffles_with_it():
    """Hypothesis's generator makes its examples of the draws asked of it: a one-item draw asks it
    for the shuffle any other draw asks for, as it always has."""
    chance = {"event": "draw", "draws": [{"pool": ["a", "b", "c"], "take": {"draw": 1}}]}
    pool = ["a", "b", "c"]
    random.Random(4).shuffle(pool)
    rng = Counting(4)
    assert chance_mod.sample(chance, rng)["outcome"] == [{"draw": [pool[0]]}]
    assert rng.calls == 1
