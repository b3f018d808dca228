"""Impact of each ambiguity in play (``harness.verdicts.impact``).

The same seeded random games under two readings: a reading known to matter shows in
play, its shortest witness really parts the two readings when replayed from a new game,
and a reading that cannot matter in a config reads 0 and is flagged, never a guess.
"""

from __future__ import annotations

import pytest

import specs
from harness.verdicts import impact
from harness.engines import reference_engine


def _replay_prefix(game: str, w: dict) -> list[dict]:
    """The canonical state after the witness path under each reading."""
    out = []
    for side in ("default", "other"):
        eng = reference_engine(game, w["choices"][side])
        st = eng.new_game(w["config"])
        for act in w["actions"]:
            st = eng.apply(st, act)
        out.append(eng.to_json(st))
    return out


@pytest.mark.parametrize("choice_id, option", [("sorry.ten-card", "forward-one"), ("sorry.draw-again", "one-and-two")])
def test_a_reading_that_matters_shows_in_play_with_a_witness_that_really_diverges(choice_id, option):
    got = impact.measure_option("sorry", choice_id, option, games=4)
    assert got["games"] == 4
    assert got["transition_differs"] > 0 and got["transition_differs_games"] >= 1
    w = got["witness"]
    assert w is not None and got["shortest_witness"] == w["plies"]
    # the path is a real game from a new game: the same under both readings up to the divergence
    same_a, same_b = _replay_prefix("sorry", w)
    assert same_a == same_b
    # ... and where the witness says, the readings part
    a, b = impact.replay("sorry", w)
    assert a != b, w["what"]
    # in the game's notation: one line per step, the players' moves named as the play log names them
    assert len(w["path"]) == len(w["actions"]) and all(isinstance(s, str) and s for s in w["path"])
    assert w["plies"] == sum(1 for x in w["actions"] if x.get("type") != "chance")
    assert w["readings"]["default"] != w["readings"]["other"]


def test_the_ten_card_witness_names_the_moves_each_reading_allows():
    w = impact.measure_option("sorry", "sorry.ten-card", "forward-one", games=4)["witness"]
    assert w["what"] == "legal"
    assert "plays 10" in w["readings"]["default"] and "plays 10" in w["readings"]["other"], w["readings"]
    assert w["position"], "a position in the game's notation"


def test_a_reading_that_cannot_matter_in_a_config_reads_zero_and_is_flagged():
    """The hand size of points play changes nothing in a game without points play."""
    plain = [{"players": 4}, {"players": 2}, {"players": 3, "quick_start": True}]
    got = impact.measure_choice("sorry", "sorry.points-hand-size", config_list=plain)
    assert got["measurable"] and got["games"] == 3
    assert (got["result_differs"], got["transition_differs"], got["shortest_witness"]) == (0.0, 0.0, None)
    assert got["witness"] is None
    assert got["no_effect"] and got["flag"] == "no effect in 3 games"
    # under points play the same choice matters at once: the deal differs
    with_points = impact.measure_choice("sorry", "sorry.points-hand-size", games=2)
    assert with_points["transition_differs"] == 1.0 and not with_points["no_effect"]
    assert "flag" not in with_points


def test_a_choice_of_a_variant_is_played_under_that_variant():
    assert impact.variant_keys("sorry", specs.load("sorry").choices["sorry.points-bonus"].clauses) == ["points"]
    assert impact.variant_keys("sorry", specs.load("sorry").choices["sorry.ten-card"].clauses) == []
    cfgs = impact.configs("sorry", 6, needs=["points"])
    assert len(cfgs) == 6 and all(c.get("points") for c in cfgs)
    for c in cfgs:
        reference_engine("sorry").new_game(c)  # every config is one the engine plays
    mixed = impact.configs("sorry", 12)
    assert len({tuple(sorted(c)) for c in mixed}) > 1, "the configs cover the variants the game supports"


def test_the_same_seed_gives_the_same_figures():
    one = impact.measure_option("dnup", "dnup.add-conflict", "consequence", games=3, seed=7)
    two = impact.measure_option("dnup", "dnup.add-conflict", "consequence", games=3, seed=7)
    assert one == two
    other = impact.measure_option("dnup", "dnup.add-conflict", "consequence", games=3, seed=8)
    assert other["witness"]["seed"] != one["witness"]["seed"]


def test_the_same_reading_on_both_sides_never_diverges():
    """The comparison itself is sound: a reading against itself reads 0 in every game."""
    a, b = reference_engine("sorry"), reference_engine("sorry")
    for i, cfg in enumerate(impact.configs("sorry", 3)):
        run = impact.play_pair(a, b, cfg, i)
        assert run.divergence is None and run.results[0] == run.results[1] and run.results[0] is not None


def test_an_item_without_another_reading_is_not_measurable_never_zero():
    got = impact.not_measurable()
    assert got["measurable"] is False and got["reason"] == impact.NOT_IMPLEMENTED
    assert got["result_differs"] is None and got["transition_differs"] is None
    assert impact.measure_choice("sorry", "sorry.no-such-choice")["measurable"] is False
    assert impact.rank_key(got) > impact.rank_key({"measurable": True, "no_effect": True, "result_differs": 0.0,
                                                   "transition_differs": 0.0})


def test_a_choice_the_engine_never_reads_is_not_measured(monkeypatch):
    """A choice listed in choices.toml but read nowhere in the engine would show a fake 'no effect'."""
    monkeypatch.setattr(impact, "engine_reads", lambda game, cid: False)
    got = impact.measure_choice("sorry", "sorry.ten-card", games=2)
    assert got["measurable"] is False and "does not read" in got["reason"]
    monkeypatch.undo()
    assert impact.engine_reads("sorry", "sorry.ten-card") and not impact.engine_reads("sorry", "sorry.no-such-choice")


def test_a_reading_that_cannot_be_played_is_not_measured_and_says_why(monkeypatch):
    """A variant the config space cannot give (here a rematch key set to true) is a reason, not a crash or a 0."""
    monkeypatch.setattr(impact, "variant_keys", lambda game, clauses: ["previous_winner"])
    got = impact.measure_choice("sorry", "sorry.ten-card", games=2)
    assert got["measurable"] is False and "bad-config" in got["reason"] and "forward-one" in got["reason"]
