"""Misreadings of which animal card wins a trick (OPS-COLOUR-FIRST, OPS-COLOUR-ORDER,
OPS-TRICK-WINNER and the rule cards that change it: OPS-RULE-TWO-WINS, OPS-RULE-THREE-LOWEST,
OPS-RULE-COLOUR-REVERSED, OPS-RULES-LEFT-TO-RIGHT).

:func:`best_with` is ``trick.best_animal`` with each of its decisions a parameter; the
reference's reading is every parameter at its default.
"""

from __future__ import annotations

from engine.opsnorren.cards import COLOUR_OF, VALUE_OF
from engine.opsnorren.jokers import resolve
from engine.opsnorren.misreadings_base import Variant, changed_rules, mis
from engine.opsnorren.rulecards import TWO_WINS
from engine.opsnorren.trick import PRINTED

COLOUR_WORDS = ("green", "pink", "orange", "blue")


def best_with(animals, rs, leftmost_decides: bool, reversal_everywhere: bool = True, *, key: str = "colour-value",
              two: int = 2, three: int = 3, two_pick: str = "strongest", three_pick: str = "lowest-of-strongest",
              rule_order: tuple | None = None, reversed_values: bool = False) -> int:
    """Index into ``animals`` of the winning card, with each decision of the rules a parameter."""
    strength = rs.strength
    val = (lambda i: -VALUE_OF[animals[i][1]]) if (reversed_values and rs.colour_reversed) else (
        lambda i: VALUE_OF[animals[i][1]])
    col = [COLOUR_OF[c] for _, c in animals]
    top = max(strength[c] for c in col)
    top_cards = [i for i, c in enumerate(col) if strength[c] == top]
    if key == "colour-value":  # OPS-TRICK-WINNER
        winner = max(top_cards, key=val)
    elif key == "value-colour":
        winner = max(range(len(animals)), key=lambda i: (val(i), strength[col[i]]))
    elif key == "colour-lowest":
        winner = min(top_cards, key=val)
    elif key == "colour-first-played":
        winner = top_cards[0]
    elif key == "lead-colour":
        winner = max((i for i, c in enumerate(col) if c == col[0]), key=val)
    else:
        raise ValueError(key)
    if not reversal_everywhere and rs.winner_rules:
        strength = PRINTED
        top = max(strength[c] for c in col)
        top_cards = [i for i, c in enumerate(col) if strength[c] == top]
    rules = rs.winner_rules if rule_order is None else tuple(r for r in rule_order if r in rs.winner_rules)
    for r in rules:
        if r == TWO_WINS:
            twos = [i for i, (_, c) in enumerate(animals) if VALUE_OF[c] == two]
            if not twos:
                continue
            if two_pick == "strongest":
                winner = max(twos, key=lambda i: strength[col[i]])
            elif two_pick == "weakest":
                winner = min(twos, key=lambda i: strength[col[i]])
            else:  # first played
                winner = twos[0]
        else:
            threes = [i for i, (_, c) in enumerate(animals) if VALUE_OF[c] == three]
            if not threes:
                continue
            if three_pick == "lowest-of-strongest":
                winner = min(top_cards, key=lambda i: VALUE_OF[animals[i][1]])
            elif three_pick == "lowest-any":
                winner = min(range(len(animals)), key=lambda i: (VALUE_OF[animals[i][1]], -strength[col[i]]))
            elif three_pick == "lowest-of-lead":
                winner = min((i for i, c in enumerate(col) if c == col[0]), key=lambda i: VALUE_OF[animals[i][1]])
            else:  # the 3 itself (of the strongest colour)
                winner = max(threes, key=lambda i: strength[col[i]])
        if leftmost_decides:
            break
    return winner


def _winner_variant(**knobs):
    def best(animals, rs, leftmost_decides, reversal_everywhere=True):
        return best_with(animals, rs, leftmost_decides, reversal_everywhere, **knobs)

    def resolve_trick(self, trick, leader, rs, team_of):
        return resolve(trick, leader, rs, self.ch, team_of, best=best)

    return {"resolve_trick": resolve_trick}


def _strength_variant(base: tuple[int, ...], reversed_: tuple[int, ...] | None = None):
    """Colour strengths ``base`` (printed order) and ``reversed_`` (under colour-reversed;
    default: ``base`` turned around)."""
    rev = reversed_ if reversed_ is not None else tuple(3 - x for x in base)

    def ruleset_of(self, s):
        active = s.rules[: s.revealed]
        rs = Variant.ruleset_of(self, s)
        return changed_rules(active, strength=rev if rs.colour_reversed else base)

    return {"ruleset_of": ruleset_of}


def _order_words(strength: tuple[int, ...]) -> str:
    return " < ".join(COLOUR_WORDS[c] for c in sorted(range(4), key=lambda c: strength[c]))


def rule_order_misreadings() -> list:
    """OPS-RULES-LEFT-TO-RIGHT: the row order of the two trick-winner rule cards ignored (listed
    before the rule cards without effect, which reproduce them on a trick with a 2 and a 3)."""
    from engine.opsnorren.rulecards import THREE_LOWEST

    return [
        mis("ops.rules-order.two-always-decides", "OPS-RULES-LEFT-TO-RIGHT",
            "when a 2 and a 3 are in one trick, the 2 rule always decides, whatever the row order", "order",
            **_winner_variant(rule_order=(THREE_LOWEST, TWO_WINS))),
        mis("ops.rules-order.three-always-decides", "OPS-RULES-LEFT-TO-RIGHT",
            "when a 2 and a 3 are in one trick, the 3 rule always decides, whatever the row order", "order",
            **_winner_variant(rule_order=(TWO_WINS, THREE_LOWEST))),
    ]


def misreadings() -> list:
    out = [
        mis("ops.colour-reversed.swap-ends", "OPS-RULE-COLOUR-REVERSED",
            "'the colour order is reversed' only swaps blue and green (pink and orange keep their places)", "order",
            **_strength_variant((0, 1, 2, 3), (3, 1, 2, 0))),
        mis("ops.colour-reversed.blue-last", "OPS-RULE-COLOUR-REVERSED",
            "'the colour order is reversed' only makes blue the weakest (green < pink < orange stay)", "order",
            **_strength_variant((0, 1, 2, 3), (1, 2, 3, 0))),
        mis("ops.colour-reversed.values-too", "OPS-RULE-COLOUR-REVERSED",
            "'the colour order is reversed' reverses the values too: the lowest card of the strongest colour wins",
            "condition", **_winner_variant(reversed_values=True)),
        mis("ops.colour-first.value-first", "OPS-COLOUR-FIRST",
            "the highest value wins the trick; colour only breaks ties", "order", **_winner_variant(key="value-colour")),
        mis("ops.colour-first.lead-colour-wins", "OPS-COLOUR-FIRST",
            "only cards of the lead colour can win the trick (the highest of them)", "condition",
            **_winner_variant(key="lead-colour")),
        mis("ops.trick-winner.lowest-value", "OPS-TRICK-WINNER",
            "among cards of the strongest colour the lowest value wins", "order",
            **_winner_variant(key="colour-lowest")),
        mis("ops.trick-winner.first-played", "OPS-TRICK-WINNER",
            "among cards of the strongest colour the first one played wins (values ignored)", "condition",
            **_winner_variant(key="colour-first-played")),
        mis("ops.two-wins.weakest-colour", "OPS-RULE-TWO-WINS",
            "with several 2s in the trick, the 2 of the weakest colour wins", "order",
            **_winner_variant(two_pick="weakest")),
        mis("ops.two-wins.first-played", "OPS-RULE-TWO-WINS",
            "with several 2s in the trick, the first 2 played wins", "order",
            **_winner_variant(two_pick="first")),
        mis("ops.three-lowest.lowest-overall", "OPS-RULE-THREE-LOWEST",
            "with a 3 in the trick the lowest value of any colour wins", "condition",
            **_winner_variant(three_pick="lowest-any")),
        mis("ops.three-lowest.lowest-of-lead", "OPS-RULE-THREE-LOWEST",
            "with a 3 in the trick the lowest value of the lead colour wins", "condition",
            **_winner_variant(three_pick="lowest-of-lead")),
        mis("ops.three-lowest.the-three-wins", "OPS-RULE-THREE-LOWEST",
            "with a 3 in the trick the 3 itself wins", "condition", **_winner_variant(three_pick="the-three")),
    ]
    for d in (-1, 1):  # the trigger value of each rule moved by one
        out.append(mis(f"ops.two-wins.value{d:+d}", "OPS-RULE-TWO-WINS",
                       f"under 'cards of value 2 win' a card of value {2 + d} wins instead of a 2", "parameter",
                       **_winner_variant(two=2 + d)))
        out.append(mis(f"ops.three-lowest.trigger{d:+d}", "OPS-RULE-THREE-LOWEST",
                       f"the lowest value wins when a card of value {3 + d} (not 3) is in the trick", "parameter",
                       **_winner_variant(three=3 + d)))
    # the colour order itself, touching every trick: after the rule cards (diagnosis breaks ties by order)
    out += [
        mis("ops.colour-order.reversed", "OPS-COLOUR-ORDER",
            "the colour strength is read the wrong way round: green strongest, blue weakest", "order",
            **_strength_variant((3, 2, 1, 0))),
    ]
    for a in range(3):  # every two neighbouring colours swapped
        base = list(range(4))
        base[a], base[a + 1] = base[a + 1], base[a]
        out.append(mis(f"ops.colour-order.swap-{COLOUR_WORDS[a]}-{COLOUR_WORDS[a + 1]}", "OPS-COLOUR-ORDER",
                       f"{COLOUR_WORDS[a]} and {COLOUR_WORDS[a + 1]} swap places in the colour strength "
                       f"({_order_words(tuple(base))})", "order", **_strength_variant(tuple(base))))
    return out
