"""Capabilities: which config keys (variants) an engine implements.

An engine may declare in ``hello`` the ``config`` keys of ``new_game`` it implements
(``specs/<game>/config.toml`` lists every key, the clauses only that key can exercise, and
where a canonical state shows the key in use). A test that hands the engine a config or a
position (``new_game``, ``from_json``: perft positions, vectors, situation starts, scenario
Givens) that needs an undeclared key is *not applicable* with that reason (:func:`guard`),
the machines and campaigns never draw such a config or start, and the key's clauses read
``not-applicable`` instead of failing. An engine that declares nothing implements every key.
"""

from __future__ import annotations

import functools
import tomllib

from specs import SPECS_DIR

NOT_APPLICABLE = "not applicable"


@functools.cache
def config_keys(game: str) -> dict[str, dict]:
    """``{key: {"required": bool, "default": value or absent, "clauses": [...]}}`` for ``game``."""
    path = SPECS_DIR / game / "config.toml"
    if not path.exists():
        return {}
    with open(path, "rb") as f:
        return {k["name"]: k for k in tomllib.load(f).get("key", [])}


def declared(engine) -> set[str] | None:
    """The keys ``engine`` declares (required keys always included), or None when it declares none."""
    keys = getattr(engine, "config_keys", None)
    if keys is None:
        return None
    return set(keys) | {k for k, v in config_keys(engine.game).items() if v.get("required")}


def missing_keys(engine, config: dict) -> list[str]:
    """Keys of ``config`` the engine does not implement (a key left at its default is fine)."""
    have = declared(engine)
    if have is None:
        return []
    spec = config_keys(engine.game)
    return sorted(k for k, v in config.items()
                  if k not in have and not ("default" in spec.get(k, {}) and spec[k]["default"] == v))


def fit(engine, config: dict) -> dict | None:
    """``config`` without the undeclared keys left at their defaults; None when it needs an undeclared key."""
    if missing_keys(engine, config):
        return None
    have = declared(engine)
    return config if have is None else {k: v for k, v in config.items() if k in have}


def unsupported_clauses(engine) -> dict[str, str]:
    """Clause id -> why it is not applicable, for the keys ``engine`` does not declare."""
    have = declared(engine)
    if have is None:
        return {}
    out = {}
    for key, spec in config_keys(engine.game).items():
        if key not in have:
            for c in spec.get("clauses", []):
                out.setdefault(c, f"the engine does not implement config key {key!r} (hello 'config')")
    return out


def configs_for(engine, strategy):
    """A Hypothesis config strategy narrowed to what ``engine`` implements."""
    if declared(engine) is None:
        return strategy
    return strategy.map(lambda c: fit(engine, c)).filter(lambda c: c is not None)


def require(engine, config: dict) -> None:
    """Skip the running test as not applicable when ``config`` needs a key ``engine`` lacks."""
    gone = missing_keys(engine, config)
    if gone:
        import pytest

        pytest.skip(f"{NOT_APPLICABLE}: needs config key(s) {', '.join(gone)}, which the engine does not declare")


def state_keys(game: str, state_json) -> list[str]:
    """The config keys a canonical state of ``game`` has in use (``state`` in config.toml): the
    value at the key's dotted path is present and not null, false or the key's ``state_unset``."""
    if not isinstance(state_json, dict):
        return []
    out = []
    for key, spec in config_keys(game).items():
        path = spec.get("state")
        if not path:
            continue
        value = state_json
        for part in path.split("."):
            value = value.get(part) if isinstance(value, dict) else None
        if value is not None and value is not False and value != spec.get("state_unset"):
            out.append(key)
    return sorted(out)


def state_missing_keys(engine, state_json) -> list[str]:
    """Keys a position uses that ``engine`` does not declare ([] when it declares none)."""
    have = declared(engine)
    if have is None:
        return []
    return [k for k in state_keys(engine.game, state_json) if k not in have]


def require_state(engine, state_json) -> None:
    """Skip the running test as not applicable when the position needs a key ``engine`` lacks."""
    gone = state_missing_keys(engine, state_json)
    if gone:
        import pytest

        pytest.skip(f"{NOT_APPLICABLE}: the position uses config key(s) {', '.join(gone)}, which the engine "
                    "does not declare")


def guard(engine) -> None:
    """Make every config (``new_game``) and position (``from_json``) handed to ``engine`` in a test
    first check the keys it declared: one that needs another key skips the test as not applicable,
    instead of an answer ``bad-config`` read as a finding. Nothing to do when it declares none."""
    if declared(engine) is None:
        return
    real_new_game, real_from_json = engine.new_game, engine.from_json

    def new_game(config):
        require(engine, config)
        return real_new_game(config)

    def from_json(obj):
        require_state(engine, obj)
        return real_from_json(obj)

    engine.new_game, engine.from_json = new_game, from_json


def config_clauses(game: str, config: dict) -> list[str]:
    """The clauses a config exercises: those of its optional keys set away from their defaults,
    else those of its required keys (a rejected plain config breaks the player count)."""
    spec = config_keys(game)
    optional: list[str] = []
    required: list[str] = []
    for k, v in sorted(config.items()):
        s = spec.get(k, {})
        if "default" in s and s["default"] == v:
            continue
        into = required if s.get("required") else optional
        into += [c for c in s.get("clauses", []) if c not in into]
    return optional or required
