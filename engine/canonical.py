"""Canonical JSON text: the one byte string two engines must agree on (DESIGN: canonical JSON states).

``loads`` reads a protocol line: orjson (C, several times faster than ``json``) when
its answer is exactly ``json.loads``'s, ``json.loads`` otherwise.
"""

from __future__ import annotations

import json
import re
from typing import Any

import orjson

#: a run of 19+ digits may be an integer orjson would read as a float past 64 bits (json reads it
#: exactly). Found by mapping digits to NUL (raw NUL is not JSON) and a substring search: a regex
#: took as long as the parse.
_DIGITS_TO_NUL = bytes.maketrans(b"0123456789", b"\0" * 10)
_LONG_RUN = b"\0" * 19
_LONG_DIGITS_STR = re.compile(r"[0-9]{19}")


def dumps(obj: Any) -> str:
    """Canonical text of a JSON value: sorted keys, no spaces, UTF-8 kept."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def loads(data: bytes | str, text: str | None = None) -> Any:
    """``json.loads(text if text is not None else data)``, faster.

    orjson parses strict UTF-8 JSON to the same value, but reads an integer past 64 bits as a
    float and rejects what ``json`` takes (``NaN``, a lone surrogate escape, nesting past
    1,024): such input goes to ``json``, which gives its usual answer or error
    (``ValueError``, ``RecursionError``). ``text``: the caller's decoded line, when ``json``
    should read that rather than the bytes (it would guess UTF-16 or drop a BOM)."""
    if isinstance(data, bytes):
        long_ints = _LONG_RUN in data.translate(_DIGITS_TO_NUL)
    else:
        long_ints = _LONG_DIGITS_STR.search(data) is not None
    if not long_ints:
        try:
            return orjson.loads(data)
        except orjson.JSONDecodeError:
            pass
    return json.loads(text if text is not None else data)


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
    Every load asks, so the usual answer (no float) is found by a walk that keeps no paths.
    """
    if not _has_float(obj):
        return None
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
    return None  # pragma: no cover  (_has_float found one)


def _has_float(obj: Any) -> bool:
    """Whether a float is anywhere in ``obj`` (iterative: input nested 5,000 deep is no RecursionError)."""
    if type(obj) is float:
        return True
    if type(obj) is not dict and type(obj) is not list:
        return False
    stack = [obj]
    pop, push = stack.pop, stack.append
    while stack:
        o = pop()
        for v in (o.values() if type(o) is dict else o):
            t = type(v)
            if t is float:
                return True
            if t is dict or t is list:
                push(v)
    return False
