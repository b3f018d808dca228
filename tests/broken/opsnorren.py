"""Deliberately broken Opsnorren engines: each breaks one named rule of the reference.

``make_<name>(game, choices)`` builds one (for ``--rulecheck-engine py:tests.broken.opsnorren:make_<name>``);
``BROKEN`` maps each name to (class, the clause it breaks); ``BROKEN_MULTI`` maps each
engine with two or three bugs to (class, the clauses it breaks). tests/test_broken_engines.py
checks that the conformance suite fails on exactly those clauses, and
tests/test_opsnorren_provenance.py that differential play blames them through provenance.
"""

from __future__ import annotations

from engine.opsnorren import OpsnorrenEngine
from engine.opsnorren.cards import CARD_ID, DOVE, NAMES, UNICORN, VALUE_OF
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


# ---- engines with two or three bugs each (BROKEN_MULTI) ----------------------------------------


class ClassicFollowing(OpsnorrenEngine):
    """Follows like a classic trick-taking game: a joker may be played only by a player without
    the lead colour (breaks OPS-JOKER-ANYTIME), the lead colour never changes within a trick
    (ignores 'not following makes a new lead colour': breaks OPS-RULE-NEW-LEAD-COLOUR), and
    after a joker lead nobody has to follow anything (breaks OPS-JOKER-LEAD)."""

    def lead(self, s):
        from engine.opsnorren.trick import lead_colour

        if s.trick and s.trick[0][1] >= 44:
            return None  # the joker lead leaves the whole trick open
        rs = RuleSet(self.rs(s).active)
        rs.new_lead_colour = False
        return lead_colour(s.trick, rs, self.ch.joker_lead_first_animal)

    def _classic(self, s, hand):
        from engine.opsnorren.cards import COLOUR_OF
        from engine.opsnorren.trick import playable

        lead = self.lead(s)
        cards = playable(hand, lead)
        if lead is not None and any(COLOUR_OF[c] == lead for c in hand):
            cards = tuple(c for c in cards if c < 44)  # jokers only when void
        return cards

    def _legal(self, s):
        if s.phase != 4:  # PLAY
            return super()._legal(s)
        p = (s.leader + len(s.trick)) % s.n
        s._playable = self._classic(s, s.hands[p])
        return tuple({"type": "play", "player": p, "card": NAMES[c]} for c in s._playable)

    def _play(self, s, p, card):
        if p == self.to_move(s) and card in s.hands[p] and card not in self._classic(s, s.hands[p]):
            from engine.errors import IllegalActionError
            from engine.opsnorren.cards import COLOURS

            col = COLOURS[self.lead(s)]
            raise IllegalActionError(f"player {p} holds {col} cards and must follow {col}; {NAMES[card]} is not allowed")
        s._playable = self._classic(s, s.hands[p]) if p == self.to_move(s) else s._playable
        return super()._play(s, p, card)


class SeatingMistakes(OpsnorrenEngine):
    """Gets the seating wrong twice: passed cards go to the player on the right (breaks
    OPS-RULE-PASS-THREE) and the player left of the crown holder leads the first trick of a
    round (breaks OPS-CROWN-LEADS)."""

    def _apply_chance(self, s, outcome):
        t = super()._apply_chance(s, outcome)
        if s.phase == 2:  # DEAL: the first trick's leader
            t.leader = (s.crown + 1) % s.n
        return t

    def _pass(self, s, p, cards):
        t = super()._pass(s, p, cards)
        if s.phase == 3 and t.phase == 4:  # the last pass: undo the left pass, pass right
            from engine.opsnorren.state import with_cards

            n = s.n
            passing = s.passing[:p] + (tuple(sorted(CARD_ID[c] for c in cards)),) + s.passing[p + 1:]
            kept = [tuple(c for c in t.hands[q] if c not in passing[(q - 1) % n]) for q in range(n)]
            t.hands = tuple(with_cards(kept[q], passing[(q + 1) % n]) for q in range(n))
        return t


class JokerMistakes(OpsnorrenEngine):
    """Gets three joker rules wrong: with five players the third joker is not laid aside but
    goes to the first player of the team of two (breaks OPS-DEAL-FIVE); after a dove the
    dove's player leads the next trick instead of the trick's winner (breaks OPS-DOVE); the
    monkey may pick only coloured animal cards, never a joker or itself (breaks OPS-MONKEY)."""

    def deal_hands(self, s, outcome):
        hands, aside = super().deal_hands(s, outcome)
        if s.n != 5:
            return hands, aside
        extra = tuple(c for c in aside if c >= 44)
        first = min(p for p in range(5) if any(c >= 44 for c in hands[p]))
        hands = tuple(tuple(sorted(h + extra)) if p == first else h for p, h in enumerate(hands))
        return hands, tuple(c for c in aside if c < 44)

    def resolve_trick(self, trick, leader, rs, team_of):
        res = super().resolve_trick(trick, leader, rs, team_of)
        if res.dove:
            res.next_leader = next(p for p, c in trick if c == DOVE)
        if res.monkey is not None:
            res.candidates = tuple(c for c in res.candidates if c < 44)
            if not res.candidates:
                res.monkey = None
        return res


BROKEN_MULTI = {
    "classic_following": (ClassicFollowing, ("OPS-JOKER-ANYTIME", "OPS-RULE-NEW-LEAD-COLOUR", "OPS-JOKER-LEAD")),
    "seating_mistakes": (SeatingMistakes, ("OPS-RULE-PASS-THREE", "OPS-CROWN-LEADS")),
    "joker_mistakes": (JokerMistakes, ("OPS-DEAL-FIVE", "OPS-DOVE", "OPS-MONKEY")),
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
make_classic_following = _factory(ClassicFollowing)
make_seating_mistakes = _factory(SeatingMistakes)
make_joker_mistakes = _factory(JokerMistakes)
