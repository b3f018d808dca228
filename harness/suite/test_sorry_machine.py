"""Random Sorry! games against the invariants of harness/machines/sorry.py.

Once under the default readings, once under the other option of every choice that
changes how pawns move or whose turn it is (the invariants read the engine's choices).
"""

import pytest

from harness.machine import run_machine
from harness.machines.sorry import CHECKED_CLAUSES, SorryMachine, configs

OTHER_READINGS = {
    "sorry.deck": "first-edition",
    "sorry.draw-again": "one-and-two",
    "sorry.eleven-forfeit": "must-move",
    "sorry.slide-bumps-own": "no",
    "sorry.slide-colours": "own",
    "sorry.start-cards": "one-two-only",
    "sorry.swap-slide-target": "yes",
    "sorry.ten-card": "forward-one",
    "sorry.points-bonus": "cumulative",
    "sorry.points-hand-size": "seven",
}


@pytest.mark.clause("PROTOCOL", *CHECKED_CLAUSES)
def test_sorry_machine(rulecheck_engine):
    run_machine(SorryMachine, rulecheck_engine("sorry"), configs())


def _other_readings(fn):
    for cid, opt in sorted(OTHER_READINGS.items()):
        fn = pytest.mark.choice(cid, opt)(fn)
    return fn


@_other_readings
@pytest.mark.clause("PROTOCOL", *CHECKED_CLAUSES)
def test_sorry_machine_other_readings(rulecheck_engine):
    run_machine(SorryMachine, rulecheck_engine("sorry"), configs())
