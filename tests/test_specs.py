"""specs/ is consistent: clauses quote their lines exactly, choices and parameters are well-formed."""

import pytest

import specs
from engine.errors import UnknownChoiceError

GAMES = [g for g in specs.GAMES if (specs.SPECS_DIR / g / "clauses.toml").exists()]


def test_at_least_one_game_has_specs():
    assert GAMES, "no specs/<game>/clauses.toml exists"


@pytest.mark.parametrize("game", GAMES)
def test_clause_citations_exist_and_quotes_are_on_their_lines(game):
    spec = specs.load(game)
    assert spec.clauses, f"{game} has no clauses"
    problems = specs.check_citations(spec)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("game", GAMES)
def test_every_sentence_of_the_rulebook_is_covered_by_a_clause(game):
    from harness.verdicts.trace import build

    uncovered = build(game).uncovered
    assert not uncovered, "sentences no clause quotes:\n" + "\n".join(f"  line {s.line}: {s.text[:100]}" for s in uncovered)


@pytest.mark.parametrize("game", GAMES)
def test_parameters_state_their_provenance(game):
    spec = specs.load(game)
    for p in spec.parameters.values():
        if p.provenance == "sourced":
            assert p.source.strip(), f"{p.id} is sourced but names no source"
        else:
            assert p.why.strip(), f"{p.id} is assumed but does not say why"


@pytest.mark.parametrize("game", GAMES)
def test_unknown_choice_is_a_clear_error(game):
    with pytest.raises(UnknownChoiceError, match="no choice"):
        specs.resolve_choices(game, {"nonsense.choice": "x"})
    spec = specs.load(game)
    for ch in spec.choices.values():
        with pytest.raises(UnknownChoiceError, match="options"):
            specs.resolve_choices(game, {ch.id: "not-an-option"})
        break


def test_a_quote_that_is_not_on_its_line_is_reported():
    spec = specs.load(GAMES[0])
    first = next(iter(spec.clauses.values()))
    broken = specs.Clause(first.id, first.lines, ("Dit staat nergens in het regelboek.",), first.summary)
    fake = specs.GameSpec(spec.game, spec.seed_file, {first.id: broken}, {}, {}, None, None)
    assert any("is not on lines" in p for p in specs.check_citations(fake))
    beyond = specs.Clause(first.id, (999, 1000), first.quotes, first.summary)
    fake = specs.GameSpec(spec.game, spec.seed_file, {first.id: beyond}, {}, {}, None, None)
    assert any("do not exist" in p for p in specs.check_citations(fake))


@pytest.mark.parametrize("clause_id", ["lower-case", "OPS-TRAILING\\n"], ids=["both-libraries", "ecma-only"])
def test_malformed_clause_file_names_file_and_field(clause_id, tmp_path, monkeypatch):
    """A spec file that breaks spec.schema.json is refused with its file and field, also where only
    jsonschema-rs sees the break (an id pattern's '$' does not match before a trailing newline)."""
    bad = tmp_path / "opsnorren"
    bad.mkdir()
    (bad / "clauses.toml").write_text(f'[[clause]]\nid = "{clause_id}"\nlines = [1]\nquote = "x"\nsummary = "y"\n')
    monkeypatch.setattr(specs, "SPECS_DIR", tmp_path)
    specs.load.cache_clear()
    try:
        with pytest.raises(specs.SpecError, match=r"clauses.toml: at clause/0/id"):
            specs.load("opsnorren")
    finally:
        specs.load.cache_clear()


@pytest.mark.parametrize("game", specs.GAMES)
def test_a_sentence_exercised_with_others_names_implemented_clauses(game):
    """Situation coverage credits a goal, example or FAQ sentence with the clauses it restates
    (``exercised_with``): those must exist and be implemented, and never point back."""
    spec = specs.load(game)
    for c in spec.clauses.values():
        for w in c.exercised_with:
            assert w in spec.clauses and spec.clauses[w].status == "implemented", (c.id, w)
            assert not spec.clauses[w].exercised_with, f"{c.id} -> {w} chains"
