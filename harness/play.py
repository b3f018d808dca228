"""A readable log of one whole game (``rulecheck play``).

Random legal actions and chance outcomes, all from one seeded ``random.Random``:
the same seed gives the same game, byte for byte.
"""

from __future__ import annotations

import random
from typing import Callable

import specs
from engine.canonical import dumps
from engine.protocol import Engine
from harness.explore.playout import playout_steps


def assumed_parameters(game: str) -> list[str]:
    spec = specs.load(game)
    return [f"{p.id}: {p.description}" for p in spec.parameters.values() if p.provenance == "assumed"]


def play_game(engine: Engine, config: dict, seed: int, emit: Callable[[str], None], max_plies: int = 20_000,
              json_lines: bool = False) -> dict:
    """Play one game, calling ``emit`` with each log line; return a summary."""
    state = engine.new_game(config)
    plies = events = 0
    for before, action, state, is_chance in playout_steps(engine, state, random.Random(seed), max_plies):
        if is_chance:
            events += 1
        else:
            plies += 1
        if json_lines:
            emit(dumps({"action": action, "events": engine.describe_events(before, action, state)}))
        else:
            prefix = "  ~ " if action.get("type") == "chance" else f"{plies:4d} "
            emit(prefix + engine.describe_action(before, action))
            for ev in engine.describe_events(before, action, state):
                emit("       " + ev)
    if plies >= max_plies and engine.legal_actions(state):
        emit(f"-- stopped after {plies} plies: the rules did not end the game (limit {max_plies})")
    result = engine.result(state)
    return {"plies": plies, "chance_events": events, "result": result, "final_state": engine.to_json(state)}
