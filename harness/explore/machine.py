"""A Hypothesis stateful machine that plays any engine through the protocol.

``EngineMachine`` plays random games: random configs, random chance outcomes (drawn
with a Hypothesis-controlled ``Random``, so failures shrink and replay), random legal
actions picked with ``sampled_from(sorted(legal))`` inside one ``play`` rule. After
every step it checks what holds for every game (protocol clause ``GEN-*`` ids live in
no rulebook, so they are plain assertion messages):

- the JSON round trip is the identity and the state validates against the schema;
- ``apply`` is pure (the old state's JSON is unchanged) and deterministic;
- legal actions have no duplicates, are empty at a chance node, and are non-empty
  unless the game is over;
- ``result()`` is the state's own ``result``, set exactly when the game is over (no legal
  action, no pending chance event), blamed on the end or scoring clause the reference's
  provenance names there.

A game subclasses it and adds ``check_transition(before, action, after)`` and
``check_state(state)`` with its own invariants, raising ``ClauseViolation``.

A violation does not stop the run: it is recorded as a finding (``harness.verdicts.findings``)
with the one transition that broke it as witness, the game ends, and exploration goes
on with new games, so every clause the engine breaks is reported, not just the first.
The test fails at the end with all of them.
"""

from __future__ import annotations

from typing import Callable

from hypothesis import note
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, rule

import specs
from engine import chance as chance_mod
from engine.canonical import dumps, same
from engine.errors import RulecheckError
from engine.protocol import Engine
from harness import capabilities
from harness.explore import coverage
from harness.verdicts.findings import current, raise_if_any, record
from harness.explore.playout import playout_steps, random_playout  # noqa: F401  (imported from here)
from harness.verdicts.violations import FAULT_CODES, ClauseViolation, ProtocolViolation  # noqa: F401  (imported from here)
from specs import validate_state


class EngineMachine(RuleBasedStateMachine):
    engine: Engine
    configs: st.SearchStrategy  # of config dicts
    #: after this many player actions in one game, start a new game (keeps examples short)
    max_plies_per_game: int = 10_000

    def __init__(self):
        super().__init__()
        self.state = None
        self.state_json: dict | None = None
        self.plies = 0

    # ---- hooks for games -------------------------------------------------------
    def check_transition(self, before, before_json: dict, action: dict, after, after_json: dict) -> None:
        """Game-specific checks of one step (raise ClauseViolation)."""

    def check_state(self, state, state_json: dict) -> None:
        """Game-specific checks of one state (raise ClauseViolation)."""

    def on_new_game(self, config: dict, state, state_json: dict) -> None:
        """Called when a game starts (to remember what was dealt, ...)."""

    # ---- the machine -------------------------------------------------------------
    def start(self, config: dict) -> None:
        note(f"new_game({dumps(config)})")
        self.config = config
        self.path = [{"new_game": config}]
        self.state = None
        with self._findings(None, None, None):
            try:
                state = self.engine.new_game(config)
            except RulecheckError as exc:
                if exc.code in FAULT_CODES:  # the engine failed on a config the rules allow: a fault
                    raise ProtocolViolation(f"new_game({dumps(config)}) fails: {exc}") from None
                for c in capabilities.config_clauses(self.engine.game, config):
                    record(c, "machine", f"new_game rejects the config {dumps(config)}, which the rules allow: {exc}",
                           None, "invariant")
                return
            self.state_json = self._checked_json(state)
            current().note_start(dumps(self.state_json))
            coverage.note_game(self.engine, self.engine.game, config)
            self.state = state
            self.plies = 0
            self.on_new_game(config, self.state, self.state_json)
            self.check_state(self.state, self.state_json)

    def _findings(self, before_json, action, after_json):
        """Context: a violation becomes a finding with this transition as witness, and the game ends."""
        return _Recorder(self, before_json, action, after_json)

    @rule(data=st.data())
    def play(self, data):
        """One step: a chance outcome or a legal action."""
        self._step(data)

    @rule(data=st.data(), n=st.integers(min_value=2, max_value=40))
    def play_run(self, data, n):
        """Several steps at once, so a short program still reaches round and game ends."""
        for _ in range(n):
            self._step(data)

    def _step(self, data):
        if self.state is None or self.plies >= self.max_plies_per_game:
            return
        with self._findings(self.state_json, None, None) as rec:
            self._step_checked(data, rec)

    def _step_checked(self, data, rec):
        eng = self.engine
        try:
            legal = eng.legal_actions(self.state)
            pending = eng.chance(self.state)
        except RulecheckError as exc:
            raise ProtocolViolation(f"the engine rejects a state it produced itself: {exc}")
        self._check_result_agrees(legal, pending)
        keys = [dumps(a) for a in legal]
        if len(set(keys)) != len(keys):
            dup = next(k for k in keys if keys.count(k) > 1)
            raise ProtocolViolation(f"legal_actions lists {dup} more than once")
        if pending is not None:
            if legal:
                raise ProtocolViolation("a chance event is pending but legal_actions is not empty")
            rng = data.draw(st.randoms(use_true_random=False), label="chance rng")
            action = chance_mod.sample(pending, rng)
        elif not legal:
            if not eng.is_terminal(self.state):
                raise ProtocolViolation("no legal action and no chance event, but the game is not over")
            return
        else:
            action = data.draw(st.sampled_from(sorted(legal, key=dumps)), label="action")
            self.plies += 1
        note(f"apply {dumps(action)}")
        current().note_transition(dumps(self.state_json), action)
        rec.action = action
        self.path.append(action)
        before, before_json = self.state, self.state_json
        try:
            after = eng.apply(before, action)
        except RulecheckError as exc:
            raise ProtocolViolation(f"apply rejects an action its own legal_actions (or chance) offered: {exc}")
        if not same(eng.to_json(before), before_json):
            raise ProtocolViolation("apply changed the state it was given (transitions must be pure)")
        again = eng.apply(before, action)
        after_json = self._checked_json(after)
        rec.after_json = after_json
        if not same(eng.to_json(again), after_json):
            raise ProtocolViolation("the same state and action gave two different successor states")
        self.check_transition(before, before_json, action, after, after_json)
        self.state, self.state_json = after, after_json
        self.check_state(after, after_json)

    def _check_result_agrees(self, legal: list, pending) -> None:
        """``result`` is set exactly when the game is over (no legal action, no pending chance
        event), and is the state's own ``result``; a break is blamed on the clause the reference's
        provenance says decides the result there (``harness.verdicts.blame.result``)."""
        try:
            res = self.engine.result(self.state)
        except RulecheckError as exc:
            raise ProtocolViolation(f"result() rejects a state the engine produced itself: {exc}")
        over = not legal and pending is None
        own = self.state_json.get("result")
        if (res is not None) == over and same(res, own):
            return
        what = (f"result() is {dumps(res)[:200]} but the state's result is {dumps(own)[:200]}"
                if not same(res, own) else
                "result() is set while actions are legal or a chance event is pending" if res is not None else
                "no legal action and no chance event, but result() is None")
        clauses = self._result_clauses(res)
        if not clauses:
            raise ProtocolViolation(what)
        raise ClauseViolation(clauses[0], what, clauses[1:])

    def _result_clauses(self, res) -> tuple[str, ...]:
        """The clauses the reference's provenance names for ``res`` in this state (none without a reference)."""
        from harness.engines import oracle
        from harness.verdicts import blame

        try:
            ref = oracle(self.engine.game, dict(getattr(self.engine, "choices", {}) or {}))
        except Exception:  # noqa: BLE001  (no reference: a protocol fault, without a clause)
            return ()
        b = blame.result(ref, self.state_json, res)
        return b.clauses if b.basis == "provenance" else ()

    def _checked_json(self, state) -> dict:
        obj = self.engine.to_json(state)
        errors = validate_state(self.engine.game, obj)
        if errors:
            raise ProtocolViolation(f"state does not validate against the schema: {errors[:3]}")
        try:
            back = self.engine.to_json(self.engine.from_json(obj))
        except RulecheckError as exc:
            self.check_state(state, obj)  # a rule the state breaks names itself before the protocol is blamed
            raise OwnStateRefused(f"from_json rejects the state its own to_json produced: {exc}", obj)
        if not same(back, obj):
            raise ProtocolViolation("from_json(to_json(state)) is not the same state")
        return obj


class OwnStateRefused(ProtocolViolation):
    """``from_json`` refuses what the engine's own ``to_json`` wrote (``state``): a protocol fault,
    unless the reference refuses that state too -- then the transition reached a state the
    rules never reach, and the rule it carried out wrong is blamed (``_Recorder``)."""

    def __init__(self, message: str, state: dict):
        super().__init__(message)
        self.state = state


class _Recorder:
    """See ``EngineMachine._findings``."""

    def __init__(self, machine: EngineMachine, before_json, action, after_json):
        self.machine, self.before_json, self.action, self.after_json = machine, before_json, action, after_json

    def __enter__(self):
        return self

    def __exit__(self, kind, exc, tb):
        if exc is None or not isinstance(exc, (ClauseViolation, ProtocolViolation, RulecheckError)):
            return False
        if isinstance(exc, RulecheckError):  # the engine errs on a state or action it produced itself
            exc = ProtocolViolation(f"the engine rejects a state it produced itself: {exc}")
        m = self.machine
        from harness.verdicts import blame
        from harness.engines import oracle

        try:
            ref = oracle(m.engine.game, dict(getattr(m.engine, "choices", {}) or {}))
        except Exception:  # noqa: BLE001  (no reference to describe with: the JSON witness stays)
            ref = None
        if self.after_json is not None:
            w = blame.witness(ref, self.before_json, self.action, self.before_json, self.after_json, list(m.path),
                              expected_name="before", got_name="after")
            if ref is not None and self.action is not None:
                w.observed = blame.observed(ref, "apply", value=self.after_json)
        else:
            w = blame.witness(ref, self.before_json, self.action, "(the rule)", "(see message)", list(m.path),
                              diff=False)
        if isinstance(exc, ClauseViolation):
            text = str(exc).removeprefix(f"[{exc.clause}] ")
            record(exc.clause, "machine", text, w, "invariant", exc.alternatives + self._acting_clauses(ref))
        elif not (isinstance(exc, OwnStateRefused) and self._unreachable(ref, exc, m)):
            record("PROTOCOL", "protocol", str(exc).removeprefix("[PROTOCOL] "), w, "protocol")
        m.state = None  # the game is broken: the next example starts a new one
        return True

    def _unreachable(self, ref, exc: OwnStateRefused, m) -> bool:
        """Record the transition's rule departure when the reference cannot hold the successor
        either (it breaks the rules, not the protocol): blamed as a successor that differs from
        the reference's. False when the reference holds it or nothing can be blamed."""
        from harness.verdicts import blame

        if ref is None or self.action is None or self.before_json is None:
            return False
        try:
            ref.from_json(exc.state)
            return False
        except RulecheckError:
            pass
        text = "the engine reaches a state the rules never reach (its own from_json and the reference's refuse it): "
        try:
            ref_after = ref.to_json(ref.apply(ref.from_json(self.before_json), self.action))
        except RulecheckError:  # the rules forbid the action that led there
            ref_after = None
        except Exception:  # noqa: BLE001  (the reference cannot replay it: the protocol fault stands)
            return False
        if ref_after is None:
            b = blame.accepted_illegal(ref, self.before_json, self.action)
            w = blame.witness(ref, self.before_json, self.action, "rejected", exc.state, list(m.path), diff=False)
            w.observed = blame.observed(ref, "listed", value=True)
            text += "it offered and played an action the rules forbid"
        else:
            b = blame.successor(ref, self.before_json, self.action, ref_after, exc.state)
            w = blame.witness(ref, self.before_json, self.action, ref_after, exc.state, list(m.path))
            w.observed = blame.observed(ref, "apply", value=exc.state)
            text += "the successor differs"
        if b.basis != "provenance":
            return False
        for c in b.clauses:
            record(c, "machine", text, w, b.basis, b.alternatives_of(c))
        return True

    def _acting_clauses(self, ref) -> tuple[str, ...]:
        """The clauses that made the transition's action legal (the reference's provenance): a
        state invariant broken right after an action may be that action's rule done wrong, so a
        root cause on one of them explains the finding as well."""
        if ref is None or self.action is None or self.before_json is None:
            return ()
        from harness.verdicts import blame

        ex = blame.explainer_of(ref)
        try:
            return tuple(ex.legal(self.before_json, self.action) or ()) if ex is not None else ()
        except Exception:  # noqa: BLE001  (provenance explains; it must never stop a check)
            return ()


def machine_for(base: type[EngineMachine], engine: Engine, configs: st.SearchStrategy) -> type[EngineMachine]:
    """A concrete machine class of ``base`` bound to ``engine`` and a config strategy."""

    class Bound(base):  # type: ignore[misc, valid-type]
        @initialize(config=configs)
        def new_game(self, config):
            self.start(config)

    Bound.engine = engine
    Bound.configs = configs
    Bound.__name__ = f"{base.__name__}[{engine.name}]"
    return Bound


def other_readings(game: str) -> dict[str, str]:
    """For every choice of ``game``, its first option other than the default."""
    return {cid: next(o for o in ch.options if o != ch.default) for cid, ch in specs.load(game).choices.items()}


def further_readings(game: str) -> list[dict[str, str]]:
    """Readings that, with the default and :func:`other_readings`, play every option of every choice:
    the k-th takes each choice's k-th option other than the default (its last when it has fewer),
    for k from 2 (empty when no choice has more than two options)."""
    others = {cid: [o for o in ch.options if o != ch.default] for cid, ch in specs.load(game).choices.items()}
    most = max((len(v) for v in others.values()), default=0)
    return [{cid: opts[min(k, len(opts)) - 1] for cid, opts in others.items()} for k in range(2, most + 1)]


def reading_params(readings: list[dict[str, str]]) -> list:
    """``pytest.param`` per reading (``further_readings``: ids ``reading2``, ``reading3``...), marked
    ``choice(id, option)`` for each choice, as ``under_readings`` marks a test."""
    import pytest

    return [pytest.param(r, id=f"reading{k}", marks=[pytest.mark.choice(c, o) for c, o in sorted(r.items())])
            for k, r in enumerate(readings, start=2)]


def under_readings(choices: dict[str, str]) -> Callable:
    """Decorator: mark a test ``pytest.mark.choice(id, option)`` for every choice, in id order."""
    import pytest

    def mark(fn):
        for cid, opt in sorted(choices.items()):
            fn = pytest.mark.choice(cid, opt)(fn)
        return fn

    return mark


def run_machine(base: type[EngineMachine], engine: Engine, configs: st.SearchStrategy) -> None:
    """Run the machine as a test under the active Hypothesis profile."""
    from hypothesis.stateful import run_state_machine_as_test

    before = dict(current().counts)
    run_state_machine_as_test(machine_for(base, engine, capabilities.configs_for(engine, configs)))
    raise_if_any("machine", before)
    raise_if_any("protocol", before)
