"""Random-playout throughput (``rulecheck bench``, in ``harness.cli.bench``): the speed targets
live here, not in tests.

``rulecheck bench --protocol`` measures checked transitions/s over the engine protocol
instead (``harness.driver.protocol_bench``).

For each game: several runs of random playouts (uniform legal actions, chance outcomes
from ``engine.chance.sample``), each for a fixed slice of CPU time; plies and games per
CPU-second per run, and their median. A *ply* is one player action; chance events are
counted apart.

Targets are ratios, never absolute speeds: before every run and after the last, the same
process measures a calibration workload (``harness.calibration``: OpenSpiel's C++ hearts
when installed, else a fixed pure-Python workload converted to hearts-equivalent), and each
run's figure is divided by the calibration around it. The JSON carries both the absolute
figures and the ratios.
"""

from __future__ import annotations

import random
import resource
import statistics
import time

from harness.calibration import Calibration
from harness.engines import random_config, reference_engine
from harness.explore.playout import random_playout
from harness.games import get as game_harness


def _playout_slice(engine, game: str, rng: random.Random, slice_s: float) -> dict:
    """Random playouts for ``slice_s`` CPU-seconds of this process."""
    plies = events = games = 0
    t0, w0 = time.process_time(), time.perf_counter()
    elapsed = 0.0
    while elapsed < slice_s:
        config = random_config(game, rng)
        _, p, e = random_playout(engine, config, rng)
        plies += p
        events += e
        games += 1
        elapsed = time.process_time() - t0
    return {"plies_per_s": plies / elapsed, "games_per_s": games / elapsed,
            "chance_per_s": events / elapsed, "plies": plies, "games": games,
            "cpu_seconds": round(elapsed, 3), "seconds": round(time.perf_counter() - w0, 3)}


def bench_game(game: str, seconds: float = 5.0, runs: int = 5, seed: int = 0, progress=None,
               calibration: Calibration | None = None) -> dict:
    """``runs`` slices of random playouts, ``seconds`` CPU-seconds in all; per CPU-second figures.

    With a ``calibration``, a slice of its workload (half a run's length) is measured before
    every run and after the last, and each run's plies/s is divided by the hearts-equivalent
    speed of the slices just before and after it: ``ratio_to_hearts`` per run, their median
    judged against the game's ``bench_target`` (``harness.games``)."""
    engine = reference_engine(game)
    rng = random.Random(seed)
    results = []
    slice_s = seconds / runs
    cal_s = max(0.1, slice_s / 2)
    first = calibration.measure(cal_s) if calibration else None
    for run in range(runs):
        r = _playout_slice(engine, game, rng, slice_s)
        if calibration:
            calibration.measure(cal_s)
            hearts = calibration.hearts_per_s_around(first + run)
            r["hearts_per_s"] = round(hearts)
            r["ratio_to_hearts"] = round(r["plies_per_s"] / hearts, 4)
        results.append(r)
        if progress:
            progress(run + 1, runs)
    med = statistics.median(r["plies_per_s"] for r in results)
    # the ratio to the calibration's hearts plies/s asked of the reference (the game's registry entry)
    target = game_harness(game).bench_target if calibration else None
    ratio = round(statistics.median(r["ratio_to_hearts"] for r in results), 4) if calibration else None
    out = {
        "game": game,
        "engine": engine.name,
        "runs": results,
        "median_plies_per_s": round(med),
        "median_games_per_s": round(statistics.median(r["games_per_s"] for r in results), 2),
        "median_chance_per_s": round(statistics.median(r["chance_per_s"] for r in results)),
        "ratio_to_hearts": ratio,
        "target_ratio": target,
        "meets_target": None if target is None else ratio >= target,
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
    }
    if calibration:
        out["calibration"] = calibration.summary()
    return out
