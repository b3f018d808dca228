"""The specs: what we read the rulebooks to mean (DESIGN: the flow of meaning).

Per game, ``specs/<game>/`` holds data files, validated on load against
``specs/spec.schema.json``:

- ``clauses.toml``     every rulebook sentence we read, with seed lines and exact Dutch quote
- ``parameters.toml``  facts the rules need, each ``sourced`` (with source) or ``assumed`` (with why)
- ``choices.toml``     questions with more than one reading that engines declare (``hello``
                       choices, ``--choice``), with our default and the register kind
- ``register.toml``    the other questions of the register (``specs.register``): each of
                       kind ``ambiguity``, ``gap``, ``variant``, ``fact`` or ``settled``
- ``alternatives.toml`` per clause with a decision point, the readings it was checked
                       against and whether the seed text excludes each
- ``state.schema.json`` / ``action.schema.json``  the canonical JSON notation

``load(game)`` returns a ``GameSpec``; a malformed file raises ``SpecError`` naming the
file and the field.
"""

from __future__ import annotations

import functools
import json
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

import jsonschema_rs

SPECS_DIR = Path(__file__).resolve().parent
META_SCHEMA = SPECS_DIR / "spec.schema.json"
ROOT = SPECS_DIR.parent
from specs.paths import FEATURES_DIR, SEEDS_DIR  # noqa: E402  (a checkout or an installed wheel: specs/paths.py)


def _game_files() -> dict[str, dict]:
    """``specs/<game>/game.toml`` of every game folder, in their ``order``."""
    found = {d.name: tomllib.loads((d / "game.toml").read_text(encoding="utf-8"))
             for d in SPECS_DIR.iterdir() if (d / "game.toml").is_file()}
    return dict(sorted(found.items(), key=lambda kv: (kv[1].get("order", 0), kv[0])))


_GAME_FILES = _game_files()
#: the games: every folder of specs/ with a game.toml
GAMES = tuple(_GAME_FILES)
SEED_FILES = {g: meta["seed"] for g, meta in _GAME_FILES.items()}
#: the game's name as people write it (Sorry!)
TITLES = {g: meta["title"] for g, meta in _GAME_FILES.items()}
#: every clause id of a game starts with its prefix: OPS-FOLLOW-SUIT, SRY-SLIDE, DNP-ACTION-B
CLAUSE_PREFIX = {g: meta["clause_prefix"] for g, meta in _GAME_FILES.items()}
#: every choice id of a game starts with its prefix and a dot: ops.joker-lead, sorry.slide-bumps-own
CHOICE_PREFIX = {g: meta["choice_prefix"] for g, meta in _GAME_FILES.items()}


def game_of_clause(clause_id: str) -> str | None:
    prefix = clause_id.split("-", 1)[0]
    return next((g for g, p in CLAUSE_PREFIX.items() if p == prefix), None)


class SpecError(Exception):
    """A spec data file is malformed or inconsistent."""


@dataclass(frozen=True)
class Clause:
    id: str
    lines: tuple[int, int]
    quotes: tuple[str, ...]
    summary: str
    kind: str = "rule"  # rule | example | informative
    status: str = "implemented"  # implemented | not-implemented
    reason: str = ""
    choices: tuple[str, ...] = ()
    #: a sentence that restates or illustrates other clauses (a goal, a worked example, the
    #: component list, an FAQ answer) decides nothing of its own in play: it is exercised
    #: whenever these are (situation coverage, ``harness.explore.coverage``)
    exercised_with: tuple[str, ...] = ()
    #: register ids (a choice, ``fact:<assumed parameter>`` or a ``register.toml`` item)
    #: for every decision the summary records that the text does not settle
    decides: tuple[str, ...] = ()

    @property
    def normative(self) -> bool:
        return self.kind != "informative"


#: the register kinds (``specs.register``); ``settled`` items are listed apart
REGISTER_KINDS = ("ambiguity", "gap", "variant", "fact", "settled")
#: kinds of register.toml before the four kinds were separated
LEGACY_KINDS = {"silent-default": "gap", "not-ambiguous": "settled"}


@dataclass(frozen=True)
class Choice:
    id: str
    question: str
    options: dict[str, str]
    default: str
    why: str
    lines: tuple[int, int]
    clauses: tuple[str, ...] = ()
    kind: str = "ambiguity"
    found: str = ""
    aliases: tuple[str, ...] = ()
    also_lines: tuple[int, ...] = ()
    shown_by: tuple[str, ...] = ()


@dataclass(frozen=True)
class Parameter:
    id: str
    provenance: str  # sourced | assumed
    value: object
    description: str
    source: str = ""
    why: str = ""
    clauses: tuple[str, ...] = ()
    decides: tuple[str, ...] = ()
    #: an assumed parameter is a register item ``fact:<id>``; of this kind
    register_kind: str = "fact"
    question: str = ""
    found: str = ""
    shown_by: tuple[str, ...] = ()
    readings: dict[str, str] = field(default_factory=dict)
    default: str | None = None


@dataclass(frozen=True)
class RegisterItem:
    """A question of ``register.toml`` (a kind of :data:`REGISTER_KINDS`)."""

    id: str
    kind: str
    question: str
    lines: tuple[int, int]
    why: str
    readings: dict[str, str] = field(default_factory=dict)
    default: str | None = None
    clauses: tuple[str, ...] = ()
    found: str = ""
    aliases: tuple[str, ...] = ()
    also_lines: tuple[int, ...] = ()
    shown_by: tuple[str, ...] = ()
    config: str = ""


@dataclass(frozen=True)
class Alternative:
    """A reading a clause was checked against (``alternatives.toml``): excluded by the seed's
    words, ``open`` (a register question), or not excluded but changing no play."""

    clause: str
    reading: str
    cls: str
    excluded: str = ""
    line: int | None = None
    open: str = ""
    no_effect: str = ""


@dataclass
class GameSpec:
    game: str
    seed_file: str
    clauses: dict[str, Clause]
    choices: dict[str, Choice]
    parameters: dict[str, Parameter]
    state_schema: dict | None
    action_schema: dict | None
    extra: dict = field(default_factory=dict)
    register: dict[str, RegisterItem] = field(default_factory=dict)
    #: clause id -> the alternative readings it was checked against
    alternatives: dict[str, tuple[Alternative, ...]] = field(default_factory=dict)

    def aliases(self) -> dict[str, str]:
        """Older id -> the id of the one question it now names."""
        out = {}
        for it in [*self.choices.values(), *self.register.values()]:
            out.update({a: it.id for a in it.aliases})
        return out

    def register_ids(self) -> set[str]:
        """Every id a clause's ``decides`` may name: choices, assumed facts, register items, and
        the older ids they keep as aliases."""
        facts = {f"fact:{p.id}" for p in self.parameters.values() if p.provenance == "assumed"}
        return set(self.choices) | facts | set(self.register) | set(self.aliases())

    @property
    def seed_path(self) -> Path:
        return SEEDS_DIR / self.seed_file

    def seed_lines(self) -> list[str]:
        return seed_lines(self.game)

    def default_choices(self) -> dict[str, str]:
        return {c.id: c.default for c in self.choices.values()}

    def param(self, pid: str):
        try:
            return self.parameters[pid].value
        except KeyError:
            raise SpecError(f"{self.game}: no parameter {pid!r} in parameters.toml") from None


def seed_lines(game: str) -> list[str]:
    """The rulebook's lines (index 0 is line 1), as bytes-exact text."""
    return (SEEDS_DIR / SEED_FILES[game]).read_text(encoding="utf-8").splitlines()


@functools.cache
def _meta_schema() -> dict:
    return json.loads(META_SCHEMA.read_text(encoding="utf-8"))


@functools.cache
def _section_check(section: str):
    """The check of one kind of spec file against ``spec.schema.json`` (jsonschema-rs says yes,
    in a fraction of the time: every process that loads a game's specs runs it)."""
    from specs.protocol.checker import SchemaCheck

    return SchemaCheck({"$defs": _meta_schema()["$defs"], "$ref": f"#/$defs/{section}"})


def _load_toml(path: Path, section: str) -> dict:
    if not path.exists():
        return {}
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise SpecError(f"{path}: not valid TOML: {exc}") from exc
    check = _section_check(section)
    if check.is_valid(data):
        return data
    errors = sorted(check.validator.iter_errors(data), key=lambda e: list(e.path))
    if errors:
        e = errors[0]
        where = "/".join(str(p) for p in e.path) or "(top)"
        raise SpecError(f"{path}: at {where}: {e.message}")
    raise SpecError(f"{path}: at {check.errors(data)[0]}")  # what only jsonschema-rs rejects (checker)


def _load_json(path: Path) -> dict | None:
    if not path.exists():
        return None
    try:
        schema = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise SpecError(f"{path}: not valid JSON: {exc}") from exc
    if not jsonschema_rs.meta.is_valid(schema):  # then jsonschema says what is wrong, as it always did
        import jsonschema

        jsonschema.Draft202012Validator.check_schema(schema)
    return schema


@functools.cache
def load(game: str) -> GameSpec:
    """Load and cross-check ``specs/<game>/``."""
    if game not in GAMES:
        raise SpecError(f"unknown game {game!r}; known games: {', '.join(GAMES)}")
    d = SPECS_DIR / game
    raw_clauses = _load_toml(d / "clauses.toml", "clauses").get("clause", [])
    raw_choices = _load_toml(d / "choices.toml", "choices").get("choice", [])
    raw_params = _load_toml(d / "parameters.toml", "parameters").get("parameter", {})
    raw_register = _load_toml(d / "register.toml", "register").get("item", [])
    raw_alternatives = _load_toml(d / "alternatives.toml", "alternatives").get("clause", [])

    clauses: dict[str, Clause] = {}
    for c in raw_clauses:
        if c["id"] in clauses:
            raise SpecError(f"{d}/clauses.toml: clause id {c['id']} is defined twice")
        quotes = c["quote"] if isinstance(c["quote"], list) else [c["quote"]]
        clauses[c["id"]] = Clause(
            id=c["id"],
            lines=(c["lines"][0], c["lines"][-1]),
            quotes=tuple(quotes),
            summary=c["summary"],
            kind=c.get("kind", "rule"),
            status=c.get("status", "implemented"),
            reason=c.get("reason", ""),
            choices=tuple(c.get("choices", ())),
            exercised_with=tuple(c.get("exercised_with", ())),
            decides=tuple(c.get("decides", ())),
        )
    choices: dict[str, Choice] = {}
    for ch in raw_choices:
        if ch["id"] in choices:
            raise SpecError(f"{d}/choices.toml: choice id {ch['id']} is defined twice")
        if ch["default"] not in ch["options"]:
            raise SpecError(f"{d}/choices.toml: choice {ch['id']}: default {ch['default']!r} is not an option")
        choices[ch["id"]] = Choice(
            id=ch["id"],
            question=ch["question"],
            options=dict(ch["options"]),
            default=ch["default"],
            why=ch["why"],
            lines=(ch["lines"][0], ch["lines"][-1]),
            clauses=tuple(ch.get("clauses", ())),
            kind=ch.get("kind", "ambiguity"),
            found=ch.get("found", ""),
            aliases=tuple(ch.get("aliases", ())),
            also_lines=tuple(ch.get("also_lines", ())),
            shown_by=tuple(ch.get("shown_by", ())),
        )
    params: dict[str, Parameter] = {}
    for pid, p in raw_params.items():
        value = p.get("value")
        if "file" in p:
            fpath = d / p["file"]
            if not fpath.exists():
                raise SpecError(f"{d}/parameters.toml: parameter {pid}: file {p['file']} does not exist")
            value = json.loads(fpath.read_text(encoding="utf-8"))
        params[pid] = Parameter(
            id=pid,
            provenance=p["provenance"],
            value=value,
            description=p["description"],
            source=p.get("source", ""),
            why=p.get("why", ""),
            clauses=tuple(p.get("clauses", ())),
            decides=tuple(p.get("decides", ())),
            register_kind=p.get("register_kind", "fact"),
            question=p.get("question", ""),
            found=p.get("found", ""),
            shown_by=tuple(p.get("shown_by", ())),
            readings=dict(p.get("readings", {})),
            default=p.get("default"),
        )
    register: dict[str, RegisterItem] = {}
    for it in raw_register:
        if it["id"] in register or it["id"] in choices:
            raise SpecError(f"{d}/register.toml: item id {it['id']} is defined twice (or is a choice id)")
        if it.get("default") is not None and it["default"] not in it.get("readings", {}):
            raise SpecError(f"{d}/register.toml: item {it['id']}: default {it['default']!r} is not a reading")
        register[it["id"]] = RegisterItem(
            id=it["id"], kind=LEGACY_KINDS.get(it["kind"], it["kind"]), question=it["question"],
            lines=(it["lines"][0], it["lines"][-1]), why=it["why"], readings=dict(it.get("readings", {})),
            default=it.get("default"), clauses=tuple(it.get("clauses", ())), found=it.get("found", ""),
            aliases=tuple(it.get("aliases", ())), also_lines=tuple(it.get("also_lines", ())),
            shown_by=tuple(it.get("shown_by", ())), config=it.get("config", ""),
        )
    alternatives: dict[str, tuple[Alternative, ...]] = {}
    for entry in raw_alternatives:
        if entry["id"] in alternatives:
            raise SpecError(f"{d}/alternatives.toml: clause {entry['id']} is listed twice")
        alternatives[entry["id"]] = tuple(
            Alternative(clause=entry["id"], reading=a["reading"], cls=a["class"], excluded=a.get("excluded", ""),
                        line=a.get("line"), open=a.get("open", ""), no_effect=a.get("no_effect", ""))
            for a in entry["alternatives"])
    spec = GameSpec(
        game=game,
        seed_file=SEED_FILES[game],
        clauses=clauses,
        choices=choices,
        parameters=params,
        state_schema=_load_json(d / "state.schema.json"),
        action_schema=_load_json(d / "action.schema.json"),
        register=register,
        alternatives=alternatives,
    )
    _cross_check(spec)
    return spec


def _cross_check(spec: GameSpec) -> None:
    where = f"specs/{spec.game}"
    for cl in spec.clauses.values():
        if not cl.id.startswith(CLAUSE_PREFIX[spec.game] + "-"):
            raise SpecError(f"{where}/clauses.toml: clause {cl.id} must start with {CLAUSE_PREFIX[spec.game]}-")
        for ch in cl.choices:
            if ch not in spec.choices:
                raise SpecError(f"{where}/clauses.toml: clause {cl.id} names unknown choice {ch}")
    for ch in spec.choices.values():
        for cid in ch.clauses:
            if cid not in spec.clauses:
                raise SpecError(f"{where}/choices.toml: choice {ch.id} names unknown clause {cid}")
    for p in spec.parameters.values():
        for cid in p.clauses:
            if cid not in spec.clauses:
                raise SpecError(f"{where}/parameters.toml: parameter {p.id} names unknown clause {cid}")
    for it in spec.register.values():
        for cid in it.clauses:
            if cid not in spec.clauses:
                raise SpecError(f"{where}/register.toml: item {it.id} names unknown clause {cid}")
    seen: dict[str, str] = {}
    for it in [*spec.choices.values(), *spec.register.values()]:
        for name in (it.id, *it.aliases):
            if name in seen:
                raise SpecError(f"{where}: register id {name!r} names two questions ({seen[name]} and {it.id})")
            seen[name] = it.id
    known = spec.register_ids()
    for cid, alts in spec.alternatives.items():
        if cid not in spec.clauses:
            raise SpecError(f"{where}/alternatives.toml: unknown clause {cid}")
        for a in alts:
            if a.open and a.open not in known:
                raise SpecError(f"{where}/alternatives.toml: {cid}: {a.open!r} is not on the register")
    for item, kind in [(c, "clauses") for c in spec.clauses.values()] + [(p, "parameters") for p in
                                                                        spec.parameters.values()]:
        for rid in item.decides:
            if rid not in known:
                raise SpecError(f"{where}/{kind}.toml: {item.id} decides {rid!r}, which is not on the register "
                                "(a choice, fact:<assumed parameter> or a register.toml item)")


def check_citations(spec: GameSpec) -> list[str]:
    """Problems with clause and choice citations: missing lines, quotes not on their lines."""
    lines = spec.seed_lines()
    problems = []
    items = [(c, "clause") for c in spec.clauses.values()] + [(c, "choice") for c in spec.choices.values()]
    for item, kind in items + [(r, "register item") for r in spec.register.values()]:
        a, b = item.lines
        if not (1 <= a <= b <= len(lines)):
            problems.append(f"{kind} {item.id}: lines {a}-{b} do not exist ({spec.seed_file} has {len(lines)} lines)")
            continue
        if kind == "clause":
            text = "\n".join(lines[a - 1 : b])
            for q in item.quotes:
                if q not in text:
                    problems.append(f"clause {item.id}: quote {q[:60]!r}... is not on lines {a}-{b}")
    return problems


def resolve_choices(game: str, given: dict[str, str] | None) -> dict[str, str]:
    """Defaults overridden by ``given``; UnknownChoiceError on an unknown id or option."""
    from specs.errors import UnknownChoiceError

    spec = load(game)
    out = spec.default_choices()
    if given is not None and not isinstance(given, dict):
        raise UnknownChoiceError(f"choices are an object {{choice id: option}}, got {type(given).__name__}")
    for cid, opt in (given or {}).items():
        if not isinstance(opt, str):
            raise UnknownChoiceError(f"the option of choice {cid!r} is a string, got {type(opt).__name__}")
        if cid not in spec.choices:
            known = ", ".join(sorted(spec.choices)) or "(none)"
            raise UnknownChoiceError(f"{game} has no choice {cid!r}; known choices: {known}")
        if opt not in spec.choices[cid].options:
            raise UnknownChoiceError(
                f"choice {cid!r} has no option {opt!r}; options: {', '.join(spec.choices[cid].options)}"
            )
        out[cid] = opt
    return out


def validate_state(game: str, obj: dict) -> list[str]:
    """Schema errors of a canonical state (empty when valid)."""
    return _schema_errors(load(game).state_schema, obj)


def validate_action(game: str, obj: dict) -> list[str]:
    return _schema_errors(load(game).action_schema, obj)


def action_is_valid(game: str, obj) -> bool:
    """Whether ``obj`` is a well-formed action (the yes/no fast path of :func:`validate_action`)."""
    schema = load(game).action_schema
    return schema is not None and _checker(schema)[1].is_valid(obj)


#: id(schema) -> (schema, SchemaCheck); schemas from load() are cached objects
_CHECKERS: dict[int, tuple] = {}


def _checker(schema: dict) -> tuple:
    hit = _CHECKERS.get(id(schema))
    if hit is None or hit[0] is not schema:
        from specs.protocol.checker import SchemaCheck

        hit = _CHECKERS[id(schema)] = (schema, SchemaCheck(schema))
    return hit


def _schema_errors(schema: dict | None, obj) -> list[str]:
    if schema is None:
        return ["no schema defined"]
    check = _checker(schema)[1]
    if check.is_valid(obj):  # jsonschema-rs (~100x faster than jsonschema); jsonschema explains a failure
        return []
    return [f"{'/'.join(map(str, e.absolute_path)) or '(top)'}: {e.message}" for e in check.iter_errors(obj)]
