"""A readable log of one whole game (``rulecheck play``).

Random legal actions and chance outcomes, all from one seeded ``random.Random``:
the same seed gives the same game, byte for byte.
"""

from __future__ import annotations

import random
from typing import Callable

import specs
from engine import chance as chance_mod
from engine.canonical import dumps
from engine.protocol import Engine


def assumed_parameters(game: str) -> list[str]:
    spec = specs.load(game)
    return [f"{p.id}: {p.description}" for p in spec.parameters.values() if p.provenance == "assumed"]


def play_game(engine: Engine, config: dict, seed: int, emit: Callable[[str], None], max_plies: int = 20_000,
              json_lines: bool = False) -> dict:
    """Play one game, calling ``emit`` with each log line; return a summary."""
    rng = random.Random(seed)
    state = engine.new_game(config)
    plies = events = 0
    while True:
        legal = engine.legal_actions(state)
        if legal:
            if plies >= max_plies:
                emit(f"-- stopped after {plies} plies: the rules did not end the game (limit {max_plies})")
                break
            action = legal[rng.randrange(len(legal))]
            plies += 1
        else:
            pending = engine.chance(state)
            if pending is None:
                break
            action = chance_mod.sample(pending, rng)
            events += 1
        nxt = engine.apply(state, action)
        if json_lines:
            emit(dumps({"action": action, "events": engine.describe_events(state, action, nxt)}))
        else:
            prefix = "  ~ " if action.get("type") == "chance" else f"{plies:4d} "
            emit(prefix + engine.describe_action(state, action))
            for ev in engine.describe_events(state, action, nxt):
                emit("       " + ev)
        state = nxt
    result = engine.result(state)
    return {"plies": plies, "chance_events": events, "result": result, "final_state": engine.to_json(state)}
