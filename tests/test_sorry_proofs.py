"""The Sorry! proofs: every theorem gives its expected result, every choice has a register
item with a witness, the vectors on disk are what the generator writes, and deliberately
wrong encodings make the relevant theorem fail (the checks bite)."""

from __future__ import annotations

import json

import pytest

import specs
from proofs.core import PROVED, REFUTED, load_theorems
from proofs.sorry import model as M
from proofs.sorry import theorems as T
from proofs.sorry import vectors as V
from tests.proof_checks import assert_expected_result, assert_vectors_regenerate, register_items, run_theorems

GAME = "sorry"


@pytest.fixture(scope="module")
def results():
    return run_theorems(GAME)


def test_the_issue_theorems_are_registered(results):
    assert {"sorry.pawn-conservation", "sorry.no-shared-square", "sorry.safety-zone-own-colour-forward",
            "sorry.home-exact", "sorry.seven-split-exact", "sorry.variants-conservation-no-shared-square"} <= set(results)


@pytest.mark.parametrize("tid", sorted(t.id for t in load_theorems([GAME])))
def test_theorem_gives_its_expected_result(results, tid):
    assert_expected_result(GAME, tid, results[tid], described=True)



def test_every_choice_has_a_register_item_with_a_witness():
    for cid, ch, a in register_items(GAME):
        assert a.witness, f"{cid}: no witness"
        assert set(a.readings) == set(ch.options) and a.default == ch.default
        assert set(a.witness["readings"]) == set(ch.options), f"{cid}: the witness does not show every reading"
        assert (specs.ROOT / a.witness["vector"]).exists()
        json.dumps(a.to_json())


def test_vectors_on_disk_are_what_the_generator_writes(tmp_path):
    """Regenerated in a fresh process (as ``python -m proofs.sorry.vectors`` does), the vectors
    are byte for byte the files on disk: deterministic and not stale."""
    assert_vectors_regenerate(GAME, tmp_path, [V.VECTOR_DIR / f"{cid.removeprefix('sorry.')}.json" for cid in V.BUILDERS])


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
