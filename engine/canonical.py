"""Canonical JSON text: the one byte string two engines must agree on (DESIGN: canonical JSON states)."""

from __future__ import annotations

import json
from typing import Any


def dumps(obj: Any) -> str:
    """Canonical text of a JSON value: sorted keys, no spaces, UTF-8 kept."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def sort_actions(actions: list[dict]) -> list[dict]:
    """Actions in canonical order (by canonical text); used wherever order must not matter."""
    return sorted(actions, key=dumps)


def copy_json(obj: Any) -> Any:
    """A deep copy of a JSON value (dicts, lists, scalars): several times faster than copy.deepcopy."""
    if isinstance(obj, dict):
        return {k: copy_json(v) for k, v in obj.items()}
    if isinstance(obj, list):
        return [copy_json(v) for v in obj]
    return obj


def first_float(obj: Any) -> tuple[str, float] | None:
    """(JSON pointer, value) of the first number that is not an integer, or None.

    JSON Schema's ``integer`` accepts ``1.0``; canonical states hold integers only, so every
    engine rejects a float on load (a ``round: 1.0`` must be ``malformed``, not a crash).
    """
    stack: list[tuple[Any, tuple]] = [(obj, ())]
    while stack:
        o, path = stack.pop()
        t = type(o)
        if t is float:
            return "/" + "/".join(map(str, path)) if path else "(top)", o
        if t is dict:
            stack.extend((v, path + (k,)) for k, v in o.items() if type(v) in (dict, list, float))
        elif t is list:
            stack.extend((v, path + (i,)) for i, v in enumerate(o) if type(v) in (dict, list, float))
    return None
