"""The Gherkin suite cannot pass silently: TOOLING.md's traps are checked on every feature file."""

import pytest

from harness.lint import count_scenarios, games_with_features, lint_game

MIN_SCENARIOS = {"opsnorren": 80, "sorry": 80, "dnup": 60}


@pytest.mark.parametrize("game", games_with_features())
def test_features_have_no_silent_traps(game):
    problems = lint_game(game)
    assert not problems, "\n".join(map(str, problems))


@pytest.mark.parametrize("game", games_with_features())
def test_enough_scenarios(game):
    assert count_scenarios(game) >= MIN_SCENARIOS[game]


def test_lint_catches_each_trap(tmp_path, monkeypatch):
    """A feature file with every trap in it: the lint names each one."""
    import specs

    game = games_with_features()[0] if games_with_features() else pytest.skip("no features yet")
    spec = specs.load(game)
    cid = next(iter(spec.clauses))
    feats = tmp_path / "features" / game
    feats.mkdir(parents=True)
    (feats / "traps.feature").write_text(
        f"""Feature: traps
  Rule: no description here

    @clause:{cid}
    Scenario: same name
      Gven a misspelled keyword
      Then nothing at all matches this step text

    @clause:{cid}
    Scenario: same name
      Given nothing at all matches this step text either

    Scenario: untagged and empty

    @clause:NOPE-NOT-A-CLAUSE @wip
    Scenario: bad tags
      * a star step
"""
    )
    monkeypatch.setattr(specs, "FEATURES_DIR", tmp_path / "features")
    text = "\n".join(map(str, lint_game(game)))
    for needle in ["already used", "description text", "no step definition matches", "has no steps",
                   "has no @clause", "is not a clause", "unknown tag @wip", "'*' steps", "Rule 'no description here'"]:
        assert needle in text, f"lint missed: {needle}\n{text}"
