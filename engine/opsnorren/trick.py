"""Playing a trick: lead colour, following, and which card wins among the animal cards.

- OPS-LEAD: the first card sets the lead colour; OPS-JOKER-LEAD: after a joker lead the
  next card sets it (``ops.joker-lead-colour`` when that card is a joker too).
- OPS-FOLLOW-SUIT / OPS-DISCARD-FREE: a player holding the lead colour must play it;
  OPS-JOKER-ANYTIME: a joker may always be played.
- OPS-RULE-NEW-LEAD-COLOUR: a card that does not follow becomes the new lead colour; earlier
  lead colours bind a player without the current one under ``ops.lead-colour-binds=earlier``.
- OPS-COLOUR-FIRST, OPS-COLOUR-ORDER, OPS-TRICK-WINNER: strongest colour present, then
  highest value; OPS-RULE-COLOUR-REVERSED reverses the strength, also for 'the strongest
  colour' of the 2 and 3 rules (``ops.colour-reversed-scope``).
- OPS-RULE-TWO-WINS, OPS-RULE-THREE-LOWEST: applied in row order, left to right
  (OPS-RULES-LEFT-TO-RIGHT, ``ops.winner-rule-order``).
"""

from __future__ import annotations

from bisect import bisect_left

from engine.opsnorren.cards import COLOUR_OF, UNICORN, VALUE_OF

#: marker: a joker lead followed by a joker, under ops.joker-lead-colour=none: no lead colour this trick
NO_COLOUR = -2


def lead_colour(trick, rs, joker_lead_first_animal: bool) -> int | None:
    """The colour players must follow now, or None when any card may be played."""
    if not trick:
        return None
    lead = COLOUR_OF[trick[0][1]]
    if lead >= 0 and not rs.new_lead_colour:
        return lead  # an animal card led and nothing later changes the lead colour
    lead = None
    for i, (_, c) in enumerate(trick):
        col = COLOUR_OF[c]
        if col < 0:  # a joker has no colour
            if i == 1 and lead is None and not joker_lead_first_animal:
                lead = NO_COLOUR  # ops.joker-lead-colour=none: only the card after the lead could set it
            continue
        if lead is None:
            lead = col
        elif lead == NO_COLOUR:
            continue
        elif col != lead and rs.new_lead_colour:
            lead = col  # OPS-RULE-NEW-LEAD-COLOUR: this player could not follow
    return None if lead == NO_COLOUR else lead


def binding_colour(trick, lead: int | None, rs, hand, earlier: bool) -> int | None:
    """The colour ``hand`` must follow now: the lead colour ``lead``, or under
    ``ops.lead-colour-binds=earlier`` (with OPS-RULE-NEW-LEAD-COLOUR) the most recent earlier lead
    colour of the trick it holds. Every animal card played was a lead colour when it was played:
    it followed, or it set the new one."""
    if lead is None or not earlier or not rs.new_lead_colour:
        return lead
    held = {COLOUR_OF[c] for c in hand}
    if lead in held:
        return lead
    return next((COLOUR_OF[c] for _, c in reversed(trick) if COLOUR_OF[c] >= 0 and COLOUR_OF[c] in held), lead)


def playable(hand, lead) -> tuple:
    """The cards of ``hand`` (sorted) that may be played under lead colour ``lead``.

    A colour's cards are one run of a sorted hand (``colour * 11 + value``) and the jokers
    come last, so both are found by bisection."""
    if lead is None:
        return hand
    lo = bisect_left(hand, lead * 11)
    hi = bisect_left(hand, lead * 11 + 11, lo)
    if lo == hi:
        return hand  # OPS-DISCARD-FREE
    return hand[lo:hi] + hand[bisect_left(hand, UNICORN, hi):]  # OPS-JOKER-ANYTIME


#: the printed colour strength (OPS-COLOUR-ORDER), which 'the strongest colour' of the 2 and
#: 3 rules keeps under ``ops.colour-reversed-scope=trick-winner``
PRINTED = (0, 1, 2, 3)


def best_animal(animals, rs, leftmost_decides: bool, reversal_everywhere: bool = True):
    """Index into ``animals`` ((player, card) pairs, no jokers) of the winning card."""
    strength = rs.strength
    winner, best = 0, -1 << 30
    for i, (_, c) in enumerate(animals):  # OPS-TRICK-WINNER: strongest colour, then highest value
        k = strength[COLOUR_OF[c]] * 16 + VALUE_OF[c]
        if k > best:
            winner, best = i, k
    if not rs.winner_rules:
        return winner
    top = best >> 4
    top_cards = [i for i, (_, c) in enumerate(animals) if strength[COLOUR_OF[c]] == top]
    if not reversal_everywhere:  # ops.colour-reversed-scope=trick-winner
        strength = PRINTED
        top = max(strength[COLOUR_OF[c]] for _, c in animals)
        top_cards = [i for i, (_, c) in enumerate(animals) if strength[COLOUR_OF[c]] == top]
    for r in rs.winner_rules:
        if r == 5:  # two-wins (OPS-RULE-TWO-WINS): a 2 wins; several 2s: the 2 of the strongest colour
            twos = [i for i, (_, c) in enumerate(animals) if VALUE_OF[c] == 2]
            if not twos:
                continue
            winner = max(twos, key=lambda i: strength[COLOUR_OF[animals[i][1]]])
        else:  # three-lowest (OPS-RULE-THREE-LOWEST): the lowest value of the strongest colour
            if not any(VALUE_OF[c] == 3 for _, c in animals):
                continue
            winner = min(top_cards, key=lambda i: VALUE_OF[animals[i][1]])
        if leftmost_decides:
            break
    return winner


def equal_values(trick, joker_pairs: bool = False) -> tuple[list, list]:
    """OPS-RULE-EQUAL-DISCARDED: (kept, discarded) pairs.

    Jokers have no value and stay, unless ``ops.equal-values-jokers=pairs``: then two or
    more jokers in one trick count as equal (both without value) and are discarded too.
    """
    counts: dict[int, int] = {}
    for _, c in trick:
        v = VALUE_OF[c]
        if v >= 0 or joker_pairs:
            counts[v] = counts.get(v, 0) + 1
    kept, gone = [], []
    for pc in trick:
        (gone if counts.get(VALUE_OF[pc[1]], 0) >= 2 else kept).append(pc)
    return kept, gone
