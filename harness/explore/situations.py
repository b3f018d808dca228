"""Situations: the candidate beside the reference from positions built around a rule.

Random play rarely reaches some situations a rule is about; ``harness/positions/<game>.py``
builds reachable starts for them (:class:`harness.positions.Situation`). For each sample,
:func:`run_situation` starts both engines (a new game and the path that leads to the
situation, or a loaded position), then plays on for the situation's plies, with every check
of :class:`harness.explore.lockstep.Lockstep` in every state, the path's own states included.

Everything is seeded from the game, the situation's name and the sample number
(:func:`harness.positions.rng_for`): no Hypothesis draws, so a run is the same in-process
and over the protocol, and the same every time.
"""

from __future__ import annotations

import os

from engine import chance as chance_mod
from engine.canonical import dumps
from engine.errors import RulecheckError
from engine.protocol import Engine
from harness.verdicts.findings import current, raise_if_any
from harness.explore.lockstep import Lockstep, Memory
from harness.positions import Situation, rng_for

CHECK = "situation"
#: situations are where rare rules are: more forbidden actions are offered per state than in random play
PROBES_PER_STATE = 6
#: samples per situation, relative to the situation's own count: the thorough profile builds more,
#: failfast (the project's own broken-engine tests) a third (at least one)
SCALE = {"thorough": 10.0, "failfast": 0.34}


class SituationError(RuntimeError):
    """A position builder of rulecheck is wrong (its path is not one the reference allows)."""


def samples(situation: Situation) -> int:
    from harness.profiles import PROFILE

    return max(1, int(situation.samples * SCALE.get(os.environ.get("HYPOTHESIS_PROFILE", PROFILE), 1.0)))


def run_situation(candidate: Engine, reference: Engine, builder: Engine, game: str, situation: Situation) -> int:
    """Play every sample of ``situation``; return the number of states visited. Findings are
    recorded on the running test's sink and the test fails at the end with all of them."""
    before = dict(current().counts)
    memory = Memory()
    visited = 0
    for i in range(samples(situation)):
        rng = rng_for(game, situation.name, i)
        start = situation.build(rng, builder)
        ls = Lockstep(candidate, reference, CHECK, memory, PROBES_PER_STATE)
        other_reading = reference.choices != builder.choices
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
