"""The reference Sorry! engine under one misreading (a :class:`~engine.sorry.misreadings_moves.Reading`).

:class:`MisreadSorry` subclasses ``SorryEngine`` and replaces, for the modes of play the
reading applies in, the decision points the reference fixes: the moves of a card
(``misreadings_moves.Movement``), the forfeits (SRY-MUST-MOVE, SRY-ELEVEN-FORFEIT,
SRY-SORRY-FORFEIT, SRY-POINTS-DISCARD), the end of a move (the discard, SRY-DRAW-AND-MOVE; drawing
again, SRY-TWO-DRAW-AGAIN; the turn, SRY-TURN-ORDER; the reshuffle, SRY-RESHUFFLE; the win,
SRY-WIN, SRY-TEAM-WIN, SRY-POINTS-WIN; the refill, SRY-POINTS-PLAY), the scoring
(SRY-POINTS-SCORE, SRY-POINTS-WINNER-BONUS), the setup (SRY-PLAYERS, SRY-FIRST-PLAYER,
SRY-REMATCH, SRY-QUICK-START, SRY-DECK, SRY-POINTS-DEAL), the partners (SRY-TEAM-PARTNERS) and
what a player sees (SRY-POINTS-PLAY). The reference itself is not touched.
"""

from __future__ import annotations

import copy

from engine.canonical import dumps
from engine.errors import BadConfigError, RulecheckError
from engine.sorry import SorryEngine
from engine.sorry.board import HOME, LOOP, START
from engine.sorry.cards import C11, CSORRY, NCARDS
from engine.sorry.misreadings_moves import MOVEMENT, Movement, Reading
from engine.sorry.moves import FORFEIT, MOVE, SORRY, SWAP, result_of
from engine.sorry.scoring import _S
from engine.sorry.state import DRAW, OVER, PLAY, SorryState, adopt
from engine.sorry.turn import legal_moves as _reference_legal_moves


_DEFAULT = Reading()
#: validated states kept for from_json (by deck and the object loaded); cleared when full
LOADED_KEPT = 4096
_LOADED: dict = {}


def mode_of(cfg) -> str:
    return "team" if cfg.team else "points" if cfg.points else "base"


class MisreadSorry(SorryEngine):
    """``SorryEngine`` playing the rules under ``reading`` (the reference outside ``reading.modes``)."""

    name = "sorry-misreading"

    def __init__(self, choices: dict | None = None, reading: Reading = Reading()):
        super().__init__(choices)
        rd = self.rd = reading
        self.move_gen = Movement(rd, self.choices)
        #: the reading leaves every card's moves as they are: the reference's own (faster) move generation
        self.same_moves = all(getattr(rd, f) == getattr(_DEFAULT, f) for f in MOVEMENT)
        if rd.draw_again is not None:
            self.draw_again = rd.draw_again
        if rd.deck_delta:
            deck = list(self.deck)
            for c, d in rd.deck_delta:
                deck[c] += d
            self.deck = tuple(deck)
        self.hand_size += rd.hand_delta
        self._cfgs: dict = {}

    def on(self, cfg) -> bool:
        return mode_of(cfg) in self.rd.modes

    # ---- partners (SRY-TEAM-PARTNERS)
    def _cfg(self, cfg):
        """The config with the reading's partners (the same object when they are the official ones)."""
        rd = self.rd
        if not cfg.team or not self.on(cfg) or rd.partners == "official":
            return cfg
        got = self._cfgs.get(id(cfg))
        if got is None:
            got = copy.copy(cfg)
            n = cfg.n
            if rd.partners == "none":
                movers = tuple((p,) for p in range(n))
            else:  # rotated: red+blue v yellow+green
                movers = tuple((p, p ^ 1) for p in range(n))
            got.movers = movers
            got.opponents = tuple(tuple(q for q in range(n) if q not in movers[p]) for p in range(n))
            self._cfgs[id(cfg)] = (cfg, got)
            return got
        return got[1]

    def _restate(self, st: SorryState, **kw) -> SorryState:
        f = {k: getattr(st, k) for k in ("cfg", "pos", "draw", "disc", "card", "hands", "turn", "refill", "phase",
                                         "result")}
        f.update(kw)
        return SorryState(**f)

    # ---- setup
    def new_game(self, config: dict) -> SorryState:
        rd = self.rd
        if rd.seats != "clockwise" and isinstance(config, dict) and "colours" not in config and config.get("players") in (2, 3):
            seated = {("opposite", 2): ["red", "yellow"], ("counter", 2): ["red", "green"],
                      ("counter", 3): ["red", "yellow", "green"]}.get((rd.seats, config["players"]))
            if seated is not None:
                return super().new_game({**{k: v for k, v in config.items() if k != "players"}, "colours": seated})
        st = super().new_game(config)
        cfg = st.cfg
        if not self.on(cfg):
            return st
        if cfg.n in rd.reject_players:
            raise BadConfigError(f"this reading plays Sorry! without {cfg.n} players")
        turn = st.turn
        if "previous_winner" in config:
            if rd.rematch == "ignored":
                turn = 0
            elif rd.rematch == "next":
                turn = (turn + 1) % cfg.n
        else:
            if rd.first_ignored and "first" in config:
                turn = 0
            turn = (turn + rd.first_shift) % cfg.n
        pos = list(st.pos)
        quick = cfg.quick
        if rd.quick == "never":
            quick = False
        elif rd.quick == "always":
            quick = True
        for p in range(cfg.n):
            pos[4 * p: 4 * p + 4] = [START] * 4
            if quick:
                pos[4 * p] = (self.move_gen.exit[cfg.colours[p]] + rd.quick_shift) % LOOP
                if rd.quick == "two":
                    pos[4 * p + 1] = self.move_gen.fwd[cfg.colours[p]][pos[4 * p]][1]
        return self._restate(st, cfg=self._cfg(cfg), pos=tuple(pos), turn=turn)

    def from_json(self, obj: dict) -> SorryState:
        """The reference's loader, its validated result shared by every misreading with the same deck:
        diagnosis loads the same witness object into each of them (kept by identity, the object held so
        its id is not reused; canonical JSON handed to an engine is never changed in place). A fresh
        state object each time."""
        key = (self.deck, id(obj))
        got = _LOADED.get(key)
        if got is None or got[0] is not obj:
            if len(_LOADED) >= LOADED_KEPT:
                _LOADED.clear()
            try:
                got = (obj, super().from_json(obj))
            except RulecheckError as exc:  # a state this reading cannot load (another deck): refused again at once
                got = (obj, exc)
            _LOADED[key] = got
        st = got[1]
        if isinstance(st, RulecheckError):
            raise st
        return self._restate(st, cfg=self._cfg(st.cfg))

    # ---- moves
    def card_moves(self, cfg, pos, player: int, card: int) -> list:
        if self.same_moves or not self.on(cfg):
            return super().card_moves(cfg, pos, player, card)
        movers = cfg.movers[player] if self.rd.partner_moves else (player,)
        return self.move_gen.card_moves(cfg, pos, player, card, movers)

    def _moves(self, st: SorryState):
        if st._by is not self:
            adopt(st, self)
        if st._moves is None:
            from engine.sorry import actions_json

            moves = self.legal_moves(st) if self.on(st.cfg) else _reference_legal_moves(self, st)
            st._moves = moves
            st._acts = actions_json(st.cfg, st.turn, moves)
        return st._moves

    def legal_moves(self, st: SorryState) -> list:
        """``turn.legal_moves`` under the reading (forfeits)."""
        if st.phase != PLAY:
            return []
        rd = self.rd
        cfg, pos, p = st.cfg, st.pos, st.turn
        if not cfg.points:
            c = st.card
            moves = self.card_moves(cfg, pos, p, c)
            if (not moves or (c == C11 and self.eleven_optional and not any(m[0] == MOVE for m in moves))
                    or rd.may_forfeit or c in rd.forfeit_cards or self._partner_only(cfg, p, c, moves)):
                if not (rd.forfeit_all_start_only and any(
                        pos[i] != START for q in cfg.movers[p] for i in range(4 * q, 4 * q + 4))):
                    moves.append((FORFEIT, c, (), -1, pos))
            return moves
        hand = st.hands[p]
        moves = []
        for c in range(NCARDS):
            if hand[c]:
                moves.extend(self.card_moves(cfg, pos, p, c))
        only_swaps = moves and all(m[0] == SWAP for m in moves) and self.eleven_optional
        if not moves or only_swaps or rd.may_forfeit:
            held = [c for c in range(NCARDS) if hand[c]]
            moves.extend((FORFEIT, c, (), -1, pos) for c in (held[:1] if rd.discard_one else held))
        return moves

    def _partner_only(self, cfg, p: int, c: int, moves) -> bool:
        """Team play read so that a Sorry! card whose every target is the partner's pawn may be forfeited."""
        if not (self.rd.sorry_partner_optional and cfg.team and c == CSORRY and moves):
            return False
        return all(m[0] == SORRY and (m[3] >> 2) in cfg.movers[p] for m in moves)

    def apply(self, state: SorryState, action: dict) -> SorryState:
        if not isinstance(state, SorryState) or not self.on(state.cfg):
            return super().apply(state, action)
        if state._by is not self:
            adopt(state, self)
        if state.phase == PLAY:
            moves = self._moves(state)
            if state._keys is None:
                state._keys = {dumps(a): k for k, a in enumerate(state._acts)}
            try:
                k = state._keys.get(dumps(action))
            except (TypeError, ValueError):
                k = None
            if k is None:
                raise self._why_illegal(state, action)
            return self.after_move(state, moves[k])
        after = super().apply(state, action)
        if state.phase == DRAW and self.rd.draw_replaced:
            after = self._restate(after, draw=state.draw)
        return after

    # ---- the end of a move
    def after_move(self, st: SorryState, move) -> SorryState:
        """``turn.after_move`` under the reading."""
        rd = self.rd
        cfg, p, c = st.cfg, st.turn, move[1]
        pos = result_of(self.rules, cfg, st.pos, move) if move[4] is None else self.move_gen.result(cfg, st.pos, move)
        draw, disc = list(st.draw), list(st.disc)
        mine = [i for q in cfg.movers[p] for i in range(4 * q, 4 * q + 4)]
        all_start = move[0] == FORFEIT and all(st.pos[i] == START for i in mine)
        if all_start and rd.no_start_forfeit == "keep":
            draw[c] += 1
        elif rd.discard == "lost":
            pass
        elif rd.discard == "pile":
            draw[c] += 1
        else:
            disc[c] += 1
        hands = st.hands
        if hands is not None:
            h = list(hands[p])
            h[c] -= 1
            hands = hands[:p] + (tuple(h),) + hands[p + 1:]
        winners = self.winners(cfg, pos, p)
        if winners and rd.win_detected:
            result = {"winners": [cfg.names[q] for q in winners]}
            if cfg.points:
                result["scores"] = self.score(cfg, pos, p)
            return SorryState(cfg, pos, tuple(draw), tuple(disc), -1, hands, p, -1, OVER, result)
        again = c in self.draw_again and (rd.again_on_forfeit or move[0] != FORFEIT)
        again = again or (all_start and rd.no_start_forfeit == "again")
        nxt = p if again else (p + rd.turn_step) % cfg.n
        if rd.reshuffle_at >= 0 and sum(draw) <= rd.reshuffle_at:
            draw, disc = [a + b for a, b in zip(draw, disc)], [0] * NCARDS
        if cfg.points and (rd.refill == "none" or (move[0] == FORFEIT and not rd.forfeit_refill)):
            return SorryState(cfg, pos, tuple(draw), tuple(disc), -1, hands, nxt, -1, PLAY)
        refill = (nxt if rd.refill == "next" else p) if cfg.points else -1
        return SorryState(cfg, pos, tuple(draw), tuple(disc), -1, hands, nxt, refill, DRAW)

    def winners(self, cfg, pos, p: int) -> tuple[int, ...]:
        rd = self.rd
        team = cfg.movers[p]
        if cfg.team and rd.team_win_colour:
            team = tuple(q for q in team if sum(s == HOME for s in pos[4 * q: 4 * q + 4]) >= rd.win_count) or ()
            if not team:
                return ()
            return tuple(sorted(cfg.movers[p]))
        for q in team:
            if sum(s == HOME for s in pos[4 * q: 4 * q + 4]) < rd.win_count:
                return ()
        if cfg.team and rd.team_winners_mover:
            return (p,)
        return tuple(sorted(team))

    def score(self, cfg, pos, winner: int) -> dict[str, int]:
        """``scoring.score`` under the reading."""
        rd = self.rd
        home = [sum(1 for s in pos[4 * p: 4 * p + 4] if s == HOME) for p in range(cfg.n)]
        out = {name: (rd.per_home * home[p] if (p == winner or not rd.score_winner_only) else 0)
               for p, name in enumerate(cfg.names)}
        others = [home[p] for p in range(cfg.n) if p != winner]
        w = cfg.names[winner]
        out[w] += rd.per_opponent * sum(others if rd.opponent_counts_home else (4 - h for h in others))
        most = sum(others) if rd.bonus_of == "sum" else max(others)
        bonuses = [pts for limit, pts in _S["bonus_max_opponent_home"].items() if most <= int(limit) + rd.bonus_shift]
        if bonuses and rd.bonus_of != "none":
            out[w] += sum(bonuses) if self.bonus_mode == "cumulative" else max(bonuses)
        return out

    # ---- what a player sees
    def observation(self, state: SorryState, player: int) -> dict:
        obj = super().observation(state, player)
        show = self.rd.show
        if state.hands is None or not show or not self.on(state.cfg):
            return obj
        full = self.to_json(state)
        if "hands" in show:
            obj["hands"] = dict(full["hands"])
        if "own-hidden" in show:
            obj["hands"] = {**obj["hands"], full["players"][player]: len(full["hands"][full["players"][player]])}
        if "draw_pile" in show:
            obj["draw_pile"] = full["draw_pile"]
        if "chance" in show:
            obj["chance"] = full["chance"]
        return obj


def build(reading: Reading):
    """A ``Misreading.build``: the variant under the candidate's choices (made once per choices:
    engines hold no game state)."""
    made: dict = {}

    def make(choices: dict):
        key = tuple(sorted((choices or {}).items()))
        eng = made.get(key)
        if eng is None:
            eng = made[key] = MisreadSorry(choices, reading)
        return eng

    return make


__all__ = ["MisreadSorry", "Reading", "build", "mode_of"]
