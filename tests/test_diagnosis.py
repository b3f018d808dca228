"""Diagnosis: findings grouped into root causes by the misreading that reproduces them.

A candidate that reads one clause another way shows it in many places; the diagnosis must
name that clause once, say the misreading in words, and turn the other clauses it touched
into ``affected``. These tests build real divergences from a misreading played as the
candidate, and check what the diagnosis makes of them.
"""

from __future__ import annotations

import io
import random

from rich.console import Console

from engine import chance as chance_mod
from engine.canonical import dumps
from engine.misreading import Misreading, catalogue, choice_misreadings
from engine.sorry import SorryEngine
from harness.engines import oracle
from harness.verdicts import blame
from harness.verdicts.check import ClauseVerdict, SuiteResult
from harness.verdicts.diagnosis import RootCause, diagnose, reproduces
from harness.verdicts.root_causes import AFFECTED, apply
from harness.verdicts.terminal import print_result

TEN = "sorry.ten-card"


def _forward_one() -> SorryEngine:
    return SorryEngine(choices={TEN: "forward-one"})


def divergences(candidate, reference, seed: int = 1, limit: int = 400, want: int = 6):
    """Walk random games on the reference; where the candidate's legal list differs, a failure
    entry as lockstep records it (the whole list observed); where it agrees, an agreement."""
    rng = random.Random(seed)
    found, agreed = [], []
    state = reference.new_game({"players": 3})
    for _ in range(limit):
        legal = reference.legal_actions(state)
        pending = reference.chance(state)
        if not legal and pending is None:
            state = reference.new_game({"players": 3})
            continue
        action = rng.choice(sorted(legal, key=dumps)) if legal else chance_mod.sample(pending, rng)
        rj = reference.to_json(state)
        mine = candidate.legal_actions(candidate.from_json(rj))
        if legal and sorted(map(dumps, mine)) != sorted(map(dumps, legal)):
            w = blame.witness(reference, rj, action, "legal", "differs", diff=False)
            w.observed = blame.observed(reference, "legal", value=sorted(mine, key=dumps))
            found.append({"clause": "SRY-CARD-10", "check": "differential", "message": "legal actions differ",
                          "count": 1, "witness": w.to_json(), "witness_text": w.text, "plies": 0,
                          "alternatives": [], "standalone": True})
        elif legal:
            agreed.append(blame.observed(reference, "apply", state=rj, action=action, key=dumps(rj) + dumps(action)))
        if len(found) >= want:
            break
        state = reference.apply(state, action)
    return found, agreed


def test_an_undeclared_choice_is_diagnosed_as_that_misreading_in_words():
    reference = oracle("sorry", {})
    found, agreed = divergences(_forward_one(), reference)
    assert found, "random play never drew a 10 with a pawn out"
    cat = catalogue("sorry", SorryEngine, {})
    causes = diagnose("sorry", {"SRY-CARD-10": found}, agreed, cat, lambda ch: oracle("sorry", ch))
    assert [rc.clause for rc in causes] == ["SRY-CARD-10"]
    assert causes[0].misreading == f"choice:{TEN}=forward-one"
    assert "forward" in causes[0].words and causes[0].contradicted == 0


def test_the_same_findings_recorded_on_other_clauses_follow_the_root_cause():
    """Provenance blamed some of the divergences on another clause: one root cause explains both."""
    reference = oracle("sorry", {})
    found, agreed = divergences(_forward_one(), reference)
    half = len(found) // 2
    failing = {"SRY-CARD-10": found[:half], "SRY-HOME-EXACT": [{**f, "clause": "SRY-HOME-EXACT"} for f in found[half:]]}
    causes = diagnose("sorry", failing, agreed, catalogue("sorry", SorryEngine, {}), lambda ch: oracle("sorry", ch))
    assert [rc.clause for rc in causes] == ["SRY-CARD-10"]
    assert set(causes[0].clauses) == {"SRY-CARD-10", "SRY-HOME-EXACT"}
    verdicts = {c: ClauseVerdict(c, "sorry", "fail", failures=list(fs)) for c, fs in failing.items()}
    apply(verdicts, causes)
    assert verdicts["SRY-CARD-10"].verdict == "fail"
    assert verdicts["SRY-HOME-EXACT"].verdict == AFFECTED and "SRY-CARD-10" in verdicts["SRY-HOME-EXACT"].reason


def test_a_misreading_that_contradicts_where_the_candidate_agreed_is_not_taken():
    """The same witnesses, but the only misreading that reproduces them also differs from the
    reference where the candidate agreed: provenance's clause stands, said as unexplained."""
    reference = oracle("sorry", {})
    found, agreed = divergences(_forward_one(), reference)
    # agreements where the 10 is played: the forward-one reading differs there, the candidate did not
    tens = []
    for f in found:
        rj = f["witness"]["state"]
        for a in reference.legal_actions(reference.from_json(rj)):
            tens.append(blame.observed(reference, "apply", state=rj, action=a, key=dumps(rj) + dumps(a)))
    causes = diagnose("sorry", {"SRY-CARD-10": found}, tens * 3, choice_misreadings("sorry", SorryEngine, {}),
                      lambda ch: oracle("sorry", ch))
    assert [(rc.clause, rc.misreading) for rc in causes] == [("SRY-CARD-10", None)]


def _relabelled(found: list[dict], clause: str) -> list[dict]:
    return [{**f, "clause": clause} for f in found]


def test_a_reading_tying_two_clauses_together_is_one_root_cause_though_a_few_positions_contradict_it():
    """Provenance blames the divergences on two clauses apart; the one reading that reproduces
    both differs from the reference on a few agreeing positions (within the tolerance): it is
    still the one root cause, not two clauses blamed by provenance."""
    reference = oracle("sorry", {})
    found, agreed = divergences(_forward_one(), reference, want=8)
    rj = found[0]["witness"]["state"]
    contra = [blame.observed(reference, "apply", state=rj, action=a, key=dumps(rj) + dumps(a))
              for a in reference.legal_actions(reference.from_json(rj))][:2]
    assert contra and len(contra) <= 0.15 * len(agreed + contra), "the tolerance changed: rebuild the agreements"
    half = len(found) // 2
    failing = {"SRY-CARD-10": found[:half], "SRY-HOME-EXACT": _relabelled(found[half:], "SRY-HOME-EXACT")}
    causes = diagnose("sorry", failing, agreed + contra, choice_misreadings("sorry", SorryEngine, {}),
                      lambda ch: oracle("sorry", ch))
    assert [(rc.clause, rc.misreading) for rc in causes] == [("SRY-CARD-10", f"choice:{TEN}=forward-one")]
    assert causes[0].contradicted >= 1 and set(causes[0].clauses) == {"SRY-CARD-10", "SRY-HOME-EXACT"}


def _odd(f: dict) -> dict:
    """A witness no reading reproduces: the candidate listed nothing at a position with moves."""
    w = {**f["witness"], "observed": {**f["witness"]["observed"], "value": []}}
    return {**f, "witness": w}


def test_a_few_witnesses_a_near_reading_misses_follow_its_root_cause_but_many_do_not():
    reference = oracle("sorry", {})
    found, agreed = divergences(_forward_one(), reference, want=8)
    cat = choice_misreadings("sorry", SorryEngine, {})
    other = _relabelled(found[:4], "SRY-HOME-EXACT")
    few = {"SRY-CARD-10": found, "SRY-HOME-EXACT": other + [_odd(other[0])]}
    causes = diagnose("sorry", few, agreed, cat, lambda ch: oracle("sorry", ch))
    assert [rc.clause for rc in causes] == ["SRY-CARD-10"] and causes[0].clauses["SRY-HOME-EXACT"] == 5
    many = {"SRY-CARD-10": found, "SRY-HOME-EXACT": other[:2] + [_odd(f) for f in other[1:]]}
    causes = diagnose("sorry", many, agreed, cat, lambda ch: oracle("sorry", ch))
    assert sorted(rc.clause for rc in causes) == ["SRY-CARD-10", "SRY-HOME-EXACT"]


def test_a_witness_the_reference_reproduces_is_not_evidence():
    reference = oracle("sorry", {})
    found, agreed = divergences(_forward_one(), reference)
    same = []
    for f in found:
        rj = f["witness"]["state"]
        legal = reference.legal_actions(reference.from_json(rj))
        same.append({**f, "witness": {**f["witness"], "observed": blame.observed(reference, "legal", value=legal)}})
    anything = Misreading("anything", "SRY-DECK", "reproduces everything", lambda cs: SorryEngine(choices=cs), "condition")
    causes = diagnose("sorry", {"SRY-CARD-10": same}, [], [anything], lambda ch: oracle("sorry", ch))
    assert [(rc.clause, rc.misreading) for rc in causes] == [("SRY-CARD-10", None)]


def test_replay_answers_each_kind_of_observation():
    ref = oracle("sorry", {})
    st = ref.new_game({"players": 2})
    rj = ref.to_json(st)
    assert reproduces(ref, {"op": "new", "config": {"players": 2}, "value": rj}, None, None)
    assert not reproduces(ref, {"op": "new-rejects", "config": {"players": 2}}, None, None)
    assert reproduces(ref, {"op": "chance", "value": ref.chance(st)}, rj, None)
    assert reproduces(ref, {"op": "observe", "player": 0, "value": ref.observation(st, 0)}, rj, None)
    assert not reproduces(ref, {"op": "legal", "value": [{"type": "nonsense"}]}, rj, None)
    assert not reproduces(ref, {"op": "legal"}, {"not": "a state"}, None)  # an engine that cannot load: no


def _result_with(causes, verdicts) -> SuiteResult:
    return SuiteResult(["sorry"], "x", [{"nodeid": "t", "outcome": "failed"}], verdicts, 1, [], root_causes=causes)


def test_off_a_terminal_every_root_cause_and_clause_is_one_unwrapped_line():
    rc = RootCause("SRY-SAFETY-ZONE-ENTRY", "the safety zone is entered one square late " * 3, "m", "parameter",
                   clauses={"SRY-SAFETY-ZONE-ENTRY": 5, "SRY-CARD-7-SPLIT-EXAMPLE": 3},
                   shortest={"witness_text": "position: red pawn on 62\nmore", "message": "m"})
    verdicts = {"SRY-SAFETY-ZONE-ENTRY": ClauseVerdict("SRY-SAFETY-ZONE-ENTRY", "sorry", "fail", "s" * 150,
                                                       failures=[{"check": "differential", "message": "x" * 300}]),
                "SRY-CARD-7-SPLIT-EXAMPLE": ClauseVerdict("SRY-CARD-7-SPLIT-EXAMPLE", "sorry", AFFECTED, "t",
                                                          reason="a consequence of SRY-SAFETY-ZONE-ENTRY")}
    out = io.StringIO()
    print_result(Console(file=out, width=80, force_terminal=False), _result_with([rc], verdicts), False)
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("ROOT CAUSE SRY-SAFETY-ZONE-ENTRY: the safety zone is entered one square late")
    assert "explains 8 finding(s) on 2 clause(s)" in lines[0] and "shortest witness: position: red pawn on 62" in lines[0]
    assert any(ln.startswith("SRY-CARD-7-SPLIT-EXAMPLE affected ") for ln in lines)
    assert any(ln.startswith("SRY-SAFETY-ZONE-ENTRY fail ") and len(ln) > 200 for ln in lines)
