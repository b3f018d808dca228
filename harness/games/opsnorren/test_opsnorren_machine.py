"""Random Opsnorren games against the invariants of harness/games/opsnorren/machine.py.

Once under the default readings, once under the other option of every choice
(``other_readings``; the invariants read the engine's choices where they matter).
"""

import pytest

from harness.explore.machine import other_readings, run_machine, under_readings
from harness.games.opsnorren.machine import CHECKED_CLAUSES, OpsnorrenMachine, configs


@pytest.mark.clause("PROTOCOL", *CHECKED_CLAUSES)
def test_opsnorren_machine(rulecheck_engine):
    run_machine(OpsnorrenMachine, rulecheck_engine("opsnorren"), configs())


@under_readings(other_readings("opsnorren"))
@pytest.mark.clause("PROTOCOL", *CHECKED_CLAUSES)
def test_opsnorren_machine_other_readings(rulecheck_engine):
    run_machine(OpsnorrenMachine, rulecheck_engine("opsnorren"), configs())
