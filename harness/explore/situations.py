"""Situations: the candidate beside the reference from positions built around a rule.

Random play rarely reaches some situations a rule is about (six cards of one value in a
hand, an own pawn inside the slide an 11-swap enters, a round ending under a scoring rule
card with jokers won). Each game lists :class:`Situation` values in
``harness/games/<game>/situations.py`` (``SITUATIONS``, built by the game's ``positions``):
a name, the clauses the situation is built around, and a builder that returns a reachable
start:

- ``{"config": {...}, "path": [action, ...]}``: a new game and the actions (chance
  outcomes chosen on purpose included) that lead to the situation. Every step is one the
  reference accepts, so the position is reachable and a finding's witness can show the
  path from a new game. Preferred.
- ``{"state": {...}}``: a canonical state the reference loads, for a situation no short
  path reaches.

Builders are deterministic functions of the ``random.Random`` they get. For each sample,
:func:`run_situation` starts both engines (a new game and the path that leads to the
situation, or a loaded position), then plays on for the situation's plies, with every check
of :class:`harness.explore.lockstep.Lockstep` in every state, the path's own states included.

Everything is seeded from the game, the situation's name and the sample number
(:func:`rng_for`): no Hypothesis draws, so a run is the same in-process and over the
protocol, and the same every time.
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass
from typing import Any, Callable

from engine import chance as chance_mod
from engine.canonical import dumps
from engine.errors import RulecheckError
from engine.protocol import Engine
from harness.verdicts.findings import current, raise_if_any
from harness import capabilities, games
from harness.explore.lockstep import Lockstep, Memory

CHECK = "situation"
#: situations are where rare rules are: more forbidden actions are offered per state than in random play
PROBES_PER_STATE = 6
#: samples per situation, relative to the situation's own count: the thorough profile builds more,
#: failfast (the project's own broken-engine tests) a third (at least one)
SCALE = {"thorough": 10.0, "failfast": 0.34}


Start = dict[str, Any]


@dataclass(frozen=True)
class Situation:
    """A family of reachable positions built around ``clauses``."""

    name: str
    clauses: tuple[str, ...]
    #: ``build(rng, reference)`` -> a start (see the module docstring); the reference engine is
    #: configured with the default readings and may be used to play forward or search
    build: Callable[[random.Random, Engine], Start]
    #: what the situation is, for people (shown in test ids and reports)
    why: str = ""
    #: player actions played (chance outcomes at random) after the start, for each sample
    plies: int = 30
    #: how many starts (different rng seeds) the default run builds
    samples: int = 3
    #: ``choose(rng, legal, state_json)`` -> the action to play after the start (default: uniform)
    choose: Callable[[random.Random, list, dict], dict] | None = None
    #: each sample is a distinct recorded position: ``build(sample, reference)`` gets the sample's
    #: number instead of a generator, every profile plays all ``samples`` (no more, no fewer), and a
    #: sample it cannot rebuild (None) or whose position uses a config key the candidate does not
    #: declare is left out, the others still played (pair coverage shows what it would have reached)
    indexed: bool = False


def situations(game: str) -> list[Situation]:
    """The situations of ``game`` (none when its harness package has no ``situations``)."""
    return games.get(game).situations()


def played_situations(game: str) -> list[Situation]:
    """What the suite plays: :func:`situations`, then the one that rebuilds the positions
    of the game's clause pairs the rest of the default run does not reach
    (:func:`pair_witnesses`), when it has such pairs and ``RULECHECK_PAIR_WITNESSES`` is not ``0``."""
    from harness.explore.pairs import WITNESS_SWITCH

    witnesses = pair_witnesses(game) if os.environ.get(WITNESS_SWITCH, "1") != "0" else None
    return situations(game) + ([witnesses] if witnesses is not None else [])


def pair_witnesses(game: str) -> Situation | None:
    """The situation ``pair-witnesses``: for each distinct ``at`` of the clause pairs marked ``replay``
    in ``specs/<game>/pairs.toml`` (``harness.explore.pairs``), the position before the transition
    where the long exploration met the pair, and that transition (then a few more plies); None when
    no pair of ``game`` is marked."""
    from harness.explore.pair_search import rebuild
    from harness.explore.pairs import FILE, WITNESSES, WITNESS_PLIES, marked

    pairs = marked(game)
    if not pairs:
        return None
    recipes: list[dict] = []
    for e in pairs:
        if e["at"] not in recipes:
            recipes.append(e["at"])

    def build(sample: int, reference) -> Start | None:
        try:
            state, action = rebuild(game, reference, recipes[sample])
        except (LookupError, RulecheckError):
            return None  # a recipe the engine or the builders no longer follow: its pairs show as gaps
        return {"state": reference.to_json(state), "path": [action]}

    return Situation(WITNESSES, tuple(sorted({c for e in pairs for c in e["clauses"]})), build,
                     f"the positions where the long exploration met {len(pairs)} clause pair(s) the rest of the "
                     f"default run does not reach (specs/{game}/{FILE}, replay = true)",
                     plies=WITNESS_PLIES, samples=len(recipes), indexed=True)


def rng_for(game: str, name: str, sample: int) -> random.Random:
    """The seeded generator of one sample: the same start in every mode and every run."""
    return random.Random(f"{game}/{name}/{sample}")


class SituationError(RuntimeError):
    """A position builder of rulecheck is wrong (its path is not one the reference allows)."""


def samples(situation: Situation) -> int:
    from harness.profiles import PROFILE

    if situation.indexed:
        return situation.samples
    return max(1, int(situation.samples * SCALE.get(os.environ.get("HYPOTHESIS_PROFILE", PROFILE), 1.0)))


def run_situation(candidate: Engine, reference: Engine, builder: Engine, game: str, situation: Situation) -> int:
    """Play every sample of ``situation``; return the number of states visited. Findings are
    recorded on the running test's sink and the test fails at the end with all of them."""
    before = dict(current().counts)
    memory = Memory()
    visited = 0
    for i in range(samples(situation)):
        rng = rng_for(game, situation.name, i)
        start = situation.build(i if situation.indexed else rng, builder)
        ls = Lockstep(candidate, reference, CHECK, memory, PROBES_PER_STATE)
        other_reading = reference.choices != builder.choices
        if situation.indexed and (start is None or capabilities.state_missing_keys(candidate, start.get("state"))):
            continue  # a recorded position no longer rebuilt, or of a variant the candidate does not implement
        if "state" in start:
            try:
                started = ls.start_from_state(start["state"])
            except RulecheckError as exc:
                if other_reading:
                    continue  # a position of the default readings that this reading never reaches
                raise SituationError(f"{game} situation {situation.name!r}, sample {i}: the reference rejects the "
                                     f"built position: {exc}") from None
            if not started:
                continue
        else:
            try:
                started = ls.start(start["config"])
            except RulecheckError as exc:
                if other_reading:
                    continue  # a config of the default readings (a rule row) this reading does not allow
                raise SituationError(f"{game} situation {situation.name!r}, sample {i}: the reference rejects the "
                                     f"config: {exc}") from None
            if not started:
                continue
        for k, action in enumerate(start.get("path", [])):
            if ls.ref is None:
                break
            legal = reference.legal_actions(ls.ref)
            pending = reference.chance(ls.ref)
            if not legal and pending is not None:
                try:
                    reference.apply(ls.ref, action)
                except RulecheckError as exc:
                    if not other_reading:
                        raise SituationError(f"{game} situation {situation.name!r}, sample {i}: step {k} of the "
                                             f"path, {dumps(action)}, is not possible in the reference: {exc}") from None
                    break  # a chance outcome of the default readings (another deck) this reading cannot give
            if legal and dumps(action) not in {dumps(a) for a in legal}:
                if not other_reading:
                    raise SituationError(f"{game} situation {situation.name!r}, sample {i}: step {k} of the path, "
                                         f"{dumps(action)}, is not legal in the reference")
                break  # the candidate's readings differ from the defaults the path was built under
            if not legal and pending is None:
                break
            ls.step(lambda _legal, _chance, a=action: a)
            visited += 1
        plies = 0
        while ls.ref is not None and not ls.finished and plies < situation.plies:
            def choose(legal, chance):
                if legal:
                    if situation.choose is not None:
                        return situation.choose(rng, legal, reference.to_json(ls.ref))
                    return rng.choice(sorted(legal, key=dumps))
                return chance_mod.sample(chance, rng)

            player_turn = bool(reference.legal_actions(ls.ref))
            if not ls.step(choose):
                visited += 1
                break
            visited += 1
            plies += player_turn
    for check in (CHECK, "observation", "probe", "result", "protocol"):
        raise_if_any(check, before)
    return visited
