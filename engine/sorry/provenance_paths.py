"""How a count travels and where the safety zone is entered, in clause ids (part of the Sorry!
provenance, engine/sorry/provenance.py): SRY-BACKWARD, SRY-CLOCKWISE (over the loop's seam),
SRY-JUMP and SRY-SAFETY-NORMAL-RULES (over other pawns), SRY-BACKWARD-SHORTCUT (into the zone
from just behind the START exit). Named only where they decide the part, so that a wrong
landing is not blamed on every count.
"""

from __future__ import annotations

from engine.sorry.board import EXIT, HOME, LOOP, SAFE0
from engine.sorry.moves import land


def shortcut(cfg, i: int, f: int) -> bool:
    """Pawn i on loop square f stands two to four squares behind its START exit, where a backward
    4 or 10 puts it: a forward move from there enters the safety zone (SRY-BACKWARD-SHORTCUT)."""
    return f < LOOP and 2 <= (EXIT[cfg.colours[i >> 2]] - f) % LOOP <= 4


def path_clauses(R, cfg, c: int, subs, pos) -> list[str]:
    """How a count travels, named where it matters: backward (SRY-BACKWARD: the 4, the 10's step
    back), clockwise over the loop's seam 59 -> 0 (SRY-CLOCKWISE), over other pawns (SRY-JUMP; in
    the safety zone too, SRY-SAFETY-NORMAL-RULES)."""
    out: list[str] = []
    cur = list(pos)
    for i, f, landing, _to in subs:
        table, n = _steps_to(R, cfg, i, f, landing) if f < HOME and landing <= HOME else (None, 0)
        if table is None:
            continue
        if table is R.bwd:
            out.append("SRY-BACKWARD")
        squares = [table[cfg.colours[i >> 2]][f][k] for k in range(1, n)]
        if table is R.fwd and f < LOOP and any(s < f for s in squares + [landing] if s < LOOP):
            out.append("SRY-CLOCKWISE")
        # a safety-zone square is shared only by pawns of the zone's colour
        over = [s for s in squares if any(x == s and k != i and (s < LOOP or k >> 2 == i >> 2) for k, x in enumerate(cur))]
        land(R, cfg, cur, i, landing)
        if over:
            out.append("SRY-JUMP")
            if any(SAFE0 <= s < HOME for s in over):
                out.append("SRY-SAFETY-NORMAL-RULES")
    return out


def _steps_to(R, cfg, i: int, f: int, landing: int):
    """(the table, the count) of a single count from f to ``landing`` (forward first), else (None, 0)."""
    for table in (R.fwd, R.bwd):
        row = table[cfg.colours[i >> 2]][f]
        for n in range(1, len(row)):
            if row[n] == landing:
                return table, n
    return None, 0
