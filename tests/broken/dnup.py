"""Deliberately broken Dnup engines: each breaks exactly one named rule of the reference.

``BROKEN`` maps each factory name to the clause the conformance suite must report as
failing (tests/test_broken_engines.py). Factories follow ``--rulecheck-engine
py:tests.broken.dnup:make_<name>``: ``make_<name>(game, choices)``.
"""

from __future__ import annotations

from engine.dnup import DnupEngine
from engine.dnup.sets import flipped
from engine.dnup.state import State


class EqualSetAllowed(DnupEngine):
    """Lets a set of equal value beat a set of the same size (breaks DNP-A-HIGHER)."""

    name = "broken-equal-set-allowed"

    def beats(self, value, other):
        return value >= other


class TakeWithoutFlip(DnupEngine):
    """Takes another player's set into the hand without turning the cards (breaks DNP-ACTION-C)."""

    name = "broken-take-without-flip"

    def taken_cards(self, cards):
        return tuple(sorted(cards))


class ForgetsOwnSet(DnupEngine):
    """Never discards the mover's own set at the start of the turn (breaks DNP-DISCARD-OWN-SET)."""

    name = "broken-forgets-own-set"

    def enter_turn(self, g, sets, player, area):
        return None


class ReturnedNotFlipped(DnupEngine):
    """Sends a beaten set back to its owner without turning the cards (breaks DNP-A-RETURN)."""

    name = "broken-returned-not-flipped"

    def returned_cards(self, cards):
        return tuple(sorted(cards))


class SecondOutTwoLetters(DnupEngine):
    """Gives the second player out 2 letters instead of 1 (breaks DNP-SECOND-OUT)."""

    name = "broken-second-out-two-letters"
    TOKENS = (2, 2)


class FirstOutOneLetter(DnupEngine):
    """Gives the first player out 1 letter instead of 2 (breaks DNP-FIRST-OUT)."""

    name = "broken-first-out-one-letter"
    TOKENS = (1, 1)


class SeatZeroStarts(DnupEngine):
    """Player 0 starts every round, whoever holds the start card (breaks DNP-START-PLAYER)."""

    name = "broken-seat-zero-starts"

    def start_player(self, g, hands):
        return 0


class DnupKeepsOneCard(DnupEngine):
    """A dnup turns every card but the first one (breaks DNP-ACTION-D)."""

    name = "broken-dnup-keeps-one-card"

    def flip_hand(self, hand):
        if len(hand) < 2:
            return flipped(hand)
        return tuple(sorted(hand[:1] + flipped(hand[1:])))


class FirstOutSetRemovedAtOnce(DnupEngine):
    """Removes the first player out's set at once instead of after the others' turns
    (breaks DNP-FIRST-OUT-CARDS-STAY)."""

    name = "broken-first-out-set-removed-at-once"

    def apply(self, state, action):
        after = super().apply(state, action)
        if isinstance(after, State) and after.leaving is not None and state.leaving is None:
            who = after.leaving[0]
            sets = list(after.sets)
            sets[after.g.slot(who, 1)] = ()
            after = after.replace(sets=tuple(sets), leaving=None)
        return after


class SeedReadingUndeclared(DnupEngine):
    """Plays action B by the seed's reading (an equal or lower extension is allowed) while
    declaring the FAQ reading (breaks DNP-B-CONFLICT)."""

    name = "broken-seed-reading-undeclared"

    def __init__(self, choices=None):
        super().__init__(choices)
        self.consequence = True


BROKEN = {
    "equal_set_allowed": (EqualSetAllowed, "DNP-A-HIGHER"),
    "take_without_flip": (TakeWithoutFlip, "DNP-ACTION-C"),
    "forgets_own_set": (ForgetsOwnSet, "DNP-DISCARD-OWN-SET"),
    "returned_not_flipped": (ReturnedNotFlipped, "DNP-A-RETURN"),
    "second_out_two_letters": (SecondOutTwoLetters, "DNP-SECOND-OUT"),
    "first_out_one_letter": (FirstOutOneLetter, "DNP-FIRST-OUT"),
    "seat_zero_starts": (SeatZeroStarts, "DNP-START-PLAYER"),
    "dnup_keeps_one_card": (DnupKeepsOneCard, "DNP-ACTION-D"),
    "first_out_set_removed_at_once": (FirstOutSetRemovedAtOnce, "DNP-FIRST-OUT-CARDS-STAY"),
    "seed_reading_undeclared": (SeedReadingUndeclared, "DNP-B-CONFLICT"),
}


def _factory(cls):
    def make(game="dnup", choices=None):
        if game != "dnup":
            raise ValueError(f"{cls.__name__} is a broken Dnup engine, not a {game} engine")
        return cls(choices)

    make.__doc__ = cls.__doc__
    return make


make_equal_set_allowed = _factory(EqualSetAllowed)
make_take_without_flip = _factory(TakeWithoutFlip)
make_forgets_own_set = _factory(ForgetsOwnSet)
make_returned_not_flipped = _factory(ReturnedNotFlipped)
make_second_out_two_letters = _factory(SecondOutTwoLetters)
make_first_out_one_letter = _factory(FirstOutOneLetter)
make_seat_zero_starts = _factory(SeatZeroStarts)
make_dnup_keeps_one_card = _factory(DnupKeepsOneCard)
make_first_out_set_removed_at_once = _factory(FirstOutSetRemovedAtOnce)
make_seed_reading_undeclared = _factory(SeedReadingUndeclared)
