"""Building blocks of the Dnup misreadings (``engine.dnup.misreadings``): ways to make a variant
of the reference engine that reads one rule differently, without touching the reference.

- :func:`variant` makes a subclass of :class:`~engine.dnup.DnupEngine` (or of one of the mixins
  below) with some hooks replaced; :func:`entry` wraps it as a :class:`~engine.misreading.Misreading`.
- :class:`GameVariant`: the reference with its per-game table (``state.Game``: cards in play,
  the deal, the value table, the turn cap) changed by ``patch``; states loaded or created by the
  variant carry the changed table, the reference's own (cached, shared) table is never touched.
- :class:`Filtered`: some of the reference's legal actions are not offered (and rejected).
- :class:`Extended`: actions the reference forbids are offered too, each played as an internal move.
- :class:`RuledPlays`: action A is enumerated with the engine's ``play_losers`` hook (the
  reference's fast enumeration reads ``beats`` inline), for variants that change which sets a
  played set meets.
"""

from __future__ import annotations

from abc import abstractmethod

from itertools import combinations

from engine.canonical import dumps
from engine.dnup import DnupEngine
from engine.dnup import turn as T
from engine.dnup.state import CHANCE, Game, State
from engine.errors import IllegalActionError, RulecheckError
from engine.misreading import Misreading

ACTION_TYPES = ("play", "add", "take", "flip")


#: positions loaded by the reference's reading, shared by every variant (``DnupEngine.from_json``
#: validates the schema and every rule, which costs milliseconds; diagnosis loads the same few
#: positions once per misreading)
_LOADED: dict[tuple, State] = {}
_LOADED_MAX = 4096


class Variant(DnupEngine):
    """A variant of the reference: loads positions as the reference does, through a shared cache
    (states are immutable; the legal-action cache on a state is kept per engine)."""

    def from_json(self, obj: dict) -> State:
        try:
            key = (self.consequence, dumps(obj))
        except (TypeError, ValueError):
            return super().from_json(obj)
        s = _LOADED.get(key)
        if s is None:
            s = super().from_json(obj)
            if len(_LOADED) >= _LOADED_MAX:
                _LOADED.clear()
            _LOADED[key] = s
        return s

    def view(self, state: State) -> State:
        """This variant's view of a position the reference loaded or made."""
        if state.g.consequence != self.consequence:
            return self.from_json(self.to_json(state))
        return state


def variant(name: str, base: type = None, **members) -> type:
    """A subclass of ``base`` (default :class:`Variant`) named ``name`` with ``members``."""
    return type(name, (base or Variant,), members)


def entry(mid: str, clause: str, words: str, cls: type, source: str, also: tuple[str, ...] = ()) -> Misreading:
    """The misreading ``dnup.<mid>`` played by ``cls`` under the candidate's choices."""
    return Misreading(f"dnup.{mid}", clause, words, lambda choices, _cls=cls: _cls(choices=choices), source, also)


class GameVariant(Variant):
    """The reference with the table every state of a game shares changed by :meth:`patch`."""

    @abstractmethod
    def patch(self, g: Game) -> None:
        """Change ``g``, a copy of the reference's table (each misreading of the game table says how)."""

    def _game(self, g: Game) -> Game:
        games = self.__dict__.setdefault("_games", {})  # id(the reference's table) -> (it, the changed one)
        mine = self.__dict__.setdefault("_mine", {})  # id(a changed table) -> it
        if mine.get(id(g)) is g:
            return g
        got = games.get(id(g))
        if got is None or got[0] is not g:
            ng = Game.__new__(Game)
            for k in Game.__slots__:
                setattr(ng, k, getattr(g, k))
            self.patch(ng)
            got = games[id(g)] = (g, ng)
            mine[id(ng)] = ng
        return got[1]

    def new_game(self, config: dict) -> State:
        return self.view(super().new_game(config))

    def from_json(self, obj: dict) -> State:
        return self.view(super().from_json(obj))

    def view(self, state: State) -> State:
        st = super().view(state)
        return st.replace(g=self._game(st.g))


def with_removed(g: Game, marks: set) -> None:
    """``g`` with the cards of ``marks`` out of play, dealt evenly as the reference deals."""
    deck = g.deck
    gone = {i for i, m in enumerate(deck.marks) if m in marks}
    g.removed = tuple(sorted(gone))
    g.in_play = tuple(i for i in range(len(deck.ids)) if i not in gone)
    n, r = divmod(len(g.in_play), g.players)
    with_deal(g, {str(p): n + (1 if p < r else 0) for p in range(g.players)}, True)


def with_deal(g: Game, take: dict, orient: bool) -> None:
    """``g`` whose deal gives ``take`` cards per seat, on a random side when ``orient``."""
    g.take = dict(take)
    g.deal_chance = {"event": "deal", "draws": [{"pool": [g.deck.ids[i] for i in g.in_play], "take": dict(take),
                                                  "orient": orient}]}


def _player_action(s, action) -> bool:
    return isinstance(s, State) and s.to_move >= 0 and isinstance(action, dict) and action.get("type") in ACTION_TYPES


class Filtered(Variant):
    """The reference's legal actions that :meth:`allowed` keeps; the others are rejected."""

    def allowed(self, s: State, action: dict) -> bool:
        return True

    def legal_actions(self, state: State) -> list:
        acts = super().legal_actions(state)
        if state.to_move < 0:
            return acts
        return [a for a in acts if self.allowed(state, a)]

    def apply(self, state: State, action) -> State:
        if _player_action(state, action):
            try:
                ok = self.allowed(state, action)
            except (KeyError, TypeError, IndexError, StopIteration):
                ok = True
            if not ok:
                raise IllegalActionError("this reading does not allow that action here")
        return super().apply(state, action)


class Extended(Variant):
    """The reference's legal actions and :meth:`extra` ones, each with the internal move it plays."""

    def extra(self, s: State) -> list[tuple[dict, tuple]]:
        return []

    def play_extra(self, s: State, move: tuple) -> State:
        return T.play(self, s, move)

    def legal_actions(self, state: State) -> list:
        acts = super().legal_actions(state)
        if state.to_move < 0:
            return acts
        have = {dumps(a) for a in acts}
        return acts + [a for a, _ in self.extra(state) if dumps(a) not in have]

    def apply(self, state: State, action) -> State:
        if isinstance(state, State) and state.to_move >= 0 and isinstance(action, dict):
            key = dumps(action)
            for a, move in self.extra(state):
                if dumps(a) == key:
                    try:
                        return super().apply(state, action)
                    except RulecheckError:
                        return self.play_extra(state, move)
        return super().apply(state, action)


class RuledPlays(Variant):
    """Action A enumerated through the ``play_losers`` hook: every non-empty set of cards of one
    active value that the hook lets the mover play in the current area."""

    def legal_actions(self, state: State) -> list:
        acts = super().legal_actions(state)
        if state.to_move < 0:
            return acts
        g, p = state.g, state.to_move
        ids = g.deck.ids
        groups: dict[int, list[int]] = {}
        for oc in state.hands[p]:
            groups.setdefault(g.val[oc], []).append(oc)
        slot = g.slot(p, state.area)
        plays = []
        for v, cs in groups.items():
            for size in range(1, len(cs) + 1):
                if self.play_losers(g, state.sets, slot, size, v) is None:
                    continue
                for combo in combinations(cs, size):
                    plays.append({"type": "play", "player": p, "cards": [ids[c >> 1] for c in combo]})
        return plays + [a for a in acts if a["type"] != "play"]


def round_start(s: State) -> bool:
    """The first turn of a round: nothing has left the hands yet and the start player is to move."""
    return (s.to_move >= 0 and s.to_move == s.start and not any(s.sets)
            and sum(map(len, s.hands)) == len(s.g.in_play))


__all__ = ["CHANCE", "Extended", "Filtered", "GameVariant", "RuledPlays", "entry", "round_start", "variant",
           "with_deal", "with_removed"]
