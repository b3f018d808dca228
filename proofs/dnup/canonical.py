"""The Dnup model <-> canonical JSON (specs/dnup/state.schema.json, action.schema.json),
and the turn around an action (going out, the first player out's set, the next turn).

Written from the schemas and clauses, not from ``engine/``. A state lists ``hands`` (per
player ``[id, flipped]`` pairs), ``sets`` (per player per area), ``discard`` (ids), ``out``,
``leaving``, ``tokens``, ``rounds_won``, ``to_move`` and ``area``. Actions:
``{"type": "play", "player", "cards"}``, ``{"type": "add", "player", "card", "owner", "area"}``,
``{"type": "take", "player", "owner", "area"}``, ``{"type": "flip", "player"}``.
"""

from __future__ import annotations

from itertools import combinations

import specs

from . import model as M

DECK = specs.load("dnup").param("deck")
TOKENS_FIRST, TOKENS_SECOND, WIN_LETTERS, WIN_ROUNDS = 2, 1, 4, 2  # DNP-FIRST-OUT, DNP-SECOND-OUT, DNP-GAME-END, DNP-TWO-ROUND-WIN


def removed_ids(players: int) -> list[str]:
    cards = DECK["cards"]
    gone = {"star4"} if players == 4 else {"star4", "star6"} if players <= 3 else set()
    return sorted(c["id"] for c in cards if c["mark"] in gone)


def state_json(players: int, hands, sets, to_move: int, turn: int = 0, discard=()) -> dict:
    return {"game": "dnup", "players": players, "deck": "assumed", "removed": removed_ids(players), "turn_cap": None,
            "round": 1, "turn": turn, "chance": None, "to_move": to_move, "area": 1, "start_player": 0,
            "hands": hands, "sets": sets, "discard": sorted(discard), "out": [], "leaving": None,
            "tokens": [0] * players, "rounds_won": [0] * players, "result": None}


def _deck(state: dict) -> list[dict]:
    return DECK["cards"] if state["deck"] == "assumed" else state["deck"]


def table(state: dict) -> tuple[M.Table, list[str]]:
    """The model table of a canonical state (every card of the deck; removed ones discarded)."""
    cards = sorted(_deck(state), key=lambda c: c["id"])
    ids = [c["id"] for c in cards]
    at = {cid: k for k, cid in enumerate(ids)}
    P = state["players"]
    areas = len(state["sets"][0])
    loc = [M.DISCARD] * len(ids)
    flip = [False] * len(ids)
    for p, hand in enumerate(state["hands"]):
        for cid, f in hand:
            loc[at[cid]], flip[at[cid]] = p, bool(f)
    for p, row in enumerate(state["sets"]):
        for a, cs in enumerate(row):
            for cid, f in cs:
                loc[at[cid]], flip[at[cid]] = P + p * areas + a, bool(f)
    out = [p in state["out"] for p in range(P)]
    return M.Table(P, areas, [tuple(c["values"]) for c in cards], loc, flip, out), ids


def legal(R: M.Rules, T: M.Table, ids: list[str], p: int, area: int) -> list[tuple[dict, tuple, list, list]]:
    """Every legal action: (canonical action, model action, new loc, new flip)."""
    out = []
    hand = [k for k in range(T.K) if T.loc[k] == p]
    groups: dict[int, list[int]] = {}
    for k in hand:
        groups.setdefault(T.active(k), []).append(k)

    def chosen(ks):
        s = set(ks)
        return [k in s for k in range(T.K)]

    for v in sorted(groups):
        for n in range(1, len(groups[v]) + 1):
            for ks in combinations(groups[v], n):
                act = ("A", chosen(ks))
                ok, loc, flip = M.step(R, T, p, area, act)
                if ok:
                    out.append(({"type": "play", "player": p, "cards": sorted(ids[k] for k in ks)}, act, loc, flip))
    for t in range(T.slots):
        q, a = T.owner(t), t % T.areas + 1
        if q == p or not any(T.in_set(k, t) for k in range(T.K)):
            continue
        for k in hand:
            act = ("B", chosen([k]), t)
            ok, loc, flip = M.step(R, T, p, area, act)
            if ok:
                out.append(({"type": "add", "player": p, "card": ids[k], "owner": q, "area": a}, act, loc, flip))
        act = ("C", t)
        ok, loc, flip = M.step(R, T, p, area, act)
        if ok:
            out.append(({"type": "take", "player": p, "owner": q, "area": a}, act, loc, flip))
    ok, loc, flip = M.step(R, T, p, area, ("D",))
    out.append(({"type": "flip", "player": p}, ("D",), loc, flip))
    return out


def tables_json(T: M.Table, ids: list[str], loc: list, flip: list) -> dict:
    """hands, sets and discard of a table (cards sorted by id; removed cards are not in the
    discard: ``removed`` lists them)."""
    hands = [[] for _ in range(T.players)]
    sets = [[[] for _ in range(T.areas)] for _ in range(T.players)]
    discard = []
    for k in range(T.K):
        c = [ids[k], bool(flip[k])]
        if loc[k] == M.DISCARD:
            discard.append(ids[k])
        elif loc[k] < T.players:
            hands[loc[k]].append(c)
        else:
            s = loc[k] - T.players
            sets[T.owner(s)][s % T.areas].append(c)
    return {"hands": hands, "sets": sets, "discard": discard}


def successor(state: dict, T: M.Table, ids: list[str], kind: str, loc: list, flip: list) -> dict:
    """The canonical fields after the action and the turn passing on (DNP-ONE-ACTION):
    going out (DNP-FIRST-OUT, DNP-SECOND-OUT, DNP-TWO-ROUND-WIN, DNP-GAME-END), the first
    player out's set staying for one more turn of every other player (DNP-FIRST-OUT-CARDS-STAY),
    the next player clockwise (or the 2-player area order) discarding their set
    (DNP-CLOCKWISE, DNP-TWO-TURNS, DNP-DISCARD-OWN-SET)."""
    P, A = T.players, T.areas
    p, area = state["to_move"], state["area"]
    loc = list(loc)
    out = list(state["out"])
    tokens = list(state["tokens"])
    wins = list(state["rounds_won"])
    leaving = None if state["leaving"] is None else dict(state["leaving"])
    removed = set(state["removed"])
    if leaving is not None and not any(loc[k] == P + T.slot(leaving["player"], 1) for k in range(T.K)):
        leaving = None  # the leaving set was taken or beaten (DNP-FIRST-OUT-BEATEN)
        changed = True
    else:
        changed = False
    if kind in ("A", "B") and not any(loc[k] == p for k in range(T.K)):
        if A == 2:
            wins[p] += 1
            result = {"winner": p, "reason": "rounds"} if wins[p] >= WIN_ROUNDS else None
            return {"round_over": True, "tokens": tokens, "rounds_won": wins, "result": result}
        first = not out
        tokens[p] += TOKENS_FIRST if first else TOKENS_SECOND
        result = {"winner": p, "reason": "letters"} if tokens[p] >= WIN_LETTERS else None
        if not first or result is not None:
            return {"round_over": True, "tokens": tokens, "rounds_won": wins, "result": result}
        out = [p]
        has_set = any(loc[k] == P + T.slot(p, 1) for k in range(T.K))
        leaving = {"player": p, "turns_left": P - 1} if has_set else None
    elif leaving is not None and not changed:
        leaving["turns_left"] -= 1
        if leaving["turns_left"] <= 0:
            s = T.slot(leaving["player"], 1)
            loc = [M.DISCARD if x == P + s else x for x in loc]
            leaving = None
    if A == 2:
        nxt, narea = (p, 2) if area == 1 else (1 - p, 1)
    else:
        nxt = (p + 1) % P
        while nxt in out:
            nxt = (nxt + 1) % P
        narea = 1
    s = T.slot(nxt, narea)
    loc = [M.DISCARD if x == P + s else x for x in loc]
    tj = tables_json(T, ids, loc, flip)
    tj["discard"] = sorted(c for c in tj["discard"] if c not in removed)
    return {"round_over": False, **tj, "out": out, "leaving": leaving, "tokens": tokens, "rounds_won": wins,
            "to_move": nxt, "area": narea, "result": None}


def compare_fields(after: dict, want: dict) -> list[str]:
    """Differences between an engine successor and the model's prediction."""
    if want["round_over"]:
        diffs = []
        if after["to_move"] not in ("chance", None):
            diffs.append(f"the model ends the round, the engine has player {after['to_move']} to move")
        for f in ("tokens", "rounds_won", "result"):
            if after[f] != want[f]:
                diffs.append(f"{f}: engine {after[f]}, model {want[f]}")
        return diffs
    return [f"{f}: engine {after[f]}, model {want[f]}" for f in want if f != "round_over" and after.get(f) != want[f]]
