"""Opsnorren positions built around a rule (harness/games/opsnorren/situations.py).

Each situation's starts are reachable (every path step, every start state accepted by the
reference), and replaying a start plus its plies exercises the clauses the situation is
built around, counted as ``harness.explore.coverage`` counts them over the reference's provenance.
Together the situations stay within the budget of 3,000 transitions.
"""

from __future__ import annotations

import pytest

from engine import chance as chance_mod
from engine.canonical import dumps
from engine.opsnorren import OpsnorrenEngine
from harness.explore import coverage
from harness.explore.situations import rng_for, situations

GAME = "opsnorren"
SITUATIONS = situations(GAME)
REF = OpsnorrenEngine()


def replay(sit, sample: int) -> tuple[dict[str, int], int]:
    """Clause counts of the transitions of one sample: its start, then its plies."""
    ex = REF.explainer()
    counts: dict[str, int] = {}
    rng = rng_for(GAME, sit.name, sample)
    start = sit.build(rng, REF)
    steps = 0

    def count(clauses):
        for c in clauses:
            counts[c] = counts.get(c, 0) + 1

    if "state" in start:
        s = REF.from_json(start["state"])
        assert dumps(REF.to_json(s)) == dumps(start["state"]), "the start state does not round-trip"
    else:
        count(coverage.setup(ex, start["config"]))
        s = REF.new_game(start["config"])
        for a in start["path"]:
            count(coverage.transition(ex, REF.to_json(s), a, a["type"] == "chance"))
            s = REF.apply(s, a)  # raises when the reference rejects a step: the start is not reachable
            steps += 1
    plies = 0
    while plies < sit.plies and not REF.is_terminal(s):
        j = REF.to_json(s)
        legal = REF.legal_actions(s)
        a = (sit.choose(rng, legal, j) if sit.choose else rng.choice(legal)) if legal else chance_mod.sample(j["chance"], rng)
        assert not legal or a in legal, f"choose() picked {a}, not a legal action"
        count(coverage.transition(ex, j, a, not legal))
        s = REF.apply(s, a)
        plies += bool(legal)
        steps += 1
    return counts, steps


@pytest.mark.parametrize("sit", SITUATIONS, ids=[s.name for s in SITUATIONS])
def test_each_situation_is_reachable_and_exercises_its_own_clauses(sit):
    """The clauses a situation names (e.g. OPS-DOVE-BEFORE-UNICORN, OPS-ROUND-TIE-CROWN,
    OPS-RULES-LEFT-TO-RIGHT) are named by the reference's provenance when its starts are played."""
    total: dict[str, int] = {}
    for k in range(sit.samples):
        counts, _ = replay(sit, k)
        coverage.merge(total, counts.items())
    missing = [c for c in sit.clauses if not total.get(c)]
    assert not missing, f"{sit.name}: {missing} never exercised over {sit.samples} samples ({sit.why})"
    assert set(sit.clauses) <= set(coverage.implemented(GAME))


def test_starts_are_the_same_every_time_they_are_built():
    """Builders are deterministic functions of their rng: a finding replays (OPS-SETUP-RULE-ROW rows, chosen deals)."""
    for sit in SITUATIONS:
        a = sit.build(rng_for(GAME, sit.name, 0), OpsnorrenEngine())
        b = sit.build(rng_for(GAME, sit.name, 0), OpsnorrenEngine())
        assert dumps(a) == dumps(b), sit.name


def test_the_situations_cover_every_player_count_and_stay_within_budget():
    """OPS-PLAYER-COUNT: 3 to 6 players; all situations together <= 3,000 transitions (samples x (path + plies))."""
    players, budget = set(), 0
    for sit in SITUATIONS:
        start = sit.build(rng_for(GAME, sit.name, 0), REF)
        players.add(start["state"]["players"] if "state" in start else start["config"]["players"])
        budget += sit.samples * (len(start.get("path", [])) + sit.plies)
    assert players == {3, 4, 5, 6}
    assert budget <= 3000, budget


def test_the_rule_rows_hold_every_known_rule_card():
    """OPS-SETUP-RULE-ROW: every white and black rule card is revealed at some round end of a situation."""
    from harness.games.opsnorren.positions import ROWS

    assert {r for row in ROWS.values() for r in row} == set(REF.tables.white) | set(REF.tables.black)
