"""Deliberately wrong Sorry! models (the ``Rules`` hooks of ``model.py``): each theorem must be
refuted by at least one (``proofs.core.MUTANTS``; ``tests/test_proof_mutants.py``)."""

from __future__ import annotations

from proofs.core import mutant

from . import model as M
from . import theorems as T


@mutant("sorry.pawn-conservation", "bumped-to-movers-start",
        "a bumped pawn goes to the START of the pawn that bumped it")
def _m_cons():
    return T.check_moves(T.conservation, M.Rules(bumped_to=lambda k, c: M.BOARD.start(c)))


@mutant("sorry.no-shared-square", "lands-on-own-pawn", "a pawn may land on a pawn of its own colour")
def _m_apart():
    return T.check_moves(T.apart, M.Rules(own_blocks=False))


@mutant("sorry.safety-zone-own-colour-forward", "any-zone", "a pawn may turn into any colour's safety zone")
def _m_zone():
    return T.check_moves(T.safety_zone, M.Rules(enters=lambda c, z: True))


@mutant("sorry.home-exact", "overshoot-stops-home", "a count that runs past HOME stops on HOME")
def _m_home():
    return T.check_moves(T.home_exact, M.Rules(home_overshoot_stops=True))


@mutant("sorry.seven-split-exact", "overshoot-stops-home", "a part of a 7 that runs past HOME stops on HOME")
def _m_seven():
    return T.check_moves(T.seven_exact, M.Rules(home_overshoot_stops=True), kinds=("split7",))


@mutant("sorry.variants-conservation-no-shared-square", "team-lands-on-own-pawn",
        "in team play a pawn may land on a pawn of its own colour")
def _m_variants():
    return T.check_moves(lambda *a: [T.conservation(*a)] + T.apart(*a), M.Rules(team=True, own_blocks=False))
