"""Opsnorren: the reference engine (seeds/opsnorren.nl.txt, specs/opsnorren/).

``OpsnorrenEngine(choices=None, tables=None)``; ``random_config(rng)``.
"""

from __future__ import annotations

import random

from engine.opsnorren.engine import OpsnorrenEngine

PLAYER_COUNTS = (3, 4, 5, 6)  # OPS-PLAYER-COUNT


def random_config(rng: random.Random) -> dict:
    """A random legal configuration: 3 to 6 players (the rule row is a chance node)."""
    return {"players": rng.choice(PLAYER_COUNTS)}


__all__ = ["OpsnorrenEngine", "random_config", "PLAYER_COUNTS"]
