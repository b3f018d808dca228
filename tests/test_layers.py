"""The project's import structure: no import cycle anywhere (specs, engine, proofs, harness),
and the generic harness neither imports nor names a game (each lives in ``harness/games/<game>``).

``lint-imports`` checks the layer contracts of ``pyproject.toml``; this test checks what a
layers contract cannot see, a cycle inside one layer or package (two modules of
``harness.verdicts`` importing each other), with grimp on the same graph. Imports inside
functions count: a lazy import still ties the two modules together."""

from __future__ import annotations

import re
from pathlib import Path

import grimp

import specs
from harness import games

PACKAGES = ("specs", "engine", "proofs", "harness")


def _graph():
    return grimp.build_graph(*PACKAGES, cache_dir=None)


def strongly_connected(graph) -> list[list[str]]:
    """Tarjan's strongly connected components of more than one module (each is an import cycle)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for root in sorted(graph.modules):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.find_modules_directly_imported_by(root))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.find_modules_directly_imported_by(child)))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    comp = []
                    while True:
                        m = stack.pop()
                        on_stack.discard(m)
                        comp.append(m)
                        if m == node:
                            break
                    if len(comp) > 1:
                        found.append(sorted(comp))
    return found


def test_the_graph_is_the_real_one():
    g = _graph()
    assert len(g.modules) > 150
    for importer, imported in (("harness.cli", "harness.run"), ("engine.errors", "specs.errors"),
                               ("harness.campaign.shard", "harness.campaign.shrink"),
                               ("proofs.opsnorren.vectors", "proofs.opsnorren.diff")):
        assert g.direct_import_exists(importer=importer, imported=imported), (importer, imported)


def test_the_cycle_finder_finds_a_cycle():
    g = _graph()
    g.add_import(importer="specs", imported="harness.cli")  # harness.cli imports specs
    assert any("specs" in c and "harness.cli" in c for c in strongly_connected(g))


def test_no_import_cycles():
    cycles = strongly_connected(_graph())
    assert not cycles, "import cycles (each a set of modules importing each other around a ring):\n" + "\n".join(
        " <-> ".join(c) for c in cycles)


# --------------------------------------------------------------------------- one package per game
HARNESS = Path(__file__).resolve().parents[1] / "harness"


def _generic_modules() -> list[Path]:
    """Every module of the harness outside ``harness/games/<game>/`` (the registry included)."""
    return sorted(p for p in HARNESS.rglob("*.py")
                  if p.relative_to(HARNESS).parts[0] != "games" or p.parent == HARNESS / "games")


def test_generic_layers_import_no_game():
    g = _graph()
    game_packages = {f"harness.games.{name}" for name in games.names()}
    assert game_packages and all(p in g.modules for p in game_packages)
    bad = []
    for m in sorted(g.modules):
        if not m.startswith("harness.") or m == "harness.games" or m.startswith("harness.games."):
            continue
        for imported in g.find_modules_directly_imported_by(m):
            if imported.startswith("harness.games."):
                bad.append(f"{m} -> {imported}")
    assert not bad, "generic modules import a game's package (ask harness.games instead):\n" + "\n".join(bad)


def test_generic_layers_name_no_game():
    """No game name (``Sorry!``, ``dnup``) or clause id of a game (``OPS-DOVE``) in the code,
    strings or docstrings of the generic harness: a fourth game adds its own package only."""
    words = [*specs.GAMES, *(t.rstrip("!") for t in specs.TITLES.values())]
    name = re.compile(r"\b(?:" + "|".join(map(re.escape, words)) + r")\b", re.IGNORECASE)
    clause = re.compile(r"\b(?:" + "|".join(specs.CLAUSE_PREFIX.values()) + r")-[A-Z]")
    found = []
    for path in _generic_modules():
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if name.search(line) or clause.search(line):
                found.append(f"{path.relative_to(HARNESS.parent)}:{n}: {line.strip()}")
    modules = _generic_modules()
    assert len(modules) > 50 and HARNESS / "games" / "__init__.py" in modules
    assert not found, "the generic harness names a game:\n" + "\n".join(found)


def test_the_game_name_check_would_see_a_name():
    """The check of the generic modules reads them: one line naming a game would fail it."""
    pattern = re.compile(r"\b(?:" + "|".join(specs.GAMES) + r")\b", re.IGNORECASE)
    assert pattern.search((HARNESS / "games" / specs.GAMES[0] / "__init__.py").read_text(encoding="utf-8"))
