"""The rulecheck command line, as a user meets it: clear errors, reproducible logs, honest verdicts."""

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

import specs
from harness.cli import cli
from harness.engines import available_games

GAMES = available_games()
PLAYERS = {"opsnorren": 4, "sorry": 4, "dnup": 3}


def run(*args):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def rulecheck(*args, timeout=600):
    return subprocess.run([sys.executable, "-m", "harness.cli", *args], capture_output=True, text=True,
                          timeout=timeout, cwd=specs.ROOT)


@pytest.mark.parametrize(
    "args, message",
    [
        (["play", "--game", "chess", "-n", "2"], "Invalid value for '--game'"),
        (["check", "--game", "chess"], "unknown game 'chess'"),
        (["check", "--engine", "py:no_such_module:make"], "cannot import no_such_module"),
        (["check", "--engine", "telnet:x"], "expected 'reference'"),
        (["check", "--choice", "nonsense"], "write --choice ID=OPTION"),
        (["check", "--expect", "/no/such/file.toml"], "cannot read expectations file"),
    ],
)
def test_bad_input_is_one_clear_error_line(args, message):
    res = run(*args)
    assert res.exit_code == 2, res.output
    assert message in res.output
    assert "Traceback" not in res.output


@pytest.mark.parametrize("game", GAMES)
def test_bad_config_and_unknown_choice_are_clear_errors(game):
    res = run("play", "--game", game, "-n", "99")
    assert res.exit_code == 2 and "bad-config" in res.output and "Traceback" not in res.output
    res = run("play", "--game", game, "-n", str(PLAYERS[game]), "--choice", "nope.nope=x")
    assert res.exit_code == 2 and "unknown-choice" in res.output and "known choices" in res.output


@pytest.mark.parametrize("game", GAMES)
def test_play_shows_a_whole_game_and_replays_byte_for_byte(game):
    a = run("play", "--game", game, "-n", str(PLAYERS[game]), "--seed", "7")
    b = run("play", "--game", game, "-n", str(PLAYERS[game]), "--seed", "7")
    assert a.exit_code == 0, a.output
    assert a.output == b.output
    assert "result:" in a.output
    assert any(p.provenance == "assumed" for p in specs.load(game).parameters.values()) <= ("assumed (see rulecheck ambiguities)" in a.output)
    c = run("play", "--game", game, "-n", str(PLAYERS[game]), "--seed", "8")
    assert c.output != a.output


@pytest.mark.parametrize("game", GAMES)
def test_play_jsonl_is_machine_readable(game):
    res = run("play", "--game", game, "-n", str(PLAYERS[game]), "--seed", "3", "--jsonl")
    lines = [json.loads(x) for x in res.output.splitlines()]
    assert "summary" in lines[-1] and lines[-1]["summary"]["plies"] > 0
    assert all("action" in x for x in lines[:-1])


@pytest.mark.parametrize("game", GAMES)
def test_trace_covers_every_sentence(game):
    res = run("trace", "--game", game, "--json")
    data = json.loads(res.output)
    assert data["uncovered"] == [], data["uncovered"][:5]
    assert data["totals"]["sentences"] == data["totals"]["covered"] > 0
    assert data["unchecked_rules"] == []
    assert res.exit_code == 0


@pytest.mark.parametrize("game", GAMES)
def test_bench_reports_throughput(game):
    res = run("bench", "--game", game, "--seconds", "0.3", "--runs", "1", "--json")
    assert res.exit_code == 0, res.output
    (r,) = json.loads(res.output)
    assert r["game"] == game and r["median_plies_per_s"] > 0 and r["runs"][0]["games"] >= 1


@pytest.mark.skipif(not GAMES, reason="no engine")
def test_check_on_one_clause_gives_a_verdict_and_reports(tmp_path):
    game = GAMES[0]
    clause = next(c.id for c in specs.load(game).clauses.values() if c.normative and c.status == "implemented")
    res = rulecheck("check", "--game", game, "--clause", clause, "--json", str(tmp_path / "r.json"),
                    "--junit", str(tmp_path / "r.xml"), "--html", str(tmp_path / "r.html"))
    assert res.returncode == 0, res.stdout[-3000:] + res.stderr[-3000:]
    data = json.loads((tmp_path / "r.json").read_text())
    verdicts = {c["clause"]: c["verdict"] for c in data["clauses"]}
    assert verdicts == {clause: "pass"}
    assert (tmp_path / "r.xml").read_text().count("<testcase") == 1
    assert f"clause-{clause}" in (tmp_path / "r.html").read_text()


def test_an_in_process_check_leaves_the_callers_environment_as_it_was(monkeypatch):
    """`check` tells the suite its engine reuse, deadline and sandbox through the environment.
    Called in-process (a test, a notebook), it must hand them back: a leaked
    RULECHECK_REUSE_ENGINES=1 made every later SubprocessEngine in the worker park its process
    instead of reaping it."""
    from hypothesis import settings

    for key in ("RULECHECK_REUSE_ENGINES", "RULECHECK_DEADLINE", "RULECHECK_SANDBOX"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("HYPOTHESIS_PROFILE", "ci")
    profile = settings._current_profile
    res = run("check", "--game", "chess", "--deadline", "2")  # stops on the bad game, after the settings
    assert res.exit_code != 0
    res = CliRunner().invoke(cli, ["check", "--engine", "py:no_such_module:make", "--deadline", "3",
                                   "--profile", "thorough"])
    assert res.exit_code != 0 and "cannot import no_such_module" in res.output
    for key in ("RULECHECK_REUSE_ENGINES", "RULECHECK_DEADLINE", "RULECHECK_SANDBOX"):
        assert key not in __import__("os").environ, key
    assert __import__("os").environ["HYPOTHESIS_PROFILE"] == "ci"
    assert settings._current_profile == profile
