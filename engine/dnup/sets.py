"""Sets on the table and the same-size rule (DNP-SET, DNP-A-HIGHER, DNP-A-RETURN, DNP-B-CONFLICT,
DNP-FAQ-CONFLICT, DNP-TWO-CONFLICT-OWN).

A set is one or more cards with the same active value; its value is that active value
and its size the number of cards (DNP-SET). Two sets *conflict* when they have the same
size. Every set on the table takes part, including, with 2 players, one's own set in the
other area (DNP-TWO-CONFLICT-OWN); the mover's set of the current area was discarded at
the start of the turn (DNP-DISCARD-OWN-SET), so it never takes part.

- Action A (DNP-A-HIGHER): a new set must be higher than every set of its size; each of
  those goes back to its owner's hand, flipped (DNP-A-RETURN).
- Action B, choice ``dnup.add-conflict``:
  ``illegal`` (default, official FAQ): the extended set must be higher than every other
  set of its new size, else the addition is illegal; the lower sets go back flipped.
  ``consequence`` (seed line 26 read literally): the addition is always allowed; if the
  extended set is lower than another set of its size, the extended set goes back to its
  owner; otherwise every lower set of that size goes back; a set of equal value is
  neither higher nor lower, so nobody takes back anything and both sets stay (the only
  way two sets of equal size lie on the table).
"""

from __future__ import annotations

from engine.dnup.state import Game


def table(g: Game, sets: tuple) -> list[tuple[int, int, int]]:
    """(slot, size, value) of every set on the table."""
    val = g.val
    return [(slot, len(cs), val[cs[0]]) for slot, cs in enumerate(sets) if cs]


def same_size(g: Game, sets: tuple, size: int, skip: int) -> list[tuple[int, int]]:
    """(slot, value) of the sets of ``size`` on the table, other than slot ``skip``."""
    val = g.val
    return [(slot, val[cs[0]]) for slot, cs in enumerate(sets) if len(cs) == size and slot != skip]


def flipped(cards: tuple[int, ...]) -> tuple[int, ...]:
    """Every card turned 180 degrees: active and inactive value swap (DNP-ACTION-C, DNP-ACTION-D)."""
    return tuple(sorted([c ^ 1 for c in cards]))


def merge(hand: tuple[int, ...], cards: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sorted(hand + cards))


def remove(hand: tuple[int, ...], cards) -> tuple[int, ...]:
    """``hand`` without ``cards`` (the cards it does not hold are ignored)."""
    if len(cards) == 1 and cards[0] in hand:
        i = hand.index(cards[0])
        return hand[:i] + hand[i + 1:]
    gone = set(cards)
    return tuple([c for c in hand if c not in gone])


def play_losers(rules, g: Game, sets: tuple, slot: int, size: int, value: int) -> list[int] | None:
    """Action A (DNP-A-HIGHER): ``None`` when the new set may not be played, else the slots
    of the sets it beats (they go back to their owners, DNP-A-RETURN)."""
    losers = []
    for other, w in same_size(g, sets, size, slot):
        if not rules.beats(value, w):
            return None
        losers.append(other)
    return losers


def add_losers(rules, g: Game, sets: tuple, target: int, size: int, value: int) -> list[int] | None:
    """Action B (DNP-B-CONFLICT): ``None`` when the addition is illegal, else the slots of the
    sets that go back to their owners once the set in ``target`` has ``size`` cards."""
    others = same_size(g, sets, size, target)
    if not g.consequence:
        losers = []
        for other, w in others:
            if not rules.beats(value, w):
                return None
            losers.append(other)
        return losers
    if any(rules.beats(w, value) for _, w in others):
        return [target]
    return [other for other, w in others if rules.beats(value, w)]


def why_not_higher(g: Game, sets: tuple, slot: int, size: int, value: int, ids) -> str:
    """The sentence an IllegalActionError gives for a set that is not higher."""
    for other, w in same_size(g, sets, size, slot):
        if w >= value:
            owner, area = g.owner(other), g.area_of(other)
            where = f"player {owner}" + (f" (area {area})" if g.areas == 2 else "")
            return (f"{where} already has a set of size {size} with value {w}; a set of the same size must have a "
                    f"higher value, and {value} is not higher than {w}")
    return "the set is not higher than every set of its size"
