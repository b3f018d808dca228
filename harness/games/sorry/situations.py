"""The Sorry! situations: positions built around a rule (``harness.games.sorry.positions``
builds them; ``harness.explore.situations`` plays them beside the reference)."""

from __future__ import annotations

from harness.explore.situations import Situation
from harness.games.sorry.positions import (
    SEVEN_ORDER, backward_shortcut, every_slide_square, forfeited_eleven, forfeited_two, partner_bumps, plain_race,
    points_last_move, points_race, prefer, rematch_quick, seats, seven_both_orders, seven_home_split,
    sorry_on_own_triangle, sorry_only_partner, swap_into_slide, swap_onto_triangle, team_race, team_seven,
)

SITUATIONS = [
    Situation("swap-into-slide-over-own-pawn", ("SRY-SWAP-SLIDE", "SRY-SLIDE-BUMP", "SRY-CARD-11"), swap_into_slide,
              "an 11 swap onto yellow's triangle whose slide holds an own pawn", plies=12, samples=3,
              choose=prefer("SRY-SWAP-SLIDE", "SRY-CARD-11")),
    Situation("sorry-onto-own-triangle", ("SRY-SORRY-CARD", "SRY-SLIDE-OWN-COLOUR"), sorry_on_own_triangle,
              "the Sorry! card takes an opponent standing on the player's own triangle", plies=10, samples=2,
              choose=prefer("SRY-SORRY-CARD", "SRY-SLIDE-OWN-COLOUR")),
    Situation("pawns-on-every-slide-square", ("SRY-SLIDE-BUMP", "SRY-SLIDE-ANY-CARD", "SRY-JUMP"), every_slide_square,
              "a slide over three pawns, two of the slider's own colour", plies=10, samples=2),
    Situation("seat-order-and-first", ("SRY-TURN-ORDER", "SRY-FIRST-PLAYER"), seats,
              "colours listed out of board order and a first player other than the first seat", plies=12, samples=3),
    Situation("rematch-quick-start", ("SRY-REMATCH", "SRY-QUICK-START"), rematch_quick,
              "the previous winner starts a quick-start game (points play, team play)", plies=2, samples=20),
    Situation("swap-onto-triangle", ("SRY-SWAP-SLIDE",), swap_onto_triangle,
              "an 11 in play and an opponent on its own triangle", plies=2, samples=20, choose=prefer("SRY-SWAP-SLIDE")),
    Situation("forfeited-two", ("SRY-FAQ-OWN-PAWN", "SRY-TWO-DRAW-AGAIN", "SRY-HOME-EXACT"), forfeited_two,
              "every 2 is forfeited (overshoot, own pawns in the safety zone) and red draws again", plies=8,
              samples=6, choose=prefer("SRY-HOME-EXACT", "SRY-SAFETY-NORMAL-RULES")),
    Situation("forfeited-eleven", ("SRY-ELEVEN-FORFEIT",), forfeited_eleven,
              "an 11 with only swaps, declined", plies=6, samples=6, choose=prefer("SRY-ELEVEN-FORFEIT")),
    Situation("seven-split-both-orders", ("SRY-CARD-7", "SRY-OWN-PAWN-BLOCKS", "SRY-SLIDE-BUMP"), seven_both_orders,
              "7 splits whose order decides a bump or an own pawn's block", plies=4, samples=8,
              choose=prefer(*SEVEN_ORDER)),
    Situation("seven-home-split", ("SRY-SEVEN-HOME-SPLIT",), seven_home_split,
              "a 7 in play with a pawn that part of it brings HOME", plies=3, samples=20,
              choose=prefer("SRY-SEVEN-HOME-SPLIT")),
    Situation("backward-into-shortcut", ("SRY-BACKWARD-SHORTCUT", "SRY-BACKWARD", "SRY-CARD-10"), backward_shortcut,
              "backward 4 and 10 past the turn square, then into the safety zone", plies=12, samples=2,
              choose=prefer("SRY-SEVEN-HOME-SPLIT", "SRY-SAFETY-BACKWARD", "SRY-HOME-EXACT")),
    Situation("partner-bumps", ("SRY-TEAM-SORRY-PARTNER", "SRY-TEAM-BUMP-PARTNER", "SRY-TEAM-START"), partner_bumps,
              "team play where the only targets are the partner's pawns", plies=20, samples=4,
              choose=prefer("SRY-TEAM-BUMP-PARTNER", "SRY-TEAM-SORRY-PARTNER", "SRY-TEAM-SEVEN", "SRY-SWAP-SLIDE")),
    Situation("sorry-only-partner", ("SRY-TEAM-SORRY-PARTNER", "SRY-TEAM-BUMP-PARTNER"), sorry_only_partner,
              "a Sorry! card in team play with only partner pawns to take", plies=1, samples=12),
    Situation("team-seven", ("SRY-TEAM-SEVEN",), team_seven, "a 7 to split over both team colours", plies=1, samples=8,
              choose=prefer("SRY-TEAM-SEVEN")),
    Situation("team-race", ("SRY-TEAM-WIN", "SRY-TEAM-SEVEN", "SRY-TEAM-PARTNERS"), team_race,
              "a team game played to the team's win", plies=0, samples=3),
    Situation("plain-race", ("SRY-WIN",), plain_race, "a plain game played to a player's win",
              plies=0, samples=3),
    Situation("points-to-the-end", ("SRY-POINTS-DEAL", "SRY-POINTS-DISCARD", "SRY-POINTS-SCORE",
                                    "SRY-POINTS-WINNER-BONUS", "SRY-POINTS-WIN"), points_race,
              "a points game from the deal to its score", plies=0, samples=4),
    Situation("points-last-move", ("SRY-POINTS-SCORE", "SRY-POINTS-WINNER-BONUS", "SRY-POINTS-WIN"), points_last_move,
              "a points game one winning move from its end", plies=1, samples=16, choose=prefer("SRY-POINTS-SCORE")),
]
