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


# ---- engines the default exploration used to miss. ``kind`` says how each one breaks
# (illegal-accepted, legal-missing, rare, observation, caching); each docstring gives a reachable
# position where it differs from the reference.


class EmptyPlayIsPass(DnupEngine):
    """Accepts a play of no cards as a pass: the turn goes on without an action (breaks DNP-ONE-ACTION:
    exactly one of the four actions, there is no pass). Position: any turn, e.g. the start player's
    first turn after a deal; ``{"type": "play", "player": p, "cards": []}`` is accepted."""

    name = "broken-empty-play-is-pass"
    kind = "illegal-accepted"

    def apply(self, state, action):
        if (isinstance(state, State) and isinstance(action, dict) and action.get("type") == "play"
                and action.get("cards") == [] and set(action) == {"type", "player", "cards"}
                and action.get("player") == state.to_move and state.to_move >= 0):
            after = super().apply(state, {"type": "flip", "player": state.to_move})
            hands = list(after.hands)
            hands[state.to_move] = state.hands[state.to_move]  # nothing turned: a pass
            return after.replace(hands=tuple(hands))
        return super().apply(state, action)


class AddsByInactiveValue(DnupEngine):
    """Accepts an action B with a card whose inactive value is the set's value, turning it as it
    goes on (breaks DNP-ACTION-B: the card must have the set's value). Position: player 1 has a
    set showing 6, player 2 holds 2/6 showing 2: adding 2/6 is accepted."""

    name = "broken-adds-by-inactive-value"
    kind = "illegal-accepted"

    def apply(self, state, action):
        if isinstance(state, State) and isinstance(action, dict) and action.get("type") == "add":
            turned = _turned_to_fit(state, action)
            if turned is not None:
                return super().apply(turned, action)
        return super().apply(state, action)


class TakesOwnSet(DnupEngine):
    """With 2 players, accepts taking one's own set from the other area (breaks DNP-ACTION-C: C takes
    the set of another player). Position: player 0 played a set in area 2 and is to move in area 1;
    ``{"type": "take", "player": 0, "owner": 0, "area": 2}`` is accepted."""

    name = "broken-takes-own-set"
    kind = "illegal-accepted"

    def apply(self, state, action):
        if (isinstance(state, State) and isinstance(action, dict) and action.get("type") == "take"
                and set(action) == {"type", "player", "owner", "area"} and state.to_move >= 0
                and action.get("player") == state.to_move == action.get("owner") and action.get("area") in (1, 2)
                and state.g.areas == 2 and state.sets[state.g.slot(state.to_move, action["area"])]):
            from engine.dnup import turn as T

            return T.play(self, state, ("C", state.g.slot(state.to_move, action["area"])))
        return super().apply(state, action)


class PlaysCardsNotHeld(DnupEngine):
    """Accepts a play naming cards the player does not hold, taking them from wherever they are (a
    set on the table, another hand, the discard pile) (breaks DNP-ACTION-A: a set is played from
    one's own hand). Position: 2 players, player 0 played 5/8 in area 1 and is to move in area 2:
    ``play ["5/8"]`` is accepted again, lifting the card from the area-1 set."""

    name = "broken-plays-cards-not-held"
    kind = "illegal-accepted"

    def apply(self, state, action):
        if (isinstance(state, State) and isinstance(action, dict) and action.get("type") == "play"
                and state.to_move >= 0 and isinstance(action.get("cards"), list)):
            lifted = _lift(state, action["cards"])
            if lifted is not None:
                return super().apply(lifted, action)
        return super().apply(state, action)


class MixedSetAccepted(DnupEngine):
    """Accepts a set of cards with different active values, valued by its first card (breaks
    DNP-SET: a set is cards with one active value). Position: the start player holds 3/9 and 3/7
    (3 showing) and 4/8 (4 showing): ``play ["3/7", "4/8"]`` is accepted."""

    name = "broken-mixed-set-accepted"
    kind = "illegal-accepted"

    def apply(self, state, action):
        if (isinstance(state, State) and isinstance(action, dict) and action.get("type") == "play"
                and state.to_move >= 0 and isinstance(action.get("cards"), list) and len(action["cards"]) > 1):
            g, hand = state.g, state.hands[state.to_move]
            ocs = [oc for oc in hand if g.deck.ids[oc >> 1] in action["cards"]]
            canonical = [g.deck.ids[c >> 1] for c in sorted(ocs)] == action["cards"]  # sorted, each once
            if canonical and len({g.val[c] for c in ocs}) > 1:
                from engine.dnup import sets as S
                from engine.dnup import turn as T

                ocs = tuple(sorted(ocs))
                if S.play_losers(self, g, state.sets, g.slot(state.to_move, state.area), len(ocs),
                                 g.val[ocs[0]]) is not None:
                    return T.play(self, state, ("A", ocs))
        return super().apply(state, action)


class NoTakeFromAreaTwo(DnupEngine):
    """With 2 players, never lists taking the other player's set in area 2 (breaks DNP-ACTION-C: any
    set of another player may be taken); applying it still works. Position: player 0 starts a round
    with a set in area 2; player 1, to move, is not offered ``take owner 0 area 2``."""

    name = "broken-no-take-from-area-two"
    kind = "legal-missing"

    def legal_actions(self, state):
        return [a for a in super().legal_actions(state) if not (a["type"] == "take" and a["area"] == 2)]


class FirstOutSetNotTakeable(DnupEngine):
    """Never lists taking the first player out's set while it stays on the table (breaks
    DNP-FIRST-OUT-CARDS-STAY: it stays a set like any other). Position: 3 players, player 0 went out
    first with a set; player 1 is not offered ``take owner 0``."""

    name = "broken-first-out-set-not-takeable"
    kind = "legal-missing"

    def legal_actions(self, state):
        out = super().legal_actions(state)
        if state.leaving is None:
            return out
        who = state.leaving[0]
        return [a for a in out if not (a["type"] == "take" and a["owner"] == who)]


class NoDnupWithOneCard(DnupEngine):
    """Does not list a dnup when the hand holds a single card (breaks DNP-ACTION-D: a dnup is always
    possible). Position: the player to move holds one card, e.g. late in a round."""

    name = "broken-no-dnup-with-one-card"
    kind = "legal-missing"

    def legal_actions(self, state):
        out = super().legal_actions(state)
        if state.to_move >= 0 and len(state.hands[state.to_move]) == 1:
            return [a for a in out if a["type"] != "flip"]
        return out


class BeatenFirstOutTakesBack(DnupEngine):
    """Sends the first player out's beaten set back to their hand, turned, like any beaten set
    (breaks DNP-FIRST-OUT-BEATEN: it is simply discarded). Rare: position
    ``harness/games/dnup/situations.py`` first-out-beaten-by-add (player 2's addition of 6/10 makes four 6s
    over player 0's four 5s)."""

    name = "broken-beaten-first-out-takes-back"
    kind = "rare"

    def apply(self, state, action):
        after = super().apply(state, action)
        if not isinstance(state, State) or state.leaving is None or state.to_move < 0 or after.to_move < 0:
            return after
        g, who = state.g, state.leaving[0]
        slot = g.slot(who, 1)
        size = len(state.sets[slot])
        t = action.get("type")
        beaten = (t == "play" and len(action["cards"]) == size
                  or t == "add" and len(state.sets[g.slot(action["owner"], action["area"])]) + 1 == size)
        if beaten and size and not after.sets[slot]:
            hands = list(after.hands)
            hands[who] = tuple(sorted(hands[who] + flipped(state.sets[slot])))
            after = after.replace(hands=tuple(hands))
        return after


class AddIgnoresOwnOtherArea(DnupEngine):
    """With 2 players, an action B compares the extended set only with the other player's sets, not
    with its owner's set in the other area (breaks DNP-TWO-CONFLICT-OWN). Rare: position
    ``harness/games/dnup/situations.py`` two-conflict-own-by-add (player 0 adds a 6 to player 1's single 6
    in area 2 while player 1 has two 5s in area 1: the 5s must go back)."""

    name = "broken-add-ignores-own-other-area"
    kind = "rare"

    def legal_actions(self, state):
        out = super().legal_actions(state)
        if state.g.areas == 1:
            return out
        g = state.g
        out = [a for a in out if a["type"] != "add"]
        for slot, cs in enumerate(state.sets):
            if cs and g.owner(slot) != state.to_move:
                out += [a for a in super().legal_actions(_hide_own(state, slot))
                        if a["type"] == "add" and g.slot(a["owner"], a["area"]) == slot]
        return out

    def apply(self, state, action):
        if not (isinstance(state, State) and state.g.areas == 2 and isinstance(action, dict)
                and action.get("type") == "add" and action.get("owner") in (0, 1) and action.get("area") in (1, 2)):
            return super().apply(state, action)
        g = state.g
        slot = g.slot(action["owner"], action["area"])
        other = g.slot(action["owner"], 3 - action["area"])
        after = super().apply(_hide_own(state, slot), action)
        if after.to_move == CHANCE or not state.sets[other]:
            return after
        if after.to_move >= 0 and (after.to_move, after.area) == (g.owner(other), g.area_of(other)):
            return after  # its owner's turn in that area discards it anyway
        sets = list(after.sets)
        sets[other] = state.sets[other]
        return after.replace(sets=tuple(sets))


class ShowsNextHand(DnupEngine):
    """Shows each player the hand of the next player too (breaks DNP-HIDDEN-HAND: hands are not
    shown to others). Position: any dealt round; player 0's observation shows player 1's cards."""

    name = "broken-shows-next-hand"
    kind = "observation"

    def observation(self, state, player):
        obs = super().observation(state, player)
        nxt = (player + 1) % state.g.players
        obs["hands"][nxt] = self.to_json(state)["hands"][nxt]
        return obs


class DnupCache(DnupEngine):
    """Remembers the hand a dnup gave, keyed by too little (the deck, round, turn number and player,
    not the cards): a later game's dnup at the same turn answers the earlier game's hand (breaks
    DNP-ACTION-D). Position: two new games of the assumed deck in which player 1 calls dnup as the
    first action of round 1 (turn 1, after the start player's turn): the second gets the first's hand."""

    name = "broken-dnup-cache"
    kind = "caching"

    def __init__(self, choices=None):
        super().__init__(choices)
        self._flips: dict = {}

    def apply(self, state, action):
        after = super().apply(state, action)
        if isinstance(action, dict) and action.get("type") == "flip" and isinstance(after, State):
            p = state.to_move
            key = (state.g.deck.ids, state.round, state.turn, p)
            hand = self._flips.setdefault(key, after.hands[p])
            if hand != after.hands[p]:
                hands = list(after.hands)
                hands[p] = hand
                after = after.replace(hands=tuple(hands))
        return after


def _lift(state: State, cards: list) -> State | None:
    """``state`` with every named card the mover lacks moved into their hand (from a hand or a set,
    or the discard pile, face up); None when they hold them all or a card is unknown."""
    g, p = state.g, state.to_move
    hands, sets = [list(h) for h in state.hands], [list(cs) for cs in state.sets]
    moved = False
    for cid in cards:
        i = g.id_index.get(cid) if isinstance(cid, str) else None
        if i is None or i not in g.in_play:
            return None
        if {2 * i, 2 * i + 1} & set(hands[p]):
            continue
        for place in hands + sets:
            for oc in (2 * i, 2 * i + 1):
                if oc in place:
                    place.remove(oc)
                    hands[p].append(oc)
        if not {2 * i, 2 * i + 1} & set(hands[p]):
            hands[p].append(2 * i)  # from the discard pile
        moved = True
    if not moved:
        return None
    return state.replace(hands=tuple(tuple(sorted(h)) for h in hands), sets=tuple(tuple(cs) for cs in sets))


def _turned_to_fit(state: State, action: dict) -> State | None:
    """``state`` with the added card turned when its inactive value is the target set's value."""
    g, p = state.g, state.to_move
    i = g.id_index.get(action.get("card")) if isinstance(action.get("card"), str) else None
    q, a = action.get("owner"), action.get("area")
    if p < 0 or i is None or not isinstance(q, int) or not isinstance(a, int) or not 0 <= q < g.players:
        return None
    if not 1 <= a <= g.areas or not state.sets[g.slot(q, a)]:
        return None
    hand = state.hands[p]
    oc = 2 * i if 2 * i in hand else 2 * i + 1 if 2 * i + 1 in hand else None
    v = g.val[state.sets[g.slot(q, a)][0]]
    if oc is None or g.val[oc] == v or g.val[oc ^ 1] != v:
        return None
    hands = list(state.hands)
    hands[p] = tuple(sorted(c ^ 1 if c == oc else c for c in hand))
    return state.replace(hands=tuple(hands))


def _hide_own(state: State, slot: int) -> State:
    """``state`` without the set in the other area of ``slot``'s owner (2 players)."""
    g = state.g
    other = g.slot(g.owner(slot), 3 - g.area_of(slot))
    sets = list(state.sets)
    sets[other] = ()
    return state.replace(sets=tuple(sets))


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
    "adds_by_inactive_value": (AddsByInactiveValue, "DNP-ACTION-B"),
    "takes_own_set": (TakesOwnSet, "DNP-ACTION-C"),
    "plays_cards_not_held": (PlaysCardsNotHeld, "DNP-ACTION-A"),
    "mixed_set_accepted": (MixedSetAccepted, "DNP-SET"),
    "no_take_from_area_two": (NoTakeFromAreaTwo, "DNP-ACTION-C"),
    "first_out_set_not_takeable": (FirstOutSetNotTakeable, "DNP-FIRST-OUT-CARDS-STAY"),
    "no_dnup_with_one_card": (NoDnupWithOneCard, "DNP-ACTION-D"),
    "beaten_first_out_takes_back": (BeatenFirstOutTakesBack, "DNP-FIRST-OUT-BEATEN"),
    "add_ignores_own_other_area": (AddIgnoresOwnOtherArea, "DNP-TWO-CONFLICT-OWN"),
    "shows_next_hand": (ShowsNextHand, "DNP-HIDDEN-HAND"),
    "dnup_cache": (DnupCache, "DNP-ACTION-D"),
    # an empty play is malformed notation (the schema's "cards" has minItems 1), yet an engine
    # must refuse it: the probes offer actions with a list emptied and accept any rejection code
    "empty_play_is_pass": (EmptyPlayIsPass, "DNP-ONE-ACTION"),
}

# ---- engines with two or three bugs: each bug must be reported under its own clause,
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
make_empty_play_is_pass = _factory(EmptyPlayIsPass)
make_adds_by_inactive_value = _factory(AddsByInactiveValue)
make_takes_own_set = _factory(TakesOwnSet)
make_plays_cards_not_held = _factory(PlaysCardsNotHeld)
make_mixed_set_accepted = _factory(MixedSetAccepted)
make_no_take_from_area_two = _factory(NoTakeFromAreaTwo)
make_first_out_set_not_takeable = _factory(FirstOutSetNotTakeable)
make_no_dnup_with_one_card = _factory(NoDnupWithOneCard)
make_beaten_first_out_takes_back = _factory(BeatenFirstOutTakesBack)
make_add_ignores_own_other_area = _factory(AddIgnoresOwnOtherArea)
make_shows_next_hand = _factory(ShowsNextHand)
make_dnup_cache = _factory(DnupCache)


# ---- more single-bug engines, chosen as a stranger would get the rules wrong: they live in
# tests/broken/dnup_more.py and are merged into BROKEN and this module's make_<name> factories

from tests.broken import dnup_more as _more  # noqa: E402

BROKEN.update(_more.BROKEN)
#: the engines of that module: other tests that iterate over BROKEN run them only in the campaign
STRANGER = frozenset(_more.BROKEN)
globals().update(_more.FACTORIES)
