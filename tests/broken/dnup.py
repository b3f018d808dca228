"""Deliberately broken Dnup engines: each of ``BROKEN`` breaks exactly one named rule of the reference.

``BROKEN`` maps each factory name to the clause the conformance suite must report as
failing (tests/test_broken_engines.py); ``BROKEN_MULTI`` maps each factory name to the two
or three clauses an engine with that many bugs breaks (tests/test_dnup_provenance.py).
Factories follow ``--rulecheck-engine py:tests.broken.dnup:make_<name>``:
``make_<name>(game, choices)``.
"""

from __future__ import annotations

from engine.dnup import DnupEngine
from engine.dnup.sets import flipped
from engine.dnup.state import CHANCE, State


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


# ---- engines with two or three bugs (issue 9): each bug must be reported under its own clause,
# and no other rule clause may fail.


class ForgetsEveryFlip(TakeWithoutFlip, ReturnedNotFlipped):
    """Forgets that cards picked up from the table are turned: a taken set (breaks DNP-ACTION-C)
    and a beaten set going back to its owner (breaks DNP-A-RETURN) join the hand unflipped."""

    name = "broken-forgets-every-flip"


class LettersMisread(DnupEngine):
    """Reads the letters wrong twice: the second player out gets 2 letters like the first
    (breaks DNP-SECOND-OUT), and "4 of meer" as "more than 4": 5 letters win (breaks DNP-GAME-END)."""

    name = "broken-letters-misread"
    TOKENS = (2, 2)

    def apply(self, state, action):
        after = super().apply(state, action)
        r = after.result if isinstance(after, State) else None
        if r and r.get("reason") == "letters" and after.tokens[r["winner"]] < 5:
            after = _go_on(state, after)
        return after


class TwoPlayerAsBaseGame(DnupEngine):
    """Plays the 2-player variant too much like the base game: the start player begins with
    both turns, area 1 first (breaks DNP-TWO-START), and the first player out of a round gets
    2 letters, 4 letters winning, instead of winning the round (breaks DNP-TWO-ROUND-WIN)."""

    name = "broken-two-player-as-base-game"

    def apply(self, state, action):
        after = super().apply(state, action)
        if not isinstance(after, State) or state.g.areas != 2:
            return after
        if state.to_move == CHANCE:
            return after.replace(area=1)
        gained = [w - v for w, v in zip(after.wins, state.wins)]
        if any(gained):
            tokens = tuple(t + 2 * d for t, d in zip(after.tokens, gained))
            r = after.result
            if r is not None and r.get("reason") == "rounds":
                r = {"winner": r["winner"], "reason": "letters"}
            after = after.replace(tokens=tokens, wins=state.wins, result=r)
        return after


class HastyTurns(SeatZeroStarts, ForgetsOwnSet, FirstOutSetRemovedAtOnce):
    """Gets three things wrong around a turn: player 0 starts every round (breaks
    DNP-START-PLAYER), a turn does not start by discarding one's own set (breaks
    DNP-DISCARD-OWN-SET), and the first player out's set leaves the table at once (breaks
    DNP-FIRST-OUT-CARDS-STAY)."""

    name = "broken-hasty-turns"


def _go_on(before: State, ended: State) -> State:
    """``ended`` without its result: the round goes on (the game was not won after all)."""
    from engine.dnup import round as R
    from engine.dnup.areas import next_turn

    g = ended.g
    capped = dict(R.UNFINISHED) if g.turn_cap is not None and ended.turn >= g.turn_cap else None
    if len(ended.out) >= 2 or capped:  # the second player out: a new round (or the turn cap)
        return R.new_round(ended, ended.tokens, ended.wins, ended.out, ended.turn, capped)
    sets = list(ended.sets)
    p, area = next_turn(g, before.to_move, before.area, ended.out)
    sets[g.slot(p, area)] = ()
    return ended.replace(sets=tuple(sets), to_move=p, area=area, result=None)


BROKEN_MULTI = {
    "forgets_every_flip": (ForgetsEveryFlip, ("DNP-ACTION-C", "DNP-A-RETURN")),
    "letters_misread": (LettersMisread, ("DNP-SECOND-OUT", "DNP-GAME-END")),
    "two_player_as_base_game": (TwoPlayerAsBaseGame, ("DNP-TWO-START", "DNP-TWO-ROUND-WIN")),
    "hasty_turns": (HastyTurns, ("DNP-START-PLAYER", "DNP-DISCARD-OWN-SET", "DNP-FIRST-OUT-CARDS-STAY")),
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
make_forgets_every_flip = _factory(ForgetsEveryFlip)
make_letters_misread = _factory(LettersMisread)
make_two_player_as_base_game = _factory(TwoPlayerAsBaseGame)
make_hasty_turns = _factory(HastyTurns)
