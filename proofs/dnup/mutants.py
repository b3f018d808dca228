"""Deliberately wrong Dnup models (the ``Rules`` hooks of ``model.py``): each theorem must lose
its expected result with at least one (``proofs.core.MUTANTS``; ``tests/test_proof_mutants.py``)."""

from __future__ import annotations

from unittest import mock

from proofs.core import mutant

from . import model as M
from . import theorems as T


@mutant("dnup.card-conservation", "returned-set-lost", "a beaten set is lost instead of going back to its owner")
def _m_cons():
    return T.check_actions(T.conservation, M.Rules(returns_to_owner=False), readings=("illegal", "consequence"))


@mutant("dnup.flip-involution", "take-without-flip", "a taken set (action C) is not flipped")
def _m_flip():
    return T.check_actions(T.flips, M.Rules(take_flips=False), readings=("illegal", "consequence"))


@mutant("dnup.same-size-rule-faq", "set-keeps-beaten-set", "a set played with A does not send back the set it beats")
def _m_faq():
    return T.check_actions(T.same_size, M.Rules(a_returns=False), readings=("illegal",))


@mutant("dnup.same-size-rule-seed", "equal-beats", "a set of equal value beats one of the same size")
def _m_seed():
    return T.check_actions(T.same_size, M.Rules(equal_beats=True, a_returns=False), readings=("consequence",))


@mutant("dnup.every-game-ends", "play-only",
        "a turn can only play a set from the hand (no add, no take, no dnup): every game then sheds cards", slow=True)
def _m_ends():
    real = M.step

    def broken(R, T_, p, area, action):
        legal, loc, flip = real(R, T_, p, area, action)
        return (legal if action[0] == "A" else False), loc, flip
    with mock.patch.object(M, "step", broken):
        return T._t_ends()


@mutant("dnup.every-game-without-dnups-ends", "take-discards",
        "a taken set goes to the discard instead of the taker's hand: the passed-round pattern breaks")
def _m_ends2():
    real = M.step

    def broken(R, T_, p, area, action):
        legal, loc, flip = real(R, T_, p, area, action)
        if action[0] == "C":
            loc = [M.If(T_.in_set(k, action[1]), M.DISCARD, loc[k]) for k in range(T_.K)]
        return legal, loc, flip
    with mock.patch.object(M, "step", broken):
        try:
            return T._t_ends_without_dnups()
        except AssertionError as exc:  # the pattern is no longer a legal lasso
            return T.Outcome("no-witness", detail=str(exc))
