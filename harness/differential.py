"""Differential play: the candidate and the reference in lockstep (DESIGN: kinds of check).

The reference is configured with the candidate's declared choices. From the same
config and the same chance outcomes (drawn from the reference's chance description),
at every step the machine compares:

- the chance descriptions (what random event is pending, over which pool);
- the legal action sets (as sets of canonical JSON: order does not matter);
- the successor states (canonical JSON).

The first divergence fails with ``[DIFFERENTIAL]``, the state both engines were given,
the action, and a readable diff; Hypothesis shrinks it to the shortest action sequence.
"""

from __future__ import annotations

import importlib

from hypothesis import note
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, rule, run_state_machine_as_test

from engine import chance as chance_mod
from engine.canonical import dumps
from engine.errors import RulecheckError
from engine.protocol import Engine
from harness import jsondiff

DIFFERENTIAL = "DIFFERENTIAL"


class Divergence(AssertionError):
    def __init__(self, what: str, detail: str):
        super().__init__(f"[{DIFFERENTIAL}] {what}\n{detail}")


class DifferentialMachine(RuleBasedStateMachine):
    candidate: Engine
    reference: Engine

    def __init__(self):
        super().__init__()
        self.cand = self.ref = None
        self.history: list[str] = []

    def _start(self, config: dict) -> None:
        note(f"new_game({dumps(config)})")
        self.history = [f"new_game({dumps(config)})"]
        ref = self.reference.new_game(config)
        try:
            cand = self.candidate.new_game(config)
        except RulecheckError as exc:
            raise Divergence("the candidate rejects a config the reference accepts", f"  config: {dumps(config)}\n  {exc}")
        self._same_state(cand, ref, "new_game")
        self.cand, self.ref = cand, ref

    @rule(data=st.data())
    def step(self, data):
        self._step(data)

    @rule(data=st.data(), n=st.integers(min_value=2, max_value=40))
    def steps(self, data, n):
        for _ in range(n):
            self._step(data)

    def _step(self, data) -> None:
        if self.ref is None:
            return
        r_legal = self.reference.legal_actions(self.ref)
        c_legal = self.candidate.legal_actions(self.cand)
        r_set, c_set = {dumps(a) for a in r_legal}, {dumps(a) for a in c_legal}
        if r_set != c_set:
            missing = sorted(r_set - c_set)[:10]
            extra = sorted(c_set - r_set)[:10]
            raise Divergence(
                "legal actions differ",
                f"  after: {' ; '.join(self.history[-8:])}\n"
                f"  the candidate misses {len(r_set - c_set)}: {missing}\n"
                f"  the candidate adds {len(c_set - r_set)}: {extra}",
            )
        r_ch, c_ch = self.reference.chance(self.ref), self.candidate.chance(self.cand)
        if _norm_chance(r_ch) != _norm_chance(c_ch):
            raise Divergence("pending chance events differ", jsondiff.render(c_ch, r_ch))
        if r_legal:
            action = data.draw(st.sampled_from(sorted(r_legal, key=dumps)), label="action")
        elif r_ch is not None:
            rng = data.draw(st.randoms(use_true_random=False), label="chance rng")
            action = chance_mod.sample(r_ch, rng)
        else:
            return
        note(f"apply {dumps(action)}")
        self.history.append(dumps(action)[:200])
        ref = self.reference.apply(self.ref, action)
        try:
            cand = self.candidate.apply(self.cand, action)
        except RulecheckError as exc:
            raise Divergence("the candidate rejects an action the reference accepts",
                             f"  action: {dumps(action)}\n  candidate says: {exc}")
        self._same_state(cand, ref, f"apply {dumps(action)[:200]}")
        self.cand, self.ref = cand, ref

    def _same_state(self, cand, ref, where: str) -> None:
        cj, rj = self.candidate.to_json(cand), self.reference.to_json(ref)
        if dumps(cj) != dumps(rj):
            raise Divergence(f"successor states differ after {where}", jsondiff.render(cj, rj))


def _norm_chance(ch: dict | None):
    if ch is None:
        return None
    draws = [{**d, "pool": sorted(map(dumps, d["pool"]))} for d in ch.get("draws", [])]
    return dumps({**ch, "draws": draws})


def configs_for(game: str):
    return importlib.import_module(f"harness.machines.{game}").configs()


def run_differential(candidate: Engine, reference: Engine, configs) -> None:
    class Bound(DifferentialMachine):
        @initialize(config=configs)
        def new_game(self, config):
            self._start(config)

    Bound.candidate = candidate
    Bound.reference = reference
    Bound.__name__ = f"Differential[{candidate.name} vs {reference.name}]"
    run_state_machine_as_test(Bound)
