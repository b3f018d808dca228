"""Where each Opsnorren misreading first differs from the reference (tests/test_opsnorren_misreadings.py).

Lockstep-like, but cheap: the reference plays seeded random games once (from new games and
from built positions at the start of rounds 3 and 4 with chosen rule rows, since the black
rule cards are turned only then), and every misreading is asked about the same states in
order: the new game, the legal actions, the chance event, every player's observation and
the successor of the action played. The first state where it answers differently is its
divergence; the witnesses say what it did there the way ``harness.explore.lockstep`` writes
them (``Witness.observed``), and the states before it are the positions where it agreed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from engine import chance as chance_mod
from engine.canonical import dumps
from engine.errors import RulecheckError
from engine.opsnorren import OpsnorrenEngine
from harness.explore.lockstep import _norm_chance, key_of

#: rule rows that bring every known rule card into play in rounds 3 and 4
ROWS = (
    ("pass-three", "green-negative", "two-wins", "three-lowest"),
    ("most-blue", "pink-open", "equal-discarded", "new-lead-colour"),
    ("pink-plus-one", "green-negative", "colour-reversed", "fewest-stars"),
    ("pink-open", "most-blue", "three-lowest", "two-wins"),
    ("green-negative", "pass-three", "new-lead-colour", "equal-discarded"),
    ("most-blue", "pink-plus-one", "fewest-stars", "colour-reversed"),
)
#: agreeing positions handed to diagnosis with a divergence (the latest ones)
AGREEMENTS = 30


def late_start(reference, players: int, row, rnd: int, rng: random.Random) -> dict:
    """The canonical state at the start of round ``rnd`` (teams not yet dealt) with rule row ``row``."""
    s = reference.new_game({"players": players, "rule_cards": list(row)})
    s.round = s.revealed = rnd
    s._ruleset = None
    s.history = tuple((r, rng.randrange(8), rng.randrange(8), rng.randrange(2)) for r in range(1, rnd))
    s.trophies = tuple(tuple(rng.choice((1, 2, 3)) for _ in range(rng.randrange(2))) for _ in range(players))
    return reference.to_json(s)


def starts(reference, rounds: int = 1, seed: int = 0) -> list:
    """Where the games start: ('config', {...}) or ('state', canonical json), ``rounds`` times over."""
    rng = random.Random(seed)
    out = []
    for k in range(rounds):
        for i, row in enumerate(ROWS):
            out.append(("state", late_start(reference, 3 + (i + k) % 4, row, 4, rng)))
            if i % 3 == 0:
                out.append(("config", {"players": 3 + (i // 3 + 2 * k) % 4}))
        out += [("config", {"players": 3 + (n + 2 * k) % 4}) for n in range(2, 4)]
        for i, row in enumerate(ROWS[k % 2::2]):
            out.append(("state", late_start(reference, 6 - (i + k) % 4, row, 3, rng)))
    return out


@dataclass
class Step:
    """One reference state of a game and what the reference answers there."""

    state: object
    json: dict
    legal: dict
    chance: dict | None
    observations: list
    action: dict | None
    after: dict | None


@dataclass
class Game:
    start: tuple
    new: dict | None
    steps: list[Step] = field(default_factory=list)


def trajectory(reference, start_list, seed: int = 0, max_steps: int = 400) -> list[Game]:
    """The reference's seeded random games from ``start_list`` (each at most ``max_steps`` states)."""
    games = []
    for k, (kind, what) in enumerate(start_list):
        rng = random.Random(f"{seed}/{k}")
        s = reference.new_game(what) if kind == "config" else reference.from_json(what)
        g = Game((kind, what), reference.to_json(s) if kind == "config" else None)
        while len(g.steps) < max_steps:
            sj = reference.to_json(s)
            legal = {dumps(a): a for a in reference.legal_actions(s)}
            ch = reference.chance(s)
            obs = [reference.observation(s, p) for p in range(s.n)]
            if ch is None and not legal:
                g.steps.append(Step(s, sj, legal, ch, obs, None, None))
                break
            action = chance_mod.sample(ch, rng) if ch is not None else rng.choice(list(legal.values()))
            t = reference.apply(s, action)
            g.steps.append(Step(s, sj, legal, ch, obs, action, reference.to_json(t)))
            s = t
        games.append(g)
    return games


@dataclass
class Divergence:
    """Where a misreading first differed: failures (clause -> entries, as a report holds them) and
    the positions where it agreed before."""

    transitions: int
    failures: dict[str, list[dict]]
    agreements: list


def _failure(state, action, observed: dict | None, choices: dict) -> dict:
    obs = None if observed is None else {**observed, "game": "opsnorren", "choices": dict(choices)}
    return {"clause": "UNBLAMED", "check": "differential", "count": 1, "alternatives": [],
            "witness": {"state": state, "action": action, "observed": obs}}


def _differences(cand, step: Step, choices: dict) -> list[dict]:
    """What ``cand`` answers differently than the reference in ``step``, as failure entries."""
    out = []
    s = step.state.copy()
    s._ruleset = None
    sj = step.json
    try:
        got = {dumps(a): a for a in cand.legal_actions(s)}
    except Exception:  # noqa: BLE001  a variant that breaks here differs here
        return [_failure(sj, None, None, choices)]
    for k in sorted(set(step.legal) ^ set(got)):
        out.append(_failure(sj, step.legal.get(k) or got[k], {"op": "listed", "value": k in got}, choices))
    try:
        ch = cand.chance(s)
    except Exception:  # noqa: BLE001
        ch = {"error": "raised"}
    if _norm_chance(ch) != _norm_chance(step.chance):
        out.append(_failure(sj, None, {"op": "chance", "value": ch}, choices))
    for p, ref_obs in enumerate(step.observations):
        try:
            o = cand.observation(s, p)
        except Exception:  # noqa: BLE001
            o = None
        if dumps(o) != dumps(ref_obs):
            out.append(_failure(sj, None, {"op": "observe", "player": p, "value": o}, choices))
    if step.action is not None:
        try:
            after = cand.to_json(cand.apply(s, step.action))
        except RulecheckError:
            if dumps(step.action) in got:
                out.append(_failure(sj, step.action, {"op": "accepts", "value": False}, choices))
        except Exception:  # noqa: BLE001
            out.append(_failure(sj, step.action, None, choices))
        else:
            if dumps(after) != dumps(step.after):
                out.append(_failure(sj, step.action, {"op": "apply", "value": after}, choices))
    return out


def first_divergence(cand, games: list[Game], choices: dict | None = None) -> Divergence | None:
    """The first state of ``games`` where ``cand`` differs from the reference (None: nowhere)."""
    choices = dict(choices or {})
    agreements: list = []
    seen = 0
    for g in games:
        kind, what = g.start
        if kind == "config":
            seen += 1
            try:
                cj = cand.to_json(cand.new_game(what))
            except RulecheckError:
                return Divergence(seen, {"UNBLAMED": [_failure(None, None, {"op": "new-rejects", "config": what},
                                                                choices)]}, agreements)
            if dumps(cj) != dumps(g.new):
                return Divergence(seen, {"UNBLAMED": [_failure(None, None, {"op": "new", "config": what, "value": cj},
                                                                choices)]}, agreements)
        for step in g.steps:
            seen += 1
            diffs = _differences(cand, step, choices)
            if diffs:
                return Divergence(seen, {"UNBLAMED": diffs}, agreements[-AGREEMENTS:])
            if step.action is not None:
                agreements.append({"op": "apply", "state": step.json, "action": step.action,
                                   "key": key_of(step.json, step.action), "game": "opsnorren", "choices": choices})
    return None


def reference_for(choices: dict):
    return OpsnorrenEngine(choices=choices)
