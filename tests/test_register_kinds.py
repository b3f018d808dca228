"""The register of open questions (``specs.register``): four kinds, one id per question, no
stated rule or offered option among the ambiguities, every clause with a decision point
checked against its alternative readings, every gap's default shown by a scenario, a
theorem, a vector or a played choice."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest

import specs
from harness.verdicts import ambiguity_report as report
from proofs.core import Ambiguity, load_theorems
from specs import register as reg

ROOT = Path(specs.__file__).resolve().parents[1]


@pytest.mark.parametrize("game", specs.GAMES)
def test_the_register_is_well_formed_and_has_no_duplicate_question(game):
    assert reg.problems(game) == []


def test_the_register_holds_the_four_kinds_and_counts_them_per_game():
    counts = reg.counts()
    for kind in reg.KINDS:
        assert sum(c[kind] for c in counts.values()) > 0, kind
    for g, c in counts.items():
        assert c["ambiguity"] > 0 and c["gap"] > 0, g


def _with(spec, **changes):
    return dataclasses.replace(spec, **changes)


def test_a_question_asked_twice_is_caught():
    """The duplicate check compares normalized question text and readings."""
    items = reg.entries("sorry")
    ten = next(e for e in items if e.id == "sorry.ten-card")
    reworded = dataclasses.replace(ten, id="sry.copy.ten", question="Line 33 is garbled: is the 10's second "
                                   "option one step back, or is it one step forward?", choice=None)
    assert any("sry.copy.ten" in p for p in reg.duplicates(items + [reworded]))
    same_readings = dataclasses.replace(ten, id="sry.copy.other", question="What does a 10 allow besides ten forward?")
    assert any("same readings" in p for p in reg.duplicates(items + [same_readings]))
    assert reg.duplicates(items) == []


@pytest.mark.parametrize("game", specs.GAMES)
def test_every_decision_point_clause_lists_its_alternatives(game):
    """Each alternative is excluded by words on the seed lines, raises a register question, or
    changes no play; every ambiguity and gap is raised by an alternative the text does not
    exclude (so none of them is a rule the text states)."""
    spec = specs.load(game)
    assert reg.alternative_problems(game) == []
    assert set(reg.decision_clauses(spec)) <= set(spec.alternatives)
    kinds = {a.cls for alts in spec.alternatives.values() for a in alts}
    assert {"off-by-one", "reversed-order", "condition-dropped", "each-vs-all", "count-vs-sum", "early-late"} & kinds


def test_an_alternative_quote_not_on_its_line_is_caught(monkeypatch):
    spec = specs.load("dnup")
    alts = dict(spec.alternatives)
    first = alts["DNP-A-HIGHER"][0]
    alts["DNP-A-HIGHER"] = (dataclasses.replace(first, excluded="een gelijke waarde is genoeg"),) + alts["DNP-A-HIGHER"][1:]
    monkeypatch.setattr(specs, "load", lambda g: _with(spec, alternatives=alts))
    assert any("DNP-A-HIGHER: excluded by" in p for p in reg.alternative_problems("dnup"))


def test_a_stated_rule_or_offered_option_posed_as_an_ambiguity_is_caught(monkeypatch):
    """Posing an offered option (the beginner setup) or a stated rule (the own-colour slide) as
    an ambiguity fails: no alternative the text leaves open raises it."""
    for game, cid in (("opsnorren", "ops.beginner-setup"), ("sorry", "sorry.slide-colours")):
        spec = specs.load(game)
        assert spec.choices[cid].kind in ("variant", "fact")
        bogus = {**spec.choices, cid: dataclasses.replace(spec.choices[cid], kind="ambiguity")}
        alts = {c: tuple(a for a in v if a.open != cid) for c, v in spec.alternatives.items()}
        monkeypatch.setattr(specs, "load", lambda g, s=_with(spec, choices=bogus, alternatives=alts): s)
        assert any(f"{cid} (ambiguity): no alternative" in p for p in reg.alternative_problems(game))
        monkeypatch.undo()


@pytest.mark.parametrize("game", specs.GAMES)
def test_every_option_the_rulebook_offers_is_a_variant(game):
    """The config keys that switch on rules of their own (team, points, a rematch, the beginner
    setup, two players) are variants, never ambiguities or gaps."""
    entries = reg.entries(game)
    assert all(not e.config for e in entries if e.kind in reg.RANKED)
    variant_clauses = {c for e in entries if e.kind == "variant" for c in e.clauses}
    for key in _optional_keys(game):
        assert set(key["clauses"]) & variant_clauses, key["name"]


def _optional_keys(game: str) -> list[dict]:
    import tomllib

    keys = tomllib.loads((specs.SPECS_DIR / game / "config.toml").read_text(encoding="utf-8")).get("key", [])
    return [k for k in keys if "default" in k and k.get("clauses")]


def _scenario_names(path: Path) -> set[str]:
    return {line.split(":", 1)[1].strip() for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip().startswith(("Scenario:", "Scenario Outline:"))}


def _functions(path: Path) -> set[str]:
    return {n.name for n in ast.walk(ast.parse(path.read_text(encoding="utf-8"))) if isinstance(n, ast.FunctionDef)}


@pytest.mark.parametrize("game", specs.GAMES)
def test_what_shows_each_default_exists(game):
    """Every ``shown_by`` names a scenario in its feature file, a registered theorem, a vector
    file, a choice (both readings played) or a test function."""
    theorems = {t.id for t in load_theorems([game])}
    spec = specs.load(game)
    for e in reg.entries(game):
        for ref in e.shown_by:
            how, _, what = ref.partition(":")
            if how == "scenario":
                path, _, name = what.partition(":")
                assert name in _scenario_names(ROOT / path), (e.id, ref)
            elif how == "theorem":
                assert what in theorems, (e.id, ref)
            elif how == "vector":
                assert (ROOT / what).exists(), (e.id, ref)
            elif how == "choice":
                assert what in spec.choices, (e.id, ref)
            else:
                path, _, fn = what.partition("::")
                assert fn in _functions(ROOT / path), (e.id, ref)


def test_an_older_id_still_names_its_question():
    """Merged questions keep their older ids: the register resolves them, a clause may still
    name one, and a proof item under an older id joins the entry it asks about."""
    assert reg.resolve("opsnorren", "ops.order.two-wins+three-lowest").id == "ops.winner-rule-order"
    assert reg.resolve("opsnorren", "ops.default.discarded-trigger-nothing").id == "ops.rule.equal-discarded-first"
    assert reg.resolve("opsnorren", "ops.joker.monkey-own-team").id == "ops.default.monkey-must-pick"
    assert "ops.order.two-wins+equal-discarded" in specs.load("opsnorren").register_ids()
    proof = Ambiguity(id="ops.order.equal-discarded+three-lowest", game="opsnorren", kind="rule-order",
                      title="Does the row order matter?", lines=(55, 65), readings={"a": "x", "b": "y"},
                      status="conflict", witness={"text": "a trick"})
    items, _ = report.register_items("opsnorren", proofs=[proof])
    merged = next(i for i in items if i["id"] == "ops.rule.equal-discarded-first")
    assert [ev["id"] for ev in merged["evidence"]] == [proof.id]
    assert not any(i["id"] == proof.id for i in items)


def test_a_proof_item_nobody_asks_about_is_ranked_or_settled():
    conflict = Ambiguity(id="ops.order.new+pair", game="opsnorren", kind="rule-order", title="New pair?",
                         lines=(55, 55), readings={"a": "x", "b": "y"}, status="conflict")
    commutes = dataclasses.replace(conflict, id="ops.order.other+pair", kind="not-ambiguous", status="commutes")
    items, settled = report.register_items("opsnorren", proofs=[conflict, commutes])
    assert next(i for i in items if i["id"] == conflict.id)["kind"] == "ambiguity"
    assert commutes.id in {s["id"] for s in settled}
