"""No false alarms: notation, undeclared variants and faults (docs/protocol.md, "Notation", "Errors",
"Capabilities", "Limits, deadlines and faults").

- An engine that differs from the reference only in notation (N1 set order, N2 the order of a
  same-position split 7, N3 key order, N4 error wording, N5 declared missing variants) passes
  the whole check: no failing clause, no PROTOCOL finding.
- An engine without team and points play that says so, and refuses such positions at ``load``
  as ``bad-config``, gets ``not-applicable`` there on every path, and no PROTOCOL or
  UNEXPLAINED finding.
- A crashing engine, one answering ``internal`` errors, and one refusing actions its own
  ``legal`` offers fail PROTOCOL only.
"""

from __future__ import annotations

import sys

import pytest

from engine.errors import ERROR_ROWS
from harness.capabilities import config_keys
from specs import ROOT
from tests.check_run import alarms, assert_exercises_every_clause, check, findings_of

PY = sys.executable


def served(game: str, factory: str) -> str:
    return f"cmd:{PY} tests/notation/serve_reordered.py {game} {factory}"


#: the games whose reference is served with its notation changed (tests/notation/serve_reordered.py)
NOTATION_GAMES = ("dnup", "sorry")
#: of those, the ones whose notation engine declares every config the reference does (the Sorry!
#: one plays the base game only), so its clean run doubles as the served reference's clean run
NOTATION_COVERS_ALL = ("dnup",)


@pytest.mark.parametrize("game", NOTATION_GAMES)
def test_an_engine_differing_only_in_notation_passes(game, tmp_path):
    """The reference served over the protocol with its notation changed: no alarm, no PROTOCOL
    finding; where it declares every config, every implemented clause exercised as well (this is
    then the served reference's clean run: tests/test_broken_engines.py runs it for the others)."""
    proc, report = check(game, served(game, f"make_{game}"), tmp_path)
    assert alarms(report) == {}, proc.stdout[-4000:]
    assert findings_of(report, "PROTOCOL") == 0 and report["ok"] and proc.returncode == 0
    if game == "sorry":  # its notation engine plays the base game only (tests.broken.partial), and says so
        verdicts = {c["clause"]: c["verdict"] for c in report["clauses"]}
        variant = {c for k in ("team", "points") for c in config_keys("sorry")[k]["clauses"]}
        assert {verdicts[c] for c in variant} == {"not-applicable"}
        assert report["tests"]["failed"] == 0 and findings_of(report, "UNEXPLAINED") == 0
    if game in NOTATION_COVERS_ALL:
        assert_exercises_every_clause(game, report)


@pytest.mark.campaign  # the Sorry! notation engine above is this engine too: CI runs that one
def test_an_engine_without_team_and_points_gets_not_applicable_on_every_path(tmp_path):
    engine = f"cmd:{PY} -m harness.serve --game sorry --engine py:tests.broken.partial:make_sorry_without_variants"
    proc, report = check("sorry", engine, tmp_path)
    verdicts = {c["clause"]: c["verdict"] for c in report["clauses"]}
    variant = {c for k in ("team", "points") for c in config_keys("sorry")[k]["clauses"]}
    assert {verdicts[c] for c in variant} == {"not-applicable"}
    assert alarms(report) == {} and report["tests"]["failed"] == 0, proc.stdout[-4000:]
    assert findings_of(report, "PROTOCOL") == findings_of(report, "UNEXPLAINED") == 0


@pytest.mark.parametrize("engine", [
    f"cmd:{PY} tests/faulty/candidate.py crash dnup",
    f"cmd:{PY} -m harness.serve --game dnup --engine py:tests.faulty.faults:make_internal",
    f"cmd:{PY} -m harness.serve --game dnup --engine py:tests.faulty.faults:make_rejects_own",
], ids=["crash", "internal", "rejects-own"])
def test_a_faulty_engine_fails_protocol_only(engine, tmp_path):
    proc, report = check("dnup", engine, tmp_path, profile="failfast")  # a fault shows at once
    assert proc.returncode == 1
    assert alarms(report) == {"PROTOCOL": "fail"}, proc.stdout[-4000:]


def test_the_error_table_of_the_docs_is_the_one_findings_quote():
    text = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    section = text[text.index("## Errors"):text.index("### What is checked of an error")]
    rows = {line.split("|")[1].strip().strip("`"): line.split("|")[2].strip()
            for line in section.splitlines() if line.startswith("| `")}
    assert rows == ERROR_ROWS
