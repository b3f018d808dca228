"""More deliberately broken Sorry! engines, one bug each, written as a stranger reading the
rulebook would get a rule wrong (board geometry one square off, what blocks a path, a split that
need not use the whole card, turns passed the wrong way, a condition dropped, a variant option
ignored, a scoring detail).

Merged into ``tests.broken.sorry.BROKEN`` (and its ``make_<name>`` factories), so
``--engine py:tests.broken.sorry:make_<name>`` loads them like the others. Each docstring says
what the engine gets wrong and the clause whose sentence it violates.
"""

from __future__ import annotations

from engine.sorry import SorryEngine
from engine.sorry.board import COLOURS, EXIT, FWD, HOME, LOOP, SAFE0, SLIDES, START, TURN, _table
from engine.sorry.cards import C1, C2, C4, C7, C10, CSORRY, FORWARD
from engine.sorry.moves import FORFEIT, MOVE, SORRY, Rules, _blocked, _split, final_of
from engine.sorry.state import DRAW, OVER, PLAY, SorryState


def _rules_like(eng, slide=None) -> Rules:
    """A copy of ``eng.rules`` (the engine's choices), with another slide table when given."""
    ch = eng.choices
    return Rules(slide if slide is not None else eng.rules.slide,
                 bump_own=ch["sorry.slide-bumps-own"] == "yes",
                 ten_back=ch["sorry.ten-card"] == "back-one",
                 start_sorry=ch["sorry.start-cards"] == "one-two-sorry",
                 swap_slide_target=ch["sorry.swap-slide-target"] == "yes",
                 triangle_blocks=ch["sorry.own-pawn-on-triangle"] == "blocks")


def _with(st: SorryState, **kw) -> SorryState:
    """A fresh copy of ``st`` with some fields replaced (caches dropped)."""
    f = {k: getattr(st, k) for k in ("cfg", "pos", "draw", "disc", "card", "hands", "turn", "refill", "phase",
                                      "result")}
    f.update(kw)
    return SorryState(f["cfg"], f["pos"], f["draw"], f["disc"], f["card"], f["hands"], f["turn"], f["refill"],
                      f["phase"], f["result"])


class SafetyTurnOneLate(SorryEngine):
    """A pawn turns into its safety zone from the square after its colour's turn square (it passes
    the turn square on the loop first), and backs out of the zone onto that square: breaks
    SRY-SAFETY-ZONE (the zone begins one square late)."""

    def __init__(self, choices=None):
        super().__init__(choices)
        late = tuple((t + 1) % LOOP for t in TURN)

        def fwd1(c, sq):
            if sq == HOME or sq == START:
                return None
            if sq >= SAFE0:
                return sq + 1
            return SAFE0 if sq == late[c] else (sq + 1) % LOOP

        def bwd1(c, sq):
            if sq == HOME or sq == START:
                return None
            if sq == SAFE0:
                return late[c]
            return sq - 1 if sq > SAFE0 else (sq - 1) % LOOP

        self.rules.fwd = _table(fwd1)
        self.rules.bwd = _table(bwd1)


class StartExitOneEarly(SorryEngine):
    """A 1 or a 2 puts a pawn from START on the square before its colour's circle (the start exit)
    instead of on the circle: breaks SRY-START-ONE."""

    def card_moves(self, cfg, pos, player, card):
        moves = super().card_moves(cfg, pos, player, card)
        if card not in (C1, C2):
            return moves
        out = []
        for m in moves:
            i, f = m[2][0][0], m[2][0][1]
            if m[0] == MOVE and f == START:
                dest = (EXIT[cfg.colours[i >> 2]] - 1) % LOOP
                if _blocked(self.rules, cfg, pos, i, dest):
                    continue
                m = (MOVE, card, ((i, START, dest, final_of(self.rules, cfg, i, dest)),), -1, None)
            out.append(m)
        return out


class SlidesEndOneShort(SorryEngine):
    """A pawn that lands on the first square of another colour's slide stops one square before the
    slide's end (it counts the triangle as the first square of the slide's length): breaks
    SRY-SLIDE-ANY-CARD (the pawn moves to the slide's end)."""

    def __init__(self, choices=None):
        super().__init__(choices)
        mode = self.choices["sorry.slide-colours"]
        table = []
        for c in range(len(COLOURS)):
            row: list = [None] * (START + 1)
            for sc, a, _b, squares in SLIDES:
                if (sc != c) if mode == "other" else (sc == c):
                    row[a] = (squares[-2], squares[:-1])
            table.append(tuple(row))
        self.rules = _rules_like(self, tuple(table))


def _path_blocked(eng, cfg, pos, card, i, f, landing) -> bool:
    """True when a pawn on the squares pawn ``i`` passes between ``f`` and ``landing`` stands in the way."""
    if f >= HOME:
        return False
    col = cfg.colours[i >> 2]
    rows = FWD[col][f] if card != C4 else eng.rules.bwd[col][f]
    if card == C10 and FWD[col][f][10] != landing:
        rows = eng.rules.bwd[col][f]
    steps = next((k for k in range(1, 13) if rows[k] == landing), None)
    if steps is None:
        return False
    for sq in rows[1:steps]:
        for k, s in enumerate(pos):
            if k != i and s == sq and (sq < LOOP or (k >> 2) == (i >> 2)):
                return True
    return False


class PawnsBlockThePath(SorryEngine):
    """A pawn may not move past another pawn: any pawn on a square it would pass over blocks the
    count (only a start, a swap or a Sorry! card gets round it): breaks SRY-JUMP (pawns are jumped)."""

    def card_moves(self, cfg, pos, player, card):
        moves = super().card_moves(cfg, pos, player, card)
        return [m for m in moves if m[0] != MOVE or not any(
            f != START and _path_blocked(self, cfg, pos, card, i, f, landing) for i, f, landing, _ in m[2])]


class SevenSplitUnderSeven(SorryEngine):
    """A split 7 may use fewer than seven squares in all (any two counts adding up to at most seven):
    breaks SRY-CARD-7 (the split uses all seven)."""

    def card_moves(self, cfg, pos, player, card):
        moves = super().card_moves(cfg, pos, player, card)
        if card != C7:
            return moves
        R = self.rules
        pawns = [i for q in cfg.movers[player] for i in range(4 * q, 4 * q + 4) if pos[i] < HOME]
        for x, i in enumerate(pawns):
            fi = R.fwd[cfg.colours[i >> 2]][pos[i]]
            for j in pawns[x + 1:]:
                fj = R.fwd[cfg.colours[j >> 2]][pos[j]]
                for a in range(1, 6):
                    for b in range(1, 7 - a):
                        first = _split(R, cfg, pos, i, fi[a], j, fj[b])
                        second = _split(R, cfg, pos, j, fj[b], i, fi[a])
                        if first is not None:
                            moves.append(first)
                        if second is not None and (first is None or second[4] != first[4]):
                            moves.append(second)
        return moves


class TurnsPassRight(SorryEngine):
    """After a turn the player on the right (the previous seat) plays next, instead of the player on
    the left: breaks SRY-TURN-ORDER ("Het spel beweegt zich naar links")."""

    def apply(self, state, action):
        after = super().apply(state, action)
        if state.phase == PLAY and after.phase == DRAW and after.turn != state.turn:
            after = _with(after, turn=(state.turn - 1) % state.cfg.n)
        return after


class ForfeitAlwaysAllowed(SorryEngine):
    """Outside points play a player may always forfeit the card drawn, even when it allows a move:
    breaks SRY-MUST-MOVE (a player who can move must move)."""

    def _moves(self, st):
        if st._moves is None:
            super()._moves(st)
            if st.phase == PLAY and not st.cfg.points and not any(m[0] == FORFEIT for m in st._moves):
                from engine.sorry import action_json

                m = (FORFEIT, st.card, (), -1, st.pos)
                st._moves = st._moves + [m]
                st._acts = st._acts + [action_json(st.cfg, st.turn, m)]
        return st._moves


class TenBackOnlyWhenStuck(SorryEngine):
    """The 10's one step back is offered only when no pawn can go ten forward: breaks SRY-CARD-10 (a
    10 is ten forward or one back, the player's choice)."""

    def card_moves(self, cfg, pos, player, card):
        moves = super().card_moves(cfg, pos, player, card)
        if card != C10:
            return moves
        ahead = [m for m in moves if FWD[cfg.colours[m[2][0][0] >> 2]][m[2][0][1]][10] == m[2][0][2]]
        return ahead or moves


class TeamWinsWithOneColour(SorryEngine):
    """In team play the team wins as soon as the player who moves has all four pawns of their own
    colour HOME (the partner's need not be): breaks SRY-TEAM-WIN (all eight pawns HOME)."""

    def apply(self, state, action):
        after = super().apply(state, action)
        cfg = state.cfg
        if not cfg.team or state.phase != PLAY or after.phase == OVER:
            return after
        p = state.turn
        if all(s == HOME for s in after.pos[4 * p: 4 * p + 4]):
            winners = sorted(cfg.movers[p])
            return _with(after, card=-1, turn=p, refill=-1, phase=OVER,
                         result={"winners": [cfg.names[q] for q in winners]})
        return after


class RematchIgnoresPreviousWinner(SorryEngine):
    """Ignores the config's ``previous_winner`` (the winner of the last game starts a rematch): the
    first colour in seat order starts: breaks SRY-REMATCH."""

    def new_game(self, config):
        if isinstance(config, dict) and "previous_winner" in config:
            st = super().new_game(config)
            return _with(st, turn=0)
        return super().new_game(config)


class QuickStartPawnPastCircle(SorryEngine):
    """Quick start puts the fourth pawn on the square just past its colour's circle (start exit)
    instead of on the circle: breaks SRY-QUICK-START ("de vierde op het cirkelveld er net buiten")."""

    def new_game(self, config):
        st = super().new_game(config)
        if not st.cfg.quick:
            return st
        pos = list(st.pos)
        for p in range(st.cfg.n):
            pos[4 * p] = (EXIT[st.cfg.colours[p]] + 1) % LOOP
        return _with(st, pos=tuple(pos))


class OnlyWinnerScoresHome(SorryEngine):
    """At the end of a points game only the winner scores for pawns HOME; the other players score
    nothing: breaks SRY-POINTS-SCORE (every player scores 5 per pawn HOME)."""

    def apply(self, state, action):
        after = super().apply(state, action)
        if after.phase == OVER and state.phase != OVER and after.result and "scores" in after.result:
            won = set(after.result["winners"])
            scores = {name: (v if name in won else 0) for name, v in after.result["scores"].items()}
            after = _with(after, result={**after.result, "scores": scores})
        return after


class PointsForfeitDrawsNothing(SorryEngine):
    """In points play a player who cannot move discards a card but draws no replacement (the hand
    shrinks by one): breaks SRY-POINTS-DISCARD (discard one card and replace it)."""

    def apply(self, state, action):
        after = super().apply(state, action)
        if (state.phase == PLAY and state.cfg.points and isinstance(action, dict)
                and action.get("type") == "forfeit" and after.phase == DRAW):
            after = _with(after, refill=-1, phase=PLAY)
        return after


class TeamStartOwnColourOnly(SorryEngine):
    """In team play a 1 or a 2 starts only a pawn of the player's own colour, never the partner's:
    breaks SRY-TEAM-START."""

    def card_moves(self, cfg, pos, player, card):
        moves = super().card_moves(cfg, pos, player, card)
        if not cfg.team or card not in (C1, C2):
            return moves
        return [m for m in moves if not (m[0] == MOVE and m[2][0][1] == START and m[2][0][0] >> 2 != player)]


class SorryDoesNotSlide(SorryEngine):
    """After a Sorry! card the pawn stays on the square it took, also when that square is the first
    square (triangle) of another colour's slide: breaks SRY-SORRY-CARD (then the pawn slides)."""

    def card_moves(self, cfg, pos, player, card):
        moves = super().card_moves(cfg, pos, player, card)
        if card != CSORRY:
            return moves
        out = []
        for m in moves:
            (i, f, t, to), = m[2]
            if m[0] == SORRY and to != t:
                p = list(pos)
                p[m[3]] = START
                p[i] = t
                m = (SORRY, card, ((i, f, t, t),), m[3], tuple(p))
            out.append(m)
        return out


# ---- result(): what an in-process engine says of the game's end. Over the protocol an engine's
# result is its state's ``result`` field; in-process it is also ``result()``, which these engines
# get wrong while their states are right (the differential and the machine compare it in every state)


class _ResultOnly(SorryEngine):
    """Its states are the reference's; only ``result()`` (``_result``) says otherwise. Whether the
    game is over still follows the state."""

    kind = "result"

    def result(self, state):
        return self._result(state, super().result(state))

    def is_terminal(self, state):
        return super().result(state) is not None

    def _result(self, st, res):
        return res


def _home(st, p: int) -> int:
    return sum(1 for sq in st.pos[4 * p: 4 * p + 4] if sq == HOME)


class ResultOncePawnHome(_ResultOnly):
    """Outside team and points play, result() names the player with most pawns HOME as soon as one
    pawn is HOME, while the game goes on: breaks SRY-WIN (the first with all four pawns HOME wins)."""

    def _result(self, st, res):
        cfg = st.cfg
        if res is None and not cfg.team and not cfg.points and st.phase != OVER:
            home = [_home(st, p) for p in range(cfg.n)]
            if max(home) > 0:
                return {"winners": [cfg.names[home.index(max(home))]]}
        return res


class NoResultWhenWon(_ResultOnly):
    """Outside team and points play, result() stays None once a player has won (the game is over,
    nothing is legal): breaks SRY-WIN."""

    def _result(self, st, res):
        return None if not st.cfg.team and not st.cfg.points else res


class TeamResultNamesOneColour(_ResultOnly):
    """In team play result() names only the colour whose last pawn came HOME, not its partner:
    breaks SRY-TEAM-WIN (the team wins)."""

    def _result(self, st, res):
        if res is not None and st.cfg.team and len(res.get("winners", ())) > 1:
            return {**res, "winners": res["winners"][:1]}
        return res


class ResultScoresOnePerPawnHome(_ResultOnly):
    """In points play result() scores the losers' pawns HOME at one point each, not five: breaks
    SRY-POINTS-SCORE."""

    def _result(self, st, res):
        if res is not None and st.cfg.points and "scores" in res:
            won = set(res["winners"])
            res = {**res, "scores": {name: v if name in won else v // 5 for name, v in res["scores"].items()}}
        return res


BROKEN = {
    "safety_turn_one_late": (SafetyTurnOneLate, "SRY-SAFETY-ZONE"),
    "start_exit_one_early": (StartExitOneEarly, "SRY-START-ONE"),
    "slides_end_one_short": (SlidesEndOneShort, "SRY-SLIDE-ANY-CARD"),
    "pawns_block_the_path": (PawnsBlockThePath, "SRY-JUMP"),
    "seven_split_under_seven": (SevenSplitUnderSeven, "SRY-CARD-7"),
    "turns_pass_right": (TurnsPassRight, "SRY-TURN-ORDER"),
    "forfeit_always_allowed": (ForfeitAlwaysAllowed, "SRY-MUST-MOVE"),
    "ten_back_only_when_stuck": (TenBackOnlyWhenStuck, "SRY-CARD-10"),
    "team_wins_with_one_colour": (TeamWinsWithOneColour, "SRY-TEAM-WIN"),
    "rematch_ignores_previous_winner": (RematchIgnoresPreviousWinner, "SRY-REMATCH"),
    "quick_start_pawn_past_circle": (QuickStartPawnPastCircle, "SRY-QUICK-START"),
    "only_winner_scores_home": (OnlyWinnerScoresHome, "SRY-POINTS-SCORE"),
    "points_forfeit_draws_nothing": (PointsForfeitDrawsNothing, "SRY-POINTS-DISCARD"),
    "team_start_own_colour_only": (TeamStartOwnColourOnly, "SRY-TEAM-START"),
    "sorry_does_not_slide": (SorryDoesNotSlide, "SRY-SORRY-CARD"),
    "result_once_pawn_home": (ResultOncePawnHome, "SRY-WIN"),
    "no_result_when_won": (NoResultWhenWon, "SRY-WIN"),
    "team_result_names_one_colour": (TeamResultNamesOneColour, "SRY-TEAM-WIN"),
    "result_scores_one_per_pawn_home": (ResultScoresOnePerPawnHome, "SRY-POINTS-SCORE"),
}


def _factory(cls):
    def make(game="sorry", choices=None):
        eng = cls(choices)
        eng.name = f"broken-sorry-{cls.__name__}"
        return eng

    return make


FACTORIES = {f"make_{name}": _factory(cls) for name, (cls, _) in BROKEN.items()}
