"""The internal state: small, immutable, fast (DESIGN: pure transitions).

``Game`` holds what a whole game shares (deck, player count, areas, turn cap, the
engine's reading of DNP-B-CONFLICT); ``State`` holds one position as tuples of ints.

- ``hands[p]``: sorted tuple of oriented cards (``2 * card + flipped``, see ``cards``);
- ``sets[slot]``: sorted tuple of oriented cards, ``()`` when the area is empty; the slot
  of player ``p``'s area ``a`` (1-based) is ``p * areas + a - 1``; 3-5 players have one
  area each, the 2-player variant two (DNP-TWO-SETUP);
- the discard pile is not stored: every card in play that is in no hand and no set is
  in it (DNP-DISCARD-OWN-SET); at a pending deal every card in play is there;
- ``out``: players out of this round, in order (DNP-FIRST-OUT, DNP-SECOND-OUT);
- ``leaving``: ``(player, turns_left)`` while the first player out still has a set on
  the table (DNP-FIRST-OUT-CARDS-STAY), else ``None``;
- ``to_move``: a player, ``CHANCE`` (a deal is pending) or ``OVER``;
- ``area``: the area the current turn is for (always 1 with 3-5 players);
- ``result``: ``None`` or a small dict (winner, reason).
"""

from __future__ import annotations

from engine.dnup.cards import Deck

CHANCE = -1
OVER = -2


class Game:
    """What every state of one game shares. Immutable by convention."""

    __slots__ = ("deck", "players", "areas", "slots", "turn_cap", "consequence", "val", "in_play",
                 "removed", "start_card", "take", "deal_chance", "id_index", "seats", "deck_json", "listing",
                 "json_parts", "json_text")

    def __init__(self, deck: Deck, players: int, turn_cap: int | None, consequence: bool):
        self.deck = deck
        self.players = players
        self.areas = 2 if players == 2 else 1
        self.slots = players * self.areas
        self.turn_cap = turn_cap
        self.consequence = consequence
        self.val = deck.active_table()
        self.in_play = deck.in_play(players)
        self.removed = deck.removed_for(players)
        self.start_card = deck.start_card
        self.id_index = {cid: i for i, cid in enumerate(deck.ids)}
        self.seats = tuple(range(players))
        n, r = divmod(len(self.in_play), players)
        # DNP-DEAL: the whole deck is dealt evenly; a remainder (only with a user deck)
        # gives the first r seats one card more (parameter deal_remainder).
        self.take = {str(p): n + (1 if p < r else 0) for p in range(players)}
        self.deal_chance = {
            "event": "deal",
            "draws": [{"pool": [deck.ids[i] for i in self.in_play], "take": dict(self.take), "orient": True}],
        }
        self.deck_json = "assumed" if deck.source == "assumed" else deck.to_json()
        #: the action dicts its states share (``actions.Listing``), made on first use
        self.listing = None
        #: the parts of its states' JSON (``json_parts.Parts``), made on first use
        self.json_parts = None
        #: the texts of its states' canonical JSON (``json_text.Texts``), made on first use
        self.json_text = None

    def key(self) -> tuple:
        return (self.deck.ids, self.deck.values, self.deck.marks, self.players, self.turn_cap, self.consequence)

    def owner(self, slot: int) -> int:
        return slot // self.areas

    def slot(self, player: int, area: int) -> int:
        return player * self.areas + area - 1

    def area_of(self, slot: int) -> int:
        return slot % self.areas + 1


class State:
    __slots__ = ("g", "hands", "sets", "out", "leaving", "tokens", "wins", "round", "turn",
                 "to_move", "area", "start", "result", "_legal")

    def __init__(self, g: Game, hands, sets, out, leaving, tokens, wins, round_, turn, to_move, area, start, result):
        self.g = g
        self.hands = hands
        self.sets = sets
        self.out = out
        self.leaving = leaving
        self.tokens = tokens
        self.wins = wins
        self.round = round_
        self.turn = turn
        self.to_move = to_move
        self.area = area
        self.start = start
        self.result = result
        self._legal = None  # (moves, action dicts), filled by actions.legal

    def replace(self, **kw) -> "State":
        s = State(self.g, self.hands, self.sets, self.out, self.leaving, self.tokens, self.wins, self.round,
                  self.turn, self.to_move, self.area, self.start, self.result)
        for k, v in kw.items():
            setattr(s, k, v)
        return s

    def __repr__(self) -> str:
        return f"<dnup State round={self.round} turn={self.turn} to_move={self.to_move}>"


def set_value(g: Game, cards: tuple[int, ...]) -> int:
    """The value of a set: the active value of its cards (DNP-SET)."""
    return g.val[cards[0]]
