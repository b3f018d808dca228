"""The games the harness knows: one package ``harness/games/<game>/`` each, holding everything
the harness knows about that game (its one position builder, situations, stateful machine,
Gherkin step definitions and the suite modules that bind them). ``docs/adding-a-game.md``.

The generic layers (driving engines, exploration, verdicts and reports, campaigns, the CLI)
never import a game package by name: they ask this registry, which imports
``harness.games.<name>`` when a game is first asked for. The games are those of
``specs.GAMES`` that have a package here.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import specs

HERE = Path(__file__).resolve().parent


@dataclass(frozen=True)
class GameHarness:
    """What the generic layers ask of a game; its package's ``__init__`` defines it as ``GAME``."""

    name: str
    #: random-playout plies per CPU-second asked of the reference engine, as a ratio to OpenSpiel's
    #: C++ hearts measured in the same run (``rulecheck bench``, ``harness.calibration``)
    bench_target: float | None = None

    @property
    def package(self) -> str:
        return f"harness.games.{self.name}"

    def part(self, name: str) -> ModuleType | None:
        """The module ``harness.games.<game>.<name>``, or None when the game has none."""
        full = f"{self.package}.{name}"
        try:
            return importlib.import_module(full)
        except ModuleNotFoundError as exc:
            if exc.name != full:
                raise
            return None

    def situations(self) -> list:
        """The positions built around a rule (``situations.SITUATIONS``; none without the module)."""
        mod = self.part("situations")
        return list(getattr(mod, "SITUATIONS", [])) if mod else []

    def machine(self) -> ModuleType:
        """The stateful machine's module: ``configs()`` and ``CHECKED_CLAUSES``."""
        mod = self.part("machine")
        if mod is None:
            raise LookupError(f"{self.name} has no stateful machine (harness/games/{self.name}/machine.py)")
        return mod

    @property
    def steps(self) -> str:
        """The module (or package) of the Gherkin step definitions."""
        return f"{self.package}.steps"

    def suite_files(self) -> list[Path]:
        """The game's own suite modules (``test_<game>_*.py``)."""
        return sorted((HERE / self.name).glob(f"test_{self.name}_*.py"))


def names() -> list[str]:
    """The games with a harness package, in the order of ``specs.GAMES``."""
    return [g for g in specs.GAMES if (HERE / g / "__init__.py").is_file()]


def get(name: str) -> GameHarness:
    """The harness of game ``name`` (LookupError when it has no package)."""
    if name not in names():
        raise LookupError(f"no harness package for game {name!r}; known: {', '.join(names())}")
    return importlib.import_module(f"harness.games.{name}").GAME


def declared_choice(engine, game: str, cid: str) -> str:
    """The reading of choice ``cid`` the engine under test declares, else the spec's default.

    Machine invariants that depend on a reading read it here, never assume the default,
    so the reference configured with any option (and a candidate declaring one) passes.
    """
    declared = getattr(engine, "choices", {}) or {}
    return declared.get(cid, specs.load(game).choices[cid].default)
