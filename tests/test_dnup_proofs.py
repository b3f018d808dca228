"""The Dnup proofs: every theorem gives its expected result (the lasso refutes "every game
ends"), the choice has a register item with witnesses, the vectors on disk are what the
generator writes, and deliberately wrong encodings make the relevant theorem fail."""

from __future__ import annotations

import json

import pytest

import specs
from proofs.core import PROVED, REFUTED, load_theorems
from proofs.dnup import model as M
from proofs.dnup import theorems as T
from proofs.dnup import vectors as V
from proofs.ops import Implies
from tests.proof_checks import assert_expected_result, assert_vectors_regenerate, register_items, run_theorems

GAME = "dnup"


@pytest.fixture(scope="module")
def results():
    return run_theorems(GAME)


def test_the_issue_theorems_are_registered(results):
    assert {"dnup.card-conservation", "dnup.flip-involution", "dnup.same-size-rule-faq", "dnup.same-size-rule-seed",
            "dnup.every-game-ends"} <= set(results)
    assert results["dnup.every-game-ends"]["expect"] == REFUTED


@pytest.mark.parametrize("tid", sorted(t.id for t in load_theorems([GAME])))
def test_theorem_gives_its_expected_result(results, tid):
    assert_expected_result(GAME, tid, results[tid])


def _replay_lasso_on_model(state: dict, actions: list[dict]) -> None:
    from proofs.dnup import canonical as C

    s = state
    for action in actions:
        T_, ids = C.table(s)
        legal = {json.dumps(a, sort_keys=True): (act, loc, flip) for a, act, loc, flip in
                 C.legal(M.Rules(), T_, ids, s["to_move"], s["area"])}
        key = json.dumps(action, sort_keys=True)
        assert key in legal, f"{action} is not legal in the model"
        act, loc, flip = legal[key]
        nxt = C.successor(s, T_, ids, act[0], loc, flip)
        assert not nxt["round_over"] and not nxt["out"], "a player went out during the lasso"
        s = {**s, **{k: v for k, v in nxt.items() if k != "round_over"}}
    for f in ("hands", "sets", "discard", "to_move", "area"):
        assert s[f] == state[f], f"{f} differs after the lasso"


def test_the_lasso_returns_to_its_start(results):
    """The theorem's witness and the vector on disk are lassos: replayed on the model, the same
    table and player to move come back, and nobody goes out."""
    w = results["dnup.every-game-ends"]["witness"]
    state = V.state_json(w["players"], w["hands"], [[[]] for _ in range(w["players"])], w["start_player"])
    _replay_lasso_on_model(state, w["actions"])
    case = V.load_all()["endless-game"]["cases"][0]
    _replay_lasso_on_model(case["state"], [s["action"] for s in case["steps"]])



def test_every_choice_has_a_register_item_with_a_witness():
    for cid, ch, a in register_items(GAME):
        assert a.witness and a.default == ch.default and set(a.readings) == set(ch.options)
        for w in a.witness.values():
            assert set(w["readings"]) == set(ch.options)
            assert len(set(w["readings"].values())) == len(ch.options), "the readings must differ on the witness"
            assert (specs.ROOT / w["vector"]).exists()
        json.dumps(a.to_json())


def test_vectors_on_disk_are_what_the_generator_writes(tmp_path):
    """Regenerated in a fresh process (as ``python -m proofs.dnup.vectors`` does), the vectors
    are byte for byte the files on disk: deterministic and not stale."""
    assert_vectors_regenerate(GAME, tmp_path, [V.VECTOR_DIR / f"{name}.json" for name in V.NAMES])


# ----------------------------------------------------------------------------- the checks bite
def test_a_model_that_takes_without_flipping_is_refuted():
    out = T.check_actions(T.flips, M.Rules(take_flips=False))
    assert out.status == REFUTED and out.witness["action"]["kind"] == "C"


def test_a_model_that_loses_returned_sets_is_refuted():
    out = T.check_actions(T.conservation, M.Rules(returns_to_owner=False))
    assert out.status == REFUTED and out.witness["action"]["kind"] in ("A", "B")


def test_a_model_where_a_set_does_not_send_back_the_beaten_set_is_refuted():
    out = T.check_actions(T.same_size, M.Rules(a_returns=False), readings=("illegal",))
    assert out.status == REFUTED and out.witness["action"]["kind"] == "A"


def test_the_faq_rule_does_not_hold_under_the_seed_reading():
    """The readings really differ: the FAQ's invariant fails for the seed's rule."""
    def faq_invariant(R, T_, p, area, action, loc, flip):
        after = M.Table(T_.players, T_.areas, T_.values, loc, flip, T_.out)
        faq = M.Rules(add_conflict="illegal")
        return Implies(M.same_size_rule(faq, T_), M.same_size_rule(faq, after))

    out = T.check_actions(faq_invariant, readings=("consequence",))
    assert out.status == REFUTED and out.witness["action"]["kind"] == "B"
    assert T.check_actions(faq_invariant, readings=("illegal",)).status == PROVED
