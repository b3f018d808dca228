"""Random Opsnorren games against the invariants of harness/machines/opsnorren.py.

Once under the default readings, once under the other option of every joker and
rule-order choice (the invariants read the engine's choices where they matter).
"""

import pytest

from harness.machine import run_machine
from harness.machines.opsnorren import CHECKED_CLAUSES, OpsnorrenMachine, configs

OTHER_READINGS = {
    "ops.dove-with-monkey": "monkey-first",
    "ops.monkey-pick": "not-self",
    "ops.monkey-discarded": "any",
    "ops.joker-lead-colour": "none",
    "ops.no-winner": "starter",
    "ops.winner-rule-order": "leftmost-decides",
    "ops.pass-jokers": "no",
    "ops.beginner-setup": "yes",
    "ops.equal-values-jokers": "pairs",
}


@pytest.mark.clause("PROTOCOL", *CHECKED_CLAUSES)
def test_opsnorren_machine(rulecheck_engine):
    run_machine(OpsnorrenMachine, rulecheck_engine("opsnorren"), configs())


def _other_readings(fn):
    for cid, opt in sorted(OTHER_READINGS.items()):
        fn = pytest.mark.choice(cid, opt)(fn)
    return fn


@_other_readings
@pytest.mark.clause("PROTOCOL", *CHECKED_CLAUSES)
def test_opsnorren_machine_other_readings(rulecheck_engine):
    run_machine(OpsnorrenMachine, rulecheck_engine("opsnorren"), configs())
