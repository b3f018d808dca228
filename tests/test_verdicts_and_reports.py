"""Clause verdicts from test records, and the reports built on them (JSON, JUnit, HTML, --expect)."""

import json
import xml.etree.ElementTree as ET

import pytest

import specs
from harness.verdicts.check import SuiteResult, compute_verdicts
from harness.verdicts.report import ExpectationsError, html_page, junit_xml, load_expectations, write_reports

GAME = next(g for g in specs.GAMES if (specs.SPECS_DIR / g / "clauses.toml").exists())
SPEC = specs.load(GAME)
RULES = [c.id for c in SPEC.clauses.values() if c.normative and c.status == "implemented"]
A, B, C = RULES[0], RULES[1], RULES[2]


def rec(outcome, clauses, blamed=(), message="", name="t", check="scenario"):
    """A test record; each blamed clause gets a finding of ``check``, as the plugin records them."""
    found = [{"clause": c, "check": check, "message": message, "basis": "invariant", "test": f"suite::{name}",
              "witness": None, "count": 1} for c in blamed]
    return {"nodeid": f"suite::{name}", "name": name, "clauses": list(clauses), "choices": {}, "outcome": outcome,
            "blamed": list(blamed), "findings": found, "message": message, "duration": 0.0}


def result(records, expected=None):
    return SuiteResult([GAME], "reference", records, compute_verdicts([GAME], records, expected), 0, [])


def test_a_clause_passes_only_when_its_tests_ran_and_passed():
    v = compute_verdicts([GAME], [rec("passed", [A])])
    assert v[A].verdict == "pass"
    assert v[B].verdict == "not-covered"


def test_a_failure_that_blames_one_clause_fails_only_that_clause():
    v = compute_verdicts([GAME], [rec("failed", [A, B, C], blamed=[B], message="broken"), rec("passed", [A])])
    assert v[B].verdict == "fail"
    assert v[A].verdict == "pass"
    assert v[C].verdict == "inconclusive"  # the failing scenario did not get to check it
    assert v[B].failures[0]["message"] == "broken" and v[B].finding_count == 1


def test_an_exploring_check_that_found_one_clause_still_checked_the_others():
    v = compute_verdicts([GAME], [rec("failed", [A, B, C], blamed=[B], check="machine")])
    assert (v[A].verdict, v[B].verdict, v[C].verdict) == ("pass", "fail", "pass")


def test_a_clause_with_a_finding_never_passes():
    """A finding outside the test's own clauses, and one on a test that otherwise passed, both fail it."""
    v = compute_verdicts([GAME], [rec("failed", [A], blamed=[C], check="differential"), rec("passed", [C]),
                                  rec("passed", [B], blamed=[B])])
    assert v[C].verdict == "fail" and v[B].verdict == "fail" and v[A].verdict == "pass"


def _with_alternatives(record, clause, alternatives, standalone=False):
    for f in record["findings"]:
        if f["clause"] == clause:
            f["alternatives"], f["standalone"] = list(alternatives), standalone
    return record


def test_a_clause_whose_every_witness_another_failing_clause_explains_is_inconclusive():
    """Only the next leader shows who won a dove trick: a wrong colour order also breaks "the
    winner still leads". B's witnesses are all explained by A, which fails on witnesses of its own."""
    v = compute_verdicts([GAME], [rec("failed", [A, B], blamed=[A, B], check="differential", name="d"),
                                  rec("failed", [A], blamed=[A], check="machine", name="m")])
    assert v[B].verdict == "fail"  # no alternative: a break of its own
    recs = [_with_alternatives(rec("failed", [A, B], blamed=[A, B], check="differential", name="d"), B, [A, C]),
            rec("failed", [A], blamed=[A], check="machine", name="m")]
    v = compute_verdicts([GAME], recs)
    assert v[A].verdict == "fail"
    assert v[B].verdict == "inconclusive" and A in v[B].reason and C not in v[B].reason, v[B].reason


def test_an_alternative_that_fails_on_no_witness_of_its_own_explains_nothing():
    recs = [_with_alternatives(rec("failed", [A, B], blamed=[B], check="differential"), B, [A]),
            _with_alternatives(rec("failed", [A], blamed=[A], check="machine", name="m"), A, [B])]
    v = compute_verdicts([GAME], recs)
    assert v[A].verdict == "fail" and v[B].verdict == "fail"  # each explained only by the other: both stay
    recs = [_with_alternatives(rec("failed", [B], blamed=[B], check="differential"), B, [C])]
    assert compute_verdicts([GAME], recs)[B].verdict == "fail"  # C does not fail at all


def test_a_failure_without_findings_fails_every_clause_of_the_test():
    v = compute_verdicts([GAME], [rec("failed", [A, B], message="assert 1 == 2")])
    assert v[A].verdict == v[B].verdict == "fail"


def test_protocol_failures_go_to_the_protocol_row():
    v = compute_verdicts([GAME], [rec("failed", ["PROTOCOL", A], blamed=["PROTOCOL"], message="round trip")])
    assert v["PROTOCOL"].verdict == "fail"
    assert v[A].verdict == "inconclusive"


def test_protocol_is_judged_from_every_request():
    """Referee faults fail PROTOCOL even when every test passed; no fault and some tests: it passes."""
    v = compute_verdicts([GAME], [rec("passed", [A])], engine_counts={"fault:timeout": 2, "fault:restarts": 1})
    assert v["PROTOCOL"].verdict == "fail" and "timeout 2" in v["PROTOCOL"].failures[0]["message"]
    assert compute_verdicts([GAME], [rec("passed", [A])])["PROTOCOL"].verdict == "pass"


def test_clauses_of_undeclared_config_keys_are_not_applicable_unless_broken():
    v = compute_verdicts([GAME], [rec("passed", [A, B]), rec("failed", [B], blamed=[B], check="machine")],
                         unsupported={A: "no team play", B: "no team play"})
    assert v[A].verdict == "not-applicable" and v[A].reason == "no team play"
    assert v[B].verdict == "fail"


def test_a_filtered_run_keeps_findings_outside_its_filter():
    from harness.verdicts.check import filtered

    v = compute_verdicts([GAME], [rec("failed", [A], blamed=[C], check="machine")])
    kept = filtered(v, [A], None)
    assert kept[C].verdict == "fail" and "outside the filter" in kept[C].reason
    assert B not in kept


def test_not_applicable_only_when_every_test_was_not_applicable():
    v = compute_verdicts([GAME], [rec("not-applicable", [A]), rec("not-applicable", [B]), rec("passed", [B])])
    assert v[A].verdict == "not-applicable"
    assert v[B].verdict == "pass"


def test_expected_failures_and_stale_expectations():
    records = [rec("failed", [A], blamed=[A], message="x"), rec("passed", [B])]
    r = result(records, expected={A: "known", B: "fixed since"})
    assert r.verdicts[A].verdict == "expected-fail"
    assert r.verdicts[B].verdict == "unexpected-pass"
    assert not r.ok  # a stale entry fails the run


def test_run_is_not_ok_when_a_clause_is_not_covered_or_nothing_ran():
    assert not result([]).ok
    everything = [rec("passed", [c]) for c in RULES] + [rec("passed", ["PROTOCOL", "DIFFERENTIAL"])]
    assert result(everything).ok
    assert not result(everything[1:]).ok


def test_junit_has_one_testcase_per_clause_with_failures(tmp_path):
    r = result([rec("failed", [A], blamed=[A], message="the dove was ignored")])
    root = ET.fromstring(junit_xml(r))
    cases = {c.get("name"): c for c in root.iter("testcase")}
    assert set(cases) == set(r.verdicts)
    assert cases[A].find("failure").get("message") == "1 finding(s) by scenario: the dove was ignored"
    assert cases[B].find("failure").get("type") == "not-covered"


def test_html_links_every_clause_to_its_rulebook_line():
    r = result([rec("passed", [A])])
    page = html_page(r)
    line = SPEC.clauses[A].lines[0]
    assert f"href='#{GAME}-L{line}'" in page and f"id='{GAME}-L{line}'" in page
    assert page.count("<tr id='clause-") == len(r.verdicts)


def test_reports_are_written_atomically_and_parse(tmp_path):
    r = result([rec("passed", [A])])
    paths = write_reports(r, str(tmp_path / "r.json"), str(tmp_path / "r.xml"), str(tmp_path / "r.html"))
    assert len(paths) == 3
    assert json.loads((tmp_path / "r.json").read_text())["clauses"]
    ET.parse(tmp_path / "r.xml")
    assert not list(tmp_path.glob(".*.tmp")), "a temporary file was left behind"
    import os

    umask = os.umask(0)
    os.umask(umask)
    for name in ("r.json", "r.xml", "r.html"):  # a report is for others too, not mkstemp's private 0600
        assert (tmp_path / name).stat().st_mode & 0o777 == 0o666 & ~umask


def test_expectations_file_errors_are_clear(tmp_path):
    good = tmp_path / "e.toml"
    good.write_text(f'[[deviation]]\nclause = "{A}"\nreason = "we deal clockwise"\n')
    assert load_expectations(good) == {A: "we deal clockwise"}
    bad = tmp_path / "bad.toml"
    bad.write_text('[[deviation]]\nclause = "NOPE-X"\nreason = "r"\n')
    with pytest.raises(ExpectationsError, match="unknown clause 'NOPE-X'"):
        load_expectations(bad)
    noreason = tmp_path / "noreason.toml"
    noreason.write_text(f'[[deviation]]\nclause = "{A}"\n')
    with pytest.raises(ExpectationsError, match="non-empty 'reason'"):
        load_expectations(noreason)
    with pytest.raises(ExpectationsError, match="cannot read"):
        load_expectations(tmp_path / "missing.toml")
