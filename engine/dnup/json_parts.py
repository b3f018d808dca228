"""The parts of a Dnup state's canonical JSON that depend only on the game table (``codec.to_json``).

One ``Parts`` per ``Game`` (``Game.json_parts``, made on first use; a copy of a table with
other cards removed, as a misreading of the setup makes, makes its own): the id and flag of every
oriented card ``2 * i + flipped`` (``cards``), the removed cards (DNP-SETUP-4, DNP-SETUP-3,
DNP-TWO-SETUP), and the discard pile (DNP-DISCARD-OWN-SET: every card in play in no hand and
no set) worked out from bit masks: the mask of a hand or set is remembered by its tuple (a
state shares the hands and sets its move did not touch with the state before it), the pile
by the mask of the cards held. Only immutable values are kept: ``to_json`` builds fresh lists
from them.
"""

from __future__ import annotations

from functools import reduce
from operator import or_

#: a memo holding more entries than this is emptied (a bound on memory, not a cache policy)
MEMO_SIZE = 4096


class Parts:
    """Per-game tables and memos for ``codec.to_json``."""

    __slots__ = ("game", "ids", "names", "flips", "bits", "in_play", "removed", "masks", "piles")

    def __init__(self, g):
        self.game = g  # the table these parts are of (a misreading's copy of a table makes its own)
        ids = self.ids = g.deck.ids
        codes = range(2 * len(ids))
        #: per oriented card: its id, its flag and its bit (1 << its index in the deck)
        self.names = tuple(ids[c >> 1] for c in codes)
        self.flips = tuple(bool(c & 1) for c in codes)
        self.bits = tuple(1 << (c >> 1) for c in codes)
        self.in_play = g.in_play
        self.removed = tuple(ids[i] for i in g.removed)
        self.masks: dict[tuple, int] = {}  # a hand or set -> the bits of its cards
        self.piles: dict[int, tuple] = {}  # the bits of every card held -> the discard pile's ids

    def mask(self, cards: tuple) -> int:
        """The bits of ``cards`` (a hand or a set), remembered."""
        got = self.masks.get(cards)
        if got is None:
            if len(self.masks) >= MEMO_SIZE:
                self.masks.clear()
            got = self.masks[cards] = reduce(or_, map(self.bits.__getitem__, cards), 0)
        return got

    def discard(self, held: int) -> list:
        """The discard pile (ids sorted) when ``held`` are the bits of the cards in hands and sets."""
        got = self.piles.get(held)
        if got is None:
            if len(self.piles) >= MEMO_SIZE:
                self.piles.clear()
            ids = self.ids
            got = self.piles[held] = tuple(ids[i] for i in self.in_play if not held >> i & 1)
        return list(got)


def parts(g) -> Parts:
    """The JSON parts of ``g``'s states (made on first use)."""
    got = g.json_parts
    if got is None or got.game is not g:
        got = g.json_parts = Parts(g)
    return got
