"""Sorry! theorems over one move, for every position of the 16 pawns (``model``).

Bounds, common to all: four colours with four pawns each, every pawn anywhere it may be
(``model.wellformed``: on the loop, in its zone, HOME or START, never two on a loop square,
never two of a colour on a zone square); the mover is the first pawn of its colour and the
second pawn of a 7 split the second one (pawns of a colour are interchangeable, the rest of
the position is symbolic); swap and Sorry! targets are the first pawn of each other colour;
red moves (the board is rotation-symmetric, checked at run time; otherwise each colour moves); every count of every card (forward 1, 2, 3, 5, 7, 8, 10, 11,
12; backward 1, 4; start; 7 split a + (7 - a), a = 1..6; 11 swap; Sorry!); the default
readings of specs/sorry/choices.toml unless a theorem says otherwise. Per theorem: one
``Not(claim)`` query per (colour, kind of move), all unsat -> proved.
"""

from __future__ import annotations

import z3

from proofs.core import PROVED, VACUOUS, Outcome, prove, theorem

from . import model as M
from proofs.ops import And, If, Implies, In, Not, Or

PAWNS = 4
COL = tuple(z for z in range(M.BOARD.NC) for _ in range(PAWNS))


def _families(R: M.Rules, c: int):
    """(name, action, domain of its symbolic parameters) for a mover of colour c."""
    i, j = PAWNS * c, PAWNS * c + 1
    n, a = z3.Int("n"), z3.Int("a")
    yield "start", ("start", i), True
    yield "forward", ("fwd", i, n), In(n, M.FORWARD_COUNTS)
    yield "backward", ("back", i, n), In(n, M.BACKWARD_COUNTS)
    yield "split7", ("split", i, a, j), And(a >= 1, a <= 6)
    if R.team:
        for z in range(R.board.NC):
            if z != c and R.side(c, z):
                yield f"split7-partner-{R.board.names[z]}", ("split", i, a, PAWNS * z), And(a >= 1, a <= 6)
                yield f"split7-partner-first-{R.board.names[z]}", ("split", PAWNS * z, a, i), And(a >= 1, a <= 6)
    for z in range(R.board.NC):
        if z != c:
            yield f"swap-{R.board.names[z]}", ("swap", i, PAWNS * z), True
            yield f"sorry-{R.board.names[z]}", ("sorry", i, PAWNS * z), True


def _val(m, x) -> int:
    return x if isinstance(x, int) else m.eval(x, model_completion=True).as_long()


def position_json(R: M.Rules, pos: list[int]) -> dict:
    B = R.board
    out: dict = {}
    for k, p in enumerate(pos):
        c = COL[k]
        try:
            sq = B.to_json(p, c)
        except ValueError:
            sq = f"place {p} (not a {B.names[c]} place)"
        out.setdefault(B.names[c], []).append(sq)
    return out


def action_json(R: M.Rules, action: tuple) -> dict:
    """A model action with concrete parameters, readable."""
    B = R.board
    kind = action[0]
    d: dict = {"kind": kind}
    if kind != "forfeit":
        d["pawn"] = [B.names[COL[action[1]]], action[1] % PAWNS]
    if kind in ("fwd", "back"):
        d["steps"] = action[2]
    if kind == "split":
        d["steps"] = action[2]
        d["second"] = [B.names[COL[action[3]]], action[3] % PAWNS, 7 - action[2]]
    if kind in ("swap", "sorry"):
        d["target"] = [B.names[COL[action[2]]], action[2] % PAWNS]
    return d


def rotation_symmetric(B: M.Board) -> bool:
    """Is the board the same seen from every colour: every colour's exit, turn and slides are
    red's turned by ``loop / colours`` squares per colour? Then a move of colour z is a red
    move with every square and colour turned, and the model (which treats colours only
    through these tables and colour equality) gives the turned result."""
    if B.L % B.NC:
        return False
    q = B.L // B.NC
    red = sorted((a, e) for z, a, e, _ in B.slides if z == 0)
    for z in range(B.NC):
        if B.exit[z] != (B.exit[0] + z * q) % B.L or B.turn[z] != (B.turn[0] + z * q) % B.L:
            return False
        mine = sorted((a, e) for zz, a, e, _ in B.slides if zz == z)
        if mine != sorted(((a + z * q) % B.L, (e + z * q) % B.L) for a, e in red):
            return False
    return True


def movers_to_check(R: M.Rules, all_colours: bool = False) -> tuple[int, ...]:
    if all_colours or not rotation_symmetric(R.board):
        return tuple(range(R.board.NC))
    return (0,)


def check_moves(claim, R: M.Rules | None = None, kinds: tuple[str, ...] | None = None,
                all_colours: bool = False) -> Outcome:
    """Prove ``claim(R, pre, action, post, c)`` for every legal move of every colour (of red
    alone when the board is rotation-symmetric, see ``rotation_symmetric``)."""
    R = R or M.Rules()
    s = z3.Solver()
    pre = M.symbolic("pawn", len(COL))
    s.add(M.wellformed(R, COL, pre))
    queries = 0
    never: list[str] = []
    for c in movers_to_check(R, all_colours):
        for fam, action, dom in _families(R, c):
            if kinds and not any(fam.startswith(k) for k in kinds):
                continue
            legal, post = M.step(R, COL, pre, action)
            s.push()
            s.add(dom, legal)
            queries += 1

            def witness(m, action=action, post=post, fam=fam):
                act = tuple(_val(m, x) if not isinstance(x, str) else x for x in action)
                return {"move": fam, "action": action_json(R, act),
                        "before": position_json(R, [_val(m, p) for p in pre]),
                        "after": position_json(R, [_val(m, p) for p in post])}

            claims = claim(R, pre, action, post, c)
            for part in claims if isinstance(claims, list) else [claims]:
                out = prove(s, part, witness)
                if out.status != PROVED:
                    break
            s.pop()
            if out.status == VACUOUS:  # this kind of move is never legal here (e.g. a Sorry! on a partner)
                never.append(f"{R.board.names[c]} {fam}")
                queries -= 1
                continue
            if out.status != PROVED:
                out.detail = f"{out.detail} ({R.board.names[c]} {fam})"
                return out
    who = "red (the board is rotation-symmetric, so red stands for every colour)" \
        if movers_to_check(R, all_colours) == (0,) else "every colour"
    if not queries:
        return Outcome(VACUOUS, detail="no kind of move is ever legal")
    skipped = f"; never legal, so not counted: {', '.join(never)}" if never else ""
    return Outcome(PROVED, detail=f"{queries} queries (kind of move x target colour), mover {who}; all unsat{skipped}")


def _movers(action) -> tuple[int, ...]:
    if action[0] in ("split", ):
        return (action[1], action[3])
    if action[0] in ("swap", "sorry"):
        return (action[1], action[2])
    return (action[1],)


# ----------------------------------------------------------------------------- claims
def conservation(R, pre, action, post, c):
    """Every pawn is still on exactly one place of its own colour (loop, own zone, own HOME,
    own START); a pawn HOME stays HOME; a pawn that changed place is a mover or went to its
    own START (bumped)."""
    B = R.board
    movers = _movers(action)
    parts = []
    for k in range(len(COL)):
        ck = COL[k]
        parts.append(B.in_domain(post[k], ck))
        parts.append(Implies(pre[k] == B.home(ck), post[k] == B.home(ck)))
        if k not in movers:
            parts.append(Or(post[k] == pre[k], post[k] == B.start(ck)))
    return And(*parts)


def _key(B, p, c, k):
    return If(Or(p == B.home(c), p == B.start(c)), 1000 + k, p)


def apart(R, pre, action, post, c):
    """After the move no two pawns share a loop square and no two pawns of a colour share a
    zone square (SRY-BUMP, SRY-OWN-PAWN-BLOCKS); in particular never two of one colour.

    Proved as three parts (each its own unsat query; together they imply
    ``wellformed(post)`` because ``wellformed(pre)`` holds): (1) every pawn is on a place of
    its colour; (2) a pawn that moved shares its square with no other pawn; (3) a pawn that
    did not move stayed or went to its START (START and HOME hold any number)."""
    B = R.board
    movers = _movers(action)
    keys = [_key(B, post[k], COL[k], k) for k in range(len(COL))]
    return [
        And(*[B.in_domain(post[k], COL[k]) for k in range(len(COL))]),
        And(*[keys[m] != keys[k] for m in movers for k in range(len(COL)) if k != m]),
        And(*[Or(post[k] == pre[k], post[k] == B.start(COL[k])) for k in range(len(COL)) if k not in movers]),
    ]


def safety_zone(R, pre, action, post, c):
    """No pawn is ever in another colour's zone; a pawn enters its zone (or HOME) only by a
    forward count of its own (forward, or a part of a 7 split)."""
    B = R.board
    parts = []
    forward = action[0] in ("fwd", "split")
    movers = _movers(action) if forward else ()
    for k in range(len(COL)):
        ck = COL[k]
        for z in range(B.NC):
            if z != ck:
                parts.append(Not(B.in_zone(post[k], z)))
        inside_before = Or(B.in_zone(pre[k], ck), pre[k] == B.home(ck))
        inside_after = Or(B.in_zone(post[k], ck), post[k] == B.home(ck))
        if k not in movers:
            parts.append(Implies(inside_after, inside_before))
    return And(*parts)


def step_one(B: M.Board, c: int, p):
    """One square forward for a pawn of colour c, read square by square off the board
    (not ``fwd``'s arithmetic): from its turn square into its zone, along the zone, from the
    last zone square HOME; on the loop to the next square; from HOME or an invalid place:
    invalid (SRY-SAFETY-ZONE, SRY-HOME-EXACT)."""
    nxt_loop = If(p == B.L - 1, 0, p + 1)
    return If(p == B.turn[c], B.zone(c, 1),
              If(B.is_loop(p), nxt_loop,
                 If(And(B.in_zone(p, c), p < B.zone(c, B.S)), p + 1,
                    If(p == B.zone(c, B.S), B.home(c), M.INVALID))))


def walk(B: M.Board, c: int, p, n: int):
    """Where n single steps take a pawn of colour c from p (``M.INVALID`` once a step fails)."""
    for _ in range(n):
        p = If(p == M.INVALID, M.INVALID, step_one(B, c, p))
    return p


def _walk_sym(B, c, p, n):
    """``walk`` for a symbolic count n (one of the card counts, at most 12)."""
    out = M.INVALID
    for k in sorted(set(M.FORWARD_COUNTS) | set(range(1, 7))):
        out = If(n == k, walk(B, c, p, k), out)
    return out


def home_exact(R, pre, action, post, c):
    """A pawn reaches HOME only when walking its count square by square (``walk``, independent
    of the model's ``fwd``) ends exactly HOME, and a count whose walk runs past HOME is not a
    legal move; no other kind of move brings a pawn HOME."""
    B = R.board
    parts = []
    counted = {}
    if action[0] == "fwd":
        counted[action[1]] = (pre[action[1]], action[2])
    if action[0] == "split":
        i, a, j = action[1], action[2], action[3]
        counted[i] = (pre[i], a)
        # the second pawn counts from where it stood after the first part: it was not moved by it
        counted[j] = (pre[j], 7 - a)
    for k in range(len(COL)):
        ck = COL[k]
        arrives = And(pre[k] != B.home(ck), post[k] == B.home(ck))
        if k in counted:
            p0, n = counted[k]
            end = _walk_sym(B, ck, p0, n)
            parts.append(arrives == (end == B.home(ck)))
            parts.append(Implies(Or(B.is_loop(p0), B.in_zone(p0, ck)), end != M.INVALID))
        else:
            parts.append(Not(arrives))
    return And(*parts)


def seven_exact(R, pre, action, post, c):
    """A legal 7 split moves two different pawns of the mover's colour, neither from START:
    the first lands where walking a squares square by square ends, the second (from where it
    stood after the first part) where walking 7 - a squares ends, a >= 1 (``walk``,
    independent of the model's ``fwd``), both before any slide."""
    if action[0] != "split":
        return True
    B = R.board
    i, a, j = action[1], action[2], action[3]
    ci, cj = COL[i], COL[j]
    land_i = M.fwd(R, ci, pre[i], a)
    _, mid = M.land(R, COL, pre, i, land_i)
    land_j = M.fwd(R, cj, mid[j], 7 - a)
    return And(i != j, ci == c, cj == c, pre[i] != B.start(ci), mid[j] != B.start(cj), a >= 1, 7 - a >= 1,
               land_i == _walk_sym(B, ci, pre[i], a), land_i != M.INVALID,
               land_j == _walk_sym(B, cj, mid[j], 7 - a), land_j != M.INVALID)


# ----------------------------------------------------------------------------- theorems
BOUNDS = ("16 pawns (4 colours x 4) anywhere legal; the mover red (every colour is checked when "
          "board.json is not rotation-symmetric); every card count, start, 7 split "
          "(a = 1..6), 11 swap and Sorry! target of each other colour; default readings")


@theorem("sorry.pawn-conservation", "sorry", ["SRY-DECK", "SRY-SETUP", "SRY-BUMP", "SRY-HOME-EXACT", "SRY-FAQ-BUMP"],
         "Over any legal move every pawn stays on exactly one place of its own colour; pawns HOME stay HOME; "
         "a pawn that is not moved either stays or is bumped to its own START.", BOUNDS)
def _t_conservation():
    return check_moves(conservation)


@theorem("sorry.no-shared-square", "sorry",
         ["SRY-BUMP", "SRY-OWN-PAWN-BLOCKS", "SRY-SAFETY-NORMAL-RULES", "SRY-JUMP", "SRY-SLIDE-BUMP", "SRY-FAQ-OWN-PAWN"],
         "After any legal move no two pawns share a loop square and no two pawns of one colour share a square.",
         BOUNDS)
def _t_apart():
    return check_moves(apart)


@theorem("sorry.safety-zone-own-colour-forward", "sorry",
         ["SRY-SAFETY-OWN-COLOUR", "SRY-SAFETY-BACKWARD", "SRY-SAFETY-ZONE", "SRY-BACKWARD-SHORTCUT"],
         "Only a pawn of the zone's colour is ever in a safety zone, and a pawn enters its zone or HOME only "
         "by a forward count of its own (never backward, by a slide, a swap, a Sorry! or a bump).", BOUNDS)
def _t_safety():
    return check_moves(safety_zone)


@theorem("sorry.home-exact", "sorry", ["SRY-HOME-EXACT", "SRY-SAFETY-ZONE", "SRY-CARD-7"],
         "A pawn reaches HOME exactly when the count equals its distance to HOME; a count that would "
         "overshoot HOME is never legal.", BOUNDS)
def _t_home():
    return check_moves(home_exact)


@theorem("sorry.seven-split-exact", "sorry", ["SRY-CARD-7", "SRY-SEVEN-HOME-SPLIT", "SRY-START-CARDS"],
         "A legal 7 split moves two different own pawns, neither from START, a >= 1 and 7 - a >= 1 steps "
         "forward: seven steps in all.",
         "16 pawns (4 colours x 4) anywhere legal; the mover red (every colour is checked when board.json is not "
         "rotation-symmetric); every 7 split a + (7 - a), a = 1..6, of the first two pawns of the colour; default "
         "readings")
def _t_seven():
    return check_moves(seven_exact, kinds=("split7",))


VARIANTS = {
    "other readings": dict(slide_colours="own", slide_bumps_own="no", swap_slide_target="yes"),
    "team play": dict(team=True),
}


@theorem("sorry.variants-conservation-no-shared-square", "sorry",
         ["SRY-SLIDE-OWN-COLOUR", "SRY-SLIDE-BUMP", "SRY-SWAP-SLIDE", "SRY-TEAM-BUMP-PARTNER", "SRY-TEAM-SEVEN",
          "SRY-OWN-PAWN-BLOCKS", "SRY-BUMP"],
         "Pawn conservation and never two pawns on one square also hold (1) under the non-default reading of every "
         "move choice at once (slides on one's own colour, slides bump only other colours, the swapped opponent "
         "slides too) and (2) in team play (partners' pawns move, are bumped, and share 7 splits).",
         "as the other Sorry! theorems, red mover; (1) slide-colours=own, slide-bumps-own=no, "
         "swap-slide-target=yes; (2) team play, default readings, 7 splits with a partner pawn in either order")
def _t_variants():
    total = 0
    for name, kw in VARIANTS.items():
        out = check_moves(lambda *a: [conservation(*a)] + apart(*a), M.Rules(**kw))
        if out.status != PROVED:
            out.detail += f" [{name}]"
            return out
        total += int(out.detail.split()[0])
    return Outcome(PROVED, detail=f"{total} queries over {len(VARIANTS)} variants, all unsat")
