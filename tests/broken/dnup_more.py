"""More deliberately broken Dnup engines, one bug each, written as a stranger reading the rulebook
would get a rule wrong (turn order the wrong way round, a set compared with every set instead of
those of its size, a set that must hold every card of its value, a count one off, a rule of the
2-player variant misread, the face-down discard pile shown).

Merged into ``tests.broken.dnup.BROKEN`` (and its ``make_<name>`` factories), so
``--engine py:tests.broken.dnup:make_<name>`` loads them like the others. Each docstring says what
the engine gets wrong and the clause whose sentence it violates.
"""

from __future__ import annotations

from engine.dnup import DnupEngine
from engine.dnup import actions as A
from engine.dnup import round as R
from engine.dnup import turn as T
from engine.dnup.state import CHANCE, OVER, State
from engine.errors import IllegalActionError


def _plays(eng, state):
    """(move, action) pairs of the player to move, as the reference lists them."""
    moves, acts = A.legal(eng, state)
    return list(zip(moves, acts))


class _RestrictedPlays(DnupEngine):
    """An engine that lists and accepts fewer sets (action A) than the reference: ``allowed``
    says which; ``legal_actions`` and ``apply`` agree."""

    reason = ""

    def allowed(self, state, cards) -> bool:
        raise NotImplementedError

    def legal_actions(self, state):
        if not isinstance(state, State) or state.to_move < 0:
            return super().legal_actions(state)
        return [a for m, a in _plays(self, state) if m[0] != "A" or self.allowed(state, m[1])]

    def apply(self, state, action):
        if isinstance(state, State) and state.to_move >= 0 and isinstance(action, dict) and action.get("type") == "play":
            move = A.parse(self, state, action)
            if not self.allowed(state, move[1]):
                raise IllegalActionError(self.reason)
        return super().apply(state, action)


class TurnsGoRight(DnupEngine):
    """With 3-5 players the turn passes to the player on the right (seat p-1 after seat p, skipping
    players out of the round) instead of clockwise: breaks DNP-CLOCKWISE."""

    _entered = None

    def enter_turn(self, g, sets, player, area):
        slot = g.slot(player, area)
        self._entered = (slot, sets[slot])
        super().enter_turn(g, sets, player, area)

    def apply(self, state, action):
        self._entered = None
        after = super().apply(state, action)
        g = after.g if isinstance(after, State) else None
        if g is None or g.areas == 2 or state.to_move < 0 or after.to_move < 0 or self._entered is None:
            return after
        q = (state.to_move - 1) % g.players
        while q in after.out:
            q = (q - 1) % g.players
        sets = list(after.sets)
        slot, cards = self._entered
        sets[slot] = cards  # the reference's next player keeps their set
        sets[g.slot(q, 1)] = ()  # this engine's next player discards theirs
        return after.replace(sets=tuple(sets), to_move=q)


class MustLeadWithStartCard(_RestrictedPlays):
    """The start player's first action of a round must be a set that holds the starred 1/5 card (as
    in games where the start card opens): breaks DNP-START-PLAYER (the FAQ: the start player need
    not play it first)."""

    reason = "the start player must open the round with a set holding the start card"

    @staticmethod
    def opening(state) -> bool:
        """The round's first turn: no set on the table, nobody out, every card in play in a hand, and the
        player to move holds the start card."""
        sc = state.g.start_card
        return (state.to_move == state.start and not state.out and not any(state.sets)
                and sum(map(len, state.hands)) == len(state.g.in_play)
                and any(c >> 1 == sc for c in state.hands[state.to_move]))

    def allowed(self, state, cards):
        return not self.opening(state) or any(c >> 1 == state.g.start_card for c in cards)

    def legal_actions(self, state):
        acts = super().legal_actions(state)
        if isinstance(state, State) and state.to_move >= 0 and self.opening(state):
            return [a for a in acts if a["type"] == "play"]
        return acts

    def apply(self, state, action):
        if (isinstance(state, State) and state.to_move >= 0 and self.opening(state)
                and isinstance(action, dict) and action.get("type") in ("add", "take", "flip")):
            A.parse(self, state, action)  # a malformed action is malformed first
            raise IllegalActionError(self.reason)
        return super().apply(state, action)


class PlayMustBeatEverySet(_RestrictedPlays):
    """Action A: a new set must be higher than every set on the table, whatever its size (only sets of
    its own size go back): breaks DNP-A-HIGHER (only a set of the same size must be beaten)."""

    reason = "a set must be higher than every set on the table"

    def allowed(self, state, cards):
        g = state.g
        mine = g.slot(state.to_move, state.area)
        top = max((g.val[cs[0]] for slot, cs in enumerate(state.sets) if cs and slot != mine), default=None)
        return top is None or g.val[cards[0]] > top


class MustPlayEveryCardOfTheValue(_RestrictedPlays):
    """Action A: a set must hold every card of the hand with that active value: breaks DNP-A-ANY-COUNT
    ("Je hoeft niet alle kaarten in je hand met de waarde van de set te spelen")."""

    reason = "a set holds every card of its value in the hand"

    def allowed(self, state, cards):
        val = state.g.val
        v = val[cards[0]]
        return len(cards) == sum(1 for c in state.hands[state.to_move] if val[c] == v)


class BeatenSetDiscarded(DnupEngine):
    """Action A: a set beaten by a new set of its size goes to the discard pile instead of back to its
    owner's hand: breaks DNP-A-RETURN (action B's conflicts still send it back)."""

    _playing = False

    def returned_cards(self, cards):
        return () if self._playing else super().returned_cards(cards)

    def apply(self, state, action):
        self._playing = isinstance(action, dict) and action.get("type") == "play"
        try:
            return super().apply(state, action)
        finally:
            self._playing = False


class BothAreasDiscardedAtOnce(DnupEngine):
    """With 2 players the first of a player's two turns discards the sets of both their areas (the
    area-2 set goes before its own turn): breaks DNP-TWO-TURNS (each turn discards that area's set)."""

    def enter_turn(self, g, sets, player, area):
        super().enter_turn(g, sets, player, area)
        if g.areas == 2 and area == 1:
            sets[g.slot(player, 2)] = ()


class ShowsTheDiscardPile(DnupEngine):
    """The observation lists the cards of the discard pile (face up) instead of only its size: breaks
    DNP-DISCARD-OWN-SET (discarded sets form a face-down pile)."""

    kind = "observation"

    def observation(self, state, player):
        obs = super().observation(state, player)
        obs["discard"] = self.to_json(state)["discard"]
        return obs


class DealsEveryCardUpright(DnupEngine):
    """Deals every card upright (its first value active), ignoring the orientation the shuffle gave
    it: breaks DNP-DEAL (every card is dealt with a random orientation)."""

    def apply(self, state, action):
        if isinstance(state, State) and state.to_move == CHANCE and isinstance(action, dict):
            try:
                outcome = [{p: [[cid, False] for cid, _ in cards] for p, cards in action["outcome"][0].items()}]
            except (KeyError, TypeError, ValueError, IndexError, AttributeError):
                return super().apply(state, action)
            action = {**action, "outcome": outcome}
        return super().apply(state, action)


class ThreeRoundsToWin(DnupEngine):
    """With 2 players the game goes on until a player has won three rounds, not two: breaks
    DNP-TWO-ROUND-WIN."""

    def apply(self, state, action):
        after = super().apply(state, action)
        res = after.result if isinstance(after, State) else None
        if after.to_move == OVER and res and res.get("reason") == "rounds" and after.wins[res["winner"]] < 3:
            return R.new_round(after, after.tokens, after.wins, (), after.turn, None)
        return after


class FirstOutSetLeavesEarly(DnupEngine):
    """The first player out's set is discarded one turn early: after every other player but the last
    has had a turn: breaks DNP-FIRST-OUT-CARDS-STAY (it stays until every other player had a turn)."""

    def apply(self, state, action):
        after = super().apply(state, action)
        if not isinstance(after, State) or after.leaving is None or state.leaving is not None:
            return after
        who, left = after.leaving
        if left > 1:
            return after.replace(leaving=(who, left - 1))
        sets = list(after.sets)
        sets[after.g.slot(who, 1)] = ()
        return after.replace(sets=tuple(sets), leaving=None)


class AddsToOwnOtherArea(DnupEngine):
    """With 2 players action B may also add a card to the player's own set in the other area: breaks
    DNP-ACTION-B (a card is added to another player's set)."""

    def _own_adds(self, state):
        g = state.g
        p = state.to_move
        if g.areas != 2 or p < 0:
            return []
        other = 3 - state.area
        slot = g.slot(p, other)
        target = state.sets[slot]
        if not target:
            return []
        from engine.dnup import sets as S

        v = g.val[target[0]]
        if S.add_losers(self, g, state.sets, slot, len(target) + 1, v) is None:
            return []
        return [(("B", c, slot), {"type": "add", "player": p, "card": g.deck.ids[c >> 1], "owner": p, "area": other})
                for c in state.hands[p] if g.val[c] == v]

    def legal_actions(self, state):
        acts = super().legal_actions(state)
        if isinstance(state, State):
            acts = acts + [a for _, a in self._own_adds(state)]
        return acts

    def apply(self, state, action):
        if isinstance(state, State) and isinstance(action, dict) and action.get("type") == "add":
            for move, a in self._own_adds(state):
                if a == action:
                    return T.play(self, state, move)
        return super().apply(state, action)


# ---- result(): what an in-process engine says of the game's end. Over the protocol an engine's
# result is its state's ``result`` field; in-process it is also ``result()``, which these engines
# get wrong while their states are right (the differential and the machine compare it in every state)


class _ResultOnly(DnupEngine):
    """Its states are the reference's; only ``result()`` (``_result``) says otherwise."""

    kind = "result"

    def result(self, state):
        return self._result(state, super().result(state))

    def _result(self, s, res):
        return res


class ResultOnceSomeoneHasLetters(_ResultOnly):
    """With 3 to 5 players result() names the player with most letters as the winner as soon as
    anyone has a letter, while the game goes on: breaks DNP-GAME-END (4 letters win)."""

    def _result(self, s, res):
        if res is None and s.g.players > 2 and s.to_move != OVER and max(s.tokens) > 0:
            return {"winner": s.tokens.index(max(s.tokens)), "reason": "letters"}
        return res


class NoResultForLetters(_ResultOnly):
    """result() stays None when a player has won with 4 letters (the game is over): breaks
    DNP-GAME-END."""

    def _result(self, s, res):
        return None if res is not None and res.get("reason") == "letters" else res


class CappedGameGoesToLeader(_ResultOnly):
    """When the turn cap ends the game, result() names the player with most letters (rounds won) as
    the winner instead of none: breaks DNP-TURN-CAP (a capped game has no winner)."""

    def _result(self, s, res):
        if res is not None and res.get("reason") == "turn-cap":
            score = s.wins if s.g.players == 2 else s.tokens
            return {**res, "winner": score.index(max(score))}
        return res


class RoundsWinCalledLetters(_ResultOnly):
    """With 2 players result() gives a game won by two rounds the reason "letters": breaks
    DNP-TWO-ROUND-WIN."""

    def _result(self, s, res):
        if res is not None and res.get("reason") == "rounds":
            return {**res, "reason": "letters"}
        return res


BROKEN = {
    "turns_go_right": (TurnsGoRight, "DNP-CLOCKWISE"),
    "must_lead_with_start_card": (MustLeadWithStartCard, "DNP-START-PLAYER"),
    "play_must_beat_every_set": (PlayMustBeatEverySet, "DNP-A-HIGHER"),
    "must_play_every_card_of_the_value": (MustPlayEveryCardOfTheValue, "DNP-A-ANY-COUNT"),
    "play_discards_the_beaten_set": (BeatenSetDiscarded, "DNP-A-RETURN"),
    "two_players_discard_both_areas": (BothAreasDiscardedAtOnce, "DNP-TWO-TURNS"),
    "shows_the_discard_pile": (ShowsTheDiscardPile, "DNP-DISCARD-OWN-SET"),
    "upright_deal": (DealsEveryCardUpright, "DNP-DEAL"),
    "three_rounds_to_win": (ThreeRoundsToWin, "DNP-TWO-ROUND-WIN"),
    "first_out_set_leaves_early": (FirstOutSetLeavesEarly, "DNP-FIRST-OUT-CARDS-STAY"),
    "two_players_add_to_own_set": (AddsToOwnOtherArea, "DNP-ACTION-B"),
    "result_once_someone_has_letters": (ResultOnceSomeoneHasLetters, "DNP-GAME-END"),
    "no_result_for_letters": (NoResultForLetters, "DNP-GAME-END"),
    "capped_game_goes_to_leader": (CappedGameGoesToLeader, "DNP-TURN-CAP"),
    "rounds_win_called_letters": (RoundsWinCalledLetters, "DNP-TWO-ROUND-WIN"),
}


def _factory(cls):
    def make(game="dnup", choices=None):
        eng = cls(choices)
        eng.name = f"broken-dnup-{cls.__name__}"
        return eng

    return make


FACTORIES = {f"make_{name}": _factory(cls) for name, (cls, _) in BROKEN.items()}
