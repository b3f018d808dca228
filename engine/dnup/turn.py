"""One turn: the chosen action, sets sent back, going out, and handing the turn on
(DNP-ONE-ACTION, DNP-DISCARD-OWN-SET, DNP-ACTION-A..D, DNP-A-RETURN, DNP-FIRST-OUT-CARDS-STAY,
DNP-FIRST-OUT-BEATEN, DNP-TURN-CAP).

A turn is: discard one's own set of the current area, then exactly one action. The
discard happens the moment the turn passes, so a canonical state with a player to move
never shows that player's set in the current area (the state is a resting point; the
discard is an event of the previous transition, reported by ``describe_events``).
"""

from __future__ import annotations

from engine.dnup import round as R
from engine.dnup import sets as S
from engine.dnup.areas import next_turn
from engine.dnup.state import OVER, State


def play(rules, s: State, move: tuple, inline: bool = False) -> State:
    """The state after the legal ``move`` of the player to move.

    ``inline``: ``rules`` are the reference's own (``play_losers`` is ``sets.play_losers``,
    ``taken_cards`` and ``flip_hand`` are ``sets.flipped``, ``turn_after`` is ``areas.next_turn``,
    ``enter_turn`` is ``enter_turn`` below), so they are applied here without calling the hooks."""
    g = s.g
    val = g.val
    p = s.to_move
    hands = list(s.hands)
    sets = list(s.sets)
    leaving = s.leaving
    kind = move[0]
    losers: list[int] = ()
    if kind == "A":  # DNP-ACTION-A
        cards = move[1]
        hands[p] = S.remove(hands[p], cards)
        slot = p * g.areas + s.area - 1
        size = len(cards)
        if not inline:
            losers = rules.play_losers(g, s.sets, slot, size, val[cards[0]]) or ()
        elif sets.count(()) != len(sets):  # a legal set beats every other set of its size (DNP-A-HIGHER)
            losers = [o for o, cs in enumerate(sets) if len(cs) == size and o != slot]
        sets[slot] = cards
    elif kind == "B":  # DNP-ACTION-B
        c, slot = move[1], move[2]
        hands[p] = S.remove(hands[p], (c,))
        grown = S.merge(sets[slot], (c,))
        losers = rules.add_losers(g, s.sets, slot, len(grown), val[c]) or ()
        sets[slot] = grown
    elif kind == "C":  # DNP-ACTION-C
        slot = move[1]
        hands[p] = S.merge(hands[p], S.flipped(sets[slot]) if inline else rules.taken_cards(sets[slot]))
        sets[slot] = ()
        if leaving is not None and leaving[0] == g.owner(slot):
            leaving = None
    else:  # DNP-ACTION-D
        hands[p] = S.flipped(hands[p]) if inline else rules.flip_hand(hands[p])
    for slot in losers:  # DNP-A-RETURN, DNP-B-CONFLICT; DNP-FIRST-OUT-BEATEN: simply discarded
        if rules.send_back(g, s.out, hands, sets, slot):
            leaving = None
    tokens, wins, out = s.tokens, s.wins, s.out
    turn = s.turn + 1
    if not hands[p] and rules.goes_out(kind):  # DNP-FIRST-OUT, DNP-SECOND-OUT, DNP-TWO-ROUND-WIN
        out, leaving, tokens, wins, round_over, result = rules.player_out(g, p, sets, out, tokens, wins)
        if round_over or result is not None:
            if result is None and g.turn_cap is not None and turn >= g.turn_cap:
                result = dict(R.UNFINISHED)
            ended = State(g, tuple(hands), tuple(sets), out, leaving, tokens, wins, s.round, turn, OVER, 0,
                          s.start, None)
            return R.new_round(ended, tokens, wins, out, turn, result)
    elif leaving is not None and leaving is s.leaving:  # DNP-FIRST-OUT-CARDS-STAY
        who, left = leaving
        left -= 1
        if left <= 0:
            sets[g.slot(who, 1)] = ()
            leaving = None
        else:
            leaving = (who, left)
    if inline:
        nxt, area = next_turn(g, p, s.area, out)
        sets[nxt * g.areas + area - 1] = ()  # DNP-DISCARD-OWN-SET (enter_turn)
    else:
        nxt, area = rules.turn_after(g, p, s.area, out)
        rules.enter_turn(g, sets, nxt, area)
    if g.turn_cap is not None and turn >= g.turn_cap:  # DNP-TURN-CAP
        return State(g, tuple(hands), tuple(sets), out, leaving, tokens, wins, s.round, turn, OVER, 0, s.start,
                     dict(R.UNFINISHED))
    return State(g, tuple(hands), tuple(sets), out, leaving, tokens, wins, s.round, turn, nxt, area, s.start, None)


def enter_turn(g, sets: list, player: int, area: int) -> None:
    """DNP-DISCARD-OWN-SET: the set in front of the player (in this area) goes to the discard pile."""
    sets[g.slot(player, area)] = ()
