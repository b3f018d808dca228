"""Random Sorry! games against the invariants of harness/games/sorry/machine.py.

Once under the default readings, once under the other option of every choice
(``other_readings``; the invariants read the engine's choices).
"""

import pytest

from harness.explore.machine import other_readings, run_machine, under_readings
from harness.games.sorry.machine import CHECKED_CLAUSES, SorryMachine, configs


@pytest.mark.clause("PROTOCOL", *CHECKED_CLAUSES)
def test_sorry_machine(rulecheck_engine):
    run_machine(SorryMachine, rulecheck_engine("sorry"), configs())


@under_readings(other_readings("sorry"))
@pytest.mark.clause("PROTOCOL", *CHECKED_CLAUSES)
def test_sorry_machine_other_readings(rulecheck_engine):
    run_machine(SorryMachine, rulecheck_engine("sorry"), configs())
