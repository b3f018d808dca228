"""Everything the harness knows about Dnup: position builders (``positions``), the
situations built around rare rules (``situations``), the stateful machine (``machine``), the
Gherkin step definitions (``steps``) and the suite modules that bind them (``test_dnup_*.py``)."""

from harness.games import GameHarness

GAME = GameHarness(name="dnup", bench_target=0.45)
