"""Provenance of the Dnup reference engine: its rulings in clause ids (engine.provenance).

An explanation path beside the fast path: nothing here runs during ``apply`` or
``legal_actions``. Every question starts from canonical JSON (a candidate's state too),
loads it with the engine, and reasons with the engine's own rule functions (``actions``,
``sets``, ``round``, ``areas``) and hooks, so the explanation follows the engine's reading
(choice ``dnup.add-conflict``).

- ``legal``: an action is legal by its action clause (DNP-ACTION-A..D), with DNP-A-ANY-COUNT
  for part of a value's cards, DNP-A-HIGHER / DNP-B-CONFLICT when it beats a set of its
  size, DNP-TWO-CONFLICT-OWN when that set is the mover's own (2 players); a deal by
  DNP-DEAL and the player count's setup clause.
- ``rejection``: the clause whose condition the action fails (``explain_turn`` has the
  successor's side).
- ``transition``: :func:`engine.dnup.explain_turn.TurnStory` for a turn, ``deal_effects``
  for a deal.
"""

from __future__ import annotations

from engine.canonical import dumps
from engine.dnup import actions as A
from engine.dnup import sets as S
from engine.dnup.explain_turn import SETUP, TurnStory, deal_effects, fixed_effects, result_clause
from engine.dnup.provenance_observation import observation_effects
from engine.dnup.state import CHANCE, OVER, State
from engine.errors import RulecheckError
from engine.provenance import Effect, LastLoaded

KEYS = {"play": {"type", "player", "cards"}, "add": {"type", "player", "card", "owner", "area"},
        "take": {"type", "player", "owner", "area"}, "flip": {"type", "player"}}


class DnupExplainer:
    """The provenance of ``rules`` (a ``DnupEngine``, with its choices and hooks)."""

    def __init__(self, rules):
        self.rules = rules
        self._last = LastLoaded()

    def _load(self, state) -> State:
        return state if isinstance(state, State) else self._last.load(state, self.rules.from_json)

    # ---- legal ------------------------------------------------------------------------
    def legal(self, state, action) -> tuple[str, ...]:
        """The clauses that make the legal ``action`` legal; ``()`` when it is not legal."""
        s = self._load(state)
        if s.to_move == CHANCE:
            return ("DNP-DEAL", SETUP[s.g.players]) if self._accepts(s, action) else ()
        if s.to_move < 0:
            return ()
        key = dumps(action)
        moves, acts = A.legal(self.rules, s)
        for move, act in zip(moves, acts):
            if dumps(act) == key:
                return self._why_legal(s, move)
        return ()

    def _why_legal(self, s: State, move: tuple) -> tuple[str, ...]:
        g, p = s.g, s.to_move
        kind = move[0]
        if kind == "A":
            cards = move[1]
            v = g.val[cards[0]]
            out = ["DNP-ACTION-A"]
            if len(cards) > 1:
                out += ["DNP-SET", "DNP-FAQ-SET"]  # these cards go together: one active value
            if len(cards) < sum(1 for c in s.hands[p] if g.val[c] == v):
                out += ["DNP-A-ANY-COUNT", "DNP-FAQ-ANY-COUNT"]
            out += _beaten_clauses(g, s.sets, g.slot(p, s.area), len(cards), "DNP-A-HIGHER")
            return tuple(out)
        if kind == "B":
            slot = move[2]
            out = ["DNP-ACTION-B"] + _beaten_clauses(g, s.sets, slot, len(s.sets[slot]) + 1, "DNP-B-CONFLICT")
            if "DNP-B-CONFLICT" in out:
                out.append("DNP-FAQ-CONFLICT")  # the FAQ: the lower of two sets of one size goes back
            return tuple(out + _staying(s, slot))
        if kind == "C":
            return ("DNP-ACTION-C",) + tuple(_staying(s, move[1]))
        return ("DNP-ACTION-D", "DNP-FAQ-DNUP")

    # ---- rejection ----------------------------------------------------------------------
    def rejection(self, state, action) -> tuple[str, ...]:
        """The clause(s) whose condition ``action`` fails; ``()`` when the engine accepts it."""
        s = self._load(state)
        if self._accepts(s, action):
            return ()
        return self._why_not(s, action) or ("DNP-ONE-ACTION",)

    def _accepts(self, s: State, action) -> bool:
        try:
            self.rules.apply(s, action)
        except RulecheckError:
            return False
        return True

    def _why_not(self, s: State, action) -> tuple[str, ...]:
        g = s.g
        if s.to_move == OVER:
            return (result_clause(s.result),)
        t = action.get("type") if isinstance(action, dict) else None
        if s.to_move == CHANCE:
            return self._bad_deal(s, action) if t == "chance" else ("DNP-DEAL",)
        if t == "chance":
            return ("DNP-DEAL",)  # a deal happens only before a round
        if t not in KEYS or set(action) != KEYS[t]:
            return ("DNP-ONE-ACTION",)  # one of the four actions A-D, nothing else (no pass)
        p = action["player"]
        if not _is_int(p) or not 0 <= p < g.players:
            return ("DNP-ONE-ACTION",)
        if p != s.to_move:
            return self._whose_turn(s, p)
        if t == "play":
            return self._bad_play(s, p, action["cards"])
        if t in ("add", "take"):
            return self._bad_target(s, p, action)
        return ()

    def _whose_turn(self, s: State, p: int) -> tuple[str, ...]:
        g = s.g
        if p in s.out:
            return ("DNP-FIRST-OUT",)  # the first player out takes no more part in the round
        if _round_start(s):
            return ("DNP-START-PLAYER", "DNP-TWO-START") if g.areas == 2 else ("DNP-START-PLAYER",)
        return ("DNP-TWO-TURNS",) if g.areas == 2 else ("DNP-CLOCKWISE",)

    def _bad_play(self, s: State, p: int, cards) -> tuple[str, ...]:
        g = s.g
        if not isinstance(cards, list) or not cards:
            return ("DNP-SET", "DNP-ONE-ACTION")  # a set is 1 or more cards; there is no pass
        hand = s.hands[p]
        ocs = []
        for cid in cards:
            oc = _held(g, hand, cid)
            if oc is None:
                return ("DNP-ACTION-A",)  # a set is played from one's own hand
            ocs.append(oc)
        if len(set(ocs)) != len(ocs) or [g.deck.ids[c >> 1] for c in sorted(ocs)] != cards:
            return ("DNP-ACTION-A",)
        if len({g.val[c] for c in ocs}) != 1:
            return ("DNP-SET", "DNP-FAQ-SET")  # one active value per set
        v = g.val[ocs[0]]
        return tuple(_blockers(self.rules, g, s.sets, g.slot(p, s.area), len(ocs), v, "DNP-A-HIGHER"))

    def _bad_target(self, s: State, p: int, action: dict) -> tuple[str, ...]:
        g = s.g
        act = "DNP-ACTION-B" if action["type"] == "add" else "DNP-ACTION-C"
        q, a = action["owner"], action["area"]
        if not _is_int(a) or not 1 <= a <= g.areas:
            return ("DNP-TWO-SETUP",) if _is_int(a) and a == 2 else (act,)  # two areas only with 2 players
        if not _is_int(q) or not 0 <= q < g.players or q == p:
            return (act,)  # B and C act on a set of another player
        slot = g.slot(q, a)
        target = s.sets[slot]
        if not target:
            return (act,)
        if action["type"] == "take":
            return ()
        oc = _held(g, s.hands[p], action["card"])
        if oc is None or g.val[oc] != g.val[target[0]]:
            return ("DNP-ACTION-B",)  # a card from the hand, whose active value is the set's value
        v = g.val[oc]
        if S.add_losers(self.rules, g, s.sets, slot, len(target) + 1, v) is None:
            return tuple(_blockers(self.rules, g, s.sets, slot, len(target) + 1, v, "DNP-B-CONFLICT"))
        return ()

    def _bad_deal(self, s: State, action) -> tuple[str, ...]:
        g = s.g
        removed = {g.deck.ids[i] for i in g.removed}
        if _dealt_ids(action) & removed:
            return ("DNP-DEAL", SETUP[g.players])  # a star-disc card out of play was dealt
        return ("DNP-DEAL",)  # every card in play, dealt evenly, each once

    # ---- transitions ----------------------------------------------------------------------
    def transition(self, state, action) -> list[Effect]:
        """One effect per part of the reference's successor (``[]`` when the engine rejects it)."""
        s = self._load(state)
        try:
            after = self.rules.apply(s, action)
        except RulecheckError:
            return []
        if s.to_move == CHANCE:
            return deal_effects(s, after)
        move = A.parse(self.rules, s, action)
        return TurnStory(self.rules, s, move, after).effects()

    def chance(self, state) -> tuple[str, ...]:
        """The pending deal: every card in play (setup clause), dealt evenly (DNP-DEAL); with
        none pending, why not (the round goes on, or the game is over)."""
        s = self._load(state)
        g = s.g
        if s.to_move == CHANCE:
            return ("DNP-DEAL", SETUP[g.players])
        if s.to_move == OVER:
            return (result_clause(s.result),)
        return ("DNP-TWO-ROUND-WIN",) if g.areas == 2 else ("DNP-SECOND-OUT",)

    def observation(self, state, player) -> list[Effect]:
        """What decides each part of ``player``'s observation: hidden hands (DNP-HIDDEN-HAND),
        the face-down discard pile (DNP-DISCARD-OWN-SET), the pending deal (DNP-DEAL), sets face
        up (DNP-ACTION-A); ``provenance_observation``."""
        sj = state if isinstance(state, dict) else self.rules.to_json(state)
        return observation_effects(sj, player)

    def result(self, state) -> list[Effect]:
        """What decides the state's ``result``: the clause that ended the game (4 letters, 2 rounds
        won, the turn cap); before that, the clause a game is won by (nobody has won it yet)."""
        s = self._load(state)
        if s.to_move == OVER:
            return [Effect("/result", (result_clause(s.result),), f"the game ends: {s.result}")]
        why = "DNP-TWO-ROUND-WIN" if s.g.areas == 2 else "DNP-GAME-END"
        return [Effect("/result", (why,), "nobody has won yet: the game goes on")]

    def setup(self, config) -> list[Effect]:
        """``new_game(config)``: the player count, the cards in play and a pending deal."""
        try:
            s = self.rules.new_game(config)
        except RulecheckError:
            return [Effect("", ("DNP-PLAYER-COUNT",), "Dnup is for 2 to 5 players")]
        out = [Effect("/chance", ("DNP-DEAL", SETUP[s.g.players]), "every round starts with a deal")]
        for f in ("to_move", "area", "start_player", "hands", "sets", "discard", "out", "leaving", "round", "turn"):
            out.append(Effect("/" + f, ("DNP-DEAL",), "before the first deal"))
        out.append(Effect("/tokens", ("DNP-GOAL",), "nobody has letters yet"))
        out.append(Effect("/rounds_won", ("DNP-TWO-ROUND-WIN",), "nobody has won a round yet"))
        out.append(Effect("/result", ("DNP-GAME-END",), "the game has not ended"))
        out.append(Effect("/game", ("DNP-PLAYER-COUNT",), "a Dnup game"))
        fixed_effects(s.g, out)
        return out


# ---- helpers ------------------------------------------------------------------------------


def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _held(g, hand, cid) -> int | None:
    """The oriented card ``cid`` in ``hand``, or None."""
    i = g.id_index.get(cid) if isinstance(cid, str) else None
    if i is None:
        return None
    return 2 * i if 2 * i in hand else 2 * i + 1 if 2 * i + 1 in hand else None


def _round_start(s: State) -> bool:
    """No card has left the hands yet this round: the start player's first turn."""
    g = s.g
    return not any(s.sets) and sum(map(len, s.hands)) == len(g.in_play) and s.to_move == s.start


def _staying(s: State, slot: int) -> list[str]:
    """DNP-FIRST-OUT-CARDS-STAY when ``slot`` holds the first player out's set: it stays on
    the table, a set like any other, so B and C may act on it."""
    lv = s.leaving
    return ["DNP-FIRST-OUT-CARDS-STAY"] if lv is not None and slot == s.g.slot(lv[0], 1) else []


def _beaten_clauses(g, sets, slot: int, size: int, rule: str) -> list[str]:
    """A legal set of ``size`` in ``slot`` beats every set of that size: ``rule``, and
    DNP-TWO-CONFLICT-OWN when one of them belongs to the same player, in the other area."""
    out = []
    for other, _ in S.same_size(g, sets, size, slot):
        c = "DNP-TWO-CONFLICT-OWN" if g.owner(other) == g.owner(slot) else rule
        if c not in out:
            out.append(c)
    return out


def _blockers(rules, g, sets, slot: int, size: int, value: int, rule: str) -> list[str]:
    """Why a set of ``size`` and ``value`` may not lie in ``slot``: it is not higher than a set
    of that size (``rule``: DNP-A-HIGHER or DNP-B-CONFLICT; equal is not higher), and
    DNP-TWO-CONFLICT-OWN when that set belongs to the same player (the other area)."""
    out = [rule]
    for other, w in S.same_size(g, sets, size, slot):
        if not rules.beats(value, w) and g.owner(other) == g.owner(slot) and len(out) == 1:
            out.append("DNP-TWO-CONFLICT-OWN")
    return out


def _dealt_ids(action) -> set:
    out = set()
    try:
        for got in action.get("outcome") or []:
            for items in got.values():
                for item in items:
                    out.add(item[0] if isinstance(item, list) else item)
    except (AttributeError, TypeError, IndexError):
        pass
    return {x for x in out if isinstance(x, str)}
