"""The Dnup situations: positions built around a rule (``harness.games.dnup.positions``
builds them; ``harness.explore.situations`` plays them beside the reference)."""

from __future__ import annotations

from harness.explore.situations import Situation
from harness.games.dnup.positions import (
    b_conflict, beaten_by_add, beaten_by_play, choose_big, choose_flip, dnup, letters, other_side_matches,
    own_conflict, own_conflict_by_add, remainder, set_of, six_of_a_value, two_player,
)

SITUATIONS: list[Situation] = [
    *[Situation(f"set-of-{k}", ("DNP-SET", "DNP-ACTION-A") + (("DNP-FIRST-OUT",) if k == 8 else ()), set_of(k),
                f"a set of {k} cards of one value", plies=12, samples=1) for k in range(1, 9)],
    Situation("six-of-a-value", ("DNP-A-ANY-COUNT", "DNP-FAQ-ANY-COUNT", "DNP-SET", "DNP-FAQ-SET"), six_of_a_value,
              "a player holds 6 or 7 cards showing one value and chooses how many to play", plies=20),
    Situation("deal-remainder", ("DNP-DEAL",), remainder,
              "a user deck whose size does not divide by the players", plies=25),
    Situation("first-out-beaten-by-add", ("DNP-FIRST-OUT-BEATEN", "DNP-ACTION-B", "DNP-B-CONFLICT",
                                          "DNP-FAQ-CONFLICT"), beaten_by_add,
              "an action B beats the set of the first player out", plies=12, samples=12),
    Situation("first-out-beaten-by-play", ("DNP-FIRST-OUT-BEATEN", "DNP-A-HIGHER", "DNP-A-RETURN"), beaten_by_play,
              "an action A beats the set of the first player out", plies=12, samples=12),
    Situation("other-side-matches", ("DNP-ACTION-B",), other_side_matches,
              "cards whose inactive value is the value of a set on the table", plies=6, samples=15),
    Situation("b-conflict", ("DNP-B-CONFLICT", "DNP-FAQ-CONFLICT", "DNP-ACTION-B"), b_conflict,
              "an addition beats another set of the new size", plies=20, samples=8),
    Situation("two-conflict-own", ("DNP-TWO-CONFLICT-OWN", "DNP-TWO-TURNS", "DNP-TWO-START"), own_conflict,
              "2 players: a set beats the player's own set in the other area", plies=25, samples=4),
    Situation("two-conflict-own-by-add", ("DNP-TWO-CONFLICT-OWN", "DNP-B-CONFLICT", "DNP-ACTION-B"),
              own_conflict_by_add, "2 players: an addition beats its owner's own set in the other area", plies=15,
              samples=6),
    Situation("two-player-rounds", ("DNP-TWO-START", "DNP-TWO-TURNS", "DNP-TWO-ROUND-WIN"), two_player,
              "2 players, short rounds: two turns each, the start player's single turn in area 2", plies=80,
              samples=6, choose=choose_big),
    Situation("letters", ("DNP-FIRST-OUT", "DNP-SECOND-OUT", "DNP-GAME-END", "DNP-FAQ-LETTERS"), letters,
              "letters over three rounds; 4 or more win at once", plies=20, samples=4, choose=choose_big),
    Situation("dnup", ("DNP-ACTION-D", "DNP-FAQ-DNUP"), dnup, "players call dnup half the time", plies=30,
              samples=2, choose=choose_flip),
]
