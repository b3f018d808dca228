"""Measure blame precision on tests/broken (issue 9): ``python -m tests.blame_precision [--in-process]``.

For every broken engine (single- and multi-bug) of every game, run the default
``rulecheck check`` (over the protocol unless ``--in-process``) and print: whether each
broken clause was named, which other rule clauses failed, and the plies of the shortest
witness (0: a single transition). Ends with the totals and the median witness length.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

from tests.test_broken_engines import GAMES, PSEUDO, broken, broken_multi


def run(game: str, name: str, clauses: tuple[str, ...], in_process: bool) -> dict:
    factory = f"py:tests.broken.{game}:make_{name}"
    engine = factory if in_process else f"cmd:{sys.executable} -m harness.serve --game {game} --engine {factory}"
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "r.json")
        subprocess.run([sys.executable, "-m", "harness.cli", "check", "--game", game, "--engine", engine,
                        "--failures-only", "--json", out], capture_output=True, text=True,
                       env={**os.environ, "HYPOTHESIS_PROFILE": os.environ.get("HYPOTHESIS_PROFILE", "ci")})
        report = json.load(open(out, encoding="utf-8"))
    fails = {c["clause"]: c for c in report["clauses"] if c["verdict"] == "fail"}
    named = [c for c in clauses if c in fails]
    others = sorted(c for c in fails if c not in clauses and c not in PSEUDO)
    plies = [fails[c]["shortest_witness"]["plies"] for c in named if fails[c].get("shortest_witness")]
    return {"game": game, "engine": name, "clauses": clauses, "named": named, "others": others,
            "pseudo": sorted(c for c in fails if c in PSEUDO), "plies": plies}


def main() -> None:
    in_process = "--in-process" in sys.argv
    jobs = [(g, n, (c,)) for g in GAMES for n, (_, c) in sorted(broken(g).items())]
    jobs += [(g, n, tuple(cs)) for g in GAMES for n, (_, cs) in sorted(broken_multi(g).items())]
    with ThreadPoolExecutor(max_workers=2) as pool:
        rows = list(pool.map(lambda j: run(*j, in_process), jobs))
    for r in rows:
        ok = "all named" if len(r["named"]) == len(r["clauses"]) else f"MISSED {sorted(set(r['clauses']) - set(r['named']))}"
        print(f"{r['game']:9} {r['engine']:34} {ok:28} others={len(r['others'])} {r['others']} {r['pseudo']} plies={r['plies']}")
    caught = [r for r in rows if r["named"] or r["others"] or r["pseudo"]]
    own = [r for r in rows if len(r["named"]) == len(r["clauses"])]
    plies = [p for r in rows for p in r["plies"]]
    print(f"\n{len(rows)} engines: {len(caught)} caught, {len(own)} with every broken clause named; "
          f"other rule clauses failing: mean {statistics.mean(len(r['others']) for r in rows):.2f}, "
          f"max {max(len(r['others']) for r in rows)}; engines with DIFFERENTIAL fallback: "
          f"{sum('DIFFERENTIAL' in r['pseudo'] for r in rows)}; median witness plies "
          f"{statistics.median(plies) if plies else '-'} (0 = one transition)")


if __name__ == "__main__":
    main()
