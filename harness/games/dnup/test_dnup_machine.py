"""Random Dnup games (2-5 players, turn cap) against the invariants of harness/games/dnup/machine.py."""

import pytest

from harness.explore.machine import run_machine
from harness.games.dnup.machine import CHECKED_CLAUSES, DnupMachine, configs


@pytest.mark.clause(*CHECKED_CLAUSES)
def test_dnup_machine(rulecheck_engine):
    run_machine(DnupMachine, rulecheck_engine("dnup"), configs())


@pytest.mark.clause(*CHECKED_CLAUSES)
@pytest.mark.choice("dnup.add-conflict", "consequence")
def test_dnup_machine_seed_reading_of_action_b(rulecheck_engine):
    run_machine(DnupMachine, rulecheck_engine("dnup"), configs())
