"""Card names of the piles of an Opsnorren state, remembered for ``json_io.to_json``.

A state shares with the state before it every tuple its move did not touch (a card play
changes one hand and the trick; the won piles, the passed cards, the discards, the cards
aside, the history and the trophies stay the very same tuples until a trick or a round
ends). The names of a hand or pile (``names``: by the tuple's value) and of a row of piles
(``rows``: by the tuple's identity, the tuple held so that its id is not reused) are kept
as tuples; the JSON handed out is always made of fresh lists (a caller may change it).
"""

from __future__ import annotations

from engine.opsnorren.cards import NAMES

#: a memo holding more entries than this is emptied (a bound on memory, not a cache policy)
MEMO_SIZE = 4096

_NAMES: dict[tuple, tuple] = {}  # a sorted tuple of cards -> their names
_ROWS: dict[int, tuple] = {}  # id(a tuple of piles) -> (that tuple, the names of each pile)


def names(cards: tuple) -> tuple:
    """The names of ``cards`` (OPS-COMPONENTS), in their order."""
    got = _NAMES.get(cards)
    if got is None:
        if len(_NAMES) >= MEMO_SIZE:
            _NAMES.clear()
        got = _NAMES[cards] = tuple([NAMES[c] for c in cards])
    return got


def rows(piles: tuple) -> list:
    """``piles`` (one tuple of cards per player) as fresh lists of card names."""
    got = _ROWS.get(id(piles))
    if got is None or got[0] is not piles:
        if len(_ROWS) >= MEMO_SIZE:
            _ROWS.clear()
        got = _ROWS[id(piles)] = (piles, tuple(map(names, piles)))
    return list(map(list, got[1]))
