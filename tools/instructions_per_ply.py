"""Machine instructions per random-playout ply of each tree's reference engines, counted by
valgrind's callgrind: a before/after figure that the load of a shared machine does not move.

    python tools/instructions_per_ply.py --tree /path/to/main --tree . [--game sorry] [--games 30]

For each tree and game, one process (``PYTHONPATH=<tree>``) plays one warm-up game, then
``--games`` random playouts (``harness.explore.playout.random_playout``, seed 0: the same games
in every tree whose engines behave the same), under ``valgrind --tool=callgrind``; a second
process plays the warm-up game only. The difference of their instruction counts over the plies
played is the figure. It counts instructions, not time (a cache miss costs no more than a hit),
so it complements ``bench_side_by_side.py``; it takes about a minute a game and tree. Needs
valgrind on PATH.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from pathlib import Path

CHILD = r'''
import random, sys
from harness import fewer_gc_pauses
fewer_gc_pauses()
from harness.engines import random_config, reference_engine
from harness.explore.playout import random_playout
game, k = sys.argv[1], int(sys.argv[2])
eng, rng = reference_engine(game), random.Random(0)
random_playout(eng, random_config(game, rng), rng)
plies = 0
for _ in range(k):
    plies += random_playout(eng, random_config(game, rng), rng)[1]
print("plies", plies, file=sys.stderr)
'''


def count(tree: Path, game: str, games: int) -> tuple[int, int]:
    """(instructions, plies) of one process playing ``games`` games after the warm-up one."""
    cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c", CHILD, game,
           str(games)]
    done = subprocess.run(cmd, env={**os.environ, "PYTHONPATH": str(tree)}, cwd=tree, capture_output=True, text=True,
                          check=True)
    refs = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    plies = re.search(r"^plies (\d+)$", done.stderr, re.M)
    return int(refs.group(1).replace(",", "")), int(plies.group(1))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--tree", action="append", required=True, type=Path)
    ap.add_argument("--game", action="append", default=None)
    ap.add_argument("--games", type=int, default=30)
    args = ap.parse_args(argv)
    out = []
    for game in args.game or ["opsnorren", "sorry", "dnup"]:
        for tree in args.tree:
            base, _ = count(tree, game, 0)
            total, plies = count(tree, game, args.games)
            out.append({"tree": str(tree), "game": game, "plies": plies,
                        "instructions_per_ply": round((total - base) / plies) if plies else None})
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
