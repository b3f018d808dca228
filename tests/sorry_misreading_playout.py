"""Seeded playouts of a Sorry! misreading beside the reference, for tests/test_sorry_misreadings.py.

:func:`first_divergence` plays seeded random games (and games from built positions for the late
game: pawns near HOME, a short draw pile) with the misreading and the reference in lockstep,
comparing the new game, legal action sets, pending chance events, observations and successors,
and returns the first transition where they differ, with the transitions where they agreed.
:func:`findings_of` judges that transition with the harness's own ``Lockstep`` so the finding
and its ``observed`` are exactly what a run records.
"""

from __future__ import annotations

import random

from engine.canonical import dumps
from engine.errors import RulecheckError
from engine.sorry import SorryEngine

#: configs a misreading is played in (every mode of play, seats, the first player, a rematch)
CONFIGS = (
    {"players": 2},
    {"players": 4, "first": 2},
    {"players": 4, "team": True},
    {"players": 3, "points": True},
    {"colours": ["blue", "green"], "quick_start": True},
    {"players": 4, "points": True, "previous_winner": "yellow"},
    {"players": 3, "previous_winner": 1},
)


def built_positions(ref: SorryEngine) -> list[dict]:
    """Late-game positions: three pawns HOME and one about to come in, pawns near the zone entries,
    a draw pile of a few cards (the win, HOME by exact count, the reshuffle)."""
    out = []
    for cfg, pawns in (
        ({"players": 2}, {"red": ["home", "home", "home", "safety 3"], "blue": ["home", "home", 15, "safety 4"]}),
        ({"players": 4, "team": True}, {"red": ["home", "home", "home", "safety 2"], "blue": [58, 0, 1, "start"],
                                       "yellow": ["home", "home", "home", "home"], "green": [44, 45, 31, "start"]}),
        ({"players": 3, "points": True}, {"red": ["home", "home", "home", "safety 4"], "blue": ["home", 14, 16, "start"],
                                         "yellow": [30, 28, "safety 1", "home"]}),
        ({"players": 2}, {"red": [0, 1, 2, 3], "blue": [9, 12, 17, 16]}),
        ({"players": 2}, {"red": [16, 14, 31, "start"], "blue": [9, 46, 40, 55]}),
    ):
        st = ref.to_json(ref.new_game(cfg))
        st["pawns"] = pawns
        for step in (15, 6):  # a short draw pile (every step-th card), the rest of the deck discarded
            s = dict(st)
            if s["hands"] is None:
                pile = s["draw_pile"]
                s["draw_pile"] = pile[::step]
                s["discard_pile"] = [c for k, c in enumerate(pile) if k % step]
                s["chance"] = {"event": "draw", "draws": [{"pool": s["draw_pile"], "take": {"draw": 1}}]}
            try:
                ref.from_json(s)
            except RulecheckError:
                continue
            out.append(s)
    return out


class Divergence:
    """Where a misreading first differs: ``kind`` ("new", "new-rejects", "legal", "chance",
    "observe", "apply"), the state and action (or config), and the agreed transitions before."""

    def __init__(self, kind, state=None, action=None, config=None, player=None):
        self.kind, self.state, self.action, self.config, self.player = kind, state, action, config, player
        self.agreements: list[dict] = []


def _chance_action(ch: dict, rng: random.Random) -> dict:
    pool = list(ch["draws"][0]["pool"])
    if ch["event"] == "draw":
        return {"type": "chance", "event": "draw", "outcome": [{"draw": [rng.choice(pool)]}]}
    rng.shuffle(pool)
    order = ["1", "2", "3", "4", "5", "7", "8", "10", "11", "12", "sorry"]
    out, k = {}, 0
    for name, n in ch["draws"][0]["take"].items():
        out[name] = sorted(pool[k:k + n], key=order.index)
        k += n
    return {"type": "chance", "event": "deal", "outcome": [out]}


def _legal(eng, st):
    try:
        return sorted(map(dumps, eng.legal_actions(st)))
    except Exception:  # noqa: BLE001  a variant that breaks here differs
        return None


def _game(mis, ref, start, rng, budget: int, agreed: list) -> tuple[Divergence | None, int]:
    """One game from a config (dict with no 'game' key) or a built state; (divergence, transitions used)."""
    if "game" in start:
        r = ref.from_json(start)
        m = mis.from_json(start)
    else:
        r = ref.new_game(start)
        try:
            m = mis.new_game(start)
        except RulecheckError:
            return Divergence("new-rejects", config=start), 1
        if dumps(mis.to_json(m)) != dumps(ref.to_json(r)):
            return Divergence("new", config=start), 1
        agreed.append({"op": "new", "config": start, "value": dumps(ref.to_json(r))})
    used = 0
    while used < budget and not ref.is_terminal(r):
        used += 1
        rj = ref.to_json(r)
        legal = _legal(ref, r)
        if _legal(mis, m) != legal:
            return Divergence("legal", rj), used
        ch = ref.chance(r)
        if dumps(mis.chance(m)) != dumps(ch):
            return Divergence("chance", rj), used
        for p in range(len(rj["players"]) if rj["hands"] is not None else 0):  # hidden parts: points play only
            if dumps(mis.observation(m, p)) != dumps(ref.observation(r, p)):
                return Divergence("observe", rj, player=p), used
        action = _chance_action(ch, rng) if ch is not None else rng.choice(ref.legal_actions(r))
        r2 = ref.apply(r, action)
        try:
            m2 = mis.apply(m, action)
            same = dumps(mis.to_json(m2)) == dumps(ref.to_json(r2))
        except RulecheckError:
            same = False
        if not same:
            return Divergence("apply", rj, action), used
        agreed.append({"op": "apply", "state": rj, "action": action})
        r, m = r2, m2
    if ref.is_terminal(r):
        rj = ref.to_json(r)
        for p in range(len(rj["players"])):
            if dumps(mis.observation(m, p)) != dumps(ref.observation(r, p)):
                return Divergence("observe", rj, player=p), used
    return None, used


def _mode(start: dict) -> str:
    v = start.get("variant", start)
    return "team" if v.get("team") else "points" if v.get("points") else "base"


def first_divergence(mis, ref, seed: int = 0, budget: int = 900) -> Divergence | None:
    """The first divergence of ``mis`` from ``ref`` over the configs and built positions of the modes
    of play it misreads, within ``budget`` transitions in all: a short game from each start first,
    then longer ones."""
    rng = random.Random(seed)
    agreed: list[dict] = []
    left = budget
    modes = getattr(getattr(mis, "rd", None), "modes", None)
    starts = [s for s in list(CONFIGS) + built_positions(ref) if modes is None or _mode(s) in modes]
    for per_game in (30, 120, 400):
        for start in starts:
            d, used = _game(mis, ref, start, rng, min(per_game, left), agreed)
            left -= used
            if d is not None:
                d.agreements = agreed[-40:]
                return d
            if left <= 0:
                return None
    return None


def findings_of(candidate, reference, d: Divergence) -> tuple[dict[str, list[dict]], list[dict]]:
    """The findings the harness's ``Lockstep`` records on the divergent transition (clause ->
    failure entries as in a report), and the agreements as lockstep keeps them."""
    from harness.explore.lockstep import Lockstep, key_of
    from harness.verdicts.findings import close_sink, open_sink

    sink = open_sink("sorry-misreading")
    try:
        ls = Lockstep(candidate, reference, probes_per_state=0)
        if d.kind in ("new", "new-rejects"):
            ls.start(d.config)
        else:
            ls.start_from_state(d.state)
            ls.step(lambda legal, chance: d.action if d.action is not None else (
                _chance_action(chance, random.Random(0)) if chance is not None else (legal[0] if legal else None)))
    finally:
        close_sink()
    failing: dict[str, list[dict]] = {}
    for f in sink.to_json():
        failing.setdefault(f["clause"], []).append(f)
    choices = dict(reference.choices)
    agreements = []
    for a in d.agreements:
        a = {**a, "game": "sorry", "choices": choices}
        if a["op"] == "apply":
            a["key"] = key_of(a["state"], a["action"])
        agreements.append(a)
    return failing, agreements
