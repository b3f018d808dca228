"""Sorry! notation (docs/protocol.md, "Notation"): the two orders of a split 7 whose parts are
independent (both orders legal, the same position) are one action."""

from __future__ import annotations


def action_variants(action) -> list:
    """The other order of a split 7 (SRY-CARD-7): the same action when it leads to the same state."""
    if isinstance(action, dict) and action.get("type") == "move" and action.get("card") == "7":
        moves = action.get("moves")
        if isinstance(moves, list) and len(moves) == 2:
            return [{**action, "moves": moves[::-1]}]
    return []
