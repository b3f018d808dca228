"""Cards and decks (SRY-DECK, SRY-FAQ-NO-SIX-NINE), read from ``specs/sorry/deck.json``.

Cards are named ``"1"`` .. ``"12"`` and ``"sorry"``; inside the engine a card is its index
in ``ORDER`` and a pile is a tuple of counts per index.
"""

from __future__ import annotations

import specs
from engine.errors import MalformedError

_D = specs.load("sorry").param("deck")
ORDER: tuple[str, ...] = tuple(_D["order"])
INDEX = {name: i for i, name in enumerate(ORDER)}
NCARDS = len(ORDER)
EDITIONS = {ed: tuple(counts[c] for c in ORDER) for ed, counts in _D["editions"].items()}

C1, C2, C3, C4, C5, C7, C8, C10, C11, C12, CSORRY = (INDEX[c] for c in ("1", "2", "3", "4", "5", "7", "8", "10", "11", "12", "sorry"))

#: forward step counts of the simple cards (SRY-CARD-1 .. SRY-CARD-12)
FORWARD = {C1: 1, C2: 2, C3: 3, C5: 5, C8: 8, C12: 12}


def card_from_json(v, where: str) -> int:
    if isinstance(v, str) and v in INDEX:
        return INDEX[v]
    raise MalformedError(f"{where}: unknown card {v!r:.40}"
                         f"{' (there are no 6s or 9s in Sorry!)' if v in ('6', '9', 6, 9) else ''}; cards are {', '.join(ORDER)}",
                         path=where)


#: where a pile's counts are cut in two for ``pile_to_json``'s memo of each part
_CUT = NCARDS // 2
#: the cards of the low and the high part of a pile, by that part's counts (each part has few values)
_LOW: dict = {}
_HIGH: dict = {}
#: the most entries each part's memo keeps (a deck of the editions has far fewer)
PILE_PARTS_KEPT = 50_000


def _cards_of(counts, first: int) -> tuple[str, ...]:
    out: list[str] = []
    for name, n in zip(ORDER[first:], counts):
        if n:
            out += [name] * n
    return tuple(out)


def pile_to_json(counts) -> list[str]:
    """The cards of a pile in canonical order (a fresh list), made of its two parts' cards, each
    memoised by that part's counts: a few thousand parts make every pile of a deck."""
    low, high = counts[:_CUT], counts[_CUT:]
    a = _LOW.get(low)
    if a is None:
        a = _cards_of(low, 0)
        if len(_LOW) < PILE_PARTS_KEPT:
            _LOW[low] = a
    b = _HIGH.get(high)
    if b is None:
        b = _cards_of(high, _CUT)
        if len(_HIGH) < PILE_PARTS_KEPT:
            _HIGH[high] = b
    return [*a, *b]


def pile_from_json(v, where: str) -> tuple[int, ...]:
    if not isinstance(v, list):
        raise MalformedError(f"{where}: expected a list of card names, got {type(v).__name__}", path=where)
    counts = [0] * NCARDS
    for k, c in enumerate(v):
        counts[card_from_json(c, f"{where}/{k}")] += 1
    if pile_to_json(tuple(counts)) != v:
        raise MalformedError(f"{where}: cards must be listed in canonical order ({', '.join(ORDER)})", path=where)
    return tuple(counts)
