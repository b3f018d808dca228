"""Play log sentences and what one player may see (DNP-HIDDEN-HAND, DNP-KEEP-ORIENTATION).

Cards are written with the active value first: ``3/7`` shows 3, ``7/3`` is the same card
turned and shows 7.
"""

from __future__ import annotations

from engine.dnup.codec import to_json
from engine.dnup.state import CHANCE, State


def _card(g, cid: str, hand) -> str:
    i = g.id_index.get(cid)
    if i is None:
        return str(cid)
    oc = 2 * i + 1 if (2 * i + 1) in hand else 2 * i
    return g.deck.notation(oc)


def _where(g, owner, area) -> str:
    return f"player {owner}" + (f" (area {area})" if g.areas == 2 else "")


def describe_action(s: State, action: dict) -> str:
    g = s.g
    if not isinstance(action, dict):
        return repr(action)
    t = action.get("type")
    p = action.get("player")
    if t == "chance":
        return f"round {s.round}: the cards are dealt"
    hand = s.hands[p] if isinstance(p, int) and 0 <= p < g.players else ()
    try:
        if t == "play":
            cards = [_card(g, c, hand) for c in action["cards"]]
            return f"player {p} plays a set of {len(cards)}: {', '.join(cards)}"
        if t == "add":
            return f"player {p} adds {_card(g, action['card'], hand)} to the set of {_where(g, action['owner'], action['area'])}"
        if t == "take":
            return f"player {p} takes the set of {_where(g, action['owner'], action['area'])} and flips it"
        if t == "flip":
            return f"player {p} flips their whole hand (dnup!)"
    except (KeyError, TypeError):
        pass
    return repr(action)


def describe_events(before: State, action: dict, after: State) -> list[str]:
    g = before.g
    ev: list[str] = []
    if before.to_move == CHANCE:
        if after.start >= 0:
            ev.append(f"player {after.start} holds the start card and starts round {after.round}")
        return ev
    p = before.to_move
    if after.to_move != CHANCE:
        ev += _set_events(g, before, action, after, p)
    for q in range(g.players):
        gain = after.tokens[q] - before.tokens[q]
        if g.areas == 2 and after.wins[q] > before.wins[q]:
            ev.append(f"player {q} is out first and wins round {before.round} (rounds won: {after.wins[q]})")
        elif gain:
            place = "first" if not before.out else "second"
            ev.append(f"player {q} is out {place} and gets {gain} letter(s) (now {after.tokens[q]})")
    if after.to_move == CHANCE:
        ev.append(f"round {before.round} ends; letters {list(after.tokens)}" if g.areas == 1
                  else f"round {before.round} ends; rounds won {list(after.wins)}")
    if after.result is not None:
        r = after.result
        if r.get("winner") is None:
            ev.append(f"the game stops unfinished after {after.turn} turns (turn cap)")
        else:
            ev.append(f"player {r['winner']} wins the game ({r['reason']})")
    return ev


def _set_events(g, before: State, action: dict, after: State, p: int) -> list[str]:
    """Sets that left the table: beaten and returned flipped, removed, or discarded at turn start."""
    ev = []
    t = action.get("type")
    added = None
    if t == "add":
        i = g.id_index.get(action.get("card"))
        added = next((c for c in before.hands[p] if i is not None and c >> 1 == i), None)
    for slot, cs in enumerate(before.sets):
        now = after.sets[slot]
        if not cs or now and set(now) >= set(cs):
            continue
        owner, area = g.owner(slot), g.area_of(slot)
        if t in ("take", "add") and (action.get("owner"), action.get("area")) == (owner, area):
            if t == "take":
                continue
            cs = tuple(sorted(cs + (added,))) if added is not None else cs
        names = ", ".join(g.deck.notation(c) for c in cs)
        if owner in before.out:
            why = ("every other player has had a turn" if before.leaving and before.leaving[1] == 1
                   else "it was beaten")
            ev.append(f"the set of player {owner}, who is out, ({names}) is removed: {why}")
        elif {c ^ 1 for c in cs} <= set(after.hands[owner]) and (owner != p or g.areas == 2):
            whose = f"player {p}'s own set in area {area}" if owner == p else f"the set of {_where(g, owner, area)}"
            ev.append(f"{whose} ({names}) is beaten and goes back to their hand, flipped")
        else:
            ev.append(f"{_where(g, owner, area)} discards their set ({names}) at the start of their turn")
    return ev


def observation(s: State, player: int) -> dict:
    """The state as ``player`` sees it: other hands are hidden (only their size shows), own
    cards keep their orientation; the discard pile is face down (only its size shows)."""
    obj = to_json(s)
    obj["observer"] = player
    obj["hand_sizes"] = [len(h) for h in obj["hands"]]
    obj["hands"] = [h if p == player else None for p, h in enumerate(obj["hands"])]
    obj["discard_size"] = len(obj.pop("discard"))
    if obj["chance"] is not None:
        obj["chance"] = {"event": obj["chance"]["event"]}
    return obj


def describe_state(s: State) -> str:
    """A short position text for witnesses: whose turn, the sets per area, the mover's hand,
    the other hands' sizes, letters (or rounds won with 2 players). Cards as ``active/other``."""
    g = s.g
    note = g.deck.notation
    head = f"round {s.round}, turn {s.turn}: "
    if s.to_move == CHANCE:
        head += "the deal is pending"
    elif s.to_move < 0:
        head += f"game over {s.result}"
    else:
        head += f"player {s.to_move} to move" + (f" (area {s.area})" if g.areas == 2 else "")
    sets = [f"{_where(g, g.owner(slot), g.area_of(slot))}: {' '.join(note(c) for c in cs)}"
            for slot, cs in enumerate(s.sets) if cs]
    parts = [head, "sets " + ("; ".join(sets) if sets else "none")]
    if s.to_move >= 0:
        parts.append(f"hand of player {s.to_move}: " + (" ".join(note(c) for c in s.hands[s.to_move]) or "empty"))
    parts.append("hand sizes " + str([len(h) for h in s.hands]))
    parts.append(("rounds won " + str(list(s.wins))) if g.areas == 2 else ("letters " + str(list(s.tokens))))
    if s.out:
        parts.append("out " + str(list(s.out)) + (f" (set stays {s.leaving[1]} more turn(s))" if s.leaving else ""))
    return "; ".join(parts)
