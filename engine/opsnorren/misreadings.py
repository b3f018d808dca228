"""The catalogue of plausible misreadings of the Opsnorren rules (``engine.misreading``).

Derived clause by clause from the reference's decision points and parameters, never
from any list of broken engines: every number of a rule moved by one, every order
reversed or rotated, each condition dropped, inverted or widened, a rule applied a round
early or late, a count read as a sum. Each misreading is the reference engine with one
decision read another way (``misreadings_base.Variant``); the topic modules hold them:

- ``misreadings_rules``: each rule card without effect, passing cards, what a player sees;
- ``misreadings_jokers``: who takes the trick and leads next, the jokers, equal values;
- ``misreadings_scoring``: stars, the round's winner, trophies, the game's winner;
- ``misreadings_winner``: which card wins a trick, with the rule cards that change it;
- ``misreadings_play``: turn order, lead colour, following;
- ``misreadings_setup``: player count, rule row, teams, deal, first leader, round and game length.

The other options of the choices (``specs/opsnorren/choices.toml``) are added by
``engine.misreading.catalogue``.
"""

from __future__ import annotations

from engine.misreading import Misreading
from engine.opsnorren import (misreadings_jokers, misreadings_play, misreadings_rules, misreadings_scoring,
                              misreadings_setup, misreadings_winner)

#: the order breaks ties in diagnosis (the earlier of two misreadings that explain the same witnesses
#: equally well is taken): narrow readings of one rule card or joker come before the broad ones
#: that touch every trick or every round (colour order, lead colour, which rule cards apply)
_MODULES = (misreadings_rules, misreadings_jokers, misreadings_scoring, misreadings_winner, misreadings_play,
            misreadings_setup)
_CACHE: list[Misreading] = []


def misreadings() -> list[Misreading]:
    """Every misreading of the Opsnorren rules, in a stable order (narrow readings first)."""
    if not _CACHE:
        _CACHE.extend(m for mod in _MODULES for m in mod.misreadings())
    return list(_CACHE)
