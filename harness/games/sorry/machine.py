"""The Sorry! stateful machine: random games through the protocol, invariants on the JSON.

Every check reads only the canonical JSON, the board geometry (specs/sorry/board.json),
the deck (specs/sorry/deck.json) and the engine's declared choices, so it holds for any
engine. Pawn movement is recomputed here from the geometry, independently of the
reference engine. Each check raises ClauseViolation naming the clause it protects.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import strategies as st

import specs
from harness.explore.machine import EngineMachine
from harness.games import declared_choice
from harness.verdicts.violations import ClauseViolation, require

BOARD = specs.load("sorry").param("board")
DECK = specs.load("sorry").param("deck")
LOOP = BOARD["loop"]
SAFE = BOARD["safety_length"]
COLOURS = tuple(BOARD["colours"])
EXIT = {c: BOARD["per_colour"][c]["start_exit"] for c in COLOURS}
TURN = {c: BOARD["per_colour"][c]["safety_turn"] for c in COLOURS}
SLIDES = {a: (c, b, [(a + k) % LOOP for k in range((b - a) % LOOP + 1)])
          for c in COLOURS for a, b in BOARD["per_colour"][c]["slides"]}
FORWARD = {"1": 1, "2": 2, "3": 3, "5": 5, "8": 8, "12": 12}

#: clauses whose invariants this machine checks (the suite test marks them)
CHECKED_CLAUSES = (
    "SRY-SETUP", "SRY-DECK", "SRY-DRAW-PILE", "SRY-DRAW-AND-MOVE", "SRY-RESHUFFLE", "SRY-BUMP",
    "SRY-OWN-PAWN-BLOCKS", "SRY-START-CARDS", "SRY-START-ONE", "SRY-CARD-1", "SRY-CARD-2", "SRY-CARD-3", "SRY-CARD-4",
    "SRY-CARD-5", "SRY-CARD-7", "SRY-CARD-8", "SRY-CARD-10", "SRY-CARD-11", "SRY-CARD-12", "SRY-SORRY-CARD",
    "SRY-SLIDE-OTHER-COLOUR", "SRY-SLIDE-OWN-COLOUR", "SRY-SLIDE-BUMP", "SRY-SAFETY-OWN-COLOUR",
    "SRY-SAFETY-BACKWARD", "SRY-HOME-EXACT", "SRY-TWO-DRAW-AGAIN", "SRY-TURN-ORDER", "SRY-MUST-MOVE",
    "SRY-ELEVEN-FORFEIT", "SRY-WIN", "SRY-TEAM-WIN", "SRY-TEAM-PARTNERS", "SRY-CLOCKWISE", "SRY-SWAP-SLIDE",
)


def configs() -> st.SearchStrategy:
    """Every config the rules allow (specs/sorry/config.toml): 2-4 players by count or by ``colours``
    (any distinct colours, listed in any order), with or without ``first`` (a seat index or a colour)
    or ``previous_winner`` (a rematch); quick start on or off; team play (four colours); points play
    (quick start by default, or explicitly on or off)."""
    return st.one_of(_config("plain"), _config("colours"), _config("team"), _config("points"))


def covering_configs() -> list[dict]:
    """Configs that reach every declared value of specs/sorry/config.toml (each player count, seats
    by colour unlike colour indexes and listed out of order, ``first`` and ``previous_winner`` as a
    seat and as a colour, every variant on): played first by the differential (config coverage)."""
    return [{"players": 2}, {"players": 3, "first": 2, "quick_start": True},
            {"players": 4, "team": True, "previous_winner": 1},
            {"colours": ["green", "blue"], "first": "green"},
            {"colours": ["red", "blue", "yellow"], "points": True, "previous_winner": "blue"}]


@st.composite
def _config(draw, kind: str) -> dict:
    if kind == "team":
        seats = draw(st.sampled_from([{"players": 4}, {"colours": None}]))
        if "colours" in seats:
            seats = {"colours": draw(st.permutations(COLOURS))}
    elif kind == "colours" or (kind == "points" and draw(st.booleans())):
        seats = {"colours": draw(st.lists(st.sampled_from(COLOURS), min_size=2, max_size=4, unique=True))}
    else:
        seats = {"players": draw(st.integers(2, 4))}
    names = sorted(seats["colours"], key=COLOURS.index) if "colours" in seats else list(COLOURS[:seats["players"]])
    cfg = dict(seats)
    if kind == "team":
        cfg["team"] = True
    if kind == "points":
        cfg["points"] = True
    quick = draw(st.sampled_from([None, True, False]))
    if quick is not None:
        cfg["quick_start"] = quick
    who = draw(st.sampled_from(["none", "first", "first", "previous_winner"]))
    if who != "none":
        seat = draw(st.integers(0, len(names) - 1))
        cfg[who] = draw(st.sampled_from([seat, names[seat]]))
    return cfg


# ---------------------------------------------------------------- geometry (from board.json)


def fwd(colour: str, sq, n: int):
    """Where a pawn of ``colour`` on ``sq`` lands after n steps forward (None: not possible)."""
    for _ in range(n):
        if sq in ("home", "start") or sq is None:
            return None
        if isinstance(sq, str):
            k = int(sq.split()[1])
            sq = "home" if k == SAFE else f"safety {k + 1}"
        elif sq == TURN[colour]:
            sq = "safety 1"
        else:
            sq = (sq + 1) % LOOP
    return sq


def bwd(colour: str, sq, n: int):
    for _ in range(n):
        if sq in ("home", "start") or sq is None:
            return None
        if isinstance(sq, str):
            k = int(sq.split()[1])
            sq = TURN[colour] if k == 1 else f"safety {k - 1}"
        else:
            sq = (sq - 1) % LOOP
    return sq


def dist_home(colour: str, sq) -> int | None:
    if isinstance(sq, str):
        return SAFE + 1 - int(sq.split()[1]) if sq.startswith("safety") else None
    return (TURN[colour] - sq) % LOOP + SAFE + 1


def colour_of(pawn: str) -> str:
    return pawn.split()[0]


def index_of(pawn: str) -> int:
    return int(pawn.split()[1]) - 1


class SorryMachine(EngineMachine):
    max_plies_per_game = 2000

    # -------------------------------------------------------------- helpers
    def choice(self, cid: str) -> str:
        return declared_choice(self.engine, "sorry", cid)

    def slide_of(self, colour: str, sq):
        """(end, squares) when a pawn of ``colour`` landing on ``sq`` slides, else None."""
        if not isinstance(sq, int) or sq not in SLIDES:
            return None
        owner, end, squares = SLIDES[sq]
        other = self.choice("sorry.slide-colours") == "other"
        return (end, squares) if (owner != colour) == other else None

    def team(self, sj: dict, player: int) -> list[str]:
        me = sj["players"][player]
        if not sj["variant"]["team"]:
            return [me]
        for t in BOARD["teams"]:
            if me in t:
                return list(t)
        return [me]

    def on_new_game(self, config, state, sj):
        self.deck_total = Counter(self._cards(sj))
        edition = DECK["editions"][self.choice("sorry.deck")]
        require(self.deck_total == Counter({c: n for c, n in edition.items() if n}), "SRY-DECK",
                f"a new game holds the cards {dict(self.deck_total)}, not the {self.choice('sorry.deck')} deck")

    @staticmethod
    def _cards(sj: dict) -> list[str]:
        cards = list(sj["draw_pile"]) + list(sj["discard_pile"])
        if sj["card"] is not None:
            cards.append(sj["card"])
        for h in (sj["hands"] or {}).values():
            cards.extend(h)
        return cards

    # -------------------------------------------------------------- state invariants
    def check_state(self, state, sj):
        require(Counter(self._cards(sj)) == self.deck_total, "SRY-DECK",
                "cards are not conserved over draw pile, discard pile, card in play and hands")
        occupied: dict = {}
        for colour, squares in sj["pawns"].items():
            require(len(squares) == 4, "SRY-SETUP", f"{colour} has {len(squares)} pawns")
            for k, sq in enumerate(squares):
                if sq in ("start", "home"):
                    continue
                key = sq if isinstance(sq, int) else (colour, sq)
                if key in occupied:
                    other = occupied[key]
                    clause = "SRY-OWN-PAWN-BLOCKS" if colour_of(other) == colour else "SRY-BUMP"
                    raise ClauseViolation(clause, f"{other} and {colour} {k + 1} are both on {sq}")
                occupied[key] = f"{colour} {k + 1}"
        if sj["phase"] == "draw":
            require(len(sj["draw_pile"]) > 0, "SRY-RESHUFFLE", "a draw is pending but the draw pile is empty")
        self._check_result(sj)
        if sj["phase"] == "play":
            self._check_legal(state, sj)

    def _check_result(self, sj):
        full = {c for c, squares in sj["pawns"].items() if all(s == "home" for s in squares)}
        if sj["variant"]["team"]:
            winners = [t for t in BOARD["teams"] if all(c in full for c in t)]
            clause = "SRY-TEAM-WIN"
        else:
            winners = [[c] for c in full]
            clause = "SRY-WIN"
        if sj["result"] is None:
            require(not winners, clause, f"{winners[0] if winners else ''} has every pawn HOME but the game goes on")
        else:
            require(sorted(sj["result"]["winners"]) in [sorted(w) for w in winners], clause,
                    f"result {sj['result']} does not name a colour (team) with every pawn HOME")

    def _check_legal(self, state, sj):
        legal = self.engine.legal_actions(state)
        p = sj["turn"]
        hand = sj["hands"][sj["players"][p]] if sj["hands"] else [sj["card"]]
        for a in legal:
            require(a.get("player") == p, "SRY-DRAW-AND-MOVE", f"a legal action of player {a.get('player')} on player {p}'s turn")
            require(a.get("card") in hand, "SRY-DRAW-AND-MOVE", f"legal action {a} plays a card the player does not hold")
        forfeits = [a for a in legal if a["type"] == "forfeit"]
        others = [a for a in legal if a["type"] != "forfeit"]
        if forfeits and others:
            only_swaps = all(a["type"] == "swap" for a in others)
            require(only_swaps and self.choice("sorry.eleven-forfeit") == "optional",
                    "SRY-MUST-MOVE" if not only_swaps else "SRY-ELEVEN-FORFEIT",
                    f"forfeiting is legal although {others[0]} is possible")
        if not sj["hands"] and sj["card"] == "11" and others and not forfeits:
            require(any(a["type"] == "move" for a in others) or self.choice("sorry.eleven-forfeit") != "optional",
                    "SRY-ELEVEN-FORFEIT", "eleven forward is impossible, yet the player may not forfeit the 11")
        if not legal:
            raise ClauseViolation("SRY-MUST-MOVE", "a player is to move but has no legal action (not even a forfeit)")

    # -------------------------------------------------------------- transition invariants
    def check_transition(self, before, bj, action, after, aj):
        if action.get("type") == "chance":
            if bj["phase"] == "draw":
                got = action["outcome"][0]["draw"][0]
                require(got in bj["draw_pile"], "SRY-DRAW-PILE", f"drew a {got} that is not in the draw pile")
            return
        p = bj["turn"]
        card = action["card"]
        movers = self.team(bj, p)
        named = set()
        kind = action["type"]
        if kind == "move":
            named = {m["pawn"] for m in action["moves"]}
            self._check_move(bj, aj, action, movers)
        elif kind in ("swap", "sorry"):
            named = {action["pawn"], action["target"]}
            self._check_swap_or_sorry(bj, aj, action, movers)
        elif kind == "forfeit":
            require(aj["pawns"] == bj["pawns"], "SRY-DRAW-AND-MOVE", "a forfeit moved pawns")
        self._check_bystanders(bj, aj, action, named)
        self._check_next_turn(bj, aj, card, p)

    def _check_bystanders(self, bj, aj, action, named):
        """Pawns the action does not name only ever go back to START (bumped) from the open track."""
        for colour, squares in bj["pawns"].items():
            for k, sq in enumerate(squares):
                now = aj["pawns"][colour][k]
                name = f"{colour} {k + 1}"
                if name in named or now == sq:
                    continue
                if sq == "home":
                    raise ClauseViolation("SRY-HOME-EXACT", f"{name} left HOME for {now}")
                if isinstance(sq, str):
                    raise ClauseViolation("SRY-SAFETY-OWN-COLOUR", f"{name} was moved out of its safety zone to {now}")
                require(now == "start", "SRY-BUMP", f"{name} moved from {sq} to {now} without being named in {action}")
        for colour, squares in bj["pawns"].items():
            for k, sq in enumerate(squares):
                if sq == "home":
                    require(aj["pawns"][colour][k] == "home", "SRY-HOME-EXACT", f"{colour} {k + 1} left HOME")

    def _expected(self, colour: str, frm, card: str, bj) -> list:
        """(landing, clause) pairs a single-pawn move of ``card`` may make from ``frm``."""
        if frm == "start":
            if card in ("1", "2"):
                return [(EXIT[colour], "SRY-START-ONE")]
            return []
        if card in FORWARD:
            return [(fwd(colour, frm, FORWARD[card]), f"SRY-CARD-{card}")]
        if card == "4":
            return [(bwd(colour, frm, 4), "SRY-CARD-4")]
        if card == "7":
            return [(fwd(colour, frm, 7), "SRY-CARD-7")]
        if card == "10":
            one = bwd(colour, frm, 1) if self.choice("sorry.ten-card") == "back-one" else fwd(colour, frm, 1)
            return [(fwd(colour, frm, 10), "SRY-CARD-10"), (one, "SRY-CARD-10")]
        if card == "11":
            return [(fwd(colour, frm, 11), "SRY-CARD-11")]
        return []

    def _check_landing(self, bj, aj, pawn, frm, to, landing, clause, spared=()):
        colour = colour_of(pawn)
        sl = self.slide_of(colour, landing)
        if to != (sl[0] if sl else landing):
            if isinstance(landing, int) and landing in SLIDES:
                owner = SLIDES[landing][0]
                if clause == "SRY-CARD-11" and sl is not None:
                    raise ClauseViolation("SRY-SWAP-SLIDE", f"{pawn} was swapped onto the {owner} triangle {landing} "
                                                            f"and rested on {to}")
                raise ClauseViolation("SRY-SLIDE-OWN-COLOUR" if owner == colour else "SRY-SLIDE-OTHER-COLOUR",
                                      f"{pawn} landed on the {owner} triangle {landing} and rested on {to}")
            if isinstance(to, str) and to.startswith("safety") and isinstance(frm, int):
                backward = clause in ("SRY-CARD-4", "SRY-CARD-10") and isinstance(landing, int)
                raise ClauseViolation("SRY-SAFETY-BACKWARD" if backward else "SRY-SAFETY-OWN-COLOUR",
                                      f"{pawn} from {frm} entered a safety zone ({to}) instead of landing on {landing}")
            raise ClauseViolation(clause, f"{pawn} from {frm} should land on {landing}, not {to}")
        if sl is not None:
            spare_own = self.choice("sorry.slide-bumps-own") == "no"
            for c, squares in bj["pawns"].items():
                for k, sq in enumerate(squares):
                    name = f"{c} {k + 1}"
                    if name == pawn or name in spared or sq not in sl[1] or (spare_own and c == colour):
                        continue
                    require(aj["pawns"][c][k] == "start", "SRY-SLIDE-BUMP",
                            f"{name} on {sq} was on the slide {landing}-{sl[0]} but is on {aj['pawns'][c][k]}")

    def _check_move(self, bj, aj, action, movers):
        card = action["card"]
        moves = action["moves"]
        for m in moves:
            require(colour_of(m["pawn"]) in movers, "SRY-TEAM-PARTNERS", f"{m['pawn']} is not the player's to move")
            require(bj["pawns"][colour_of(m["pawn"])][index_of(m["pawn"])] == m["from"], "SRY-DRAW-AND-MOVE",
                    f"{m['pawn']} is not on {m['from']}")
            if m["from"] == "start":
                require(card in ("1", "2"), "SRY-START-CARDS", f"a {card} took {m['pawn']} out of START")
            if m["to"] == "home":
                d = dist_home(colour_of(m["pawn"]), m["from"])
                want = {7} if card == "7" else {FORWARD.get(card, {"10": 10, "11": 11}.get(card))}
                if card == "10" and self.choice("sorry.ten-card") == "forward-one":
                    want.add(1)
                if card == "7" and len(moves) == 2:
                    require(d is not None and d < 7, "SRY-HOME-EXACT", f"{m['pawn']} went HOME from {m['from']} with part of a 7")
                else:
                    require(d in want, "SRY-HOME-EXACT", f"{m['pawn']} went HOME from {m['from']} ({d} squares) with a {card}")
        if len(moves) == 1:
            m = moves[0]
            colour = colour_of(m["pawn"])
            options = self._expected(colour, m["from"], card, bj)
            require(bool(options), f"SRY-CARD-{card}" if card != "sorry" else "SRY-SORRY-CARD",
                    f"a {card} cannot move {m['pawn']} from {m['from']}")
            ok = [(l, c) for l, c in options if l is not None and (l == m["to"] or (self.slide_of(colour, l) or (None,))[0] == m["to"])]
            named = m.get("slide", m["to"])
            if not ok:  # the square it names as landed on is the card's: what happened there is wrong
                ok = [(l, c) for l, c in options if l is not None and l == named]
            if not ok and isinstance(named, int) and all(isinstance(l, int) for l, _ in options) \
                    and all(l != named for l, _ in options):  # a count on the open track that is not the card's
                raise ClauseViolation(options[0][1], f"a {card} cannot move {m['pawn']} from {m['from']} to {named}")
            landing, clause = ok[0] if ok else (options[0][0], options[0][1])
            if landing is None:
                raise ClauseViolation("SRY-HOME-EXACT" if m["to"] == "home" else clause,
                                      f"a {card} cannot move {m['pawn']} from {m['from']} (past HOME)")
            self._check_landing(bj, aj, m["pawn"], m["from"], m["to"], landing, clause)
            slid = self.slide_of(colour, landing) is not None
            require(m.get("slide") == (landing if slid else None), "SRY-SLIDE-OTHER-COLOUR",
                    f"the move of {m['pawn']} should name the slide only when it slides (slide: {m.get('slide')})")
            require(aj["pawns"][colour][index_of(m["pawn"])] == m["to"], "SRY-DRAW-AND-MOVE",
                    f"{m['pawn']} should rest on {m['to']}")
        else:
            require(card == "7", "SRY-CARD-7", f"a {card} moved two pawns")
            a, b = moves
            require(a["pawn"] != b["pawn"], "SRY-CARD-7", "a 7 split moves two different pawns")
            fits = []
            for n in range(1, 7):
                la = fwd(colour_of(a["pawn"]), a["from"], n)
                lb = fwd(colour_of(b["pawn"]), b["from"], 7 - n)
                if la is not None and lb is not None:
                    sa, sb = self.slide_of(colour_of(a["pawn"]), la), self.slide_of(colour_of(b["pawn"]), lb)
                    if (a["to"] == (sa[0] if sa else la) and b["to"] == (sb[0] if sb else lb)
                            and a.get("slide") == (la if sa else None) and b.get("slide") == (lb if sb else None)):
                        fits.append(n)
            require(bool(fits), "SRY-CARD-7", f"the split {moves} is not two forward moves adding up to 7")

    def _check_swap_or_sorry(self, bj, aj, action, movers):
        pawn, target = action["pawn"], action["target"]
        pc, tc = colour_of(pawn), colour_of(target)
        t_sq = bj["pawns"][tc][index_of(target)]
        p_sq = bj["pawns"][pc][index_of(pawn)]
        clause = "SRY-CARD-11" if action["type"] == "swap" else "SRY-SORRY-CARD"
        require(pc in movers, "SRY-TEAM-PARTNERS", f"{pawn} is not the player's to move")
        require(tc != pc, clause, f"{pawn} cannot take the place of its own colour's {target}")
        if isinstance(t_sq, str):
            raise ClauseViolation("SRY-SAFETY-OWN-COLOUR" if t_sq.startswith("safety") else clause,
                                  f"{target} on {t_sq} is not on the open track")
        if action["type"] == "swap":
            require(isinstance(p_sq, int), clause, f"{pawn} on {p_sq} is not on the open track")
            require(tc not in movers, "SRY-CARD-11", f"the 11 swaps with an opponent, not with {target}")
        else:
            require(p_sq == "start", clause, f"{pawn} must come from START, not {p_sq}")
            require(aj["pawns"][tc][index_of(target)] == "start", clause, f"{target} was not sent back to START")
        sl = self.slide_of(pc, t_sq)
        bumped_back = (action["type"] == "swap" and action["to"] == "start"
                       and self.choice("sorry.swap-slide-target") == "yes")  # the target's slide bumped it
        if not bumped_back:
            self._check_landing(bj, aj, pawn, p_sq, action["to"], t_sq, clause,
                                spared=(target,) if action["type"] == "swap" else ())
        rests = aj["pawns"][pc][index_of(pawn)]
        bumped_by_target = (action["type"] == "swap" and rests == "start"
                            and self.choice("sorry.swap-slide-target") == "yes")
        require(rests == action["to"] or bumped_by_target, clause, f"{pawn} should rest on {action['to']}, is on {rests}")
        if action["type"] == "swap":
            now = aj["pawns"][tc][index_of(target)]
            require(now == p_sq or now == "start" or self.choice("sorry.swap-slide-target") == "yes", "SRY-CARD-11",
                    f"{target} should have taken {pawn}'s square {p_sq}, is on {now}")
        del sl

    def _check_next_turn(self, bj, aj, card, p):
        if aj["result"] is not None:
            return
        again = card == "2" or (card == "1" and self.choice("sorry.draw-again") == "one-and-two")
        n = len(bj["players"])
        want = p if again else (p + 1) % n
        clause = "SRY-TWO-DRAW-AGAIN" if again or card == "2" else "SRY-TURN-ORDER"
        require(aj["phase"] == "draw", "SRY-DRAW-AND-MOVE", f"after a move the next card must be drawn, phase is {aj['phase']}")
        require(aj["turn"] == want, clause,
                f"after {bj['players'][p]}'s {card} it should be {bj['players'][want]}'s turn, not {bj['players'][aj['turn']]}'s")
