"""The reference Sorry! engine explains itself in clause ids (engine.provenance).

An explanation path beside the fast path: it loads canonical JSON, lets the engine compute
the legal moves and the successor (moves.py, turn.py), and says which clause decided each
part of it. Legality and rejection reasons live in ``reasons.py``.
"""

from __future__ import annotations

from engine.canonical import dumps
from engine.provenance import Effect, Explanation, pointer, LastLoaded
from engine.sorry.board import HOME, LOOP, SAFE0, SLIDES, START
from engine.sorry.cards import C1, C2
from engine.sorry.moves import FORFEIT, MOVE, SORRY, SWAP, land
from engine.sorry.reasons import (CARD_CLAUSE, TRIANGLE, colour, end_clauses, forfeit_rule, kind_clauses,
                                  legal_clauses, rejection_clauses, team_mate, win_clause)
from engine.sorry.provenance_paths import path_clauses
from engine.sorry.state import DEAL, DRAW, OVER, PLAY
from engine.sorry.turn import after_move
from engine.sorry.variants import parse_config

#: the squares of the slide that starts on a triangle
SLIDE_SQUARES = {a: squares for _c, a, _b, squares in SLIDES}


class SorryExplainer:
    """``engine.provenance.Explainer`` for one configured ``SorryEngine`` (its choices, its tables)."""

    def __init__(self, engine):
        self.eng = engine
        self._last = LastLoaded()

    # ---- helpers ---------------------------------------------------------------------
    def _load(self, state: dict):
        return self._last.load(state, self.eng.from_json)

    def _move(self, st, action):
        """The engine's internal move for a legal player action, else None."""
        if st.phase != PLAY or not isinstance(action, dict):
            return None
        moves = self.eng._moves(st)
        try:
            key = dumps(action)
        except (TypeError, ValueError):
            return None
        for m, a in zip(moves, st._acts):
            if dumps(a) == key:
                return m
        return None

    # ---- protocol ----------------------------------------------------------------------
    def legal(self, state: dict, action: dict) -> tuple[str, ...]:
        """The clauses that make ``action`` legal (() when it is not)."""
        st = self._load(state)
        if st.phase in (DRAW, DEAL):
            return self.chance(state) if isinstance(action, dict) and action.get("type") == "chance" else ()
        m = self._move(st, action)
        return () if m is None else legal_clauses(self.eng, st, m)

    def rejection(self, state: dict, action: dict) -> tuple[str, ...]:
        """The clause an action the engine rejects fails (() when it is legal or nothing is known)."""
        st = self._load(state)
        try:
            self.eng.apply(st, action)
            return ()
        except Exception:  # noqa: BLE001  (any rejection is explained below)
            pass
        return rejection_clauses(self.eng, self._load(state), action)

    def chance(self, state: dict) -> tuple[str, ...]:
        """The pending chance event: a draw (SRY-DRAW-PILE; a hand's refill, SRY-POINTS-PLAY) or the deal."""
        st = self._load(state)
        if st.phase == DEAL:
            return ("SRY-POINTS-DEAL",)
        if st.phase == DRAW:
            return ("SRY-DRAW-PILE", "SRY-POINTS-PLAY") if st.hands is not None else ("SRY-DRAW-PILE",)
        return ()

    def observation(self, state: dict, player: int) -> list[Effect]:
        """What ``player`` sees of ``state`` (the layout of ``engine.observation``), part by part.

        Points play hides the other hands (only their size shows) and, since the deck minus the
        discards and one's own hand would reveal them, the draw pile and the pending draw
        (SRY-POINTS-PLAY; the pile lies face down, SRY-DRAW-PILE). Without hands every card is in
        the open: the card in play and the discard pile (SRY-DRAW-AND-MOVE), and the draw pile as
        what the deck leaves (SRY-DECK), its order hidden (SRY-DRAW-PILE). The board, the seats and
        the turn are in plain view: no rule says so, so those parts name no clause."""
        ex = Explanation()
        for path in ("/game", "/players", "/variant", "/pawns", "/phase", "/turn", "/to_move", "/refill", "/result"):
            ex.add(path, note="in plain view (the rulebook takes it for granted)")
        if state.get("hands") is None:
            ex.add("/hands", note="no hands outside points play")
            ex.add("/card", "SRY-DRAW-AND-MOVE", note="shown: the drawn card is played in the open")
            ex.add("/discard_pile", "SRY-DRAW-AND-MOVE", note="shown: discarded face up")
            ex.add("/draw_pile", "SRY-DECK", "SRY-DRAW-PILE", note="shown as what the deck leaves; its order is hidden")
            ex.add("/chance", "SRY-DRAW-PILE", note="shown: the draw is over the draw pile, known to all")
            return ex.effects
        for q, name in enumerate(state["players"]):
            ex.add(pointer("hands", name), "SRY-POINTS-PLAY",
                   note="shown to its holder" if q == player else "hidden: only its size shows")
        ex.add("/card", "SRY-POINTS-PLAY", note="cards are played from the hand (no card in play)")
        ex.add("/discard_pile", "SRY-POINTS-PLAY", note="shown: the played card is discarded face up")
        ex.add("/draw_pile", "SRY-POINTS-PLAY", "SRY-DRAW-PILE",
               note="hidden: only its size shows (its cards would reveal the other hands)")
        ex.add("/chance", "SRY-POINTS-DEAL" if state.get("phase") == "deal" else "SRY-POINTS-PLAY", "SRY-DRAW-PILE",
               note="hidden: only the kind of event shows (its pool would reveal the other hands)")
        return ex.effects

    def result(self, state: dict) -> list[Effect]:
        """What decides the state's ``result``: who brought every pawn HOME first (SRY-WIN,
        SRY-TEAM-WIN, SRY-POINTS-WIN) and, in points play, the scores (SRY-POINTS-SCORE, the
        winner's SRY-POINTS-WINNER-BONUS); before that, nobody has won (the same win clause)."""
        st = self._load(state)
        cfg, ex = st.cfg, Explanation()
        win = win_clause(cfg)
        if st.phase != OVER:
            ex.add("/result", win, note="nobody has all pawns HOME")
            return ex.effects
        ex.add("/result/winners", win, note="the game ends at once")
        if cfg.points:
            winners = set((state.get("result") or {}).get("winners") or ())
            for name in cfg.names:
                extra = ("SRY-POINTS-WINNER-BONUS",) if name in winners else ()
                ex.add(pointer("result", "scores", name), "SRY-POINTS-SCORE", *extra)
        else:
            ex.add("/result/scores", win, note="only points play is scored")
        return ex.effects

    def setup(self, config: dict) -> list[Effect]:
        """new_game: pawns in START (SRY-SETUP, SRY-QUICK-START), the deck as draw pile (SRY-DECK,
        SRY-DRAW-PILE), the first player (SRY-FIRST-PLAYER, SRY-REMATCH), the deal (SRY-POINTS-DEAL)."""
        cfg, _first = parse_config(config)
        ex = Explanation()
        for p, name in enumerate(cfg.names):
            for k in range(4):
                ex.add(pointer("pawns", name, k), *(("SRY-SETUP", "SRY-QUICK-START") if cfg.quick else ("SRY-SETUP",)))
        ex.add("/players", "SRY-PLAYERS", "SRY-TURN-ORDER")
        ex.add("/variant", *(["SRY-TEAM-PARTNERS"] if cfg.team else []), *(["SRY-POINTS-RULES"] if cfg.points else []),
               *(["SRY-QUICK-START"] if cfg.quick else []), "SRY-SETUP")
        ex.add("/draw_pile", "SRY-DECK", "SRY-DRAW-PILE")
        ex.add("/discard_pile", "SRY-DRAW-PILE")
        ex.add("/turn", "SRY-REMATCH" if "previous_winner" in config else "SRY-FIRST-PLAYER")
        start = "SRY-POINTS-DEAL" if cfg.points else "SRY-DRAW-PILE"
        for path in ("/phase", "/to_move", "/chance", "/hands", "/card", "/refill", "/result"):
            ex.add(path, start)
        return ex.effects

    def transition(self, state: dict, action: dict) -> list[Effect]:
        """One effect per part of the successor the action decided (or a rule kept unchanged)."""
        st = self._load(state)
        ex = Explanation()
        if st.phase == DRAW:
            self._draw(st, ex)
        elif st.phase == DEAL:
            for name in st.cfg.names:
                ex.add(pointer("hands", name), "SRY-POINTS-DEAL", note="the dealt hand")
            for path in ("/draw_pile", "/phase", "/to_move", "/chance"):
                ex.add(path, "SRY-POINTS-DEAL")
            ex.add("/turn", "SRY-FIRST-PLAYER", note="the first player plays first")
        elif st.phase == PLAY:
            m = self._move(st, action)
            if m is not None:
                self._play(st, m, after_move(self.eng, st, m), ex)
        return ex.effects

    # ---- transitions -------------------------------------------------------------------
    def _draw(self, st, ex: Explanation) -> None:
        ex.add("/draw_pile", "SRY-DRAW-PILE", note="the drawn card leaves the draw pile")
        if st.hands is None:
            ex.add("/card", "SRY-DRAW-AND-MOVE", note="the drawn card is the card in play")
        else:
            ex.add(pointer("hands", st.cfg.names[st.refill]), "SRY-POINTS-PLAY", note="a replacement card")
            ex.add("/refill", "SRY-POINTS-PLAY")
        for path in ("/phase", "/to_move", "/chance", "/turn", "/discard_pile", "/pawns", "/result"):
            ex.add(path, "SRY-DRAW-AND-MOVE")

    def _play(self, st, move, after, ex: Explanation) -> None:
        eng, cfg, p = self.eng, st.cfg, st.turn
        kind, c = move[0], move[1]
        self._pawns(st, move, after, ex)
        # the card: discarded (SRY-DRAW-AND-MOVE), or forfeited by the rule that allows it
        rule = forfeit_rule(eng, st, c) if kind == FORFEIT else ("SRY-POINTS-PLAY" if cfg.points else "SRY-DRAW-AND-MOVE")
        reshuffled = sum(after.draw) > sum(st.draw)
        if reshuffled:
            ex.add("/draw_pile", "SRY-RESHUFFLE", note="the discard pile becomes the draw pile")
            ex.add("/discard_pile", "SRY-RESHUFFLE")
        else:
            ex.add("/draw_pile", "SRY-RESHUFFLE", note="kept: the draw pile is not empty (or the game is over)")
            ex.add("/discard_pile", rule, note="the card is discarded")
        if cfg.points:
            ex.add(pointer("hands", cfg.names[p]), rule, note="the card leaves the hand")
        else:
            ex.add("/card", rule, note="the card leaves play")
        if after.phase == OVER:
            self._result(st, after, ex)
            return
        ex.add("/result", win_clause(cfg), note="kept: nobody has all pawns HOME")
        again = c in eng.draw_again
        whose = (("SRY-TWO-DRAW-AGAIN",) if again else ("SRY-TURN-ORDER", "SRY-TWO-DRAW-AGAIN")) if c in (C1, C2) \
            else ("SRY-TURN-ORDER",)
        if again and kind == FORFEIT:
            whose += ("SRY-FAQ-OWN-PAWN",)  # a forfeited 2 still draws again (the FAQ's exception)
        # to_move follows the turn once the next card is drawn (perft compares after the draw)
        for path in ("/turn", "/to_move"):
            ex.add(path, *whose, note="the same player draws again" if again else "the turn passes to the left")
        if cfg.points:
            ex.add("/refill", rule, note="the player draws a replacement")
        for path in ("/phase", "/chance/event", "/chance/draws/0/take"):
            ex.add(path, "SRY-DRAW-AND-MOVE", note="next: a draw")
        ex.add("/chance/draws/0/pool", "SRY-RESHUFFLE" if reshuffled else "SRY-DRAW-PILE")

    def _result(self, st, after, ex: Explanation) -> None:
        cfg = st.cfg
        win = win_clause(cfg)
        for path in ("/result/winners", "/phase", "/to_move", "/chance", "/turn", "/refill"):
            ex.add(path, win, note="the game ends at once")
        if cfg.points:
            winner = cfg.names[st.turn]
            for name in cfg.names:
                extra = ("SRY-POINTS-WINNER-BONUS",) if name == winner else ()
                ex.add(pointer("result", "scores", name), "SRY-POINTS-SCORE", *extra)
        else:
            ex.add("/result/scores", win, note="only points play is scored")

    def _pawns(self, st, move, after, ex: Explanation) -> None:
        """Moved pawns (card, kind and where-it-ends clauses), bumped pawns (SRY-BUMP, SRY-SLIDE-BUMP,
        SRY-SORRY-CARD, SRY-CARD-11), and pawns a rule kept in place (safety zone, HOME, a slide not taken)."""
        R, cfg, p = self.eng.rules, st.cfg, st.turn
        kind, c, subs, tgt, _ = move
        before, res = st.pos, after.pos
        movers = {s[0]: s for s in subs}
        jumped = list(before)  # the position each count starts from (a split's second pawn after the first)
        if kind == MOVE and len(subs) == 2:
            land(R, cfg, jumped, subs[0][0], subs[0][2])
            jumped[subs[1][0]] = before[subs[1][0]]
        how = kind_clauses(R, cfg, p, move, before) or [CARD_CLAUSE[c]]
        landings = {s[2] for s in subs}
        kept_slides: dict[int, str] = {}  # squares of a slide a pawn landed on but did not take
        taken: set[int] = set()
        for i, f, landing, to in subs:
            if landing < LOOP and landing in TRIANGLE:
                squares = SLIDE_SQUARES[landing]
                if to == landing:
                    kept_slides.update({s: "SRY-SLIDE-OWN-COLOUR" if TRIANGLE[landing] == colour(cfg, i)
                                        else "SRY-SLIDE-OTHER-COLOUR" for s in squares})
                else:
                    taken.update(squares)
        if kind == SWAP and R.swap_slide_target and res[tgt] != before[subs[0][0]]:
            taken.update(SLIDE_SQUARES.get(before[subs[0][0]], ()))
        for k, (a, b) in enumerate(zip(before, res)):
            path = pointer("pawns", cfg.names[k >> 2], k & 3)
            if k in movers:
                i, f, landing, to = movers[k]
                cl = list(how) + end_clauses(R, cfg, i, f, landing, kind == SWAP)
                if kind == MOVE:  # a count (a swap or a Sorry! card counts no squares)
                    cl += path_clauses(R, cfg, c, [movers[k]], jumped)
                if b != to:
                    cl.append("SRY-SLIDE-BUMP")  # bumped by the other pawn's slide of a split 7
                ex.add(path, *dict.fromkeys(cl), note=f"moved from {a} to {b}")
            elif kind == SORRY and k == tgt:
                partner = ("SRY-TEAM-BUMP-PARTNER",) if team_mate(cfg, p, subs[0][0], k) else ()
                only = ("SRY-TEAM-SORRY-PARTNER",) if "SRY-TEAM-SORRY-PARTNER" in how else ()  # the only targets
                ex.add(path, "SRY-SORRY-CARD", *partner, *only, note="sent back to START by the Sorry! card")
            elif kind == SWAP and k == tgt and b == START:
                ex.add(path, "SRY-SLIDE-BUMP", note="swapped onto the slide the swapping pawn took: bumped back to START")
            elif kind == SWAP and k == tgt:
                ex.add(path, "SRY-CARD-11", *(("SRY-SWAP-SLIDE",) if b != before[subs[0][0]] else ()),
                       note="swapped")
            elif a != b:
                direct = a in landings and a not in taken  # landed on it, no slide
                by = next((s[0] for s in subs if s[2] == a or a in SLIDE_SQUARES.get(s[2], ())), subs[0][0])
                why = "SRY-TEAM-BUMP-PARTNER" if team_mate(cfg, p, by, k) else "SRY-BUMP" if direct else "SRY-SLIDE-BUMP"
                ex.add(path, why, note="bumped back to START")
            elif SAFE0 <= a < HOME:
                ex.add(path, "SRY-SAFETY-OWN-COLOUR", note="kept: a pawn in its safety zone cannot be touched")
            elif a == HOME:
                ex.add(path, "SRY-HOME-EXACT", note="kept: a pawn in HOME never moves")
            elif a in kept_slides:
                ex.add(path, kept_slides[a], note="kept: the slide was not taken")
            elif a in taken:
                ex.add(path, "SRY-SLIDE-BUMP", note="kept: a slide bumps no own pawn (sorry.slide-bumps-own = no)")
            elif a == START:
                ex.add(path, "SRY-START-CARDS", note="kept: a pawn leaves START only when a start card starts it")
