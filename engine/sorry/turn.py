"""The turn: draw, play or forfeit, discard, draw again after a 2, reshuffle, win.

Clauses: SRY-DRAW-AND-MOVE, SRY-DRAW-PILE, SRY-MUST-MOVE, SRY-NO-START-FORFEIT, SRY-SORRY-FORFEIT,
SRY-ELEVEN-FORFEIT, SRY-START-TWO, SRY-TWO-DRAW-AGAIN, SRY-FAQ-OWN-PAWN, SRY-RESHUFFLE, SRY-WIN,
SRY-TEAM-WIN, SRY-POINTS-PLAY, SRY-POINTS-DISCARD, SRY-POINTS-WIN, SRY-TURN-ORDER.
"""

from __future__ import annotations

from engine.sorry import cards
from engine.sorry.board import HOME
from engine.sorry.cards import C11, NCARDS
from engine.sorry.moves import FORFEIT, MOVE, SWAP, card_moves, hand_moves, result_of
from engine.sorry.scoring import score
from engine.sorry.state import DRAW, OVER, PLAY, SorryState, made


def legal_moves(eng, st: SorryState, rules=None) -> list:
    """Internal moves of the player to move, forfeits included, without duplicates. The moves of
    each card are ``eng.card_moves`` (a hook for variants), or with ``rules`` (the reference
    engine's own) ``moves.card_moves`` of those rules (a hand: ``moves.hand_moves``), the same
    without the hook's calls, listed ``lazy`` (``moves._sevens``)."""
    if st.phase != PLAY:
        return []
    cfg, pos, p = st.cfg, st.pos, st.turn
    if not cfg.points:
        c = st.card
        moves = eng.card_moves(cfg, pos, p, c) if rules is None else card_moves(rules, cfg, pos, p, c, True)
        if not moves or (c == C11 and eng.eleven_optional and not any(m[0] == MOVE for m in moves)):
            moves.append((FORFEIT, c, (), -1, pos))
        return moves
    hand = st.hands[p]
    if rules is None:
        moves = []
        for c in range(NCARDS):
            if hand[c]:
                moves.extend(eng.card_moves(cfg, pos, p, c))
    else:
        moves = hand_moves(rules, cfg, pos, p, hand)
    # only swaps (SRY-ELEVEN-FORFEIT): the first move tells in the usual case, before the generator
    only_swaps = moves and moves[0][0] == SWAP and eng.eleven_optional and all(m[0] == SWAP for m in moves)
    if not moves or only_swaps:
        moves.extend((FORFEIT, c, (), -1, pos) for c in range(NCARDS) if hand[c])
    return moves


def after_move(eng, st: SorryState, move) -> SorryState:
    """The state after the player to move makes ``move`` (already known to be legal)."""
    cfg = st.cfg
    p = st.turn
    c = move[1]
    pos = result_of(eng.rules, cfg, st.pos, move)
    disc = list(st.disc)
    disc[c] += 1
    hands = st.hands
    if hands is not None:
        h = list(hands[p])
        h[c] -= 1
        hands = hands[:p] + (tuple(h),) + hands[p + 1:]
    draw = st.draw
    if pos[4 * cfg.movers[p][0]] == HOME:  # the mover's first pawn is home: a win when all are
        winners = _winners(cfg, pos, p)
        if winners:
            result = {"winners": [cfg.names[q] for q in winners]}
            if cfg.points:
                result["scores"] = score(cfg, pos, p, eng.bonus_mode)
            return made(cfg, pos, draw, tuple(disc), -1, hands, p, -1, OVER, result, eng)
    nxt = p if c in eng.draw_again else (p + 1) % cfg.n
    if not any(draw):  # SRY-RESHUFFLE: the discard pile becomes the draw pile
        draw, disc = tuple(disc), [0] * NCARDS
    return made(cfg, pos, draw, tuple(disc), -1, hands, nxt, p if cfg.points else -1, DRAW, None, eng)


_ALL_HOME = (HOME,) * 4


def _winners(cfg, pos, p: int) -> tuple[int, ...]:
    team = cfg.movers[p]
    for q in team:
        if pos[4 * q: 4 * q + 4] != _ALL_HOME:
            return ()
    return tuple(sorted(team))


def after_draw(st: SorryState, card: int) -> SorryState:
    draw = list(st.draw)
    draw[card] -= 1
    if st.hands is None:
        return made(st.cfg, st.pos, tuple(draw), st.disc, card, None, st.turn, -1, PLAY, None, st._by)
    r = st.refill
    h = list(st.hands[r])
    h[card] += 1
    hands = st.hands[:r] + (tuple(h),) + st.hands[r + 1:]
    return made(st.cfg, st.pos, tuple(draw), st.disc, -1, hands, st.turn, -1, PLAY, None, st._by)


def after_deal(st: SorryState, dealt: list[tuple[int, ...]]) -> SorryState:
    draw = list(st.draw)
    for h in dealt:
        for c in range(NCARDS):
            draw[c] -= h[c]
    return SorryState(st.cfg, st.pos, tuple(draw), st.disc, -1, tuple(dealt), st.turn, -1, PLAY, None, st._by)


def card_name(c: int) -> str:
    return cards.ORDER[c]
