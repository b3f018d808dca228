"""The error taxonomy engines raise: defined with the protocol in ``specs.errors`` (the spec
layer states it, the engines and the harness share it); imported from here by engine code."""

from specs.errors import (  # noqa: F401
    ERROR_ROWS,
    ERRORS_BY_CODE,
    BadConfigError,
    IllegalActionError,
    InvalidOutcomeError,
    MalformedError,
    RulecheckError,
    UnknownChoiceError,
    UnknownRefError,
    encodable,
    error_from_wire,
    error_row,
)
