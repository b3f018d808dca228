"""Cards of Opsnorren as small ints (OPS-COMPONENTS).

The 47 animal cards: 44 coloured cards, value 0 to 10 in green, pink, orange and blue
(card ``colour * 11 + value``), then the three jokers: unicorn (44), monkey (45) and
dove (46). Canonical names: ``"green 0"`` ... ``"blue 10"``, ``"unicorn"``, ``"monkey"``,
``"dove"``. Hands are sorted tuples of these ints.
"""

from __future__ import annotations

from engine.errors import MalformedError

COLOURS = ("green", "pink", "orange", "blue")  # weak to strong (OPS-COLOUR-ORDER)
GREEN, PINK, ORANGE, BLUE = range(4)
VALUES = range(11)
UNICORN, MONKEY, DOVE = 44, 45, 46
JOKERS = (UNICORN, MONKEY, DOVE)
ANIMALS = tuple(range(44))
ALL_CARDS = tuple(range(47))

NAMES: tuple[str, ...] = tuple(f"{COLOURS[c // 11]} {c % 11}" for c in ANIMALS) + ("unicorn", "monkey", "dove")
CARD_ID: dict[str, int] = {n: i for i, n in enumerate(NAMES)}
#: colour of a card, -1 for a joker (jokers have no colour and no value)
COLOUR_OF: tuple[int, ...] = tuple(c // 11 for c in ANIMALS) + (-1, -1, -1)
VALUE_OF: tuple[int, ...] = tuple(c % 11 for c in ANIMALS) + (-1, -1, -1)


def card_id(name, where: str = "card") -> int:
    """The int of a card name; MalformedError naming the field for anything else."""
    if isinstance(name, str):
        c = CARD_ID.get(name)
        if c is not None:
            return c
    raise MalformedError(
        f"{where}: {name!r} is not an Opsnorren card; write '<colour> <value>' with colour "
        "green/pink/orange/blue and value 0-10, or 'unicorn', 'monkey', 'dove'",
        path=where,
    )


def names(cards) -> list[str]:
    return [NAMES[c] for c in cards]


def show(cards) -> str:
    """Cards as readable text for logs: 'blue 7, unicorn'."""
    return ", ".join(NAMES[c] for c in cards) or "(none)"
