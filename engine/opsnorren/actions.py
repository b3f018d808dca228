"""The action objects ``legal_actions`` lists (OPS-FOLLOW-SUIT, OPS-RULE-PASS-THREE, OPS-MONKEY).

Action dicts are values: callers never change them, so a card play (or monkey pick) of
one player and one card is one dict, made once here and listed by every state that
offers it. Passes are made per state: there are too many triples to keep.
"""

from __future__ import annotations

from itertools import combinations
from operator import itemgetter

from engine.opsnorren.cards import ALL_CARDS, NAMES

MAX_PLAYERS = 6  # OPS-PLAYER-COUNT

#: PLAYS[p][c]: player ``p`` plays card ``c``
PLAYS: tuple[tuple[dict, ...], ...] = tuple(
    tuple({"type": "play", "player": p, "card": NAMES[c]} for c in ALL_CARDS) for p in range(MAX_PLAYERS))
#: PLAY_CARD[p]: the card of each of player ``p``'s plays, by the play's ``id`` (the dicts of
#: ``PLAYS`` live as long as this module, so no other object has one of these ids)
PLAY_CARD: tuple[dict[int, int], ...] = tuple({id(play): c for c, play in enumerate(row)} for row in PLAYS)
#: MONKEY_PICKS[p][c]: the monkey's player ``p`` picks card ``c``
MONKEY_PICKS: tuple[tuple[dict, ...], ...] = tuple(
    tuple({"type": "monkey", "player": p, "card": NAMES[c]} for c in ALL_CARDS) for p in range(MAX_PLAYERS))


def plays(p: int, cards) -> tuple:
    """The card plays of player ``p``, one per card of ``cards``, in that order."""
    row = PLAYS[p]
    if len(cards) > 1:
        return itemgetter(*cards)(row)
    return (row[cards[0]],) if cards else ()


def passes(p: int, hand) -> tuple:
    """Every pass of three cards of ``hand`` (sorted) by player ``p``, in the order of
    ``itertools.combinations`` (OPS-RULE-PASS-THREE)."""
    names = [NAMES[c] for c in hand]
    return tuple([{"type": "pass", "player": p, "cards": [a, b, c]} for a, b, c in combinations(names, 3)])


def monkey_picks(p: int, cards) -> tuple:
    """The monkey's player ``p`` picking each of ``cards``, in that order (OPS-MONKEY)."""
    row = MONKEY_PICKS[p]
    return tuple([row[c] for c in cards])
