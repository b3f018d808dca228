"""The error taxonomy shared by every engine and by the wire protocol.

Modelled on python-chess (InvalidMoveError / IllegalMoveError / AmbiguousMoveError):
a small set of classes, each with a stable ``code`` that travels on the wire.

- ``malformed``       the input is not our notation at all (bad JSON shape, unknown card name)
- ``illegal-action``  well-formed, but not allowed in this state
- ``invalid-outcome`` a chance outcome the pending chance event cannot produce
- ``unknown-choice``  a choice id or option the engine does not know
- ``bad-config``      a game configuration the rules do not allow (7 players, ...)
"""

from __future__ import annotations


#: the protocol's error table (docs/protocol.md, "Errors"), one row per code: when an engine answers it.
#: A differing code is judged against these rows (a PROTOCOL finding citing the row), never a rule's.
ERROR_ROWS: dict[str, str] = {
    "malformed": "the input is not our notation at all: not JSON, not a request, a state that fails the schema or "
                 "is inconsistent (a card twice), an unknown action type, an unknown card name",
    "illegal-action": "a well-formed action that the rules do not allow in this state",
    "invalid-outcome": "a chance outcome the pending event cannot produce (or none is pending)",
    "unknown-choice": "`hello` asked for a choice id or option you do not know",
    "bad-config": "a game configuration the rules do not allow, or a game you do not play",
    "unsupported": "an optional op you do not implement",
    "unknown-ref": "a `state_ref` that names no state you keep (feature `state-ref`: only for a ref older than "
                   "the states you must keep is it not a fault of yours)",
    "internal": "a bug in your engine (say what; rulecheck reports it as such)",
}


def error_row(code: str) -> str:
    """The error table's row of ``code``, quoted for a PROTOCOL finding."""
    return f"docs/protocol.md, Errors: `{code}`: {ERROR_ROWS.get(code, 'not a code of the table')}"


class RulecheckError(Exception):
    """Base class; ``code`` is the wire code, ``message`` says what is wrong and how to fix it."""

    code = "error"

    def __init__(self, message: str, *, path: str | None = None):
        super().__init__(message)
        self.message = message
        self.path = path

    def to_wire(self) -> dict:
        """The error as sent: text that UTF-8 cannot carry (a lone surrogate echoed from the
        input) is written as a backslash escape, so an answer can always be sent."""
        err = {"code": self.code, "message": encodable(str(self.message))}
        if self.path:
            err["path"] = encodable(str(self.path))
        return err

    def __str__(self) -> str:
        where = f" (at {self.path})" if self.path else ""
        return f"{self.code}: {self.message}{where}"


class MalformedError(RulecheckError, ValueError):
    code = "malformed"


class IllegalActionError(RulecheckError, ValueError):
    code = "illegal-action"


class InvalidOutcomeError(RulecheckError, ValueError):
    code = "invalid-outcome"


class UnknownChoiceError(RulecheckError, KeyError):
    code = "unknown-choice"


class BadConfigError(RulecheckError, ValueError):
    code = "bad-config"


class UnknownRefError(RulecheckError, KeyError):
    """A ``state_ref`` naming no state the engine keeps (feature ``state-ref``)."""

    code = "unknown-ref"


def encodable(text: str) -> str:
    """``text`` with anything UTF-8 cannot encode (lone surrogates) backslash-escaped."""
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        return text.encode("utf-8", "backslashreplace").decode("utf-8")


ERRORS_BY_CODE = {
    cls.code: cls
    for cls in (MalformedError, IllegalActionError, InvalidOutcomeError, UnknownChoiceError, BadConfigError,
                UnknownRefError)
}


def error_from_wire(err: dict) -> RulecheckError:
    """Rebuild an error received on the wire (unknown codes become the base class)."""
    cls = ERRORS_BY_CODE.get(err.get("code"), RulecheckError)
    exc = cls(str(err.get("message", "")), path=err.get("path"))
    if cls is RulecheckError:
        exc.code = str(err.get("code", "error"))
    return exc
