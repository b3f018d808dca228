"""Why a Sorry! action is legal or illegal, in clause ids (the provenance of ``legal``/``rejection``).

Reasoning reuses the engine's own tables (board.FWD/BWD, the configured ``Rules``, moves._blocked,
moves.land) on the internal position; nothing here decides a move the engine does not.

- :func:`move_clauses` (SRY-CARD-*, SRY-START-*, SRY-SLIDE-*, SRY-HOME-EXACT, SRY-SAFETY-*, SRY-TEAM-*):
  what makes a legal move legal, the most specific rule only (an exception to the usual, else
  the kind of move, else where the pawn ends, else the card's count), so that a missing action
  is blamed on the rule a candidate most likely got wrong;
- :func:`forfeit_clauses` (SRY-ELEVEN-FORFEIT, SRY-SORRY-FORFEIT, SRY-START-CARDS, SRY-OWN-PAWN-BLOCKS,
  SRY-HOME-EXACT...): the card's own forfeit rule, else one rule that blocks its moves;
- :func:`rejection_clauses`: the rule whose condition an illegal action fails.
"""

from __future__ import annotations

import specs
from engine.canonical import dumps
from engine.provenance import Either
from engine.sorry import cards
from engine.sorry.board import EXIT, HOME, LOOP, SAFE0, SLIDES, START, sq_from_json
from engine.sorry.cards import C1, C2, C4, C7, C10, C11, CSORRY, FORWARD
from engine.sorry.moves import FORFEIT, MOVE, SORRY, SWAP, _blocked, _split, land, result_of
from engine.sorry.provenance_paths import shortcut
from engine.sorry.state import DEAL, DRAW, OVER, PLAY

CARD_CLAUSE = {c: f"SRY-CARD-{cards.ORDER[c]}" for c in range(cards.NCARDS) if c != CSORRY}
CARD_CLAUSE[CSORRY] = "SRY-SORRY-CARD"
#: the colour of the slide that starts on a square (a triangle)
TRIANGLE = {a: c for c, a, _b, _sq in SLIDES}

F, B = 1, -1
#: why a pawn cannot move, the count's own rule first (SRY-HOME-EXACT), then the board's
BLOCK_ORDER = ("SRY-HOME-EXACT", "SRY-OWN-PAWN-BLOCKS", "SRY-SLIDE-BUMP")


def win_clause(cfg) -> str:
    return "SRY-TEAM-WIN" if cfg.team else "SRY-POINTS-WIN" if cfg.points else "SRY-WIN"


def colour(cfg, i: int) -> int:
    return cfg.colours[i >> 2]


def team_mate(cfg, p: int, i: int, k: int) -> bool:
    """Pawn k is of the partner colour of pawn i, both of player p's team (SRY-TEAM-PARTNERS): a
    red pawn bumping a yellow one, or a yellow pawn that red moves bumping a red one."""
    return cfg.team and (k >> 2) != (i >> 2) and (k >> 2) in cfg.movers[p]


def is_partner(cfg, p: int, i: int) -> bool:
    """Pawn i belongs to the partner of player p (team play, SRY-TEAM-PARTNERS)."""
    return cfg.team and (i >> 2) != p and (i >> 2) in cfg.movers[p]


# ---------------------------------------------------------------- where a pawn ends


def slide_clauses(R, cfg, i: int, landing: int, swap: bool = False) -> tuple[str, ...]:
    """A pawn landing on a triangle: it slides (SRY-SLIDE-ANY-CARD or SRY-SWAP-SLIDE) or stays, by
    the colour rule (SRY-SLIDE-OTHER-COLOUR, SRY-SLIDE-OWN-COLOUR); () off the triangles."""
    if landing >= LOOP or landing not in TRIANGLE:
        return ()
    own = "SRY-SLIDE-OWN-COLOUR" if TRIANGLE[landing] == colour(cfg, i) else "SRY-SLIDE-OTHER-COLOUR"
    if R.slide[colour(cfg, i)][landing] is not None:
        return ("SRY-SWAP-SLIDE" if swap else "SRY-SLIDE-ANY-CARD", own)
    return (own,)


def end_clauses(R, cfg, i: int, f: int, landing: int, swap: bool = False) -> list[str]:
    """The rules that decide where a pawn moved from f to ``landing`` ends: HOME by exact count,
    into or out of the safety zone (from just behind the START exit: the shortcut), a slide or not."""
    out: list[str] = []
    if landing == HOME:
        out.append("SRY-HOME-EXACT")
    elif SAFE0 <= landing < HOME and f < LOOP:
        out.append("SRY-SAFETY-ZONE")
    if SAFE0 <= landing <= HOME and shortcut(cfg, i, f) and not swap:
        out.append("SRY-BACKWARD-SHORTCUT")
    if SAFE0 <= f < HOME and landing < LOOP:
        out.append("SRY-SAFETY-BACKWARD")
    out.extend(slide_clauses(R, cfg, i, landing, swap))
    return out


def kind_clauses(R, cfg, p: int, move, pos=None) -> list[str]:
    """The rules of the kind of move: a start, a backward card, a split 7, a swap, Sorry!; a
    partner's pawn (SRY-TEAM-PARTNERS) when the move is a plain count."""
    kind, c, subs, tgt, _ = move
    out: list[str] = []
    if kind == FORFEIT:
        return out
    if kind == SWAP:  # a swap onto a triangle is ruled by the swap's slide rule
        out.append("SRY-SWAP-SLIDE" if subs[0][2] != subs[0][3] and subs[0][3] != START else "SRY-CARD-11")
    elif kind == SORRY:
        out.append("SRY-SORRY-CARD")
        i = subs[0][0]
        if pos is not None and team_mate(cfg, p, i, tgt) and all(
                team_mate(cfg, p, i, k) for k in range(len(pos)) if pos[k] < LOOP and (k >> 2) != (i >> 2)):
            out.append("SRY-TEAM-SORRY-PARTNER")  # the only targets are the partner's pawns
    elif len(subs) == 2:
        out.append("SRY-CARD-7")
        if len({s[0] >> 2 for s in subs}) == 2:
            out.append("SRY-TEAM-SEVEN")
        if any(s[2] == HOME for s in subs):
            out.append("SRY-SEVEN-HOME-SPLIT")
    else:
        i, f, landing, _to = subs[0]
        if f == START:
            out.append("SRY-START-ONE" if c == C1 else "SRY-START-TWO")
            if is_partner(cfg, p, i):
                out.append("SRY-TEAM-START")
        elif c == C4 or (c == C10 and R.fwd[colour(cfg, i)][f][10] != landing):
            out.append(CARD_CLAUSE[c])
        elif is_partner(cfg, p, i):
            out.append("SRY-TEAM-PARTNERS")
    return out


def _stays(R, cfg, subs) -> list[str]:
    """A pawn that lands on a triangle and, by the colour rule, does not slide."""
    return [x for i, _f, landing, _t in subs if landing < LOOP and landing in TRIANGLE
            and R.slide[colour(cfg, i)][landing] is None for x in slide_clauses(R, cfg, i, landing)]


def _rank(cfg, p: int, i: int) -> int:
    """The order in which a 7's pawns are listed: the player's colour, then the partner's; lower pawns first."""
    return cfg.movers[p].index(i >> 2) * 4 + (i & 3)


def _other_order(R, cfg, p_idx: int, pos, move):
    """For a split 7 listed with the higher pawn first (so the order matters): (the other order's
    move or None, the two subs); None when the split is listed in the usual order."""
    subs = move[2]
    if pos is None or len(subs) != 2 or _rank(cfg, p_idx, subs[0][0]) < _rank(cfg, p_idx, subs[1][0]):
        return None  # the usual order (the mover's own colour first, then the lower pawn)
    (i, _fi, di, _ti), (j, _fj, dj, _tj) = subs
    return _split(R, cfg, pos, j, dj, i, di), subs


def _order_bump(R, cfg, p_idx: int, pos, move) -> list[str]:
    """The moves of a split are made in the order listed: in one order a pawn bumps the other
    (SRY-SLIDE-BUMP, or SRY-BUMP without a slide), or the other order is impossible because it would."""
    got = _other_order(R, cfg, p_idx, pos, move)
    if got is None:
        return []
    other, ((i, _fi, _di, _ti), (j, _fj, dj, tj)) = got
    if other is None:
        if _blocked(R, cfg, pos, j, dj):
            return []  # see _order_block
        p = list(pos)
        land(R, cfg, p, j, dj)
        return ["SRY-SLIDE-BUMP" if dj != tj else "SRY-BUMP"] if p[i] != pos[i] else []
    out = []
    made = ((move[2][0], move[2][1], result_of(R, cfg, pos, move)), (other[2][0], other[2][1], other[4]))
    for first, second, res in made:
        if res[first[0]] == START:  # the second pawn bumped the first
            out.append("SRY-SLIDE-BUMP" if second[2] != second[3] else "SRY-BUMP")
    return out or ["SRY-CARD-7"]


def _order_block(R, cfg, p_idx: int, pos, move) -> list[str]:
    """A split listed out of the usual order because the other order would end on an own pawn."""
    got = _other_order(R, cfg, p_idx, pos, move)
    if got is None or got[0] is not None:
        return []
    _other, (_s, (j, _fj, dj, _tj)) = got
    return [_dest_reason(R, cfg, pos, j, dj)] if _blocked(R, cfg, pos, j, dj) else []


def _on_partner(cfg, p: int, pos, subs) -> list[str]:
    """A count that ends on a pawn of the partner's colour bumps it (SRY-TEAM-BUMP-PARTNER)."""
    if pos is None or not cfg.team:
        return []
    return ["SRY-TEAM-BUMP-PARTNER" for i, _f, landing, _t in subs if landing < LOOP
            for k in range(len(pos)) if pos[k] == landing and team_mate(cfg, p, i, k)]


def _backs_out(subs) -> list[str]:
    return ["SRY-SAFETY-BACKWARD" for _i, f, landing, _t in subs if SAFE0 <= f < HOME and landing < LOOP]


def _split_kind(cfg, subs) -> list[str]:
    """A split 7 made legal by an exception: over both colours of a team (SRY-TEAM-SEVEN), part of
    it bringing a pawn HOME (SRY-SEVEN-HOME-SPLIT)."""
    if len(subs) != 2:
        return []
    return ((["SRY-TEAM-SEVEN"] if len({s[0] >> 2 for s in subs}) == 2 else [])
            + (["SRY-SEVEN-HOME-SPLIT"] if any(s[2] == HOME for s in subs) else []))


def move_clauses(R, cfg, p: int, move, pos=None) -> tuple[str, ...]:
    """What makes a legal move legal, the most specific rule first: an exception to the usual (a
    split over both team colours, which exists only by SRY-TEAM-SEVEN; a split whose order decides
    a bump; no slide on a triangle; a split bringing a pawn HOME; a split listed in the order other than the usual; a split whose other order lands on an
    own pawn; backing out of the safety zone; ending on the partner's pawn); else the kind of move
    (start, backward card, split, swap, Sorry!, partner's pawn); else where the pawn ends (a slide,
    HOME, the safety zone); else the card's count."""
    kind, c, subs, _tgt, _ = move
    bumps = _order_bump(R, cfg, p, pos, move)
    for level in (lambda: ["SRY-TEAM-SEVEN"] if "SRY-TEAM-SEVEN" in _split_kind(cfg, subs) else [],
                  lambda: [] if bumps == ["SRY-CARD-7"] else bumps,
                  lambda: _stays(R, cfg, subs),
                  lambda: _split_kind(cfg, subs),
                  lambda: bumps,
                  lambda: _order_block(R, cfg, p, pos, move),
                  lambda: _backs_out(subs),
                  lambda: _on_partner(cfg, p, pos, subs) if kind == MOVE else [],
                  lambda: kind_clauses(R, cfg, p, move, pos),
                  lambda: [x for i, f, landing, _t in subs for x in end_clauses(R, cfg, i, f, landing, kind == SWAP)]):
        got = level()
        if got:
            return _uniq(got)
    return (CARD_CLAUSE[c],)


# ---------------------------------------------------------------- why no move exists (forfeits)


def _dest_reason(R, cfg, pos, i: int, d: int | None) -> str | None:
    if d is None:
        return "SRY-HOME-EXACT"  # the count overshoots HOME
    if not _blocked(R, cfg, pos, i, d):
        return None
    base = i & ~3
    if any(k != i and pos[k] == d for k in range(base, base + 4)):
        return "SRY-OWN-PAWN-BLOCKS"
    return "SRY-SLIDE-BUMP"  # its slide would end on an own pawn (sorry.slide-bumps-own = no)


def card_blocks(eng, cfg, pos, p: int, card: int) -> tuple[list[str], list[str]]:
    """(board reasons, standing reasons) why each pawn cannot move with ``card``: board reasons
    depend on where pawns stand (own pawn, overshoot); standing ones on the pawn alone
    (in START without a start card, in HOME)."""
    R = eng.rules
    board: list[str] = []
    standing: list[str] = []
    out_pawns = [i for q in cfg.movers[p] for i in range(4 * q, 4 * q + 4) if pos[i] < HOME]  # a split: two of them
    for q in cfg.movers[p]:
        for i in range(4 * q, 4 * q + 4):
            s = pos[i]
            if s == HOME:
                standing.append("SRY-HOME-EXACT")
                continue
            if s == START:
                if card in (C1, C2):
                    board.append(_dest_reason(R, cfg, pos, i, EXIT[colour(cfg, i)]))
                else:
                    standing.append("SRY-START-CARDS")
                continue
            fw, bw = R.fwd[colour(cfg, i)][s], R.bwd[colour(cfg, i)][s]
            for direction, n in counts_of(eng, card):
                d = (fw if direction == F else bw)[n]
                board.append(_dest_reason(R, cfg, pos, i, d))
                if board[-1] == "SRY-OWN-PAWN-BLOCKS" and SAFE0 <= d < HOME:
                    board.append("SRY-SAFETY-NORMAL-RULES")  # in the safety zone, too
            if card == C7:
                board.extend(_split_reason(R, cfg, pos, i, fw[a], j, R.fwd[colour(cfg, j)][pos[j]][7 - a])
                             for j in out_pawns if j > i for a in range(1, 7))
    return [b for b in _uniq(board) if b], _uniq(standing)


def _split_reason(R, cfg, pos, i: int, di, j: int, dj) -> str | None:
    """Why the split of a 7 into pawn i to di and pawn j to dj fails, in either order."""
    if di is None or dj is None:
        return "SRY-HOME-EXACT"
    if _split(R, cfg, pos, i, di, j, dj) is not None or _split(R, cfg, pos, j, dj, i, di) is not None:
        return None
    return _dest_reason(R, cfg, pos, i, di) or _dest_reason(R, cfg, pos, j, dj) or "SRY-SLIDE-BUMP"


def counts_of(eng, card: int) -> list[tuple[int, int]]:
    """(direction, steps) a card allows for one pawn (SRY-CARD-1 .. SRY-CARD-12)."""
    if card in FORWARD:
        return [(F, FORWARD[card])]
    if card == C4:
        return [(B, 4)]
    if card == C7:
        return [(F, 7)]
    if card == C10:
        return [(F, 10), (B if eng.rules.ten_back else F, 1)]
    if card == C11:
        return [(F, 11)]
    return []


def forfeit_clauses(eng, st, card: int) -> tuple[str, ...]:
    """Why forfeiting ``card`` is legal: the 11's optional swap (SRY-ELEVEN-FORFEIT), the Sorry!
    card without pawn or target (SRY-SORRY-FORFEIT), else the first rule (BLOCK_ORDER) that blocks
    a pawn on the board (overshooting HOME, an own pawn), else START-CARDS / HOME."""
    cfg, pos, p = st.cfg, st.pos, st.turn
    hand = [card] if st.hands is None else [c for c in range(cards.NCARDS) if st.hands[p][c]]
    board: list[str] = []
    standing: list[str] = []
    special: list[str] = []
    for c in hand:
        moves = eng.card_moves(cfg, pos, p, c)
        if any(m[0] == SWAP for m in moves):
            special.append("SRY-ELEVEN-FORFEIT")
        elif c == CSORRY:  # in points play one reason among the hand's; alone, the card's own forfeit
            (standing if cfg.points else special).append(
                "SRY-SORRY-FORFEIT" if eng.rules.start_sorry else "SRY-START-CARDS")
        else:
            b, s = card_blocks(eng, cfg, pos, p, c)
            board += b
            standing += s
    first = next(([b] for b in BLOCK_ORDER if b in board), standing)  # one reason: the count's before the board's
    if first == ["SRY-OWN-PAWN-BLOCKS"] and "SRY-SAFETY-NORMAL-RULES" in board:
        first.append("SRY-SAFETY-NORMAL-RULES")  # an own pawn blocks inside the safety zone
    out = _uniq(special or first)  # a card's own forfeit rule, else why the cards cannot move
    if out:
        return out
    return ("SRY-POINTS-DISCARD",) if cfg.points else ("SRY-MUST-MOVE",)


def forfeit_rule(eng, st, card: int) -> str:
    """The clause that lets the card be forfeited here (for the discard and the lost turn)."""
    cfg, pos, p = st.cfg, st.pos, st.turn
    if cfg.points:
        return "SRY-POINTS-DISCARD"
    if card == C11 and any(m[0] == SWAP for m in eng.card_moves(cfg, pos, p, card)):
        return "SRY-ELEVEN-FORFEIT"
    if card == CSORRY:
        return "SRY-SORRY-FORFEIT"
    if all(pos[i] == START for q in cfg.movers[p] for i in range(4 * q, 4 * q + 4)):
        return "SRY-NO-START-FORFEIT"
    return "SRY-MUST-MOVE"


def legal_clauses(eng, st, move) -> tuple[str, ...]:
    if move[0] == FORFEIT:
        return forfeit_clauses(eng, st, move[1])
    return move_clauses(eng.rules, st.cfg, st.turn, move, st.pos)


# ---------------------------------------------------------------- why an action is illegal


def rejection_clauses(eng, st, action) -> tuple[str, ...]:
    """The clause whose condition ``action`` fails in ``st`` (() when it is legal or nothing is known)."""
    if not isinstance(action, dict):
        return ()
    kind = action.get("type")
    if kind == "chance":
        return _chance_rejection(st, action)
    if st.phase != PLAY:
        return {DRAW: ("SRY-DRAW-AND-MOVE",), DEAL: ("SRY-POINTS-DEAL",), OVER: (win_clause(st.cfg),)}[st.phase]
    if specs.validate_action("sorry", action):
        return ()
    p = st.turn
    if action.get("player") != p:
        return ("SRY-TURN-ORDER",)
    c = cards.INDEX.get(action.get("card"), -1)
    if st.hands is None and c != st.card:
        return ("SRY-DRAW-AND-MOVE",)
    if st.hands is not None and (c < 0 or not st.hands[p][c]):
        return ("SRY-POINTS-PLAY",)
    try:
        if kind == "forfeit":
            return _forfeit_rejection(eng, st, c)
        if kind == "swap":
            return _swap_rejection(eng, st, action, c)
        if kind == "sorry":
            return _sorry_rejection(eng, st, action, c)
        if kind == "move":
            why = _move_rejection(eng, st, action, c)
            if why[:1] == ("SRY-OWN-PAWN-BLOCKS",) and _first_on_second(st, action) \
                    and _listed(eng, st, {**action, "moves": action["moves"][::-1]}):
                # made in the order listed, the first part ends on the second pawn: a candidate that
                # takes it ignores the order of the split, or lets a pawn land on its own
                return Either(("SRY-CARD-7",) + why)
            return why
    except (ValueError, KeyError, TypeError, LookupError):
        return ()
    return ()


def _first_on_second(st, action) -> bool:
    """A split whose first part ends (before any slide) where the pawn of the second part stands."""
    steps = action["moves"]
    if len(steps) != 2:
        return False
    first = steps[0].get("slide", steps[0]["to"])
    return sq_from_json(first) == st.pos[_pawn(st.cfg, steps[1]["pawn"])]


def _listed(eng, st, action) -> bool:
    key = dumps(action)
    return any(dumps(a) == key for a in eng.legal_actions(st))


def _chance_rejection(st, action) -> tuple[str, ...]:
    if st.phase == DRAW:
        return ("SRY-DRAW-PILE",)
    if st.phase == DEAL:
        return ("SRY-POINTS-DEAL",)
    return (win_clause(st.cfg),) if st.phase == OVER else ("SRY-DRAW-AND-MOVE",)


def _forfeit_rejection(eng, st, c: int) -> tuple[str, ...]:
    cfg, pos, p = st.cfg, st.pos, st.turn
    hand = [c] if st.hands is None else [k for k in range(cards.NCARDS) if st.hands[p][k]]
    moves = [m for k in hand for m in eng.card_moves(cfg, pos, p, k)]
    if moves and all(m[0] == SWAP for m in moves):
        return ("SRY-ELEVEN-FORFEIT",)  # a swap must be made (sorry.eleven-forfeit = must-move)
    if c == CSORRY and any(m[0] == SORRY for m in moves):
        return ("SRY-SORRY-CARD",)
    if moves and all(m[0] == SORRY for m in moves):
        return ("SRY-SORRY-CARD",)  # the Sorry! card is played when it can be
    if moves and all(m[0] == MOVE and s[1] == START for m in moves for s in m[2]):
        return tuple(_uniq("SRY-START-ONE" if m[1] == C1 else "SRY-START-TWO" for m in moves))
    return ("SRY-MUST-MOVE",)


def _pawn(cfg, name) -> int:
    return cfg.pawn_names.index(name)


def _not_mover(cfg, p: int) -> tuple[str, ...]:
    return ("SRY-TEAM-PARTNERS",) if cfg.team else ("SRY-SETUP",)


def _swap_rejection(eng, st, action, c: int) -> tuple[str, ...]:
    R, cfg, pos, p = eng.rules, st.cfg, st.pos, st.turn
    if c != C11:
        return (CARD_CLAUSE[c],)
    i, k = _pawn(cfg, action["pawn"]), _pawn(cfg, action["target"])
    if (i >> 2) not in cfg.movers[p]:
        return _not_mover(cfg, p)
    if (k >> 2) not in cfg.opponents[p]:
        return ("SRY-CARD-11",)  # only an opponent's pawn (the other team's) is swapped
    if sq_from_json(action["from"]) != pos[i]:
        return ()
    for x in (i, k):
        if SAFE0 <= pos[x] < HOME:
            return ("SRY-SAFETY-OWN-COLOUR",)
        if pos[x] >= HOME:
            return ("SRY-CARD-11",)
    if not R.bump_own and _blocked(R, cfg, pos, i, pos[k]):
        return (_dest_reason(R, cfg, pos, i, pos[k]),)
    if sq_from_json(action["to"]) != _swap_result(R, cfg, pos, i, k)[i]:
        return ("SRY-SWAP-SLIDE",) if pos[k] in TRIANGLE else ("SRY-CARD-11",)
    return ()


def _swap_result(R, cfg, pos, i: int, k: int) -> list:
    p = list(pos)
    s, t = pos[i], pos[k]
    p[k], p[i] = s, t
    land(R, cfg, p, i, t)
    if R.swap_slide_target and p[k] == s and R.slide[colour(cfg, k)][s] is not None:
        land(R, cfg, p, k, s)
    return p


def _sorry_rejection(eng, st, action, c: int) -> tuple[str, ...]:
    R, cfg, pos, p = eng.rules, st.cfg, st.pos, st.turn
    if c != CSORRY:
        return (CARD_CLAUSE[c],)
    if not R.start_sorry:
        return ("SRY-START-CARDS",)  # sorry.start-cards = one-two-only
    i, k = _pawn(cfg, action["pawn"]), _pawn(cfg, action["target"])
    if (i >> 2) not in cfg.movers[p]:
        return _not_mover(cfg, p)
    if pos[i] != START or action["from"] != "start":
        return ("SRY-SORRY-CARD",)
    if (k >> 2) == (i >> 2):
        return ("SRY-SORRY-CARD",)
    if SAFE0 <= pos[k] < HOME:
        return ("SRY-SAFETY-OWN-COLOUR",)
    if pos[k] >= HOME:
        return ("SRY-SORRY-CARD",)
    if not R.bump_own and _blocked(R, cfg, pos, i, pos[k]):
        return (_dest_reason(R, cfg, pos, i, pos[k]),)
    if sq_from_json(action["to"]) != _final(R, cfg, i, pos[k]):
        return slide_clauses(R, cfg, i, pos[k]) or ("SRY-SORRY-CARD",)
    first = next(j for j in range(i & ~3, (i & ~3) + 4) if pos[j] == START)
    return ("SRY-SORRY-CARD",) if first != i else ()


def _final(R, cfg, i: int, landing: int) -> int:
    if landing < LOOP:
        sl = R.slide[colour(cfg, i)][landing]
        if sl is not None:
            return sl[0]
    return landing


def _move_rejection(eng, st, action, c: int) -> tuple[str, ...]:
    R, cfg, pos, p = eng.rules, st.cfg, st.pos, st.turn
    steps = action["moves"]
    if not steps:
        return ()
    if len(steps) > 1 and c != C7:
        return (CARD_CLAUSE[c],)  # only a 7 is split
    if len(steps) > 2:
        return ("SRY-CARD-7",)
    idx = [_pawn(cfg, s["pawn"]) for s in steps]
    if len(set(idx)) != len(idx):
        return ("SRY-CARD-7",)
    if any((i >> 2) not in cfg.movers[p] for i in idx):
        return _not_mover(cfg, p)
    if len(steps) == 2:
        why = _split_count(R, cfg, pos, idx, steps)
        if why:
            return why
    cur = list(pos)
    for n, (i, step) in enumerate(zip(idx, steps)):
        f, to = sq_from_json(step["from"]), sq_from_json(step["to"])
        landing = sq_from_json(step["slide"]) if "slide" in step else to
        if n == 1 and cur[i] != pos[i]:
            return ("SRY-SLIDE-BUMP",)  # the first pawn's slide bumped the second one
        if f != cur[i]:
            return ()
        if f == HOME:
            return ("SRY-HOME-EXACT",)
        if f == START:
            if len(steps) > 1 or c not in (C1, C2):
                return ("SRY-START-CARDS",)
            if landing != EXIT[colour(cfg, i)]:
                return ("SRY-START-ONE" if c == C1 else "SRY-START-TWO",)
        elif len(steps) == 1 and _count(R, cfg, i, f, landing, counts_of(eng, c)) is None:
            return _miscount(R, cfg, i, f, landing, counts_of(eng, c), c)
        why = _dest_reason(R, cfg, cur, i, landing)
        if why is not None:
            zone = why == "SRY-OWN-PAWN-BLOCKS" and SAFE0 <= landing < HOME
            # in the safety zone: an own pawn blocking anywhere, or the normal rules there
            return Either((why, "SRY-SAFETY-NORMAL-RULES")) if zone else (why,)
        if to != _final(R, cfg, i, landing) or ("slide" in step and landing == to):
            return slide_clauses(R, cfg, i, landing) or ("SRY-SLIDE-ANY-CARD",)
        land(R, cfg, cur, i, landing)
    if len(steps) == 2:
        return ("SRY-CARD-7",)  # a listed split in the other order, or both orders alike
    if steps[0]["from"] == "start":  # the lowest-numbered pawn in START stands for all of them
        return ("SRY-START-ONE" if c == C1 else "SRY-START-TWO",)
    return ()


def _split_count(R, cfg, pos, idx, steps) -> tuple[str, ...]:
    """The two parts of a split 7 must use all seven, neither from START; a part that could only
    reach HOME by overshooting breaks SRY-HOME-EXACT (the other part used the rest)."""
    lands, froms = [], []
    for i, step in zip(idx, steps):
        f = sq_from_json(step["from"])
        if f == START:
            return ("SRY-START-CARDS",)
        froms.append(f)
        lands.append(sq_from_json(step["slide"]) if "slide" in step else sq_from_json(step["to"]))
    can = [{n for n in range(1, 7) if R.fwd[colour(cfg, i)][f][n] == d} for i, f, d in zip(idx, froms, lands)]
    if any(7 - n in can[1] for n in can[0]):
        return ()
    for a, b in ((0, 1), (1, 0)):
        if lands[a] == HOME and any(R.fwd[colour(cfg, idx[a])][froms[a]][7 - n] is None for n in can[b]):
            return ("SRY-HOME-EXACT",)
    if any(SAFE0 <= d < HOME and f < LOOP for f, d in zip(froms, lands)) or not all(can):
        why = [_miscount(R, cfg, i, f, d, [(F, n) for n in range(1, 7)], C7)
               for i, f, d, ok in zip(idx, froms, lands, can) if not ok]
        return why[0] if why else ("SRY-CARD-7",)
    return ("SRY-CARD-7",)


def _count(R, cfg, i: int, f: int, landing: int, allowed) -> int | None:
    for direction, n in allowed:
        table = R.fwd if direction == F else R.bwd
        if table[colour(cfg, i)][f][n] == landing:
            return n
    return None


def _miscount(R, cfg, i, f, landing, allowed, card) -> tuple[str, ...]:
    """The count does not reach ``landing``: overshooting HOME, skipping the safety zone, backing
    into it, or simply the wrong distance for the card."""
    col = colour(cfg, i)
    fwd_counts = [n for d, n in allowed if d == F]
    for d, n in allowed:  # the card's count, the wrong way round
        if (R.bwd if d == F else R.fwd)[col][f][n] == landing:
            return (CARD_CLAUSE[card],)
    if landing == HOME and any(R.fwd[col][f][n] is None for n in fwd_counts):
        return ("SRY-HOME-EXACT",)
    if SAFE0 <= landing < HOME and any(d == B for d, _ in allowed):
        return ("SRY-SAFETY-BACKWARD",)
    if f < LOOP and landing < LOOP and (landing - f) % LOOP in fwd_counts:
        return ("SRY-SAFETY-ZONE",)  # went round past its safety zone
    if SAFE0 <= landing < HOME and f < LOOP:
        return ("SRY-SAFETY-ZONE",) if landing not in [R.fwd[col][f][n] for n in range(13)] else (CARD_CLAUSE[card],)
    return (CARD_CLAUSE[card],)


def _uniq(xs) -> tuple:
    return tuple(dict.fromkeys(x for x in xs if x))
