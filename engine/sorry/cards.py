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


#: where a pile's counts are cut in three for ``pile_to_json``'s memo of each part (a part of three
#: or four cards has at most 750 values: every part is met within the first games)
_CUT1, _CUT2 = 4, 8
#: the cards of each part of a pile, by that part's counts
_PART0: dict = {}
_PART1: dict = {}
_PART2: dict = {}
#: the most entries each part's memo keeps (a deck of the editions has far fewer)
PILE_PARTS_KEPT = 50_000


def _cards_of(counts, first: int) -> tuple[str, ...]:
    out: list[str] = []
    for name, n in zip(ORDER[first:], counts):
        if n:
            out += [name] * n
    return tuple(out)


def _part(memo: dict, counts, first: int) -> tuple[str, ...]:
    """The cards of one part of a pile (``counts`` from card ``first`` on), memoised in ``memo``."""
    got = _cards_of(counts, first)
    if len(memo) < PILE_PARTS_KEPT:
        memo[counts] = got
    return got


def pile_to_json(counts) -> list[str]:
    """The cards of a pile in canonical order (a fresh list), made of its three parts' cards, each
    memoised by that part's counts: about 1,500 parts make every pile of a deck."""
    a, b, c = counts[:_CUT1], counts[_CUT1:_CUT2], counts[_CUT2:]
    x, y, z = _PART0.get(a), _PART1.get(b), _PART2.get(c)
    if x is None:
        x = _part(_PART0, a, 0)
    if y is None:
        y = _part(_PART1, b, _CUT1)
    if z is None:
        z = _part(_PART2, c, _CUT2)
    return [*x, *y, *z]


def pile_from_json(v, where: str) -> tuple[int, ...]:
    if not isinstance(v, list):
        raise MalformedError(f"{where}: expected a list of card names, got {type(v).__name__}", path=where)
    counts = [0] * NCARDS
    for k, c in enumerate(v):
        counts[card_from_json(c, f"{where}/{k}")] += 1
    if pile_to_json(tuple(counts)) != v:
        raise MalformedError(f"{where}: cards must be listed in canonical order ({', '.join(ORDER)})", path=where)
    return tuple(counts)
