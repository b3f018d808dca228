"""The Sorry! proofs: every theorem gives its expected result, every choice has a register
item with a witness, the vectors on disk are what the generator writes, and deliberately
wrong encodings make the relevant theorem fail (the checks bite)."""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest

import specs
from proofs.core import PROVED, REFUTED, load_register, load_theorems
from proofs.sorry import model as M
from proofs.sorry import theorems as T
from proofs.sorry import vectors as V

GAME = "sorry"


@pytest.fixture(scope="module")
def results():
    out = {}
    for t in load_theorems([GAME]):
        cpu = time.process_time()
        out[t.id] = t.run()
        out[t.id]["cpu"] = time.process_time() - cpu
    return out


def test_the_issue_theorems_are_registered(results):
    assert {"sorry.pawn-conservation", "sorry.no-shared-square", "sorry.safety-zone-own-colour-forward",
            "sorry.home-exact", "sorry.seven-split-exact", "sorry.variants-conservation-no-shared-square"} <= set(results)


@pytest.mark.parametrize("tid", sorted(t.id for t in load_theorems([GAME])))
def test_theorem_gives_its_expected_result(results, tid):
    r = results[tid]
    assert r["status"] == r["expect"], f"{tid}: {r['status']} (expected {r['expect']}): {r['detail']} {r['witness']}"
    assert r["clauses"] and all(c in specs.load(GAME).clauses for c in r["clauses"])
    assert r["bounds"] and r["statement"]
    if r["status"] == REFUTED:
        assert r["witness"], f"{tid} is refuted without a witness"


def test_all_sorry_theorems_take_well_under_25_seconds(results):
    """CPU time (wall time also counts whatever else the machine runs)."""
    assert sum(r["cpu"] for r in results.values()) < 15


def test_every_choice_has_a_register_item_with_a_witness():
    items = {a.choice: a for a in load_register(GAME) if a.choice}
    for cid, ch in specs.load(GAME).choices.items():
        assert cid in items, f"no register item for {cid}"
        a = items[cid]
        assert a.witness, f"{cid}: no witness"
        assert set(a.readings) == set(ch.options) and a.default == ch.default
        assert set(a.witness["readings"]) == set(ch.options), f"{cid}: the witness does not show every reading"
        assert (specs.ROOT / a.witness["vector"]).exists()
        json.dumps(a.to_json())


def test_vectors_on_disk_are_what_the_generator_writes(tmp_path):
    """Regenerated in a fresh process (as ``python -m proofs.sorry.vectors`` does), the vectors
    are byte for byte the files on disk: deterministic and not stale."""
    subprocess.run([sys.executable, "-m", "proofs.sorry.vectors", str(tmp_path)], check=True, cwd=specs.ROOT,
                   capture_output=True)
    for cid in V.BUILDERS:
        path = V.VECTOR_DIR / f"{cid.removeprefix('sorry.')}.json"
        assert path.exists(), f"{path} missing: run python -m proofs.sorry.vectors"
        assert (tmp_path / path.name).read_text(encoding="utf-8") == path.read_text(encoding="utf-8"), f"{path} is stale"


def test_each_reading_of_a_vector_expects_something_different():
    for cid, vec in V.load_all().items():
        seen = {json.dumps([c.get("load"), c.get("expect"), c["steps"]], sort_keys=True) for c in vec["cases"]}
        assert len(seen) == len(vec["cases"]), f"{cid}: two cases expect the same"


# ----------------------------------------------------------------------------- the checks bite
def _refuted(claim, **hooks):
    out = T.check_moves(claim, M.Rules(**hooks))
    assert out.status == REFUTED, f"a wrong model was {out.status}"
    assert out.witness and out.witness["before"] and out.witness["after"]
    return out


def test_a_model_entering_any_colours_safety_zone_is_refuted():
    _refuted(T.safety_zone, enters=lambda c, z: True)


def test_a_model_stopping_at_home_on_an_overshoot_is_refuted():
    _refuted(T.home_exact, home_overshoot_stops=True)
    out = T.check_moves(T.seven_exact, M.Rules(home_overshoot_stops=True), kinds=("split7",))
    assert out.status == REFUTED


def test_a_model_landing_on_its_own_pawn_is_refuted():
    _refuted(T.apart, own_blocks=False)


def test_a_model_sending_bumped_pawns_to_the_wrong_start_is_refuted():
    _refuted(T.conservation, bumped_to=lambda k, c: M.BOARD.start(c))


def test_the_real_model_proves_what_the_wrong_ones_do_not():
    assert T.check_moves(T.safety_zone).status == PROVED
