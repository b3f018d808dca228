"""The catalogue of plausible misreadings of the Opsnorren rules (``engine.misreading``).

Derived clause by clause from the reference's decision points and parameters, never
from any list of broken engines: every number of a rule moved by one, every order
reversed or rotated, each condition dropped, inverted or widened, a rule applied a round
early or late, a count read as a sum. Each misreading is the reference engine with one
decision read another way (``misreadings_base.Variant``); the topic modules hold them:

- ``misreadings_setup``: player count, rule row, teams, deal, first leader, round and game length;
- ``misreadings_play``: turn order, lead colour, following;
- ``misreadings_winner``: which card wins a trick, with the rule cards that change it;
- ``misreadings_jokers``: who takes the trick and leads next, the jokers, equal values;
- ``misreadings_scoring``: stars, the round's winner, trophies, the game's winner;
- ``misreadings_rules``: each rule card without effect, passing cards, what a player sees.

The other options of the choices (``specs/opsnorren/choices.toml``) are added by
``engine.misreading.catalogue``.
"""

from __future__ import annotations

from engine.misreading import Misreading
from engine.opsnorren import (misreadings_jokers, misreadings_play, misreadings_rules, misreadings_scoring,
                              misreadings_setup, misreadings_winner)

_MODULES = (misreadings_setup, misreadings_play, misreadings_winner, misreadings_jokers, misreadings_scoring,
            misreadings_rules)
_CACHE: list[Misreading] = []


def misreadings() -> list[Misreading]:
    """Every misreading of the Opsnorren rules, in a stable order (setup first)."""
    if not _CACHE:
        _CACHE.extend(m for mod in _MODULES for m in mod.misreadings())
    return list(_CACHE)
