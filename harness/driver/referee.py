"""The referee: faults of a subprocess engine, kept apart from the rules of the games.

A candidate engine that hangs, crashes, prints garbage, answers the wrong request or
returns something that is not our notation must never hang or crash rulecheck. Each
such fault raises one ``EngineFault`` subclass. Its message starts with ``[PROTOCOL]``
(for people; the verdict is attributed to the protocol pseudo-clause by the
exception's type, ``harness.verdicts.attribution``) and the kind of fault (``startup
failed``, ``timeout``, ``crash``, ``bad answer``, ``schema violation``), names the request that caused it (op, id and a
short excerpt) and ends with the tail of the candidate's stderr::

    [PROTOCOL] timeout: op apply, request id 7: no answer within 5 s (it sent nothing)
      engine: node my-engine.js
      request: {"action":{"type":"play",...},"id":7,"op":"apply","state":{"...":"1834 bytes",...}}
      candidate stderr (last lines):
        | ...

Faults are not rule violations: ``engine.errors`` exceptions (``illegal-action`` ...) are
the engine's legitimate answers; an ``EngineFault`` means the engine broke the protocol.
A fault is told by its class (``harness.verdicts.attribution``), never by its message text.
"""

from __future__ import annotations

import functools
import json
import math
import re
from typing import Any

import orjson
import specs.protocol as proto
from engine.canonical import dumps
from harness.sanitize import visible
from specs.protocol.checker import SchemaCheck

#: the fault classes' tags, in the order a report lists them
TAGS = ("STARTUP", "TIMEOUT", "CRASH", "PROTOCOL", "SCHEMA")


class EngineFault(Exception):
    """The candidate engine broke the protocol (base class; see the subclasses)."""

    tag = "FAULT"
    #: the words after ``[PROTOCOL]`` in the message
    kind = "fault"
    #: key in SubprocessEngine.fault_counts
    counter = "fault"

    def __init__(self, what: str, *, op: str | None = None, request_id=None, excerpt: str = "",
                 stderr_tail: str = "", engine: str = ""):
        self.what = what
        self.op = op
        self.request_id = request_id
        self.excerpt = excerpt
        self.stderr_tail = stderr_tail
        self.engine = engine
        super().__init__(self._render())

    def _render(self) -> str:
        where = f"op {self.op}, request id {self.request_id}: " if self.op is not None else ""
        lines = [f"[PROTOCOL] {self.kind}: {where}{printable(self.what)}"]
        if self.engine:
            lines.append(f"  engine: {printable(self.engine)}")
        if self.excerpt:
            lines.append(f"  request: {printable(self.excerpt)}")
        if self.stderr_tail:
            tail = self.stderr_tail.rstrip("\n").splitlines()[-12:]
            lines.append("  candidate stderr (last lines):")
            lines.extend("    | " + printable(ln) for ln in tail)
        else:
            lines.append("  candidate stderr: (empty)")
        return "\n".join(lines)


class EngineStartupError(EngineFault):
    """The candidate could not be started, or did not answer ``hello`` correctly in time."""

    tag = "STARTUP"
    kind = "startup failed"
    counter = "startup"


class EngineTimeout(EngineFault):
    """No complete answer within the request's deadline (the process is killed)."""

    tag = "TIMEOUT"
    kind = "timeout"
    counter = "timeout"


class EngineCrashed(EngineFault):
    """The process exited (or closed its stdout) while a request was pending."""

    tag = "CRASH"
    kind = "crash"
    counter = "crash"


class ProtocolError(EngineFault):
    """The answer is not a protocol line: not JSON, not an object, no id, ..."""

    tag = "PROTOCOL"
    kind = "bad answer"
    counter = "protocol"


class OversizedLine(ProtocolError):
    """An answer line longer than the limit (``max_line_bytes``)."""


class WrongId(ProtocolError):
    """An answer whose ``id`` is not the id of the pending request."""


class SchemaViolation(EngineFault):
    """A well-formed answer whose content is not our notation: a state failing the
    game's schema, an action list that is not a list of actions, a malformed error."""

    tag = "SCHEMA"
    kind = "schema violation"
    counter = "schema"


FAULT_CLASSES = (EngineStartupError, EngineTimeout, EngineCrashed, ProtocolError, OversizedLine, WrongId,
                 SchemaViolation)

def printable(text: str) -> str:
    """Text from an engine, safe to print and to encode: control, bidi and separator
    characters (but newline and tab), lone surrogates and non-characters become visible
    escapes (``\\x1b``, ``\\u202e``, ``\\ud800``): ``harness.sanitize.visible``."""
    return visible(text)


_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")


def lone_surrogate(line: bytes, obj) -> bool:
    """Whether an answer (its line, and what it parsed to) holds a string UTF-8 cannot carry:
    a lone surrogate escape. Only lines with such an escape are looked at twice. (A line orjson
    read, one ``loads_checked`` calls float-free, has none: orjson refuses a lone surrogate, and
    ``json`` reads such a line instead.)"""
    if not _SURROGATE_ESCAPE.search(line):
        return False
    try:
        json.dumps(obj, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def duplicate_key(line: bytes, obj, float_free: bool) -> str | None:
    """A key that appears twice in one object of an answer (``{"turn": 1, "turn": 2}``: readers
    differ on which one counts), or None. Fast path: without a fraction or an exponent, orjson's
    compact text of the parsed value is never longer than the line less what the parse dropped,
    so equal lengths mean nothing was dropped; any other line is parsed again, pair by pair."""
    if float_free and len(orjson.dumps(obj)) == len(line.rstrip(b"\r\n")):
        return None
    found: list[str] = []

    def pairs(items):
        seen = set()
        for k, _ in items:
            if k in seen and not found:
                found.append(k)
            seen.add(k)
        return dict(items)

    try:
        json.loads(line, object_pairs_hook=pairs)
    except (ValueError, RecursionError):
        return None  # not JSON at all: reported as such by the caller
    return found[0] if found else None


_NON_FINITE = (b"NaN", b"Infinity")
_INT64 = 2 ** 63


def _huge_int(obj) -> bool:
    """Whether ``obj`` holds an integer outside -2**63 .. 2**63 - 1 (walked only for lines orjson
    could not read exactly: ``loads_checked``'s flag is False for them)."""
    stack = [obj]
    while stack:
        v = stack.pop()
        if type(v) is int and not -_INT64 <= v < _INT64:
            return True
        if isinstance(v, dict):
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
    return False


def non_finite(line: bytes, obj) -> bool:
    """Whether an answer holds ``NaN``, ``Infinity`` or ``-Infinity`` (Python's ``json`` reads them;
    they are not JSON). Only lines with such a word are walked."""
    if not any(w in line for w in _NON_FINITE):
        return False
    stack = [obj]
    while stack:
        v = stack.pop()
        if isinstance(v, float) and not math.isfinite(v):
            return True
        if isinstance(v, dict):
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
    return False


def not_strict_json(line: bytes, obj, float_free: bool) -> str | None:
    """What makes an answer line loose JSON (docs/protocol.md, Transport: strict JSON), or None:
    ``NaN``/``Infinity``, an integer past 64 bits, or a key twice in one object. (A lone surrogate
    is ``lone_surrogate``'s; a number outside a schema's own ``minimum``/``maximum`` is a schema
    violation.) ``float_free``: ``loads_checked``'s flag: no value is a float, so neither a NaN, an
    infinity nor an integer past 64 bits (read as a float) can be in it: only a key twice is looked for."""
    if not float_free and non_finite(line, obj):
        what = "holds NaN or Infinity, which are not JSON numbers"
    elif not float_free and _huge_int(obj):
        what = "holds an integer outside the 64-bit range every schema's integers are in"
    else:
        dup = duplicate_key(line, obj, float_free)
        if dup is None:
            return None
        what = f"has the key {excerpt(printable(dup), 60)!r} twice in one object; JSON readers differ on which one counts"
    return f"the answer {what} (strict JSON): {excerpt(printable(line.decode('utf-8', 'replace')), 200)}"


def excerpt(text: str, limit: int = 240) -> str:
    """A one-line excerpt of ``text``: its start and end if it is long."""
    text = text.replace("\n", "\\n")
    if len(text) <= limit:
        return text
    half = (limit - 5) // 2
    return f"{text[:half]} ... {text[-half:]}"


# ---- checking answers: the protocol envelope and the game's schemas -----------------------
class Checker(SchemaCheck):
    """A game schema's check: jsonschema-rs decides, jsonschema explains (``specs.protocol.checker``)."""

    __slots__ = ()


def game_checkers(game: str, state_schema: dict | None, action_schema: dict | None):
    """Checkers for the game's state and action schemas (None when the game has none yet)."""
    if state_schema is None or action_schema is None:
        try:
            import specs

            spec = specs.load(game)
            state_schema = state_schema if state_schema is not None else spec.state_schema
            action_schema = action_schema if action_schema is not None else spec.action_schema
        except Exception:  # noqa: BLE001  (unknown game: only the protocol envelope is checked)
            pass
    return (Checker(state_schema) if state_schema else None, Checker(action_schema) if action_schema else None)


#: what action_problems asks of every action before the game's schema
ACTION_ENVELOPE = {"type": "object", "required": ["type"], "properties": {"type": {"type": "string"}}}


def action_list_check(action_checker: SchemaCheck | None) -> SchemaCheck:
    """One check of a whole list of legal actions (one call into jsonschema-rs, not one per
    action): each item an object with a string ``type`` and valid under the game's action schema."""
    if action_checker is None:
        return SchemaCheck({"type": "array", "items": ACTION_ENVELOPE})
    uri = action_checker.schema.get("$id") or "urn:rulecheck:action-schema"  # its own "#/$defs/..." refs resolve there
    return SchemaCheck({"type": "array", "items": {"allOf": [ACTION_ENVELOPE, {"$ref": uri}]}},
                       {uri: action_checker.schema})


#: the rules of the state envelope that ``state_problems`` checks beyond the protocol's state schema
#: (docs/protocol.md, Canonical states): ``to_move`` is ``"chance"`` exactly when ``chance`` is set,
#: and null exactly when ``result`` is set
ENVELOPE_RULES = (
    {"if": {"properties": {"chance": {"type": "null"}}},
     "then": {"properties": {"to_move": {"not": {"const": "chance"}}}},
     "else": {"properties": {"to_move": {"const": "chance"}}}},
    {"if": {"properties": {"result": {"type": "null"}}},
     "then": {"properties": {"to_move": {"not": {"type": "null"}}}},
     "else": {"properties": {"to_move": {"type": "null"}}}},
)


def batch_answer_check(state_checker: SchemaCheck | None, actions_check: SchemaCheck,
                       game: str | None = None) -> SchemaCheck:
    """One check of a whole ``batch`` answer: the protocol's batch response, every ``state`` in
    it under the game's state schema, every ``actions`` list under ``actions_check``: one call
    into jsonschema-rs per line instead of two per sub-response. It only says yes: a no is
    explained by the detailed checks (the protocol schema, then each state and list).

    With ``game``, every state must also be of that game and follow ``ENVELOPE_RULES``: a yes
    then means ``state_problems`` finds nothing in any state of the answer whose values are all
    integers (no float: JSON Schema's ``integer`` takes ``1.0``, which ``state_problems``
    refuses as a ``to_move``), so the states of a float-free line need no check in Python."""
    states = "urn:rulecheck:batch-states"
    actions = "urn:rulecheck:batch-actions"
    resources = {s["$id"]: s for s in proto.schemas().values()}
    resources[actions] = actions_check.schema
    resources.update(actions_check.resources)  # the action schema its items name
    # every state also under the protocol's state envelope (its chance description included):
    # state_problems need not check a pending chance description again, one call per state
    envelope = {"$ref": proto.schemas()["state"]["$id"]}
    parts = [envelope]
    if state_checker is not None:
        sid = state_checker.schema.get("$id") or states
        resources[sid] = state_checker.schema
        parts.insert(0, {"$ref": sid})
    if game is not None:
        parts += [*ENVELOPE_RULES, {"properties": {"game": {"const": game}}}]
    sub = {"properties": {"actions": {"$ref": actions}, "state": parts[0] if len(parts) == 1 else {"allOf": parts}}}
    return SchemaCheck({"allOf": [{"$ref": proto.schemas()["batch.response"]["$id"]},
                                  {"properties": {"responses": {"items": sub}}}]}, resources)


def _compile_checks(game: str, state_schema: dict | None, action_schema: dict | None) -> tuple:
    state_check, action_check = game_checkers(game, state_schema, action_schema)
    actions_check = action_list_check(action_check)
    return state_check, action_check, actions_check, batch_answer_check(state_check, actions_check, game)


@functools.lru_cache(maxsize=None)
def _own_schema_checks(game: str) -> tuple:
    return _compile_checks(game, None, None)


def answer_checks(game: str, state_schema: dict | None = None, action_schema: dict | None = None) -> tuple:
    """(state, action, action list, batch answer) checks for a game. Compiling them costs about
    50 ms, and a check opens an engine per test: those of the game's own schemas are compiled once
    per process (a SchemaCheck holds no state between calls)."""
    if state_schema is None and action_schema is None:
        return _own_schema_checks(game)
    return _compile_checks(game, state_schema, action_schema)


_TO_MOVE_OK = (int, str, type(None))


def state_problems(st: Any, game: str, validator, chance_checked: bool = False) -> list[str]:
    """Problems of a canonical state: the protocol envelope, then the game's schema.
    ``chance_checked``: the state already passed the protocol's state schema (a batch answer's
    one check), so a pending chance description is not checked against it again."""
    if not isinstance(st, dict):
        return [f"a state is a JSON object, got {excerpt(dumps(st), 80)}"]
    if st.get("game") != game:
        return [f"game: expected {game!r}, got {st.get('game')!r}"]
    out = []
    for key in ("chance", "to_move", "result"):
        if key not in st:
            out.append(f"(top): {key!r} is a required property")
    if out:
        return out
    tm = st["to_move"]
    if not (isinstance(tm, _TO_MOVE_OK) and not isinstance(tm, bool) and (not isinstance(tm, int) or tm >= 0)
            and (not isinstance(tm, str) or tm == "chance")):
        out.append(f"to_move: {tm!r} is not a player index, 'chance' or null")
    if st["chance"] is not None and not chance_checked:
        out += [f"chance/{p}" for p in proto.errors("chance", st["chance"])]
    if st["result"] is not None and not isinstance(st["result"], dict):
        out.append("result: must be null or an object")
    if (st["chance"] is not None) != (tm == "chance"):
        out.append(f"to_move is {tm!r} but chance is {'set' if st['chance'] is not None else 'null'}: "
                   "to_move is 'chance' exactly when a chance event is pending")
    if st["result"] is not None and tm is not None:
        out.append(f"the game is over (result is set) but to_move is {tm!r}, not null")
    if st["result"] is None and tm is None:
        out.append("to_move is null but the game is not over (result is null)")
    if validator is not None:
        out += validator.errors(st, limit=3, width=200)  # a failed oneOf: its most specific error
    return out


def action_problems(a: Any, validator) -> list[str]:
    if not isinstance(a, dict) or not isinstance(a.get("type"), str):
        return [f"an action is an object with a string 'type', got {excerpt(dumps(a), 80)}"]
    if validator is not None:
        return validator.errors(a, limit=2, width=200)  # a failed oneOf: its most specific error
    return []


__all__ = [
    "Checker",
    "ENVELOPE_RULES",
    "EngineCrashed",
    "EngineFault",
    "EngineStartupError",
    "EngineTimeout",
    "FAULT_CLASSES",
    "OversizedLine",
    "ProtocolError",
    "SchemaViolation",
    "TAGS",
    "WrongId",
    "action_list_check",
    "answer_checks",
    "batch_answer_check",
    "action_problems",
    "excerpt",
    "game_checkers",
    "lone_surrogate",
    "duplicate_key",
    "non_finite",
    "not_strict_json",
    "printable",
    "state_problems",
]
