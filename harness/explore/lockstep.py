"""Lockstep: one candidate game beside the reference's, every state both reach compared.

Differential play (``harness.explore.differential``, Hypothesis picks the actions) and situations
(``harness.explore.situations``, positions built around a rule) both drive a :class:`Lockstep`.
In every state it visits, finished games included, it compares:

- the legal action sets (missing and extra actions blamed through provenance);
- the pending chance event;
- the game's result (``result``): the reference's, and set exactly when the candidate's own
  answers say the game is over (no legal action, no pending chance event); blamed through the
  reference's ``explainer.result`` (the end, tie, scoring or game-length clause);
- every player's observation (``observe``), blamed through the reference's
  ``explainer.observation`` (what decides each part is shown or hidden);
- negative probes (:mod:`harness.explore.probes`): actions the reference rejects, offered to the
  candidate, which must reject them with the reference's error code; an accepted one is
  blamed on what the reference's provenance says forbids it. Chance outcomes the pending
  pool cannot give get the same treatment;
- a request asked earlier, in another game or config, asked again (statelessness): the
  answer must not depend on what else the engine was asked;
- the successor state of the action played.

The candidate's questions about one state go in one ``batch`` over the protocol. Every
choice a probe or a replay makes comes from a generator seeded by the state itself, never
from Hypothesis, so exploration is the same in-process and over the protocol.

The reference's provenance of every transition is counted per clause on the test's sink
(situation coverage, ``harness.explore.coverage``).
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass
from typing import Any, Callable

from engine.canonical import dumps, same
from engine.errors import RulecheckError, error_from_wire, error_row
from engine.notation import observation_views
from engine.protocol import Engine
from harness.verdicts import blame
from harness import capabilities
from harness.explore import coverage, notation, probes
from harness.verdicts.findings import current, record
from harness.verdicts.violations import FAULT_CODES

#: how many earlier requests are kept to ask again (statelessness)
REMEMBERED = 64
#: one earlier request is asked again every this many visits
REPLAY_EVERY = 4
#: at most this many witnesses are built per (clause, check); later findings are only counted
WITNESSES = 200
#: past that, one finding in so many with a replayable witness is still recorded (cheaply), so
#: that diagnosis sees divergences from the whole test, not only its start
SAMPLE_PAST_WITNESSES = 50


@dataclass
class Answer:
    """The candidate's answer to one question: ``value``, or the ``error`` it raised."""

    value: Any = None
    error: RulecheckError | None = None


class Memory:
    """Requests the candidate answered like the reference, kept across games to ask again."""

    def __init__(self):
        self.transitions: deque = deque(maxlen=REMEMBERED)  # (cand state, ref state json, action, ref after json)
        self.visits = 0


def _seed(text: str) -> random.Random:
    return random.Random(text)


class Lockstep:
    """The candidate and the reference in one game (see the module docstring)."""

    def __init__(self, candidate: Engine, reference: Engine, check: str = "differential",
                 memory: Memory | None = None, probes_per_state: int = probes.PER_STATE):
        self.candidate, self.reference, self.check = candidate, reference, check
        self.explainer = blame.explainer_of(reference)
        self.memory = memory if memory is not None else Memory()
        self.probes_per_state = probes_per_state
        #: every clause this game's transitions exercised (Hypothesis targets more of them)
        self.exercised: set[str] = set()
        self.cand = self.ref = None
        self.path: list = []
        self.finished = False
        self._observe = getattr(candidate, "supports", lambda op: True)("observe")
        self._batch = callable(getattr(candidate, "batch", None))
        self.last_legal: list = []
        #: canonical texts of legal actions the candidate did not list in this state
        self.missing: set[str] = set()
        #: whether the candidate's legal actions differed in this state
        self.legal_differs = False
        #: the reference's text of an action -> (the candidate's own spelling of it, its successor)
        self.spelled: dict[str, tuple[dict, Answer]] = {}
        #: canonical texts of the reference's legal actions in this state
        self.legal_keys: set[str] = set()
        #: whether the candidate's pending chance event differs from the reference's in this state
        self.chance_differs = False
        #: the candidate's pending chance event in this state (``{"error": ...}`` when it refused)
        self.cand_chance = None

    # ---- recording ---------------------------------------------------------------
    def found(self, b: blame.Blame, what: str, state_json, action, expected, got, diff: bool = True,
              check: str | None = None, observed: dict | None = None) -> None:
        """Record a divergence blamed by ``b``; ``observed``: what the candidate did, replayable
        on another engine (``Witness.observed``), without its ``choices`` (added here)."""
        sink = current()
        check = check or self.check
        if all(sink.counts.get((c, check), 0) >= WITNESSES for c in b.clauses):  # enough witnesses: just count,
            n = max(sink.counts.get((c, check), 0) for c in b.clauses)
            if observed is None or n % SAMPLE_PAST_WITNESSES:  # but for one in so many, kept for diagnosis
                for c in b.clauses:
                    sink.counts[(c, check)] += 1
                    if not b.alternatives_of(c):
                        sink.standalone.add((c, check))
                return
        w = blame.witness(self.reference, state_json, action, expected, got, list(self.path), diff=diff)
        if observed is not None:
            w.observed = blame.observed(self.reference, **observed)
        for c in b.clauses:
            record(c, check, what, w, b.basis, b.alternatives_of(c))

    def protocol(self, what: str, state_json, expected, got, alternatives: tuple[str, ...] = (),
                 action: dict | None = None) -> None:
        record("PROTOCOL", "protocol", what,
               blame.witness(self.reference, state_json, action, expected, got, diff=False), "protocol", alternatives)

    def agreed(self, agreement: dict) -> None:
        """The candidate did what the reference did here (kept for diagnosis)."""
        current().note_agreement(blame.observed(self.reference, **agreement))

    def cover(self, clauses) -> None:
        sink = current()
        for c in clauses:
            sink.coverage[c] = sink.coverage.get(c, 0) + 1
        self.exercised.update(clauses)

    def resync(self, ref, after: blame.Blame | None = None) -> None:
        """Put the candidate on the reference's state after a divergence.

        ``after``: the divergence that led here. A candidate that then rejects the reference's
        state judges it by the same break (its own reading of who won the trick): the PROTOCOL
        finding carries the divergence's clauses as alternatives. The reference then plays on
        alone, and the candidate is put on each later state until it loads one
        (:meth:`step`): a second bug further on is not hidden behind the first."""
        self.ref = ref
        try:
            self.cand = self.candidate.from_json(self.reference.to_json(ref))
        except RulecheckError as exc:
            self.protocol(f"the candidate cannot load the reference's state to go on: {exc}",
                          self.reference.to_json(ref), "loads", str(exc),
                          (after.clauses + after.alternatives) if after is not None and after.basis == "provenance"
                          else ())
            self.cand = None

    # ---- starting ----------------------------------------------------------------------
    def start(self, config: dict) -> bool:
        """A new game on both sides; False when the candidate cannot go on."""
        self.path = [{"new_game": config}]
        self.finished = False
        ref = self.reference.new_game(config)
        rj = self.reference.to_json(ref)
        if self.explainer is not None:
            self.cover(coverage.setup(self.explainer, config))
        current().note_start(dumps(rj))
        coverage.note_game(self.candidate, self.reference.game, config)
        try:
            cand = self.candidate.new_game(config)
        except RulecheckError as exc:
            if exc.code in FAULT_CODES:  # the candidate failed on a config the rules allow: a fault
                self.protocol(f"the candidate fails on the config {dumps(config)}: {exc}", None, rj, str(exc))
                self.cand = self.ref = None
                return False
            b = blame.Blame.of(capabilities.config_clauses(self.reference.game, config))
            self.found(b, f"the candidate rejects the config {dumps(config)}, which the rules allow: {exc}",
                       None, None, rj, str(exc), diff=False, observed={"op": "new-rejects", "config": config})
            self.cand = self.ref = None
            return False
        cj = self.candidate.to_json(cand)
        if not same(cj, rj):
            b = blame.setup(self.reference, config, rj, cj)
            self.found(b, f"new_game({dumps(config)}) differs", None, None, rj, cj,
                       observed={"op": "new", "config": config, "value": cj})
            self.resync(ref, b)
            return self.ref is not None
        self.agreed({"op": "new", "config": config, "value": dumps(rj)})
        self.cand, self.ref = cand, ref
        return True

    def start_from_state(self, state_json: dict) -> bool:
        """Both sides load a built position (``harness.explore.situations``)."""
        self.path = [{"state": state_json}]
        self.finished = False
        ref = self.reference.from_json(state_json)
        current().note_start(dumps(self.reference.to_json(ref)))
        self.cand = None
        self.resync(ref)
        return self.ref is not None

    # ---- one state ----------------------------------------------------------------------
    def step(self, choose: Callable[[list, dict | None], dict | None]) -> bool:
        """Compare everything in the current state, then play ``choose(legal, chance)`` on both
        sides (the reference's legal actions or chance event). False when the game is over or
        the candidate cannot go on."""
        if self.ref is None or self.finished:
            return False
        ref_eng = self.reference
        rj = ref_eng.to_json(self.ref)
        key = dumps(rj)
        r_legal = ref_eng.legal_actions(self.ref)
        r_chance = ref_eng.chance(self.ref)
        action = choose(r_legal, r_chance) if (r_legal or r_chance is not None) else None
        if self.cand is None:  # the candidate could not load an earlier state: try this one
            try:
                self.cand = self.candidate.from_json(rj)
            except RulecheckError:
                return self._alone(action)
        rng = _seed(key)
        players = _players(rj)
        probe_list = probes.for_state(ref_eng, self.ref, rj, r_legal, r_chance, action, self.last_legal, rng,
                                      self.probes_per_state)
        self.memory.visits += 1
        replay = None
        if self.memory.transitions and self.memory.visits % REPLAY_EVERY == 0:
            replay = self.memory.transitions[rng.randrange(len(self.memory.transitions))]

        # the candidate's answers, in one batch over the protocol
        questions: list[tuple] = [("legal", self.cand, None)]
        if self._observe:
            questions += [("observe", self.cand, p) for p in range(players)]
        questions += [("apply", self.cand, m) for m, _ in probe_list]
        if replay is not None:
            questions.append(("apply", replay[0], replay[2]))
        if action is not None:
            questions.append(("apply", self.cand, action))
        answers = self._ask(questions)
        if answers is None:
            return False
        it = iter(answers)

        legal_ans = next(it)
        self._compare_legal(rj, r_legal, legal_ans, action)
        self.chance_differs = self._compare_chance(rj, r_chance)
        self._compare_result(rj, legal_ans)
        if self._observe:
            for p in range(players):
                self._compare_observation(rj, p, next(it))
        for (m, code), ans in zip(probe_list, [next(it) for _ in probe_list]):
            self._judge_probe(rj, m, code, ans, r_chance is not None and m.get("type") == "chance")
        if replay is not None:
            self._judge_replay(replay, next(it))
        current().note_transition(key, action)
        # what a probe of the next state borrows: this state's actions (a nearby state), or the
        # chance outcome just played (an action of the other type once no event is pending)
        self.last_legal = r_legal if r_legal else ([action] if action is not None else [])
        if action is None:
            self.finished = True  # a finished game: compared once
            return False
        going = self._advance(rj, action, r_chance is not None, next(it))
        if going and self.reference.is_terminal(self.ref):
            self.step(choose)  # a finished game is compared at once (observations, no legal action, no probe)
            return False
        return going

    def _alone(self, action) -> bool:
        """The reference plays ``action`` without the candidate (it cannot load this state)."""
        if action is None:
            self.finished = True
            return False
        self.ref = self.reference.apply(self.ref, action)
        self.path.append(action)
        return not self.reference.is_terminal(self.ref)

    def _ask(self, questions: list[tuple]) -> list[Answer] | None:
        cand = self.candidate
        if self._batch and len(questions) > 1:
            subs = []
            for op, st, arg in questions:
                if op == "legal":
                    subs.append({"op": "legal", "state": st})
                elif op == "observe":
                    subs.append({"op": "observe", "state": st, "player": arg})
                else:
                    subs.append({"op": "apply", "state": st, "action": arg})
            try:
                got = cand.batch(subs)
            except RulecheckError as exc:
                self.protocol(f"the candidate cannot answer a batch of questions about a state: {exc}",
                              self.reference.to_json(self.ref), "answers", str(exc))
                self.cand = self.ref = None
                return None
            key = {"legal": "actions", "observe": "observation", "apply": "state"}
            return [Answer(error=error_from_wire(r["error"])) if "error" in r else Answer(r.get(key[q[0]]))
                    for q, r in zip(questions, got)]
        out = []
        for op, st, arg in questions:
            try:
                if op == "legal":
                    out.append(Answer(cand.legal_actions(st)))
                elif op == "observe":
                    out.append(Answer(cand.observation(st, arg)))
                else:
                    out.append(Answer(cand.apply(st, arg)))
            except RulecheckError as exc:
                out.append(Answer(error=exc))
        return out

    def _same_successor(self, rj: dict, mine: dict, theirs: dict) -> Answer | None:
        """The candidate's successor for its spelling ``theirs`` when it is the reference's for ``mine``."""
        got = self._ask([("apply", self.cand, theirs)])
        if not got or got[0].error is not None:
            return None
        want = self.reference.to_json(self.reference.apply(self.ref, mine))
        return got[0] if same(self.candidate.to_json(got[0].value), want) else None

    def _compare_legal(self, rj: dict, r_legal: list, ans: Answer, action) -> None:
        self.missing = set()
        self.legal_differs = True
        self.spelled = {}
        r_set = {dumps(a): a for a in r_legal}
        self.legal_keys = set(r_set)
        if ans.error is not None:
            self.protocol(f"the candidate rejects a state it produced (or was put on): {ans.error}", rj,
                          "legal actions", f"rejects the state: {ans.error}")
            return
        c_set, twice = notation.canonical_set(self.reference, ans.value or [])
        if twice:
            self.protocol(f"the candidate lists {twice} action(s) twice (docs/protocol.md, legal: \"every legal "
                          "player action, each exactly once\"; two spellings of one action are one action)",
                          rj, "each action once", f"{twice} repeated")
        if r_set.keys() == c_set.keys():
            self.legal_differs = False
            return
        missing = [r_set[k] for k in sorted(set(r_set) - set(c_set))]
        extra = [c_set[k] for k in sorted(set(c_set) - set(r_set))]
        for mine, theirs in notation.variant_pairs(self.reference, missing, extra, self.ref):
            same = self._same_successor(rj, mine, theirs)
            if same is not None:  # one action in two spellings (the order of independent steps)
                self.spelled[dumps(mine)] = (theirs, same)
                missing.remove(mine)
                extra.remove(theirs)
        self.missing = {dumps(a) for a in missing}
        blamed = blame.legal_sets(self.reference, rj, missing, extra)
        listed = {"op": "legal", "value": [c_set[k] for k in sorted(c_set)]}  # the whole list: strong evidence
        for a in missing:
            self.found(blamed[dumps(a)], "the candidate does not list a legal action", rj, a, "legal", "not listed",
                       diff=False, observed=listed)
        for a in extra:
            self.found(blamed[dumps(a)], "the candidate lists an action the rules forbid", rj, a, "not legal",
                       "listed as legal", diff=False, observed=listed)

    def _compare_chance(self, rj: dict, r_ch) -> bool:
        try:
            c_ch = self.candidate.chance(self.cand)
        except RulecheckError as exc:
            c_ch = {"error": str(exc)}
        self.cand_chance = c_ch
        if c_ch is not r_ch and not same(c_ch, r_ch) and _norm_chance(r_ch) != _norm_chance(c_ch):
            self.found(blame.chance_event(self.reference, rj), "the pending chance event differs", rj, None, r_ch, c_ch,
                       observed=None if isinstance(c_ch, dict) and "error" in c_ch else {"op": "chance", "value": c_ch})
            return True
        return False

    def _compare_result(self, rj: dict, legal_ans: Answer) -> None:
        """The candidate's ``result`` here: the reference's, and not None exactly when the candidate's
        own answers say the game is over (no legal action, no pending chance event). Over the protocol
        the result is the state's own ``result`` field; in-process, the engine's ``result()``."""
        try:
            got = self.candidate.result(self.cand)
        except RulecheckError as exc:
            self.protocol(f"the candidate cannot give the result of a state it produced (or was put on): {exc}",
                          rj, "a result or null", str(exc))
            return
        want = self.reference.result(self.ref)
        own_end = None  # what the candidate's own answers say: is the game over?
        if legal_ans.error is None and not (isinstance(self.cand_chance, dict) and "error" in self.cand_chance):
            own_end = not legal_ans.value and self.cand_chance is None
        contradicts = own_end is not None and (got is not None) != own_end
        if not same(got, want):
            what = ("the game's result differs" if got is not None and want is not None else
                    "the candidate gives a result while the game is on" if want is None else
                    "the candidate gives no result for a finished game")
            if contradicts:
                what += (", though it still lists actions or a chance event" if got is not None
                         else ", though it lists no action and no chance event")
            self.found(blame.result(self.reference, rj, got), what, rj, None, want, got, diff=False,
                       check="result", observed={"op": "result", "value": got})
        elif contradicts and not self.legal_differs and not self.chance_differs:
            # the candidate's answers are the reference's, and contradict each other: still a break
            self.found(blame.result(self.reference, rj, got),
                       "the result contradicts the legal actions and the chance event (a result exactly when no "
                       "action is legal and no chance event is pending)", rj, None,
                       "a result" if own_end else "no result", got, diff=False, check="result")

    def _compare_observation(self, rj: dict, player: int, ans: Answer) -> None:
        ref_obs = self.reference.observation(self.ref, player)
        if self.explainer is not None and player == self.memory.visits % max(1, _players(rj)):
            self.cover(coverage.observation(self.explainer, rj, player))  # one player per state: what hides is the same
        if ans.error is not None:  # a state it was put on or produced, refused: a fault, no rule's
            self.protocol(f"the candidate refuses player {player}'s observation of a valid state: {ans.error}",
                          rj, ref_obs, str(ans.error))
            return
        ref_view, cand_view = observation_views(self.reference, rj, ref_obs, ans.value)
        if not same(cand_view, ref_view):
            self.found(blame.observation(self.reference, rj, player, ref_view, cand_view),
                       f"player {player}'s observation differs (what a player may see)", rj, None, ref_view,
                       cand_view, check="observation",
                       observed={"op": "observe", "player": player, "value": ans.value})

    def _judge_probe(self, rj: dict, m: dict, code: str, ans: Answer, chance: bool) -> None:
        spelled = [] if chance else notation.spellings_in(self.reference, m, self.legal_keys, self.ref)
        if spelled:  # another spelling of a legal action: refused with any code, or played as that action
            if ans.error is None and not any(self._reaches(ans, s) for s in spelled):
                self.found(blame.successor(self.reference, rj, spelled[0], self._after(spelled[0]),
                                           self.candidate.to_json(ans.value)),
                           "the candidate plays another spelling of a legal action to another state", rj, m,
                           self._after(spelled[0]), self.candidate.to_json(ans.value), check="probe")
            return
        canon = m if chance else self.reference.canonical_action(m)
        if ans.error is None:
            b = blame.chance_event(self.reference, rj) if chance else blame.accepted_illegal(self.reference, rj, canon)
            what = ("the candidate accepts a chance outcome the pending event cannot give" if chance
                    else "the candidate accepts an action the rules forbid")
            self.found(b, what, rj, m, f"rejected ({code})", "accepted", diff=False, check="probe",
                       observed={"op": "accepts", "value": True})
        elif code and ans.error.code != code and canon is m:  # a set out of order: its code is notation too
            self.protocol(f"the candidate rejects a forbidden action with code {ans.error.code!r}; the protocol "
                          f"documents {code!r} for it ({error_row(code)})", rj, code, ans.error.code, action=m)

    def _after(self, action: dict) -> dict:
        return self.reference.to_json(self.reference.apply(self.ref, action))

    def _reaches(self, ans: Answer, action: dict) -> bool:
        return same(self.candidate.to_json(ans.value), self._after(action))

    def _judge_replay(self, replay: tuple, ans: Answer) -> None:
        _, sj, action, after = replay
        got = None if ans.error is not None else self.candidate.to_json(ans.value)
        if got is not None and same(got, after):
            return
        what = ("asked again after other requests (other games and configs), the candidate answers differently "
                "than it did the first time: an answer must depend on the request alone")
        if got is None and ans.error.code in FAULT_CODES:
            self.protocol(f"{what}: it fails ({ans.error})", sj, after, str(ans.error), action=action)
        elif got is None:
            self.found(blame.rejected_legal(self.reference, sj, action), what, sj, action, after,
                       f"rejected: {ans.error}", diff=False)
        else:
            self.found(blame.successor(self.reference, sj, action, after, got), what, sj, action, after, got)

    def _advance(self, rj: dict, action: dict, chance: bool, ans: Answer) -> bool:
        ref = self.reference.apply(self.ref, action)
        self.path.append(action)
        after_r = self.reference.to_json(ref)
        if self.explainer is not None:
            exercised = coverage.transition(self.explainer, rj, action, chance)
            self.cover(exercised)
            coverage.note_pairs(current().pairs, exercised)
        asked = action
        if ans.error is not None and dumps(action) in self.spelled:
            asked, ans = self.spelled[dumps(action)]  # the candidate's own spelling of the action
        if ans.error is not None:
            b = blame.rejected_legal(self.reference, rj, action)
            if dumps(action) not in self.missing and not (chance and self.chance_differs):
                # a missing action (or another chance event) was recorded already; this one the candidate
                # offered itself: refusing it is an inconsistent answer, a fault and no rule's
                self.protocol(f"the candidate rejects {'the chance outcome of the event' if chance else 'an action'} "
                              f"its own answers offered in this state ({'chance' if chance else 'legal'}): "
                              f"{ans.error}", rj, "accepted", f"rejected: {ans.error}")
            self.resync(ref, b)
            return self.ref is not None
        after_c = self.candidate.to_json(ans.value)
        if not same(after_c, after_r):
            b = blame.successor(self.reference, rj, action, after_r, after_c)
            self.found(b, "the successor state differs", rj, action, after_r, after_c,
                       observed={"op": "apply", "value": after_c})
            self.resync(ref, b)
            return self.ref is not None
        if not self.legal_differs:
            self.agreed({"op": "apply", "state": rj, "action": action, "key": key_of(rj, action)})
        self.memory.transitions.append((self.cand, rj, asked, after_r))
        self.cand, self.ref = ans.value, ref
        return True


def key_of(state_json: dict, action) -> str:
    """A position and action as one text (agreements are looked up by it)."""
    return dumps(state_json) + "|" + dumps(action)


def _players(rj: dict) -> int:
    n = rj.get("players")
    if isinstance(n, int):
        return n
    if isinstance(n, list):
        return len(n)
    for k in ("hands", "colours", "seats"):
        if isinstance(rj.get(k), list):
            return len(rj[k])
    return 0


def _norm_chance(ch: dict | None):
    if ch is None:
        return None
    if "error" in ch:
        return dumps(ch)
    draws = [{**d, "pool": sorted(map(dumps, d["pool"]))} for d in ch.get("draws", [])]
    return dumps({**ch, "draws": draws})
