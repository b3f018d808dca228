"""Replay the Dnup Z3 witnesses (specs/dnup/vectors/*.json) against the engine under test,
through the protocol fixture only.

Every case holds under one reading (``choices``): the reference engine is configured with
it (``pytest.mark.choice``); a third-party engine that declares another option is skipped
as not applicable. A case starts from a canonical state (or a new game's config), checks
the fields it expects, then plays its steps: a legal step must be listed by
``legal_actions`` (player actions) and accepted, and the fields after it must match; an
illegal step must not be listed and must be rejected. Regenerate the vectors with
``python -m proofs.dnup.vectors``.
"""

from __future__ import annotations

import json

import pytest

from engine.canonical import dumps
from engine.errors import IllegalActionError, InvalidOutcomeError, MalformedError
from harness.violations import require
from specs import SPECS_DIR

GAME = "dnup"
VECTOR_DIR = SPECS_DIR / GAME / "vectors"


def _vectors() -> list[dict]:
    return [json.loads(p.read_text(encoding="utf-8")) for p in sorted(VECTOR_DIR.glob("*.json"))]


def _params():
    out = []
    for vec in _vectors():
        for k, case in enumerate(vec["cases"]):
            marks = [pytest.mark.clause(*vec["clauses"])]
            marks += [pytest.mark.choice(cid, opt) for cid, opt in sorted(case["choices"].items())]
            out.append(pytest.param(vec, case, marks=marks, id=f"{vec['id']}/{k}"))
    return out


def _check(eng, s, expect: dict, clause: str, when: str) -> None:
    got = eng.to_json(s)
    for field, want in sorted(expect.items()):
        require(got.get(field) == want, clause, f"{when}: {field} is {dumps(got.get(field))[:600]}, expected "
                                                f"{dumps(want)[:600]}")


def replay(eng, vec: dict, case: dict) -> None:
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
            require(listed in (None, True), clause, f"step {k + 1}: {shown} is legal here but not listed ({case['name']})")
            try:
                s = eng.apply(s, action)
            except (IllegalActionError, InvalidOutcomeError) as exc:
                raise AssertionError(f"[{clause}] step {k + 1}: {shown} is legal here ({case['name']}), engine: {exc}")
            _check(eng, s, step.get("expect", {}), clause, f"after step {k + 1} ({case['name']})")
        else:
            require(not listed, clause, f"step {k + 1}: {shown} is not legal here but is listed ({case['name']})")
            with pytest.raises((IllegalActionError, InvalidOutcomeError)):
                eng.apply(s, action)


@pytest.mark.parametrize(("vec", "case"), _params())
def test_dnup_vector(rulecheck_engine, vec, case):
    replay(rulecheck_engine(GAME), vec, case)
