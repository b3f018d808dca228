"""The referee: faults of a subprocess engine, kept apart from the rules of the games.

A candidate engine that hangs, crashes, prints garbage, answers the wrong request or
returns something that is not our notation must never hang or crash rulecheck. Each
such fault raises one ``EngineFault`` subclass. Its message starts with a tag in
brackets (``[TIMEOUT]``, ``[CRASH]``, ``[STARTUP]``, ``[PROTOCOL]``, ``[SCHEMA]``), names
the request that caused it (op, id and a short excerpt) and ends with the tail of the
candidate's stderr, so a verdict can say what went wrong without a debugger::

    [TIMEOUT] op apply, request id 7: no answer within 5 s (it sent nothing)
      engine: node my-engine.js
      request: {"action":{"type":"play",...},"id":7,"op":"apply","state":{"...":"1834 bytes",...}}
      candidate stderr (last lines):
        | ...

Faults are not rule violations: ``engine.errors`` exceptions (``illegal-action`` ...) are
the engine's legitimate answers; an ``EngineFault`` means the engine broke the protocol.
``fault_tag(text)`` recovers the tag from a failure message (for the verdict collector).
"""

from __future__ import annotations

import re

#: tag -> class name, in the order a report lists them
TAGS = ("STARTUP", "TIMEOUT", "CRASH", "PROTOCOL", "SCHEMA")


class EngineFault(Exception):
    """The candidate engine broke the protocol (base class; see the subclasses)."""

    tag = "FAULT"
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
        lines = [f"[{self.tag}] {where}{self.what}"]
        if self.engine:
            lines.append(f"  engine: {self.engine}")
        if self.excerpt:
            lines.append(f"  request: {self.excerpt}")
        if self.stderr_tail:
            tail = self.stderr_tail.rstrip("\n").splitlines()[-12:]
            lines.append("  candidate stderr (last lines):")
            lines.extend("    | " + ln for ln in tail)
        else:
            lines.append("  candidate stderr: (empty)")
        return "\n".join(lines)


class EngineStartupError(EngineFault):
    """The candidate could not be started, or did not answer ``hello`` correctly in time."""

    tag = "STARTUP"
    counter = "startup"


class EngineTimeout(EngineFault):
    """No complete answer within the request's deadline (the process is killed)."""

    tag = "TIMEOUT"
    counter = "timeout"


class EngineCrashed(EngineFault):
    """The process exited (or closed its stdout) while a request was pending."""

    tag = "CRASH"
    counter = "crash"


class ProtocolError(EngineFault):
    """The answer is not a protocol line: not JSON, not an object, no id, ..."""

    tag = "PROTOCOL"
    counter = "protocol"


class OversizedLine(ProtocolError):
    """An answer line longer than the limit (``max_line_bytes``)."""


class WrongId(ProtocolError):
    """An answer whose ``id`` is not the id of the pending request."""


class SchemaViolation(EngineFault):
    """A well-formed answer whose content is not our notation: a state failing the
    game's schema, an action list that is not a list of actions, a malformed error."""

    tag = "SCHEMA"
    counter = "schema"


FAULT_CLASSES = (EngineStartupError, EngineTimeout, EngineCrashed, ProtocolError, OversizedLine, WrongId,
                 SchemaViolation)

_TAG_RE = re.compile(r"\[(STARTUP|TIMEOUT|CRASH|PROTOCOL|SCHEMA)\] ")


def fault_tag(text: str) -> str | None:
    """The fault tag (``"TIMEOUT"``, ...) a failure message carries, or None.

    Looks at the start of the text and at the start of any line (pytest prefixes
    exception messages with the class name and ``E`` markers).
    """
    m = _TAG_RE.search(text or "")
    return m.group(1) if m else None


def excerpt(text: str, limit: int = 240) -> str:
    """A one-line excerpt of ``text``: its start and end if it is long."""
    text = text.replace("\n", "\\n")
    if len(text) <= limit:
        return text
    half = (limit - 5) // 2
    return f"{text[:half]} ... {text[-half:]}"


__all__ = [
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
    "excerpt",
    "fault_tag",
]
