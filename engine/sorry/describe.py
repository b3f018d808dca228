"""Readable play-log sentences: the card drawn, moves, bumps, slides, reshuffles, the win."""

from __future__ import annotations

from engine.sorry import cards
from engine.sorry.board import START, sq_to_json
from engine.sorry.moves import FORFEIT, SORRY, SWAP, result_of
from engine.sorry.state import DEAL, DRAW, OVER, PLAY, pawn_name


def _card(card) -> str:
    """'a 7', 'an 8', 'an 11', 'a Sorry! card'."""
    if card == "sorry":
        return "a Sorry! card"
    return f"an {card}" if str(card) in ("8", "11") else f"a {card}"


def _sq(v) -> str:
    return str(v).upper() if v in ("start", "home") else str(v)


def action_text(cfg, a: dict) -> str:
    """One line for a player action given as JSON (also for actions that are not legal)."""
    try:
        who = cfg.names[a["player"]]
    except (KeyError, IndexError, TypeError):
        who = f"player {a.get('player')!r}"
    kind, card = a.get("type"), a.get("card")
    if kind == "move":
        parts = [f"{m.get('pawn')} {_sq(m.get('from'))}->" + (f"{m['slide']}~>" if "slide" in m else "") + _sq(m.get("to"))
                 for m in a.get("moves", []) if isinstance(m, dict)]
        return f"{who} plays {card}: " + ", ".join(parts)
    if kind == "swap":
        return f"{who} plays 11: swaps {a.get('pawn')} on {_sq(a.get('from'))} with {a.get('target')}, landing on {_sq(a.get('to'))}"
    if kind == "sorry":
        return f"{who} plays Sorry!: {a.get('pawn')} leaves START and takes the place of {a.get('target')}, landing on {_sq(a.get('to'))}"
    if kind == "forfeit":
        return f"{who} forfeits the {_card(card).split(' ', 1)[1]}"
    return str(a)[:200]


def describe_action(eng, st, action: dict) -> str:
    if not isinstance(action, dict):
        return f"(not an action: {action!r:.60})"
    if isinstance(action, dict) and action.get("type") == "chance":
        if st.phase == DEAL:
            return "the cards are dealt"
        try:
            card = action["outcome"][0]["draw"][0]
        except (KeyError, IndexError, TypeError):
            card = "?"
        who = st.cfg.names[st.refill if st.refill >= 0 else st.turn]
        return f"{who} draws {_card(card)}"
    return action_text(st.cfg, action)


def describe_events(eng, before, action: dict, after) -> list[str]:
    cfg = before.cfg
    out: list[str] = []
    if before.phase in (DEAL, DRAW) or not isinstance(action, dict):
        return out
    moves = eng._moves(before)
    move = next((m for m, a in zip(moves, before._acts) if a is action or a == action), None)
    if move is None:
        return out
    kind, c, subs, tgt, _ = move
    res = result_of(eng.rules, cfg, before.pos, move)
    movers = {s[0] for s in subs}
    for i, f, landing, to in subs:
        if landing != to:
            out.append(f"{pawn_name(cfg, i)} slides from {sq_to_json(landing)} to {sq_to_json(to)}")
    if kind == SORRY:
        out.append(f"{pawn_name(cfg, tgt)} is sent back to START from {sq_to_json(before.pos[tgt])}")
    for k, (a, b) in enumerate(zip(before.pos, res)):
        if b == START and a != START and k not in movers and not (kind == SORRY and k == tgt):
            out.append(f"{pawn_name(cfg, k)} is bumped from {sq_to_json(a)} back to START")
        elif k in movers and b == START and a != START:
            out.append(f"{pawn_name(cfg, k)} is bumped back to START by its own team's slide")
    if kind == SWAP and res[tgt] != subs[0][1]:
        out.append(f"{pawn_name(cfg, tgt)} slides to {sq_to_json(res[tgt])}")
    if after.phase == OVER:
        winners = " and ".join(after.result["winners"])
        out.append(f"{winners} win{'s' if len(after.result['winners']) == 1 else ''} the game")
        if "scores" in after.result:
            out.append("scores: " + ", ".join(f"{k} {v}" for k, v in after.result["scores"].items()))
        return out
    if sum(after.draw) > sum(before.draw):
        out.append("the draw pile is empty: the discard pile is shuffled and becomes the draw pile")
    if after.turn == before.turn and kind is not None:
        out.append(f"{cfg.names[before.turn]} played {_card(cards.ORDER[c])} and goes again")
    if kind == FORFEIT and not cfg.points:
        declined = c == cards.C11 and len(moves) > 1
        what = _card(cards.ORDER[c]).split(" ", 1)[1]
        out.append(f"{cfg.names[before.turn]} declines to swap and loses the turn" if declined
                   else f"{cfg.names[before.turn]} cannot use the {what} and loses the turn")
    return [e for e in out if e]


def _where(sq) -> str:
    v = sq_to_json(sq)
    return f"on {v}" if isinstance(v, int) else _sq(v)


def state_text(st) -> str:
    """The position in one line: 'red to move with a 7; red 1 on 17, red 2 safety 3, blue 1 HOME; others in START'."""
    cfg = st.cfg
    who = cfg.names[st.turn]
    if st.phase == PLAY:
        head = (f"{who} to move with {_card(cards.ORDER[st.card])}" if st.hands is None else
                f"{who} to move, hand {' '.join(cards.pile_to_json(st.hands[st.turn]))}")
    elif st.phase == DRAW:
        head = f"{cfg.names[st.refill]} to draw a replacement" if st.refill >= 0 else f"{who} to draw"
    elif st.phase == DEAL:
        head = "the hands to be dealt"
    else:
        head = f"{' and '.join(st.result['winners'])} won"
    pawns = [f"{pawn_name(cfg, i)} {_where(s)}" for i, s in enumerate(st.pos) if s != START]
    rest = "all pawns in START" if not pawns else ("others in START" if len(pawns) < len(st.pos) else "")
    text = f"{head}; {', '.join(pawns)}" if pawns else head
    text += f"; {rest}" if rest else ""
    if st.phase != OVER:
        text += f"; draw pile {sum(st.draw)}"
    return text


def why_illegal(st, action: dict, legal: list[dict]) -> str:
    """Why a well-formed player action is not among the ``legal`` ones (SRY-DRAW-AND-MOVE), for people:
    whose turn it is, the card in play or the hand, or the legal moves of the card named."""
    cfg = st.cfg
    if action.get("player") != st.turn:
        return f"it is {cfg.names[st.turn]}'s turn (player {st.turn}), not player {action.get('player')!r}"
    card = action.get("card")
    if st.hands is None:
        if card != cards.ORDER[st.card]:
            return f"the card in play is {cards.ORDER[st.card]}, not {card}"
    elif not st.hands[st.turn][cards.INDEX[card]]:
        return f"{cfg.names[st.turn]} holds no {card} (hand: {', '.join(cards.pile_to_json(st.hands[st.turn]))})"
    if action.get("type") == "forfeit":
        return f"{cfg.names[st.turn]} cannot forfeit the {card}: a move is possible and must be made (SRY-MUST-MOVE)"
    same = [a for a in legal if a["card"] == card]
    shown = "; ".join(action_text(cfg, a) for a in same[:8]) or "none"
    more = f" (and {len(same) - 8} more)" if len(same) > 8 else ""
    return f"{action_text(cfg, action)} is not a legal move here; legal with the {card}: {shown}{more}"
