"""Random-playout throughput (``rulecheck bench``, in ``harness.cli.bench``): the speed targets
live here, not in tests.

``rulecheck bench --protocol`` measures checked transitions/s over the engine protocol
instead (``harness.driver.protocol_bench``).

For each game: several runs of random playouts (uniform legal actions, chance outcomes
from ``engine.chance.sample``), each for a fixed time slice; plies/s and games/s per run,
and their median. A *ply* is one player action; chance events are counted apart.
"""

from __future__ import annotations

import random
import resource
import statistics
import time

from harness.games import get as game_harness
from harness.engines import random_config, reference_engine
from harness.explore.playout import random_playout


def bench_game(game: str, seconds: float = 5.0, runs: int = 5, seed: int = 0, progress=None) -> dict:
    engine = reference_engine(game)
    rng = random.Random(seed)
    results = []
    slice_s = seconds / runs
    for run in range(runs):
        plies = events = games = 0
        t0 = time.perf_counter()
        elapsed = 0.0
        while elapsed < slice_s:
            config = random_config(game, rng)
            _, p, e = random_playout(engine, config, rng)
            plies += p
            events += e
            games += 1
            elapsed = time.perf_counter() - t0
        results.append({"plies_per_s": plies / elapsed, "games_per_s": games / elapsed,
                        "chance_per_s": events / elapsed, "plies": plies, "games": games, "seconds": elapsed})
        if progress:
            progress(run + 1, runs)
    med = statistics.median(r["plies_per_s"] for r in results)
    target = game_harness(game).bench_target  # plies/s asked of the reference on a 2-core machine
    return {
        "game": game,
        "engine": engine.name,
        "runs": results,
        "median_plies_per_s": round(med),
        "median_games_per_s": round(statistics.median(r["games_per_s"] for r in results), 2),
        "median_chance_per_s": round(statistics.median(r["chance_per_s"] for r in results)),
        "target_plies_per_s": target,
        "meets_target": None if target is None else med >= target,
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
    }
