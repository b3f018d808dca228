"""Misreadings of the rule cards as a whole (each card without effect), of passing cards
(OPS-RULE-PASS-THREE) and of what a player may see (OPS-HIDDEN-HANDS, OPS-RULE-PINK-OPEN,
OPS-TROPHY-HIDDEN, OPS-DEAL-FIVE).
"""

from __future__ import annotations

import itertools

from engine.errors import IllegalActionError, MalformedError
from engine.opsnorren.cards import COLOUR_OF, NAMES, ORANGE, PINK, card_id
from engine.opsnorren.misreadings_base import Variant, changed_rules, mis
from engine.opsnorren.misreadings_winner import rule_order_misreadings
from engine.opsnorren.rulecards import (COLOUR_REVERSED, EQUAL_DISCARDED, FEWEST_STARS, GREEN_NEGATIVE, MOST_BLUE,
                                        NEW_LEAD_COLOUR, PASS_THREE, PINK_OPEN, PINK_PLUS_ONE, RULE_IDS, RULE_TEXT,
                                        THREE_LOWEST, TWO_WINS)
from engine.opsnorren.state import OVER, PASS, PLAY, replace_at, with_cards

#: what each rule card changes in a RuleSet when it has no effect
_WITHOUT = {
    GREEN_NEGATIVE: {"green_negative": False},
    PASS_THREE: {"pass_three": False},
    MOST_BLUE: {"most_blue": False},
    PINK_PLUS_ONE: {"pink_plus_one": False},
    EQUAL_DISCARDED: {"equal_discarded": False},
    COLOUR_REVERSED: {"colour_reversed": False, "strength": (0, 1, 2, 3)},
    NEW_LEAD_COLOUR: {"new_lead_colour": False},
    FEWEST_STARS: {"fewest_stars": False},
}


def _clause(rule: int) -> str:
    return "OPS-RULE-" + RULE_IDS[rule].upper()


def _ignored(rule: int):
    if rule == PINK_OPEN:
        return _observe(pink_open="never")

    def ruleset_of(self, s):
        rs = Variant.ruleset_of(self, s)
        if rule not in rs.active:
            return rs
        if rule in (TWO_WINS, THREE_LOWEST):
            return changed_rules(rs.active, winner_rules=tuple(r for r in rs.winner_rules if r != rule))
        return changed_rules(rs.active, **_WITHOUT[rule])

    return {"ruleset_of": ruleset_of}


# ---- passing three cards (OPS-RULE-PASS-THREE) -------------------------------------------------

def _passing(k: int = 3, to: int = 1, instant: bool = False, start: str = "crown", step: int = 1):
    """``k`` cards to the player ``to`` seats on; ``instant``: received at once (before one's own
    pass); passing starts at ``start`` (crown / seat 0) and goes ``step`` seats on."""

    def next_passer(self, s):
        base = s.crown if start == "crown" else 0
        for j in range(s.n):
            p = (base + step * j) % s.n
            if not s.passing[p]:
                return p
        return None

    def _legal(self, s):
        if s.phase != PASS:
            return Variant._legal(self, s)
        p = self.next_passer(s)
        hand = s.hands[p] if self.ch.pass_jokers else tuple(c for c in s.hands[p] if c < 44)
        return tuple({"type": "pass", "player": p, "cards": [NAMES[c] for c in cs]}
                     for cs in itertools.combinations(hand, k))

    def _pass(self, s, p, cards):
        self._check_turn(s, p)
        if not isinstance(cards, list) or len(cards) != k:
            raise MalformedError(f"'cards' must list exactly {k} cards", path="cards")
        ids = [card_id(c, f"cards/{i}") for i, c in enumerate(cards)]
        hand = s.hands[p]
        if len(set(ids)) != k or any(c not in hand for c in ids):
            raise IllegalActionError("pass different cards from your hand")
        if any(c >= 44 for c in ids) and not self.ch.pass_jokers:
            raise IllegalActionError("jokers may not be passed")
        n = s.n
        t = s.copy()
        t.hands = replace_at(s.hands, p, tuple(c for c in hand if c not in ids))
        t.passing = replace_at(s.passing, p, tuple(sorted(ids)))
        if instant:
            q = (p + to) % n
            t.hands = replace_at(t.hands, q, with_cards(t.hands[q], ids))
        if all(t.passing):
            if not instant:
                t.hands = tuple(with_cards(t.hands[q], t.passing[(q - to) % n]) for q in range(n))
            t.passing = tuple(() for _ in range(n))
            t.phase = PLAY
        return t

    return {"next_passer": next_passer, "_legal": _legal, "_pass": _pass}


# ---- what a player sees --------------------------------------------------------------------------

def _observe(pink_open: str = "rule", open_colour: int = PINK, open_to: str = "others", trophies: str = "own",
             team_hands: bool = False, partner_joker: bool = False):
    def observation(self, s, player):
        obs = Variant.observation(self, s, player)
        if s.teams is None:
            same = [q == player for q in range(s.n)]
        else:
            same = [s.team_of[q] == s.team_of[player] for q in range(s.n)]
        on = {"rule": PINK_OPEN in s.rules[: s.revealed], "never": False, "row": PINK_OPEN in s.rules}[pink_open]
        opened = []
        for q, h in enumerate(s.hands):
            shown = []
            if on and q != player and (open_to == "others" or not same[q]):
                shown = [c for c in h if COLOUR_OF[c] == open_colour]
            if team_hands and q != player and same[q]:
                shown = list(h)
            if partner_joker and q != player and same[q]:
                shown = sorted(set(shown) | {c for c in h if c >= 44})
            opened.append([NAMES[c] for c in sorted(shown)])
        obs["open_cards"] = opened
        over = s.phase == OVER
        show = {"own": lambda q: q == player or over, "all": lambda q: True, "team": lambda q: same[q] or over,
                "none": lambda q: over}[trophies]
        obs["trophies"] = [list(t) if show(q) else None for q, t in enumerate(s.trophies)]
        return obs

    return {"observation": observation}


def misreadings() -> list:
    out = rule_order_misreadings()
    out += [mis(f"ops.{RULE_IDS[r]}.ignored", _clause(r), f"the rule card '{RULE_TEXT[RULE_IDS[r]]}' has no effect",
               "condition", **_ignored(r)) for r in range(len(RULE_IDS))]
    out += [
        mis("ops.pass-three.to-the-right", "OPS-RULE-PASS-THREE",
            "under 'pass three cards' the cards go to the player on the right", "order", **_passing(to=-1)),
        mis("ops.pass-three.seen-at-once", "OPS-RULE-PASS-THREE",
            "under 'pass three cards' passed cards join the receiver's hand at once, before they pass", "timing",
            **_passing(instant=True)),
        mis("ops.pass-three.seat-zero-first", "OPS-RULE-PASS-THREE",
            "under 'pass three cards' the first player (seat 0) passes first, not the crown holder", "order",
            **_passing(start="seat-0")),
        mis("ops.pass-three.counter-clockwise", "OPS-RULE-PASS-THREE",
            "under 'pass three cards' players pass in turn counter-clockwise from the crown holder", "order",
            **_passing(step=-1)),
        mis("ops.pink-open.opponents-only", "OPS-RULE-PINK-OPEN",
            "under 'pink cards open' only the opponents see a player's pink cards, not the teammates", "condition",
            **_observe(open_to="opponents")),
        mis("ops.pink-open.orange", "OPS-RULE-PINK-OPEN",
            "under 'pink cards open' the orange cards are shown instead of the pink ones", "condition",
            **_observe(open_colour=ORANGE)),
        mis("ops.pink-open.before-revealed", "OPS-RULE-PINK-OPEN",
            "pink cards are shown as soon as the rule card is in the row, before it is turned", "timing",
            **_observe(pink_open="row")),
        mis("ops.hidden-hands.teammates-see", "OPS-HIDDEN-HANDS",
            "teammates see each other's hands", "condition", **_observe(team_hands=True)),
        mis("ops.deal-five.partner-joker-seen", "OPS-DEAL-FIVE",
            "with 5 players the team of two see which joker their teammate holds", "condition",
            **_observe(partner_joker=True)),
        mis("ops.trophy-hidden.all-seen", "OPS-TROPHY-HIDDEN",
            "every player's trophy values are visible to all during the game", "condition", **_observe(trophies="all")),
        mis("ops.trophy-hidden.team-seen", "OPS-TROPHY-HIDDEN",
            "teammates see each other's trophy values during the game", "condition", **_observe(trophies="team")),
        mis("ops.trophy-hidden.own-hidden", "OPS-TROPHY-HIDDEN",
            "a player cannot see their own trophy values until the end", "condition", **_observe(trophies="none")),
    ]
    for d in (-1, 1):
        out.append(mis(f"ops.pass-three.count{d:+d}", "OPS-RULE-PASS-THREE",
                       f"under 'pass three cards' each player passes {3 + d} cards", "parameter", **_passing(k=3 + d)))
    return out
