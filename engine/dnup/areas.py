"""Turn order and play areas (DNP-CLOCKWISE, DNP-TWO-SETUP, DNP-TWO-TURNS, DNP-TWO-START).

With 3-5 players every player has one area (area 1) and play goes clockwise: seat
``p + 1`` (mod the player count) follows seat ``p``, skipping players out of the round.

With 2 players every player has two areas and takes two turns in a row, one for area 1
and one for area 2; the start player begins each round with a single turn in area 2
(DNP-TWO-START: "begint de ronde met slechts 1 beurt in speelgebied 2").
"""

from __future__ import annotations

from engine.dnup.state import Game


def first_turn(g: Game, start: int) -> tuple[int, int]:
    """(player, area) of a round's first turn (DNP-START-PLAYER, DNP-TWO-START)."""
    return (start, 2) if g.areas == 2 else (start, 1)


def next_turn(g: Game, player: int, area: int, out: tuple[int, ...]) -> tuple[int, int]:
    """(player, area) of the turn after ``player``'s turn in ``area`` (DNP-CLOCKWISE, DNP-TWO-TURNS)."""
    if g.areas == 2:
        return (player, 2) if area == 1 else (1 - player, 1)
    n = g.players
    q = (player + 1) % n
    while q in out:
        q = (q + 1) % n
    return q, 1
