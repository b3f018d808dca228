"""Random Opsnorren games against the invariants of harness/machines/opsnorren.py."""

import pytest

from harness.machine import run_machine
from harness.machines.opsnorren import CHECKED_CLAUSES, OpsnorrenMachine, configs


@pytest.mark.clause(*CHECKED_CLAUSES)
def test_opsnorren_machine(rulecheck_engine):
    run_machine(OpsnorrenMachine, rulecheck_engine("opsnorren"), configs())
