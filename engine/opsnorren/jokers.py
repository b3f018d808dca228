"""Resolving a full trick, with the jokers (OPS-DOVE, OPS-UNICORN, OPS-DOVE-BEFORE-UNICORN,
OPS-MONKEY, OPS-UNICORN-BEATS-TWO, OPS-ALL-DISCARDED-STARTER, OPS-WINNER-TAKES,
OPS-WINNER-LEADS).

Order of effects, our reading (choices named where the text is open):

1. OPS-RULE-EQUAL-DISCARDED: animal cards sharing a value are set aside first
   ("voordat je bepaalt wie de slag wint"); jokers have no value and stay
   (``ops.equal-values-jokers``); a discarded card has no effect.
2. The winner: the unicorn if present, else the best animal card (trick.py). No card
   left that can win: nobody wins (``ops.no-winner``); the starter leads next.
3. The dove (OPS-DOVE): every card of the trick is discarded, the winner still leads.
   With a unicorn the dove goes first (OPS-DOVE-BEFORE-UNICORN) and the unicorn's player
   leads, or the strongest animal card's (``ops.dove-unicorn-leader``). With a monkey:
   ``ops.dove-with-monkey``.
4. The monkey (OPS-MONKEY): its player picks one card of the trick for their own pile
   when their team does not take the trick; when it does, a pick changes nothing and is
   skipped, unless a card discarded for its value could be saved
   (``ops.monkey-discarded=any``); which cards: ``ops.monkey-pick``, ``ops.monkey-discarded``.
"""

from __future__ import annotations

from engine.opsnorren.cards import DOVE, MONKEY, UNICORN
from engine.opsnorren.trick import best_animal, equal_values


class Resolution:
    __slots__ = ("winner", "taker", "next_leader", "to_taker", "discard", "monkey", "candidates", "dove",
                 "equal_gone")

    def __repr__(self):
        return "Resolution(" + ", ".join(f"{k}={getattr(self, k)!r}" for k in self.__slots__) + ")"


def resolve(trick, leader: int, rs, choices, team_of, best=best_animal, equal=equal_values) -> Resolution:
    """What happens to a complete trick; ``monkey`` is set when a pick is pending.

    ``best`` picks the winning animal card (``trick.best_animal``) and ``equal`` splits off
    the equal values (``trick.equal_values``): a variant engine (``misreadings``) passes its own."""
    r = Resolution()
    if rs.equal_discarded:
        kept, gone = equal(trick, choices.joker_pairs_discarded)
        r.equal_gone = [c for _, c in gone]
    else:
        kept = list(trick)
        r.equal_gone = []
    kept_cards = [c for _, c in kept]
    winner = None
    monkey_player = None
    has_dove = False
    animals = kept
    if kept_cards and max(kept_cards) >= UNICORN:  # a joker is in the trick
        for p, c in kept:
            if c == UNICORN:
                winner = p  # OPS-UNICORN, OPS-UNICORN-BEATS-TWO
            elif c == MONKEY:
                monkey_player = p
            elif c == DOVE:
                has_dove = True
        if has_dove and not choices.unicorn_leads_after_dove:
            winner = None  # ops.dove-unicorn-leader=animal: the dove goes first, the unicorn wins nothing
        animals = [pc for pc in kept if pc[1] < UNICORN]
    if winner is None and animals:
        winner = animals[best(animals, rs, choices.leftmost_decides, choices.reversal_everywhere)][0]
    r.winner = winner
    r.dove = has_dove
    taker = winner
    if taker is None and choices.no_winner_starter:
        taker = leader  # ops.no-winner=starter
    r.next_leader = winner if winner is not None else leader  # OPS-WINNER-LEADS, OPS-ALL-DISCARDED-STARTER
    if has_dove:  # OPS-DOVE: nobody scores these cards
        taker = None
    r.taker = taker
    r.monkey = None
    r.candidates = ()
    if monkey_player is not None:
        if has_dove:
            pick = choices.monkey_first
        else:
            pick = taker is None or team_of[taker] != team_of[monkey_player]
        pool = kept_cards + (r.equal_gone if choices.monkey_any_discarded else [])
        if choices.monkey_pick == "not-self":
            pool = [c for c in pool if c != MONKEY]
        elif choices.monkey_pick == "animals":
            pool = [c for c in pool if c < 44]
        if not pick and not has_dove and any(c in r.equal_gone for c in pool):
            pick = True  # the own team takes the trick, but the monkey can still save a discarded card
        if pick:
            if pool:
                r.monkey = monkey_player
                r.candidates = tuple(sorted(pool))
    if taker is None:
        r.to_taker = ()
        r.discard = tuple(kept_cards) + tuple(r.equal_gone)
    else:
        r.to_taker = tuple(kept_cards)
        r.discard = tuple(r.equal_gone)
    return r


def after_pick(res: Resolution, card: int) -> tuple[tuple, tuple]:
    """(cards for the taker, cards discarded) once the monkey took ``card``."""
    to_taker = list(res.to_taker)
    discard = list(res.discard)
    if card in to_taker:
        to_taker.remove(card)
    else:
        discard.remove(card)
    return tuple(to_taker), tuple(discard)
