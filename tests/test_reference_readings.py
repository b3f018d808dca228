"""The reference engine passes clean under every reading of the rulebooks (part 4).

Every scenario, perft position, vector and machine invariant whose expectation depends
on an ambiguous reading carries that choice's tag (or reads the engine's declared
choice), so the reference configured with *any* option must pass the whole suite: a
test that assumes the default without saying so fails here.

- one test per non-default option of every choice (the other choices at their defaults):
  every scenario, perft position and vector, which are cheap;
- three seeded random combinations per game (every choice drawn at random; Dnup has one
  choice, so its only combination is its one other option): the same, plus the game's
  stateful machine under that combination. (The machine under the first other option of
  every choice at once already runs in the suite itself: ``*_machine_other_readings``.)

Differential play and the situations are left out: against the reference they compare the
reference with itself under the same reading. Each run is ``harness.run.run_suite`` in this process.
"""

from __future__ import annotations

import random

import pytest

import specs
from harness.run import run_suite
from harness.verdicts.settings import CheckSettings

GAMES = ("dnup", "opsnorren", "sorry")
COMBINATIONS_PER_GAME = 3

#: cheap checks only: no machines, no differential play, no situations (pytest -k over the suite's node ids)
WITHOUT_MACHINES = "not _machine and not differential and not situation"
#: with the game's machine under the run's choices (not the fixed other_readings one)
WITH_MACHINE = "not other_readings and not seed_reading and not differential and not situation"


def single_options(game: str) -> list[dict[str, str]]:
    """Every non-default option of every choice of ``game``, one at a time."""
    out = []
    for cid, ch in sorted(specs.load(game).choices.items()):
        out += [{cid: opt} for opt in sorted(ch.options) if opt != ch.default]
    return out


def combinations(game: str, n: int = COMBINATIONS_PER_GAME) -> list[dict[str, str]]:
    """Up to ``n`` distinct seeded random readings of every choice of ``game`` (the
    all-default one excluded), listed by their non-default options."""
    choices = specs.load(game).choices
    rng = random.Random(f"rulecheck reference readings {game}")  # str seeds are stable across processes
    found: list[dict[str, str]] = []
    for _ in range(200):
        pick = {cid: rng.choice(sorted(ch.options)) for cid, ch in sorted(choices.items())}
        non_default = {cid: opt for cid, opt in pick.items() if opt != choices[cid].default}
        if non_default and non_default not in found:
            found.append(non_default)
        if len(found) == n:
            break
    return found


def _id(choices: dict[str, str]) -> str:
    return ",".join(f"{cid}={opt}" for cid, opt in sorted(choices.items()))


def _params() -> list:
    out = []
    for game in GAMES:
        out += [pytest.param(game, ch, WITHOUT_MACHINES, id=f"{game}:{_id(ch)}") for ch in single_options(game)]
        out += [pytest.param(game, ch, WITH_MACHINE, id=f"{game}:combination:{_id(ch)}") for ch in combinations(game)]
    return sorted(out, key=lambda p: p.id)


def problems(result) -> list[str]:
    """Everything that keeps a run from being clean: errors, failed tests, failing clauses."""
    out = [f"error {e.get('nodeid', '')}: {str(e.get('message', ''))[:300]}" for e in result.errors]
    out += [f"{r['outcome']} {r['nodeid']} (blamed {r['blamed'] or r['clauses']}): "
            f"{(r['message'] or '').splitlines()[0][:300] if r['message'] else ''}"
            for r in result.records if r["outcome"] in ("failed", "error")]
    out += [f"clause {cv.clause}: {cv.verdict}" for cv in result.verdicts.values()
            if cv.verdict in ("fail", "unexpected-pass", "inconclusive")]
    return out


@pytest.mark.parametrize(("game", "choices", "selection"), _params())
def test_the_reference_passes_clean_under_the_reading(game, choices, selection):
    result = run_suite(CheckSettings(games=(game,), choices=choices), extra_args=["-k", selection])
    ran = [r for r in result.records if r["outcome"] == "passed"]
    assert ran, f"no test ran for {game} under {_id(choices)}"
    bad = problems(result)
    assert not bad, f"the reference engine under {_id(choices)} is not clean:\n" + "\n".join(bad)
    if selection == WITH_MACHINE:
        assert any("_machine" in r["nodeid"] for r in ran), f"the {game} machine did not run under {_id(choices)}"


def test_every_option_and_some_combinations_are_covered():
    """The parametrization is complete, deterministic and sorted (xdist needs the same
    order on every worker)."""
    ids = [p.id for p in _params()]
    assert ids == sorted(ids) and len(ids) == len(set(ids))
    for game in GAMES:
        for cid, ch in specs.load(game).choices.items():
            for opt in ch.options:
                if opt != ch.default:
                    assert f"{game}:{cid}={opt}" in ids
        assert combinations(game) == combinations(game)
        assert combinations(game), f"no combination for {game}"
        assert len(combinations(game)) == min(COMBINATIONS_PER_GAME, _readings(game) - 1)


def _readings(game: str) -> int:
    n = 1
    for ch in specs.load(game).choices.values():
        n *= len(ch.options)
    return n


def _served_params() -> list:
    out = []
    for game in GAMES:
        out += [pytest.param(game, ch, id=f"served:{game}:{_id(ch)}") for ch in single_options(game) + combinations(game)]
    return sorted(out, key=lambda p: p.id)


@pytest.mark.campaign
@pytest.mark.parametrize(("game", "choices"), _served_params())
def test_the_served_reference_passes_the_full_check_under_the_reading(game, choices, tmp_path):
    """The reference over the protocol (``rulecheck serve``, configured through ``hello``), through the
    whole default check (differential play and situations included): every clause quiet, no
    PROTOCOL finding. A long run (one full check per reading): ``pytest -m campaign``."""
    import sys

    from tests.check_run import alarms, check

    args = [a for cid, opt in sorted(choices.items()) for a in ("--choice", f"{cid}={opt}")]
    proc, report = check(game, f"cmd:{sys.executable} -m harness.serve --game {game}", tmp_path, *args)
    assert alarms(report) == {}, proc.stdout[-4000:]
    assert proc.returncode == 0 and report["ok"]
