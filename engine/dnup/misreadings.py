"""The catalogue of plausible misreadings of the Dnup rules (``engine.misreading``).

Each misreading is a variant of the reference engine that reads one clause differently,
derived from the clause's own decision points: every number of the rule moved by one
(letters, rounds, cards dealt, the turns a set stays, the size a set is compared with),
every order reversed (seats, areas, the ends of a card, the two letter awards), every
condition dropped, inverted or widened (higher, another player's set, the start card,
who is out), timings moved by one (when a set leaves, when the round or game ends), each
kind of action left out, and what an observation shows. The modules by topic:

- ``misreadings_setup``: cards in play per player count, the deal, the start player, the
  player count, the turn cap, which end of a card is active, observations;
- ``misreadings_turn``: turn order and areas, the discard at a turn's start, one action per
  turn, which actions are offered;
- ``misreadings_sets``: the same-size rule, and what actions A-D do to the cards;
- ``misreadings_round``: going out, letters, the first player out's set, the end of the round
  and of the game.

Every other option of ``dnup.add-conflict`` is added by ``engine.misreading.catalogue``.
"""

from __future__ import annotations

from engine.dnup import misreadings_round, misreadings_sets, misreadings_setup, misreadings_turn


def misreadings() -> list:
    """Every misreading of the catalogue, ids ``dnup.<topic>.<reading>``. Diagnosis takes the
    earlier of two misreadings that explain a run equally well: the readings of a whole action
    come before the narrow ones of the setup (a round's first turn, a player count)."""
    return (misreadings_turn.misreadings() + misreadings_sets.misreadings() + misreadings_round.misreadings()
            + misreadings_setup.misreadings())
