"""Replay the Sorry! Z3 witnesses (specs/sorry/vectors/*.json) against the engine under test,
through the protocol fixture only (the replay is ``harness.vectors.replay``). Regenerate
the vectors with ``python -m proofs.sorry.vectors``.
"""

from __future__ import annotations

import pytest

from harness.vectors import replay, vector_params

GAME = "sorry"


@pytest.mark.parametrize(("vec", "case"), vector_params(GAME))
def test_sorry_vector(rulecheck_engine, vec, case):
    replay(rulecheck_engine(GAME), vec, case)
