"""What every ``rulecheck`` command shares: the consoles, bad-input errors, and reading games,
choices and configs from the command line."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from rich.console import Console

import specs
from harness.engines import available_games

#: off a terminal (a CI log, a pipe) nothing is wrapped: a clause id or test id is never split over lines
console = Console(highlight=False, soft_wrap=not sys.stdout.isatty())
err_console = Console(stderr=True, highlight=False)


class UsageProblem(Exception):
    """Bad command-line input that is not an engine or spec error."""


def parse_choices(values: tuple[str, ...]) -> dict[str, str]:
    out = {}
    for v in values:
        cid, sep, opt = v.partition("=")
        if not sep or not cid or not opt:
            raise UsageProblem(f"--choice {v!r}: write --choice ID=OPTION, e.g. --choice <game>.<question>=<option> (rulecheck ambiguities lists them)")
        out[cid] = opt
    return out


def parse_config(values: tuple[str, ...]) -> dict:
    """``KEY=VALUE`` pairs, VALUE as JSON; ``KEY=@FILE`` reads the JSON of a file (a deck)."""
    out: dict = {}
    for v in values:
        key, sep, raw = v.partition("=")
        if not sep or not key:
            raise UsageProblem(f"--config {v!r}: write --config KEY=VALUE (VALUE as JSON, e.g. variant=\"team\" or quick_start=true)")
        if raw.startswith("@"):
            try:
                out[key] = json.loads(Path(raw[1:]).read_text(encoding="utf-8"))
            except (OSError, ValueError) as exc:
                raise UsageProblem(f"--config {key}=@FILE: cannot read {raw[1:]!r} as JSON: {exc}") from None
            continue
        try:
            out[key] = json.loads(raw)
        except json.JSONDecodeError:
            out[key] = raw
    return out


def pick_games(game: str | None) -> list[str]:
    games = available_games()
    if game:
        if game not in specs.GAMES:
            raise UsageProblem(f"unknown game {game!r}; known games: {', '.join(specs.GAMES)}")
        if game not in games:
            raise UsageProblem(f"the {game} reference engine is not available in this build")
        return [game]
    if not games:
        raise UsageProblem("no game engine is available")
    return games


def _safe(text: str) -> str:
    from harness.verdicts.check_outcome import safe

    return safe(text)


def _probe_engine(spec: str, game: str, choices: dict[str, str]) -> None:
    """Open the engine once before the suite, so a bad --engine is one clear error, not 200 failures."""
    from harness.engines import open_engine

    eng = open_engine(spec, game, {k: v for k, v in choices.items() if k.split(".")[0] == _choice_prefix(game)})
    close = getattr(eng, "close", None)
    if close:
        close()


def _choice_prefix(game: str) -> str:
    return specs.CHOICE_PREFIX[game]
