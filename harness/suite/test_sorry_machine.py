"""Random Sorry! games against the invariants of harness/machines/sorry.py."""

import pytest

from harness.machine import run_machine
from harness.machines.sorry import CHECKED_CLAUSES, SorryMachine, configs


@pytest.mark.clause(*CHECKED_CLAUSES)
def test_sorry_machine(rulecheck_engine):
    run_machine(SorryMachine, rulecheck_engine("sorry"), configs())
