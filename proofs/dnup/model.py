"""A second reading of one Dnup action, written from ``specs/dnup/`` (never from ``engine/``).

A *table* (``Table``): ``K`` cards, each with two values (``values[k] = (v0, v1)``, concrete
from specs/dnup/deck.json or symbolic: then the theorems hold for any deck), and per card a
place and an orientation:

- ``loc[k]``: ``p`` (0 .. P-1) in player p's hand, ``P + slot`` in the set of ``slot``, or
  ``DISCARD`` (-1); slot ``p * areas + a - 1`` is player p's area a (one area with 3-5
  players, two in the 2-player variant, DNP-TWO-SETUP);
- ``flip[k]``: the card is turned, so ``v1`` is active (DNP-SET: the active value).

One action of player ``p`` in area ``area`` (their own set there was discarded as the turn
began, DNP-DISCARD-OWN-SET), in model notation:

- ``("A", chosen)``     play the chosen cards (a list of K booleans) as a set (DNP-ACTION-A)
- ``("B", chosen, t)``  add the one chosen card to the set in slot t (DNP-ACTION-B)
- ``("C", t)``          take the set in slot t, flipping it (DNP-ACTION-C)
- ``("D",)``            flip the whole hand (DNP-ACTION-D)

``step`` gives (legal, new loc, new flip) under a reading of ``dnup.add-conflict``; every
function works on Z3 terms and Python values alike (``ops``).
"""

from __future__ import annotations

from dataclasses import dataclass

import specs

from proofs.ops import And, If, Implies, Not, Or, Sum, b2i

DISCARD = -1


@dataclass
class Rules:
    add_conflict: str = "illegal"  # dnup.add-conflict: illegal | consequence
    # --- hooks for the deliberately wrong encodings in tests ---
    #: flip the cards of a taken set (DNP-ACTION-C: yes)
    take_flips: bool = True
    #: a returned set goes back to its owner's hand (False: it is lost)
    returns_to_owner: bool = True
    #: may a set of equal value beat one of the same size (DNP-A-HIGHER: no, strictly higher)
    equal_beats: bool = False
    #: does a set played with A send the beaten sets of its size back (DNP-A-RETURN: yes)
    a_returns: bool = True

    @classmethod
    def from_choices(cls, choices: dict | None = None, **kw) -> "Rules":
        return cls(add_conflict=specs.resolve_choices("dnup", choices)["dnup.add-conflict"], **kw)

    def beats(self, v, w):
        return v >= w if self.equal_beats else v > w


@dataclass
class Table:
    players: int
    areas: int
    values: list  # (v0, v1) per card
    loc: list
    flip: list
    out: list  # bool per player: out of the round (a beaten set of theirs is discarded, DNP-FIRST-OUT-BEATEN)

    @property
    def K(self) -> int:
        return len(self.values)

    @property
    def slots(self) -> int:
        return self.players * self.areas

    def slot(self, p: int, area: int) -> int:
        return p * self.areas + area - 1

    def owner(self, s: int) -> int:
        return s // self.areas

    def active(self, k):
        v0, v1 = self.values[k]
        return If(self.flip[k], v1, v0)

    def in_set(self, k, s):
        return self.loc[k] == self.players + s

    def size(self, s):
        return Sum(b2i(self.in_set(k, s)) for k in range(self.K))

    def value(self, s):
        """The active value of the set in slot s (of its first card; 0 when empty)."""
        out = 0
        for k in reversed(range(self.K)):
            out = If(self.in_set(k, s), self.active(k), out)
        return out

    def hand(self, p):
        return [self.loc[k] == p for k in range(self.K)]


def one_value(T: Table, s):
    """Every card of the set in slot s shows the same active value (DNP-SET)."""
    v = T.value(s)
    return And(*[Implies(T.in_set(k, s), T.active(k) == v) for k in range(T.K)])


def same_size_rule(R: Rules, T: Table):
    """The same-size rule of the reading, as a property of a table: ``illegal`` (FAQ): no two
    sets share a size; ``consequence`` (seed line 26): sets that share a size share their value
    (equal values are the only way two sets of a size both stay)."""
    return And(*[same_size_pair(R, T, s, u) for s in range(T.slots) for u in range(s + 1, T.slots)])


def same_size_pair(R: Rules, T: Table, s: int, u: int):
    """The same-size rule of the reading for the sets in slots s and u."""
    both = And(T.size(s) >= 1, T.size(s) == T.size(u))
    if R.add_conflict == "illegal":
        return Not(both)
    return Implies(both, T.value(s) == T.value(u))


def wellformed(R: Rules, T: Table, p: int, area: int):
    """A table a round can show with player p to move in ``area``: every card somewhere,
    every set one active value, p's set of this area discarded, the same-size rule."""
    parts = [Or(T.loc[k] == DISCARD, And(T.loc[k] >= 0, T.loc[k] < T.players + T.slots)) for k in range(T.K)]
    parts += [one_value(T, s) for s in range(T.slots)]
    parts.append(T.size(T.slot(p, area)) == 0)
    parts.append(Not(T.out[p]))
    parts.append(same_size_rule(R, T))
    return And(*parts)


def _send_back(R: Rules, T: Table, loc: list, flip: list, losers: dict) -> tuple[list, list]:
    """The sets in slots where ``losers[s]`` holds go back to their owner's hand, every card
    flipped (DNP-A-RETURN, DNP-B-CONFLICT); the set of a player who is out is discarded
    (DNP-FIRST-OUT-BEATEN). ``loc``/``flip``: the table after the action's own move."""
    loc, flip = list(loc), list(flip)
    for s, lose in losers.items():
        if lose is False:
            continue
        owner = T.owner(s)
        dest = If(T.out[owner], DISCARD, owner) if R.returns_to_owner else DISCARD
        for k in range(T.K):
            hit = And(lose, loc[k] == T.players + s)
            flip[k] = If(And(hit, Not(T.out[owner]), R.returns_to_owner), Not(flip[k]), flip[k])
            loc[k] = If(hit, dest, loc[k])
    return loc, flip


def step(R: Rules, T: Table, p: int, area: int, action: tuple):
    """(legal, new loc, new flip) of ``action`` by player p in ``area``."""
    kind = action[0]
    P = T.players
    own = T.slot(p, area)
    hand = T.hand(p)
    if kind == "D":  # DNP-ACTION-D: a dnup turns every card in the hand
        return True, list(T.loc), [If(hand[k], Not(T.flip[k]), T.flip[k]) for k in range(T.K)]
    if kind == "C":  # DNP-ACTION-C: take another player's set, flipping every card
        t = action[1]
        legal = And(T.owner(t) != p, T.size(t) >= 1)
        loc = [If(T.in_set(k, t), p, T.loc[k]) for k in range(T.K)]
        flip = [If(And(T.in_set(k, t), R.take_flips), Not(T.flip[k]), T.flip[k]) for k in range(T.K)]
        return legal, loc, flip
    chosen = action[1]
    n = Sum(b2i(x) for x in chosen)
    v = 0  # the active value of the chosen cards (of the first chosen one)
    for k in reversed(range(T.K)):
        v = If(chosen[k], T.active(k), v)
    same = And(*[Implies(chosen[k], And(hand[k], T.active(k) == v)) for k in range(T.K)])
    if kind == "A":  # DNP-ACTION-A, DNP-A-ANY-COUNT, DNP-A-HIGHER, DNP-A-RETURN
        others = [s for s in range(T.slots) if s != own]
        conflict = {s: T.size(s) == n for s in others}
        legal = And(n >= 1, same, *[Implies(conflict[s], R.beats(v, T.value(s))) for s in others])
        loc = [If(chosen[k], P + own, T.loc[k]) for k in range(T.K)]
        if not R.a_returns:
            return legal, loc, list(T.flip)
        loc, flip = _send_back(R, T, loc, list(T.flip), conflict)
        return legal, loc, flip
    if kind == "B":  # DNP-ACTION-B, DNP-B-CONFLICT (choice dnup.add-conflict)
        t = action[2]
        w = T.value(t)
        n1 = T.size(t) + 1
        legal = And(n == 1, same, T.owner(t) != p, T.size(t) >= 1, v == w)
        others = [s for s in range(T.slots) if s != t]
        conflict = {s: T.size(s) == n1 for s in others}
        loc = [If(chosen[k], P + t, T.loc[k]) for k in range(T.K)]
        if R.add_conflict == "illegal":
            legal = And(legal, *[Implies(conflict[s], R.beats(v, T.value(s))) for s in others])
            losers = conflict
        else:
            higher = Or(*[And(conflict[s], R.beats(T.value(s), v)) for s in others])
            losers = {s: And(Not(higher), conflict[s], R.beats(v, T.value(s))) for s in others}
            losers[t] = higher
        loc, flip = _send_back(R, T, loc, list(T.flip), losers)
        return legal, loc, flip
    raise ValueError(f"unknown model action {action!r}")


def deck_cards(players: int) -> tuple[list[str], list[tuple[int, int]]]:
    """(ids, value pairs) of the cards in play with ``players`` players, from deck.json."""
    cards = specs.load("dnup").param("deck")["cards"]
    gone = {"star4"} if players == 4 else {"star4", "star6"} if players <= 3 else set()
    cs = sorted((c for c in cards if c["mark"] not in gone), key=lambda c: c["id"])
    return [c["id"] for c in cs], [tuple(c["values"]) for c in cs]
