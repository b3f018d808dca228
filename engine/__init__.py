"""Engines for rulecheck: the protocol every engine speaks, and the reference engines.

See ``engine.protocol`` for the in-process protocol and ``engine.errors`` for the
error taxonomy that also travels on the wire.
"""

from engine.errors import (
    BadConfigError,
    IllegalActionError,
    InvalidOutcomeError,
    MalformedError,
    RulecheckError,
    UnknownChoiceError,
)
from engine.protocol import Engine

__all__ = [
    "BadConfigError",
    "Engine",
    "IllegalActionError",
    "InvalidOutcomeError",
    "MalformedError",
    "RulecheckError",
    "UnknownChoiceError",
]
