"""Points play scoring (SRY-POINTS-SCORE, SRY-POINTS-WINNER-BONUS), figures from specs/sorry/scoring.json."""

from __future__ import annotations

import specs
from engine.sorry.board import HOME

_S = specs.load("sorry").param("scoring")


def score(cfg, pos, winner: int, bonus_mode: str) -> dict[str, int]:
    """Points per colour at the end of a points game won by player ``winner``."""
    home = [sum(1 for s in pos[4 * p: 4 * p + 4] if s == HOME) for p in range(cfg.n)]
    out = {name: _S["per_pawn_home"] * home[p] for p, name in enumerate(cfg.names)}
    others = [home[p] for p in range(cfg.n) if p != winner]
    w = cfg.names[winner]
    out[w] += _S["per_opponent_pawn_not_home"] * sum(4 - h for h in others)
    most = max(others)
    bonuses = [pts for limit, pts in _S["bonus_max_opponent_home"].items() if most <= int(limit)]
    if bonuses:
        out[w] += sum(bonuses) if bonus_mode == "cumulative" else max(bonuses)
    return out
