"""One Opsnorren round as a transition system over hands, for ``ops.round-terminates``.

Independent of the trick model: a hand is a set of cards (a Bool per card of
``spec.card_names()``: the 44 animal cards, then the 3 jokers). The deal gives pairwise
disjoint hands of the sizes in OPS-DEAL-TABLE, animal cards and jokers counted apart
(OPS-DEAL-THREE, OPS-DEAL-FIVE, OPS-NO-JOKERS-EVEN); ``pass-three`` (OPS-RULE-PASS-THREE)
moves three chosen cards of every hand to the player on the left; a trick
(OPS-ROUND-TRICKS) takes one card from every player who still holds one. Any card of the
hand over-approximates the legal plays (that the legal set is never empty is
``ops.follow-suit-legal-set``).

Three queries per player count: the full deal is possible (sat: the deck holds enough
cards, else every claim would be vacuous); for a player and the player on their right
(players are interchangeable up to their team, which stays symbolic), the hand counted
card by card after the deal and the pass has the table's size; from those sizes, the
trick transition ends the round after exactly that many tricks with nobody stuck.

The hooks ``received`` and ``deal_row`` exist for the mutants (``proofs.opsnorren.mutants``).
"""

from __future__ import annotations

import z3

from proofs.opsnorren import spec as S

#: cards a player receives when three are passed (the rule: the three the right neighbour gave)
received = 3


def deal_row(n: int) -> dict:
    """The deal table's row for ``n`` players (a hook: the mutants misread it)."""
    return S.deal_table()[n]


def count(xs) -> z3.ArithRef:
    return z3.Sum([z3.If(x, 1, 0) for x in xs])


def _deal(s: z3.Solver, n: int, players: int, tag: str) -> list[list]:
    """``players`` disjoint hands as dealt for ``n`` players (each with a symbolic team)."""
    N = len(S.card_names())
    jokers = set(range(N - len(S.jokers()), N))
    row = deal_row(n)
    small_animals = row["small_animals"] if row["small_animals"] is not None else row["cards"]
    hands = []
    for p in range(players):
        small = z3.Bool(f"{tag}_small{p}")
        hand = [z3.Bool(f"{tag}_h{p}_{k}") for k in range(N)]
        s.add(count([hand[k] for k in range(N) if k not in jokers]) == z3.If(small, small_animals, row["cards"]))
        s.add(count([hand[k] for k in jokers]) == z3.If(small, row["small_jokers"], 0))
        hands.append((small, hand))
    for k in range(N):  # a card is dealt to one player at most
        s.add(z3.AtMost(*[h[k] for _, h in hands], 1))
    return hands


def deal_possible(n: int, tag: str = "dp") -> z3.Solver:
    """A solver whose assertions are the whole deal for ``n`` players with the table's team sizes."""
    s = z3.Solver()
    hands = _deal(s, n, n, tag)
    s.add(count([small for small, _ in hands]) == deal_row(n)["teams"][0])
    return s


def hand_after_pass(n: int, passing: bool, tag: str = "hp"):
    """(solver, size of a player's hand before the first trick counted card by card, cards in
    two places). The player (index 1) and the player on their right (index 0) are dealt; with
    ``passing`` both give three chosen cards of their hand to the left."""
    N = len(S.card_names())
    s = z3.Solver()
    (_, right), (_, me) = _deal(s, n, 2, tag)
    if not passing:
        return s, count(me), []
    give_r = [z3.Bool(f"{tag}_gr{k}") for k in range(N)]
    give_me = [z3.Bool(f"{tag}_gm{k}") for k in range(N)]
    arrive = [z3.Bool(f"{tag}_a{k}") for k in range(N)]
    for give, hand in ((give_r, right), (give_me, me)):
        s.add(count(give) == 3, *[z3.Implies(give[k], hand[k]) for k in range(N)])
    # what arrives is what the player on the right gave (the mutant loses some on the way)
    s.add(*[z3.Implies(arrive[k], give_r[k]) for k in range(N)], count(arrive) == received)
    kept = [z3.And(me[k], z3.Not(give_me[k])) for k in range(N)]
    overlap = [z3.And(kept[k], arrive[k]) for k in range(N)]
    # the hand after the pass is kept + arrived; counted as two sums, sound because no card is in both
    return s, count(me) - count(give_me) + count(arrive), overlap


def tricks(n: int, size0: list):
    """Hand sizes before each trick, from ``size0``: a trick takes one card from every player
    who holds one, while anyone holds one (OPS-ROUND-TRICKS), unrolled to the dealt count + 1."""
    sizes = [list(size0)]
    for _ in range(deal_row(n)["cards"] + 1):
        cur = sizes[-1]
        go = z3.Or(*[c > 0 for c in cur])
        sizes.append([z3.If(z3.And(go, c > 0), c - 1, c) for c in cur])
    return sizes


def termination_claim(sizes, dealt: int):
    """Tricks are played exactly while t < dealt (someone holds a card); at no trick is a
    player without a card while another still holds one; after ``dealt`` tricks every hand
    is empty."""
    parts = []
    for t in range(len(sizes) - 1):
        go = z3.Or(*[c > 0 for c in sizes[t]])
        parts.append(go == (t < dealt))
        parts.append(z3.Implies(go, z3.And(*[c > 0 for c in sizes[t]])))
    parts += [c == 0 for c in sizes[dealt]]
    return z3.And(*parts)
