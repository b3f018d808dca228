"""A tiny game ("toy") with chance nodes, used to test the protocol machinery on its own.

2-4 players; tokens 1..9 form a pool; a deal gives each player 2 tokens; in turn a
player plays one token from hand; after each play the next player draws one token from
the pool while any is left (a chance event); the game ends when the player to move has
no token. Score: the sum of the tokens a player played; result {"scores", "winners"}.
"""

from __future__ import annotations

import copy

from engine import chance as chance_mod
from engine.errors import BadConfigError, IllegalActionError, MalformedError, UnknownChoiceError
from engine.protocol import Engine

TOKENS = list(range(1, 10))

STATE_SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "required": ["game", "chance", "to_move", "result", "players", "hands", "played", "pool", "turn"],
    "additionalProperties": False,
    "properties": {
        "game": {"const": "toy"},
        "chance": {"type": ["object", "null"]},
        "to_move": {"oneOf": [{"type": "integer", "minimum": 0}, {"const": "chance"}, {"type": "null"}]},
        "result": {"type": ["object", "null"]},
        "players": {"type": "integer", "minimum": 2, "maximum": 4},
        "hands": {"type": "array", "items": {"type": "array", "items": {"type": "integer"}}},
        "played": {"type": "array", "items": {"type": "array", "items": {"type": "integer"}}},
        "pool": {"type": "array", "items": {"type": "integer"}},
        "turn": {"type": "integer", "minimum": 0},
    },
}


class ToyEngine(Engine):
    game = "toy"
    name = "toy"
    version = "1"

    def __init__(self, choices: dict | None = None):
        for cid, opt in (choices or {}).items():
            if cid != "toy.dummy" or opt not in ("a", "b"):
                raise UnknownChoiceError(f"toy has one choice, toy.dummy = a | b; not {cid}={opt}")
        self.choices = {"toy.dummy": "a", **(choices or {})}

    def new_game(self, config: dict) -> dict:
        n = config.get("players", 2) if isinstance(config, dict) else None
        if not isinstance(n, int) or not 2 <= n <= 4:
            raise BadConfigError(f"toy is played by 2 to 4 players, not {n!r}", path="config/players")
        pool = list(TOKENS)
        return {"game": "toy", "players": n, "hands": [[] for _ in range(n)], "played": [[] for _ in range(n)],
                "pool": pool, "turn": 0, "result": None, "to_move": "chance",
                "chance": {"event": "deal", "draws": [{"pool": pool, "take": {str(p): 2 for p in range(n)}}]}}

    def legal_actions(self, s: dict) -> list[dict]:
        if s["chance"] is not None or s["result"] is not None:
            return []
        t = s["turn"]
        return [{"type": "play", "player": t, "token": k} for k in sorted(set(s["hands"][t]))]

    def chance(self, s: dict):
        return s["chance"]

    def apply(self, s: dict, action: dict) -> dict:
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise MalformedError(f"an action is an object with a type, got {action!r:.100}")
        if action["type"] == "chance":
            outcome = chance_mod.validate(s["chance"], action)
            new = copy.deepcopy(s)
            for who, items in outcome[0].items():
                new["hands"][int(who)] = sorted(new["hands"][int(who)] + items)
                for it in items:
                    new["pool"].remove(it)
            new["chance"] = None
            return self._settle(new)
        if action["type"] != "play":
            raise MalformedError(f"unknown action type {action['type']!r}", path="action/type")
        if s["chance"] is not None:
            raise IllegalActionError(f"a chance event ({s['chance']['event']}) is pending")
        if s["result"] is not None:
            raise IllegalActionError("the game is over")
        t, tok = action.get("player"), action.get("token")
        if t != s["turn"]:
            raise IllegalActionError(f"it is player {s['turn']}'s turn, not {t!r}'s")
        if tok not in s["hands"][t]:
            raise IllegalActionError(f"player {t} does not hold token {tok!r}")
        new = copy.deepcopy(s)
        new["hands"][t].remove(tok)
        new["played"][t].append(tok)
        nxt = (t + 1) % s["players"]
        new["turn"] = nxt
        if new["pool"]:
            new["chance"] = {"event": "draw", "draws": [{"pool": list(new["pool"]), "take": {str(nxt): 1}}]}
            new["to_move"] = "chance"
            return new
        return self._settle(new)

    def _settle(self, s: dict) -> dict:
        t = s["turn"]
        if s["hands"][t]:
            s["to_move"] = t
        else:
            scores = [sum(p) for p in s["played"]]
            best = max(scores)
            s["to_move"] = None
            s["result"] = {"scores": scores, "winners": [i for i, x in enumerate(scores) if x == best]}
        return s

    def to_json(self, s: dict) -> dict:
        return copy.deepcopy(s)

    def from_json(self, obj: dict) -> dict:
        import jsonschema

        errs = list(jsonschema.Draft202012Validator(STATE_SCHEMA).iter_errors(obj))
        if errs:
            e = errs[0]
            raise MalformedError(e.message[:200], path="/".join(map(str, e.absolute_path)) or None)
        if len(obj["hands"]) != obj["players"] or len(obj["played"]) != obj["players"]:
            raise MalformedError("hands and played must have one entry per player")
        return copy.deepcopy(obj)


def make(game: str = "toy", choices: dict | None = None) -> ToyEngine:
    return ToyEngine(choices)
