"""A second reading of Sorry!'s moves, written from ``specs/sorry/`` (never from ``engine/``).

One move of one pawn (and the second pawn of a 7 split, a swap, a Sorry!) on the board of
``specs/sorry/board.json``, for any position of the pawns. Every function works on Z3
integers (the theorems) and on Python ints (the agreement tests) alike (``ops``).

Places (``Board``), one integer per place, *per colour* so that a pawn in another
colour's zone is expressible (and the theorem that it never happens is not trivial):

- ``0 .. loop-1``                      loop squares, clockwise (SRY-CLOCKWISE)
- ``zone(z, k)``, ``k = 1..safety``    square k of colour z's safety zone (SRY-SAFETY-ZONE)
- ``home(z)``, ``start(z)``            colour z's HOME and START
- ``INVALID`` (-1)                     no such move

A position is a list of places, one per pawn; pawn ``i`` has colour ``colours[i]``
(board colour index). Actions (model notation; ``vectors``/tests translate to the
engine's canonical JSON):

- ``("start", i)``                1 or 2: START -> start exit (SRY-START-ONE, SRY-START-TWO)
- ``("fwd", i, n)``               n steps forward (1, 2, 3, 5, 7, 8, 10, 11, 12)
- ``("back", i, n)``              n steps backward (4; 1 with a 10) (SRY-BACKWARD)
- ``("split", i, a, j)``          7 split: pawn i a steps, then pawn j 7-a steps (SRY-CARD-7)
- ``("swap", i, j)``              11: own pawn i swaps with opponent j (SRY-CARD-11)
- ``("sorry", i, j)``             Sorry!: i from START onto opponent j, j to START (SRY-SORRY-CARD)

``Rules`` carries the readings (choice options) and, for the deliberately wrong
encodings in tests, overridable hooks.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import specs

from proofs.ops import And, If, Not, Or, is_sym

INVALID = -1


class Board:
    """The geometry of ``specs/sorry/board.json`` as place numbers."""

    def __init__(self, data: dict | None = None):
        b = data if data is not None else specs.load("sorry").param("board")
        self.L = b["loop"]
        self.S = b["safety_length"]
        self.names = tuple(b["colours"])
        self.NC = len(self.names)
        pc = b["per_colour"]
        self.exit = tuple(pc[c]["start_exit"] for c in self.names)
        self.turn = tuple(pc[c]["safety_turn"] for c in self.names)
        #: (slide colour, first square, last square, squares on it)
        self.slides = tuple(
            (z, a, e, tuple((a + k) % self.L for k in range((e - a) % self.L + 1)))
            for z, c in enumerate(self.names)
            for a, e in pc[c]["slides"]
        )
        self.teams = tuple(tuple(self.names.index(c) for c in t) for t in b.get("teams", []))
        self.H0 = self.L + self.NC * self.S
        self.S0 = self.H0 + self.NC

    def zone(self, z, k):
        return self.L + z * self.S + k - 1

    def home(self, z):
        return self.H0 + z

    def start(self, z):
        return self.S0 + z

    def is_loop(self, p):
        return And(p >= 0, p < self.L)

    def in_zone(self, p, z):
        return And(p >= self.zone(z, 1), p <= self.zone(z, self.S))

    def in_domain(self, p, c):
        """Places a pawn of colour c may occupy: the loop, its own zone, HOME, START."""
        return Or(self.is_loop(p), self.in_zone(p, c), p == self.home(c), p == self.start(c))

    def progress(self, p, c):
        """Steps along colour c's own path: 0 on the square after its zone turn, loop-1 on
        the turn square, then the zone squares, HOME last. Independent of ``fwd``: used by the
        theorems to measure how far a move went."""
        return If(self.is_loop(p), wrap(p - self.turn[c] - 1, self.L),
                  If(self.in_zone(p, c), self.L - 1 + (p - self.zone(c, 1) + 1),
                     If(p == self.home(c), self.L + self.S, INVALID)))

    # canonical notation of a place for a pawn of colour c (engine JSON: ints, "safety k", "home", "start")
    def to_json(self, p: int, c: int):
        if 0 <= p < self.L:
            return p
        if p == self.home(c):
            return "home"
        if p == self.start(c):
            return "start"
        if self.zone(c, 1) <= p <= self.zone(c, self.S):
            return f"safety {p - self.zone(c, 1) + 1}"
        raise ValueError(f"place {p} is not a place of a {self.names[c]} pawn")

    def from_json(self, v, c: int) -> int:
        if isinstance(v, int) and not isinstance(v, bool):
            return v
        if v == "home":
            return self.home(c)
        if v == "start":
            return self.start(c)
        if isinstance(v, str) and v.startswith("safety "):
            return self.zone(c, int(v[7:]))
        raise ValueError(f"not a square: {v!r}")


BOARD = Board()

#: step counts of the cards (SRY-CARD-1 .. SRY-CARD-12)
FORWARD_COUNTS = (1, 2, 3, 5, 7, 8, 10, 11, 12)
BACKWARD_COUNTS = (1, 4)


@dataclass
class Rules:
    """The readings of the choices that touch one move, and hooks for wrong encodings."""

    slide_colours: str = "other"  # sorry.slide-colours
    slide_bumps_own: str = "yes"  # sorry.slide-bumps-own
    swap_slide_target: str = "no"  # sorry.swap-slide-target
    ten_card: str = "back-one"  # sorry.ten-card
    start_cards: str = "one-two-sorry"  # sorry.start-cards
    eleven_forfeit: str = "optional"  # sorry.eleven-forfeit
    own_pawn_on_triangle: str = "blocks"  # sorry.own-pawn-on-triangle
    team: bool = False  # team variant: partners' pawns move and bump, 7 split over 8 pawns
    board: Board = field(default_factory=lambda: BOARD)
    # --- hooks (tests replace them to show that the checks bite) ---
    #: may a pawn of colour c turn into colour z's safety zone?  (SRY-SAFETY-OWN-COLOUR)
    enters: object = None
    #: does a pawn of colour c slide on a slide of colour z?  (SRY-SLIDE-OTHER-COLOUR)
    slides_on: object = None
    #: does a pawn overshooting HOME stop there?  (SRY-HOME-EXACT: no)
    home_overshoot_stops: bool = False
    #: may a pawn land on a pawn of its own colour?  (SRY-OWN-PAWN-BLOCKS: no)
    own_blocks: bool = True
    #: where a bumped pawn of colour k goes when a pawn of colour c bumps it (SRY-BUMP: its own START)
    bumped_to: object = None

    @classmethod
    def from_choices(cls, choices: dict | None = None, **kw) -> "Rules":
        ch = specs.resolve_choices("sorry", choices)
        return cls(slide_colours=ch["sorry.slide-colours"], slide_bumps_own=ch["sorry.slide-bumps-own"],
                   swap_slide_target=ch["sorry.swap-slide-target"], ten_card=ch["sorry.ten-card"],
                   start_cards=ch["sorry.start-cards"], eleven_forfeit=ch["sorry.eleven-forfeit"],
                   own_pawn_on_triangle=ch["sorry.own-pawn-on-triangle"], **kw)

    def may_enter(self, c: int, z: int) -> bool:
        return self.enters(c, z) if self.enters else c == z

    def slides_for(self, c: int, z: int) -> bool:
        if self.slides_on:
            return self.slides_on(c, z)
        return (z != c) if self.slide_colours == "other" else (z == c)

    def bump(self, k: int, c: int):
        return self.bumped_to(k, c) if self.bumped_to else self.board.start(k)

    def side(self, c: int, k: int) -> bool:
        """Is colour k on colour c's side (c itself, or its partner in team play)?"""
        if c == k:
            return True
        return self.team and any(c in t and k in t for t in self.board.teams)


# ----------------------------------------------------------------------------- steps
def fwd(R: Rules, c: int, p, n):
    """Where a pawn of colour c on place p lands after n steps forward (INVALID if it cannot):
    along the loop, into its safety zone at its turn square, HOME by exact count only."""
    B = R.board
    # the zone the pawn turns into: the first turn square on its way it may enter
    d = z = None
    for zz in range(B.NC):
        if not R.may_enter(c, zz):
            continue
        dz = wrap(B.turn[zz] - p, B.L)
        if d is None:
            d, z = dz, zz
        else:
            d, z = If(dz < d, dz, d), If(dz < d, zz, z)
    on_loop = wrap(p + n, B.L)
    if d is None:  # enters no zone at all
        from_loop = on_loop
    else:
        k = n - d  # steps past the turn square
        past_home = B.home(z) if R.home_overshoot_stops else INVALID
        from_loop = If(n <= d, on_loop, If(k <= B.S, B.zone(z, k), If(k == B.S + 1, B.home(z), past_home)))
    kz = p - B.zone(c, 1) + 1 + n  # zone square after n steps, for a pawn in its zone
    past = B.home(c) if R.home_overshoot_stops else INVALID
    from_zone = If(kz <= B.S, B.zone(c, kz), If(kz == B.S + 1, B.home(c), past))
    return If(B.is_loop(p), from_loop, If(B.in_zone(p, c), from_zone, INVALID))


def bwd(R: Rules, c: int, p, n):
    """n steps backward: along the loop (never into a zone, SRY-SAFETY-BACKWARD); out of the
    own zone back onto the loop through the turn square; never from START or HOME."""
    B = R.board
    k = p - B.zone(c, 1) + 1
    from_zone = If(n < k, B.zone(c, k - n), wrap(B.turn[c] - (n - k), B.L))
    return If(B.is_loop(p), wrap(p - n, B.L), If(B.in_zone(p, c), from_zone, INVALID))


# ----------------------------------------------------------------------------- landing
def slide(R: Rules, col, pos: list, i: int) -> tuple[object, list]:
    """Pawn i (already on its square) slides if that square starts a slide it slides on
    (SRY-SLIDE-ANY-CARD, SRY-SLIDE-OTHER-COLOUR, SRY-SLIDE-OWN-COLOUR); every other pawn on
    the slide goes to its START (SRY-SLIDE-BUMP; under slide-bumps-own=no own pawns stay and a
    slide may not end on one). Returns (ok, new positions)."""
    B = R.board
    c = col[i]
    q = pos[i]
    new = list(pos)
    ok = True
    # the length of the slide starting on q (-1: none): at most one slide starts on a square
    length = -1
    for z, a, e, squares in B.slides:
        if R.slides_for(c, z):
            length = If(q == a, len(squares) - 1, length)
    on = length >= 0
    if on is False:
        return True, new
    end = wrap(q + length, B.L)
    new[i] = If(on, end, q)
    for k in range(len(pos)):
        if k == i:
            continue
        there = And(on, B.is_loop(pos[k]), wrap(pos[k] - q, B.L) <= length)
        if R.slide_bumps_own == "no" and col[k] == c:
            ok = And(ok, Not(And(on, pos[k] == end)))
            continue
        new[k] = If(there, R.bump(col[k], c), new[k])
    return ok, new


def land(R: Rules, col, pos: list, i: int, q) -> tuple[object, list]:
    """Pawn i moves to place q by a count or a start: not onto a pawn of its own colour
    (SRY-OWN-PAWN-BLOCKS, checked before any slide; HOME holds any number; a triangle it slides
    on under sorry.own-pawn-on-triangle=slides), other pawns there are bumped to their START
    (SRY-BUMP), then it may slide."""
    B = R.board
    c = col[i]
    ok = q != INVALID
    free = q == B.home(c)
    if R.own_pawn_on_triangle == "slides":  # the own pawn is on the slide: slide() decides its fate
        free = Or(free, *[q == a for z, a, _e, _sq in B.slides if R.slides_for(c, z)])
    new = list(pos)
    new[i] = q
    for k in range(len(pos)):
        if k == i:
            continue
        if col[k] == c:
            if R.own_blocks:
                ok = And(ok, Or(pos[k] != q, free))
        else:
            new[k] = If(And(pos[k] == q, B.is_loop(q)), R.bump(col[k], c), pos[k])
    ok2, new = slide(R, col, new, i)
    return And(ok, ok2), new


# ----------------------------------------------------------------------------- actions
def step(R: Rules, col, pos: list, action: tuple) -> tuple[object, list]:
    """(legal, successor positions) of one action in model notation. ``legal`` covers the move
    itself (not whether the drawn card allows this kind of move: see ``card_actions``)."""
    B = R.board
    kind = action[0]
    if kind == "start":
        i = action[1]
        c = col[i]
        ok, new = land(R, col, pos, i, B.exit[c])
        return And(pos[i] == B.start(c), ok), new
    if kind == "fwd":
        _, i, n = action
        return land(R, col, pos, i, fwd(R, col[i], pos[i], n))
    if kind == "back":
        _, i, n = action
        return land(R, col, pos, i, bwd(R, col[i], pos[i], n))
    if kind == "split":
        _, i, a, j = action
        if i == j or not R.side(col[i], col[j]):
            return False, list(pos)
        ok1, mid = land(R, col, pos, i, fwd(R, col[i], pos[i], a))
        ok2, new = land(R, col, mid, j, fwd(R, col[j], mid[j], 7 - a))
        return And(a >= 1, a <= 6, ok1, ok2), new
    if kind in ("swap", "sorry"):
        _, i, j = action
        c, cj = col[i], col[j]
        if R.side(c, cj) if kind == "swap" else c == cj:
            return False, list(pos)
        x, y = pos[i], pos[j]
        new = list(pos)
        new[i] = y
        if kind == "swap":
            ok = And(B.is_loop(x), B.is_loop(y))
            new[j] = x
        else:
            ok = And(x == B.start(c), B.is_loop(y), R.start_cards == "one-two-sorry")
            new[j] = R.bump(cj, c)
        ok1, new = slide(R, col, new, i)
        ok = And(ok, ok1)
        if kind == "swap" and R.swap_slide_target == "yes":
            # the opponent's pawn slides too, from where the swap put it, unless bumped meanwhile
            still = new[j] == x
            ok2, new2 = slide(R, col, new, j)
            new = [If(still, a2, a1) for a1, a2 in zip(new, new2)]
            ok = And(ok, Or(Not(still), ok2))
        return ok, new
    raise ValueError(f"unknown model action {action!r}")


# ----------------------------------------------------------------------------- cards
def card_actions(R: Rules, col, pos: list, player: int, card: str) -> list[tuple]:
    """Every candidate action of ``card`` for the pawns of colour ``player`` (and its
    partner's in team play), not yet checked (``legal_actions`` filters them). Pawns in
    START are interchangeable: the lowest-numbered one of a colour stands for all (the
    canonical notation names pawns, so the choice must be fixed)."""
    mine = [i for i in range(len(col)) if R.side(player, col[i])]
    first_in_start = []
    for z in sorted({col[i] for i in mine}):
        at = [i for i in mine if col[i] == z and pos[i] == R.board.start(z)]
        first_in_start += at[:1]
    out: list[tuple] = []
    if card in ("1", "2"):
        out += [("start", i) for i in first_in_start]
    if card in ("1", "2", "3", "5", "8", "12", "7", "10", "11"):
        out += [("fwd", i, int(card)) for i in mine]
    if card == "4":
        out += [("back", i, 4) for i in mine]
    if card == "10":
        out += [("back", i, 1) if R.ten_card == "back-one" else ("fwd", i, 1) for i in mine]
    if card == "7":
        out += [("split", i, a, j) for i in mine for j in mine if i != j for a in range(1, 7)]
    if card == "11":
        out += [("swap", i, j) for i in mine for j in range(len(col)) if not R.side(col[i], col[j])]
    if card == "sorry":
        out += [("sorry", i, j) for i in first_in_start for j in range(len(col)) if col[j] != col[i]]
    return out


def legal_actions(R: Rules, col, pos: list, player: int, card: str) -> list[tuple]:
    """The legal actions of a concrete position: the candidates that are legal, and
    ``("forfeit",)`` when none is (SRY-MUST-MOVE), or with an 11 that cannot go eleven
    forward under eleven-forfeit=optional (SRY-ELEVEN-FORFEIT)."""
    acts = [a for a in card_actions(R, col, pos, player, card) if step(R, col, pos, a)[0]]
    if not acts:
        return [("forfeit",)]
    if card == "11" and R.eleven_forfeit == "optional" and not any(a[0] == "fwd" for a in acts):
        acts.append(("forfeit",))
    return acts


def wellformed(R: Rules, col, pos: list, pairwise: bool = False):
    """A position a game can reach: each pawn on a place of its colour; no two pawns on one
    loop square (SRY-BUMP) and no two pawns of a colour on one zone square."""
    B = R.board
    cs = [B.in_domain(p, c) for p, c in zip(pos, col)]
    # a key per pawn: its square on the loop or in a zone (zone places are per colour), else a
    # number of its own; the keys must be pairwise different
    keys = [If(Or(p == B.home(c), p == B.start(c)), 1000 + k, p) for k, (p, c) in enumerate(zip(pos, col))]
    if pairwise:
        return And(*cs, *[keys[a] != keys[b] for a in range(len(keys)) for b in range(a + 1, len(keys))])
    if any(is_sym(x) for x in keys):
        import z3

        return And(*cs, z3.Distinct(*[z3.IntVal(x) if isinstance(x, int) else x for x in keys]))
    return And(*cs, len(set(keys)) == len(keys))


def wrap(x, L: int):
    """``x mod L`` for ``-L <= x < 2L`` (every use here): cheaper for Z3 than ``%``."""
    return If(x < 0, x + L, If(x >= L, x - L, x))


def symbolic(name: str, n: int):
    import z3

    return [z3.Int(f"{name}{k}") for k in range(n)]


__all__ = ["BOARD", "Board", "Rules", "INVALID", "fwd", "bwd", "land", "slide", "step", "card_actions",
           "legal_actions", "wellformed", "symbolic", "is_sym", "FORWARD_COUNTS", "BACKWARD_COUNTS"]
