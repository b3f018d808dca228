"""The project's import structure: no import cycle anywhere (specs, engine, proofs, harness).

``lint-imports`` checks the layer contracts of ``pyproject.toml``; this test checks what a
layers contract cannot see, a cycle inside one layer or package (two modules of
``harness.verdicts`` importing each other), with grimp on the same graph. Imports inside
functions count: a lazy import still ties the two modules together."""

from __future__ import annotations

import grimp

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
