"""``rulecheck ambiguities`` ranked by impact (``harness.verdicts.ambiguity_report``).

Built for Sorry! and Dnup (their registers need no long Z3 search) with few games per
reading: every item has its kind, seed lines, readings, the engine's reading, impact
figures and a witness; items are ranked by impact; no reading without another reading
implemented is given a 0.
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

import specs
from harness.verdicts import ambiguity_report as R
from harness.verdicts import impact
from harness.cli import cli

GAMES = ["sorry", "dnup"]
N = 3


@pytest.fixture(scope="module")
def data():
    return R.build(GAMES, N, seed=0, parallel=False)


def test_every_item_has_its_fields_and_a_valid_kind(data):
    """Ambiguities and gaps are ranked; variants and facts are apart; each has its fields."""
    assert data["items"] and data["apart"], "an empty register"
    assert {it["kind"] for it in data["items"]} == set(R.reg.RANKED)
    assert {it["kind"] for it in data["apart"]} == set(R.reg.APART)
    for it in data["items"] + data["apart"]:
        assert it["kind"] in R.KINDS, it["id"]
        for key in ("question", "why", "found", "shown_by", "aliases"):
            assert key in it, (it["id"], key)
        for key in ("id", "game", "seed_lines", "readings", "engine_reading", "impact", "witness"):
            assert key in it, (it["id"], key)
        assert len(it["seed_lines"]) == 2
        imp = it["impact"]
        for key in ("games", "result_differs", "transition_differs", "shortest_witness", "measurable"):
            assert key in imp, (it["id"], key)
    json.dumps(data)  # all of it is JSON


def test_every_choice_is_measured_and_nothing_else_gets_a_zero(data):
    by_id = {it["id"]: it for it in data["items"] + data["apart"]}
    settled = {s["id"] for s in data["settled"]}
    for g in GAMES:
        spec = specs.load(g)
        for cid, ch in spec.choices.items():
            if ch.kind == "settled":
                assert cid in settled and cid not in by_id
                continue
            it = by_id[cid]
            assert it["kind"] == ch.kind and it["choice"] == cid and it["engine_reading"] == ch.default
            assert it["impact"]["measurable"] and it["impact"]["games"] == N
        for rid, reg in spec.register.items():
            if reg.kind == "settled":
                assert rid in settled
            else:
                assert by_id[rid]["kind"] == reg.kind and by_id[rid]["engine_reading"] == reg.default
    for it in data["items"] + data["apart"]:
        if not it["choice"]:
            assert it["impact"]["measurable"] is False and it["impact"]["reason"] == impact.NOT_IMPLEMENTED
            assert it["impact"]["result_differs"] is None  # not measurable is not 0


def test_items_are_ranked_by_impact_and_the_counts_add_up(data):
    items = data["items"]
    assert [it["rank"] for it in items] == list(range(1, len(items) + 1))
    keys = [impact.rank_key(it["impact"]) for it in items]
    assert keys == sorted(keys)
    measured = [it["impact"] for it in items if it["impact"]["measurable"] and not it["impact"]["no_effect"]]
    assert measured and measured[0]["result_differs"] == max(m["result_differs"] for m in measured)
    assert sum(sum(c.values()) for c in data["counts"].values()) == len(items) + len(data["apart"])
    assert set(data["counts"]) == set(GAMES) and all(set(c) == set(R.KINDS) for c in data["counts"].values())
    assert 1 <= len(data["top"]) <= R.TOP and data["top"][0]["id"] == items[0]["id"]


def test_a_measured_item_carries_the_witness_of_its_shortest_divergence(data):
    it = next(i for i in data["items"] if i["id"] == "sorry.ten-card")
    w = it["witness"]
    assert w and it["impact"]["shortest_witness"] == w["plies"]
    a, b = impact.replay("sorry", w)
    assert a != b


def test_an_item_without_effect_is_flagged_in_json_and_markdown(monkeypatch):
    """A choice that changes nothing in the games played reads 'no effect in N games'."""
    real = impact.measure_choice

    def plain_configs(game, cid, n, seed, **kw):  # points play never played: the points choices cannot matter
        return real(game, cid, n, seed, config_list=[{"players": 2}] * n) if "points" in cid else real(game, cid, n, seed)

    monkeypatch.setattr(impact, "measure_choice", plain_configs)
    data = R.build(["sorry"], 2, parallel=False)
    bonus = next(i for i in data["items"] if i["id"] == "sorry.points-bonus")
    assert bonus["impact"]["flag"] == "no effect in 2 games"
    ranks = {i["id"]: i["rank"] for i in data["items"]}
    assert ranks["sorry.points-bonus"] > ranks["sorry.ten-card"]
    md = R.markdown(data)
    row = next(line for line in md.splitlines() if "`sorry.points-bonus`" in line and line.startswith("|"))
    assert "no effect in 2 games" in row


def test_markdown_shows_the_ranked_table_first(data):
    md = R.markdown(data)
    heads = [line for line in md.splitlines() if line.startswith("## ")]
    assert heads[0] == "## Ambiguities and gaps, ranked by impact"
    assert heads[1] == "## Variants and facts (not ranked)"
    table = md.split(heads[0], 1)[1].split(heads[1], 1)[0]
    first_row = next(line for line in table.splitlines() if line.startswith("| 1 |"))
    assert data["items"][0]["id"] in first_row
    assert "not measurable (no other reading implemented)" in table


def test_played_in_a_second_process_the_figures_are_the_same():
    """``rulecheck ambiguities`` plays while the proofs run: the same figures as one after the other."""
    assert R.build(["dnup"], 2, parallel=True) == R.build(["dnup"], 2, parallel=False)


def test_cli_json_with_games(monkeypatch):
    real = R._impacts_and_registers
    monkeypatch.setattr(R, "_impacts_and_registers", lambda g, n, seed, parallel: real(g, n, seed, False))
    res = CliRunner().invoke(cli, ["ambiguities", "--game", "dnup", "--format", "json", "--games", "2"])
    assert res.exit_code == 0, res.output
    got = json.loads(res.output)
    assert got["games_per_reading"] == 2
    assert {it["kind"] for it in got["items"]} <= set(R.reg.RANKED)
    assert {it["kind"] for it in got["apart"]} <= set(R.reg.APART)
    choice = next(it for it in got["items"] if it["choice"])
    assert choice["impact"]["games"] == 2 and choice["witness"] is not None
