"""Misreadings of playing a card to a trick: whose turn it is, the lead colour, following.

Decision points: who plays next (OPS-CLOCKWISE), which card sets the lead colour (OPS-LEAD,
OPS-JOKER-LEAD, OPS-RULE-NEW-LEAD-COLOUR), who must follow it and with what (OPS-FOLLOW-SUIT,
OPS-DISCARD-FREE, OPS-JOKER-ANYTIME).
"""

from __future__ import annotations

from engine.opsnorren.cards import COLOUR_OF, VALUE_OF
from engine.opsnorren.misreadings_base import Variant, mis
from engine.opsnorren.state import PLAY
from engine.opsnorren.trick import best_animal


def _joker(c: int) -> bool:
    return c >= 44


# ---- whose turn (OPS-CLOCKWISE) --------------------------------------------------------------

def _counter_clockwise(self, s):
    if s.phase == PLAY:
        return (s.leader - len(s.trick)) % s.n
    return Variant.to_move(self, s)


# ---- which card sets the lead colour ---------------------------------------------------------

def _lead_latest(self, s):
    """OPS-LEAD read as: the colour of the latest animal card played."""
    return next((COLOUR_OF[c] for _, c in reversed(s.trick) if COLOUR_OF[c] >= 0), None)


def _lead_winning(self, s):
    """OPS-LEAD read as: the colour of the card that wins the trick so far."""
    animals = [pc for pc in s.trick if COLOUR_OF[pc[1]] >= 0]
    if not animals:
        return None
    i = best_animal(animals, self.rs(s), self.ch.leftmost_decides, self.ch.reversal_everywhere)
    return COLOUR_OF[animals[i][1]]


def _lead_none_after_joker(self, s):
    if s.trick and _joker(s.trick[0][1]):
        return None
    return Variant.lead(self, s)


def _lead_late_after_joker(self, s):
    if s.trick and _joker(s.trick[0][1]):
        return next((COLOUR_OF[c] for _, c in s.trick[2:] if COLOUR_OF[c] >= 0), None)
    return Variant.lead(self, s)


def _lead_changes_once(self, s):
    rs = self.rs(s)
    lead, changed = None, False
    for _, c in s.trick:
        col = COLOUR_OF[c]
        if col < 0:
            continue
        if lead is None:
            lead = col
        elif col != lead and rs.new_lead_colour and not changed:
            lead, changed = col, True
    return lead


# ---- which cards may be played -----------------------------------------------------------------

def _split(self, s, p):
    hand = s.hands[p]
    lead = self.binding(s, hand)
    follow = [c for c in hand if COLOUR_OF[c] == lead] if lead is not None else []
    jokers = [c for c in hand if _joker(c)]
    return hand, lead, follow, jokers


def _free(self, s, p):
    return s.hands[p]


def _must_beat(self, s, p):
    hand, lead, follow, jokers = _split(self, s, p)
    if not follow:
        return hand
    top = max((VALUE_OF[c] for _, c in s.trick if COLOUR_OF[c] == lead), default=-1)
    higher = [c for c in follow if VALUE_OF[c] > top]
    return tuple(sorted((higher or follow) + jokers))


def _void_plays_joker(self, s, p):
    hand, lead, follow, jokers = _split(self, s, p)
    if lead is not None and not follow and jokers:
        return tuple(jokers)
    return Variant.playable_cards(self, s, p)


def _void_plays_strongest(self, s, p):
    hand, lead, follow, jokers = _split(self, s, p)
    if lead is None or follow:
        return Variant.playable_cards(self, s, p)
    strength = self.rs(s).strength
    animals = [c for c in hand if COLOUR_OF[c] >= 0]
    if not animals:
        return hand
    top = max(strength[COLOUR_OF[c]] for c in animals)
    return tuple(c for c in hand if _joker(c) or strength[COLOUR_OF[c]] == top)


def _joker_only_void(self, s, p):
    hand, lead, follow, jokers = _split(self, s, p)
    if follow:
        return tuple(follow)
    return hand


def _joker_never_leads(self, s, p):
    hand = s.hands[p]
    if not s.trick and any(not _joker(c) for c in hand):
        return tuple(c for c in hand if not _joker(c))
    return Variant.playable_cards(self, s, p)


def misreadings() -> list:
    return [
        mis("ops.clockwise.counter-clockwise", "OPS-CLOCKWISE",
            "the turn passes counter-clockwise within a trick (to the right of the starter)", "order",
            to_move=_counter_clockwise),
        mis("ops.lead.latest-card", "OPS-LEAD",
            "the lead colour is the colour of the latest card played, not of the first", "order", lead=_lead_latest),
        mis("ops.lead.winning-card", "OPS-LEAD",
            "the lead colour is the colour of the card winning the trick so far", "condition", lead=_lead_winning),
        mis("ops.follow.optional", "OPS-FOLLOW-SUIT",
            "a player holding the lead colour need not follow it (any card may be played)", "condition",
            playable_cards=_free),
        mis("ops.follow.must-beat", "OPS-FOLLOW-SUIT",
            "a player following the lead colour must play a higher card of it when they can", "condition",
            playable_cards=_must_beat),
        mis("ops.discard.joker-first", "OPS-DISCARD-FREE",
            "a player without the lead colour must play a joker when they hold one", "condition",
            playable_cards=_void_plays_joker),
        mis("ops.discard.strongest-colour", "OPS-DISCARD-FREE",
            "a player without the lead colour must play their strongest colour", "condition",
            playable_cards=_void_plays_strongest),
        mis("ops.joker.only-when-void", "OPS-JOKER-ANYTIME",
            "a joker may be played only by a player without the lead colour", "condition",
            playable_cards=_joker_only_void),
        mis("ops.joker.never-leads", "OPS-JOKER-ANYTIME",
            "a joker may not lead a trick (unless the hand holds only jokers)", "condition",
            playable_cards=_joker_never_leads),
        mis("ops.joker-lead.no-colour", "OPS-JOKER-LEAD",
            "a trick led by a joker has no lead colour: every later card is free", "condition",
            lead=_lead_none_after_joker),
        mis("ops.joker-lead.one-card-late", "OPS-JOKER-LEAD",
            "after a joker lead the lead colour is set one card late (by the third card)", "timing",
            lead=_lead_late_after_joker),
        mis("ops.new-lead.once", "OPS-RULE-NEW-LEAD-COLOUR",
            "under 'not following makes a new colour' the lead colour changes only once per trick", "quantifier",
            lead=_lead_changes_once),
    ]
