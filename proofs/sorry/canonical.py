"""The model <-> canonical JSON (specs/sorry/state.schema.json, action.schema.json).

Written from the schemas, not from ``engine/``: a state's ``players`` are colours in seat
order, ``pawns`` lists four squares per colour (pawn ``"<colour> <k>"`` is the k-th);
actions name the card and each pawn's ``from`` and ``to`` (where it rests after a slide).
Model pawn ``4 * seat + k`` is pawn ``k + 1`` of the colour in seat ``seat``.
"""

from __future__ import annotations

import specs

from . import model as M

DECKS = specs.load("sorry").param("deck")


def rules_for(choices: dict | None, team: bool = False, **hooks) -> M.Rules:
    return M.Rules.from_choices(choices, team=team, **hooks)


def position(state: dict, board: M.Board = M.BOARD) -> tuple[list[int], list[int]]:
    """(colours per pawn, places per pawn) of a canonical state."""
    col, pos = [], []
    for name in state["players"]:
        c = board.names.index(name)
        for sq in state["pawns"][name]:
            col.append(c)
            pos.append(board.from_json(sq, c))
    return col, pos


def pawns_json(col: list[int], pos: list[int], board: M.Board = M.BOARD) -> dict:
    out: dict = {}
    for c, p in zip(col, pos):
        out.setdefault(board.names[c], []).append(board.to_json(p, c))
    return out


def pawn_name(col: list[int], k: int, board: M.Board = M.BOARD) -> str:
    return f"{board.names[col[k]]} {k % 4 + 1}"


def action_json(R: M.Rules, col, pos, seat: int, card: str, action: tuple) -> tuple[dict, list[int]]:
    """(canonical action, successor places) of a legal model action."""
    B = R.board
    kind = action[0]
    if kind == "forfeit":
        return {"type": "forfeit", "player": seat, "card": card}, list(pos)
    ok, new = M.step(R, col, pos, action)
    assert ok is True, (action, ok)
    if kind in ("start", "fwd", "back"):
        i = action[1]
        moves = [_step(col, i, pos[i], landing(R, col, pos, action), new[i])]
        return {"type": "move", "player": seat, "card": card, "moves": moves}, new
    if kind == "split":
        _, i, a, j = action
        li = M.fwd(R, col[i], pos[i], a)
        _, mid = M.land(R, col, pos, i, li)
        lj = M.fwd(R, col[j], mid[j], 7 - a)
        moves = [_step(col, i, pos[i], li, mid[i]), _step(col, j, mid[j], lj, new[j])]
        return {"type": "move", "player": seat, "card": card, "moves": moves}, new
    _, i, j = action
    return ({"type": kind, "player": seat, "card": card, "pawn": pawn_name(col, i), "from": B.to_json(pos[i], col[i]),
             "target": pawn_name(col, j), "to": B.to_json(new[i], col[i])}, new)


def landing(R: M.Rules, col, pos, action: tuple) -> int:
    """Where the count of a one-pawn move ends (before any slide)."""
    kind, i = action[0], action[1]
    if kind == "start":
        return R.board.exit[col[i]]
    if kind == "fwd":
        return M.fwd(R, col[i], pos[i], action[2])
    return M.bwd(R, col[i], pos[i], action[2])


def _step(col, i: int, frm: int, land: int, to: int, board: M.Board = M.BOARD) -> dict:
    """One pawn movement (action schema): a pawn that slid names the triangle it landed on."""
    step = {"pawn": pawn_name(col, i), "from": board.to_json(frm, col[i]), "to": board.to_json(to, col[i])}
    if land != to:
        step["slide"] = land
    return step


def legal_json(R: M.Rules, col, pos, seat: int, card: str) -> list[tuple[dict, list[int]]]:
    """Every legal action of the position as (canonical action, successor places).

    A 7 split whose two orders give the same position is listed once, the order that
    moves the pawn listed first in the player's pawns first (a notation rule, so each
    legal action has one spelling)."""
    player = col[4 * seat]
    acts = M.legal_actions(R, col, pos, player, card)
    out = []
    seen_split: dict[tuple, list] = {}
    order = _pawn_order(R, col, seat)
    for a in acts:
        if a[0] == "split":
            seen_split.setdefault((frozenset((a[1], a[3])), a[2] if order[a[1]] < order[a[3]] else 7 - a[2]),
                                  []).append(a)
            continue
        out.append(action_json(R, col, pos, seat, card, a))
    for _key, group in seen_split.items():
        group.sort(key=lambda a: order[a[1]])
        firsts = [action_json(R, col, pos, seat, card, a) for a in group]
        if len(firsts) == 2 and firsts[0][1] == firsts[1][1]:
            firsts = firsts[:1]
        out.extend(firsts)
    return out


def legal_json_hand(R: M.Rules, col, pos, seat: int, hand: list[str]) -> list[tuple[dict, list[int]]]:
    """Points play (SRY-POINTS-PLAY, SRY-POINTS-DISCARD): the moves of every card in the hand;
    when no card can move, or the only moves are 11 swaps and eleven-forfeit is optional, the
    player may instead discard any one card of the hand (a forfeit naming it)."""
    out = []
    for card in sorted(set(hand), key=DECKS["order"].index):
        out += [x for x in legal_json(R, col, pos, seat, card) if x[0]["type"] != "forfeit"]
    only_swaps = out and all(a["type"] == "swap" for a, _ in out) and R.eleven_forfeit == "optional"
    if not out or only_swaps:
        out += [({"type": "forfeit", "player": seat, "card": c}, list(pos))
                for c in sorted(set(hand), key=DECKS["order"].index)]
    return out


def _pawn_order(R: M.Rules, col, seat: int) -> dict[int, int]:
    """The order of the player's pawns: own pawns, then the partner's (team play)."""
    me = col[4 * seat]
    mine = [i for i in range(len(col)) if col[i] == me]
    partner = [i for i in range(len(col)) if col[i] != me and R.side(me, col[i])]
    return {i: n for n, i in enumerate(mine + partner)}


def play_state(names: list[str], pawns: dict, card: str, seat: int = 0, variant: dict | None = None,
               deck: str = "hasbro-2005", discard: dict | None = None) -> dict:
    """A canonical state in the 'play' phase: ``card`` drawn, the rest of the deck in the
    draw pile (minus ``discard``)."""
    counts = dict(DECKS["editions"][deck])
    counts[card] -= 1
    disc = dict.fromkeys(counts, 0)
    for c, n in (discard or {}).items():
        counts[c] -= n
        disc[c] += n
    order = DECKS["order"]
    return {
        "game": "sorry", "players": list(names),
        "variant": variant or {"team": False, "points": False, "quick_start": False},
        "pawns": {n: list(pawns[n]) for n in names},
        "draw_pile": [c for c in order for _ in range(counts[c])],
        "discard_pile": [c for c in order for _ in range(disc[c])],
        "card": card, "hands": None, "phase": "play", "turn": seat, "refill": None,
        "to_move": seat, "chance": None, "result": None,
    }
