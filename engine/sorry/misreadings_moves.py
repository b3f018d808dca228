"""Pawn movement under a misreading: ``engine.sorry.moves`` with every decision point a parameter.

A :class:`Reading` holds one value per decision point of the movement rules (and of the turn,
the setup, the scoring and what players see, used by ``misreadings_engine``); its defaults are the
reference's reading, so ``Reading()`` plays exactly like ``SorryEngine``. A misreading changes
one field. :class:`Movement` generates the moves of a card under a reading in the reference's
internal move format (``engine.sorry.moves``), so actions and successors come out in the same
canonical JSON.

Movement rules and the fields that misread them: the count of each card (SRY-CARD-*), where the
safety zone is entered and how long it is (SRY-SAFETY-ZONE), the loop's seam (SRY-CLOCKWISE,
SRY-BACKWARD), the START exit (SRY-START-ONE), which cards start a pawn (SRY-START-CARDS), the
slides' squares and when a pawn slides (SRY-SLIDE-*), what blocks a landing or a path
(SRY-OWN-PAWN-BLOCKS, SRY-JUMP, SRY-BUMP, SRY-SAFETY-NORMAL-RULES), HOME by exact count
(SRY-HOME-EXACT), the 7's split (SRY-CARD-7, SRY-SEVEN-HOME-SPLIT), the 11's swap (SRY-CARD-11,
SRY-SWAP-SLIDE) and the Sorry! card (SRY-SORRY-CARD, SRY-SORRY-FORFEIT).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.sorry.board import EXIT, HOME, LOOP, SAFE0, SLIDES, START, TURN
from engine.sorry.cards import C1, C2, C4, C7, C10, C11, CSORRY, FORWARD
from engine.sorry.moves import MOVE, SORRY, SWAP

#: steps a table holds (the 12 plus one, for a count read one too high)
MAX = 14
#: the kinds of move that end on a square (for "no slide after ..." readings)
KINDS = ("forward", "backward", "start", "swap", "sorry")
#: the fields of a Reading that the moves of a card depend on (the rest: the turn, setup, scoring, observation)
MOVEMENT = ("turn_shift", "zone_len", "exit_shift", "seam_fwd", "seam_bwd", "reverse", "turn_any_colour", "shortcut",
            "back_out", "home_backward", "overshoot", "slide_shift", "slide_colours", "no_slide_after", "slide_bumps",
            "own_blocks", "jump", "jump_before_split", "bump", "partner_blocks", "steps", "four", "ten", "ten_back", "ten_back_only",
            "eleven", "eleven_forward", "eleven_swap", "seven", "seven_split", "seven_partial", "seven_home_rest",
            "seven_no_home", "seven_one_order", "seven_both_orders", "swap_zone", "sorry_zone", "start_cards",
            "start_extra", "every_start_pawn", "swap_partner",
            "swap_slide", "sorry_partner", "sorry_card", "sorry_any_pawn", "sorry_exit_fallback", "partner_moves",
            "partner_seven",
            "partner_start")


@dataclass(frozen=True)
class Reading:
    """One value per decision point; the defaults are the reference's reading."""

    # the modes of play the misreading applies in ("base", "team", "points"); elsewhere the reference
    modes: frozenset = frozenset({"base", "team", "points"})
    # ---- geometry
    turn_shift: int = 0          # the safety zone is entered this many squares late
    zone_len: int = 5            # squares of the safety zone before HOME
    exit_shift: int = 0          # the START exit is this many squares further
    seam_fwd: int = 0            # -1: forward from 58 wraps to 0; +1: forward from 59 goes to 1
    seam_bwd: int = 0            # -1: backward from 0 goes to 58; +1: backward from 1 goes to 59
    reverse: bool = False        # forward moves go counter-clockwise (and backward clockwise)
    turn_any_colour: bool = False  # a pawn turns into its zone at any colour's turn square
    shortcut: bool = True        # False: a pawn just behind its zone entry goes round the board again
    back_out: int | None = 0     # backing out of safety 1 lands this far from the turn square; None: cannot
    home_backward: bool = False  # a pawn in HOME moves backward out of it
    overshoot: str = "none"      # "stop": a count past HOME stops there; "bounce": it bounces back
    slide_shift: tuple = ()      # ((slide 0|1, "start"|"end", delta), ...)
    slide_colours: str | None = None  # "all": own-colour triangles slide too; "none": no slides
    no_slide_after: frozenset = frozenset()  # kinds of move after which a pawn does not slide
    slide_bumps: str = "all"     # "end": a slide bumps only the pawn on its last square
    # ---- blocking and bumping
    own_blocks: str = "all"      # "none": an own pawn is bumped; "loop": only on the loop
    jump: str = "free"           # "any": any pawn on the path blocks; "own": own pawns; "zone": own pawns in the zone
    jump_before_split: bool = False  # a split 7's second count is blocked by pawns where they stood before the card
    bump: str = "start"          # "blocked": an opponent blocks the landing; "back": it goes where the mover came from
    partner_blocks: bool = False  # team: the partner's pawns block like one's own
    # ---- cards
    steps: tuple = ()            # ((card, count), ...) forward counts changed
    four: int = -4               # the 4's count (negative: backward)
    ten: int = 10
    ten_back: int = 1            # 0: the 10 has no step back
    ten_back_only: bool = False  # the step back only when no pawn can go ten forward
    eleven: int = 11
    eleven_forward: bool = True
    eleven_swap: bool = True
    seven: int = 7
    seven_split: bool = True
    seven_partial: bool = False  # a split may leave part of the seven unused
    seven_home_rest: bool = False  # a pawn may go HOME with part of the 7 and the rest be dropped
    seven_no_home: bool = False  # a split may not bring a pawn HOME
    seven_one_order: bool = False  # a split is only listed with the lower pawn first
    seven_both_orders: bool = False  # a split is listed in both orders even when they end the same
    start_cards: frozenset = frozenset({C1, C2})
    start_extra: tuple = ()      # ((card, steps), ...): a start moves on past the exit
    every_start_pawn: frozenset = frozenset()  # "start", "sorry": every pawn in START offered, not one for all
    swap_partner: bool = False   # team: the 11 also swaps with the partner's pawns
    swap_zone: bool = False      # the 11 swaps with a pawn in its safety zone too
    sorry_zone: bool = False     # the Sorry! card takes the square of a pawn in its safety zone too
    swap_slide: bool = True      # the player's pawn slides after a swap onto a triangle
    sorry_partner: bool = True   # team: the Sorry! card may take the partner's square
    sorry_card: bool = True      # False: the Sorry! card has no move (always forfeited)
    sorry_any_pawn: bool = False  # the Sorry! card moves any own pawn, not only one from START
    sorry_exit_fallback: bool = False  # without a target the Sorry! pawn goes to its START exit
    sorry_partner_optional: bool = False  # team: a Sorry! card whose only targets are the partner's may be forfeited
    # ---- the turn (misreadings_engine)
    may_forfeit: bool = False    # a player may forfeit even when a move exists
    forfeit_all_start_only: bool = False  # a forfeit is offered only when every pawn is in START
    forfeit_cards: frozenset = frozenset()  # cards that may always be forfeited (the 11, the Sorry! card)
    draw_again: frozenset | None = None  # None: the reference's choice
    again_on_forfeit: bool = True
    no_start_forfeit: str = "lose"  # "again": the player draws again; "keep": the card goes back to the pile
    discard: str = "discard"     # "lost": the played card vanishes; "pile": it goes back to the draw pile
    reshuffle_at: int = 0        # reshuffle when the draw pile holds this many cards (-1: never)
    draw_replaced: bool = False  # a drawn card stays in the draw pile
    turn_step: int = 1           # the turn passes this many seats clockwise
    win_count: int = 4
    win_detected: bool = True
    team_win_colour: bool = False  # team: one colour with four pawns HOME wins
    team_winners_mover: bool = False  # team: only the mover's colour is named winner
    partners: str = "official"   # "rotated": red+blue v yellow+green; "none": team play as the base game
    partner_moves: bool = True   # team: a player may move the partner's pawns
    partner_seven: bool = True   # team: a 7 may be split over both colours
    partner_start: bool = True   # team: start cards start the partner's pawns
    # ---- setup
    reject_players: frozenset = frozenset()
    seats: str = "clockwise"     # colours when the config names none: "opposite" (two players), "counter"
    first_shift: int = 0
    first_ignored: bool = False
    rematch: str = "winner"      # "ignored", "next": the player after the winner
    quick: str = "config"        # "never", "always", "two": two pawns out
    quick_shift: int = 0         # the quick start's pawn stands this many squares past its start circle
    deck_delta: tuple = ()       # ((card, delta),)
    # ---- points play
    hand_delta: int = 0
    refill: str = "mover"        # "none", "next"
    forfeit_refill: bool = True  # False: a card discarded for want of a move is not replaced
    discard_one: bool = False    # with no move only the first card of the hand may be discarded
    per_home: int = 5
    per_opponent: int = 5
    opponent_counts_home: bool = False  # the winner scores per opponent pawn HOME
    bonus_shift: int = 0         # each bonus threshold moved by this
    bonus_of: str = "max"        # "sum": the bonus by all opponents' pawns HOME together; "none": no bonus
    score_winner_only: bool = False
    show: frozenset = frozenset()  # parts of points play shown: "hands", "draw_pile", "chance"; "own-hidden"
    tag: str = field(default="", compare=False)


# ---------------------------------------------------------------- tables


def _turns(rd: Reading) -> tuple:
    return tuple((t + rd.turn_shift) % LOOP for t in TURN)


GEOMETRY = ("turn_shift", "zone_len", "seam_fwd", "seam_bwd", "reverse", "turn_any_colour", "back_out",
            "home_backward", "overshoot", "shortcut")


def tables(rd: Reading) -> tuple[tuple, tuple]:
    """(FWD, BWD) as ``board.FWD``/``board.BWD`` (MAX steps) under the reading's geometry (made once per geometry)."""
    key = tuple(getattr(rd, f) for f in GEOMETRY)
    got = _TABLES.get(key)
    if got is None:
        got = _TABLES[key] = _tables(rd)
    return got


_TABLES: dict = {}


def _tables(rd: Reading) -> tuple[tuple, tuple]:
    turns = _turns(rd)

    def loop_fwd(sq):
        if rd.reverse:
            return (sq - 1) % LOOP
        if rd.seam_fwd < 0 and sq == LOOP - 2:
            return 0
        if rd.seam_fwd > 0 and sq == LOOP - 1:
            return 1
        return (sq + 1) % LOOP

    def loop_bwd(sq):
        if rd.reverse:
            return (sq + 1) % LOOP
        if rd.seam_bwd < 0 and sq == 0:
            return LOOP - 2
        if rd.seam_bwd > 0 and sq == 1:
            return LOOP - 1
        return (sq - 1) % LOOP

    def fwd1(c, sq):
        if sq == START or sq == HOME:
            return None
        if sq >= SAFE0:
            return HOME if sq - SAFE0 + 1 >= rd.zone_len else sq + 1
        if sq == turns[c] or (rd.turn_any_colour and sq in turns):
            return SAFE0
        return loop_fwd(sq)

    def bwd1(c, sq):
        if sq == START:
            return None
        if sq == HOME:
            return SAFE0 + rd.zone_len - 1 if rd.home_backward else None
        if sq == SAFE0:
            return None if rd.back_out is None else (turns[c] + rd.back_out) % LOOP
        if sq > SAFE0:
            return sq - 1
        return loop_bwd(sq)

    def table(step, forward):
        out = []
        for c in range(4):
            one = [step(c, sq) for sq in range(START + 1)]
            # without the shortcut, a count from the squares a backward card puts a pawn on behind its
            # START exit (the zone entry and the two squares before it) passes the entry
            behind = () if rd.shortcut or not forward else {(turns[c] - k) % LOOP for k in range(3)}
            rows = []
            for sq in range(START + 1):
                row = [sq]
                cur = sq
                for _ in range(MAX):
                    cur = None if cur is None else (loop_fwd(cur) if sq in behind and cur < LOOP else one[cur])
                    row.append(cur)
                rows.append(_overshoot(rd, tuple(row)) if forward and sq != START and sq != HOME else tuple(row))
            out.append(tuple(rows))
        return tuple(out)

    return table(fwd1, True), table(bwd1, False)


def _overshoot(rd: Reading, row: tuple) -> tuple:
    """A count past HOME: impossible (the reference), stopped at HOME, or bounced back from it."""
    if rd.overshoot == "none" or HOME not in row:
        return row
    h = row.index(HOME)
    out = list(row[: h + 1])
    for n in range(h + 1, len(row)):
        if rd.overshoot == "stop":
            out.append(HOME)
        else:
            back = n - h
            out.append(HOME - back if HOME - back >= SAFE0 else None)
    return tuple(out)


def slides(rd: Reading, mode: str) -> tuple:
    """``SLIDE[c][sq]``: (last square, squares) as ``board.slide_table``, under the reading."""
    shift = {(k, end): d for k, end, d in rd.slide_shift}
    colours = rd.slide_colours or mode
    out = []
    for c in range(4):
        row: list = [None] * (START + 1)
        seen: dict = {}
        for sc, a, b, _sq in SLIDES:
            k = seen[sc] = seen.get(sc, -1) + 1
            a2 = (a + shift.get((k, "start"), 0)) % LOOP
            b2 = (b + shift.get((k, "end"), 0)) % LOOP
            if colours == "none":
                continue
            if colours == "all" or ((sc != c) if colours == "other" else (sc == c)):
                row[a2] = (b2, frozenset((a2 + j) % LOOP for j in range((b2 - a2) % LOOP + 1)))
        out.append(tuple(row))
    return tuple(out)


# ---------------------------------------------------------------- moves


class Movement:
    """The moves of one card under a reading (the reference's ``card_moves`` when the reading is ``Reading()``)."""

    def __init__(self, rd: Reading, choices: dict):
        self.rd = rd
        self.fwd, self.bwd = tables(rd)
        self.slide = slides(rd, choices["sorry.slide-colours"])
        self.bump_own = choices["sorry.slide-bumps-own"] == "yes"
        self.triangle_blocks = choices["sorry.own-pawn-on-triangle"] == "blocks"
        self.ten_fwd_one = choices["sorry.ten-card"] == "forward-one"
        self.swap_target_slides = choices["sorry.swap-slide-target"] == "yes"
        self.start_sorry = choices["sorry.start-cards"] == "one-two-sorry"
        self.exit = tuple((e + rd.exit_shift) % LOOP for e in EXIT)
        self.forward = dict(FORWARD)
        self.forward.update(dict(rd.steps))

    # ---- where a pawn ends
    def slide_at(self, cfg, i: int, dest: int, kind: str):
        if dest >= LOOP or kind in self.rd.no_slide_after:
            return None
        return self.slide[cfg.colours[i >> 2]][dest]

    def blocked(self, cfg, pos, i: int, dest: int, kind: str, path=()) -> bool:
        """Pawn i may not end its count on ``dest`` (nor pass ``path``)."""
        rd = self.rd
        if path and rd.jump != "free" and self._jump_blocked(pos, i, path):
            return True  # a count into HOME passes squares too
        if dest >= HOME:
            return False
        base = i & ~3
        sl = self.slide_at(cfg, i, dest, kind)
        own = rd.own_blocks == "all" or (rd.own_blocks == "loop" and dest < LOOP)
        if own and (self.triangle_blocks or dest >= LOOP or sl is None):
            if any(k != i and pos[k] == dest for k in range(base, base + 4)):
                return True
        if dest < LOOP and not self.bump_own and sl is not None:
            if any(k != i and pos[k] == sl[0] for k in range(base, base + 4)):
                return True
        if dest < LOOP and rd.bump == "blocked" and any((k >> 2) != (i >> 2) and pos[k] == dest for k in range(len(pos))):
            return True
        if dest < LOOP and rd.partner_blocks and cfg.team:
            mate = [q for q in cfg.movers[i >> 2] if q != i >> 2]
            if any(pos[k] == dest for q in mate for k in range(4 * q, 4 * q + 4)):
                return True
        return False

    def _jump_blocked(self, pos, i: int, path) -> bool:
        """A pawn stands on a square of ``path`` that the reading says may not be jumped (SRY-JUMP)."""
        jump = self.rd.jump
        for s in path:
            for k in range(len(pos)):
                if k == i or pos[k] != s:
                    continue
                if s < LOOP and (jump == "any" or (jump == "own" and k >> 2 == i >> 2)):
                    return True
                if s >= LOOP and k >> 2 == i >> 2 and jump in ("own", "any", "zone"):
                    return True
        return False

    def land(self, cfg, p: list, i: int, dest: int, kind: str, origin: int) -> None:
        """Put pawn i on ``dest``: bump, then slide (``moves.land`` under the reading)."""
        p[i] = dest
        if dest >= LOOP:
            return
        sl = self.slide_at(cfg, i, dest, kind)
        if sl is None:
            for k in range(len(p)):
                if k != i and p[k] == dest:
                    p[k] = origin if (self.rd.bump == "back" and origin < LOOP and k >> 2 != i >> 2) else START
            return
        end, squares = sl
        own = i >> 2
        for k in range(len(p)):
            if k != i and p[k] in squares:
                if (k >> 2) == own and not self.bump_own:
                    continue
                if self.rd.slide_bumps == "end" and p[k] != end and p[k] != dest:
                    continue
                p[k] = START
        p[i] = end

    def _path(self, table, c: int, s: int, n: int) -> tuple:
        row = table[c][s]
        return tuple(x for x in row[1:n] if x is not None)

    def _single(self, cfg, pos, card, i, dest, kind, out, path=()):
        """A single-pawn move; its result is made when it is played (:meth:`result`): in place of the
        position the move holds the kind of move, which decides whether the pawn slides."""
        if dest is None or self.blocked(cfg, pos, i, dest, kind, path):
            return
        sl = self.slide_at(cfg, i, dest, kind)
        out.append((MOVE, card, ((i, pos[i], dest, dest if sl is None else sl[0]),), -1, kind))

    def result(self, cfg, pos, move) -> tuple:
        """The position after ``move`` (made now for a single-pawn move)."""
        res = move[4]
        if type(res) is str:
            i, f, dest, _to = move[2][0]
            p = list(pos)
            self.land(cfg, p, i, dest, res, f)
            return tuple(p)
        return res

    def _pawns(self, cfg, movers):
        for q in movers:
            yield from range(4 * q, 4 * q + 4)

    def steps(self, cfg, pos, movers, card, n, out):
        """Every pawn ``n`` steps (negative: backward)."""
        if n == 0:
            return
        table = self.fwd if n > 0 else self.bwd
        kind = "forward" if n > 0 else "backward"
        n = abs(n)
        for i in self._pawns(cfg, movers):
            s = pos[i]
            if s == START or (s == HOME and not (kind == "backward" and self.rd.home_backward)):
                continue
            c = cfg.colours[i >> 2]
            self._single(cfg, pos, card, i, table[c][s][n], kind, out, self._path(table, c, s, n))

    def starts(self, cfg, pos, movers, card, out):
        extra = dict(self.rd.start_extra).get(card, 0)
        every = "start" in self.rd.every_start_pawn
        for q in movers:
            for i in range(4 * q, 4 * q + 4):
                if pos[i] == START:
                    ex = self.exit[cfg.colours[q]]
                    dest = self.fwd[cfg.colours[q]][ex][extra] if extra else ex
                    self._single(cfg, pos, card, i, dest, "start", out)
                    if not every:
                        break

    def sevens(self, cfg, pos, movers, out):
        rd = self.rd
        total = rd.seven
        pawns = [i for i in self._pawns(cfg, movers) if pos[i] < HOME]
        cols = cfg.colours
        for x in range(len(pawns)):
            i = pawns[x]
            fi = self.fwd[cols[i >> 2]][pos[i]]
            for y in range(x + 1, len(pawns)):
                j = pawns[y]
                fj = self.fwd[cols[j >> 2]][pos[j]]
                for a in range(1, total):
                    for b in (range(1, total - a + 1) if rd.seven_partial else (total - a,)):
                        first = self._split(cfg, pos, i, fi[a], j, fj[b], a, b)
                        second = None if rd.seven_one_order else self._split(cfg, pos, j, fj[b], i, fi[a], b, a)
                        if first is not None:
                            out.append(first)
                        if second is not None and (first is None or second[4] != first[4] or rd.seven_both_orders):
                            out.append(second)

    def _split(self, cfg, pos, i, di, j, dj, a, b):
        if di is None or dj is None:
            return None
        if self.rd.seven_no_home and HOME in (di, dj):
            return None
        ci, cj = cfg.colours[i >> 2], cfg.colours[j >> 2]
        if self.blocked(cfg, pos, i, di, "forward", self._path(self.fwd, ci, pos[i], a)):
            return None
        p = list(pos)
        self.land(cfg, p, i, di, "forward", pos[i])
        ti = p[i]
        path_j = self._path(self.fwd, cj, pos[j], b)
        if p[j] != pos[j] or self.blocked(cfg, p, j, dj, "forward", path_j):
            return None
        if self.rd.jump_before_split and self._jump_blocked(pos, j, path_j):
            return None
        self.land(cfg, p, j, dj, "forward", pos[j])
        return (MOVE, C7, ((i, pos[i], di, ti), (j, pos[j], dj, p[j])), -1, tuple(p))

    def swaps(self, cfg, pos, p_idx, movers, out):
        rd = self.rd
        opp = set(cfg.opponents[p_idx])
        if rd.swap_partner and cfg.team:
            opp |= {q for q in cfg.movers[p_idx] if q != p_idx}
        targets = [k for q in sorted(opp) for k in range(4 * q, 4 * q + 4)
                   if pos[k] < LOOP or (rd.swap_zone and pos[k] < HOME)]
        if not targets:
            return
        for i in self._pawns(cfg, movers):
            s = pos[i]
            if s >= LOOP:
                continue
            for k in targets:
                if k >> 2 == i >> 2:
                    continue
                t = pos[k]
                if not self.bump_own and self.blocked(cfg, pos, i, t, "swap"):
                    continue
                p = list(pos)
                p[k] = s
                p[i] = t
                if rd.swap_slide:
                    self.land(cfg, p, i, t, "swap", s)
                if self.swap_target_slides and p[k] == s and self.slide[cfg.colours[k >> 2]][s] is not None:
                    if not self.bump_own and self.blocked(cfg, p, k, s, "swap"):
                        continue
                    self.land(cfg, p, k, s, "swap", t)
                out.append((SWAP, C11, ((i, s, t, p[i]),), k, tuple(p)))

    def sorries(self, cfg, pos, p_idx, movers, out):
        rd = self.rd
        mates = set(cfg.movers[p_idx])
        for q in movers:
            if rd.sorry_any_pawn:
                froms = [i for i in range(4 * q, 4 * q + 4) if pos[i] < LOOP]
                first = next((i for i in range(4 * q, 4 * q + 4) if pos[i] == START), -1)
                froms += [first] if first >= 0 else []
            elif "sorry" in rd.every_start_pawn:
                froms = [i for i in range(4 * q, 4 * q + 4) if pos[i] == START]
            else:
                first = next((i for i in range(4 * q, 4 * q + 4) if pos[i] == START), -1)
                froms = [first] if first >= 0 else []
            for i in froms:
                for k in range(len(pos)):
                    t = pos[k]
                    if (k >> 2) == q or t >= HOME or (t >= LOOP and not rd.sorry_zone):
                        continue
                    if not rd.sorry_partner and cfg.team and (k >> 2) in mates:
                        continue
                    if not self.bump_own and self.blocked(cfg, pos, i, t, "sorry"):
                        continue
                    p = list(pos)
                    p[k] = START
                    self.land(cfg, p, i, t, "sorry", START)
                    out.append((SORRY, CSORRY, ((i, pos[i], t, p[i]),), k, tuple(p)))
        if rd.sorry_exit_fallback and not out:
            self.starts(cfg, pos, movers, CSORRY, out)

    def card_moves(self, cfg, pos, p_idx: int, card: int, movers) -> list:
        rd = self.rd
        out: list = []
        if card in rd.start_cards:
            self.starts(cfg, pos, _start_movers(cfg, p_idx, movers, rd), card, out)
        if card in self.forward:
            self.steps(cfg, pos, movers, card, self.forward[card], out)
        elif card == C4:
            self.steps(cfg, pos, movers, card, rd.four, out)
        elif card == C7:
            self.steps(cfg, pos, movers, card, rd.seven, out)
            if rd.seven_home_rest:
                for a in range(1, rd.seven):
                    before = len(out)
                    self.steps(cfg, pos, movers, card, a, out)
                    out[before:] = [m for m in out[before:] if m[2][0][2] == HOME]
            if rd.seven_split:
                self.sevens(cfg, pos, movers if rd.partner_seven else (p_idx,), out)
        elif card == C10:
            self.steps(cfg, pos, movers, card, rd.ten, out)
            if rd.ten_back and not (rd.ten_back_only and out):
                self.steps(cfg, pos, movers, card, rd.ten_back if self.ten_fwd_one else -rd.ten_back, out)
        elif card == C11:
            if rd.eleven_forward:
                self.steps(cfg, pos, movers, card, rd.eleven, out)
            if rd.eleven_swap:
                self.swaps(cfg, pos, p_idx, movers, out)
        elif card == CSORRY:
            if self.start_sorry and rd.sorry_card:
                self.sorries(cfg, pos, p_idx, movers, out)
        return out


def _start_movers(cfg, p_idx, movers, rd):
    return movers if rd.partner_start else (p_idx,)

