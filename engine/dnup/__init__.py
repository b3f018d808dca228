"""The Dnup reference engine (specs/dnup/, seeds/dnup.nl.txt).

Config::

    {"players": 2..5,            # DNP-PLAYER-COUNT; 2 plays the variant (DNP-TWO-SETUP)
     "turn_cap": null | int,     # optional; ends the game as unfinished (DNP-TURN-CAP)
     "deck": null | [cards]}   # the deck table (never a path); default $RULECHECK_DNUP_DECK or the assumed deck

Choices: ``dnup.add-conflict`` (``illegal``, the FAQ's reading, default; ``consequence``,
the seed's action-B sentence read literally), see ``sets``.

The rules live in the modules: ``cards`` (deck), ``sets`` (same-size rule), ``actions``
(A-D), ``turn`` (a turn), ``round`` (deal, going out, letters, end), ``areas`` (turn order
and the 2-player areas), ``codec`` (canonical JSON), ``describe`` (play log, observation).
The methods below marked *hook* are single rules broken engines override in tests.
"""

from __future__ import annotations

import random

import specs
from engine import chance as chance_mod
from engine.dnup import actions as A
from engine.dnup import codec
from engine.dnup import describe as D
from engine.dnup import json_text
from engine.dnup import notation
from engine.dnup import round as R
from engine.dnup import turn as T
from engine.dnup.cards import load_deck
from engine.dnup.areas import first_turn, next_turn
from engine.dnup.sets import add_losers, flipped, merge, play_losers
from engine.canonical import copy_json
from engine.dnup.state import CHANCE, OVER, State
from engine.errors import BadConfigError, IllegalActionError, MalformedError
from engine.protocol import Action, Engine

CONFIG_KEYS = {"players", "turn_cap", "deck"}


class DnupEngine(Engine):
    game = "dnup"
    name = "rulecheck-dnup"
    version = "1.0"
    #: a random playout of this class's own actions and outcomes calls its methods without the
    #: protocol's input guard, which never acts there (``harness.explore.playout._own_methods``;
    #: read from this class only, so a subclass keeps the guard)
    playout_unguarded = True

    #: letters for the first and the second player out (DNP-FIRST-OUT, DNP-SECOND-OUT)
    TOKENS = (2, 1)

    def __init__(self, choices: dict | None = None):
        self.choices = specs.resolve_choices("dnup", choices)
        self.consequence = self.choices["dnup.add-conflict"] == "consequence"

    # ---- hooks: one rule each ----------------------------------------------------
    def beats(self, value: int, other: int) -> bool:
        """A set beats a set of the same size when its value is higher (DNP-A-HIGHER)."""
        return value > other

    def returned_cards(self, cards: tuple) -> tuple:
        """A beaten set goes back to its owner's hand, every card flipped (DNP-A-RETURN)."""
        return flipped(cards)

    def taken_cards(self, cards: tuple) -> tuple:
        """A taken set joins the taker's hand, every card flipped (DNP-ACTION-C)."""
        return flipped(cards)

    def flip_hand(self, hand: tuple) -> tuple:
        """A dnup: every card in the hand turned (DNP-ACTION-D)."""
        return flipped(hand)

    def enter_turn(self, g, sets: list, player: int, area: int) -> None:
        """A turn starts by discarding one's own set of that area (DNP-DISCARD-OWN-SET)."""
        T.enter_turn(g, sets, player, area)

    def start_player(self, g, hands) -> int:
        """The holder of the starred 1/5 card starts the round (DNP-START-PLAYER)."""
        return R.start_player(g, hands)

    def round_opening(self, g, start: int) -> tuple[int, int]:
        """(player, area) of a round's first turn (DNP-START-PLAYER, DNP-TWO-START)."""
        return first_turn(g, start)

    def turn_after(self, g, player: int, area: int, out: tuple) -> tuple[int, int]:
        """(player, area) of the next turn (DNP-CLOCKWISE, DNP-TWO-TURNS)."""
        return next_turn(g, player, area, out)

    def goes_out(self, kind: str) -> bool:
        """Whether emptying the hand with this action goes out: a set played or a card
        added (DNP-FIRST-OUT: "zijn laatste kaart of kaarten speelt")."""
        return kind == "A" or kind == "B"

    def player_out(self, g, p: int, sets, out, tokens, wins):
        """Player ``p`` went out: letters, rounds won, the round's and game's end
        (DNP-FIRST-OUT, DNP-SECOND-OUT, DNP-GAME-END, DNP-TWO-ROUND-WIN); see ``round.going_out``."""
        return R.going_out(self, g, p, sets, out, tokens, wins)

    def send_back(self, g, out, hands: list, sets: list, slot: int) -> bool:
        """A beaten set leaves ``slot``: back to its owner's hand, flipped (DNP-A-RETURN), or,
        when its owner is out, simply discarded (DNP-FIRST-OUT-BEATEN; returns True then)."""
        owner = g.owner(slot)
        cards = sets[slot]
        sets[slot] = ()
        if owner in out:
            return True
        hands[owner] = merge(hands[owner], self.returned_cards(cards))
        return False

    def play_losers(self, g, sets, slot: int, size: int, value: int):
        """Action A: None when the set may not be played, else the sets it beats (DNP-A-HIGHER)."""
        return play_losers(self, g, sets, slot, size, value)

    def add_losers(self, g, sets, slot: int, size: int, value: int):
        """Action B: None when the addition is illegal, else the sets that go back (DNP-B-CONFLICT)."""
        return add_losers(self, g, sets, slot, size, value)

    # ---- protocol ---------------------------------------------------------------------
    def new_game(self, config: dict) -> State:
        if not isinstance(config, dict):
            raise BadConfigError(f"a Dnup config is an object like {{'players': 4}}, got {config!r:.80}")
        extra = set(config) - CONFIG_KEYS
        if extra:
            raise BadConfigError(f"unknown config key(s) {sorted(map(str, extra))}; Dnup knows {sorted(CONFIG_KEYS)}")
        players = config.get("players")
        if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 5:
            raise BadConfigError(f"Dnup is for 2 to 5 players (DNP-PLAYER-COUNT); 'players' is {players!r:.40}")
        cap = config.get("turn_cap")
        if cap is not None and (not isinstance(cap, int) or isinstance(cap, bool) or cap < 1):
            raise BadConfigError(f"'turn_cap' must be a positive integer or null, got {cap!r:.40}")
        deck = load_deck(config.get("deck"))
        g = codec.game_for(deck, players, cap, self.consequence)
        zeros = (0,) * players
        return State(g, ((),) * players, ((),) * g.slots, (), None, zeros, zeros, 1, 0, CHANCE, 0, -1, None)

    def legal_actions(self, state: State) -> list[Action]:
        return list(A.legal(self, state, type(self) is DnupEngine)[1])

    def chance(self, state: State) -> dict | None:
        if state.to_move != CHANCE:
            return None
        return copy_json(state.g.deal_chance)

    def apply(self, state: State, action: Action) -> State:
        if not isinstance(state, State):
            raise MalformedError(f"not a Dnup state: {type(state).__name__}; load JSON with from_json first")
        if state.to_move == OVER:
            raise IllegalActionError(f"the game is over ({state.result}); no action is possible")
        if state.to_move == CHANCE:
            outcome = chance_mod.validate(state.g.deal_chance, action)
            return R.deal(self, state, outcome)
        # The fast path: an action dict this very engine listed for this very state (the same
        # object, as Sorry! does) is its listed move, without reading it again. Only for the
        # reference class: a subclass (a variant, a broken engine) may read an action otherwise
        # than it lists it, and that difference is what the harness must see.
        reference = type(self) is DnupEngine
        if reference:
            cached = state._legal
            if cached is not None and cached[0] is self:
                moves, acts = cached[1]
                try:
                    k = acts.index(action)
                except ValueError:
                    k = -1
                if k >= 0 and acts[k] is action:
                    return T.play(self, state, moves[k], True)
        return T.play(self, state, A.parse(self, state, action), reference)

    def to_json(self, state: State) -> dict:
        return codec.to_json(state)

    def from_json(self, obj: dict) -> State:
        return codec.from_json(obj, self.consequence)

    def canonical_text(self, state: State) -> bytes | None:
        """``to_json(state)``'s canonical text written directly (``json_text.text``), for the reference
        class only (a subclass may write its states otherwise); None: the caller writes ``to_json``."""
        if type(self) is not DnupEngine or not isinstance(state, State):
            return None
        try:
            return json_text.text(state)
        except TypeError:  # a value orjson does not write as json does
            return None

    def result(self, state: State) -> dict | None:
        return None if state.result is None else dict(state.result)

    def is_terminal(self, state: State) -> bool:
        return state.to_move == OVER

    def observation(self, state: State, player: int) -> dict:
        return D.observation(state, player)

    def canonical_action(self, action: Action) -> Action:
        return notation.canonical_action(action)

    def observation_view(self, observation: dict) -> dict:
        return notation.observation_view(observation)

    def describe_action(self, state: State, action: Action) -> str:
        return D.describe_action(state, action)

    def describe_events(self, before: State, action: Action, after: State) -> list[str]:
        return D.describe_events(before, action, after)

    def describe_state(self, state: State) -> str:
        return D.describe_state(state)

    def explainer(self):
        """This engine's provenance (engine.dnup.provenance), built once per engine."""
        ex = self.__dict__.get("_explainer")
        if ex is None:
            from engine.dnup.provenance import DnupExplainer

            ex = self._explainer = DnupExplainer(self)
        return ex


def random_config(rng: random.Random) -> dict:
    """A random legal config: 2-5 players, always with a turn cap (the rules never force an end)."""
    return {"players": rng.randint(2, 5), "turn_cap": rng.choice([200, 400, 800])}


__all__ = ["DnupEngine", "random_config"]
