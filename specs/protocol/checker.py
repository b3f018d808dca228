"""One JSON Schema check: ``jsonschema-rs`` says yes or no, ``jsonschema`` explains a no.

Every state and action list a candidate returns is checked against a schema, so the
yes/no answer is on the protocol's hot path: ``jsonschema_rs`` (draft 2020-12, compiled in
Rust) answers it. A failure is explained by ``jsonschema``: its ``best_match`` digs into
a failed ``oneOf`` to the sub-error that names the deepest path (``chance/draws/0: None
is not of type 'object'`` where jsonschema-rs says ``chance: ... is not valid under any of
the schemas listed in the 'oneOf' keyword``) and lists every ``enum`` option.

Where the two libraries disagree, the answer is still a clear one:

- ``pattern``: jsonschema-rs follows ECMA-262 as JSON Schema says (``$`` does not match
  before a trailing newline, ``\\d`` is ASCII); Python's ``re`` does not. A value only
  jsonschema-rs rejects (``"red 1\\n"``) is explained by jsonschema-rs's own message.
- input jsonschema-rs cannot take (a lone surrogate in a string, a value nested past its
  recursion limit, a Python object that is not JSON) goes to ``jsonschema`` instead, so
  it gets the answer (or the ``RecursionError``) it always got.
"""

from __future__ import annotations

from typing import Any, Iterable

import jsonschema_rs

#: jsonschema-rs raises these for input it cannot convert (lone surrogates, too deep, not JSON)
_CANNOT_TAKE = (ValueError, TypeError, OverflowError, UnicodeError)


class SchemaCheck:
    """``is_valid(obj)`` (fast) and ``errors(obj)`` (explained) for one draft 2020-12 schema.

    ``resources``: other schemas ``$ref`` may name, keyed by ``$id`` (the protocol's files).
    """

    __slots__ = ("schema", "resources", "rs", "_validator")

    def __init__(self, schema: dict, resources: dict[str, dict] | None = None):
        self.schema = schema
        self.resources = dict(resources or {})
        self.rs = jsonschema_rs.Draft202012Validator(
            schema, registry=jsonschema_rs.Registry(list(self.resources.items())) if self.resources else None)
        self._validator = None

    @property
    def validator(self):
        """The ``jsonschema`` validator of the same schema, made when a refusal is first explained
        (importing jsonschema and building it is a third of a process's start: most processes
        never explain a refusal)."""
        if self._validator is None:
            import jsonschema

            if self.resources:
                from referencing import Registry, Resource
                from referencing.jsonschema import DRAFT202012

                registry = Registry().with_resources(
                    (uri, Resource.from_contents(s, default_specification=DRAFT202012)) for uri, s in self.resources.items())
                self._validator = jsonschema.Draft202012Validator(self.schema, registry=registry)
            else:
                self._validator = jsonschema.Draft202012Validator(self.schema)
        return self._validator

    def is_valid(self, obj: Any) -> bool:
        try:
            return self.rs.is_valid(obj)
        except _CANNOT_TAKE:
            return self.validator.is_valid(obj)

    __call__ = is_valid

    def iter_errors(self, obj: Any) -> Iterable[jsonschema.ValidationError]:
        """jsonschema's errors (for callers that rank them with ``jsonschema.exceptions``)."""
        return self.validator.iter_errors(obj)

    def errors(self, obj: Any, limit: int = 3, width: int = 300) -> list[str]:
        """Up to ``limit`` problems as ``path: message`` (path ``(top)`` for the whole value),
        best first; ``[]`` when ``obj`` is valid."""
        if self.is_valid(obj):
            return []
        import jsonschema.exceptions

        found = sorted(self.validator.iter_errors(obj), key=jsonschema.exceptions.relevance)
        out = []
        for e in found[:limit]:
            best = jsonschema.exceptions.best_match([e]) if e.context else e  # a failed oneOf/anyOf: the deepest
            where = "/".join(map(str, best.absolute_path)) or "/".join(map(str, e.absolute_path)) or "(top)"
            out.append(f"{where}: {best.message[:width]}")
        if not out:  # only jsonschema-rs rejects it (an ECMA-262 pattern): its own words
            for e in list(self.rs.iter_errors(obj))[:limit]:
                e = _most_specific(e)
                out.append(f"{'/'.join(map(str, e.instance_path)) or '(top)'}: {e.message[:width]}")
        return out or ["(top): not valid"]


def _most_specific(e):
    """In a failed ``oneOf``/``anyOf`` of jsonschema-rs: the deepest error of the branch that
    failed least (what ``jsonschema.exceptions.best_match`` does for jsonschema)."""
    while getattr(e.kind, "context", None):
        branch = min(e.kind.context, key=len)
        if not branch:
            break
        e = max(branch, key=lambda x: len(x.instance_path))
    return e
