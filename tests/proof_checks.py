"""Checks shared by the Sorry! and Dnup proof tests (``tests/test_<game>_proofs.py``)."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import specs
from proofs.core import REFUTED, load_register, load_theorems


def run_theorems(game: str) -> dict[str, dict]:
    """Every theorem of ``game`` run once: id -> result, with its CPU seconds in ``cpu``."""
    out = {}
    for t in load_theorems([game]):
        cpu = time.process_time()
        out[t.id] = t.run()
        out[t.id]["cpu"] = time.process_time() - cpu
    return out


def assert_expected_result(game: str, tid: str, r: dict, described: bool = False) -> None:
    """The theorem gave its expected result, names clauses of ``game`` (and, ``described``,
    states its bounds and statement), and a refutation comes with a witness."""
    assert r["status"] == r["expect"], f"{tid}: {r['status']} (expected {r['expect']}): {r['detail']} {r['witness']}"
    assert r["clauses"] and all(c in specs.load(game).clauses for c in r["clauses"])
    if described:
        assert r["bounds"] and r["statement"]
    if r["status"] == REFUTED:
        assert r["witness"], f"{tid} is refuted without a witness"


def register_items(game: str):
    """Yield ``(choice id, choice, register item)`` for every choice of ``game``, asserting it has an item."""
    items = {a.choice: a for a in load_register(game) if a.choice}
    for cid, ch in specs.load(game).choices.items():
        assert cid in items, f"no register item for {cid}"
        yield cid, ch, items[cid]


def assert_vectors_regenerate(game: str, tmp_path: Path, paths) -> None:
    """``python -m proofs.<game>.vectors`` run in a fresh process writes, byte for byte, the
    files ``paths`` on disk."""
    subprocess.run([sys.executable, "-m", f"proofs.{game}.vectors", str(tmp_path)], check=True, cwd=specs.ROOT,
                   capture_output=True)
    for path in paths:
        assert path.exists(), f"{path} missing: run python -m proofs.{game}.vectors"
        assert (tmp_path / path.name).read_text(encoding="utf-8") == path.read_text(encoding="utf-8"), f"{path} is stale"
