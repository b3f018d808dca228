"""Misreadings of the end of a round and of the game: the stars (OPS-ROUND-SCORE,
OPS-TEAM-PILES and the scoring rule cards OPS-RULE-GREEN-NEGATIVE, OPS-RULE-PINK-PLUS-ONE,
OPS-RULE-MOST-BLUE), the round's winner (OPS-ROUND-WINNER, OPS-ROUND-TIE-CROWN,
OPS-RULE-FEWEST-STARS), the trophies (OPS-TROPHY-DRAW) and the game's winner
(OPS-GAME-END, OPS-GAME-TIE).
"""

from __future__ import annotations

from engine.opsnorren.cards import BLUE, COLOUR_OF, GREEN, ORANGE, PINK
from engine.opsnorren.misreadings_base import Variant, mis
from engine.opsnorren.scoring import MOST_BLUE_PENALTY
from engine.opsnorren.state import TROPHIES

COLOUR_WORDS = ("green", "pink", "orange", "blue")

#: the reference's reading of each scoring decision
STARS = {"count": "stars", "neg_colour": GREEN, "neg": "negative", "plus_colour": PINK, "plus": 1,
         "plus_per": "card", "blue_penalty": MOST_BLUE_PENALTY, "blue_who": "most", "blue_count": "cards",
         "blue_tie": "none", "team": "sum", "rules": True}


def stars_with(won, team_of, rs, stars, k: dict) -> tuple[int, int]:
    """``scoring.team_stars`` with the decisions in ``k`` (keys of :data:`STARS`)."""
    per_player = [0] * len(won)
    blues = [0, 0]
    for p, pile in enumerate(won):
        t = team_of[p]
        for c in pile:
            base = 1 if k["count"] == "cards" else stars[c]
            s = base
            col = COLOUR_OF[c]
            if k["rules"]:
                if col == k["neg_colour"] and rs.green_negative:
                    s = {"negative": -base, "zero": 0, "per-card": -1}[k["neg"]]
                elif col == k["plus_colour"] and rs.pink_plus_one:
                    s = base + (k["plus"] if k["plus_per"] == "card" else base if k["plus_per"] == "star"
                                else k["plus"] if stars[c] > 0 else 0)
            per_player[p] += s
            if col == BLUE:
                blues[t] += 1 if k["blue_count"] == "cards" else stars[c]
    totals = [0, 0]
    for p, v in enumerate(per_player):
        t = team_of[p]
        totals[t] = max(totals[t], v) if k["team"] == "best-player" and any(
            team_of[q] == t for q in range(p)) else (totals[t] + v)
    if k["rules"] and rs.most_blue:
        if blues[0] != blues[1]:
            most = 0 if blues[0] > blues[1] else 1
            hit = 1 - most if k["blue_who"] == "fewest" else most
            totals[hit] += k["blue_penalty"] if k["blue_who"] == "gain" else -k["blue_penalty"]
        elif k["blue_tie"] == "both":
            totals = [totals[0] - k["blue_penalty"], totals[1] - k["blue_penalty"]]
    return totals[0], totals[1]


def _stars(**changes):
    k = {**STARS, **changes}

    def round_stars(self, t):
        return stars_with(t.won, t.team_of, self.rs(t), self.tables.stars, k)

    return {"round_stars": round_stars}


def _winner(tie: str = "crown", fewest: str = "rule", fewest_tie: str = "crown"):
    """The round's winner: ``tie`` (crown / other team / team A), ``fewest`` (rule: under the
    rule card, always, never), ``fewest_tie`` under the fewest-stars card."""

    def round_winner_team(self, t, a: int, b: int) -> int:
        crown = t.team_of[t.crown]
        few = {"rule": self.rs(t).fewest_stars, "always": True, "never": False}[fewest]
        if a == b:
            who = tie if not (few and self.rs(t).fewest_stars) else fewest_tie
            return {"crown": crown, "other": 1 - crown, "team-a": 0}[who]
        if few:
            return 0 if a < b else 1
        return 0 if a > b else 1

    return {"round_winner_team": round_winner_team}


def _trophies(who: str = "winners", shift: int = 0):
    def chance(self, s):
        if s.phase != TROPHIES:
            return Variant.chance(self, s)
        ch = s._chance
        if ch is None:
            w = s.history[-1][3]
            if who == "winners":
                take = {str(p): 1 for p, t in enumerate(s.team_of) if t == w}
            elif who == "losers":
                take = {str(p): 1 for p, t in enumerate(s.team_of) if t != w}
            else:  # the crown holder alone
                take = {str(s.crown): 1}
            if len(take) < 3:
                take["aside"] = 3 - len(take)
            pool = list(self.tables.trophies[(s.round - 1 + shift) % len(self.tables.trophies)])
            ch = s._chance = {"event": "trophies", "draws": [{"pool": pool, "take": take}]}
        return ch

    return {"chance": chance}


def _result(most: bool = True, tie: str = "none", by: str = "sum"):
    def final_result(self, trophies) -> dict:
        points = [sum(t) for t in trophies]
        key = points if by == "sum" else [len(t) for t in trophies]
        best = max(key) if most else min(key)
        leaders = [p for p, v in enumerate(key) if v == best]
        winners = leaders if len(leaders) == 1 or tie == "all" else ([leaders[0]] if tie == "first" else [])
        return {"points": points, "winners": winners}

    return {"final_result": final_result}


def misreadings() -> list:
    S = _stars
    out = [
        mis("ops.round-score.cards-not-stars", "OPS-ROUND-SCORE",
            "a team scores one point per card won instead of the stars on the cards", "aggregate", **S(count="cards")),
        mis("ops.round-score.rules-not-applied", "OPS-ROUND-SCORE",
            "the revealed rule cards are not applied when the stars are counted", "condition", **S(rules=False)),
        mis("ops.team-piles.best-player", "OPS-TEAM-PILES",
            "teammates' stars do not add up: a team scores its best player's stars", "aggregate",
            **S(team="best-player")),
        mis("ops.green-negative.zero", "OPS-RULE-GREEN-NEGATIVE",
            "under 'green stars are negative' green stars count zero instead of minus one each", "condition",
            **S(neg="zero")),
        mis("ops.green-negative.per-card", "OPS-RULE-GREEN-NEGATIVE",
            "under 'green stars are negative' each won green card costs one star, whatever its stars", "aggregate",
            **S(neg="per-card")),
        mis("ops.pink-plus-one.per-star", "OPS-RULE-PINK-PLUS-ONE",
            "under 'pink cards are worth one extra star' every pink star counts double (one extra per star)",
            "aggregate", **S(plus_per="star")),
        mis("ops.pink-plus-one.starred", "OPS-RULE-PINK-PLUS-ONE",
            "under 'pink cards are worth one extra star' only pink cards that carry stars get the extra star",
            "condition", **S(plus_per="starred")),
        mis("ops.pink-plus-one.two", "OPS-RULE-PINK-PLUS-ONE",
            "under 'pink cards are worth one extra star' each pink card is worth two extra stars", "parameter",
            **S(plus=2)),
        mis("ops.most-blue.fewest-loses", "OPS-RULE-MOST-BLUE",
            "under 'most blue cards' the team with the fewest blue cards loses five stars", "condition",
            **S(blue_who="fewest")),
        mis("ops.most-blue.gains", "OPS-RULE-MOST-BLUE",
            "under 'most blue cards' the team with the most blue cards gains five stars", "condition",
            **S(blue_who="gain")),
        mis("ops.most-blue.tie-both-lose", "OPS-RULE-MOST-BLUE",
            "under 'most blue cards' both teams lose five stars when they have as many blue cards", "condition",
            **S(blue_tie="both")),
        mis("ops.most-blue.blue-stars", "OPS-RULE-MOST-BLUE",
            "under 'most blue cards' the blue stars are compared instead of the number of blue cards", "aggregate",
            **S(blue_count="stars")),
        mis("ops.round-winner.fewest", "OPS-ROUND-WINNER",
            "the team with the fewest stars wins the round (without the rule card that says so)", "condition",
            **_winner(fewest="always")),
        mis("ops.tie-crown.other-team", "OPS-ROUND-TIE-CROWN",
            "a tie in stars goes to the team without the crown", "condition", **_winner(tie="other")),
        mis("ops.tie-crown.team-a", "OPS-ROUND-TIE-CROWN",
            "a tie in stars goes to team A, whoever holds the crown", "condition", **_winner(tie="team-a")),
        mis("ops.fewest-stars.tie-other-team", "OPS-RULE-FEWEST-STARS",
            "under 'the fewest stars win' a tie goes to the team without the crown", "condition",
            **_winner(fewest_tie="other")),
        mis("ops.trophy.losers-draw", "OPS-TROPHY-DRAW",
            "the players of the losing team draw the trophy tokens", "condition", **_trophies(who="losers")),
        mis("ops.trophy.crown-draws", "OPS-TROPHY-DRAW",
            "only the crown holder draws a trophy token", "quantifier", **_trophies(who="crown")),
        mis("ops.game-end.fewest-points", "OPS-GAME-END",
            "the player with the fewest trophy points wins the game", "condition", **_result(most=False)),
        mis("ops.game-end.most-tokens", "OPS-GAME-END",
            "the player with the most trophy tokens wins (their values are not added)", "aggregate",
            **_result(by="count")),
        mis("ops.game-tie.all-win", "OPS-GAME-TIE",
            "a tie for the most trophy points makes every tied player a winner", "condition", **_result(tie="all")),
        mis("ops.game-tie.first-seat", "OPS-GAME-TIE",
            "a tie for the most trophy points goes to the tied player in the lowest seat", "condition",
            **_result(tie="first")),
    ]
    for d in (-1, 1):
        out.append(mis(f"ops.most-blue.penalty{d:+d}", "OPS-RULE-MOST-BLUE",
                       f"under 'most blue cards' the team loses {MOST_BLUE_PENALTY + d} stars, not five", "parameter",
                       **S(blue_penalty=MOST_BLUE_PENALTY + d)))
        out.append(mis(f"ops.trophy.round{d:+d}", "OPS-TROPHY-DRAW",
                       f"the winners draw from the tokens of the {'previous' if d < 0 else 'next'} round",
                       "parameter", **_trophies(shift=d)))
    for col in (PINK, ORANGE, BLUE):
        out.append(mis(f"ops.green-negative.{COLOUR_WORDS[col]}", "OPS-RULE-GREEN-NEGATIVE",
                       f"under 'green stars are negative' the {COLOUR_WORDS[col]} stars count negative instead",
                       "condition", **S(neg_colour=col)))
    out.append(mis("ops.pink-plus-one.orange", "OPS-RULE-PINK-PLUS-ONE",
                   "under 'pink cards are worth one extra star' the orange cards get the extra star", "condition",
                   **S(plus_colour=ORANGE)))
    return out
