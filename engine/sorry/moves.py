"""Pawn movement: what each card allows and where pawns end up.

Rules implemented here (clause ids):

- forward counts, jumping free (SRY-CLOCKWISE, SRY-JUMP, SRY-CARD-1 .. SRY-CARD-12)
- start from START with 1 or 2 (SRY-START-CARDS, SRY-START-ONE, SRY-START-TWO)
- backward 4 and the 10's back one (SRY-BACKWARD, SRY-CARD-4, SRY-CARD-10, SRY-BACKWARD-SHORTCUT)
- the 7, whole or split, all seven used, never from START (SRY-CARD-7, SRY-SEVEN-HOME-SPLIT, SRY-TEAM-SEVEN)
- the 11: forward or swap on the open track (SRY-CARD-11, SRY-SWAP-SLIDE)
- the Sorry! card (SRY-SORRY-CARD, SRY-TEAM-SORRY-PARTNER)
- never ending on a pawn of one's own colour (SRY-OWN-PAWN-BLOCKS, SRY-SAFETY-NORMAL-RULES); on a
  triangle the pawn slides on: blocked, or it slides (``sorry.own-pawn-on-triangle``)
- bumping and slides (SRY-BUMP, SRY-SLIDE-ANY-CARD, SRY-SLIDE-BUMP, SRY-SLIDE-OTHER-COLOUR, SRY-SLIDE-OWN-COLOUR)
- safety zones and exact HOME (SRY-SAFETY-ZONE, SRY-SAFETY-OWN-COLOUR, SRY-SAFETY-BACKWARD, SRY-HOME-EXACT)

Positions are a tuple of square codes, four per player (player-major). A move is the tuple
``(kind, card, subs, target, result)``: ``kind`` is one of MOVE, SWAP, SORRY, FORFEIT; ``subs``
is a tuple of (pawn, from, landing, to) where ``landing`` is where the count ends and ``to``
where the pawn rests after a slide; ``target`` is the pawn swapped or sent home by Sorry!
(else -1); ``result`` is the position after the move.
"""

from __future__ import annotations

from engine.sorry.board import BWD, EXIT, FWD, HOME, LOOP, START
from engine.sorry.cards import C1, C2, C4, C7, C10, C11, CSORRY, FORWARD

MOVE, SWAP, SORRY, FORFEIT = 0, 1, 2, 3
KINDS = ("move", "swap", "sorry", "forfeit")


class Rules:
    """The rule tables one engine configuration uses (choices resolved once). Setting any of them
    (a variant changes one after construction) drops the tables derived from them (``reach``)."""

    __slots__ = ("slide", "slide_sets", "bump_own", "ten_back", "start_sorry", "swap_slide_target", "fwd", "bwd",
                 "own_blocks", "triangle_blocks", "_reach")

    def __setattr__(self, name, value):
        object.__setattr__(self, name, value)
        object.__setattr__(self, "_reach", {})

    def reach(self, table) -> tuple:
        """``reach(table)[colour][sq][n]``, for a step table (``fwd`` or ``bwd``): None where the table
        has no square, else ``(landing, rest, blocker, slide_blocker, touched)``: where the count ends,
        where the pawn rests after a slide (``final_of``), the square on which an own pawn blocks the
        landing and the slide's end on which one does (-1 when none can: ``_blocked``), and every square
        the count reads or changes (``sq``, those three, the squares ``land`` bumps on: ``_sevens``)."""
        got = self._reach.get(id(table))
        if got is None or got[0] is not table:
            got = self._reach[id(table)] = (table, _reach_table(self, table))
        return got[1]

    def __init__(self, slide, bump_own: bool, ten_back: bool, start_sorry: bool, swap_slide_target: bool,
                 triangle_blocks: bool = True):
        self.fwd = FWD
        self.bwd = BWD
        self.own_blocks = True
        #: an own pawn on a triangle the pawn slides on blocks the landing (sorry.own-pawn-on-triangle=blocks)
        self.triangle_blocks = triangle_blocks
        self.slide = slide
        self.slide_sets = tuple(tuple(None if e is None else (e[0], frozenset(e[1])) for e in row) for row in slide)
        self.bump_own = bump_own
        self.ten_back = ten_back
        self.start_sorry = start_sorry
        self.swap_slide_target = swap_slide_target


def _reach_table(R: Rules, table) -> tuple:
    out = []
    for c, rows in enumerate(table):
        sets, slides = R.slide_sets[c], R.slide[c]
        per_sq = []
        for sq, row in enumerate(rows):
            entries = []
            for d in row:
                if d is None:
                    entries.append(None)
                    continue
                rest = slides[d][0] if d < LOOP and slides[d] is not None else d
                blocker = slide_blocker = -1
                touched = {sq, d, rest}
                if d < HOME:
                    sl = sets[d] if d < LOOP else None
                    if R.own_blocks and (R.triangle_blocks or d >= LOOP or sl is None):
                        blocker = d
                    if d < LOOP and not R.bump_own and sl is not None:
                        slide_blocker = sl[0]
                    if sl is not None:
                        touched.add(sl[0])
                        touched.update(sl[1])
                touched.discard(-1)
                touched.update(b for b in (blocker, slide_blocker) if b >= 0)
                entries.append((d, rest, blocker, slide_blocker, frozenset(touched)))
            per_sq.append(tuple(entries))
        out.append(tuple(per_sq))
    return tuple(out)


def _blocked(R: Rules, cfg, pos, i: int, dest: int) -> bool:
    """True when pawn i may not end its count on ``dest`` (SRY-OWN-PAWN-BLOCKS); a triangle it
    slides on does not block under ``sorry.own-pawn-on-triangle=slides``."""
    if dest >= HOME:
        return False
    base = i & ~3
    if R.own_blocks and (R.triangle_blocks or dest >= LOOP or R.slide_sets[cfg.colours[i >> 2]][dest] is None):
        for k in range(base, base + 4):
            if k != i and pos[k] == dest:
                return True
    if dest < LOOP and not R.bump_own:
        sl = R.slide_sets[cfg.colours[i >> 2]][dest]
        if sl is not None:
            end = sl[0]
            for k in range(base, base + 4):
                if k != i and pos[k] == end:
                    return True
    return False


def land(R: Rules, cfg, p: list, i: int, dest: int) -> None:
    """Put pawn i on ``dest`` in the list p: bump, then slide (SRY-BUMP, SRY-SLIDE-BUMP)."""
    p[i] = dest
    if dest >= LOOP:
        return
    sl = R.slide_sets[cfg.colours[i >> 2]][dest]
    if sl is None:
        if p.count(dest) == 1:  # pawn i alone: nobody is bumped
            return
        for k in range(len(p)):
            if k != i and p[k] == dest:
                p[k] = START
        return
    end, squares = sl
    own = i >> 2
    for k in range(len(p)):
        if k != i and p[k] in squares:
            if (k >> 2) == own and not R.bump_own:
                continue
            p[k] = START
    p[i] = end


def final_of(R: Rules, cfg, i: int, dest: int) -> int:
    if dest < LOOP:
        sl = R.slide[cfg.colours[i >> 2]][dest]
        if sl is not None:
            return sl[0]
    return dest


def _single(R, cfg, pos, card, i, dest, out):
    if not _blocked(R, cfg, pos, i, dest):
        # the resulting position is computed when the move is made (result_of)
        out.append((MOVE, card, ((i, pos[i], dest, final_of(R, cfg, i, dest)),), -1, None))


def result_of(R: Rules, cfg, pos, move) -> tuple:
    """The position after ``move`` (computed lazily for single-pawn moves)."""
    res = move[4]
    if res is None:
        p = list(pos)
        i, _f, dest, _t = move[2][0]
        land(R, cfg, p, i, dest)
        res = tuple(p)
    return res


def _steps(R, cfg, pos, movers, card, n, reach, out):
    """Every pawn's count of ``n`` in a step table's ``Rules.reach`` (``_single`` over the table)."""
    for q in movers:
        rows = reach[cfg.colours[q]]
        base = 4 * q
        own = pos[base: base + 4]
        for i in range(base, base + 4):
            s = pos[i]
            if s >= HOME:
                continue
            e = rows[s][n]
            if e is not None and not _own_in_the_way(own, e, s):
                out.append((MOVE, card, ((i, s, e[0], e[1]),), -1, None))


def _starts(R, cfg, pos, movers, card, out):
    for q in movers:
        for i in range(4 * q, 4 * q + 4):
            if pos[i] == START:  # the lowest-numbered pawn in START stands for all of them
                _single(R, cfg, pos, card, i, EXIT[cfg.colours[q]], out)
                break


def _sevens(R, cfg, pos, movers, out):
    """Every split of a 7 over two pawns (SRY-CARD-7, SRY-SEVEN-HOME-SPLIT, SRY-TEAM-SEVEN).

    The moves are made in the listed order; when both orders are possible and give the same
    position, only the order with the lower pawn first is listed. Each pawn's first parts are
    made once (``_first``), each second part on a copy of the position after it (``_then``).
    Two counts that touch no common square (``Rules.reach``) cannot bump, block or unblock each
    other: either both orders are possible and end alike, or neither is, so only the first is made."""
    pawns = [i for q in movers for i in range(4 * q, 4 * q + 4) if pos[i] < HOME]
    cols = cfg.colours
    reach = R.reach(R.fwd)
    rows = [reach[cols[i >> 2]][pos[i]] for i in pawns]
    firsts = [[None] + [None if row[a] is None else _first(R, cfg, pos, i, row[a]) for a in range(1, 7)]
              for i, row in zip(pawns, rows)]
    for x in range(len(pawns)):
        i, ri, fi = pawns[x], rows[x], firsts[x]
        for y in range(x + 1, len(pawns)):
            j, rj, fj = pawns[y], rows[y], firsts[y]
            for a in range(1, 7):
                b = 7 - a
                if ri[a] is None or rj[b] is None:  # a count past HOME: neither order
                    continue
                if ri[a][4].isdisjoint(rj[b][4]):
                    if fi[a] is not None and fj[b] is not None:
                        out.append(_then(R, cfg, pos, fi[a], j, rj[b], False))
                    continue
                first = None if fi[a] is None else _then(R, cfg, pos, fi[a], j, rj[b])
                second = None if fj[b] is None else _then(R, cfg, pos, fj[b], i, ri[a])
                if first is not None:
                    out.append(first)
                if second is not None and (first is None or second[4] != first[4]):
                    out.append(second)


def _own_in_the_way(own, e, s) -> bool:
    """Whether a pawn on ``s`` counting ``e`` (an entry of ``Rules.reach``) is blocked by a pawn of
    its own colour (``own``: the colour's four squares) on a square it would need, other than the
    pawn itself (SRY-OWN-PAWN-BLOCKS)."""
    b, sb = e[2], e[3]
    return (b in own and (b != s or own.count(s) > 1)) or (sb in own and (sb != s or own.count(s) > 1))


def _first(R, cfg, pos, i, e):
    """The first part of a split: pawn i counts ``e`` (an entry of ``Rules.reach``); None when it
    is blocked (``_own_in_the_way``), else
    (i, from, landing, rest, the position after it)."""
    si = pos[i]
    base = i & ~3
    if _own_in_the_way(pos[base: base + 4], e, si):
        return None
    p = list(pos)
    land(R, cfg, p, i, e[0])
    return i, si, e[0], p[i], tuple(p)


def _then(R, cfg, pos, first, j, e, check=True):
    """The split whose first part is ``first`` (``_first``), then pawn j counting ``e``; None when
    the first part bumped j or the count is blocked (not looked at unless ``check``)."""
    i, si, di, ti, after = first
    sj = pos[j]
    if check:
        if after[j] != sj:
            return None
        base = j & ~3
        if _own_in_the_way(after[base: base + 4], e, sj):
            return None
    p = list(after)
    land(R, cfg, p, j, e[0])
    return (MOVE, C7, ((i, si, di, ti), (j, sj, e[0], p[j])), -1, tuple(p))


def _split(R, cfg, pos, i, di, j, dj):
    """The split 7 of pawn i to ``di`` then pawn j to ``dj``, or None when either count is
    blocked or the first bumps j (SRY-CARD-7); for the explainer and variants, on raw squares."""
    if di is None or dj is None or _blocked(R, cfg, pos, i, di):
        return None
    p = list(pos)
    land(R, cfg, p, i, di)
    ti = p[i]
    if p[j] != pos[j] or _blocked(R, cfg, p, j, dj):
        return None
    land(R, cfg, p, j, dj)
    return (MOVE, C7, ((i, pos[i], di, ti), (j, pos[j], dj, p[j])), -1, tuple(p))


def _swaps(R, cfg, pos, p_idx, movers, out):
    """11: swap an own pawn on the open track with an opponent's (SRY-CARD-11, SRY-SWAP-SLIDE)."""
    targets = [k for q in cfg.opponents[p_idx] for k in range(4 * q, 4 * q + 4) if pos[k] < LOOP]
    if not targets:
        return
    for q in movers:
        for i in range(4 * q, 4 * q + 4):
            s = pos[i]
            if s >= LOOP:
                continue
            for k in targets:
                t = pos[k]
                if not R.bump_own and _blocked(R, cfg, pos, i, t):
                    continue
                p = list(pos)
                p[k] = s
                p[i] = t
                land(R, cfg, p, i, t)
                if R.swap_slide_target and p[k] == s and R.slide[cfg.colours[k >> 2]][s] is not None:
                    if not R.bump_own and _blocked(R, cfg, p, k, s):
                        continue  # the target's slide would end on its own pawn
                    land(R, cfg, p, k, s)
                # 'to' is where the pawn is after the whole swap: START when the target's slide bumped it
                out.append((SWAP, C11, ((i, s, t, p[i]),), k, tuple(p)))


def _sorries(R, cfg, pos, movers, out):
    """Sorry!: a pawn from START onto a pawn of another colour on the open track (SRY-SORRY-CARD)."""
    for q in movers:
        i = next((i for i in range(4 * q, 4 * q + 4) if pos[i] == START), -1)
        if i < 0:
            continue
        for k in range(len(pos)):
            t = pos[k]
            if (k >> 2) == q or t >= LOOP:
                continue
            if not R.bump_own and _blocked(R, cfg, pos, i, t):
                continue
            p = list(pos)
            p[k] = START
            land(R, cfg, p, i, t)
            out.append((SORRY, CSORRY, ((i, START, t, p[i]),), k, tuple(p)))


def card_moves(R: Rules, cfg, pos, p_idx: int, card: int) -> list:
    """Every move of ``card`` for player ``p_idx`` (no forfeit)."""
    movers = cfg.movers[p_idx]
    out: list = []
    if card in FORWARD:
        if card == C1 or card == C2:
            _starts(R, cfg, pos, movers, card, out)
        _steps(R, cfg, pos, movers, card, FORWARD[card], R.reach(R.fwd), out)
    elif card == C4:
        _steps(R, cfg, pos, movers, card, 4, R.reach(R.bwd), out)
    elif card == C7:
        _steps(R, cfg, pos, movers, card, 7, R.reach(R.fwd), out)
        _sevens(R, cfg, pos, movers, out)
    elif card == C10:
        _steps(R, cfg, pos, movers, card, 10, R.reach(R.fwd), out)
        _steps(R, cfg, pos, movers, card, 1, R.reach(R.bwd if R.ten_back else R.fwd), out)
    elif card == C11:
        _steps(R, cfg, pos, movers, card, 11, R.reach(R.fwd), out)
        _swaps(R, cfg, pos, p_idx, movers, out)
    elif card == CSORRY:
        if R.start_sorry:
            _sorries(R, cfg, pos, movers, out)
    return out
