"""The deal, going out, letters and the end of rounds and of the game (DNP-DEAL, DNP-START-PLAYER,
DNP-FIRST-OUT, DNP-FIRST-OUT-CARDS-STAY, DNP-FIRST-OUT-BEATEN, DNP-SECOND-OUT, DNP-GAME-END,
DNP-TWO-ROUND-WIN, DNP-TURN-CAP).

- Each round starts with a chance node ``deal``: every card in play is dealt, evenly, each
  with a random orientation (``orient``); the outcome names the hands. A remainder (only
  with a user deck) gives seats 0..r-1 one card more (parameter ``deal_remainder``).
- The holder of the starred 1/5 card starts the round; they need not play it (FAQ).
- 3-5 players: the first player out gets 2 letters (``rules.TOKENS[0]``) and leaves the
  round; their set stays on the table until every other player has had a turn, then is
  discarded; if it is beaten (sent back) meanwhile it is simply discarded. The second
  player out gets 1 letter and the round ends. A player with 4 or more letters wins at
  once, so when two players would reach 4 in one round the first out (two letters) wins:
  the FAQ's ruling holds by construction.
- 2 players: the first player out wins the round; two rounds won win the game.
- The rules never force an end (a player may flip forever): the config's optional
  ``turn_cap`` ends the game as unfinished after that many player actions.
"""

from __future__ import annotations

from engine.dnup.state import CHANCE, OVER, Game, State
from engine.errors import InvalidOutcomeError

WIN_LETTERS = 4
WIN_ROUNDS = 2


def new_round(s: State, tokens, wins, out, turn, result) -> State:
    """A state waiting for the next round's deal (or over, when ``result`` is set)."""
    g = s.g
    if result is not None:
        return State(g, s.hands, s.sets, out, s.leaving, tokens, wins, s.round, turn, OVER, 0, s.start, result)
    empty = ((),) * g.players
    return State(g, empty, ((),) * g.slots, (), None, tokens, wins, s.round + 1, turn, CHANCE, 0, -1, None)


def deal(rules, s: State, outcome: list) -> State:
    """Apply a validated deal outcome (DNP-DEAL); the start card's holder starts (DNP-START-PLAYER)."""
    g = s.g
    got = outcome[0]
    idx = g.id_index
    in_play = set(g.in_play)
    hands = []
    seen = set()
    for p in range(g.players):
        hand = []
        for item in got[str(p)]:
            cid, flip = item
            i = idx.get(cid)
            if i is None or i not in in_play:
                raise InvalidOutcomeError(f"card {cid!r} is not in play with {g.players} players")
            if i in seen:
                raise InvalidOutcomeError(f"card {cid!r} is dealt twice")
            seen.add(i)
            hand.append(2 * i + (1 if flip else 0))
        hands.append(tuple(sorted(hand)))
    start = rules.start_player(g, hands)
    p, area = rules.round_opening(g, start)
    return State(g, tuple(hands), ((),) * g.slots, (), None, s.tokens, s.wins, s.round, s.turn, p, area, start, None)


def start_player(g: Game, hands) -> int:
    """The holder of the starred 1/5 card (DNP-START-PLAYER)."""
    sc = g.start_card
    for p, hand in enumerate(hands):
        if 2 * sc in hand or 2 * sc + 1 in hand:
            return p
    raise InvalidOutcomeError("nobody holds the start card")


def going_out(rules, g: Game, p: int, sets, out, tokens, wins):
    """Player ``p`` played their last card. Returns (out, leaving, tokens, wins, round_over, result)."""
    if g.areas == 2:
        wins = wins[:p] + (wins[p] + 1,) + wins[p + 1:]
        result = {"winner": p, "reason": "rounds"} if wins[p] >= WIN_ROUNDS else None
        return out + (p,), None, tokens, wins, True, result
    first = not out
    gain = rules.TOKENS[0 if first else 1]
    tokens = tokens[:p] + (tokens[p] + gain,) + tokens[p + 1:]
    result = {"winner": p, "reason": "letters"} if tokens[p] >= WIN_LETTERS else None
    if first:
        leaving = (p, g.players - 1) if sets[g.slot(p, 1)] else None
        return (p,), leaving, tokens, wins, False, result
    return out + (p,), None, tokens, wins, True, result


UNFINISHED = {"winner": None, "reason": "turn-cap"}
