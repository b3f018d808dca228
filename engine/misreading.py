"""Misreadings: plausible wrong readings of a clause, each a variant of the reference engine.

A :class:`Misreading` names the clause it misreads, says the misreading in words ("the
safety zone is entered one square late"), says how it was derived from the rule
(``source``: a parameter moved by one, an order reversed, a condition dropped...) and
builds an engine that plays the game under that reading. Diagnosis
(``harness.verdicts.diagnosis``) replays a candidate's divergences on each misreading:
the one that does what the candidate did, and agrees with the reference where the
candidate agreed, names the root cause of the divergences.

Each game's catalogue lives in ``engine/<game>/misreadings.py`` as ``MISREADINGS`` (a
list) or ``misreadings()`` (a function returning one). Every other option of every
choice (``specs/<game>/choices.toml``) is a misreading too: the reference configured
with that option reads the choice's clause the other way (:func:`choice_misreadings`).

Variants are subclasses of the reference engine (or the reference with a rules table
changed); they never touch the reference itself, so the fast path is unchanged.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable

#: how a misreading was derived from the rule (what a catalogue may say in ``source``)
SOURCES = {
    "parameter": "a number of the rule moved by one (a distance, a square, a count, a limit)",
    "order": "an order reversed or rotated (seats, colours, steps, ranks)",
    "timing": "the rule applied one turn, trick or round early or late",
    "condition": "a condition of the rule dropped, inverted or widened",
    "quantifier": "'each' read as 'all', 'any' as 'every', or the other way",
    "aggregate": "a count of cards read as a sum of values, or the other way",
    "variant": "a variant option ignored, or applied where it is off",
    "choice": "another option of a choice the rulebook leaves open",
    "provenance": "an alternative the reference's provenance declares",
    "geometry": "a zone, path or boundary of the board placed differently",
    "enumeration": "a set of actions or cards enumerated with members left out or added",
}


@dataclass(frozen=True)
class Misreading:
    """One wrong reading of ``clause``, played by ``build(choices)``.

    ``words`` says the misreading as a user would say the bug ("the 4 moves forward");
    ``also`` lists other clauses the same reading touches (a table shared by two rules)."""

    id: str
    clause: str
    words: str
    build: Callable[[dict], Any] = field(compare=False, repr=False)
    source: str = "condition"
    also: tuple[str, ...] = ()

    def __post_init__(self):
        if self.source not in SOURCES:
            raise ValueError(f"misreading {self.id}: unknown source {self.source!r}; known: {', '.join(SOURCES)}")

    def engine(self, choices: dict[str, str] | None = None):
        """The variant engine, configured with the candidate's choices."""
        return self.build(dict(choices or {}))


def choice_misreadings(game: str, reference_cls, choices: dict[str, str]) -> list[Misreading]:
    """Every option of every choice other than the one in ``choices``: the reference under
    that reading, a misreading of the choice's first clause (the others in ``also``)."""
    import specs

    spec = specs.load(game)
    out = []
    for ch in sorted(spec.choices.values(), key=lambda c: c.id):
        if not ch.clauses:
            continue
        current = choices.get(ch.id, ch.default)
        for opt, meaning in sorted(ch.options.items()):
            if opt == current:
                continue

            def build(cs, _cid=ch.id, _opt=opt):
                return reference_cls(choices={**cs, _cid: _opt})

            out.append(Misreading(f"choice:{ch.id}={opt}", ch.clauses[0],
                                  f"reads the open point {ch.id} as {opt!r} without declaring it: {_short(meaning)}",
                                  build, "choice", tuple(ch.clauses[1:])))
    return out


def _short(text: str, limit: int = 120) -> str:
    """The first sentence of an option's meaning, cut to ``limit`` characters."""
    first = text.split(". ")[0].split("; ")[0].strip()
    return first if len(first) <= limit else first[: limit - 3].rstrip() + "..."


def catalogue(game: str, reference_cls, choices: dict[str, str] | None = None) -> list[Misreading]:
    """The misreadings of ``game``: its own catalogue (``engine/<game>/misreadings.py``, absent
    for a game that has none yet), then every other option of its choices."""
    choices = dict(choices or {})
    try:
        mod = importlib.import_module(f"engine.{game}.misreadings")
    except ModuleNotFoundError as exc:
        if exc.name != f"engine.{game}.misreadings":
            raise
        own: list[Misreading] = []
    else:
        own = list(mod.misreadings() if callable(getattr(mod, "misreadings", None)) else mod.MISREADINGS)
    ids = [m.id for m in own]
    if len(ids) != len(set(ids)):
        raise ValueError(f"engine.{game}.misreadings: duplicate ids {sorted({i for i in ids if ids.count(i) > 1})}")
    return own + choice_misreadings(game, reference_cls, choices)
