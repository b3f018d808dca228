"""specs.protocol.fast (the compiled schema check) agrees with jsonschema.

It is a fast path only: a False is re-checked by jsonschema, but a True is trusted, so a
schema check that said yes to an invalid object would let a bad state through. These
tests compare the two on real states of every game with a schema, on mutations of
them, on random JSON, and on the protocol's own schemas.
"""

from __future__ import annotations

import copy
import random

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import specs
import specs.protocol as proto
from specs.protocol import fast

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 70) | st.sampled_from([0.0, 1.0, 2.5, -1.0]) |
    st.sampled_from(["", "red", "sorry", "chance", "deal", "1/2", "start", "home", "7", "x"]),
    lambda kids: st.lists(kids, max_size=4) | st.dictionaries(
        st.sampled_from(["game", "id", "op", "type", "state", "chance", "to_move", "result", "player", "card", "x"]),
        kids, max_size=4),
    max_leaves=12,
)


def _games_with_schemas() -> list[str]:
    out = []
    for g in specs.GAMES:
        try:
            sp = specs.load(g)
        except Exception:  # noqa: BLE001  (a game whose specs are being written)
            continue
        if sp.state_schema:
            out.append(g)
    return out


def _sample_states(game: str, n: int = 25) -> list[dict]:
    try:
        from harness.engines import random_config, reference_engine
        from harness.machine import random_playout

        ref = reference_engine(game)
        rng = random.Random(1)
        out: list[dict] = []
        while len(out) < n:
            random_playout(ref, random_config(game, rng), rng, max_plies=40,
                           on_step=lambda s, a, nxt: out.append(ref.to_json(nxt)))
        return out[:n]
    except Exception:  # noqa: BLE001
        return []


def _mutations(obj, rng: random.Random, k: int):
    """``k`` copies of ``obj``, each with one value somewhere replaced or one key dropped/added."""
    paths = []

    def walk(x, path):
        paths.append(path)
        if isinstance(x, dict):
            for key, v in x.items():
                walk(v, path + [key])
        elif isinstance(x, list):
            for i, v in enumerate(x):
                walk(v, path + [i])

    walk(obj, [])
    junk = [None, True, False, 0, 1, -1, 1.5, 2.0, "", "x", "red", [], {}, [1], {"a": 1}, [["1/2", False]], "chance"]
    for _ in range(k):
        new = copy.deepcopy(obj)
        path = rng.choice(paths[1:]) if len(paths) > 1 else []
        parent = new
        for p in path[:-1]:
            parent = parent[p]
        if not path:
            continue
        last = path[-1]
        r = rng.random()
        if r < 0.15 and isinstance(parent, dict):
            del parent[last]
        elif r < 0.25 and isinstance(parent, list):
            parent.append(copy.deepcopy(parent[last]))
        elif r < 0.3 and isinstance(parent, dict):
            parent["extra"] = 1
        else:
            parent[last] = rng.choice(junk)
        yield new


@pytest.mark.parametrize("game", _games_with_schemas() or [pytest.param("none", marks=pytest.mark.skip(
    reason="no game has a state schema yet"))])
def test_fast_check_agrees_with_jsonschema_on_states_and_their_mutations(game):
    sp = specs.load(game)
    rng = random.Random(5)
    for kind, schema in (("state", sp.state_schema), ("action", sp.action_schema)):
        if not schema:
            continue
        check = fast.compile(schema, fallback=lambda x: None)
        assert check(None) in (True, False), f"{game} {kind} schema is outside the compiled subset"
        v = jsonschema.Draft202012Validator(schema)
        states = _sample_states(game)
        samples = states if kind == "state" else []
        if kind == "action" and states:
            from harness.engines import reference_engine

            ref = reference_engine(game)
            for s in states[:20]:
                samples += ref.legal_actions(ref.from_json(s))[:10]
        for obj in samples:
            assert check(obj) == v.is_valid(obj), obj
            for bad in _mutations(obj, rng, 8):
                assert check(bad) == v.is_valid(bad), bad


@settings(max_examples=100, suppress_health_check=list(HealthCheck), deadline=None)
@given(JSON)
def test_fast_check_agrees_on_random_json(value):
    for name in ("request", "state", "chance", "chance-action", "hello.response", "legal.response",
                 "batch.request", "error.response"):
        assert proto.fast_check(name)(value) == proto.validator(name).is_valid(value), (name, value)
    for game in _games_with_schemas():
        sp = specs.load(game)
        for schema in (sp.state_schema, sp.action_schema):
            if schema:
                assert _cached(game, id(schema))(value) == jsonschema.Draft202012Validator(schema).is_valid(value)


_CACHE: dict = {}


def _cached(game, key):
    if key not in _CACHE:
        sp = specs.load(game)
        schema = next(s for s in (sp.state_schema, sp.action_schema) if id(s) == key)
        _CACHE[key] = fast.compile(schema)
    return _CACHE[key]


SCHEMAS = [
    {"type": "integer"},
    {"enum": [1, "a", None, True, [1]]},
    {"const": 1},
    {"const": False},
    {"type": "array", "prefixItems": [{"type": "string"}, {"type": "boolean"}], "items": False, "minItems": 2},
    {"type": "object", "patternProperties": {"^a": {"type": "integer"}}, "additionalProperties": False},
    {"oneOf": [{"type": "integer"}, {"type": "number"}]},
    {"anyOf": [{"minimum": 3}, {"type": "string", "maxLength": 1}]},
    {"not": {"type": "null"}},
    {"if": {"type": "integer"}, "then": {"minimum": 0}, "else": {"type": "string"}},
    {"uniqueItems": True},
    {"contains": {"const": 2}},
    {"propertyNames": {"pattern": "^[a-z]+$"}, "minProperties": 1},
    {"multipleOf": 2},
    {"$defs": {"t": {"type": "array", "items": {"$ref": "#/$defs/t"}}}, "$ref": "#/$defs/t"},
]


@settings(max_examples=150, suppress_health_check=list(HealthCheck), deadline=None)
@given(JSON, st.sampled_from(range(len(SCHEMAS))))
def test_fast_check_agrees_on_each_keyword(value, i):
    schema = SCHEMAS[i]
    assert fast.compile(schema, fallback=lambda x: None)(value) == jsonschema.Draft202012Validator(schema).is_valid(value)


def test_schemas_outside_the_subset_fall_back_to_jsonschema():
    schema = {"type": "object", "unevaluatedProperties": False, "properties": {"a": {}}}
    check = fast.compile(schema)
    assert check({"a": 1}) and not check({"b": 1})
