"""Deliberately broken Opsnorren engines: each breaks one named rule of the reference.

``make_<name>(game, choices)`` builds one (for ``--rulecheck-engine py:tests.broken.opsnorren:make_<name>``);
``BROKEN`` maps each name to (class, the clause it breaks). tests/test_broken_engines.py
checks that the conformance suite fails on that clause.
"""

from __future__ import annotations

from engine.opsnorren import OpsnorrenEngine
from engine.opsnorren.cards import DOVE, UNICORN, VALUE_OF
from engine.opsnorren.rulecards import RuleSet


class IgnoresFollowSuit(OpsnorrenEngine):
    """Lets every player play any card: breaks OPS-FOLLOW-SUIT."""

    def lead(self, s):
        return None


class ReversedColours(OpsnorrenEngine):
    """Always ranks the colours blue < orange < pink < green: breaks OPS-COLOUR-ORDER."""

    def rs(self, s):
        base = super().rs(s)
        r = RuleSet(base.active)
        r.strength = (0, 1, 2, 3) if base.colour_reversed else (3, 2, 1, 0)
        return r


def _without(trick, card):
    return tuple(pc for pc in trick if pc[1] != card)


def _give_back(res, card):
    """Put ``card`` (left out of the resolution) with the cards the taker gets, or discard it."""
    if res.taker is not None:
        res.to_taker = res.to_taker + (card,)
    else:
        res.discard = res.discard + (card,)
    return res


class IgnoresDove(OpsnorrenEngine):
    """Treats the dove as a card without effect: the trick is won as usual. Breaks OPS-DOVE."""

    def resolve_trick(self, trick, leader, rs, team_of):
        rest = _without(trick, DOVE)
        if len(rest) == len(trick):
            return super().resolve_trick(trick, leader, rs, team_of)
        return _give_back(super().resolve_trick(rest, leader, rs, team_of), DOVE)


class TwoBeatsUnicorn(OpsnorrenEngine):
    """Under 'two wins' a 2 beats the unicorn: breaks OPS-UNICORN-BEATS-TWO."""

    def resolve_trick(self, trick, leader, rs, team_of):
        has_two = any(VALUE_OF[c] == 2 for _, c in trick)
        rest = _without(trick, UNICORN)
        if not (rs.two_wins and has_two and len(rest) < len(trick)):
            return super().resolve_trick(trick, leader, rs, team_of)
        return _give_back(super().resolve_trick(rest, leader, rs, team_of), UNICORN)


class UnicornDoesNotWin(OpsnorrenEngine):
    """The unicorn is a card without effect: breaks OPS-UNICORN."""

    def resolve_trick(self, trick, leader, rs, team_of):
        rest = _without(trick, UNICORN)
        if len(rest) == len(trick):
            return super().resolve_trick(trick, leader, rs, team_of)
        res = super().resolve_trick(rest, leader, rs, team_of)
        if res.taker is None and res.winner is None and not res.dove:
            res.taker = leader
        return _give_back(res, UNICORN)


class GreenNotNegative(OpsnorrenEngine):
    """Scores green stars as positive even when 'green stars are negative' is revealed: breaks OPS-RULE-GREEN-NEGATIVE."""

    def round_stars(self, t):
        from engine.opsnorren.scoring import team_stars

        base = self.rs(t)
        r = RuleSet(base.active)
        r.green_negative = False
        return team_stars(t.won, t.team_of, r, self.tables.stars)


class WinnerDoesNotLead(OpsnorrenEngine):
    """The player who led a trick leads the next one too: breaks OPS-WINNER-LEADS."""

    def resolve_trick(self, trick, leader, rs, team_of):
        res = super().resolve_trick(trick, leader, rs, team_of)
        res.next_leader = leader
        return res


class TieGoesToOtherTeam(OpsnorrenEngine):
    """A tied round goes to the team without the crown: breaks OPS-ROUND-TIE-CROWN."""

    def round_winner_team(self, t, a, b):
        if a == b:
            return 1 - t.team_of[t.crown]
        return super().round_winner_team(t, a, b)


class SoloWithoutJokers(OpsnorrenEngine):
    """With three players the jokers are laid aside instead of given to the solo player: breaks OPS-DEAL-THREE."""

    def deal_hands(self, s, outcome):
        hands, aside = super().deal_hands(s, outcome)
        if s.n != 3:
            return hands, aside
        jokers = (44, 45, 46)
        return (tuple(tuple(c for c in h if c not in jokers) for h in hands),
                tuple(sorted(aside + jokers)))


class TieHasAWinner(OpsnorrenEngine):
    """On a tie for the most trophy points the first of the tied players wins: breaks OPS-GAME-TIE."""

    def final_result(self, trophies):
        res = super().final_result(trophies)
        if not res["winners"]:
            best = max(res["points"])
            res["winners"] = [res["points"].index(best)]
        return res


BROKEN = {
    "ignores_follow_suit": (IgnoresFollowSuit, "OPS-FOLLOW-SUIT"),
    "reversed_colours": (ReversedColours, "OPS-COLOUR-ORDER"),
    "ignores_dove": (IgnoresDove, "OPS-DOVE"),
    "two_beats_unicorn": (TwoBeatsUnicorn, "OPS-UNICORN-BEATS-TWO"),
    "unicorn_does_not_win": (UnicornDoesNotWin, "OPS-UNICORN"),
    "green_not_negative": (GreenNotNegative, "OPS-RULE-GREEN-NEGATIVE"),
    "winner_does_not_lead": (WinnerDoesNotLead, "OPS-WINNER-LEADS"),
    "tie_goes_to_other_team": (TieGoesToOtherTeam, "OPS-ROUND-TIE-CROWN"),
    "solo_without_jokers": (SoloWithoutJokers, "OPS-DEAL-THREE"),
    "tie_has_a_winner": (TieHasAWinner, "OPS-GAME-TIE"),
}


def _factory(cls):
    def make(game="opsnorren", choices=None):
        eng = cls(choices=choices)
        eng.name = f"broken-opsnorren-{cls.__name__}"
        return eng

    return make


make_ignores_follow_suit = _factory(IgnoresFollowSuit)
make_reversed_colours = _factory(ReversedColours)
make_ignores_dove = _factory(IgnoresDove)
make_two_beats_unicorn = _factory(TwoBeatsUnicorn)
make_unicorn_does_not_win = _factory(UnicornDoesNotWin)
make_green_not_negative = _factory(GreenNotNegative)
make_winner_does_not_lead = _factory(WinnerDoesNotLead)
make_tie_goes_to_other_team = _factory(TieGoesToOtherTeam)
make_solo_without_jokers = _factory(SoloWithoutJokers)
make_tie_has_a_winner = _factory(TieHasAWinner)
