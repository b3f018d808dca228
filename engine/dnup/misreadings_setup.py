"""Misreadings of the Dnup setup: the cards in play per player count, the deal, the start player,
the player count, the turn cap, the value a card shows, and what a player may see.

Decision points (clause): which star-disc cards leave the game for each player count
(DNP-SETUP-5/4/3, DNP-TWO-SETUP); how the deal hands out the cards (DNP-DEAL); who opens the
round (DNP-START-PLAYER, DNP-TWO-START); which player counts are a game (DNP-PLAYER-COUNT);
after how many actions the cap stops the game (DNP-TURN-CAP); which end of a card is active
(DNP-SET); what is hidden in an observation (DNP-HIDDEN-HAND, DNP-DISCARD-OWN-SET, DNP-DEAL).
"""

from __future__ import annotations

from itertools import combinations

from engine.dnup import DnupEngine
from engine.dnup.misreadings_base import (Filtered, GameVariant, Variant, entry, round_start, variant, with_deal,
                                          with_removed)
from engine.dnup.state import CHANCE
from engine.errors import BadConfigError

SETUP = {2: "DNP-TWO-SETUP", 3: "DNP-SETUP-3", 4: "DNP-SETUP-4", 5: "DNP-SETUP-5"}
#: the star-disc marks the reference removes per player count (cards.Deck.removed_for)
REMOVED = {2: {"star4", "star6"}, 3: {"star4", "star6"}, 4: {"star4"}, 5: set()}
DISC = {"star4": "four-point", "star6": "six-point"}


def _removal_words(players: int, marks: set) -> str:
    if not marks:
        return f"with {players} players no card is removed"
    kinds = " and ".join(f"{DISC[m]}" for m in sorted(marks))
    return f"with {players} players the cards with the {kinds} star disc are removed"


def _removal_source(players: int, marks: set) -> str:
    ref = REMOVED[players]
    if len(marks) == len(ref) and marks != ref:
        return "order"  # the two star symbols swapped
    return "condition"  # a symbol dropped from the rule, or one added


def setup_misreadings() -> list:
    out = []
    for players in (2, 3, 4, 5):  # every other subset of the two star discs
        for k in range(3):
            for marks in map(set, combinations(sorted(DISC), k)):
                if marks == REMOVED[players]:
                    continue

                def patch(self, g, _n=players, _m=frozenset(marks)):
                    if g.players == _n:
                        with_removed(g, set(_m))

                tag = "+".join(sorted(marks)) or "none"
                cls = variant(f"Removes{players}{tag}", GameVariant, patch=patch)
                out.append(entry(f"setup.removed-{players}p-{tag}", SETUP[players], _removal_words(players, marks),
                                 cls, _removal_source(players, marks)))
    return out


# ---- the deal (DNP-DEAL) ------------------------------------------------------------------------------

def _unoriented(self, g):
    with_deal(g, g.take, False)


def _one_short(self, g):
    with_deal(g, {p: n - 1 for p, n in g.take.items()}, True)


def _remainder_last(self, g):
    n, r = divmod(len(g.in_play), g.players)
    with_deal(g, {str(p): n + (1 if p >= g.players - r else 0) for p in range(g.players)}, True)


def deal_misreadings() -> list:
    return [
        entry("deal.unoriented", "DNP-DEAL", "the cards are dealt all the same way up (first value active) "
              "instead of each falling on a random side", variant("DealUnoriented", GameVariant, patch=_unoriented),
              "condition", ("DNP-KEEP-ORIENTATION",)),
        entry("deal.one-short", "DNP-DEAL", "each player is dealt one card fewer: not the whole deck is dealt",
              variant("DealOneShort", GameVariant, patch=_one_short), "parameter"),
        entry("deal.remainder-last", "DNP-DEAL", "cards that do not divide evenly go to the last seats",
              variant("DealRemainderLast", GameVariant, patch=_remainder_last), "order"),
    ]


# ---- the start player (DNP-START-PLAYER, DNP-TWO-START) ------------------------------------------------

def _start_shift(k: int):
    def start_player(self, g, hands):
        return (DnupEngine.start_player(self, g, hands) + k) % g.players
    return start_player


class MustPlayStartCard(Filtered):
    """The start player's first action of a round must play the starred 1/5 card."""

    def allowed(self, s, action):
        if not round_start(s):
            return True
        sid = s.g.deck.ids[s.g.start_card]
        return action.get("type") == "play" and sid in action.get("cards", ())


class OpensInAreaOne(Variant):
    """2 players: the start player opens with a single turn in area 1, then the other player."""

    def round_opening(self, g, start):
        return (start, 1)

    def apply(self, state, action):
        after = super().apply(state, action)
        if state.g.areas == 2 and round_start(state) and state.area == 1 and after.to_move == state.to_move:
            after = after.replace(to_move=1 - state.to_move, area=1)
        return after


class OpeningFirstRoundOnly(Variant):
    """2 players: only the first round opens with a single turn in area 2; later rounds with two."""

    def apply(self, state, action):
        after = super().apply(state, action)
        if state.to_move == CHANCE and state.g.areas == 2 and state.round > 1 and after.to_move >= 0:
            after = after.replace(area=1)
        return after


def start_misreadings() -> list:
    return [
        entry("start.left-of-holder", "DNP-START-PLAYER", "the player after the holder of the starred 1/5 card "
              "starts the round", variant("StartAfterHolder", start_player=_start_shift(1)), "order"),
        entry("start.right-of-holder", "DNP-START-PLAYER", "the player before the holder of the starred 1/5 card "
              "starts the round", variant("StartBeforeHolder", start_player=_start_shift(-1)), "order"),
        entry("start.seat-0", "DNP-START-PLAYER", "seat 0 always starts the round, whoever holds the 1/5 card",
              variant("StartSeatZero", start_player=lambda self, g, hands: 0), "condition"),
        entry("start.must-play-start-card", "DNP-START-PLAYER", "the start player must open by playing the "
              "starred 1/5 card", MustPlayStartCard, "condition"),
        entry("two-start.two-turns", "DNP-TWO-START", "with 2 players the start player opens with two turns "
              "(area 1, then area 2) instead of a single turn in area 2",
              variant("OpensWithTwoTurns", round_opening=lambda self, g, start: (start, 1)), "condition"),
        entry("two-start.area-1", "DNP-TWO-START", "with 2 players the start player's single opening turn is in "
              "area 1 instead of area 2", OpensInAreaOne, "geometry"),
        entry("two-start.first-round-only", "DNP-TWO-START", "with 2 players only the first round opens with a "
              "single turn; later rounds open with two turns", OpeningFirstRoundOnly, "timing"),
    ]


# ---- player count, turn cap, the active value ------------------------------------------------------

def _players_between(lo: int, hi: int):
    def new_game(self, config):
        n = config.get("players") if isinstance(config, dict) else None
        if isinstance(n, int) and not lo <= n <= hi:
            raise BadConfigError(f"this reading plays Dnup with {lo} to {hi} players")
        return DnupEngine.new_game(self, config)
    return new_game


class CapShift(GameVariant):
    """The turn cap stops the game ``SHIFT`` player actions later (the state still shows the config's cap)."""

    SHIFT = 0

    def patch(self, g):
        if g.turn_cap is not None:
            g.turn_cap = g.turn_cap + self.SHIFT

    def to_json(self, state):
        return self._shown(state, super().to_json(state))

    def observation(self, state, player):
        return self._shown(state, super().observation(state, player))

    def _shown(self, state, obj):
        if state.g.turn_cap is not None:
            obj["turn_cap"] = state.g.turn_cap - self.SHIFT
        return obj


def _other_end_active(self, g):
    g.val = tuple(g.val[oc ^ 1] for oc in range(len(g.val)))


def count_misreadings() -> list:
    return [
        entry("players.2-to-4", "DNP-PLAYER-COUNT", "a game of 5 players is refused (Dnup read as 2 to 4 players)",
              variant("TwoToFour", new_game=_players_between(2, 4)), "parameter"),
        entry("players.3-to-5", "DNP-PLAYER-COUNT", "a game of 2 players is refused (the 2-player variant left out)",
              variant("ThreeToFive", new_game=_players_between(3, 5)), "variant", ("DNP-TWO-SETUP",)),
        entry("turn-cap.one-early", "DNP-TURN-CAP", "the turn cap stops the game one action early",
              variant("CapEarly", CapShift, SHIFT=-1), "parameter"),
        entry("turn-cap.one-late", "DNP-TURN-CAP", "the turn cap stops the game one action late",
              variant("CapLate", CapShift, SHIFT=1), "parameter"),
        entry("set.other-end-active", "DNP-SET", "a card's other end is read as its active value (the values of "
              "a card read in the wrong order)", variant("OtherEndActive", GameVariant, patch=_other_end_active),
              "order", ("DNP-FAQ-SET",)),
    ]


# ---- what a player sees (DNP-HIDDEN-HAND, DNP-DISCARD-OWN-SET, DNP-DEAL) ---------------------------------

def _observe(change):
    def observation(self, state, player):
        obj = DnupEngine.observation(self, state, player)
        change(self, state, player, obj)
        return obj
    return observation


def _show_all_hands(self, s, player, obj):
    obj["hands"] = DnupEngine.to_json(self, s)["hands"]


def _hide_own_hand(self, s, player, obj):
    obj["hands"] = [None] * len(obj["hands"])


def _hide_sizes(self, s, player, obj):
    obj["hand_sizes"] = [n if q == player else None for q, n in enumerate(obj["hand_sizes"])]


def _show_discard(self, s, player, obj):
    obj["discard"] = DnupEngine.to_json(self, s)["discard"]


def _show_deal(self, s, player, obj):
    if obj.get("chance") is not None:
        obj["chance"] = DnupEngine.to_json(self, s)["chance"]


def observation_misreadings() -> list:
    return [
        entry("observe.others-hands-shown", "DNP-HIDDEN-HAND", "a player sees the other players' hands",
              variant("ShowsHands", observation=_observe(_show_all_hands)), "condition"),
        entry("observe.own-hand-hidden", "DNP-HIDDEN-HAND", "a player does not see their own hand (only its size)",
              variant("HidesOwnHand", observation=_observe(_hide_own_hand)), "condition"),
        entry("observe.sizes-hidden", "DNP-HIDDEN-HAND", "a player does not see how many cards the others hold",
              variant("HidesSizes", observation=_observe(_hide_sizes)), "condition"),
        entry("observe.discard-shown", "DNP-DISCARD-OWN-SET", "the discard pile is shown face up",
              variant("ShowsDiscard", observation=_observe(_show_discard)), "condition"),
        entry("observe.deal-shown", "DNP-DEAL", "a pending deal shows the cards it will deal",
              variant("ShowsDeal", observation=_observe(_show_deal)), "condition"),
    ]


def misreadings() -> list:
    return (setup_misreadings() + deal_misreadings() + start_misreadings() + count_misreadings()
            + observation_misreadings())
