"""The schema check (specs.protocol.checker: jsonschema-rs decides) agrees with jsonschema.

A schema check that said yes to an invalid object would let a bad state through, one that
said no to a valid one would blame a correct engine. These tests compare jsonschema-rs
with jsonschema on real states and actions of every game, on the protocol answers that
carry them, on one-value mutations of all of these, on random JSON and per keyword; and
check that a violation is still explained with a message that names the path.
"""

from __future__ import annotations

import copy
import random
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import specs
import specs.protocol as proto
from specs.protocol.checker import SchemaCheck

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


def _sample_states(game: str, n: int = 25, max_plies: int = 40) -> list[dict]:
    """``n`` states met in random playouts of the reference (every state of each game, from the start)."""
    try:
        from harness.engines import random_config, reference_engine
        from harness.explore.machine import random_playout

        ref = reference_engine(game)
        rng = random.Random(1)
        out: list[dict] = []
        while len(out) < n:
            random_playout(ref, random_config(game, rng), rng, max_plies=max_plies,
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


def _agree(check: SchemaCheck, obj, explain: bool = False) -> bool:
    """jsonschema-rs and jsonschema give the same answer on ``obj`` (and, with ``explain``, a
    rejected ``obj`` gets at least one message); returns the answer."""
    ok = check.validator.is_valid(obj)
    assert check.is_valid(obj) == ok, obj
    if explain and not ok:
        assert check.errors(obj), obj
    return ok


@pytest.mark.parametrize("game", _games_with_schemas())
def test_agrees_with_jsonschema_on_states_actions_and_their_mutations(game):
    _corpus_agrees(game, states=10, mutations=4)


@pytest.mark.campaign
@pytest.mark.parametrize("game", _games_with_schemas())
def test_campaign_agrees_on_thousands_of_states(game):
    """The issue's corpus size: 5,000 states per game, 2 mutations of each (jsonschema takes minutes)."""
    _corpus_agrees(game, states=5000, mutations=2)


def _corpus_agrees(game: str, states: int, mutations: int) -> None:
    sp = specs.load(game)
    rng = random.Random(5)
    corpus = _sample_states(game, states, max_plies=40 if states < 100 else 10_000)
    assert len(corpus) == states, "no corpus: the reference could not play"
    from harness.engines import reference_engine

    ref = reference_engine(game)
    actions = [a for s in corpus[:10] for a in ref.legal_actions(ref.from_json(s))[:10]]
    assert actions
    invalid = 0
    for schema, objs in ((sp.state_schema, corpus), (sp.action_schema, actions)):
        check = SchemaCheck(schema)
        for i, obj in enumerate(objs):
            assert check.is_valid(obj), obj
            for bad in _mutations(obj, rng, mutations):
                invalid += not _agree(check, bad, explain=i % 3 == 0)
    assert invalid > 10  # the mutations reach invalid objects, so both answers are exercised


def _answers(game: str) -> list[tuple[str, dict]]:
    """Protocol answers of the reference over ``rulecheck serve`` (in process): new, legal,
    apply, batch and error answers, as (response schema name, answer)."""
    from harness.engines import random_config
    from harness.serve import Server, reference_factory
    from engine import chance as chance_mod

    srv = Server(reference_factory(game))
    rng = random.Random(2)
    out = [("hello.response", srv.handle({"id": 0, "op": "hello"}))]
    state = srv.handle({"id": 1, "op": "new", "game": game, "config": random_config(game, rng)})
    out.append(("new.response", state))
    subs = []
    s = state["state"]
    for i in range(6):
        if s["result"] is not None:
            break
        if s["chance"] is not None:
            action = chance_mod.sample(s["chance"], rng)
        else:
            legal = srv.handle({"id": 2, "op": "legal", "state": s})
            out.append(("legal.response", legal))
            action = legal["actions"][0]
        subs.append({"op": "apply", "state": s, "action": action, "legal": True})
        got = srv.handle({"id": 3, "op": "apply", "state": s, "action": action})
        out.append(("apply.response", got))
        s = got["state"]
    out.append(("batch.response", srv.handle({"id": 4, "op": "batch", "requests": subs})))
    out.append(("error.response", srv.handle({"id": 5, "op": "apply", "state": s, "action": {"type": "nonsense"}})))
    for name, ans in out:
        assert "error" not in ans or name == "error.response", ans
    return out


@pytest.mark.parametrize("game", _games_with_schemas())
def test_agrees_with_jsonschema_on_protocol_answers_and_their_mutations(game):
    rng = random.Random(7)
    for name, answer in _answers(game):
        check = proto.check(name)
        assert check.is_valid(answer), (name, answer)
        for bad in _mutations(answer, rng, 12):
            _agree(check, bad, explain=True)


@settings(max_examples=100, suppress_health_check=list(HealthCheck), deadline=None)
@given(JSON)
def test_agrees_on_random_json(value):
    for name in ("request", "state", "chance", "chance-action", "hello.response", "legal.response",
                 "batch.request", "error.response"):
        check = proto.check(name)
        assert check.is_valid(value) == proto.validator(name).is_valid(value), (name, value)
    for game in _games_with_schemas():
        sp = specs.load(game)
        for schema in (sp.state_schema, sp.action_schema):
            _agree(specs._checker(schema)[1], value)


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
    {"type": "object", "unevaluatedProperties": False, "properties": {"a": {}}},
]


@settings(max_examples=150, suppress_health_check=list(HealthCheck), deadline=None)
@given(JSON, st.sampled_from(range(len(SCHEMAS))))
def test_agrees_on_each_keyword(value, i):
    _agree(SchemaCheck(SCHEMAS[i]), value)


def test_a_violation_is_explained_naming_the_path():
    """jsonschema explains: a failed oneOf is reported at its deepest path, not as 'not valid under oneOf'."""
    chance = {"event": "teams", "draws": [None]}
    assert proto.errors("chance", chance)[0].startswith("draws/0: None is not of type 'object'")
    from harness.driver.referee import game_checkers, state_problems

    state = _sample_states("sorry", 1)[0]
    bad = copy.deepcopy(state)
    bad["draw_pile"][0] = "13"
    problems = state_problems(bad, "sorry", game_checkers("sorry", None, None)[0])
    assert problems and problems[0].startswith("draw_pile/0: '13' is not one of ['1', '2', '3'")
    assert specs.validate_state("sorry", bad)[0].startswith("draw_pile/0: ")


def test_input_jsonschema_rs_cannot_take_gets_jsonschema_answer():
    """A lone surrogate (jsonschema-rs cannot encode it) and a non-JSON Python value."""
    check = proto.check("hello.request")
    assert check.is_valid({"id": "\ud800", "op": "hello"}) is True
    assert check.errors({"id": 1, "op": "hello", "protocol": "\ud800"})[0].startswith("protocol: ")
    assert SchemaCheck({"type": "array"}).is_valid([1, 2]) and not SchemaCheck({"type": "array"}).is_valid("ab")


def test_ecma_pattern_is_explained_when_only_jsonschema_rs_rejects_it():
    """jsonschema-rs follows ECMA-262 ('$' does not match before a trailing newline): a pawn
    name with a newline is rejected, with jsonschema-rs's own message (jsonschema sees no error)."""
    check = SchemaCheck({"type": "object", "properties": {"pawn": {"type": "string", "pattern": "^(red|blue) [1-4]$"}}})
    bad = {"pawn": "red 1\n"}
    assert check.is_valid({"pawn": "red 1"})
    assert not check.is_valid(bad) and check.validator.is_valid(bad)
    assert check.errors(bad)[0].startswith("pawn: ") and "does not match" in check.errors(bad)[0]


def test_an_opsnorren_card_is_one_of_the_47_names_for_both_validators():
    """OPS-COMPONENTS: 44 cards of values 0-10 in four colours and three jokers. The state and
    action schemas list the canonical names (an enum: exact for both libraries, where a pattern's
    '$' is read differently by each), and the list is the engine's."""
    from engine.opsnorren.cards import NAMES

    spec = specs.load("opsnorren")
    for schema in (spec.state_schema, spec.action_schema):
        assert schema["$defs"]["card"]["enum"] == list(NAMES) and len(NAMES) == 47
    check = SchemaCheck(spec.action_schema)
    for name in NAMES:
        assert check.is_valid({"type": "play", "player": 1, "card": name})
    for bad in ("green 8\n", "green 11", "Green 8", "green 08", "joker", ""):
        action = {"type": "play", "player": 1, "card": bad}
        assert not check.is_valid(action) and not check.validator.is_valid(action)
        assert check.errors(action)


def _ref_targets(schema: dict, resources: dict[str, dict]):
    """Every (document, pointer) a $ref in ``schema`` names."""
    stack = [schema]
    while stack:
        s = stack.pop()
        if isinstance(s, dict):
            if isinstance(s.get("$ref"), str):
                yield s["$ref"]
            stack.extend(s.values())
        elif isinstance(s, list):
            stack.extend(s)


def test_no_shipped_schema_refers_to_itself():
    """jsonschema-rs recurses on the native stack: a self-referring schema and a value nested
    ~40,000 deep crash the process (seen). No shipped schema refers to itself, so validation
    depth is bounded by the schema's, whatever the input's depth."""
    docs = {s["$id"]: s for s in proto.schemas().values()}
    for g in _games_with_schemas():
        sp = specs.load(g)
        for s in (sp.state_schema, sp.action_schema):
            docs[s.get("$id") or f"{g}:{id(s)}"] = s
    from urllib.parse import urldefrag, urljoin

    def resolve(base, ref):
        uri, frag = urldefrag(urljoin(base, ref) if ref.split("#")[0] else base + "#" + ref.split("#", 1)[1])
        node = docs[uri]
        for part in filter(None, frag.split("/")):
            node = node[part]
        return uri, frag, node

    for base, doc in docs.items():
        seen, stack = set(), [(base, "", doc, ())]
        while stack:
            uri, frag, node, path = stack.pop()
            for ref in _ref_targets(node, docs):
                target = resolve(uri, ref)
                key = target[:2]
                assert key not in path + ((uri, frag),), f"{base}: $ref cycle through {key}"
                if key not in seen:
                    seen.add(key)
                    stack.append((*target, path + ((uri, frag),)))


def test_a_value_nested_deeply_does_not_crash_any_check():
    code = ("import specs, specs.protocol as p\n"
            "deep = []\nx = deep\nfor _ in range(100000):\n    x.append([]); x = x[0]\n"
            "for n in p.schema_names():\n    p.check(n).is_valid(deep); p.check(n).is_valid({'state': deep, 'op': 'apply'})\n"
            "for g in specs.GAMES:\n    sp = specs.load(g)\n"
            "    for s in (sp.state_schema, sp.action_schema):\n        specs._checker(s)[1].is_valid({'hands': deep})\n"
            "print('ok')\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and r.stdout.strip() == "ok", (r.returncode, r.stderr[-2000:])
