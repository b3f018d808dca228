"""Everything the harness knows about Sorry!: position builders (``positions``), the
situations built around rare rules (``situations``), the stateful machine (``machine``), the
Gherkin step definitions (``steps``) and the suite modules that bind them (``test_sorry_*.py``)."""

from harness.games import GameHarness

GAME = GameHarness(name="sorry", bench_target=0.3)
