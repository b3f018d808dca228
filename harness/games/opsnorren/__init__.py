"""Everything the harness knows about Opsnorren: position builders (``positions``), the
situations built around rare rules (``situations``), the stateful machine (``machine``), the
Gherkin step definitions (``steps``) and the suite modules that bind them (``test_opsnorren_*.py``)."""

from harness.games import GameHarness

GAME = GameHarness(name="opsnorren", bench_target=0.6)
