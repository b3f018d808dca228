"""Replay the Z3 witnesses in ``specs/<game>/vectors/*.json`` against an engine, through
the protocol only (shared by ``harness/games/<game>/test_<game>_vectors.py``).

Every case holds under one reading (``choices``): the reference engine is configured with
it (``pytest.mark.choice``); a third-party engine that declares another option is skipped
as not applicable. The model that found a witness ran every other choice at its default,
so a case may also depend on readings it does not name (a state dealt from the 45-card
deck, a slide that happens only under the default slide colours): each game's test module
lists those in an ``ASSUMES`` table (``case_choices``), checked by
tests/test_reference_readings.py, which runs the reference under every option. ``replay`` handles the step format of the vectors that list steps: a case starts
from a canonical state (or a new game's config), checks the fields it expects, then plays
its steps: a legal step must be listed by ``legal_actions`` (player actions) and
accepted, and the fields after it must match; an illegal step must not be listed and
must be rejected. Regenerate the vectors with ``python -m proofs.<game>.vectors``.
"""

from __future__ import annotations

import json

import pytest

from engine.canonical import dumps
from engine.errors import IllegalActionError, InvalidOutcomeError, MalformedError
from harness.verdicts.findings import ClauseFailure
from harness.verdicts.violations import ClauseViolation, Recording, require, through_provenance
from specs import SPECS_DIR


def load_vectors(game: str) -> list[dict]:
    """Every vector file of ``game``, in file-name order."""
    return [json.loads(p.read_text(encoding="utf-8")) for p in sorted((SPECS_DIR / game / "vectors").glob("*.json"))]


def case_choices(vec: dict, case: dict, assumes: dict[str, dict[str, str]] | None = None) -> dict[str, str]:
    """The readings a case's expectation depends on: the ``assumes`` entries for every
    vector (``"*"``), for its vector id and for ``"<vector id>/<case name>"``, then the
    case's own ``choices`` (which win)."""
    out: dict[str, str] = {}
    for key in ("*", vec["id"], f"{vec['id']}/{case['name']}"):
        out.update((assumes or {}).get(key, {}))
    out.update(case["choices"])
    return out


def vector_params(game: str, by_name: bool = False, assumes: dict[str, dict[str, str]] | None = None) -> list:
    """One ``pytest.param(vec, case)`` per case, marked with its clauses and choices
    (``case_choices``); the id is ``<vector id>/<case index>`` (or ``/<case name>`` with
    ``by_name``)."""
    out = []
    vectors = load_vectors(game)
    known = {"*"} | {v["id"] for v in vectors} | {f"{v['id']}/{c['name']}" for v in vectors for c in v["cases"]}
    stale = sorted(set(assumes or {}) - known)
    if stale:  # a regenerated vector renamed a case: the table must follow, not silently lapse
        raise ValueError(f"ASSUMES names no {game} vector or case: {', '.join(stale)}")
    for vec in vectors:
        for k, case in enumerate(vec["cases"]):
            marks = [pytest.mark.clause(*vec["clauses"])]
            marks += [pytest.mark.choice(cid, opt) for cid, opt in sorted(case_choices(vec, case, assumes).items())]
            out.append(pytest.param(vec, case, marks=marks, id=f"{vec['id']}/{case['name'] if by_name else k}"))
    return out


def _check(eng, s, expect: dict, clause: str, when: str) -> None:
    got = eng.to_json(s)
    for field, want in sorted(expect.items()):
        require(got.get(field) == want, clause, f"{when}: {field} is {dumps(got.get(field))[:600]}, expected "
                                                f"{dumps(want)[:600]}")


def replay(eng, vec: dict, case: dict) -> None:
    """Play one case (start, expected fields, legal and illegal steps); a mismatch names
    the vector's first clause (``replay_blamed`` blames it through provenance instead)."""
    clause = vec["clauses"][0]
    if "config" in case:
        s = eng.new_game(case["config"])
    elif case.get("load") == "malformed":
        with pytest.raises(MalformedError):
            eng.from_json(case["state"])
        return
    else:
        s = eng.from_json(case["state"])
    _check(eng, s, case.get("expect", {}), clause, "at the start")
    for k, step in enumerate(case["steps"]):
        action = step["action"]
        shown = dumps(action)
        listed = None
        if action.get("type") != "chance":
            listed = shown in {dumps(a) for a in eng.legal_actions(s)}
        if step["legal"]:
            if listed is False:
                _blame_listing(eng, s, action, listed=False)
            require(listed in (None, True), clause, f"step {k + 1}: {shown} is legal here but not listed ({case['name']})")
            try:
                s = eng.apply(s, action)
            except (IllegalActionError, InvalidOutcomeError) as exc:
                if listed:  # its own legal list offers it: an inconsistent answer, a fault and no rule's
                    from harness.verdicts.violations import ProtocolViolation

                    raise ProtocolViolation(f"step {k + 1}: the engine refuses {shown}, which its own legal "
                                            f"actions list ({case['name']}): {exc}") from None
                raise ClauseViolation(clause, f"step {k + 1}: {shown} is legal here ({case['name']}), engine: {exc}")
            _check(eng, s, step.get("expect", {}), clause, f"after step {k + 1} ({case['name']})")
        else:
            if listed:
                _blame_listing(eng, s, action, listed=True)
            require(not listed, clause, f"step {k + 1}: {shown} is not legal here but is listed ({case['name']})")
            try:
                eng.apply(s, action)
            except (IllegalActionError, InvalidOutcomeError):
                continue
            raise ClauseViolation(clause, f"step {k + 1}: {shown} is not legal here but was accepted ({case['name']})")


def _blame_listing(eng, state, action: dict, listed: bool) -> None:
    blame_action = getattr(eng, "blame_action", None)
    if blame_action is not None:
        blame_action(state, action, listed)


def replay_blamed(node, eng, vec: dict, case: dict) -> None:
    """``replay`` with the failure blamed through the reference's provenance of the first step
    where the engine departs from the reference (``harness.verdicts.violations.Recording``); the
    vector's own clause stands when the provenance names nothing."""
    rec = Recording(eng)
    try:
        replay(rec, vec, case)
    except ClauseViolation as exc:
        clauses = through_provenance(node, rec, str(exc).removeprefix(f"[{exc.clause}] "), "vector")
        if not clauses:
            raise
        raise ClauseFailure(clauses, str(exc)) from exc
