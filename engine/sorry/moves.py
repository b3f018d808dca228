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
(else -1); ``result`` is the position after the move, or None for a single pawn's count, whose
position ``result_of`` works out when it is made (the reference's own listing, ``lazy``, also
leaves it out for a split 7 of independent counts).
"""

from __future__ import annotations

from engine.sorry.board import BWD, EXIT, FWD, HOME, LOOP, START
from engine.sorry.cards import C1, C2, C4, C7, C10, C11, CSORRY, FORWARD, NCARDS

MOVE, SWAP, SORRY, FORFEIT = 0, 1, 2, 3
#: the ``Rules.plan`` key of a split 7's parts (not a card)
SPLITS = -1
KINDS = ("move", "swap", "sorry", "forfeit")


class Rules:
    """The rule tables one engine configuration uses (choices resolved once). Setting any of them
    (a variant changes one after construction) drops the tables derived from them (``reach``)."""

    __slots__ = ("slide", "slide_sets", "bump_own", "ten_back", "start_sorry", "swap_slide_target", "fwd", "bwd",
                 "own_blocks", "triangle_blocks", "_reach", "_plans", "_shared")

    def __setattr__(self, name, value):
        object.__setattr__(self, name, value)
        object.__setattr__(self, "_reach", {})
        object.__setattr__(self, "_plans", {})
        object.__setattr__(self, "_shared", False)

    def _tables(self) -> None:
        """Take the derived tables of every Rules with these very rule tables and readings (a check
        builds an engine per scenario: each would work out the same tables again). Keyed by value;
        a table that is not hashable (a list) gets tables of its own."""
        key = tuple(getattr(self, name) for name in _RULE_FIELDS)
        try:
            got = _SHARED.get(key)
        except TypeError:
            got = None
            key = None
        if got is None:
            got = ({}, {})
            if key is not None:
                if len(_SHARED) >= _SHARED_KEPT:
                    _SHARED.clear()
                _SHARED[key] = got
        object.__setattr__(self, "_reach", got[0])
        object.__setattr__(self, "_plans", got[1])
        object.__setattr__(self, "_shared", True)

    def reach(self, table) -> tuple:
        """``reach(table)[colour][sq][n]``, for a step table (``fwd`` or ``bwd``): None where the table
        has no square, else ``(landing, rest, blocker, slide_blocker, touched)``: where the count ends,
        where the pawn rests after a slide (``final_of``), the square on which an own pawn blocks the
        landing and the slide's end on which one does (-1 when none can: ``_blocked``), and every square
        the count reads or changes (``sq``, those three, the squares ``land`` bumps on: ``_sevens``) as
        a bit mask (bit k: square k)."""
        got = self._reach.get(id(table))
        if (got is None or got[0] is not table) and not self._shared:
            self._tables()
            got = self._reach.get(id(table))
        if got is None or got[0] is not table:
            got = self._reach[id(table)] = (table, _reach_table(self, table))
        return got[1]

    def plan(self, card: int) -> tuple:
        """The counts ``card`` makes, in the order ``card_moves`` lists them (SRY-CARD-1 .. SRY-CARD-12,
        SRY-CARD-10's back or forward one): a tuple of ``_count_table``s, then for a 1 or a 2 the
        start exits (``_start_table``), else None. ``plan(SPLITS)[colour][sq]``: the counts of
        1 .. 6 forward (``_count_table`` entries), the parts of a split 7 (SRY-CARD-7)."""
        got = self._plans.get(card)
        if got is None and not self._shared:
            self._tables()
            got = self._plans.get(card)
        if got is None:
            if card == SPLITS:  # the parts of a split 7: [colour][sq] -> the counts of 1 .. 6
                parts = [_count_table(self, self.fwd, a) for a in range(1, 7)]
                got = self._plans[card] = tuple(tuple(tuple(t[c][sq] for t in parts) for sq in range(len(parts[0][c])))
                                                for c in range(len(parts[0])))
                return got
            if card in FORWARD:
                counts = ((self.fwd, FORWARD[card]),)
            elif card == C4:
                counts = ((self.bwd, 4),)
            elif card == C10:
                counts = ((self.fwd, 10), (self.bwd if self.ten_back else self.fwd, 1))
            elif card == C7 or card == C11:
                counts = ((self.fwd, 7 if card == C7 else 11),)
            else:
                counts = ()
            got = self._plans[card] = (tuple(_count_table(self, t, n) for t, n in counts),
                                       _start_table(self) if card == C1 or card == C2 else None)
        return got

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


#: what the derived tables (``reach``, ``plan``) are worked out from
_RULE_FIELDS = ("slide", "slide_sets", "bump_own", "ten_back", "start_sorry", "swap_slide_target", "fwd", "bwd",
                "own_blocks", "triangle_blocks")
#: (reach tables, plans) by the values of _RULE_FIELDS, for every Rules alike; emptied when this many
_SHARED: dict[tuple, tuple[dict, dict]] = {}
_SHARED_KEPT = 64


def _reach_table(R: Rules, table) -> tuple:
    return tuple(tuple(tuple(None if d is None else _entry(R, c, sq, d) for d in row) for sq, row in enumerate(rows))
                 for c, rows in enumerate(table))


def _entry(R: Rules, c: int, sq: int, d: int) -> tuple:
    """The ``Rules.reach`` entry of a pawn of colour c on ``sq`` whose count ends on ``d``."""
    sets, slides = R.slide_sets[c], R.slide[c]
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
    return d, rest, blocker, slide_blocker, sum(1 << t for t in touched)


def _tested(e, sq: int):
    """A ``Rules.reach`` entry ``e`` of a pawn on ``sq`` as the move generators test it
    (``_in_the_way``): (landing, rest, blocker, more, touched). A blocker that is ``sq`` itself is
    written -1: the pawn itself is no block there, a second own pawn is (``on_sq``). ``more`` is None
    when ``blocker`` is the only test, else (slide_blocker, on_sq)."""
    b, sb = e[2], e[3]
    b1, b2, on_sq = -1 if b == sq else b, -1 if sb == sq else sb, b == sq or sb == sq
    return e[0], e[1], b1, None if b2 < 0 and not on_sq else (b2, on_sq), e[4]


def _in_the_way(own, e, s) -> bool:
    """Whether a pawn on ``s`` counting ``e`` (a ``_tested`` entry) is blocked by a pawn of its own
    colour (``own``: the colour's four squares) on a square it would need, other than the pawn itself
    (SRY-OWN-PAWN-BLOCKS). The generators test this inline."""
    return e[2] in own or (e[3] is not None and (e[3][0] in own or (e[3][1] and own.count(s) > 1)))


def _count_table(R: Rules, table, n: int) -> tuple:
    """``[colour][sq]``: ``_tested(reach(table)[colour][sq][n], sq)``; None where the count cannot be
    made: past HOME, and from HOME and START (a pawn there does not count)."""
    return tuple(tuple(None if sq >= HOME or row[n] is None else _tested(row[n], sq) for sq, row in enumerate(rows))
                 for rows in R.reach(table))


def _start_table(R: Rules) -> tuple:
    """``[colour]``: the ``_tested`` entry of a pawn leaving START onto its colour's start exit
    (SRY-START-ONE, SRY-START-TWO), blocked where ``_blocked`` says so."""
    return tuple(_tested(_entry(R, c, START, EXIT[c]), START) for c in range(len(EXIT)))


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
        k = -1
        for _ in range(p.count(dest) - 1):  # every other pawn on dest, in order (none: pawn i alone)
            k = p.index(dest, k + 1)
            if k == i:
                k = p.index(dest, k + 1)
            p[k] = START
        return
    end, squares = sl
    p[i] = START  # off the slide while the others on it are found (START is no slide square)
    if not squares.isdisjoint(p):
        own = i >> 2
        for k in range(len(p)):
            if p[k] in squares:
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


def result_of(R: Rules, cfg, pos, move) -> tuple:
    """The position after ``move``, worked out here for the moves listed without it: a single pawn's
    count, and a split 7 whose two counts touch no common square (``_sevens``), landed in the order
    listed. Each pawn is landed as ``_land`` does, its usual case inline."""
    res = move[4]
    if res is None:
        p = list(pos)
        for i, _f, dest, _t in move[2]:
            if dest >= LOOP or (R.slide_sets[cfg.colours[i >> 2]][dest] is None and p.count(dest) == (p[i] == dest)):
                p[i] = dest
            else:
                land(R, cfg, p, i, dest)
        res = tuple(p)
    return res


def _land(R: Rules, cfg, p: list, i: int, dest: int) -> None:
    """``land``, with the usual case done here: a count that ends past the loop, or on a loop square
    without a slide that no other pawn holds (nobody is bumped)."""
    if dest >= LOOP or (R.slide_sets[cfg.colours[i >> 2]][dest] is None and p.count(dest) == (p[i] == dest)):
        p[i] = dest
    else:
        land(R, cfg, p, i, dest)


def _starts(cols, pos, movers, card, table, out):
    """A pawn out of START onto its start exit (SRY-START-ONE, SRY-START-TWO): the lowest-numbered pawn
    in START stands for all of them; ``table`` is the ``_start_table``."""
    for q in movers:
        own = pos[4 * q: 4 * q + 4]
        if START in own:
            e = table[cols[q]]
            if not (e[2] in own or (e[3] is not None and _in_the_way(own, e, START))):
                out.append((MOVE, card, ((4 * q + own.index(START), START, e[0], e[1]),), -1, None))


def _sevens(R, cfg, pos, movers, out, lazy: bool = False):
    """Every split of a 7 over two pawns (SRY-CARD-7, SRY-SEVEN-HOME-SPLIT, SRY-TEAM-SEVEN).

    The moves are made in the listed order; when both orders are possible and give the same
    position, only the order with the lower pawn first is listed. Two counts that touch no common
    square (``Rules.reach``) cannot bump, block or unblock each other: either both orders are
    possible and end alike, or neither is, so only the first is listed, each pawn resting where its
    count alone leaves it; with ``lazy`` (the reference's own listing) without the position after
    it, which ``result_of`` works out when the split is made. Otherwise each pawn's first part is
    made once when needed (``_first``), each second part on a copy of the position after it
    (``_then``)."""
    pawns = [i for q in movers for i in range(4 * q, 4 * q + 4) if pos[i] < HOME]
    if len(pawns) < 2:
        return
    cols = cfg.colours
    parts = R._plans.get(SPLITS)
    if parts is None:
        parts = R.plan(SPLITS)
    # ents[x][k]: pawn x's count of k + 1 (a ``_tested`` entry, or None); free[x][k]: no own pawn in the way
    ents, free = [], []
    for i in pawns:
        s = pos[i]
        own = pos[i & ~3: (i & ~3) + 4]
        es = parts[cols[i >> 2]][s]
        ents.append(es)
        free.append([e is not None and not (e[2] in own or (e[3] is not None and _in_the_way(own, e, s))) for e in es])
    sets = R.slide_sets
    firsts: dict = {}
    n = len(pawns)
    for x in range(n - 1):
        i, ei, fi = pawns[x], ents[x], free[x]
        si, seti = pos[i], sets[cols[i >> 2]]
        for y in range(x + 1, n):
            j, ej, fj = pawns[y], ents[y], free[y]
            sj = pos[j]
            for k in range(6):  # pawn i counts k + 1, pawn j 6 - k
                ea, eb = ei[k], ej[5 - k]
                if ea is None or eb is None:  # a count past HOME: neither order
                    continue
                if not ea[4] & eb[4]:
                    if not (fi[k] and fj[5 - k]):
                        continue
                    if lazy:  # each pawn rests where its count alone leaves it
                        out.append((MOVE, C7, ((i, si, ea[0], ea[1]), (j, sj, eb[0], eb[1])), -1, None))
                        continue
                    di, dj = ea[0], eb[0]
                    p = list(pos)
                    if di >= LOOP or (seti[di] is None and di not in pos):  # else ``land`` bumps or slides
                        p[i] = di
                    else:
                        land(R, cfg, p, i, di)
                    if dj >= LOOP or (sets[cols[j >> 2]][dj] is None and dj not in p):
                        p[j] = dj
                    else:
                        land(R, cfg, p, j, dj)
                    out.append((MOVE, C7, ((i, si, di, p[i]), (j, sj, dj, p[j])), -1, tuple(p)))
                    continue
                first = second = None
                if fi[k]:
                    fa = firsts.get((x, k))
                    if fa is None:
                        fa = firsts[x, k] = _first(R, cfg, pos, i, ea[0])
                    first = _then(R, cfg, pos, fa, j, eb)
                if fj[5 - k]:
                    fb = firsts.get((y, 5 - k))
                    if fb is None:
                        fb = firsts[y, 5 - k] = _first(R, cfg, pos, j, eb[0])
                    second = _then(R, cfg, pos, fb, i, ea)
                if first is not None:
                    out.append(first)
                if second is not None and (first is None or second[4] != first[4]):
                    out.append(second)


def _first(R, cfg, pos, i, d):
    """The first part of a split: pawn i counts to ``d`` (its own pawns known not to be in the way):
    (i, from, landing, rest, the position after it)."""
    p = list(pos)
    _land(R, cfg, p, i, d)
    return i, pos[i], d, p[i], tuple(p)


def _then(R, cfg, pos, first, j, e):
    """The split whose first part is ``first`` (``_first``), then pawn j counting ``e`` (a ``_tested``
    entry); None when the first part bumped j or a pawn of j's colour is in the way (``_in_the_way``)."""
    i, si, di, ti, after = first
    sj = pos[j]
    if after[j] != sj:
        return None
    base = j & ~3
    if _in_the_way(after[base: base + 4], e, sj):
        return None
    p = list(after)
    _land(R, cfg, p, j, e[0])
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
    # each target pawn on the open track, and whether it is alone on its square: a swap leaves as
    # many pawns on that square as before, so ``land`` bumps nobody there when the target was alone
    targets = [(k, pos[k], pos.count(pos[k]) == 1) for q in cfg.opponents[p_idx] for k in range(4 * q, 4 * q + 4)
               if pos[k] < LOOP]
    if not targets:
        return
    sets = R.slide_sets
    check, slide_target = not R.bump_own, R.swap_slide_target
    for q in movers:
        row = sets[cfg.colours[q]]
        for i in range(4 * q, 4 * q + 4):
            s = pos[i]
            if s >= LOOP:
                continue
            for k, t, alone in targets:
                if check and _blocked(R, cfg, pos, i, t):
                    continue
                p = list(pos)
                p[k] = s
                p[i] = t
                if row[t] is not None or not alone:  # else ``land`` leaves p as it is
                    land(R, cfg, p, i, t)
                if slide_target and p[k] == s and R.slide[cfg.colours[k >> 2]][s] is not None:
                    if check and _blocked(R, cfg, p, k, s):
                        continue  # the target's slide would end on its own pawn
                    land(R, cfg, p, k, s)
                # 'to' is where the pawn is after the whole swap: START when the target's slide bumped it
                out.append((SWAP, C11, ((i, s, t, p[i]),), k, tuple(p)))


def _sorries(R, cfg, pos, movers, out):
    """Sorry!: a pawn from START onto a pawn of another colour on the open track (SRY-SORRY-CARD)."""
    sets = R.slide_sets
    check = not R.bump_own
    for q in movers:
        own = pos[4 * q: 4 * q + 4]
        if START not in own:
            continue
        i = 4 * q + own.index(START)
        row = sets[cfg.colours[q]]
        for k, t in enumerate(pos):
            if t >= LOOP or (k >> 2) == q:
                continue
            if check and _blocked(R, cfg, pos, i, t):
                continue
            p = list(pos)
            p[k] = START
            p[i] = t
            if row[t] is not None or p.count(t) != 1:  # else ``land`` leaves p as it is
                land(R, cfg, p, i, t)
            out.append((SORRY, CSORRY, ((i, START, t, p[i]),), k, tuple(p)))


def card_moves(R: Rules, cfg, pos, p_idx: int, card: int, lazy: bool = False) -> list:
    """Every move of ``card`` for player ``p_idx`` (no forfeit), in the order of ``Rules.plan``:
    the start exits of a 1 or a 2, the counts, then a 7's splits (``lazy``: see ``_sevens``), an
    11's swaps or the Sorry! card's moves (SRY-START-CARDS: only with ``sorry.start-cards=one-two-sorry``)."""
    movers = cfg.movers[p_idx]
    out: list = []
    plan = R._plans.get(card)
    if plan is None:
        plan = R.plan(card)
    counts, starts = plan
    cols = cfg.colours
    if starts is not None:
        _starts(cols, pos, movers, card, starts, out)
    for table in counts:  # every pawn's count, unless a pawn of its own colour is in the way (``_in_the_way``)
        for q in movers:
            rows = table[cols[q]]
            own = pos[4 * q: 4 * q + 4]
            i = 4 * q
            for s in own:
                e = rows[s]
                if e is not None and not (e[2] in own or (e[3] is not None and _in_the_way(own, e, s))):
                    out.append((MOVE, card, ((i, s, e[0], e[1]),), -1, None))
                i += 1
    if card == C7:
        _sevens(R, cfg, pos, movers, out, lazy)
    elif card == C11:
        _swaps(R, cfg, pos, p_idx, movers, out)
    elif card == CSORRY and R.start_sorry:
        _sorries(R, cfg, pos, movers, out)
    return out


def hand_moves(R: Rules, cfg, pos, p_idx: int, hand) -> list:
    """The moves of every card held (``hand``: counts per card) for player ``p_idx`` (points play,
    SRY-POINTS-PLAY): ``card_moves`` of each (``lazy``, the reference's own listing), in card
    order, with the pawns that can count (not in HOME or START) listed once for all the cards."""
    movers = cfg.movers[p_idx]
    cols = cfg.colours
    board = []  # (pawn, square, its colour's four squares, colour), in the order card_moves counts them
    for q in movers:
        own = pos[4 * q: 4 * q + 4]
        i = 4 * q
        for s in own:
            if s < HOME:
                board.append((i, s, own, cols[q]))
            i += 1
    out: list = []
    for card in range(NCARDS):
        if not hand[card]:
            continue
        plan = R._plans.get(card)
        if plan is None:
            plan = R.plan(card)
        counts, starts = plan
        if starts is not None:
            _starts(cols, pos, movers, card, starts, out)
        for table in counts:  # card_moves's counts, over the pawns that can count
            for i, s, own, c in board:
                e = table[c][s]
                if e is not None and not (e[2] in own or (e[3] is not None and _in_the_way(own, e, s))):
                    out.append((MOVE, card, ((i, s, e[0], e[1]),), -1, None))
        if card == C7:
            _sevens(R, cfg, pos, movers, out, True)
        elif card == C11:
            _swaps(R, cfg, pos, p_idx, movers, out)
        elif card == CSORRY and R.start_sorry:
            _sorries(R, cfg, pos, movers, out)
    return out
