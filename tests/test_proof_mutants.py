"""Vacuity checks: every Z3 theorem carries deliberately wrong models (``proofs.core.MUTANTS``)
and must lose its expected result on each of them (a proved theorem is refuted with a
witness; an expected refutation disappears). A theorem that nothing can break proves nothing."""

from __future__ import annotations

import pytest

from proofs.core import MUTANTS, PROVED, STRUCTURAL, VACUOUS, Outcome, Theorem, load_theorems

THEOREMS = {t.id: t for t in load_theorems()}
ALL = sorted((tid, m.name) for tid, ms in MUTANTS.items() for m in ms)


def test_every_theorem_has_a_mutant_and_every_mutant_a_theorem():
    assert sorted(THEOREMS) and not [t for t in THEOREMS if not MUTANTS.get(t)], "theorems without a mutant"
    assert not [t for t in MUTANTS if t not in THEOREMS], "mutants of unknown theorems"
    for ms in MUTANTS.values():
        assert all(m.wrong for m in ms)


def _case(tid, name, slow):
    marks = [pytest.mark.campaign] if slow else []
    return pytest.param(tid, name, marks=marks, id=f"{tid}:{name}")


@pytest.mark.parametrize("tid,name", [_case(t, n, next(m for m in MUTANTS[t] if m.name == n).slow)
                                      for t, n in ALL])
def test_the_theorem_is_refuted_on_its_mutant(tid, name):
    th = THEOREMS[tid]
    m = next(m for m in MUTANTS[tid] if m.name == name)
    r = m.run(th.expect)
    assert r["caught"], f"{tid} survives mutant {name} ({m.wrong}): {r['status']} {r['detail']}"


def test_a_theorem_over_no_position_is_vacuous_not_proved():
    import z3

    from proofs.core import prove

    s = z3.Solver()
    x = z3.Int("x")
    s.add(x > 1, x < 0)
    assert prove(s, x == 5).status == VACUOUS


def test_structural_results_are_labelled_not_proved():
    th = Theorem("t.structural", "sorry", ("SRY-DECK",), "s", "b", lambda: Outcome(PROVED), structural="restates")
    r = th.run()
    assert r["status"] == STRUCTURAL and r["ok"] and r["structural"] == "restates"
