"""Witnesses of the Sorry! readings, as test vectors (``specs/sorry/vectors/*.json``).

``python -m proofs.sorry.vectors`` (re)writes them deterministically. Per choice of
specs/sorry/choices.toml one file: the position (canonical state JSON, or a config for a
new game), the action(s), and what each reading expects. Move-level readings are found by
Z3 on the model (a position and an action whose legality or outcome differs between two
readings); turn-level ones (draw again, deck, points play) are positions written here
and checked with the model's own turn rules (``turn_after``). The register
(``ambiguities.py``) shows the same witnesses. ``harness/games/sorry/test_sorry_vectors.py``
replays every case against the engine under test.

Vector format::

    {"id", "game", "choice", "title", "clauses", "source",
     "cases": [{"name", "choices": {id: option}, "state": {...} | "config": {...},
                "load": "ok" | "malformed", "expect": {field: value},
                "steps": [{"action": {...}, "legal": bool, "expect": {field: value}}]}]}
"""

from __future__ import annotations

import json
from pathlib import Path

import z3

import specs

from . import canonical as C
from . import model as M
from proofs import vectorio
from proofs.ops import And, Or

VECTOR_DIR = specs.SPECS_DIR / "sorry" / "vectors"
B = M.BOARD
NAMES = ["red", "blue"]
COL = [0] * 4 + [1] * 4  # red and blue in play; pawn 4 * seat + k
SPEC = specs.load("sorry")
DECK = SPEC.param("deck")


def _rules(cid: str, opt: str, **kw) -> M.Rules:
    return M.Rules.from_choices({cid: opt}, **kw)


# ----------------------------------------------------------------------------- Z3 search
def _differ(pre, R1, a1, R2, a2):
    l1, p1 = M.step(R1, COL, pre, a1)
    l2, p2 = M.step(R2, COL, pre, a2)
    return Or(l1 != l2, And(l1, l2, Or(*[x != y for x, y in zip(p1, p2)])))


def _move_choice(cid: str, make_action, free=(0, 1, 4)):
    """A position where ``card``'s action differs between the two readings of ``cid``.
    ``make_action(option, n)`` gives the model action under that option (n: symbolic count)."""
    ch = SPEC.choices[cid]
    o1, o2 = sorted(ch.options, key=lambda o: o != ch.default)
    n = z3.Int("n")
    R1, R2 = _rules(cid, o1), _rules(cid, o2)

    def goal(pre):
        return [z3.Or(*[n == c for c in M.FORWARD_COUNTS])], _differ(pre, R1, make_action(o1, n), R2,
                                                                                make_action(o2, n))

    pre = M.symbolic("w", len(COL))
    s = z3.Solver()
    s.add(M.wellformed(M.Rules(), COL, pre))
    for k in range(len(COL)):
        if k not in free:
            s.add(pre[k] == B.start(COL[k]))
    dom, g = goal(pre)
    s.add(*dom)
    from proofs.core import find

    status, w = find(s, g, lambda m: ([m.eval(p, model_completion=True).as_long() for p in pre],
                                      m.eval(n, model_completion=True).as_long()))
    if status != "sat":
        raise RuntimeError(f"{cid}: Z3 found no position where the readings differ ({status})")
    return w


def _cases_for_position(cid: str, pos: list[int], card: str, only=None) -> tuple[dict, list[dict]]:
    """The canonical state, and one case per (distinguishing action, reading): every action
    legal under one reading and not the other, or legal under both with different pawns."""
    state = C.play_state(NAMES, C.pawns_json(COL, pos), card)
    ch = SPEC.choices[cid]
    lists = {}
    for opt in ch.options:
        R = _rules(cid, opt)
        lists[opt] = {json.dumps(a, sort_keys=True): (a, C.pawns_json(COL, after))
                      for a, after in C.legal_json(R, COL, pos, 0, card)}
    keys = sorted(set().union(*[set(v) for v in lists.values()]))
    differing = [k for k in keys if len({json.dumps(lists[o].get(k, (None, None))[1], sort_keys=True)
                                           for o in ch.options}) > 1]
    if only:
        differing = [k for k in differing if only(json.loads(k))]
    cases = []
    for k in differing[:2]:
        action = json.loads(k)
        for opt in sorted(ch.options, key=lambda o: o != ch.default):
            got = lists[opt].get(k)
            step = {"action": action, "legal": got is not None}
            if got is not None:
                step["expect"] = {"pawns": got[1]}
            cases.append({"name": f"{cid}={opt}: {_describe(action)}", "choices": {cid: opt}, "state": state,
                          "steps": [step]})
    return state, cases


def _describe(a: dict) -> str:
    if a["type"] == "move":
        return ", ".join(f"{m['pawn']} {m['from']}->{m['to']}" for m in a["moves"]) + f" with a {a['card']}"
    if a["type"] == "forfeit":
        return f"forfeit the {a['card']}"
    return f"{a['type']} {a['pawn']} ({a['from']}) with {a['target']} -> {a['to']}"


def ten_card() -> dict:
    pos, _ = _move_choice("sorry.ten-card", lambda o, n: ("back", 0, 1) if o == "back-one" else ("fwd", 0, 1))
    return _vector("sorry.ten-card", *_cases_for_position("sorry.ten-card", pos, "10"))


def slide_colours() -> dict:
    pos, n = _move_choice("sorry.slide-colours", lambda o, n: ("fwd", 0, n))
    card = str(n)
    return _vector("sorry.slide-colours", *_cases_for_position("sorry.slide-colours", pos, card))


def slide_bumps_own() -> dict:
    pos, n = _move_choice("sorry.slide-bumps-own", lambda o, n: ("fwd", 0, n))
    return _vector("sorry.slide-bumps-own", *_cases_for_position("sorry.slide-bumps-own", pos, str(n)))


def own_pawn_on_triangle() -> dict:
    pos, n = _move_choice("sorry.own-pawn-on-triangle", lambda o, n: ("fwd", 0, n))
    return _vector("sorry.own-pawn-on-triangle", *_cases_for_position("sorry.own-pawn-on-triangle", pos, str(n)))


def swap_slide_target() -> dict:
    pos, _ = _move_choice("sorry.swap-slide-target", lambda o, n: ("swap", 0, 4))
    return _vector("sorry.swap-slide-target", *_cases_for_position("sorry.swap-slide-target", pos, "11",
                                                                   only=lambda a: a["type"] == "swap"))


def start_cards() -> dict:
    pos, _ = _move_choice("sorry.start-cards", lambda o, n: ("sorry", 0, 4))
    return _vector("sorry.start-cards", *_cases_for_position("sorry.start-cards", pos, "sorry"))


def eleven_forfeit() -> dict:
    """A position where no red pawn can go eleven forward but a swap is possible."""
    R = M.Rules()
    pre = M.symbolic("w", len(COL))
    s = z3.Solver()
    s.add(M.wellformed(R, COL, pre))
    for k in (2, 3, 5, 6, 7):
        s.add(pre[k] == B.start(COL[k]))
    s.add(*[z3.Not(M.step(R, COL, pre, ("fwd", i, 11))[0]) for i in range(4)])
    s.add(M.step(R, COL, pre, ("swap", 0, 4))[0])
    s.add(pre[1] == B.start(0))
    from proofs.core import find

    status, pos = find(s, z3.BoolVal(True), lambda m: [m.eval(p, model_completion=True).as_long() for p in pre])
    if status != "sat":
        raise RuntimeError(f"sorry.eleven-forfeit: no witness ({status})")
    return _vector("sorry.eleven-forfeit", *_cases_for_position("sorry.eleven-forfeit", pos, "11",
                                                                only=lambda a: a["type"] == "forfeit"))


# ----------------------------------------------------------------------------- turn level
def turn_after(card: str, seat: int, players: int, draw_again: str) -> int:
    """Who draws next after ``card`` (SRY-TWO-DRAW-AGAIN, choice sorry.draw-again)."""
    again = card == "2" or (card == "1" and draw_again == "one-and-two")
    return seat if again else (seat + 1) % players


def draw_again() -> dict:
    cid = "sorry.draw-again"
    pawns = {"red": ["start"] * 4, "blue": [30, "start", "start", "start"]}
    state = C.play_state(NAMES, pawns, "1")
    R = M.Rules()
    col, pos = C.position(state)
    (action, after), = [x for x in C.legal_json(R, col, pos, 0, "1") if x[0]["type"] == "move"]
    cases = []
    for opt in sorted(SPEC.choices[cid].options, key=lambda o: o != SPEC.choices[cid].default):
        nxt = turn_after("1", 0, 2, opt)
        cases.append({"name": f"{cid}={opt}: after a 1 {NAMES[nxt]} draws", "choices": {cid: opt}, "state": state,
                      "steps": [{"action": action, "legal": True,
                                 "expect": {"pawns": C.pawns_json(col, after), "phase": "draw", "turn": nxt}}]})
    return _vector(cid, state, cases)


def _draw_state(draw: dict, disc: dict) -> dict:
    order = DECK["order"]
    pile = [c for c in order for _ in range(draw.get(c, 0))]
    return {"game": "sorry", "players": NAMES, "variant": {"team": False, "points": False, "quick_start": False},
            "pawns": {"red": ["start"] * 4, "blue": ["start"] * 4}, "draw_pile": pile,
            "discard_pile": [c for c in order for _ in range(disc.get(c, 0))], "card": None, "hands": None,
            "phase": "draw", "turn": 0, "refill": None, "to_move": "chance",
            "chance": {"event": "draw", "draws": [{"pool": pile, "take": {"draw": 1}}]}, "result": None}


def deck() -> dict:
    """A new game of the points variant (2 players): it loads under both decks, and the deal
    that gives red five 1s is a legal chance outcome of the 45-card deck only (the 44-card
    deck has four 1s). The pools at the start show the two decks card by card."""
    cid = "sorry.deck"
    eds = DECK["editions"]
    config = {"players": 2, "points": True}
    blue = ["2", "3", "4", "5", "7"]  # five cards each: sorry.points-hand-size at its default
    deal = {"type": "chance", "event": "deal", "outcome": [{"red": ["1"] * 5, "blue": blue}]}
    cases = []
    for opt in ("hasbro-2005", "first-edition"):
        pool = [c for c in DECK["order"] for _ in range(eds[opt][c])]
        ok = eds[opt]["1"] >= 5
        step = {"action": deal, "legal": ok}
        if ok:
            step["expect"] = {"hands": {"red": ["1"] * 5, "blue": blue}, "phase": "play"}
        cases.append({"name": f"{cid}={opt}: {len(pool)} cards, red {'may' if ok else 'cannot'} be dealt five 1s",
                      "choices": {cid: opt}, "config": config,
                      "expect": {"chance": {"event": "deal", "draws": [{"pool": pool, "take": {"red": 5, "blue": 5}}]}},
                      "steps": [step]})
    return _vector(cid, None, cases)


def points_bonus() -> dict:
    """Red brings its last pawn HOME while blue has none HOME: the bonuses 25, 50 and 100 all
    apply; the winner gets the largest, or all three."""
    cid = "sorry.points-bonus"
    sc = SPEC.param("scoring")
    hands = {"red": ["1", "3", "4", "5", "8"], "blue": ["3", "4", "5", "8", "10"]}
    counts = dict(DECK["editions"]["hasbro-2005"])
    for h in hands.values():
        for c in h:
            counts[c] -= 1
    order = DECK["order"]
    state = {"game": "sorry", "players": NAMES, "variant": {"team": False, "points": True, "quick_start": True},
             "pawns": {"red": ["home", "home", "home", "safety 5"], "blue": [20, 40, "start", "start"]},
             "draw_pile": [c for c in order for _ in range(counts[c])], "discard_pile": [], "card": None,
             "hands": hands, "phase": "play", "turn": 0, "refill": None, "to_move": 0, "chance": None, "result": None}
    action = {"type": "move", "player": 0, "card": "1", "moves": [{"pawn": "red 4", "from": "safety 5", "to": "home"}]}
    blue_home = 0
    bonuses = [pts for limit, pts in sc["bonus_max_opponent_home"].items() if blue_home <= int(limit)]
    cases = []
    for opt in ("highest", "cumulative"):
        red = sc["per_pawn_home"] * 4 + sc["per_opponent_pawn_not_home"] * 4 + (
            max(bonuses) if opt == "highest" else sum(bonuses))
        cases.append({"name": f"{cid}={opt}: red scores {red}", "choices": {cid: opt}, "state": state,
                      "steps": [{"action": action, "legal": True,
                                 "expect": {"result": {"winners": ["red"], "scores": {"red": red, "blue": 0}}}}]})
    return _vector(cid, state, cases)


def points_hand_size() -> dict:
    cid = "sorry.points-hand-size"
    config = {"players": 2, "points": True}
    pool = [c for c in DECK["order"] for _ in range(DECK["editions"]["hasbro-2005"][c])]
    cases = []
    for opt, n in (("five", 5), ("seven", 7)):
        cases.append({"name": f"{cid}={opt}: each colour is dealt {n}", "choices": {cid: opt}, "config": config,
                      "expect": {"chance": {"event": "deal", "draws": [{"pool": pool, "take": {"red": n, "blue": n}}]}},
                      "steps": []})
    return _vector(cid, None, cases)


# ----------------------------------------------------------------------------- files
def _vector(cid: str, state, cases: list[dict]) -> dict:
    ch = SPEC.choices[cid]
    if not cases:
        raise RuntimeError(f"{cid}: no distinguishing case")
    return {"id": cid, "game": "sorry", "choice": cid, "title": ch.question, "clauses": list(ch.clauses),
            "source": "proofs/sorry/vectors.py", "default": ch.default, "cases": cases}


BUILDERS = {
    "sorry.deck": deck,
    "sorry.ten-card": ten_card,
    "sorry.draw-again": draw_again,
    "sorry.slide-colours": slide_colours,
    "sorry.slide-bumps-own": slide_bumps_own,
    "sorry.start-cards": start_cards,
    "sorry.eleven-forfeit": eleven_forfeit,
    "sorry.swap-slide-target": swap_slide_target,
    "sorry.points-bonus": points_bonus,
    "sorry.points-hand-size": points_hand_size,
    "sorry.own-pawn-on-triangle": own_pawn_on_triangle,  # last: an earlier Z3 search changes later witnesses
}


def _file_stem(cid: str) -> str:
    return cid.removeprefix("sorry.")


def build_all() -> dict[str, dict]:
    return {cid: fn() for cid, fn in BUILDERS.items()}


def write(out_dir: Path = VECTOR_DIR) -> list[Path]:
    return vectorio.write_vectors(build_all, out_dir, _file_stem)


def load_all(in_dir: Path = VECTOR_DIR) -> dict[str, dict]:
    """The vectors on disk (what the register shows); written by ``write`` in a fresh process,
    so the witnesses do not depend on what else Z3 solved before in the same process."""
    return vectorio.load_vectors(BUILDERS, in_dir, _file_stem, build_all)


if __name__ == "__main__":
    vectorio.main(write, VECTOR_DIR)
