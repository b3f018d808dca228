"""Positions built around a rule (situation coverage).

Random play rarely reaches some situations a rule is about (six cards of one value in a
hand, an own pawn inside the slide an 11-swap enters, a round ending under a scoring rule
card with jokers won). Each game lists :class:`Situation` values in
``harness/positions/<game>.py`` (``SITUATIONS``): a name, the clauses the situation is
built around, and a builder that returns a reachable start:

- ``{"config": {...}, "path": [action, ...]}``: a new game and the actions (chance
  outcomes chosen on purpose included) that lead to the situation. Every step is one the
  reference accepts, so the position is reachable and a finding's witness can show the
  path from a new game. Preferred.
- ``{"state": {...}}``: a canonical state the reference loads, for a situation no short
  path reaches.

``harness.explore.situations`` plays the candidate beside the reference from each start (the
path's steps included), with every check of differential play in every state it visits.
Builders are deterministic functions of the ``random.Random`` they get, so a run is the
same in-process and over the protocol.
"""

from __future__ import annotations

import importlib
import random
from dataclasses import dataclass
from typing import Any, Callable

from engine.protocol import Engine

Start = dict[str, Any]


@dataclass(frozen=True)
class Situation:
    """A family of reachable positions built around ``clauses``."""

    name: str
    clauses: tuple[str, ...]
    #: ``build(rng, reference)`` -> a start (see the module docstring); the reference engine is
    #: configured with the default readings and may be used to play forward or search
    build: Callable[[random.Random, Engine], Start]
    #: what the situation is, for people (shown in test ids and reports)
    why: str = ""
    #: player actions played (chance outcomes at random) after the start, for each sample
    plies: int = 30
    #: how many starts (different rng seeds) the default run builds
    samples: int = 3
    #: ``choose(rng, legal, state_json)`` -> the action to play after the start (default: uniform)
    choose: Callable[[random.Random, list, dict], dict] | None = None


def situations(game: str) -> list[Situation]:
    """The situations of ``game`` (none when the game has no positions module)."""
    try:
        mod = importlib.import_module(f"harness.positions.{game}")
    except ModuleNotFoundError:
        return []
    return list(getattr(mod, "SITUATIONS", []))


def rng_for(game: str, name: str, sample: int) -> random.Random:
    """The seeded generator of one sample: the same start in every mode and every run."""
    return random.Random(f"{game}/{name}/{sample}")
