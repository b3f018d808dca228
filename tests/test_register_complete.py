"""Every decision is on the register (part 1).

The convention (specs/__init__.py, specs/spec.schema.json): a clause summary or a
parameter states what the text says. Where it records something the text does not
settle (words like "assumed", "we read", "decided", "by convention": ``DECISION``), the
entry carries ``decides = [...]``: register ids, each a choice (choices.toml), an
assumed fact (``fact:<parameter>``), an item of ``register.toml`` (an ambiguity or a
gap: question, seed lines, readings, our default and why; a variant or a fact; or
``settled``: it looks open but the text settles it, and why), or an older alias of one.
"""

from __future__ import annotations

import dataclasses
import re

import pytest

import specs
from proofs.core import spec_register

#: words with which a summary or parameter records a decision the text does not make
DECISION = re.compile(r"\b(assum\w*|we read|our reading|decided:|our decision|we decide|we chose|interpret\w*|"
                      r"by convention|not stated|the text is silent|unstated|presumably)\b", re.I)


def undeclared(spec: specs.GameSpec) -> list[str]:
    """Entries that record a decision without naming its register item, and names that are
    not on the register."""
    known = spec.register_ids()
    out = []
    for c in spec.clauses.values():
        if DECISION.search(c.summary) and not c.decides:
            out.append(f"clause {c.id} records a decision ({DECISION.search(c.summary)[0]!r}) without `decides`")
        out += [f"clause {c.id} decides {r!r}: not on the register" for r in c.decides if r not in known]
    for p in spec.parameters.values():
        text = " ".join((p.description, p.why, p.source))
        if p.provenance != "assumed" and DECISION.search(text) and not p.decides:
            out.append(f"parameter {p.id} records a decision ({DECISION.search(text)[0]!r}) without `decides`")
        out += [f"parameter {p.id} decides {r!r}: not on the register" for r in p.decides if r not in known]
    return out


def unanchored(spec: specs.GameSpec) -> list[str]:
    """Register items and choices no clause points at: a reader of the clause would not find them."""
    named = {r for c in spec.clauses.values() for r in c.decides} | {r for p in spec.parameters.values()
                                                                     for r in p.decides}
    named |= {ch for c in spec.clauses.values() for ch in c.choices}
    names = spec.aliases()
    named |= {names[r] for r in named if r in names}
    out = [f"register item {i.id} ({i.kind}) is named by no clause's `decides`"
           for i in spec.register.values() if i.kind in ("ambiguity", "gap") and i.id not in named]
    out += [f"choice {ch} is named by no clause (`choices` or `decides`)" for ch in spec.choices if ch not in named]
    return out


@pytest.mark.parametrize("game", specs.GAMES)
def test_every_recorded_decision_names_its_register_item(game):
    spec = specs.load(game)
    assert not undeclared(spec), "\n".join(undeclared(spec))
    assert not unanchored(spec), "\n".join(unanchored(spec))


@pytest.mark.parametrize("game", specs.GAMES)
def test_register_items_are_well_formed(game):
    """Seed lines exist, an ambiguity or a gap has two readings and one of them is ours, the
    clauses it names exist."""
    spec = specs.load(game)
    n = len(spec.seed_lines())
    for it in spec.register.values():
        assert it.id.startswith(specs.CLAUSE_PREFIX[game].lower()[:3]) or it.id.split(".")[0] in {
            ch.split(".")[0] for ch in spec.choices} | {"ops", "sry", "dnp"}, it.id
        assert 1 <= it.lines[0] <= it.lines[1] <= n, f"{it.id}: lines {it.lines} outside {spec.seed_file}"
        if it.kind in ("ambiguity", "gap"):
            assert len(it.readings) >= 2 and it.default in it.readings, it.id
            assert it.clauses and all(c in spec.clauses for c in it.clauses), it.id


@pytest.mark.parametrize("game", specs.GAMES)
def test_register_items_reach_the_ambiguity_register(game):
    """``proofs.core.load_register`` (what ``rulecheck ambiguities`` renders) carries every
    register.toml item with its kind, readings and default."""
    spec = specs.load(game)
    got = {a.id: a for a in spec_register(game)}
    assert set(got) == set(spec.register)
    for it in spec.register.values():
        a = got[it.id]
        assert (a.kind, a.default, a.readings, tuple(a.lines)) == (it.kind, it.default, it.readings, it.lines)
        assert a.status == {"ambiguity": "open", "gap": "assumed", "variant": "offered", "settled": "same"}[it.kind]


def test_a_quiet_decision_is_caught():
    """The check bites: an 'assumed' summary without `decides`, a `decides` naming nothing,
    a silent default no clause points at."""
    spec = specs.load("opsnorren")
    c = spec.clauses["OPS-CLOCKWISE"]
    quiet = dataclasses.replace(c, summary=c.summary + " (we read left as clockwise)", decides=())
    broken = dataclasses.replace(spec, clauses={**spec.clauses, c.id: quiet})
    assert any("OPS-CLOCKWISE records a decision" in p for p in undeclared(broken))
    dangling = dataclasses.replace(c, decides=("ops.default.no-such-item",))
    broken = dataclasses.replace(spec, clauses={**spec.clauses, c.id: dangling})
    assert any("not on the register" in p for p in undeclared(broken))
    sd = next(i for i in spec.register.values() if i.kind == "gap")
    orphan = {k: dataclasses.replace(v, decides=tuple(r for r in v.decides if r != sd.id))
              for k, v in spec.clauses.items()}
    assert any(sd.id in p for p in unanchored(dataclasses.replace(spec, clauses=orphan)))


def test_an_assumed_parameter_is_a_register_fact():
    """An assumed parameter is itself on the register (``fact:<id>``); a sourced one that
    admits an assumption must name it."""
    spec = specs.load("opsnorren")
    assert "fact:stars" in spec.register_ids()
    p = spec.parameters["rounds"]
    hedged = dataclasses.replace(p, why="we assumed four")
    broken = dataclasses.replace(spec, parameters={**spec.parameters, p.id: hedged})
    assert any("parameter rounds records a decision" in x for x in undeclared(broken))
