"""Round scoring, trophies and the end of the game.

- OPS-ROUND-SCORE: each team counts the stars on the cards its members won, with every
  revealed rule card applied: OPS-RULE-GREEN-NEGATIVE (green stars count negative),
  OPS-RULE-PINK-PLUS-ONE (each pink card one extra star), OPS-RULE-MOST-BLUE (the team
  with strictly more blue cards loses five stars). These commute, so their row order
  does not matter; OPS-RULE-FEWEST-STARS only changes the comparison.
- OPS-ROUND-WINNER, OPS-ROUND-TIE-CROWN: most stars wins (fewest under fewest-stars);
  a tie goes to the crown team.
- OPS-TROPHY-DRAW: each member of the winning team draws one of the round's three
  tokens (chance node); OPS-TROPHY-LEFTOVER: the rest go back unseen.
- OPS-GAME-END, OPS-GAME-TIE: after four rounds the most trophy points wins; a tie
  for the most means no winner.
"""

from __future__ import annotations

from engine.opsnorren.cards import BLUE, COLOUR_OF, GREEN, PINK
from engine.opsnorren.state import SEATS

MOST_BLUE_PENALTY = 5


def team_stars(won, team_of, rs, stars) -> tuple[int, int]:
    """Stars of team A and team B from the won piles (OPS-ROUND-SCORE, OPS-TEAM-PILES)."""
    totals = [0, 0]
    blues = [0, 0]
    green_negative, pink_plus_one = rs.green_negative, rs.pink_plus_one
    for p, pile in enumerate(won):
        t = team_of[p]
        for c in pile:  # a card's stars (OPS-RULE-GREEN-NEGATIVE, OPS-RULE-PINK-PLUS-ONE)
            s = stars[c]
            col = COLOUR_OF[c]
            if col == GREEN:
                if green_negative:
                    s = -s
            elif col == PINK:
                if pink_plus_one:
                    s += 1
            elif col == BLUE:
                blues[t] += 1
            totals[t] += s
    if rs.most_blue and blues[0] != blues[1]:  # OPS-RULE-MOST-BLUE
        totals[0 if blues[0] > blues[1] else 1] -= MOST_BLUE_PENALTY
    return totals[0], totals[1]


def round_winner(stars_a: int, stars_b: int, rs, crown_team: int) -> int:
    """The winning team, 0 (A) or 1 (B) (OPS-ROUND-WINNER, OPS-ROUND-TIE-CROWN, OPS-RULE-FEWEST-STARS)."""
    if stars_a == stars_b:
        return crown_team
    if rs.fewest_stars:
        return 0 if stars_a < stars_b else 1
    return 0 if stars_a > stars_b else 1


def trophy_chance(tables, rnd: int, team_of, winner_team: int) -> dict:
    """OPS-TROPHY-DRAW: every member of the winning team draws one of the round's tokens."""
    take = {SEATS[p]: 1 for p, t in enumerate(team_of) if t == winner_team}
    left = 3 - len(take)
    if left:
        take["aside"] = left  # OPS-TROPHY-LEFTOVER
    return {"event": "trophies", "draws": [{"pool": list(tables.trophies[rnd - 1]), "take": take}]}


def final_result(trophies) -> dict:
    """OPS-GAME-END, OPS-GAME-TIE."""
    points = [sum(t) for t in trophies]
    best = max(points)
    leaders = [p for p, v in enumerate(points) if v == best]
    return {"points": points, "winners": leaders if len(leaders) == 1 else []}
