"""Sorry! positions built around a rule (harness/games/sorry/situations.py).

Each situation's starts are reachable (the reference accepts every step of the path, or loads
the state), and replaying a start plus its plies exercises the clauses the situation is built
around, counted with ``harness.explore.coverage`` over the reference's provenance. All situations
together stay within the budget of 3,000 transitions.
"""

from __future__ import annotations

from collections import Counter

import pytest

from engine import chance as chance_mod
from engine.sorry import SorryEngine
from harness.explore import coverage
from harness.explore.situations import rng_for, situations

REF = SorryEngine()
EX = REF.explainer()
SITUATIONS = situations("sorry")
BUDGET = 3000


def replay(sit, sample: int) -> tuple[Counter, int]:
    """(clauses exercised, transitions) of one sample: the start's path, then its plies."""
    rng = rng_for("sorry", sit.name, sample)
    start = sit.build(rng, REF)
    counts: Counter = Counter()
    if "state" in start:
        st, path = REF.from_json(start["state"]), []
    else:
        counts.update(coverage.setup(EX, start["config"]))
        st, path = REF.new_game(start["config"]), start["path"]
    steps = 0

    def step(action, chance: bool):
        nonlocal st, steps
        j = REF.to_json(st)
        counts.update(coverage.transition(EX, j, action, chance))
        for p in range(len(j["players"])):
            counts.update(coverage.observation(EX, j, p))
        st = REF.apply(st, action)  # raises when the reference rejects a step: the start is not reachable
        steps += 1

    for action in path:
        step(action, action.get("type") == "chance")
    plies = 0
    while plies < sit.plies and not REF.is_terminal(st):
        legal = REF.legal_actions(st)
        if legal:
            step((sit.choose or (lambda r, acts, _j: r.choice(acts)))(rng, legal, REF.to_json(st)), False)
            plies += 1
        else:
            step(chance_mod.sample(REF.chance(st), rng), True)
    return counts, steps


@pytest.fixture(scope="module")
def replays():
    return {s.name: [replay(s, k) for k in range(s.samples)] for s in SITUATIONS}


@pytest.mark.parametrize("sit", SITUATIONS, ids=lambda s: f"{s.name}[{','.join(s.clauses)}]")
def test_each_start_is_reachable_and_exercises_the_situations_clauses(sit, replays):
    """Every sample's start is one the reference accepts, and together the samples exercise each
    clause the situation names."""
    total: Counter = Counter()
    for counts, _steps in replays[sit.name]:
        total.update(counts)
    missing = [c for c in sit.clauses if not total[c]]
    assert not missing, f"{sit.name} never exercises {missing}"


def test_starts_are_the_same_every_time():
    """Builders are deterministic in their seed: the same start in-process and over the protocol."""
    for sit in SITUATIONS:
        a, b = (sit.build(rng_for("sorry", sit.name, 0), REF) for _ in range(2))
        assert a == b, sit.name


def test_all_situations_stay_within_budget(replays):
    """All situations together play at most 3,000 transitions (a few seconds in-process)."""
    steps = sum(n for runs in replays.values() for _c, n in runs)
    assert steps <= BUDGET, steps


@pytest.mark.parametrize("name, clause, at_least", [
    ("forfeited-two", "SRY-FAQ-OWN-PAWN", 8),            # a forfeited 2 still draws again
    ("forfeited-eleven", "SRY-ELEVEN-FORFEIT", 8),       # an 11 with only swaps is declined
    ("points-to-the-end", "SRY-POINTS-DISCARD", 4),      # no card can move: one is discarded
    ("points-last-move", "SRY-POINTS-WINNER-BONUS", 8),  # the winner's bonus at the end
    ("seven-split-both-orders", "SRY-OWN-PAWN-BLOCKS", 8),
    ("team-race", "SRY-TEAM-WIN", 1),                    # red and yellow both all HOME
])
def test_rare_rules_are_exercised_often(replays, name, clause, at_least):
    """The situations built for rules random play rarely reaches exercise them many times."""
    assert sum(c[clause] for c, _n in replays[name]) >= at_least
