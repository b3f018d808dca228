"""Board geometry as tables, built once from ``specs/sorry/board.json`` (SRY-CLOCKWISE, SRY-SAFETY-ZONE).

Internal square codes (small ints, so positions fit in a tuple):

- ``0 .. loop-1``            squares of the loop, clockwise
- ``SAFE0 .. SAFE0+4``       safety-zone squares 1..5 (of the pawn's own colour)
- ``HOME``, ``START``

Canonical notation (JSON and Gherkin tables): loop squares as integers, ``"safety 1"`` ..
``"safety 5"``, ``"home"``, ``"start"``.

Tables, indexed by board colour (0 red, 1 blue, 2 yellow, 3 green):

- ``FWD[c][sq][n]``  where a pawn of colour c on sq lands after n steps forward (None: overshoots HOME)
- ``BWD[c][sq][n]``  after n steps backward (a backward move never enters a safety zone: SRY-SAFETY-BACKWARD)
- ``SLIDES``          (colour of the slide, first square, last square, squares) for every slide
"""

from __future__ import annotations

import specs
from engine.errors import MalformedError

_B = specs.load("sorry").param("board")

LOOP: int = _B["loop"]
SAFETY_LEN: int = _B["safety_length"]
COLOURS: tuple[str, ...] = tuple(_B["colours"])
COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}
TEAMS: tuple[tuple[int, ...], ...] = tuple(tuple(COLOUR_INDEX[c] for c in t) for t in _B["teams"])
PARTNER = {a: b for t in TEAMS for a in t for b in t if a != b}

SAFE0 = LOOP
HOME = LOOP + SAFETY_LEN
START = HOME + 1
MAX_STEPS = 12

EXIT = tuple(_B["per_colour"][c]["start_exit"] for c in COLOURS)
TURN = tuple(_B["per_colour"][c]["safety_turn"] for c in COLOURS)
SLIDES = tuple(
    (ci, a, b, tuple((a + k) % LOOP for k in range((b - a) % LOOP + 1)))
    for ci, c in enumerate(COLOURS)
    for a, b in _B["per_colour"][c]["slides"]
)


def _fwd1(c: int, sq: int) -> int | None:
    if sq == HOME or sq == START:
        return None
    if sq >= SAFE0:
        return sq + 1  # safety 5 + 1 == HOME
    if sq == TURN[c]:
        return SAFE0
    return (sq + 1) % LOOP


def _bwd1(c: int, sq: int) -> int | None:
    if sq == HOME or sq == START:
        return None
    if sq == SAFE0:
        return TURN[c]
    if sq > SAFE0:
        return sq - 1
    return (sq - 1) % LOOP


def _table(step) -> tuple:
    out = []
    for c in range(len(COLOURS)):
        rows = []
        for sq in range(START + 1):
            row = [sq]
            cur = sq
            for _ in range(MAX_STEPS):
                cur = None if cur is None else step(c, cur)
                row.append(cur)
            rows.append(tuple(row))
        out.append(tuple(rows))
    return tuple(out)


FWD = _table(_fwd1)
BWD = _table(_bwd1)


def slide_table(mode: str) -> tuple:
    """``SLIDE[c][sq]``: (last square, squares of the slide) when a pawn of colour c that lands on
    sq slides, else None. ``mode`` is the option of ``sorry.slide-colours`` (SRY-SLIDE-OTHER-COLOUR,
    SRY-SLIDE-OWN-COLOUR)."""
    out = []
    for c in range(len(COLOURS)):
        row: list = [None] * (START + 1)
        for sc, a, b, squares in SLIDES:
            if (sc != c) if mode == "other" else (sc == c):
                row[a] = (b, squares)
        out.append(tuple(row))
    return tuple(out)


def sq_to_json(sq: int):
    if sq < LOOP:
        return sq
    if sq == HOME:
        return "home"
    if sq == START:
        return "start"
    return f"safety {sq - SAFE0 + 1}"


SQ_JSON = tuple(sq_to_json(sq) for sq in range(START + 1))


def sq_from_json(v, where: str = "square") -> int:
    """Parse a square in canonical notation; MalformedError naming ``where`` otherwise."""
    if isinstance(v, bool):
        raise MalformedError(f"{where}: expected a square (0-{LOOP - 1}, 'start', 'home', 'safety 1'..'safety {SAFETY_LEN}'), got {v!r}", path=where)
    if isinstance(v, int):
        if 0 <= v < LOOP:
            return v
    elif isinstance(v, str):
        if v == "home":
            return HOME
        if v == "start":
            return START
        if v.startswith("safety "):
            k = v[7:]
            if k.isdigit() and 1 <= int(k) <= SAFETY_LEN:
                return SAFE0 + int(k) - 1
    raise MalformedError(
        f"{where}: expected a square (0-{LOOP - 1}, 'start', 'home', 'safety 1'..'safety {SAFETY_LEN}'), got {v!r:.60}",
        path=where,
    )
