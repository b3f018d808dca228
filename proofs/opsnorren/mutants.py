"""Deliberately wrong Opsnorren models: each theorem must be refuted by at least one
(``proofs.core.MUTANTS``; ``tests/test_proof_mutants.py`` runs them all). A mutant breaks
one rule of the model (``model.py`` / ``round.py``) for the time of one check.
"""

from __future__ import annotations

from unittest import mock

import z3

from proofs.core import THEOREMS, mutant
from proofs.opsnorren import model as M
from proofs.opsnorren import round as RD
from proofs.opsnorren import search as Q


def _check(tid: str):
    return next(t for t in THEOREMS if t.id == tid).check()


def _resolve_with(change):
    real = M.resolve

    def broken(*a, **k):
        res = real(*a, **k)
        change(res, len(res["dest"]))
        return res

    return mock.patch.object(M, "resolve", broken)


@mutant("ops.trick-conservation", "picked-card-also-discarded",
        "the card the monkey takes also goes to the discard when the trick is discarded")
def _m_cons_pick():
    def ch(res, n):
        res["to_discard"] = [M.or_(res["dove"], res["setaside"][i], res["taker"] == M.DISCARD) for i in range(n)]
    with _resolve_with(ch):
        return _check("ops.trick-conservation")


@mutant("ops.trick-conservation", "set-aside-card-lost",
        "a card set aside for its value goes nowhere (neither discarded nor taken)")
def _m_cons_lost():
    def ch(res, n):
        res["to_discard"] = [M.and_(res["to_discard"][i], M.not_(res["setaside"][i])) for i in range(n)]
    with _resolve_with(ch):
        return _check("ops.trick-conservation")


@mutant("ops.follow-suit-legal-set", "follow-ignores-hand",
        "a player must play the asked colour even without a card of it (the hand is not consulted)")
def _m_fs_hand():
    with mock.patch.object(M, "must_follow_violation",
                           lambda kind, col, holds, lead: M.and_(lead >= 0, kind == M.ANIMAL, col != lead)):
        return _check("ops.follow-suit-legal-set")


@mutant("ops.follow-suit-legal-set", "jokers-must-follow",
        "a joker may not be played while holding the asked colour (OPS-JOKER-ANYTIME forgotten)")
def _m_fs_joker():
    with mock.patch.object(M, "must_follow_violation", lambda kind, col, holds, lead: M.and_(
            lead >= 0, M.holds_colour(holds, lead), M.or_(kind != M.ANIMAL, col != lead))):
        return _check("ops.follow-suit-legal-set")


@mutant("ops.follow-suit-legal-set", "lead-never-changes",
        "'not following makes a new colour' is ignored by the lead rule")
def _m_fs_newlead():
    real = M.leads
    with mock.patch.object(M, "leads", lambda tr, reading, row: real(tr, reading, [])):
        return _check("ops.follow-suit-legal-set")


@mutant("ops.new-lead-is-last-colour", "joker-sets-lead",
        "under 'not following makes a new colour', a joker resets the asked colour to green")
def _m_nl():
    real = M.leads

    def broken(tr, reading, row):
        out = real(tr, reading, row)
        return [out[0]] + [M.ite(M.and_(tr.kind[i - 1] != M.ANIMAL, M.row_flags(row)["new-lead-colour"]), 0, out[i])
                           for i in range(1, tr.n)]
    with mock.patch.object(M, "leads", broken):
        return _check("ops.new-lead-is-last-colour")


@mutant("ops.winner-unique", "colour-blind",
        "colours have no strength: a pink 7 and a blue 7 tie")
def _m_wu():
    with mock.patch.object(M, "strength", lambda col, rev: 0):
        return _check("ops.winner-unique")


@mutant("ops.no-winner-only-all-discarded", "jokers-win-empty-tricks",
        "a monkey or dove left alone in the trick wins it (so a trick without winner is always all discarded)")
def _m_nw():
    def ch(res, n):
        res["has_winner"] = M.or_(res["has_winner"], M.not_(M.and_(*res["setaside"])))
    with _resolve_with(ch):
        return _check("ops.no-winner-only-all-discarded")


@mutant("ops.winner-exists-unless-no-contender", "set-aside-unicorn-wins",
        "a unicorn set aside with another joker (equal values, reading pairs) still wins the trick", slow=True)
def _m_we():
    real = Q.resolved

    def broken(s, tr, rd, row, binding="late"):
        res = real(s, tr, rd, row, binding)
        res["has_winner"] = z3.Or(res["has_winner"], *[z3.And(tr.kind[i] == M.UNICORN, res["setaside"][i])
                                                       for i in range(tr.n)])
        return res
    with mock.patch.object(Q, "resolved", broken):
        return _check("ops.winner-exists-unless-no-contender")


@mutant("ops.joker-texts-hold", "dove-does-not-discard",
        "the dove's trick is taken by the winner as usual (OPS-DOVE forgotten)")
def _m_jt():
    def ch(res, n):
        res["to_taker"] = [M.and_(res["taker"] != M.DISCARD, M.not_(res["setaside"][i]), M.not_(res["to_monkey"][i]))
                           for i in range(n)]
    with _resolve_with(ch):
        return _check("ops.joker-texts-hold")


@mutant("ops.round-terminates", "pass-loses-a-card",
        "pass-three: three cards are given, two arrive", slow=True)
def _m_rt_pass():
    with mock.patch.object(RD, "received", 2):
        return _check("ops.round-terminates")


@mutant("ops.round-terminates", "five-players-no-joker",
        "the deal table misread: with five players the team of two gets 7 animal cards and no joker", slow=True)
def _m_rt_deal():
    real = RD.deal_row

    def broken(n):
        row = dict(real(n))
        if n == 5:
            row["small_jokers"] = 0
        return row
    with mock.patch.object(RD, "deal_row", broken):
        return _check("ops.round-terminates")
