"""Canonical JSON text: the one byte string two engines must agree on (DESIGN: canonical JSON states).

``dumps`` and ``loads`` give exactly what ``json`` gives, written and read by orjson (C,
5-10x faster) whenever its answer is the same, by ``json`` otherwise.
"""

from __future__ import annotations

import contextlib
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
#: a float in JSON text has a '.' or an exponent right after a digit ('.' alone is looked for
#: first: one memchr, where a two-byte search over a 100 KB line takes a quarter millisecond).
#: loads_checked maps digits to NUL and both exponent letters to \1 in one pass, so one search
#: (NUL then \1) finds an exponent of either case (two searches cost a third of a 64 KB line's check)
_SCAN = bytes.maketrans(b"0123456789eE", b"\0" * 10 + b"\1\1")
_EXPONENT = b"\0\1"
#: orjson raises (TypeError) for these instead of serialising them: json then gives its usual answer
_ORJSON_LINE = orjson.OPT_PASSTHROUGH_SUBCLASS | orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME
_ORJSON_OPTS = orjson.OPT_SORT_KEYS | _ORJSON_LINE


def dumps(obj: Any, *, no_nan: bool = False) -> str:
    """Canonical text of a JSON value: sorted keys, no spaces, UTF-8 kept.

    Exactly ``json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)``;
    orjson writes it (5-10x faster) unless ``obj`` holds what orjson writes otherwise: a float
    (another exponent format; NaN as null), an integer past 64 bits, a lone surrogate, a key
    that is not a string, a str/int subclass: those go to ``json``. ``no_nan``: the caller
    knows ``obj`` holds no NaN or infinity (a reference engine's output), so a ``null`` in the
    text needs no walk to tell it from a NaN."""
    try:
        out = orjson.dumps(obj, option=_ORJSON_OPTS)
    except TypeError:
        return _json_dumps(obj)
    if (_float_marks(out) or (not no_nan and b"null" in out)) and _has_float(obj):
        return _json_dumps(obj)
    return out.decode("utf-8")


def float_free_bytes(obj: Any) -> bytes:
    """Canonical text of a JSON value known to hold no float (a reference engine's answer), as
    UTF-8 bytes: orjson's text, which is then exactly :func:`dumps`'s. Raises ``TypeError`` for
    what orjson does not write as ``json`` does (an integer past 64 bits, a lone surrogate, a key
    that is not a string): the caller then uses :func:`dumps`."""
    return orjson.dumps(obj, option=_ORJSON_OPTS)


def dumps_line(obj: Any, known: dict[int, Any] | None = None) -> bytes:
    """A protocol line's bytes (keys in insertion order, no spaces, UTF-8, no newline): exactly
    ``json.dumps(obj, separators=(",", ":"), ensure_ascii=False).encode()``, written by orjson
    when that is the same text (as :func:`dumps`). ``known``: containers known to hold no
    float (id -> value), not walked when a ``null`` must be told from a NaN. Raises what json
    raises (``TypeError``, ``ValueError``) for what is not JSON."""
    try:
        out = orjson.dumps(obj, option=_ORJSON_LINE)
    except TypeError:
        out = None
    if out is None or ((_float_marks(out) or b"null" in out) and _has_float(obj, known)):
        return json.dumps(obj, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    return out


def same(a: Any, b: Any) -> bool:
    """``dumps(a) == dumps(b)`` (the same JSON value: key order does not count, ``True`` is not
    ``1`` nor ``1.0``), without walking either value for floats.

    orjson's sorted texts tell every two values apart that ``json``'s do, except that orjson writes
    ``None``, NaN and both infinities alike as ``null``; where its texts are equal and hold a
    ``null``, Python's ``==`` tells ``None``, NaN and the infinities apart (``True == 1`` no longer
    matters: the texts already agree on every type). Two NaNs at one place are unequal to ``==``:
    then, and for what orjson does not write, the canonical texts decide."""
    try:
        ta, tb = orjson.dumps(a, option=_ORJSON_OPTS), orjson.dumps(b, option=_ORJSON_OPTS)
    except TypeError:
        return dumps(a) == dumps(b)
    if ta != tb:
        return False
    return b"null" not in ta or a == b or dumps(a) == dumps(b)


def _json_dumps(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _float_marks(text: bytes) -> bool:
    """Whether orjson's text may hold a float: orjson writes every finite float with a '.' or a
    signed exponent (``1e+16``, ``5e-324``), NaN and infinities as null. Strings may match too
    (then the caller walks the value)."""
    if b"." in text:
        return True
    if b"+" not in text and b"e-" not in text:
        return False
    mapped = text.translate(_DIGITS_TO_NUL)  # '+' and 'e-' occur in strings too ("A+crown", "three-lowest")
    return b"\0e+" in mapped or b"\0e-" in mapped


def loads(data: bytes | str, text: str | None = None) -> Any:
    """``json.loads(text if text is not None else data)``, faster (see :func:`loads_checked`)."""
    return loads_checked(data, text)[0]


def loads_checked(data: bytes | str, text: str | None = None) -> tuple[Any, bool]:
    """``(json.loads(text if text is not None else data), no float in it)``, faster.

    orjson parses strict UTF-8 JSON to the same value, but reads an integer past 64 bits as a
    float and rejects what ``json`` takes (``NaN``, a lone surrogate escape, nesting past
    1,024): such input goes to ``json``, which gives its usual answer or error
    (``ValueError``, ``RecursionError``). ``text``: the caller's decoded line, when ``json``
    should read that rather than the bytes (it would guess UTF-16 or drop a BOM).

    The flag is True when the bytes, read by orjson, hold no number with a fraction or an
    exponent: then no value in the result is a float (see :func:`float_free`)."""
    if isinstance(data, bytes):
        mapped = data.translate(_SCAN)
        if _LONG_RUN not in mapped:
            try:
                value = orjson.loads(data)
            except orjson.JSONDecodeError:
                pass
            else:
                return value, b"." not in data and _EXPONENT not in mapped
    elif _LONG_DIGITS_STR.search(data) is None:
        try:
            return orjson.loads(data), False
        except orjson.JSONDecodeError:
            pass
    return json.loads(text if text is not None else data), False


#: id -> object of values known to hold no float (see float_free); first_float answers them at once
_FLOAT_FREE: dict[int, Any] = {}


@contextlib.contextmanager
def float_free(values: list):
    """While the block runs, :func:`first_float` answers None for these values at once (no walk).

    For a protocol server: values parsed from a line that :func:`loads_checked` found free of
    floats, handed as they are to an engine's ``from_json``. Keyed by identity, and the values
    stay alive (referenced here) while vouched for, so no other object can take their id."""
    for v in values:
        _FLOAT_FREE[id(v)] = v
    try:
        yield
    finally:
        for v in values:
            _FLOAT_FREE.pop(id(v), None)


def sort_actions(actions: list[dict]) -> list[dict]:
    """Actions in canonical order (by canonical text); used wherever order must not matter."""
    return sorted(actions, key=dumps)


_CONTAINERS = (dict, list)


def copy_json(obj: Any) -> Any:
    """A deep copy of a JSON value (dicts, lists, scalars): several times faster than copy.deepcopy.
    A scalar inside a container is kept without a call (a deal's pool is a long list of names)."""
    if isinstance(obj, dict):
        return {k: (copy_json(v) if isinstance(v, _CONTAINERS) else v) for k, v in obj.items()}
    if isinstance(obj, list):
        return [copy_json(v) if isinstance(v, _CONTAINERS) else v for v in obj]
    return obj


def vouched_float_free(obj: Any) -> bool:
    """Whether ``obj`` is vouched for by an open :func:`float_free` block."""
    return bool(_FLOAT_FREE) and _FLOAT_FREE.get(id(obj)) is obj


def first_float(obj: Any) -> tuple[str, float] | None:
    """(JSON pointer, value) of the first number that is not an integer, or None.

    JSON Schema's ``integer`` accepts ``1.0``; canonical states hold integers only, so every
    engine rejects a float on load (a ``round: 1.0`` must be ``malformed``, not a crash).
    Every load asks, so the usual answer (no float) is found by a walk that keeps no paths.
    """
    if vouched_float_free(obj):
        return None
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


def _has_float(obj: Any, known: dict[int, Any] | None = None) -> bool:
    """Whether a float is anywhere in ``obj`` (iterative: input nested 5,000 deep is no RecursionError).
    ``known``: id -> value of containers known to hold none (not walked)."""
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
            if (t is dict or t is list) and (known is None or known.get(id(v)) is not v):
                push(v)
    return False
