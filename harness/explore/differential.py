"""Differential play: the candidate and the reference in lockstep (DESIGN: kinds of check).

The reference is configured with the candidate's declared choices. From the same config
and the same chance outcomes (drawn from the reference's chance description), Hypothesis
picks the actions among the reference's legal ones; in every state both engines reach, a
:class:`harness.explore.lockstep.Lockstep` compares the legal action sets, the chance event, every
player's observation, negative probes, earlier requests asked again, and the successor.

Every divergence is recorded as a finding (``harness.verdicts.findings``) blamed through the
reference's provenance (``harness.verdicts.blame``) with a one-transition witness; then the
candidate is put back on the reference's state (resync) and play goes on, so one bug
does not hide the next. The test fails at the end with every clause found.

After Hypothesis's games, :func:`sweep` plays the covering configs of the game
(``covering_configs`` of ``harness/games/<game>/machine.py``: every declared config value at least
once, ``harness.explore.coverage``) that reach a value those games missed, for a few seeded
plies: the default run reaches every value whatever Hypothesis draws, and explores as before
when Hypothesis reached them all.
"""

from __future__ import annotations

import random

from hypothesis import note, target
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, rule, run_state_machine_as_test

from engine import chance as chance_mod
from engine.canonical import dumps
from engine.protocol import Engine
from harness import capabilities, games
from harness.verdicts.blame import DIFFERENTIAL  # noqa: F401  (imported from here)
from harness.verdicts.findings import current, raise_if_any
from harness.explore import coverage
from harness.explore.lockstep import Lockstep, Memory

CHECK = "differential"
#: the checks a lockstep records under (besides ``protocol``)
LOCKSTEP_CHECKS = (CHECK, "observation", "probe", "result")


class DifferentialMachine(RuleBasedStateMachine):
    candidate: Engine
    reference: Engine
    memory: Memory

    def __init__(self):
        super().__init__()
        self.game = Lockstep(self.candidate, self.reference, CHECK, self.memory)

    def _start(self, config: dict) -> None:
        note(f"new_game({dumps(config)})")
        self.game.start(config)

    def teardown(self):
        # Hypothesis targeting: prefer games that exercise more different rules (round ends,
        # scoring, rare cards), so the target phase steers exploration towards them
        target(float(len(self.game.exercised)), label="clauses exercised")

    @rule(data=st.data())
    def step(self, data):
        self._step(data)

    @rule(data=st.data(), n=st.integers(min_value=2, max_value=40))
    def steps(self, data, n):
        for _ in range(n):
            if not self._step(data):
                break

    def _step(self, data) -> bool:
        def choose(legal, chance):
            if legal:
                action = data.draw(st.sampled_from(sorted(legal, key=dumps)), label="action")
            else:
                action = chance_mod.sample(chance, data.draw(st.randoms(use_true_random=False), label="chance rng"))
            note(f"apply {dumps(action)}")
            return action

        return self.game.step(choose)


def configs_for(game: str):
    return games.get(game).machine().configs()


#: player actions played from each covering config (:func:`sweep`)
SWEEP_PLIES = 20


def covering_configs(game: str) -> list[dict]:
    """Configs that together reach every declared config value of ``game`` (none when its machine
    module lists none)."""
    return list(getattr(games.get(game).machine(), "covering_configs", list)())


def sweep(candidate: Engine, reference: Engine) -> int:
    """Play each covering config the candidate implements that reaches a declared config value
    no game of this test has reached yet, in lockstep for :data:`SWEEP_PLIES` player actions,
    every choice seeded by the game and the config's place in the list (no Hypothesis draw: the
    same in-process and over the protocol). Returns the states visited."""
    memory, visited = Memory(), 0
    choices = dict(getattr(candidate, "choices", {}) or {})
    for i, config in enumerate(covering_configs(reference.game)):
        config = capabilities.fit(candidate, config)
        reached = {v for v, (played, _) in current().config.items() if played}
        if config is None or set(coverage.config_values(reference.game, config, choices)) <= reached:
            continue
        rng = random.Random(f"{reference.game}/sweep/{i}")
        game = Lockstep(candidate, reference, CHECK, memory)
        if not game.start(config):
            continue

        def choose(legal, chance):
            return rng.choice(sorted(legal, key=dumps)) if legal else chance_mod.sample(chance, rng)

        plies = 0
        while plies < SWEEP_PLIES and game.ref is not None:
            player_turn = bool(reference.legal_actions(game.ref))
            visited += 1
            if not game.step(choose):
                break
            plies += player_turn
    return visited


def run_differential(candidate: Engine, reference: Engine, configs, covering: bool = False) -> None:
    """Play in lockstep under the active Hypothesis profile (then, with ``covering``, the covering
    configs of the values it missed: :func:`sweep`); fail at the end with every finding."""

    class Bound(DifferentialMachine):
        @initialize(config=capabilities.configs_for(candidate, configs))
        def new_game(self, config):
            self._start(config)

    Bound.candidate = candidate
    Bound.reference = reference
    Bound.memory = Memory()
    Bound.__name__ = f"Differential[{candidate.name} vs {reference.name}]"
    before = dict(current().counts)
    run_state_machine_as_test(Bound)
    if covering:
        sweep(candidate, reference)
    for check in (*LOCKSTEP_CHECKS, "protocol"):
        raise_if_any(check, before)
