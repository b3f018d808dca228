"""Situation coverage: how often explored transitions exercised each clause.

Every transition the reference drives (differential play, situations) is explained by the
reference's provenance (``engine.provenance``); the clauses it names are counted on the
running test's sink (``FindingSink.coverage``): the effects of the transition, what made
the action legal (or the chance event), why a probe was rejected, what decides each
player's observation, and the effects of a new game. ``rulecheck check`` sums the counts
over the run, reports them per clause (terminal, JSON, HTML) and flags an implemented
clause exercised fewer than :data:`THIN` times as *thinly covered*.

``python -m harness.explore.coverage --game G`` runs the default check on the reference in-process
and prints the thinly covered clauses (what a position builder should aim at).
"""

from __future__ import annotations

from typing import Any, Iterable

import specs

#: an implemented clause exercised fewer times than this in a run is thinly covered
THIN = 20


def _safe(fn, *args) -> Any:
    try:
        return fn(*args)
    except Exception:  # noqa: BLE001  (provenance explains; it must never stop a check)
        return ()


def transition(explainer, state_json: dict, action: dict, chance: bool) -> set[str]:
    """The clauses one transition exercised: its effects, and what made it legal (or the chance event)."""
    out: set[str] = set()
    for e in _safe(explainer.transition, state_json, action) or ():
        out.update(e.clauses)
    out.update(_safe(explainer.chance, state_json) if chance else _safe(explainer.legal, state_json, action))
    return out


def rejection(explainer, state_json: dict, action: dict) -> set[str]:
    return set(_safe(explainer.rejection, state_json, action) or ())


def observation(explainer, state_json: dict, player: int) -> set[str]:
    fn = getattr(explainer, "observation", None)
    if fn is None:
        return set()
    return {c for e in (_safe(fn, state_json, player) or ()) for c in e.clauses}


def setup(explainer, config: dict) -> set[str]:
    return {c for e in (_safe(explainer.setup, config) or ()) for c in e.clauses}


def implemented(game: str) -> list[str]:
    """The implemented normative clauses of ``game``: the ones coverage is asked of."""
    return [c.id for c in specs.load(game).clauses.values() if c.normative and c.status == "implemented"]


def effective(game: str, counts: dict[str, int]) -> dict[str, int]:
    """``counts`` with each clause that restates or illustrates others (``exercised_with`` in
    the spec: a goal, a worked example, the component list, an FAQ answer) credited with the
    exercises of those clauses: it decides nothing of its own in play."""
    out = dict(counts)
    for c in specs.load(game).clauses.values():
        if c.exercised_with:
            out[c.id] = counts.get(c.id, 0) + sum(counts.get(w, 0) for w in c.exercised_with)
    return out


def thin(game: str, counts: dict[str, int], threshold: int = THIN) -> list[str]:
    counts = effective(game, counts)
    return [c for c in implemented(game) if counts.get(c, 0) < threshold]


def merge(total: dict[str, int], counts: Iterable[tuple[str, int]]) -> None:
    for c, n in counts:
        total[c] = total.get(c, 0) + n


def main(argv: list[str] | None = None) -> int:
    import argparse
    import json
    import subprocess
    import sys
    import tempfile
    from pathlib import Path

    ap = argparse.ArgumentParser(prog="python -m harness.explore.coverage", description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", required=True)
    ap.add_argument("--engine", default="reference")
    ap.add_argument("--all", action="store_true", help="print every clause, not only the thin ones")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "report.json"
        subprocess.run([sys.executable, "-m", "harness.cli", "check", "--game", args.game, "--engine", args.engine,
                        "--failures-only", "--json", str(out)], cwd=specs.ROOT, check=False)
        report = json.loads(out.read_text(encoding="utf-8"))
    cov = report.get("coverage", {})
    counts = effective(args.game, cov.get("clauses", {}))
    for c in implemented(args.game):
        n = counts.get(c, 0)
        if args.all or n < THIN:
            print(f"{c:40s} {n:7d}{'  thinly covered' if n < THIN else ''}")
    print(f"{len(thin(args.game, counts))} of {len(implemented(args.game))} implemented clauses thinly covered; "
          f"{cov.get('transitions', 0)} transitions explained")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
