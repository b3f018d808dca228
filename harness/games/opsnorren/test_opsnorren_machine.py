"""Random Opsnorren games against the invariants of harness/games/opsnorren/machine.py.

Once under the default readings, once under the other option of every choice
(``other_readings``; the invariants read the engine's choices where they matter), and once more per
further option of a choice with three (``further_readings``: every option played).
"""

import pytest

from harness.explore.machine import further_readings, other_readings, reading_params, run_machine, under_readings
from harness.games.opsnorren.machine import CHECKED_CLAUSES, OpsnorrenMachine, configs


@pytest.mark.clause("PROTOCOL", *CHECKED_CLAUSES)
def test_opsnorren_machine(rulecheck_engine):
    run_machine(OpsnorrenMachine, rulecheck_engine("opsnorren"), configs())


@under_readings(other_readings("opsnorren"))
@pytest.mark.clause("PROTOCOL", *CHECKED_CLAUSES)
def test_opsnorren_machine_other_readings(rulecheck_engine):
    run_machine(OpsnorrenMachine, rulecheck_engine("opsnorren"), configs())


@pytest.mark.parametrize("reading", reading_params(further_readings("opsnorren")))
@pytest.mark.clause("PROTOCOL", *CHECKED_CLAUSES)
def test_opsnorren_machine_further_readings(rulecheck_engine, reading):
    run_machine(OpsnorrenMachine, rulecheck_engine("opsnorren"), configs())
