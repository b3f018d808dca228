"""The reference Sorry! engine (2005 Hasbro rules as the default reading of seeds/sorry.nl.txt).

One file per concept: board.py (geometry tables), cards.py (deck), variants.py (config),
state.py (state and canonical JSON), moves.py (what each card does), turn.py (turn flow),
scoring.py (points play), describe.py (play-log sentences).
"""

from __future__ import annotations

import specs
from engine import chance as chance_mod
from engine.canonical import dumps, first_float
from engine.errors import IllegalActionError, InvalidOutcomeError, MalformedError, UnknownChoiceError
from engine.protocol import Engine
from engine.sorry import cards, describe, notation, turn
from engine.sorry.board import EXIT, HOME, SQ_JSON, START, slide_table
from engine.sorry.moves import FORFEIT, MOVE, SORRY, SWAP, Rules, card_moves
from engine.sorry.state import DEAL, DRAW, OVER, PLAY, SorryState, adopt, chance_json
from engine.sorry.state import from_json as _from_json
from engine.sorry.state import to_json as _to_json
from engine.sorry.variants import parse_config, random_config

__all__ = ["SorryEngine", "random_config"]

_CARD_INDEX = cards.INDEX
_KIND_NAMES = {MOVE: "move", SWAP: "swap", SORRY: "sorry", FORFEIT: "forfeit"}


#: per player and card, the keys of a move action in order (``actions_json`` copies one and sets ``moves``)
_MOVES = tuple(tuple({"type": "move", "player": p, "card": name, "moves": None} for name in cards.ORDER) for p in range(4))


def actions_json(cfg, p: int, moves) -> list[dict]:
    """The action JSON of each internal move of player ``p``, in order. A pawn that slid also names
    the triangle it landed on (``slide``), since two splits of a 7 can reach the same square with
    and without a slide (SRY-CARD-7)."""
    names, order, sq, made = cfg.pawn_names, cards.ORDER, SQ_JSON, _MOVES[p]
    out = []
    for kind, c, subs, tgt, _ in moves:
        if kind == MOVE:
            a = made[c].copy()
            if len(subs) == 1:
                ((i, f, landing, to),) = subs
                a["moves"] = [{"pawn": names[i], "from": sq[f], "to": sq[to]} if landing == to else
                              {"pawn": names[i], "from": sq[f], "to": sq[to], "slide": landing}]
            else:
                steps = a["moves"] = []
                for i, f, landing, to in subs:
                    step = {"pawn": names[i], "from": sq[f], "to": sq[to]}
                    if landing != to:
                        step["slide"] = landing
                    steps.append(step)
            out.append(a)
        elif kind == FORFEIT:
            out.append({"type": "forfeit", "player": p, "card": order[c]})
        else:
            i, f, _l, t = subs[0]
            out.append({"type": _KIND_NAMES[kind], "player": p, "card": order[c], "pawn": names[i],
                        "from": sq[f], "target": names[tgt], "to": sq[t]})
    return out


def action_json(cfg, p: int, m) -> dict:
    """The action JSON of one internal move ``m`` of player ``p`` (as ``actions_json``)."""
    return actions_json(cfg, p, (m,))[0]


def _not_a_state(obj) -> MalformedError:
    return MalformedError(f"not a Sorry! state object: {type(obj).__name__}; load canonical JSON with from_json first")


class SorryEngine(Engine):
    game = "sorry"
    name = "sorry-reference"
    version = "1.0"
    #: a random playout of this class's own actions and outcomes calls its methods without the
    #: protocol's input guard, which never acts there (``harness.explore.playout._own_methods``;
    #: read from this class only, so a subclass keeps the guard)
    playout_unguarded = True

    def __init__(self, choices: dict | None = None):
        if choices is not None and not (
                isinstance(choices, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in choices.items())):
            raise UnknownChoiceError(f"choices must map choice ids to option names, got {choices!r:.80}")
        self.choices = specs.resolve_choices("sorry", choices)
        ch = self.choices
        self.rules = Rules(
            slide_table(ch["sorry.slide-colours"]),
            bump_own=ch["sorry.slide-bumps-own"] == "yes",
            ten_back=ch["sorry.ten-card"] == "back-one",
            start_sorry=ch["sorry.start-cards"] == "one-two-sorry",
            swap_slide_target=ch["sorry.swap-slide-target"] == "yes",
            triangle_blocks=ch["sorry.own-pawn-on-triangle"] == "blocks",
        )
        self.deck = cards.EDITIONS[ch["sorry.deck"]]
        #: cards after which the same player draws again (SRY-START-TWO, SRY-TWO-DRAW-AGAIN)
        self.draw_again = frozenset({cards.C2, cards.C1} if ch["sorry.draw-again"] == "one-and-two" else {cards.C2})
        self.eleven_optional = ch["sorry.eleven-forfeit"] == "optional"
        self.bonus_mode = ch["sorry.points-bonus"]
        self.hand_size = 5 if ch["sorry.points-hand-size"] == "five" else 7

    # ---- protocol ----------------------------------------------------------------
    def new_game(self, config: dict) -> SorryState:
        """SRY-SETUP, SRY-QUICK-START, SRY-DRAW-PILE, SRY-POINTS-DEAL, SRY-FIRST-PLAYER, SRY-REMATCH."""
        cfg, first = parse_config(config)
        pos = [START] * (4 * cfg.n)
        if cfg.quick:
            for p in range(cfg.n):
                pos[4 * p] = EXIT[cfg.colours[p]]
        phase = DEAL if cfg.points else DRAW
        hands = tuple((0,) * cards.NCARDS for _ in range(cfg.n)) if cfg.points else None
        return SorryState(cfg, tuple(pos), self.deck, (0,) * cards.NCARDS, -1, hands, first, -1, phase, None, self)

    def card_moves(self, cfg, pos, player: int, card: int) -> list:
        """Internal moves of ``card`` for ``player`` (see engine.sorry.moves); a hook for variants."""
        return card_moves(self.rules, cfg, pos, player, card)

    def _moves(self, st: SorryState):
        """The internal legal moves of ``st`` and their JSON (``st._acts``), this engine's own."""
        if st._by is not self:
            adopt(st, self)
        if st._moves is None:
            # the reference's own card moves without the card_moves hook; a subclass keeps the hook
            moves = turn.legal_moves(self, st, self.rules if type(self) is SorryEngine else None)
            st._moves = moves
            st._acts = actions_json(st.cfg, st.turn, moves)
        return st._moves

    def legal_actions(self, state: SorryState) -> list[dict]:
        try:
            if state.phase != PLAY:  # a draw, a deal or the end: no player action
                return []
            if state._by is not self:
                adopt(state, self)
            if state._acts is None:
                self._moves(state)
            return state._acts
        except AttributeError:
            raise _not_a_state(state) from None

    def chance(self, state: SorryState) -> dict | None:
        if not isinstance(state, SorryState):
            raise _not_a_state(state)
        if state.phase == DRAW or state.phase == DEAL:
            if state._by is not self:
                adopt(state, self)
            elif state._json is not None:
                return state._json["chance"]
            return chance_json(state, self.hand_size)
        return None

    def apply(self, state: SorryState, action: dict) -> SorryState:
        if not isinstance(state, SorryState):
            raise _not_a_state(state)
        if state._by is not self:
            adopt(state, self)
        ph = state.phase
        if ph == DRAW:  # a card drawn from the draw pile (SRY-DRAW-PILE): a card that is in it
            if type(action) is dict:
                try:  # a missing key, a list of other than one item: refused by _refused_draw
                    if action["type"] == "chance" and action["event"] == "draw":
                        out = action["outcome"]
                        if type(out) is list:
                            [got] = out
                            if type(got) is dict and len(got) == 1:
                                got = got["draw"]
                                if type(got) is list:
                                    [got] = got
                                    c = _CARD_INDEX.get(got) if type(got) is str else None
                                    if c is not None and state.draw[c] > 0:
                                        return turn.after_draw(state, c)
                except (KeyError, ValueError):  # ValueError: a list of other than one item
                    pass
            raise self._refused_draw(state, action)
        if ph == PLAY:
            acts = state._acts
            if acts is None:  # else this engine's _moves made them (adopted above)
                self._moves(state)
                acts = state._acts
            for k in range(len(acts)):
                if acts[k] is action:
                    return turn.after_move(self, state, state._moves[k])
            if state._keys is None:
                state._keys = {dumps(a): k for k, a in enumerate(acts)}
            try:
                k = state._keys.get(dumps(action))
            except (TypeError, ValueError):
                k = None
            if k is None:
                raise self._why_illegal(state, action)
            return turn.after_move(self, state, state._moves[k])
        if ph == DEAL:
            return self._apply_deal(state, action)
        if isinstance(action, dict) and action.get("type") == "chance":
            raise InvalidOutcomeError("the game is over: no chance event is pending")
        raise IllegalActionError("the game is over: no more actions")

    def _refused_draw(self, st: SorryState, action) -> Exception:
        """The refusal of an outcome ``apply`` does not take for a draw (SRY-DRAW-PILE): every outcome of
        plain JSON it refuses, validate refuses too (raised from there): a card not in the draw pile (the
        pool holds only cards), a wrong shape; a player action is illegal-action."""
        try:
            chance_mod.validate(self.chance(st), action)
        except IllegalActionError:
            return IllegalActionError("a card must be drawn first: the state waits for the chance outcome of "
                                      f"{st.cfg.names[st.refill if st.refill >= 0 else st.turn]}'s draw")
        return InvalidOutcomeError(f"not an outcome of this draw: {action!r:.80}")  # pragma: no cover

    def _apply_deal(self, st: SorryState, action) -> SorryState:
        """Points play: the deal of the hands (SRY-POINTS-DEAL)."""
        try:
            outcome = chance_mod.validate(self.chance(st), action)
        except IllegalActionError:  # a player action: the deal comes first
            raise IllegalActionError("the cards must be dealt first: the state waits for the chance outcome of the deal") from None
        dealt = []
        for name in st.cfg.names:
            h = [0] * cards.NCARDS
            for k, c in enumerate(chance_mod.plain(outcome[0][name])):
                h[cards.card_from_json(c, f"outcome/0/{name}/{k}")] += 1
            dealt.append(tuple(h))
        return turn.after_deal(st, dealt)

    def _why_illegal(self, st: SorryState, action) -> Exception:
        """The refusal of an action that is not a legal one here: ``malformed`` when it is not a Sorry!
        action at all, the chance module's refusal of a chance action (no event is pending in the play
        phase), else ``illegal-action`` (SRY-DRAW-AND-MOVE), worded by ``describe.why_illegal``."""
        if not isinstance(action, dict):
            return MalformedError(f"an action is a JSON object, got {type(action).__name__}")
        if action.get("type") == "chance":
            try:
                chance_mod.validate(None, action)
            except (MalformedError, InvalidOutcomeError) as exc:
                return exc
        errors = specs.validate_action("sorry", action)
        if errors:
            return MalformedError(f"not a Sorry! action: {errors[0]}")
        return IllegalActionError(describe.why_illegal(st, action, st._acts))

    def to_json(self, state: SorryState) -> dict:
        if not isinstance(state, SorryState):
            raise _not_a_state(state)
        if state._by is not self:
            adopt(state, self)
        return _to_json(state, self.hand_size)

    def from_json(self, obj: dict) -> SorryState:
        bad_number = first_float(obj)
        if bad_number is not None:
            raise MalformedError(f"numbers in a Sorry! state are integers, got {bad_number[1]!r}", path=bad_number[0])
        st = _from_json(obj, self.deck, self.hand_size)
        problems = specs.validate_state("sorry", obj)  # what the reader above leaves: every key, the result's shape
        if problems:
            where, _, msg = problems[0].partition(": ")
            raise MalformedError(f"not a canonical Sorry! state: {problems[0]}", path=where)
        derived = _to_json(st, self.hand_size)
        for key in ("to_move", "chance"):
            if dumps(derived[key]) != dumps(obj.get(key)):
                raise MalformedError(f"{key}: does not match the rest of the state (expected {dumps(derived[key])[:120]})", path=key)
        if st.phase == DRAW and st.hands is not None and derived["chance"]["draws"][0]["take"] != {"draw": 1}:
            raise MalformedError("chance: malformed draw", path="chance")  # pragma: no cover
        if st.result is not None:
            winners = st.result["winners"]
            if not all(isinstance(w, str) and w in st.cfg.names for w in winners):
                raise MalformedError(f"result: winners must be colours in play, got {winners!r:.80}", path="result")
            for w in winners:
                p = st.cfg.names.index(w)
                if any(s != HOME for s in st.pos[4 * p: 4 * p + 4]):
                    raise MalformedError(f"result: {w} is named a winner but not all its pawns are HOME", path="result")
        adopt(st, self)
        return st

    def result(self, state: SorryState) -> dict | None:
        if not isinstance(state, SorryState):
            raise _not_a_state(state)
        return state.result

    def is_terminal(self, state: SorryState) -> bool:
        return self.result(state) is not None

    def observation(self, state: SorryState, player: int) -> dict:
        """What ``player`` sees: in points play the other hands and the draw pile are hidden (SRY-POINTS-PLAY)."""
        obj = dict(self.to_json(state))
        if state.hands is not None:
            obj["hands"] = {name: (h if i == player else len(h)) for i, (name, h) in enumerate(obj["hands"].items())}
            obj["draw_pile"] = len(obj["draw_pile"])
            if obj["chance"] is not None:
                obj["chance"] = {"event": obj["chance"]["event"], "hidden": True}
        return obj

    def action_variants(self, action: dict, state: SorryState | None = None) -> list[dict]:
        return notation.action_variants(action, None if state is None else lambda a: self._order_possible(state, a))

    def _order_possible(self, state: SorryState, action: dict) -> bool:
        """Whether a split 7 can be made in the order listed in ``state`` (SRY-CARD-7)."""
        from engine.sorry.board import sq_from_json
        from engine.sorry.moves import _split

        try:
            (a, b), cfg = action["moves"], state.cfg
            i, j = cfg.pawn_names.index(a["pawn"]), cfg.pawn_names.index(b["pawn"])
            di, dj = (sq_from_json(m.get("slide", m["to"])) for m in (a, b))
            return _split(self.rules, cfg, state.pos, i, di, j, dj) is not None
        except (KeyError, TypeError, ValueError, LookupError, AttributeError):
            return False

    def describe_action(self, state: SorryState, action: dict) -> str:
        return describe.describe_action(self, state, action)

    def describe_events(self, before: SorryState, action: dict, after: SorryState) -> list[str]:
        return describe.describe_events(self, before, action, after)

    def describe_state(self, state: SorryState) -> str:
        if not isinstance(state, SorryState):
            raise _not_a_state(state)
        return describe.state_text(state)

    def explainer(self):
        """The provenance of this engine's rulings (engine.sorry.provenance), made once per engine."""
        ex = self.__dict__.get("_explainer")
        if ex is None:
            from engine.sorry.provenance import SorryExplainer

            ex = self._explainer = SorryExplainer(self)
        return ex
