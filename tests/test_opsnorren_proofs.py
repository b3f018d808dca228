"""The Opsnorren Z3 theorems and ambiguity register: expected results, the complete
rule-order sweep, and deliberately wrong encodings that the checks must catch."""

from __future__ import annotations

import itertools

import pytest

from proofs.core import PROVED, REFUTED, load_theorems
from proofs.opsnorren import model as M
from proofs.opsnorren import spec as S

#: every Opsnorren theorem and the result it must have
EXPECTED = {
    "ops.trick-conservation": PROVED,
    "ops.follow-suit-legal-set": PROVED,
    "ops.new-lead-is-last-colour": PROVED,
    "ops.winner-unique": PROVED,
    "ops.no-winner-only-all-discarded": REFUTED,
    "ops.winner-exists-unless-no-contender": PROVED,
    "ops.joker-texts-hold": PROVED,
    "ops.round-terminates": PROVED,
}


def _theorems() -> dict:
    return {t.id: t for t in load_theorems(["opsnorren"])}


def test_every_theorem_has_its_expected_result():
    ths = _theorems()
    assert set(ths) == set(EXPECTED), f"theorems {sorted(ths)}"
    for tid, want in EXPECTED.items():
        t = ths[tid]
        assert t.expect == want, f"{tid} registered with expect={t.expect}"
        r = t.run()
        got = PROVED if r["status"] == "structural" and t.structural else r["status"]
        assert got == want, f"{tid}: {r['status']} ({r['detail']}) {r['witness']}"
        assert r["clauses"] and all(c in S.spec().clauses for c in r["clauses"])
        assert r["bounds"]
        if want == REFUTED:
            w = r["witness"]
            assert w and w["winner"] is None and any(c not in w["set_aside"] for c in w["cards"]), w


def test_no_winner_witness_is_a_real_trick():
    """The refutation's witness: no winner, yet a joker of the trick was not set aside."""
    r = _theorems()["ops.no-winner-only-all-discarded"].run()
    w = r["witness"]
    left = [c for c in w["cards"] if c not in w["set_aside"]]
    assert left and all(c in ("monkey", "dove") for c in left), w
    assert "equal-discarded" in w["row"]
    assert w["next_leader"] == 0


@pytest.fixture(scope="module")
def register():
    from proofs.opsnorren.ambiguities import register as build

    return {a.id: a for a in build()}


def test_register_has_every_pair_of_order_dependent_cards(register):
    from proofs.opsnorren import sweep as W

    cards = W.order_cards()
    assert set(S.trick_play_cards()) <= set(cards)
    assert {"green-negative", "most-blue", "pink-plus-one", "fewest-stars"} <= set(cards)  # the scoring cards
    fixed = next(iter(register["ops.order.white-before-black"].readings.values()))
    for a, b in itertools.combinations(cards, 2):
        item = register.get(f"ops.order.{a}+{b}")
        if W.pile(a) != W.pile(b):  # a white card always lies left of a black one
            assert item is None and f"{a}+{b}" in fixed, (a, b)
            continue
        assert item is not None, f"no sweep result for {a} / {b}"
        assert item.status in ("conflict", "commutes", "independent"), item.status
        assert item.kind == ("rule-order" if item.status == "conflict" else "not-ambiguous")
        if item.status == "conflict":
            w = item.witness
            assert w and w["text"].count("Row ") == 2, w
            left, right = item.readings[f"{a} left of {b}"], item.readings[f"{b} left of {a}"]
            assert left != right, (left, right)
        else:
            assert item.witness is None
        assert f"{a} left of {b}" in item.readings and f"{b} left of {a}" in item.readings


def test_sweep_conflicts(register):
    """Under our reading only 'two wins' and 'a 3 makes the lowest win' depend on their order;
    placing the equal-values filter at its row place makes it conflict with both."""
    conflicts = sorted(i for i, a in register.items() if a.kind == "rule-order" and i.startswith("ops.order."))
    assert conflicts == ["ops.order.equal-discarded+three-lowest", "ops.order.two-wins+equal-discarded",
                         "ops.order.two-wins+three-lowest"], conflicts
    w = register["ops.order.two-wins+three-lowest"].witness
    cards = w["trick"]["cards"]
    assert len(cards) == 3 and any(c.endswith(" 2") for c in cards) and any(c.endswith(" 3") for c in cards)
    assert w["readings"]["filter_at"] == "first" and w["readings"]["binding"] == "late"
    for cid in ("ops.order.two-wins+colour-reversed", "ops.order.colour-reversed+three-lowest"):
        assert "snapshot" in register[cid].detail and register[cid].status == "commutes"


def test_two_2s_conflict_between_two_wins_and_equal_values(register):
    """Two 2s in one trick: 'two wins' left of 'equal values discarded' lets a 2 win, the
    other order sets both aside first. Found, on a reachable row, with the trick at the table."""
    from proofs.opsnorren import sweep as W

    item = register["ops.order.two-wins+equal-discarded"]
    assert item.status == "conflict" and item.kind == "rule-order"
    w = item.witness
    assert w["readings"]["filter_at"] == "row"
    assert sum(1 for c in w["trick"]["cards"] if c.endswith(" 2")) >= 2, w["trick"]
    assert all(W.reachable(r) for r in w["rows"]) and len(w["rows"]) == 2
    outs = [W.outcome({**w, "rows": w["rows"]}, k) for k in (0, 1)]
    first_two = w["rows"][0].index("two-wins") < w["rows"][0].index("equal-discarded")
    two_first = outs[0] if first_two else outs[1]
    assert w["trick"]["cards"][two_first["winner"]].endswith(" 2")
    assert (outs[0]["winner"], outs[0]["dest"]) != (outs[1]["winner"], outs[1]["dest"])
    assert "seat 1" in w["text"] and "Row pink-open | pass-three |" in w["text"]
    assert "filtered" in item.detail and "row" in item.detail


def test_no_witness_row_is_unreachable():
    from proofs.opsnorren import sweep as W

    sw = W.sweep()
    seen = 0
    for it in sw["pairs"] + sw["triples"]:
        for row in it["rows"]:
            assert W.reachable(row), (it["cards"], row)
        for r in it.get("results", {}).values():
            if r["witness"]:
                seen += 1
                assert all(W.reachable(row) for row in r["witness"]["rows"]), r["witness"]["rows"]
        if it.get("main"):
            assert all(W.reachable(row) for row in it["main"]["rows"])
    assert seen >= 10
    assert not W.reachable(["pink-open", "two-wins", "three-lowest"])  # a black card in a white place
    assert not W.reachable(["pink-open", "pass-three", "two-wins", "three-lowest", "colour-reversed"])
    assert W.reachable_orders(("two-wins", "three-lowest", "colour-reversed")) == []
    assert W.reachable_orders(("green-negative", "two-wins")) == [("green-negative", "two-wins")]


def test_triples_add_no_conflict_beyond_the_pairs(register):
    from proofs.opsnorren import sweep as W

    item = register["ops.order.triples"]
    text = next(iter(item.readings.values()))
    for trio in itertools.combinations(W.order_cards(), 3):
        name = "+".join(trio)
        assert name in text, name
        piles = [W.pile(c) for c in trio]
        if len(set(piles)) == 1:
            assert f"{name}: unreachable" in text, name
    assert "colour-reversed+three-lowest+new-lead-colour: unreachable" in text
    assert "green-negative+two-wins+three-lowest: conflict (as two-wins+three-lowest)" in text
    assert item.status == "commutes" and item.witness == {"new_conflicts": []}


def test_sweep_finds_a_scoring_conflict_when_one_exists(monkeypatch):
    """The scoring comparison bites: with a 'green-negative' that negates every card's
    current value (not only green ones), its order with 'pink-plus-one' matters."""
    from proofs.opsnorren import scoring as SC

    real = SC.card_values

    def broken(row, cards):  # green-negative negates every card's current value, pink-plus-one adds 1
        value = {c: SC.stars()[c] for c in cards}
        for rule in row:
            if rule == "green-negative":
                value = {c: -v for c, v in value.items()}
            elif rule == "pink-plus-one":
                value = {c: (v + 1 if c.startswith("pink") else v) for c, v in value.items()}
        return value

    assert SC.compare([["green-negative", "pink-plus-one"], ["pink-plus-one", "green-negative"]]) is None
    monkeypatch.setattr(SC, "card_values", broken)
    w = SC.compare([["green-negative", "pink-plus-one"], ["pink-plus-one", "green-negative"]])
    assert w is not None and w["results"][0] != w["results"][1]
    monkeypatch.setattr(SC, "card_values", real)


def test_every_choice_has_a_distinguishing_position(register):
    for cid, ch in S.spec().choices.items():
        item = register.get(cid)
        assert item is not None and item.choice == cid and item.kind == "reading", cid
        assert item.status == "differs" and item.witness, f"{cid}: {item.status}"
        assert set(ch.options) == set(item.readings), cid


def test_monkey_own_team_item(register):
    item = register["ops.joker.monkey-own-team"]
    assert item.status == "differs"
    assert set(item.witness) == {"ops.monkey-discarded=any"}


# ------------------------------------------------------------------ the checks bite
def test_conservation_catches_a_card_in_two_places(monkeypatch):
    real = M.resolve

    def broken(*a, **k):  # a picked card is also discarded when the trick is discarded
        res = real(*a, **k)
        res["to_discard"] = [M.or_(res["dove"], res["setaside"][i], res["taker"] == M.DISCARD)
                             for i in range(len(res["dest"]))]
        return res

    monkeypatch.setattr(M, "resolve", broken)
    r = _theorems()["ops.trick-conservation"].run()
    assert r["status"] == REFUTED, r


def test_follow_suit_catches_jokers_that_must_follow(monkeypatch):
    def broken(kind, col, holds, lead):  # forgets OPS-JOKER-ANYTIME
        return M.and_(lead >= 0, M.holds_colour(holds, lead), M.or_(kind != M.ANIMAL, col != lead))

    monkeypatch.setattr(M, "must_follow_violation", broken)
    r = _theorems()["ops.follow-suit-legal-set"].run()
    assert r["status"] == REFUTED, r


def test_winner_unique_catches_a_colour_blind_comparison(monkeypatch):
    monkeypatch.setattr(M, "strength", lambda col, rev: 0)  # values only: a pink 7 and a blue 7 tie
    r = _theorems()["ops.winner-unique"].run()
    assert r["status"] == REFUTED, r


def test_agreement_catches_a_colour_order_that_is_not_reversed(monkeypatch):
    from tests.test_opsnorren_z3_agreement import play_games

    monkeypatch.setattr(M, "strength", lambda col, rev: col)  # ignores 'the colour order is reversed'
    cfg = {"players": 4, "row": ["green-negative", "pink-open", "colour-reversed", "two-wins"],
           "choices": {}, "seed": 7}
    with pytest.raises(AssertionError, match="model says|next leader"):
        play_games(cfg, 2)


def test_agreement_catches_a_model_without_the_unicorn(monkeypatch):
    from tests.test_opsnorren_z3_agreement import play_games

    monkeypatch.setattr(M, "UNICORN", 99)  # the unicorn's card no longer wins (OPS-UNICORN forgotten)
    cfg = {"players": 3, "row": ["green-negative", "pink-open", "two-wins", "colour-reversed"],
           "choices": {}, "seed": 3}
    with pytest.raises(AssertionError, match="next leader|model says"):
        play_games(cfg, 3)


def test_agreement_passes_with_the_right_model():
    """The same configurations as the two tests above agree with the unbroken model."""
    from tests.test_opsnorren_z3_agreement import play_games

    assert play_games({"players": 4, "row": ["green-negative", "pink-open", "colour-reversed", "two-wins"],
                       "choices": {}, "seed": 7}, 2) > 0
    assert play_games({"players": 3, "row": ["green-negative", "pink-open", "two-wins", "colour-reversed"],
                       "choices": {}, "seed": 3}, 3) > 0


def test_built_tricks_catch_a_dove_that_lets_the_monkey_pick(monkeypatch):
    """The directly built tricks (jokers together) catch a model that reads dove-with-monkey wrong."""
    from tests.test_opsnorren_z3_agreement import check_built_tricks

    real = M.is_opt

    def broken(reading, cid, option):
        if cid == "ops.dove-with-monkey":
            return option == "monkey-first"  # always lets the monkey pick before the dove discards
        return real(reading, cid, option)

    monkeypatch.setattr(M, "is_opt", broken)
    with pytest.raises(AssertionError, match="model says|monkey candidates"):
        check_built_tricks({"choices": {}, "seed": 1}, 2000)
    monkeypatch.setattr(M, "is_opt", real)
    assert check_built_tricks({"choices": {}, "seed": 1}, 300) == 300


def test_prove_runs_theorems_two_at_a_time_in_the_listed_order():
    from proofs.core import run_theorems

    ths = _theorems()
    picked = [ths[t] for t in ("ops.joker-texts-hold", "ops.no-winner-only-all-discarded", "ops.new-lead-is-last-colour")]
    got = list(run_theorems(picked, 2))
    assert [r["id"] for r in got] == [t.id for t in picked]
    assert [r["status"] for r in got] == ["structural", REFUTED, PROVED]
    assert got[1]["witness"] and got[1]["witness"]["winner"] is None


def test_vectors_on_disk_are_what_the_generator_writes(tmp_path):
    """Regenerated in a fresh process (as ``python -m proofs.opsnorren.vectors`` does), the
    vectors are byte for byte the files on disk: deterministic and not stale."""
    from proofs.opsnorren import vectors as V
    from tests.proof_checks import assert_vectors_regenerate

    on_disk = sorted(V.VECTOR_DIR.glob("*.json"))
    assert_vectors_regenerate("opsnorren", tmp_path, on_disk)
    assert sorted(p.name for p in tmp_path.glob("*.json")) == [p.name for p in on_disk], "a vector file is missing or left over"
