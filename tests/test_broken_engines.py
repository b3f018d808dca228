"""The best tests we have: deliberately broken engines, each caught by the default check.

Every engine of ``tests/broken/<game>.py`` breaks one named rule, and its class says what
kind of bug it is (``kind``: illegal-accepted, legal-missing, rare, observation, caching,
result -- ``result()`` wrong while the states are right, in-process only; the older ones break
a rule in play). Each is checked exactly as a user would:
``rulecheck check --game <game> --engine ...``. The run must fail, and the JSON report must
give the broken clause the verdict ``fail`` with at most two other rule clauses failing.

For every game and every kind, one engine runs in every test run (the first by name); the
others run in the campaign (``pytest -m campaign``), to keep CI under 10 minutes. The caching
one is served over the subprocess protocol (``python -m harness.serve --engine
py:tests.broken.<game>:make_<name>``): caching across requests only shows there. The others
are loaded in-process, three times cheaper (about 8 s against 25 s a check). That is sound
because exploration is the same in both modes (``tests/test_reproducible_exploration.py``);
``python -m tests.blame_precision`` runs every engine over the protocol under the default
profile (the figures in the issue notes). The reference served the same way must pass clean
(it runs in every test run), and faulty processes (hang,
crash, garbage) must each get a clear verdict instead of hanging or crashing rulecheck.

Hypothesis runs under the ``failfast`` profile here: the point is that the suite catches
each engine, not how far a failure shrinks.
"""

from __future__ import annotations

import importlib
import json
import os
import shutil
import subprocess
import sys

import pytest

import specs
from harness import games
from harness.engines import available_games
from tests.check_run import assert_exercises_every_clause
from tests.test_notation import NOTATION_COVERS_ALL

GAMES = available_games()
PY = sys.executable


def _broken_module(game: str):
    """``tests/broken/<game>.py``, or None for a game that has no broken engines yet."""
    try:
        return importlib.import_module(f"tests.broken.{game}")
    except ModuleNotFoundError as exc:
        if exc.name != f"tests.broken.{game}":
            raise
        return None


def broken(game: str) -> dict:
    return getattr(_broken_module(game), "BROKEN", {})


def broken_multi(game: str) -> dict:
    return getattr(_broken_module(game), "BROKEN_MULTI", {})


def kind(cls) -> str:
    return getattr(cls, "kind", "rule")


#: kinds of bug that only show over the protocol (every request carries a fresh copy of the
#: state): their default-run engine is served
SERVED_KINDS = ("caching",)


def in_every_run(game: str) -> set[str]:
    """One engine per kind of bug (the first by name): these run in every test run."""
    firsts: dict[str, str] = {}
    for name, (cls, _) in sorted(broken(game).items()):
        firsts.setdefault(kind(cls), name)
    return set(firsts.values())


def _case(g: str, n: str, cls, c: str):
    default = n in in_every_run(g)
    served_ = default and kind(cls) in SERVED_KINDS
    marks = [] if default else [pytest.mark.campaign]
    return pytest.param(g, n, c, served_, id=f"{g}-{n}{'' if served_ else '-in-process'}", marks=marks)


CASES = [_case(g, n, cls, c) for g in GAMES for n, (cls, c) in sorted(broken(g).items())]
#: the multi-bug engine of each game whose full check runs in every test run (the one that was
#: once smeared); every multi-bug engine's differential blame runs in tests/test_<game>_provenance.py
MULTI_IN_EVERY_RUN = {"opsnorren": "classic_following", "sorry": "card_keeping", "dnup": "forgets_every_flip"}
MULTI = [pytest.param(g, n, tuple(cs), id=f"{g}-{n}",
                      marks=[] if MULTI_IN_EVERY_RUN.get(g, n) == n else [pytest.mark.campaign])
         for g in GAMES for n, (_, cs) in sorted(broken_multi(g).items())]
#: the pseudo-clauses: PROTOCOL and DIFFERENTIAL (a divergence provenance could not blame) are not rule clauses
PSEUDO = ("PROTOCOL", "DIFFERENTIAL", "UNEXPLAINED")


def failing_rules(report: dict, broken_clauses: tuple[str, ...] = ()) -> list[str]:
    """Rule clauses that fail, leaving out a sentence that restates a broken clause (an FAQ answer
    naming it in ``exercised_with``): the same rule, not a smear."""
    games = {c["game"] for c in report["clauses"] if c["game"] != "*"}
    restating = {cl.id for g in games for cl in specs.load(g).clauses.values()
                 if set(cl.exercised_with) & set(broken_clauses)}
    return sorted(c["clause"] for c in report["clauses"] if c["verdict"] == "fail" and c["clause"] not in PSEUDO
                  and c["clause"] not in restating)


def root_causes(report: dict) -> list[str]:
    """The rule clauses the diagnosis names as root causes (a protocol fault is never one)."""
    return [rc["clause"] for rc in report["root_causes"] if rc["clause"] not in PSEUDO]


def test_tag_filter_runs_only_matching_tests(tmp_path):
    game = "sorry" if "sorry" in GAMES else GAMES[0]
    choice = next(iter(specs.load(game).choices))
    proc, report = check(game, "reference", tmp_path, "--tag", f"choice:{choice}=*")
    assert proc.returncode == 0, proc.stdout[-2000:]
    assert 0 < report["tests"]["total"] < 50
    assert all(c["tests"] for c in report["clauses"]), "a filtered run judged clauses it did not run"


def check(game: str, engine: str, tmp_path, *extra: str, timeout: int = 600,
          profile: str = "failfast") -> tuple[subprocess.CompletedProcess, dict]:
    report = tmp_path / f"{game}.json"
    env = {**os.environ, "HYPOTHESIS_PROFILE": profile, "COLUMNS": "200"}
    proc = subprocess.run([PY, "-m", "harness.cli", "check", "--game", game, "--engine", engine, "--failures-only",
                           "--json", str(report), *extra], cwd=specs.ROOT, env=env, capture_output=True, text=True,
                          timeout=timeout)
    assert report.exists(), f"no report:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"
    return proc, json.loads(report.read_text(encoding="utf-8"))


def served(game: str, factory: str | None = None) -> str:
    extra = f" --engine py:tests.broken.{game}:{factory}" if factory else ""
    return f"cmd:{PY} -m harness.serve --game {game}{extra}"


@pytest.mark.parametrize("game, name, clause, served_", CASES)
def test_the_default_check_catches_the_broken_engine(game, name, clause, served_, tmp_path):
    """The broken clause fails, with a finding and its witness; at most two other rule clauses fail."""
    engine = served(game, f"make_{name}") if served_ else f"py:tests.broken.{game}:make_{name}"
    proc, report = check(game, engine, tmp_path)
    verdicts = {c["clause"]: c for c in report["clauses"]}
    assert proc.returncode == 1, proc.stdout[-2000:]
    others = [c for c in failing_rules(report, (clause,)) if c != clause]
    assert verdicts[clause]["verdict"] == "fail", (
        f"{name} breaks {clause}, but its verdict is {verdicts[clause]['verdict']}; failing clauses: {others}")
    best = verdicts[clause]["shortest_witness"]
    assert verdicts[clause]["findings"] >= 1 and best["check"] and best["message"]
    allowed = getattr(broken(game)[name][0], "others_allowed", 0)  # > 0 only for a second break named in the class
    assert len(others) <= allowed, f"{name} breaks only {clause}, but these rule clauses fail too: {others}"
    cls = broken(game)[name][0]
    assert verdicts.get("PROTOCOL", {}).get("verdict") != "fail" or getattr(cls, "protocol_too", None), (
        f"{name} has one rule bug; a protocol fault is reported as well: "
        f"{[f['message'][:200] for f in verdicts['PROTOCOL']['failures'][:3]]}")
    causes = root_causes(report)
    assert clause in causes and len(causes) <= 1 + allowed, (
        f"{name} has one bug, in {clause}; the diagnosis gives these root causes: {causes}")


@pytest.mark.parametrize("game, name, clauses", MULTI)
def test_each_bug_of_a_multi_bug_engine_is_reported_under_its_own_clause(game, name, clauses, tmp_path):
    """In-process (the single-bug engines above cover the protocol path), to keep CI short."""
    proc, report = check(game, f"py:tests.broken.{game}:make_{name}", tmp_path)
    assert proc.returncode == 1, proc.stdout[-2000:]
    failing = failing_rules(report, clauses)
    assert set(clauses) <= set(failing), f"{name} breaks {clauses}; failing: {failing}"
    assert set(failing) <= set(clauses), f"{name} breaks only {clauses}, but {sorted(set(failing) - set(clauses))} fail too"
    assert sorted(root_causes(report)) == sorted(clauses), f"{name} has a bug in each of {clauses}: one root cause each"


@pytest.mark.parametrize("game", GAMES)
def test_each_game_has_multi_bug_engines(game):
    spec = specs.load(game)
    multi = broken_multi(game)
    assert len(multi) >= 3
    for name, (cls, clauses) in multi.items():
        assert 2 <= len(clauses) <= 3 and all(c in spec.clauses for c in clauses), name
        assert cls.__doc__ and all(c in cls.__doc__ for c in clauses), f"{name}'s docstring should name {clauses}"


# An engine without team and points play that says so (served, positions refused at load too):
# tests/test_notation.py::test_an_engine_without_team_and_points_gets_not_applicable_on_every_path


@pytest.mark.skipif("sorry" not in GAMES, reason="needs Sorry!")
def test_a_served_engine_declares_its_config_in_hello():
    """The config keys an engine implements reach the referee through hello, as in-process."""
    from harness.engines import open_engine
    from tests.broken.partial import SorryWithoutVariants

    eng = open_engine(f"cmd:{PY} -m harness.serve --game sorry --engine py:tests.broken.partial:"
                      "make_sorry_without_variants", "sorry")
    try:
        assert eng.config_keys == SorryWithoutVariants.config_keys
    finally:
        eng.close()


def test_a_filtered_run_fails_on_a_finding_outside_its_filter(tmp_path):
    """--clause X runs X's tests; when they break another clause, the run fails and says where."""
    game = "sorry" if "sorry" in GAMES else GAMES[0]
    name, (_, clause) = sorted(broken(game).items())[0]
    spec = specs.load(game)
    other = next(c.id for c in spec.clauses.values() if c.normative and c.status == "implemented" and c.id != clause
                 and c.id in machine_clauses(game))
    proc, report = check(game, served(game, f"make_{name}"), tmp_path, "--clause", other)
    verdicts = {c["clause"]: c for c in report["clauses"]}
    assert proc.returncode == 1, proc.stdout[-2000:]
    outside = [c for c, v in verdicts.items() if v["verdict"] == "fail" and "outside the filter" in v["reason"]]
    assert outside, f"the finding outside the filter was dropped: {sorted(verdicts)}"


def machine_clauses(game: str) -> tuple[str, ...]:
    return games.get(game).machine().CHECKED_CLAUSES


def _clean_run_elsewhere(game: str) -> bool:
    """A game whose served clean run another CI test already is: its notation engine declares every
    config (``tests/test_notation.py``), or its Node.js example does, when ``node`` is installed
    (``tests/test_example_engines.py``); there this run is left to the campaign."""
    from tests.test_example_engines import FULL_EXAMPLE_GAMES

    return game in NOTATION_COVERS_ALL or (game in FULL_EXAMPLE_GAMES and shutil.which("node") is not None)


@pytest.mark.parametrize("game", [pytest.param(g, marks=[pytest.mark.campaign] if _clean_run_elsewhere(g) else [])
                                  for g in GAMES])
def test_the_reference_over_the_protocol_passes_clean_and_exercises_every_clause(game, tmp_path):
    """The default run (profile ``ci``) of the reference served over the protocol: no finding, every
    implemented clause exercised at least 20 times by the transitions it explored, and every declared
    config value played (``coverage.config``; the readings: those it declares). The games whose
    notation engine or Node.js example declares every config run the same check on that engine."""
    proc, report = check(game, served(game), tmp_path, profile="ci")
    bad = [c["clause"] for c in report["clauses"] if c["verdict"] in ("fail", "not-covered")]
    assert proc.returncode == 0 and report["ok"], f"{bad}\n{proc.stdout[-2000:]}"
    assert_exercises_every_clause(game, report)


KINDS = ("illegal-accepted", "legal-missing", "rare", "observation", "caching", "result")


@pytest.mark.parametrize("game", GAMES)
def test_each_game_has_broken_engines_of_every_kind(game):
    """At least 8 engines per game in the kinds default exploration used to miss."""
    kinds = [kind(cls) for cls, _ in broken(game).values()]
    assert sum(k in KINDS for k in kinds) >= 8, kinds
    assert set(KINDS) <= set(kinds), f"{game} has no broken engine of kind {sorted(set(KINDS) - set(kinds))}"


@pytest.mark.parametrize("game", GAMES)
def test_each_game_has_ten_broken_engines_naming_real_clauses(game):
    spec = specs.load(game)
    mod = importlib.import_module(f"tests.broken.{game}")
    assert len(mod.BROKEN) >= 10
    for name, (cls, clause) in mod.BROKEN.items():
        assert clause in spec.clauses, f"{name} claims to break unknown clause {clause}"
        assert cls.__doc__ and clause in cls.__doc__, f"{name}'s docstring should name {clause}"
        assert callable(getattr(mod, f"make_{name}"))


FAULTS = [
    ("hang", "timeout"),
    ("crash", "crash"),
    ("garbage", "not JSON"),
]


@pytest.mark.parametrize("mode, words", FAULTS, ids=[m for m, _ in FAULTS])
def test_a_faulty_process_gets_a_clear_verdict_not_a_hang(mode, words, tmp_path):
    game = "dnup" if "dnup" in GAMES else GAMES[0]
    clause = next(c.id for c in specs.load(game).clauses.values() if c.normative and c.status == "implemented")
    proc, report = check(game, f"cmd:{PY} tests/faulty/candidate.py {mode} {game}", tmp_path,
                         "--clause", clause, "--deadline", "1", "--fresh-process", timeout=300)
    assert proc.returncode == 1
    failing = {c["clause"]: c for c in report["clauses"] if c["verdict"] == "fail"}
    assert list(failing) == ["PROTOCOL"], f"{mode}: a faulty process is a protocol fault, not {sorted(failing)}"
    failures = [f["message"] for f in failing["PROTOCOL"]["failures"]]
    assert any(words.lower() in m.lower() for m in failures), failures[0][:500]
    faults = {k: v for k, v in report["engine_counts"].items() if k.startswith("fault:") and v}
    assert faults, f"{mode}: the report does not count the engine's faults: {report['engine_counts']}"


@pytest.mark.skipif("opsnorren" not in GAMES, reason="needs Opsnorren")
def test_a_consequence_of_a_break_reads_affected_not_fail(tmp_path):
    """OPS-COLOUR-ORDER broken (reversed_colours): after a dove trick only the next leader shows
    who won, so the dove's "the winner still leads" is broken on every such witness, and so is
    the row order of the rule cards where the other colour order gives the same winner. Those
    clauses read ``affected``, naming the colour order's root cause, instead of failing as second
    bugs; the colour order is the root cause that explains their findings."""
    proc, report = check("opsnorren", "py:tests.broken.opsnorren:make_reversed_colours", tmp_path)
    verdicts = {c["clause"]: c for c in report["clauses"]}
    assert proc.returncode == 1
    # one misreading (the colours ranked the other way round, under the colour-reversed card too)
    # explains the reversed card's findings as well
    assert failing_rules(report, ("OPS-COLOUR-ORDER",)) == ["OPS-COLOUR-ORDER"]
    assert root_causes(report) == ["OPS-COLOUR-ORDER"]
    affected = [c for c, v in verdicts.items() if v["verdict"] == "affected"]
    assert affected, "no clause was explained by the colour order"
    for c in affected:
        assert "a consequence of OPS-COLOUR-ORDER" in verdicts[c]["reason"], (c, verdicts[c]["reason"])
        assert verdicts[c]["failures"], c  # the witnesses stay in the report
    colour = next(rc for rc in report["root_causes"] if rc["clause"] == "OPS-COLOUR-ORDER")
    assert set(affected) <= set(colour["clauses"])
