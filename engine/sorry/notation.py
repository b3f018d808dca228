"""Sorry! notation (docs/protocol.md, "Notation"): the two orders of a split 7 whose parts are
independent (both orders legal, the same position) are one action."""

from __future__ import annotations


def action_variants(action, order_possible=None) -> list:
    """The other order of a split 7 (SRY-CARD-7): the same action when it leads to the same state.
    ``order_possible(action)``, when given, says whether ``action``'s own order can be made (its
    first part not blocked, SRY-CARD-7: the moves are made in the order listed): an order the rules
    forbid is no spelling of the other, whatever state it would lead to."""
    if isinstance(action, dict) and action.get("type") == "move" and action.get("card") == "7":
        moves = action.get("moves")
        if isinstance(moves, list) and len(moves) == 2:
            if order_possible is not None and not order_possible(action):
                return []
            return [{**action, "moves": moves[::-1]}]
    return []
