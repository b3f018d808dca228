"""More deliberately broken Opsnorren engines, one bug each, written as a stranger reading the
rulebook would get a rule wrong (off-by-one counts, a condition dropped, a rule applied a round
late, a count instead of a sum, a rotation the wrong way round).

Merged into ``tests.broken.opsnorren.BROKEN`` (and its ``make_<name>`` factories), so
``--engine py:tests.broken.opsnorren:make_<name>`` loads them like the others. Each docstring
says what the engine gets wrong and the clause whose sentence it violates.
"""

from __future__ import annotations

from engine.opsnorren import OpsnorrenEngine
from engine.opsnorren.cards import BLUE, COLOUR_OF, NAMES, PINK, UNICORN, VALUE_OF
from engine.opsnorren.rulecards import PASS_THREE, RuleSet, ruleset
from engine.opsnorren.scoring import MOST_BLUE_PENALTY, team_stars
from engine.opsnorren.state import DEAL, OVER, PASS, PLAY
from engine.opsnorren.trick import NO_COLOUR, playable


def _rewin(res, new: int):
    """``res`` with ``new`` as the trick's winner: it leads next and takes the cards it would have taken."""
    old = res.winner
    if new == old:
        return res
    res.winner = new
    if res.next_leader == old:
        res.next_leader = new
    if res.taker == old:
        res.taker = new
    return res


def _kept_animals(trick, res):
    return [(p, c) for p, c in trick if c < 44 and c not in res.equal_gone]


class MostBlueCountsStars(OpsnorrenEngine):
    """Under 'the team with most blue cards loses five stars' it compares the blue *stars* each team
    won instead of the number of blue cards: breaks OPS-RULE-MOST-BLUE."""

    def round_stars(self, t):
        base = self.rs(t)
        if not base.most_blue:
            return super().round_stars(t)
        r = RuleSet(base.active)
        r.most_blue = False
        totals = list(team_stars(t.won, t.team_of, r, self.tables.stars))
        blue = [0, 0]
        for p, pile in enumerate(t.won):
            blue[t.team_of[p]] += sum(self.tables.stars[c] for c in pile if COLOUR_OF[c] == BLUE)
        if blue[0] != blue[1]:
            totals[0 if blue[0] > blue[1] else 1] -= MOST_BLUE_PENALTY
        return totals[0], totals[1]


class PinkBonusOnlyOnStarred(OpsnorrenEngine):
    """Under 'pink cards are worth one extra star' only pink cards that carry a star get the extra
    star (a pink card without stars stays at 0): breaks OPS-RULE-PINK-PLUS-ONE."""

    def round_stars(self, t):
        base = self.rs(t)
        if not base.pink_plus_one:
            return super().round_stars(t)
        r = RuleSet(base.active)
        r.pink_plus_one = False
        totals = list(team_stars(t.won, t.team_of, r, self.tables.stars))
        for p, pile in enumerate(t.won):
            totals[t.team_of[p]] += sum(1 for c in pile if COLOUR_OF[c] == PINK and self.tables.stars[c] > 0)
        return totals[0], totals[1]


class TwoWinsFirstTwo(OpsnorrenEngine):
    """Under 'cards of value 2 win' (without 'a 3 makes the lowest value win') with several 2s in the
    trick, the first 2 played wins instead of the 2 of the strongest colour: breaks OPS-RULE-TWO-WINS.
    Rare: 'two wins' revealed (round 3 or later) without 'three lowest' or 'equal values are
    discarded', and two 2s in one trick, the weaker colour first."""

    kind = "rare"

    def resolve_trick(self, trick, leader, rs, team_of):
        res = super().resolve_trick(trick, leader, rs, team_of)
        if not rs.two_wins or rs.three_lowest or res.winner is None:
            return res
        if any(c == UNICORN for _, c in trick if c not in res.equal_gone):
            return res
        twos = [p for p, c in _kept_animals(trick, res) if VALUE_OF[c] == 2]
        return _rewin(res, twos[0]) if len(twos) >= 2 else res


class ThreeLowestAnyColour(OpsnorrenEngine):
    """Under 'a 3 makes the lowest value win' (without 'cards of value 2 win') the lowest value in the
    whole trick wins, whatever its colour (equal lowest values: the stronger colour), instead of the
    lowest value of the strongest colour: breaks OPS-RULE-THREE-LOWEST."""

    def resolve_trick(self, trick, leader, rs, team_of):
        res = super().resolve_trick(trick, leader, rs, team_of)
        if not rs.three_lowest or rs.two_wins or res.winner is None:
            return res
        if any(c == UNICORN for _, c in trick if c not in res.equal_gone):
            return res
        animals = _kept_animals(trick, res)
        if not any(VALUE_OF[c] == 3 for _, c in animals):
            return res
        low = min(animals, key=lambda pc: (VALUE_OF[pc[1]], -rs.strength[COLOUR_OF[pc[1]]]))
        return _rewin(res, low[0])


class EqualValuesOnlyInPairs(OpsnorrenEngine):
    """Under 'equal values are discarded' only a value that occurs exactly twice is discarded; three or
    four cards of one value stay in the trick and can win it: breaks OPS-RULE-EQUAL-DISCARDED. Needs
    three cards of one value in a trick after the black card is revealed (round 3 or later)."""

    kind = "rare"

    def resolve_trick(self, trick, leader, rs, team_of):
        if not rs.equal_discarded:
            return super().resolve_trick(trick, leader, rs, team_of)
        counts: dict[int, int] = {}
        for _, c in trick:
            if c < 44:
                counts[VALUE_OF[c]] = counts.get(VALUE_OF[c], 0) + 1
        if not any(n >= 3 for n in counts.values()):
            return super().resolve_trick(trick, leader, rs, team_of)
        pairs = tuple(c for _, c in trick if c < 44 and counts[VALUE_OF[c]] == 2)
        rest = tuple(pc for pc in trick if pc[1] not in pairs)
        r = RuleSet(rs.active)
        r.equal_discarded = False
        r.strength = rs.strength
        res = super().resolve_trick(rest, leader, r, team_of)
        res.equal_gone = list(pairs)
        res.discard = tuple(res.discard) + pairs
        return res


class ReversalSwapsEnds(OpsnorrenEngine):
    """Under 'the colour order is reversed' it only swaps the weakest and the strongest colour (green
    strongest, blue weakest) and keeps pink below orange, instead of blue < orange < pink < green:
    breaks OPS-RULE-COLOUR-REVERSED."""

    def rs(self, s):
        base = super().rs(s)
        if not base.colour_reversed:
            return base
        r = RuleSet(base.active)
        r.strength = (3, 1, 2, 0)
        return r


class LeadColourChangesOnce(OpsnorrenEngine):
    """Under 'not following makes a new lead colour' only the first card that does not follow sets a new
    lead colour; later off-colour cards in the same trick change nothing: breaks
    OPS-RULE-NEW-LEAD-COLOUR ("De gevraagde kleur kan binnen één slag dus meerdere keren veranderen")."""

    def lead(self, s):
        lead, changed = None, False
        for i, (_, c) in enumerate(s.trick):
            col = COLOUR_OF[c]
            if col < 0:
                if i == 1 and lead is None and not self.ch.joker_lead_first_animal:
                    lead = NO_COLOUR
                continue
            if lead is None:
                lead = col
            elif lead != NO_COLOUR and col != lead and self.rs(s).new_lead_colour and not changed:
                lead, changed = col, True
        return None if lead == NO_COLOUR else lead


class FourPlayersGetEleven(OpsnorrenEngine):
    """With four players deals all 44 animal cards, 11 to each player, instead of 10 each with four
    laid aside: breaks OPS-DEAL-TABLE."""

    def chance(self, s):
        if s.phase != DEAL or s.n != 4 or s._chance is not None:
            return super().chance(s)
        ch = super().chance(s)
        ch = {"event": ch["event"], "draws": [{**ch["draws"][0], "take": {str(p): 11 for p in range(4)}}]}
        s._chance = ch
        return ch

    def deal_hands(self, s, outcome):
        if s.n != 4:
            return super().deal_hands(s, outcome)
        from engine.opsnorren.cards import CARD_ID, JOKERS

        hands = tuple(tuple(sorted(CARD_ID[x] for x in outcome[0][str(p)])) for p in range(4))
        return hands, tuple(JOKERS)


class CrownLeadsOnlyFirstRound(OpsnorrenEngine):
    """The crown holder leads the first trick of round 1 only; in later rounds player 0 leads it
    (the leader is reset with the round and never set to the new crown holder): breaks OPS-CROWN-LEADS."""

    def _apply_chance(self, s, outcome):
        t = super()._apply_chance(s, outcome)
        if s.phase == DEAL and s.round > 1:
            t.leader = 0
        return t


class PassThreeOnlyWhenRevealed(OpsnorrenEngine):
    """The 'pass three cards' rule card applies only in the round it is revealed; in later rounds nobody
    passes: breaks OPS-RULES-PERSIST (a revealed card applies until the end of the game)."""

    def _apply_chance(self, s, outcome):
        t = super()._apply_chance(s, outcome)
        if s.phase == DEAL and t.phase == PASS and s.rules[s.revealed - 1] != PASS_THREE:
            t.phase = PLAY
        return t


class RuleCardAppliesNextRound(OpsnorrenEngine):
    """The rule card revealed at the start of a round only applies from the next round on: round 1 is
    played without rule cards, round r with the r-1 leftmost: breaks OPS-REVEAL-RULE."""

    def rs(self, s):
        return ruleset(s.rules[: max(s.revealed - 1, 0)])


class FewestStarsTieToOthers(OpsnorrenEngine):
    """Under 'the team with the fewest stars wins the round' it turns the whole comparison round, the
    tie too: a tie goes to the team without the crown: breaks OPS-RULE-FEWEST-STARS (a tie still goes
    to the crown team)."""

    def round_winner_team(self, t, a, b):
        if a == b and self.rs(t).fewest_stars:
            return 1 - t.team_of[t.crown]
        return super().round_winner_team(t, a, b)


class TrophiesCounted(OpsnorrenEngine):
    """At the end of the game it counts each player's trophy tokens instead of adding up their values:
    breaks OPS-GAME-END."""

    def final_result(self, trophies):
        points = [len(t) for t in trophies]
        best = max(points)
        leaders = [p for p, v in enumerate(points) if v == best]
        return {"points": points, "winners": leaders if len(leaders) == 1 else []}


class ShowsTeammatesHands(OpsnorrenEngine):
    """The observation shows the cards of the observer's teammates (as open cards): breaks
    OPS-HIDDEN-HANDS ("Je mag je teamgenoten niet vertellen welke kaarten je in je hand hebt")."""

    kind = "observation"

    def observation(self, s, player):
        obs = super().observation(s, player)
        if s.team_of:
            obs["open_cards"] = [[NAMES[c] for c in h] if q != player and s.team_of[q] == s.team_of[player]
                                 else obs["open_cards"][q] for q, h in enumerate(s.hands)]
        return obs


class PlaysCounterClockwise(OpsnorrenEngine):
    """Within a trick the turn goes to the right (seat p-1 after seat p) instead of clockwise: breaks
    OPS-CLOCKWISE."""

    def _seat(self, s):
        return (s.leader - len(s.trick)) % s.n

    def to_move(self, s):
        if s.phase == PLAY:
            return self._seat(s)
        return super().to_move(s)

    def _legal(self, s):
        if s.phase != PLAY:
            return super()._legal(s)
        p = self._seat(s)
        cards = s._playable = playable(s.hands[p], self.binding(s, s.hands[p]))
        return tuple({"type": "play", "player": p, "card": NAMES[c]} for c in cards)


# ---- result(): what an in-process engine says of the game's end. Over the protocol an engine's
# result is its state's ``result`` field; in-process it is also ``result()``, which these engines
# get wrong while their states are right (the differential and the machine compare it in every state)


class ResultOnceARoundIsWon(OpsnorrenEngine):
    """result() names the trophy leader as soon as a round has been scored, before the fourth round
    ends: breaks OPS-GAME-LENGTH (a game lasts four rounds)."""

    kind = "result"

    def result(self, s):
        if s.phase != OVER and any(s.trophies):
            return self.final_result(s.trophies)
        return super().result(s)


class NoResultAtTheEnd(OpsnorrenEngine):
    """result() stays None once the game is over (no legal action, no chance event): breaks
    OPS-GAME-END (after four rounds the trophies are added up and the most points wins)."""

    kind = "result"

    def result(self, s):
        return None


class TieWonByFirstLeader(OpsnorrenEngine):
    """result() gives a tie for the most points to the first of the tied players: breaks OPS-GAME-TIE
    (a tie means there is no winner)."""

    kind = "result"

    def result(self, s):
        res = super().result(s)
        if res is not None and not res["winners"]:
            best = max(res["points"])
            res = {**res, "winners": [res["points"].index(best)]}
        return res


class ResultCountsTokens(OpsnorrenEngine):
    """result() gives each player's number of trophy tokens as their points (the winner is still
    the one with most points by value): breaks OPS-GAME-END (trophies are added up)."""

    kind = "result"

    def result(self, s):
        res = super().result(s)
        if res is not None:
            res = {**res, "points": [len(t) for t in s.trophies]}
        return res


BROKEN = {
    "most_blue_counts_stars": (MostBlueCountsStars, "OPS-RULE-MOST-BLUE"),
    "pink_bonus_only_on_starred": (PinkBonusOnlyOnStarred, "OPS-RULE-PINK-PLUS-ONE"),
    "two_wins_first_two": (TwoWinsFirstTwo, "OPS-RULE-TWO-WINS"),
    "three_lowest_any_colour": (ThreeLowestAnyColour, "OPS-RULE-THREE-LOWEST"),
    "equal_values_only_in_pairs": (EqualValuesOnlyInPairs, "OPS-RULE-EQUAL-DISCARDED"),
    "reversal_swaps_ends": (ReversalSwapsEnds, "OPS-RULE-COLOUR-REVERSED"),
    "lead_colour_changes_once": (LeadColourChangesOnce, "OPS-RULE-NEW-LEAD-COLOUR"),
    "with_four_players_deals_eleven": (FourPlayersGetEleven, "OPS-DEAL-TABLE"),
    "later_rounds_seat_zero_leads": (CrownLeadsOnlyFirstRound, "OPS-CROWN-LEADS"),
    "pass_three_only_when_revealed": (PassThreeOnlyWhenRevealed, "OPS-RULES-PERSIST"),
    "rule_card_applies_next_round": (RuleCardAppliesNextRound, "OPS-REVEAL-RULE"),
    "tie_under_fewest_stars_to_others": (FewestStarsTieToOthers, "OPS-RULE-FEWEST-STARS"),
    "trophies_counted": (TrophiesCounted, "OPS-GAME-END"),
    "shows_teammates_hands": (ShowsTeammatesHands, "OPS-HIDDEN-HANDS"),
    "plays_counter_clockwise": (PlaysCounterClockwise, "OPS-CLOCKWISE"),
    "result_once_a_round_is_won": (ResultOnceARoundIsWon, "OPS-GAME-LENGTH"),
    "no_result_at_the_end": (NoResultAtTheEnd, "OPS-GAME-END"),
    "tie_won_by_first_leader": (TieWonByFirstLeader, "OPS-GAME-TIE"),
    "result_counts_tokens": (ResultCountsTokens, "OPS-GAME-END"),
}


def _factory(cls):
    def make(game="opsnorren", choices=None):
        eng = cls(choices=choices)
        eng.name = f"broken-opsnorren-{cls.__name__}"
        return eng

    return make


FACTORIES = {f"make_{name}": _factory(cls) for name, (cls, _) in BROKEN.items()}
