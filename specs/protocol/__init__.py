"""The language-neutral engine protocol's JSON Schemas (docs/protocol.md).

One schema per message: ``<op>.request.schema.json`` / ``<op>.response.schema.json`` for
``hello``, ``new``, ``legal``, ``apply``, ``load``, ``chance``, ``observe``, ``batch``, plus
``error.response.schema.json``, ``request.schema.json`` (any request, dispatched on ``op``),
the state envelope every game shares (``state.schema.json``), the chance description
(``chance.schema.json``) and the chance action (``chance-action.schema.json``).

``errors(name, obj)`` lists the problems of ``obj`` against schema ``name`` (without the
``.schema.json`` suffix), ``[]`` when it is valid; ``check(name)`` is the compiled check
(``specs.protocol.checker``: jsonschema-rs decides, jsonschema explains).
"""

from __future__ import annotations

import functools
import json
from pathlib import Path


from specs.protocol.checker import SchemaCheck

PROTOCOL_VERSION = 1
DIR = Path(__file__).resolve().parent
BASE_URI = "https://rulecheck.invalid/protocol/"
#: ops every engine answers; the others are optional (answered ``unsupported`` when absent)
REQUIRED_OPS = ("hello", "new", "legal", "apply", "batch")
OPTIONAL_OPS = ("load", "chance", "observe")
#: optional features an engine may list in hello's ``ops``: apply with ``"legal": true``; states named
#: by ref (``"keep": true`` in new/apply, ``"state_ref"`` instead of ``"state"`` in legal/apply)
FEATURES = ("apply-legal", "state-ref")
#: feature state-ref: an engine keeps at least the states of its last this many answers with a ref
#: (a harness sends a state back within a batch or two of getting it; holding fewer states keeps
#: them in the processors' caches: both sides spend less time per transition)
KEPT_STATES = 512
SUB_OPS = ("new", "legal", "apply", "load", "chance", "observe")


def schema_names() -> list[str]:
    return sorted(p.name.removesuffix(".schema.json") for p in DIR.glob("*.schema.json"))


@functools.cache
def schemas() -> dict[str, dict]:
    return {n: json.loads((DIR / f"{n}.schema.json").read_text(encoding="utf-8")) for n in schema_names()}


@functools.cache
def registry():
    """The protocol's schemas by ``$id``, for ``jsonschema`` (imported when first asked for)."""
    from referencing import Registry, Resource

    return Registry().with_resources((s["$id"], Resource.from_contents(s)) for s in schemas().values())


@functools.cache
def validator(name: str):
    """A ``jsonschema`` validator of protocol schema ``name``."""
    import jsonschema

    try:
        schema = schemas()[name]
    except KeyError:
        raise KeyError(f"no protocol schema {name!r}; known: {', '.join(schema_names())}") from None
    return jsonschema.Draft202012Validator(schema, registry=registry())


@functools.cache
def check(name: str) -> SchemaCheck:
    """The check of protocol schema ``name`` (jsonschema-rs; jsonschema explains a failure)."""
    try:
        schema = schemas()[name]
    except KeyError:
        raise KeyError(f"no protocol schema {name!r}; known: {', '.join(schema_names())}") from None
    return SchemaCheck(schema, {s["$id"]: s for s in schemas().values()})


def errors(name: str, obj, limit: int = 3) -> list[str]:
    """Up to ``limit`` problems of ``obj`` against protocol schema ``name`` (best first)."""
    return check(name).errors(obj, limit)


def is_valid(name: str, obj) -> bool:
    return check(name).is_valid(obj)
