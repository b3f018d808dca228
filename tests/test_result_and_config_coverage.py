"""A game's result is blamed on the rule that decides it, and config coverage counts declared values.

``harness.verdicts.blame.result`` (the lockstep's ``result`` check, the machines' invariant and a
scenario's Then step on the result) blames a wrong result through the reference's
``explainer.result``: a result mid-game on the rule that says the game goes on, none at the end
or other points on the end rule, a tie given a winner on the tie rule.
``harness.explore.coverage`` turns each new game's config and readings into the declared values
of ``specs/<game>/config.toml`` and the choices, and the report lists every declared value with
the games and transitions that reached it. (The broken engines of kind ``result`` in
tests/broken are caught end to end by tests/test_broken_engines.py.)
"""

from __future__ import annotations

import random

import pytest

from harness.engines import available_games, oracle
from harness.explore import coverage
from harness.explore.playout import playout_steps
from harness.verdicts import blame

GAMES = available_games()
#: per game: a config whose random games end, the clause a result mid-game breaks, the clauses an
#: end may be decided by
ENDS = {
    "opsnorren": ({"players": 4}, "OPS-GAME-LENGTH", {"OPS-GAME-END", "OPS-GAME-TIE"}),
    "sorry": ({"players": 2}, "SRY-WIN", {"SRY-WIN"}),
    "dnup": ({"players": 3, "turn_cap": 300}, "DNP-GAME-END", {"DNP-GAME-END", "DNP-TURN-CAP"}),
}


def _a_game(game: str):
    """(a state in the middle of a random game, its final state), as canonical JSON."""
    ref = oracle(game, {})
    config, _, _ = ENDS[game]
    states = [ref.new_game(config)]
    for _, _, after, _ in playout_steps(ref, states[0], random.Random(f"{game}/end")):
        states.append(after)
    assert ref.result(states[-1]) is not None, f"the random {game} game did not end"
    return ref, ref.to_json(states[len(states) // 2]), ref.to_json(states[-1])


@pytest.mark.parametrize("game", [g for g in GAMES if g in ENDS])
def test_a_wrong_result_is_blamed_on_the_rule_that_decides_it(game):
    ref, middle, end = _a_game(game)
    _, going_on, ending = ENDS[game]
    assert blame.result(ref, middle, {"winners": [0]}).clauses == (going_on,)
    assert set(blame.result(ref, end, None).clauses) <= ending
    assert blame.result(ref, end, None).basis == "provenance"


@pytest.mark.skipif("opsnorren" not in GAMES, reason="needs Opsnorren")
def test_opsnorren_a_tie_given_a_winner_is_blamed_on_the_tie_rule():
    ref = oracle("opsnorren", {})
    _, _, end = _a_game("opsnorren")
    res = {"points": [5, 5, 5, 2], "winners": []}  # players 0, 1 and 2 share the most points
    tied = {**end, "trophies": [[3, 2], [5], [1, 4], [2]], "result": res}
    assert ref.result(ref.from_json(tied)) == res
    assert blame.result(ref, tied, {**res, "winners": [0]}).clauses == ("OPS-GAME-TIE",)
    assert blame.result(ref, tied, {**res, "points": [2, 1, 2, 1]}).clauses == ("OPS-GAME-END",)


@pytest.mark.skipif("sorry" not in GAMES, reason="needs Sorry!")
def test_a_config_is_counted_under_every_declared_value_it_is_in():
    got = coverage.config_values("sorry", {"colours": ["yellow", "blue"], "first": "blue", "team": False},
                                 {"sorry.ten-card": "forward-one"})
    assert "colours=seats unlike colour indexes" in got and "colours=listed out of order" in got
    assert {"first=colour name", "team=false", "points=false", "quick_start=false", "previous_winner=absent",
            "choice sorry.ten-card=forward-one", "choice sorry.deck=hasbro-2005"} <= set(got)
    assert not any(v.startswith("players=") for v in got)  # seats given by colour: no players key
    assert set(got) <= set(coverage.declared_values("sorry"))
    plain = coverage.config_values("sorry", {"colours": ["red", "blue"]})
    assert "colours=the first colours" in plain and "colours=listed out of order" not in plain


@pytest.mark.skipif("dnup" not in GAMES, reason="needs Dnup")
def test_the_report_lists_every_declared_value_and_the_ones_never_reached():
    records = [{"config_coverage": {"values": {"players=3": [2, 40], "turn_cap=given": [1, 30]}, "keys": None}},
               {"config_coverage": {"values": {"players=3": [1, 5]}, "keys": None}}, {}]
    rep = coverage.config_report(["dnup"], records)
    assert rep["values"]["players=3"] == {"games": 3, "transitions": 45}
    assert set(rep["values"]) == set(coverage.declared_values("dnup"))
    assert "players=2" in rep["not_reached"] and "players=3" not in rep["not_reached"]
    # an engine declaring only some keys is asked only about them
    only = [{"config_coverage": {"values": {"players=3": [1, 5]}, "keys": ["players"]}}]
    assert not any(v.startswith(("deck=", "turn_cap=")) for v in coverage.config_report(["dnup"], only)["values"])


@pytest.mark.parametrize("game", GAMES)
def test_the_covering_configs_reach_every_declared_config_value(game):
    """The differential plays those reaching a value its Hypothesis games missed
    (``harness.explore.differential.sweep``): whatever Hypothesis draws, every declared config value
    is played; the reference accepts each."""
    from harness.explore.differential import covering_configs

    ref = oracle(game, {})
    reached = set()
    for config in covering_configs(game):
        ref.new_game(config)
        reached.update(coverage.config_values(game, config))
    wanted = {v for v in coverage.declared_values(game) if not v.startswith(coverage.CHOICE)}
    assert wanted <= reached, f"no covering config of {game} reaches {sorted(wanted - reached)}"


@pytest.mark.parametrize("game", GAMES)
def test_the_machines_readings_play_every_option_of_every_choice(game):
    """The default readings, ``other_readings`` and ``further_readings`` (one machine test each)."""
    import specs
    from harness.explore.machine import further_readings, other_readings

    readings = [specs.load(game).default_choices(), other_readings(game), *further_readings(game)]
    for cid, ch in specs.load(game).choices.items():
        assert {r[cid] for r in readings} == set(ch.options), cid
    if further_readings(game):  # the game's machine suite runs them
        suite = specs.ROOT / "harness" / "games" / game / f"test_{game}_machine.py"
        assert "further_readings(" in suite.read_text(encoding="utf-8"), suite


@pytest.mark.skipif("dnup" not in GAMES, reason="needs Dnup")
def test_the_sweep_plays_the_covering_configs_of_the_values_not_reached_yet():
    """Nothing reached yet: every covering config is played, and with it every declared config value;
    once they are reached, the sweep plays nothing (exploration as Hypothesis left it)."""
    from harness.explore.differential import covering_configs, sweep
    from harness.verdicts import findings

    ref = oracle("dnup", {})
    findings.open_sink("sweep")
    try:
        assert sweep(ref, ref) > 0
        sink = findings.current()
        wanted = {v for v in coverage.declared_values("dnup") if not v.startswith(coverage.CHOICE)}
        assert wanted <= {v for v, (games, _) in sink.config.items() if games}
        assert sum(games for v, (games, _) in sink.config.items() if v.startswith("players=")) == len(
            covering_configs("dnup"))
        assert sweep(ref, ref) == 0 and not sink
    finally:
        findings.close_sink()
