"""Differential play: the candidate and the reference in lockstep (DESIGN: kinds of check).

The reference is configured with the candidate's declared choices. From the same
config and the same chance outcomes (drawn from the reference's chance description),
at every step the machine compares:

- the chance descriptions (what random event is pending, over which pool);
- the legal action sets (as sets of canonical JSON: order does not matter);
- the successor states (canonical JSON), and whether an action is accepted at all.

Every divergence is recorded as a finding (``harness.findings``) blamed through the
reference's provenance (``harness.blame``) with a one-transition witness; then the
candidate is put back on the reference's state (resync) and play goes on, so one bug
does not hide the next. The test fails at the end with every clause found.
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
from harness import blame, capabilities
from harness.blame import DIFFERENTIAL  # noqa: F401  (imported from here)
from harness.findings import current, raise_if_any, record

CHECK = "differential"


class DifferentialMachine(RuleBasedStateMachine):
    candidate: Engine
    reference: Engine

    def __init__(self):
        super().__init__()
        self.cand = self.ref = None
        self.path: list = []

    # ---- recording ---------------------------------------------------------------
    def _found(self, b: blame.Blame, what: str, state_json, action, expected, got, diff: bool = True) -> None:
        sink = current()
        if all(sink.counts.get((c, CHECK), 0) >= 200 for c in b.clauses):  # enough witnesses: just count
            for c in b.clauses:
                sink.counts[(c, CHECK)] += 1
            return
        w = blame.witness(self.reference, state_json, action, expected, got, list(self.path), diff=diff)
        for c in b.clauses:
            record(c, CHECK, what, w, b.basis)

    def _resync(self, ref) -> None:
        """Put the candidate on the reference's state after a divergence (or end the game)."""
        try:
            self.cand = self.candidate.from_json(self.reference.to_json(ref))
            self.ref = ref
        except RulecheckError as exc:
            record("PROTOCOL", "protocol", f"the candidate cannot load the reference's state to go on: {exc}",
                   blame.witness(self.reference, self.reference.to_json(ref), None, "loads", str(exc)), "protocol")
            self.cand = self.ref = None

    # ---- play ----------------------------------------------------------------------
    def _start(self, config: dict) -> None:
        note(f"new_game({dumps(config)})")
        self.path = [{"new_game": config}]
        ref = self.reference.new_game(config)
        rj = self.reference.to_json(ref)
        try:
            cand = self.candidate.new_game(config)
        except RulecheckError as exc:
            b = blame.Blame.of(capabilities.config_clauses(self.reference.game, config))
            self._found(b, f"the candidate rejects the config {dumps(config)}, which the rules allow: {exc}",
                        None, None, rj, str(exc), diff=False)
            return
        cj = self.candidate.to_json(cand)
        if dumps(cj) != dumps(rj):
            self._found(blame.setup(self.reference, config, rj, cj), f"new_game({dumps(config)}) differs",
                        None, None, rj, cj)
            self._resync(ref)
            return
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
        ref_eng, cand_eng = self.reference, self.candidate
        rj = ref_eng.to_json(self.ref)
        r_legal = ref_eng.legal_actions(self.ref)
        try:
            c_legal = cand_eng.legal_actions(self.cand)
        except RulecheckError as exc:
            record("PROTOCOL", "protocol", f"the candidate rejects a state it produced (or was put on): {exc}",
                   blame.witness(ref_eng, rj, None, "legal actions", f"rejects the state: {exc}", diff=False),
                   "protocol")
            self.cand = self.ref = None
            return
        r_set, c_set = {dumps(a): a for a in r_legal}, {dumps(a): a for a in c_legal}
        missing = [r_set[k] for k in sorted(set(r_set) - set(c_set))]
        if r_set.keys() != c_set.keys():
            extra = [c_set[k] for k in sorted(set(c_set) - set(r_set))]
            blamed = blame.legal_sets(ref_eng, rj, missing, extra)
            for a in missing:
                self._found(blamed[dumps(a)], "the candidate does not list a legal action", rj, a,
                            "legal", "not listed", diff=False)
            for a in extra:
                self._found(blamed[dumps(a)], "the candidate lists an action the rules forbid", rj, a,
                            "not legal", "listed as legal", diff=False)
        r_ch = ref_eng.chance(self.ref)
        try:
            c_ch = cand_eng.chance(self.cand)
        except RulecheckError as exc:
            c_ch = {"error": str(exc)}
        if _norm_chance(r_ch) != _norm_chance(c_ch):
            self._found(blame.chance_event(ref_eng, rj), "the pending chance event differs", rj, None, r_ch, c_ch)
        if r_legal:
            action = data.draw(st.sampled_from(sorted(r_legal, key=dumps)), label="action")
        elif r_ch is not None:
            rng = data.draw(st.randoms(use_true_random=False), label="chance rng")
            action = chance_mod.sample(r_ch, rng)
        else:
            return
        note(f"apply {dumps(action)}")
        ref = ref_eng.apply(self.ref, action)
        self.path.append(action)
        try:
            cand = cand_eng.apply(self.cand, action)
        except RulecheckError as exc:
            if all(dumps(action) != dumps(m) for m in missing):  # a missing action was recorded above
                self._found(blame.rejected_legal(ref_eng, rj, action),
                            "the candidate rejects an action the rules allow", rj, action,
                            "accepted", f"rejected: {exc}", diff=False)
            self._resync(ref)
            return
        after_r = ref_eng.to_json(ref)
        after_c = cand_eng.to_json(cand)
        if dumps(after_c) != dumps(after_r):
            self._found(blame.successor(ref_eng, rj, action, after_r, after_c),
                        "the successor state differs", rj, action, after_r, after_c)
            self._resync(ref)
            return
        self.cand, self.ref = cand, ref


def _norm_chance(ch: dict | None):
    if ch is None:
        return None
    draws = [{**d, "pool": sorted(map(dumps, d["pool"]))} for d in ch.get("draws", [])]
    return dumps({**ch, "draws": draws})


def configs_for(game: str):
    return importlib.import_module(f"harness.machines.{game}").configs()


def run_differential(candidate: Engine, reference: Engine, configs) -> None:
    """Play in lockstep under the active Hypothesis profile; fail at the end with every finding."""

    class Bound(DifferentialMachine):
        @initialize(config=capabilities.configs_for(candidate, configs))
        def new_game(self, config):
            self._start(config)

    Bound.candidate = candidate
    Bound.reference = reference
    Bound.__name__ = f"Differential[{candidate.name} vs {reference.name}]"
    before = dict(current().counts)
    run_state_machine_as_test(Bound)
    raise_if_any(CHECK, before)
    raise_if_any("protocol", before)
