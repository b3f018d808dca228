"""Finding engines by name: ``reference``, ``py:<module>:<factory>`` (and later ``cmd:<command>``).

The reference engine of a game (one of ``specs.GAMES``) is the class ``<Game>Engine`` of the
package ``engine/<game>/`` (``engine.chess:ChessEngine`` for a game ``chess``); this module is the one place that
knows that convention.
"""

from __future__ import annotations

import functools
import importlib
import os
import random
import sys

import specs
from engine.errors import BadConfigError, UnknownChoiceError
from engine.protocol import Engine

#: game -> ``module:class`` of its reference engine
REFERENCE = {game: f"engine.{game}:{game.capitalize()}Engine" for game in specs.GAMES}


class EngineSpecError(ValueError):
    """An ``--engine`` value rulecheck cannot use."""


def available_games() -> list[str]:
    """Games whose reference engine is importable (in a fixed order)."""
    out = []
    for game, target in REFERENCE.items():
        try:
            _load(target)
        except ImportError:
            continue
        out.append(game)
    return out


def _load(target: str):
    mod, _, attr = target.partition(":")
    return getattr(importlib.import_module(mod), attr)


def reference_engine(game: str, choices: dict[str, str] | None = None) -> Engine:
    if game not in REFERENCE:
        raise EngineSpecError(f"unknown game {game!r}; known games: {', '.join(REFERENCE)}")
    try:
        cls = _load(REFERENCE[game])
    except ImportError as exc:
        raise EngineSpecError(f"the reference engine for {game} is not available: {exc}") from exc
    return cls(choices=choices)


@functools.lru_cache(maxsize=64)
def _shared_reference(game: str, choices: tuple) -> Engine:
    return reference_engine(game, dict(choices))


def oracle(game: str, choices: dict[str, str] | None = None) -> Engine:
    """A shared reference engine configured with ``choices``, for judging and explaining
    (engines are pure, so one instance per reading serves every check of a run)."""
    return _shared_reference(game, tuple(sorted((choices or {}).items())))


def random_config(game: str, rng: random.Random) -> dict:
    """A random legal configuration of ``game`` (from the reference package's config space)."""
    mod = importlib.import_module(f"engine.{game}")
    return mod.random_config(rng)


def open_engine(spec: str, game: str, choices: dict[str, str] | None = None) -> Engine:
    """An engine from an ``--engine`` value.

    - ``reference``: our engine for ``game``, configured with ``choices``;
    - ``py:<module>:<factory>``: ``factory(game=..., choices=...)`` returns an engine object.
    """
    if spec in ("", "reference"):
        return reference_engine(game, choices)
    kind, _, rest = spec.partition(":")
    if kind == "py":
        mod, _, attr = rest.partition(":")
        if not mod or not attr:
            raise EngineSpecError(f"--engine {spec!r}: write py:<module>:<factory>, e.g. py:mypkg.engine:make")
        if os.getcwd() not in sys.path:  # like `python -m`: a module in the current directory is importable
            sys.path.insert(0, os.getcwd())
        try:
            factory = getattr(importlib.import_module(mod), attr)
        except (ImportError, AttributeError) as exc:
            raise EngineSpecError(f"--engine {spec!r}: cannot import {mod}:{attr}: {exc}") from exc
        return factory(game=game, choices=choices)
    if kind == "cmd":
        try:
            from harness.driver.subprocess_engine import SubprocessEngine
        except ImportError as exc:
            raise EngineSpecError("subprocess engines (cmd:...) are not available in this build") from exc
        kwargs = {}
        if os.environ.get("RULECHECK_DEADLINE"):
            try:
                kwargs["deadline"] = float(os.environ["RULECHECK_DEADLINE"])
            except ValueError:
                raise EngineSpecError(f"RULECHECK_DEADLINE={os.environ['RULECHECK_DEADLINE']!r} is not a number of seconds") from None
        return SubprocessEngine(rest, game=game, choices=choices, **kwargs)
    raise EngineSpecError(
        f"--engine {spec!r}: expected 'reference', 'py:<module>:<factory>' or 'cmd:<command line>'"
    )


__all__ = [
    "BadConfigError",
    "EngineSpecError",
    "UnknownChoiceError",
    "available_games",
    "open_engine",
    "random_config",
    "reference_engine",
]
