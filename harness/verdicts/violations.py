"""How a check says which clause an engine broke.

Invariant checks raise ``ClauseViolation``, which carries its clause as data
(``.clause``; the text starts with ``[CLAUSE-ID]`` for people). Step contexts
(``ScenarioChecks``) and vector replays keep the transition to blame and record their
failures as findings through the reference's provenance.
"""

from __future__ import annotations

import functools

from engine.canonical import dumps, same

#: pseudo-clause for breaches of the engine protocol itself (DESIGN.md, not a rulebook)
PROTOCOL = "PROTOCOL"
#: pseudo-clause for a divergence from the reference engine in differential play
DIFFERENTIAL = "DIFFERENTIAL"
#: pseudo-clause for a failed check that named no clause (a gap in rulecheck, reported, never silent)
UNEXPLAINED = "UNEXPLAINED"
PSEUDO_CLAUSES = (PROTOCOL, DIFFERENTIAL, UNEXPLAINED)


#: error codes that say the engine failed, not that the rules refuse: a fault, judged under PROTOCOL
FAULT_CODES = ("internal",)


def expect_code(error, code: str) -> None:
    """A scenario's "rejected as <code>" step: nothing rejected is the scenario's failure (its
    clauses); a rejection with another code is a PROTOCOL finding citing the error table's row
    (``engine.errors.ERROR_ROWS``): the engine refused, as the rules say, in other words."""
    if error is None:
        raise AssertionError(f"expected a {code} error, but it was accepted")
    got = getattr(error, "code", None)
    if got != code:
        from engine.errors import error_row
        from harness.verdicts import findings

        findings.record(PROTOCOL, "protocol", f"rejected as {got!r} where the protocol documents {code!r} "
                        f"({error_row(code)}): {error}", None, "protocol")
        raise findings.ClauseFailure([PROTOCOL], f"rejected as {got}, expected {code}")


def fault_of(ctx) -> str | None:
    """What makes a scenario's failure a fault of its engine rather than a rule (``ScenarioChecks.fault``):
    an ``internal`` error, or an action refused that the engine's own legal list offers."""
    fault = getattr(ctx, "fault", None) if ctx is not None else None
    if fault is None:
        error = getattr(ctx, "error", None) if ctx is not None else None
        if getattr(error, "code", None) in FAULT_CODES:
            fault = f"the engine answered {error.code!r} (a fault): {error}"
    return fault


def refusal_fault(engine, before: dict, action, error) -> str | None:
    """Why refusing ``action`` in ``before`` is a fault of ``engine`` (an ``internal`` error, or an
    action its own ``legal_actions`` lists there: an inconsistent answer), or None."""
    code = getattr(error, "code", None)
    if code in FAULT_CODES:
        return f"the engine answered {code!r} (a fault): {error}"
    if code != "illegal-action" or engine is None or not isinstance(action, dict):
        return None
    try:
        listed = {dumps(a) for a in engine.legal_actions(engine.from_json(before))}
    except Exception:  # noqa: BLE001  (the question is best effort; the scenario's own check still fails)
        return None
    if dumps(action) in listed:
        return f"the engine refuses an action its own legal actions list in that state: {error}"
    return None


class ProtocolViolation(AssertionError):
    """The engine broke the protocol itself (not a rule of the game): blamed on ``[PROTOCOL]``."""

    def __init__(self, message: str):
        super().__init__(f"[PROTOCOL] {message}")


class ClauseViolation(AssertionError):
    def __init__(self, clause: str, message: str, alternatives: tuple[str, ...] = ()):
        super().__init__(f"[{clause}] {message}")
        self.clause = clause
        #: other clauses that explain the same witness as well (``Finding.alternatives``)
        self.alternatives = tuple(c for c in alternatives if c != clause)


def require(condition: bool, clause: str, message: str, alternatives: tuple[str, ...] = ()) -> None:
    """Raise ClauseViolation(clause, message) unless ``condition``. ``alternatives``: other
    clauses whose break would show the same way here."""
    if not condition:
        raise ClauseViolation(clause, message, alternatives)


class ScenarioChecks:
    """Mixin for step-definition contexts: a failure records findings as data, then raises.

    The context needs ``self.request`` (the pytest request of the scenario). It sets
    ``self.transition = (state_before_json, action, candidate_after_json or None)`` when a
    When step applies an action (None as successor: the candidate rejected it), so that a
    failing check is blamed through the reference's provenance (``scenario_blame``): the
    scenario's own clauses that the provenance names, else the provenance's clauses, else
    every clause of the scenario.
    """

    request: object
    transition: tuple | None = None

    def __init_subclass__(cls, **kwargs):
        """Each context registers itself with the running test's findings, so a failure that
        escapes ``fail`` (a plain ``assert`` in a step) is still blamed through it."""
        super().__init_subclass__(**kwargs)
        if "__init__" not in cls.__dict__:
            return
        original = cls.__init__

        @functools.wraps(original)
        def init(self, *args, **kw):
            original(self, *args, **kw)
            from harness.verdicts.findings import current

            current().context = self

        cls.__init__ = init

    # ---- the transition to blame ---------------------------------------------------------
    #: the first fault of the engine in this scenario (``refusal_fault``): its failure is PROTOCOL's
    fault: str | None = None

    def keep_transition(self, before: dict, action: dict, got: dict | None, error=None) -> None:
        """``self.transition = (state before, action, the candidate's successor or None when it
        rejects it)``. The first transition where the candidate departs from the reference is
        kept: a later check fails because of it, and the later transitions agree. ``error``: the
        rejection, kept as ``fault`` when it is the engine's fault, not a rule's."""
        if got is None and error is not None and self.fault is None:
            self.fault = refusal_fault(_ctx_engine(self), before, action, error)
        if not getattr(self, "_departed", False):
            self.transition = (before, action, got)
            self._departed = departs(_ctx_engine(self), before, action, got)

    #: the first departure, when it is the setup: (config, reference's new game JSON, candidate's)
    setup_departure: tuple | None = None

    def keep_setup(self, config: dict, state) -> None:
        """A Given or When started a new game: when the candidate's differs from the reference's,
        keep it (a replayable ``new`` witness). A failure no transition explains (the reference
        rejects the scenario's action in the candidate's position too, or nothing was applied)
        follows from it (a game's deal or setup clause and the like)."""
        if self.setup_departure is not None:
            return
        eng = _ctx_engine(self)
        try:
            ref = _reference_for(eng)
            got, want = eng.to_json(state), ref.to_json(ref.new_game(config))
        except Exception:  # noqa: BLE001  (blame is best effort; the scenario's own checks still judge)
            return
        if not same(got, want):
            self.setup_departure = (config, want, got)

    def respelled(self, state, action: dict) -> dict:
        """The engine's own spelling of ``action`` (docs/protocol.md, notation N2): a variant it lists
        instead (``Engine.action_variants`` of the reference) that leads where ``action`` leads under
        the reference; else ``action``."""
        eng = _ctx_engine(self)
        try:
            ref = _reference_for(eng)
            variants = ref.action_variants(action)
            if not variants:
                return action
            listed = {dumps(a) for a in eng.legal_actions(state)}
            if dumps(action) in listed:
                return action
            want = dumps(ref.to_json(ref.apply(ref.from_json(eng.to_json(state)), action)))
            for v in variants:
                if dumps(v) in listed and dumps(eng.to_json(eng.apply(state, v))) == want:
                    return v
        except Exception:  # noqa: BLE001  (no spelling found: the scenario judges the action as written)
            pass
        return action

    def blame_action(self, state, action: dict, listed: bool) -> None:
        """A check on the legal actions fails on ``action`` (listed though forbidden, or missing):
        make it the transition to blame, with the candidate's successor when it lists it -- unless
        an earlier transition already departed from the reference (the position is off the rules'
        path there, and the check fails because of it)."""
        if getattr(self, "_departed", False):
            return
        eng = _ctx_engine(self)
        before = eng.to_json(state)
        got = None
        if listed:
            try:
                got = eng.to_json(eng.apply(state, action))
            except Exception:  # noqa: BLE001  (it lists the action but rejects it: blamed as a rejection)
                got = None
        self.transition = (before, action, got)
        self._departed = True

    #: an observation a Then step judges: (state JSON, player, the candidate's observation)
    observation_departure: tuple | None = None

    def blame_observation(self, state, player: int) -> None:
        """A Then step judges what ``player`` sees in ``state``: a failure of it is blamed on that
        observation (the clause hiding or showing what differs), not on the last transition."""
        eng = _ctx_engine(self)
        try:
            self.observation_departure = (eng.to_json(state), player, eng.observation(state, player))
        except Exception:  # noqa: BLE001  (blame is best effort; the step itself still judges)
            self.observation_departure = None

    #: a result a Then step judges: (state JSON, the candidate's ``result``)
    result_departure: tuple | None = None

    def blame_result(self, state) -> None:
        """A Then step judges the game's result in ``state``: a failure of it is blamed on what
        decides the result there (the end, tie or scoring clause), not on the last transition --
        unless that transition already departed from the reference."""
        if getattr(self, "_departed", False):
            return
        eng = _ctx_engine(self)
        try:
            self.result_departure = (eng.to_json(state), eng.result(state))
        except Exception:  # noqa: BLE001  (blame is best effort; the step itself still judges)
            self.result_departure = None

    def blame_legal_difference(self, state) -> None:
        """The legal actions of ``state`` are off: blame the first action the candidate lists and
        the reference does not, else the first one it misses (nothing when both agree)."""
        eng = _ctx_engine(self)
        try:
            ref = _reference_for(eng)
            theirs = {dumps(a): a for a in ref.legal_actions(ref.from_json(eng.to_json(state)))}
            ours = {dumps(a): a for a in eng.legal_actions(state)}
        except Exception:  # noqa: BLE001  (blame is best effort; the check itself still fails)
            return
        extra = [ours[k] for k in sorted(set(ours) - set(theirs))]
        missing = [theirs[k] for k in sorted(set(theirs) - set(ours))]
        if extra or missing:
            self.blame_action(state, (extra or missing)[0], listed=bool(extra))

    def fail(self, message: str):
        from harness.verdicts.findings import ClauseFailure

        clauses = record_scenario_failure(self.request.node, self, message)
        raise ClauseFailure(clauses, message)

    def check(self, cond: bool, message: str):
        if not cond:
            self.fail(message)


def record_scenario_failure(node, ctx, message: str) -> list[str]:
    """Record the findings of a failed scenario (see ``ScenarioChecks``); returns the blamed clauses."""
    from harness.verdicts.findings import record
    from harness.verdicts.items import item_clauses

    fault = fault_of(ctx)
    if fault is not None:  # the engine failed: no rule could be judged (the scenario's clauses: inconclusive)
        record(PROTOCOL, "protocol", f"{fault}; {message}", None, "protocol")
        return [PROTOCOL]
    tags = [c for c in item_clauses(node) if c not in PSEUDO_CLAUSES]
    clauses, basis, witness, alternatives = scenario_blame(node, tags, ctx)
    for c in clauses:
        record(c, "scenario", message, witness, basis, alternatives.get(c, ()))
    return clauses


def scenario_blame(node, tags: list[str], ctx) -> tuple[list[str], str, object, dict[str, tuple[str, ...]]]:
    """(clauses, basis, witness, alternatives) for a failed scenario; see ``ScenarioChecks``.
    ``alternatives``: per blamed clause, the clauses the provenance finds explain it as well."""
    t = getattr(ctx, "transition", None) if ctx is not None else None
    engine = _ctx_engine(ctx)
    setup = getattr(ctx, "setup_departure", None) if ctx is not None else None
    seen = getattr(ctx, "observation_departure", None) if ctx is not None else None
    if seen is not None and engine is not None:
        return _observation_blame(engine, tags, seen)
    ended = getattr(ctx, "result_departure", None) if ctx is not None else None
    if ended is not None and engine is not None:
        return _result_blame(engine, tags, ended)
    if not t or engine is None:
        return tags, "scenario", None, {}
    try:
        from harness.verdicts import blame
        from harness.engines import oracle

        before, action, got = t
        ref = oracle(engine.game, dict(getattr(engine, "choices", {}) or {}))
        try:
            expected = ref.to_json(ref.apply(ref.from_json(before), action))
        except Exception:  # noqa: BLE001  (the reference rejects it)
            expected = None
        if setup and (expected is None and got is None
                      or expected is not None and got is not None and same(expected, got)):
            return _setup_blame(engine, tags, setup)  # the transition does as the rules say: the setup did not
        if expected is None and got is None:
            return tags, "scenario", None, {}
        if expected is None:
            b = blame.accepted_illegal(ref, before, action)
        elif got is None:
            b = blame.rejected_legal(ref, before, action)
        else:
            b = blame.successor(ref, before, action, expected, got)
        w = blame.witness(ref, before, action, expected if expected is not None else "rejects it",
                          got if got is not None else "rejects it")
        w.observed = (blame.observed(ref, "accepts", value=False) if got is None
                      else blame.observed(ref, "apply", value=got))
        if b.basis != "provenance":
            return tags, "scenario", w, {}
        inside = [c for c in b.clauses if c in tags]
        alternatives = {c: b.alternatives_of(c) for c in b.clauses}
        if inside:
            return inside, "scenario", w, alternatives
        return list(b.clauses), "provenance", w, alternatives
    except Exception:  # noqa: BLE001  (explaining must never hide the failure)
        return tags, "scenario", None, {}


def _placed(tags: list[str], b, w):
    """(clauses, basis, witness, alternatives) from a blame: the scenario's own clauses that
    provenance names, else provenance's clauses; the scenario's tags when it names none."""
    if b.basis != "provenance" or not b.clauses:
        return tags, "scenario", w, {}
    inside = [c for c in b.clauses if c in tags]
    alternatives = {c: b.alternatives_of(c) for c in b.clauses}
    return (inside, "scenario", w, alternatives) if inside else (list(b.clauses), "provenance", w, alternatives)


def _observation_blame(engine, tags: list[str], seen: tuple):
    """``scenario_blame`` for a Then step judging an observation: the clauses of what differs."""
    from harness.verdicts import blame

    state, player, got = seen
    try:
        ref = _reference_for(engine)
        want = ref.observation(ref.from_json(state), player)
        b = blame.observation(ref, state, player, want, got)
        w = blame.witness(ref, state, None, want, got)
        w.observed = blame.observed(ref, "observe", player=player, value=got)
    except Exception:  # noqa: BLE001  (explaining must never hide the failure)
        return tags, "scenario", None, {}
    return _placed(tags, b, w)


def _result_blame(engine, tags: list[str], ended: tuple):
    """``scenario_blame`` for a Then step judging the result: the clauses that decide what differs."""
    from harness.verdicts import blame

    state, got = ended
    try:
        ref = _reference_for(engine)
        want = ref.result(ref.from_json(state))
        if same(want, got):  # the result is the reference's: the scenario fails for another reason
            return tags, "scenario", None, {}
        b = blame.result(ref, state, got)
        w = blame.witness(ref, state, None, want, got)
        w.observed = blame.observed(ref, "result", value=got)
    except Exception:  # noqa: BLE001  (explaining must never hide the failure)
        return tags, "scenario", None, {}
    return _placed(tags, b, w)


def _setup_blame(engine, tags: list[str], departure: tuple):
    """``scenario_blame`` when the scenario's new game already differs: the setup's clauses."""
    from harness.verdicts import blame

    config, want, got = departure
    try:
        ref = _reference_for(engine)
        b = blame.setup(ref, config, want, got)
        w = blame.witness(ref, None, None, want, got)
        w.observed = blame.observed(ref, "new", config=config, value=got)
    except Exception:  # noqa: BLE001  (explaining must never hide the failure)
        return tags, "scenario", None, {}
    return _placed(tags, b, w)


def _reference_for(engine):
    from harness.engines import oracle

    return oracle(engine.game, dict(getattr(engine, "choices", {}) or {}))


def departs(engine, before: dict, action: dict, got: dict | None) -> bool:
    """Does the reference (with ``engine``'s choices) do something else with ``action`` in
    ``before`` than give ``got`` (None: reject it)?"""
    try:
        from engine.errors import RulecheckError

        ref = _reference_for(engine)
        try:
            expected = dumps(ref.to_json(ref.apply(ref.from_json(before), action)))
        except RulecheckError:
            expected = None
        return expected != (None if got is None else dumps(got))
    except Exception:  # noqa: BLE001  (blame is best effort; the check itself still fails)
        return False


class Recording:
    """An engine wrapper that keeps the transition to blame like ``ScenarioChecks`` does, for
    checks without a scenario context (vector replays): ``transition`` after any ``apply``."""

    def __init__(self, engine):
        self.engine = engine
        self.game = engine.game
        self.choices = getattr(engine, "choices", {})
        self.transition = None
        self.setup_departure = None
        self._departed = False

    def __getattr__(self, name):
        return getattr(self.engine, name)

    def new_game(self, config):
        state = self.engine.new_game(config)
        self.keep_setup(config, state)
        return state

    def apply(self, state, action):
        before = self.engine.to_json(state)
        try:
            after = self.engine.apply(state, action)
        except Exception:
            self.keep_transition(before, action, None)
            raise
        self.keep_transition(before, action, self.engine.to_json(after))
        return after

    fault = None
    keep_transition = ScenarioChecks.keep_transition
    keep_setup = ScenarioChecks.keep_setup
    blame_action = ScenarioChecks.blame_action
    blame_legal_difference = ScenarioChecks.blame_legal_difference


def through_provenance(node, eng, message: str, check: str) -> list[str]:
    """Record a failed check as findings blamed through the reference's provenance of ``eng``'s
    transition (the check's own clauses that it names, else the provenance's); ``[]`` when the
    provenance named nothing for it (the check's own clause then stands)."""
    from harness.verdicts.findings import record
    from harness.verdicts.items import item_clauses

    if getattr(eng, "transition", None) is None:
        return []
    tags = [c for c in item_clauses(node) if c not in PSEUDO_CLAUSES]
    clauses, basis, witness, alternatives = scenario_blame(node, tags, eng)
    if witness is None or (basis != "provenance" and list(clauses) == tags):
        return []
    for c in clauses:
        record(c, check, message, witness, basis, alternatives.get(c, ()))
    return list(clauses)


def _ctx_engine(ctx):
    if isinstance(ctx, Recording):
        return ctx.engine
    for attr in ("engine", "_engine"):
        e = getattr(ctx, attr, None)
        if e is not None and not callable(e) and hasattr(e, "game"):
            return e
    return None
