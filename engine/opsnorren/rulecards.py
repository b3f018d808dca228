"""Rule cards (OPS-SETUP-RULE-ROW, OPS-REVEAL-RULE, OPS-RULES-PERSIST, OPS-RULES-LEFT-TO-RIGHT).

Eleven rule cards are known: nine explained by the rulebook (lines 57-66) and two known
from reviews (OPS-RULE-PINK-PLUS-ONE, OPS-RULE-FEWEST-STARS). The other five of the 16
are not known (parameter ``unknown-rule-cards``); the engine plays with the 11 known ones.
Which pile the two review cards belong to and which cards carry the moustache are
assumed (``components.json``).

A row is 2 white then 2 black cards, drawn at setup as a chance node; round ``r`` has
the ``r`` leftmost cards revealed, and all revealed cards apply, left to right.
"""

from __future__ import annotations

import functools

RULE_IDS = (
    "green-negative",   # OPS-RULE-GREEN-NEGATIVE
    "pink-open",        # OPS-RULE-PINK-OPEN
    "pass-three",       # OPS-RULE-PASS-THREE
    "most-blue",        # OPS-RULE-MOST-BLUE
    "pink-plus-one",    # OPS-RULE-PINK-PLUS-ONE (review)
    "two-wins",         # OPS-RULE-TWO-WINS
    "equal-discarded",  # OPS-RULE-EQUAL-DISCARDED
    "colour-reversed",  # OPS-RULE-COLOUR-REVERSED
    "three-lowest",     # OPS-RULE-THREE-LOWEST
    "new-lead-colour",  # OPS-RULE-NEW-LEAD-COLOUR
    "fewest-stars",     # OPS-RULE-FEWEST-STARS (review)
)
RULE_INDEX = {r: i for i, r in enumerate(RULE_IDS)}
(GREEN_NEGATIVE, PINK_OPEN, PASS_THREE, MOST_BLUE, PINK_PLUS_ONE, TWO_WINS, EQUAL_DISCARDED,
 COLOUR_REVERSED, THREE_LOWEST, NEW_LEAD_COLOUR, FEWEST_STARS) = range(11)

RULE_TEXT = {
    "green-negative": "green stars are negative",
    "pink-open": "pink cards are played open",
    "pass-three": "pass three cards to the left",
    "most-blue": "the team with most blue cards loses five stars",
    "pink-plus-one": "pink cards are worth one extra star",
    "two-wins": "cards of value 2 win",
    "equal-discarded": "equal values are discarded",
    "colour-reversed": "the colour order is reversed",
    "three-lowest": "a 3 makes the lowest value win",
    "new-lead-colour": "not following makes a new lead colour",
    "fewest-stars": "the team with the fewest stars wins the round",
}
#: rules that pick the trick winner; when several apply, their row order decides (ops.winner-rule-order)
WINNER_RULES = (TWO_WINS, THREE_LOWEST)


class RuleSet:
    """The revealed rule cards of a state, as flags (cached per revealed row)."""

    __slots__ = ("active", "green_negative", "pink_open", "pass_three", "most_blue", "pink_plus_one",
                 "two_wins", "equal_discarded", "colour_reversed", "three_lowest", "new_lead_colour",
                 "fewest_stars", "winner_rules", "strength")

    def __init__(self, active: tuple[int, ...]):
        self.active = active
        s = set(active)
        self.green_negative = GREEN_NEGATIVE in s
        self.pink_open = PINK_OPEN in s
        self.pass_three = PASS_THREE in s
        self.most_blue = MOST_BLUE in s
        self.pink_plus_one = PINK_PLUS_ONE in s
        self.two_wins = TWO_WINS in s
        self.equal_discarded = EQUAL_DISCARDED in s
        self.colour_reversed = COLOUR_REVERSED in s
        self.three_lowest = THREE_LOWEST in s
        self.new_lead_colour = NEW_LEAD_COLOUR in s
        self.fewest_stars = FEWEST_STARS in s
        #: winner-picking rules in row order, left to right (OPS-RULES-LEFT-TO-RIGHT)
        self.winner_rules = tuple(r for r in active if r in WINNER_RULES)
        #: strength of each colour (OPS-COLOUR-ORDER, OPS-RULE-COLOUR-REVERSED)
        self.strength = (3, 2, 1, 0) if self.colour_reversed else (0, 1, 2, 3)


@functools.lru_cache(maxsize=4096)
def ruleset(active: tuple[int, ...]) -> RuleSet:
    return RuleSet(active)


def piles(tables, beginner: bool) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The white and black piles to draw from (OPS-SETUP-RULE-ROW, OPS-BEGINNER)."""
    white, black = tables.white, tables.black
    if beginner:
        white = tuple(r for r in white if r not in tables.moustache)
        black = tuple(r for r in black if r not in tables.moustache)
    return white, black


def row_chance(tables, beginner: bool) -> dict:
    """Chance description of the setup draw: 2 white then 2 black, kept in row order."""
    white, black = piles(tables, beginner)
    return {"event": "rule-cards", "draws": [
        {"pool": list(white), "take": {"row": 2}, "sorted": False},
        {"pool": list(black), "take": {"row": 2}, "sorted": False},
    ]}
