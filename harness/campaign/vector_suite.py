"""Campaign vectors replayed as conformance tests: ``rulecheck check --vectors DIR``.

``harness.run.run_suite`` puts this module first on the command line and registers
:class:`VectorsPlugin`, which makes one test per vector of the games checked, marked with
the vector's game, clause and readings (an engine under other readings skips it as not
applicable). A replay (``harness.campaign.vectors.replay``) runs every lockstep check again
along the vector's steps; what it finds is recorded as findings of check ``vector`` on the
clause the reference's provenance names (the vector's own clause when the bug is still
there). Verdicts are data: nothing reads failure text.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from harness.verdicts import findings
from harness.campaign import vectors
from harness.engines import oracle

MODULE = str(Path(__file__).resolve())


class VectorsPlugin:
    """Parametrizes ``campaign_vector`` with the vectors of ``folder`` for ``games``."""

    def __init__(self, folder: str | Path, games: list[str]):
        self.vectors = vectors.load(Path(folder), games)

    def pytest_generate_tests(self, metafunc):
        if "campaign_vector" not in metafunc.fixturenames:
            return
        params = []
        for vec in self.vectors:
            marks = [pytest.mark.game(vec["game"]), pytest.mark.clause(vec["clause"])]
            marks += [pytest.mark.choice(cid, opt) for cid, opt in sorted(vec.get("choices", {}).items())]
            params.append(pytest.param(vec, id=vec["_file"], marks=marks))
        metafunc.parametrize("campaign_vector", params)


def test_campaign_vector(campaign_vector, rulecheck_engine):
    vec = campaign_vector
    candidate = rulecheck_engine(vec["game"])
    reference = oracle(vec["game"], dict(getattr(candidate, "choices", {}) or {}))
    sink = vectors.replay(candidate, reference, vec["start"], vec["steps"])
    for f in sink.findings():
        findings.record(f.clause, "vector", f"campaign vector {vec['_file']} ({vec['check']}): {f.message}",
                        f.witness, f.basis)
    findings.raise_if_any("vector")
