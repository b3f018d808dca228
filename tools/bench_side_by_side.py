"""Bench two checkouts side by side, each figure divided by the same calibration in the same run.

    python tools/bench_side_by_side.py --tree /path/to/other/checkout --tree . [--seconds 2] [--rounds 3]

For each round and each game, every tree runs in its own process (``PYTHONPATH=<tree>``, so
the engines and the harness are that tree's), one after the other: random playouts (plies per
CPU-second) and ``bench_protocol`` (checked transitions/s, CPU microseconds per transition on
both sides). Each process measures this checkout's calibration workload
(``harness/calibration.py``, loaded by path: C++ hearts when OpenSpiel is installed) before
and after each figure. Prints the medians per tree as JSON. Needs only that the other tree
has ``harness.explore.playout`` and ``harness.driver.protocol_bench`` (the layout of this
project since the protocol bench came in).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
CHILD = r'''
import importlib.util, json, random, sys, time
spec = importlib.util.spec_from_file_location("calibration", sys.argv[1])
cal = importlib.util.module_from_spec(spec); spec.loader.exec_module(cal)
game, seconds, what = sys.argv[2], float(sys.argv[3]), sys.argv[4]
from harness import fewer_gc_pauses
fewer_gc_pauses()
c = cal.Calibration()
c.measure(max(0.2, seconds / 2))
if what == "playout":
    from harness.engines import random_config, reference_engine
    from harness.explore.playout import random_playout
    eng, rng = reference_engine(game), random.Random(0)
    plies = 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        plies += random_playout(eng, random_config(game, rng), rng)[1]
    figure = plies / (time.process_time() - t0)
    out = {"plies_per_s": figure}
else:
    from harness.driver.protocol_bench import bench_protocol
    r = bench_protocol(f"{sys.executable} -m harness.serve --game {game}", game, seconds)
    figure = r["transitions_per_second"]
    us = r["us_per_transition"]
    out = {"transitions_per_s": figure, "us_rulecheck": us["rulecheck"], "us_engine": us["engine"],
           "cpu_s_per_1k": round((us["rulecheck"] + us["engine"]) / 1000, 4)}
c.measure(max(0.2, seconds / 2))
hearts = c.hearts_per_s_around(0)
out.update(hearts_per_s=round(hearts), ratio=round(figure / hearts, 4), calibration=c.kind)
print(json.dumps(out))
'''


def run(tree: Path, game: str, seconds: float, what: str) -> dict:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    cmd = [sys.executable, "-c", CHILD, str(HERE / "harness" / "calibration.py"), game, str(seconds), what]
    out = subprocess.run(cmd, env=env, cwd=tree, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--tree", action="append", required=True, type=Path)
    ap.add_argument("--game", action="append", default=None)
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--no-protocol", action="store_true")
    args = ap.parse_args(argv)
    games = args.game or ["opsnorren", "sorry", "dnup"]
    whats = ["playout"] + ([] if args.no_protocol else ["protocol"])
    got: dict = {}
    for _ in range(args.rounds):
        for game in games:
            for what in whats:
                for tree in args.tree:
                    r = run(tree.resolve(), game, args.seconds, what)
                    got.setdefault((str(tree), game, what), []).append(r)
                    print(json.dumps({"tree": str(tree), "game": game, "what": what, **r}), file=sys.stderr)
    out = []
    for (tree, game, what), runs in got.items():
        keys = [k for k in runs[0] if isinstance(runs[0][k], (int, float))]
        out.append({"tree": tree, "game": game, "what": what, "runs": len(runs),
                    **{f"median_{k}": round(statistics.median(r[k] for r in runs), 4) for k in keys}})
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
