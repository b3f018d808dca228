"""Replay the Dnup Z3 witnesses (specs/dnup/vectors/*.json) against the engine under test,
through the protocol fixture only (the replay is ``harness.verdicts.vectors.replay``). Regenerate
the vectors with ``python -m proofs.dnup.vectors``.
"""

from __future__ import annotations

import pytest

from harness.verdicts.vectors import replay_blamed, vector_params

GAME = "dnup"


@pytest.mark.parametrize(("vec", "case"), vector_params(GAME))
def test_dnup_vector(rulecheck_engine, request, vec, case):
    replay_blamed(request.node, rulecheck_engine(GAME), vec, case)
