"""Capabilities: which config keys (variants) an engine implements (issue 9).

An engine may declare in ``hello`` the ``config`` keys of ``new_game`` it implements
(``specs/<game>/config.toml`` lists every key and the clauses only that key can
exercise). A test that needs an undeclared key is *not applicable* with that reason,
the machines never draw such a config, and the key's clauses read ``not-applicable``
instead of failing. An engine that declares nothing implements every key.
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
