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


def encodable(text: str) -> str:
    """``text`` with anything UTF-8 cannot encode (lone surrogates) backslash-escaped."""
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        return text.encode("utf-8", "backslashreplace").decode("utf-8")


ERRORS_BY_CODE = {
    cls.code: cls
    for cls in (MalformedError, IllegalActionError, InvalidOutcomeError, UnknownChoiceError, BadConfigError)
}


def error_from_wire(err: dict) -> RulecheckError:
    """Rebuild an error received on the wire (unknown codes become the base class)."""
    cls = ERRORS_BY_CODE.get(err.get("code"), RulecheckError)
    exc = cls(str(err.get("message", "")), path=err.get("path"))
    if cls is RulecheckError:
        exc.code = str(err.get("code", "error"))
    return exc
