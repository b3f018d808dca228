"""The internal state and its canonical JSON (specs/sorry/state.schema.json).

Internally a state is a few tuples of small ints (``__slots__``): pawn squares (player-major,
four per player), pile counts per card, hands as counts. Legal actions and the JSON are
computed on demand and cached on the (immutable) state.
"""

from __future__ import annotations

from engine.errors import MalformedError
from engine.sorry import cards
from engine.sorry.board import COLOUR_INDEX, COLOURS, HOME, SQ_JSON, sq_from_json, sq_to_json
from engine.sorry.variants import make_config

DEAL, DRAW, PLAY, OVER = 0, 1, 2, 3
PHASES = ("deal", "draw", "play", "over")


class SorryState:
    __slots__ = ("cfg", "pos", "draw", "disc", "card", "hands", "turn", "refill", "phase", "result",
                 "_acts", "_moves", "_json", "_keys", "_by")

    def __init__(self, cfg, pos, draw, disc, card, hands, turn, refill, phase, result=None, by=None):
        self.cfg = cfg
        self.pos = pos
        self.draw = draw
        self.disc = disc
        self.card = card
        self.hands = hands
        self.turn = turn
        self.refill = refill
        self.phase = phase
        self.result = result
        self._acts = None
        self._moves = None
        self._json = None
        self._keys = None
        #: the engine whose answers the four caches above hold (``adopt``); any engine while they are empty
        self._by = by


_new = object.__new__


def made(cfg, pos, draw, disc, card, hands, turn, refill, phase, result, by) -> SorryState:
    """``SorryState(cfg, pos, ..., result, by)`` set up here rather than by ``__init__`` (no second
    call): the successors ``engine.sorry.turn`` makes, two a ply."""
    st = _new(SorryState)
    st.cfg = cfg
    st.pos = pos
    st.draw = draw
    st.disc = disc
    st.card = card
    st.hands = hands
    st.turn = turn
    st.refill = refill
    st.phase = phase
    st.result = result
    st._acts = None
    st._moves = None
    st._json = None
    st._keys = None
    st._by = by
    return st


def adopt(st: SorryState, eng) -> None:
    """Make ``eng`` the engine whose answers ``st`` caches, forgetting another engine's: the legal
    moves, their JSON, the action keys and the canonical JSON (with its chance description) are
    one engine's reading of the state, and a variant (a misreading subclass, a broken engine) that
    is handed a state the reference answered for must compute its own (SRY-DRAW-AND-MOVE: the
    moves of the card drawn are the engine's own)."""
    st._by = eng
    st._acts = st._moves = st._keys = st._json = None


def pawn_name(cfg, i: int) -> str:
    return cfg.pawn_names[i]


def chance_json(st: SorryState, hand_size: int) -> dict | None:
    """The pending chance event (engine.chance format): a deal or the draw of one card."""
    if st.phase == DRAW:
        return {"event": "draw", "draws": [{"pool": cards.pile_to_json(st.draw), "take": {"draw": 1}}]}
    if st.phase == DEAL:
        return {"event": "deal", "draws": [{"pool": cards.pile_to_json(st.draw),
                                            "take": {name: hand_size for name in st.cfg.names}}]}
    return None


def to_json(st: SorryState, hand_size: int) -> dict:
    if st._json is not None:
        return st._json
    cfg = st.cfg
    pos = st.pos
    obj = {
        "game": "sorry",
        "players": list(cfg.names),
        "variant": cfg.variant_json(),
        "pawns": {name: [SQ_JSON[s] for s in pos[4 * p: 4 * p + 4]] for p, name in enumerate(cfg.names)},
        "draw_pile": cards.pile_to_json(st.draw),
        "discard_pile": cards.pile_to_json(st.disc),
        "card": None if st.card < 0 else cards.ORDER[st.card],
        "hands": None if st.hands is None else {name: cards.pile_to_json(h) for name, h in zip(cfg.names, st.hands)},
        "phase": PHASES[st.phase],
        "turn": st.turn,
        "refill": None if st.refill < 0 else st.refill,
        "to_move": st.turn if st.phase == PLAY else ("chance" if st.phase in (DEAL, DRAW) else None),
        "chance": chance_json(st, hand_size),
        "result": st.result,
    }
    st._json = obj
    return obj


FIELDS = ("game", "players", "variant", "pawns", "draw_pile", "discard_pile", "card", "hands", "phase", "turn",
          "refill", "to_move", "chance", "result")


def _need(obj: dict, key: str):
    if key not in obj:
        raise MalformedError(f"state is missing the field {key!r}", path=key)
    return obj[key]


def from_json(obj, deck: tuple[int, ...], hand_size: int) -> SorryState:
    """Load a canonical state; MalformedError names the first bad field."""
    if not isinstance(obj, dict):
        raise MalformedError(f"a Sorry! state is a JSON object, got {type(obj).__name__}")
    extra = sorted(set(obj) - set(FIELDS))
    if extra:
        raise MalformedError(f"unknown state field(s) {extra}", path=extra[0])
    if _need(obj, "game") != "sorry":
        raise MalformedError(f"not a Sorry! state: game is {obj.get('game')!r:.40}", path="game")
    names = _need(obj, "players")
    if not (isinstance(names, list) and 2 <= len(names) <= 4 and all(isinstance(c, str) and c in COLOUR_INDEX for c in names)):
        raise MalformedError(f"players: expected 2-4 colour names in seat order, got {names!r:.80}", path="players")
    colours = tuple(COLOUR_INDEX[c] for c in names)
    if list(colours) != sorted(set(colours)):
        raise MalformedError(f"players: colours must be distinct and in clockwise order ({', '.join(COLOURS)})", path="players")
    var = _need(obj, "variant")
    if not (isinstance(var, dict) and set(var) == {"team", "points", "quick_start"} and all(isinstance(v, bool) for v in var.values())):
        raise MalformedError("variant: expected {'team': bool, 'points': bool, 'quick_start': bool}", path="variant")
    if var["team"] and (len(colours) != 4 or var["points"]):
        raise MalformedError("variant: team play needs four players and no points play", path="variant")
    cfg = make_config(colours, var["team"], var["points"], var["quick_start"])
    pawns = _need(obj, "pawns")
    if not (isinstance(pawns, dict) and set(pawns) == set(names)):
        raise MalformedError(f"pawns: expected one list per colour in play {names}", path="pawns")
    pos = []
    for p, name in enumerate(names):
        row = pawns[name]
        if not (isinstance(row, list) and len(row) == 4):
            raise MalformedError(f"pawns/{name}: expected the squares of 4 pawns", path=f"pawns/{name}")
        for k, v in enumerate(row):
            pos.append(sq_from_json(v, f"pawns/{name}/{k}"))
    for p, name in enumerate(names):
        seen = {}
        for k in range(4):
            s = pos[4 * p + k]
            if s < HOME and s in seen:
                raise MalformedError(f"pawns/{name}: pawns {seen[s] + 1} and {k + 1} are both on {sq_to_json(s)!r} "
                                     "(never two pawns of one colour on a square [SRY-OWN-PAWN-BLOCKS])", path=f"pawns/{name}")
            seen[s] = k
    loop_owner = {}
    for i, s in enumerate(pos):
        if s < 60:
            if s in loop_owner:
                raise MalformedError(f"pawns: square {s} holds two pawns [SRY-BUMP]", path="pawns")
            loop_owner[s] = i
    draw = cards.pile_from_json(_need(obj, "draw_pile"), "draw_pile")
    disc = cards.pile_from_json(_need(obj, "discard_pile"), "discard_pile")
    card_v = _need(obj, "card")
    card = -1 if card_v is None else cards.card_from_json(card_v, "card")
    hands_v = _need(obj, "hands")
    hands = None
    if cfg.points:
        if not (isinstance(hands_v, dict) and set(hands_v) == set(names)):
            raise MalformedError(f"hands: points play needs a hand per colour {names}", path="hands")
        hands = tuple(cards.pile_from_json(hands_v[n], f"hands/{n}") for n in names)
    elif hands_v is not None:
        raise MalformedError("hands: only points play has hands (expected null)", path="hands")
    phase_v = _need(obj, "phase")
    if phase_v not in PHASES:
        raise MalformedError(f"phase: expected one of {PHASES}, got {phase_v!r:.40}", path="phase")
    phase = PHASES.index(phase_v)
    turn = _need(obj, "turn")
    if isinstance(turn, bool) or not isinstance(turn, int) or not 0 <= turn < len(names):
        raise MalformedError(f"turn: expected a player index 0-{len(names) - 1}, got {turn!r:.40}", path="turn")
    refill_v = _need(obj, "refill")
    refill = -1
    if refill_v is not None:
        if isinstance(refill_v, bool) or not isinstance(refill_v, int) or not 0 <= refill_v < len(names):
            raise MalformedError(f"refill: expected null or a player index, got {refill_v!r:.40}", path="refill")
        refill = refill_v
    total = [draw[c] + disc[c] + (card == c) + (sum(h[c] for h in hands) if hands else 0) for c in range(cards.NCARDS)]
    if tuple(total) != deck:
        diff = [f"{cards.ORDER[c]}: {total[c]} instead of {deck[c]}" for c in range(cards.NCARDS) if total[c] != deck[c]]
        raise MalformedError(f"cards do not add up to the deck (draw pile + discard pile + card + hands): {'; '.join(diff)}",
                             path="draw_pile")
    if cfg.points:
        if card >= 0:
            raise MalformedError("card: in points play cards are played from the hand (expected null)", path="card")
        if phase == DRAW and refill < 0:
            raise MalformedError("refill: points play draws refill a player's hand (expected a player index)", path="refill")
    else:
        if (phase == PLAY) != (card >= 0):
            raise MalformedError("card: a card is in play exactly in the 'play' phase", path="card")
        if phase == DEAL:
            raise MalformedError("phase: only points play has a deal", path="phase")
        if refill >= 0:
            raise MalformedError("refill: only points play refills hands (expected null)", path="refill")
    if phase != DRAW and refill >= 0:
        raise MalformedError("refill: only a pending draw refills a hand", path="refill")
    if phase == DRAW and sum(draw) == 0:
        raise MalformedError("draw_pile: empty at a draw; the discard pile is reshuffled as soon as the draw pile runs out (SRY-RESHUFFLE)",
                             path="draw_pile")
    result = _need(obj, "result")
    if (phase == OVER) != (result is not None):
        raise MalformedError("result: the result is set exactly when the phase is 'over'", path="result")
    if result is not None and not (isinstance(result, dict) and isinstance(result.get("winners"), list)):
        raise MalformedError("result: expected an object with 'winners'", path="result")
    st = SorryState(cfg, tuple(pos), draw, disc, card, hands, turn, refill, phase, result)
    return st
