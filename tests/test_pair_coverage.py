"""Pair coverage: two clauses met in one transition, declared per game and reached by the default run.

``harness.explore.coverage.note_pairs`` counts every pair of the clauses one transition exercised;
``specs/<game>/pairs.toml`` declares the pairs a long exploration met
(``harness.explore.pair_search``); the report lists every declared pair with the transitions that
reached it, and a declared pair never reached is a visible gap (JSON ``coverage.pairs.not_reached``,
the terminal's and the HTML page's pair coverage line). The default run's situation
``pair-witnesses`` (played after the game's own situations: ``played_situations``) rebuilds the
positions of the pairs marked ``replay``. (The clean runs of
tests/test_broken_engines.py and tests/test_notation.py assert the default run reaches every
declared pair.)
"""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from harness.engines import available_games, oracle
from harness.explore import coverage, pairs
from harness.verdicts.check import SuiteResult, compute_verdicts

GAMES = available_games()


def test_one_transition_counts_every_pair_of_its_clauses_once_in_id_order():
    counts: dict[str, int] = {}
    coverage.note_pairs(counts, {"SRY-SLIDE-BUMP", "SRY-CARD-11", "SRY-SWAP-SLIDE"})
    coverage.note_pairs(counts, ["SRY-SWAP-SLIDE", "SRY-CARD-11"])
    assert counts == {"SRY-CARD-11 + SRY-SLIDE-BUMP": 1, "SRY-CARD-11 + SRY-SWAP-SLIDE": 2,
                      "SRY-SLIDE-BUMP + SRY-SWAP-SLIDE": 1}
    assert pairs.key(("SRY-SWAP-SLIDE", "SRY-CARD-11")) == "SRY-CARD-11 + SRY-SWAP-SLIDE"


@pytest.mark.parametrize("game", GAMES)
def test_every_game_declares_its_pairs_from_the_long_exploration(game):
    """Each entry names two implemented clauses of the game, where it was seen and how to rebuild it."""
    import specs

    declared = pairs.entries(game)
    assert len(declared) > 100, f"specs/{game}/pairs.toml declares {len(declared)} pairs"
    ids = set(specs.load(game).clauses)
    for k, e in declared.items():
        assert set(e["clauses"]) <= ids and len(set(e["clauses"])) == 2, k
        assert e["seen"] and "transition" in e["at"], k


@pytest.mark.parametrize("game", GAMES)
def test_the_pair_witnesses_rebuild_the_transition_of_every_pair_marked_replay(game):
    """The situation ``pair-witnesses`` starts where the exploration met each marked pair, and the
    transition it plays there exercises both clauses."""
    from harness.explore.pair_search import rebuild
    from harness.explore.situations import played_situations

    ref = oracle(game, {})
    explainer = ref.explainer()
    marked = [e for e in pairs.entries(game).values() if e.get("replay")]
    witness = next((s for s in played_situations(game) if s.name == pairs.WITNESSES), None)
    assert (witness is None) == (not marked)
    for e in marked:
        state, action = rebuild(game, ref, e["at"])
        met = coverage.transition(explainer, ref.to_json(state), action, not ref.legal_actions(state))
        assert set(e["clauses"]) <= met, (e["clauses"], e["at"])
    if witness is not None:
        assert witness.indexed and witness.samples == len({str(e["at"]) for e in marked})
        assert {c for e in marked for c in e["clauses"]} == set(witness.clauses)


def _result(game: str, reached: dict[str, int]) -> SuiteResult:
    records = [{"nodeid": "suite::situation", "name": "situation", "clauses": [], "choices": {}, "outcome": "passed",
                "blamed": [], "findings": [], "message": "", "duration": 0.0, "coverage": {},
                "pair_coverage": reached, "explored": {"transitions": 10, "digest": "x"}}]
    return SuiteResult([game], "reference", records, compute_verdicts([game], records), 0, [])


@pytest.mark.skipif("sorry" not in GAMES, reason="needs Sorry!")
def test_a_declared_pair_never_reached_is_a_gap_in_the_json_terminal_and_html_reports():
    from harness.verdicts import terminal
    from harness.verdicts.report import html_page

    declared = sorted(pairs.entries("sorry"))
    got, missing = declared[0], declared[1]
    reached = {k: 3 for k in declared if k != missing}
    reached["SRY-CARD-1 + SRY-NOT-A-CLAUSE"] = 2  # reached, but declared nowhere
    cov = _result("sorry", reached).coverage["pairs"]
    assert cov["declared"] == len(declared) and cov["reached"] == len(declared) - 1
    assert cov["pairs"][got] == 3 and cov["pairs"][missing] == 0
    assert cov["not_reached"] == [missing]
    assert cov["undeclared"] == 1 and cov["undeclared_pairs"] == ["SRY-CARD-1 + SRY-NOT-A-CLAUSE"]

    out = io.StringIO()
    terminal.print_coverage(Console(file=out, width=400, color_system=None), _result("sorry", reached))
    line = next(ln for ln in out.getvalue().splitlines() if ln.startswith("pair coverage:"))
    assert f"{len(declared) - 1} of {len(declared)} declared clause pairs" in line
    assert "never reached" in line and missing in line and "1 pair(s) reached that no" in line
    page = html_page(_result("sorry", reached))
    assert "pair coverage:" in page and f"<code>{missing}</code>" in page


@pytest.mark.skipif("sorry" not in GAMES, reason="needs Sorry!")
def test_a_pair_of_a_clause_the_engine_is_not_judged_on_is_not_asked():
    """An engine without the team variant: the pairs of a team clause are not a gap."""
    result = _result("sorry", {})
    team = "SRY-TEAM-PARTNERS"
    result.verdicts[team].verdict = "not-applicable"
    cov = result.coverage["pairs"]
    assert cov["not_reached"] and not any(team in k.split(coverage.PAIR) for k in cov["not_reached"])
    assert cov["declared"] == sum(1 for e in pairs.entries("sorry").values() if team not in e["clauses"])


@pytest.mark.skipif("sorry" not in GAMES, reason="needs Sorry!")
def test_a_filtered_run_reports_no_pair_gap():
    result = _result("sorry", {})
    result.whole = False
    assert result.coverage["pairs"]["declared"] and not result.coverage["pairs"]["not_reached"]


@pytest.mark.skipif("dnup" not in GAMES, reason="needs Dnup")
def test_a_recipe_no_longer_rebuilt_leaves_its_sample_out_and_its_pairs_a_gap(monkeypatch):
    """A recorded position the engine or the builders no longer reach is not an error of the run:
    the situation plays its other samples, and the pair report shows what the left-out one met."""
    from harness.explore import situations as sits
    from harness.verdicts import findings

    real = pairs.marked("dnup")
    assert real, "no Dnup pair is marked replay"
    stale = {**real[0], "at": {"situation": "no-such-situation", "sample": 0, "transition": 0}}
    monkeypatch.setattr(pairs, "marked", lambda game: [stale] + real)
    witness = sits.pair_witnesses("dnup")
    assert witness.samples == 1 + len({str(e["at"]) for e in real})
    assert witness.build(0, oracle("dnup", {})) is None
    ref = oracle("dnup", {})
    findings.open_sink("witnesses")
    try:
        assert sits.run_situation(ref, ref, ref, "dnup", witness) > 0
        reached = findings.current().pairs
    finally:
        findings.close_sink()
    assert all(pairs.key(e["clauses"]) in reached for e in real)
