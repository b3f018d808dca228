"""Opsnorren notation (docs/protocol.md, "Notation"): the three cards of a pass in any order."""

from __future__ import annotations

from engine.opsnorren.cards import CARD_ID


def canonical_action(action):
    """A ``pass`` action with its cards in card order (OPS-RULE-PASS-THREE passes a set of three)."""
    if isinstance(action, dict) and action.get("type") == "pass":
        cards = action.get("cards")
        if isinstance(cards, list) and all(isinstance(c, str) and c in CARD_ID for c in cards):
            ordered = sorted(cards, key=CARD_ID.__getitem__)
            if ordered != cards:
                return {**action, "cards": ordered}
    return action
