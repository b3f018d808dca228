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


def test_register_has_every_pair_of_trick_play_cards(register):
    cards = S.trick_play_cards()
    assert set(cards) == {"two-wins", "equal-discarded", "colour-reversed", "three-lowest", "new-lead-colour"}
    for a, b in itertools.combinations(cards, 2):
        item = register.get(f"ops.order.{a}+{b}")
        assert item is not None, f"no sweep result for {a} / {b}"
        assert item.status in ("conflict", "commutes"), item.status
        assert item.kind == ("rule-order" if item.status == "conflict" else "not-ambiguous")
        if item.status == "conflict":
            w = item.witness
            assert w and len(w["outcomes"]) == 2 and w["outcomes"][0]["result"] != w["outcomes"][1]["result"], w
        else:
            assert item.witness is None
        assert f"{a} left of {b}" in item.readings and f"{b} left of {a}" in item.readings


def test_sweep_finds_the_winner_rule_conflict_and_nothing_else(register):
    """Under our reading only 'two wins' and 'a 3 makes the lowest win' depend on their order."""
    conflicts = sorted(i for i, a in register.items() if a.kind == "rule-order" and a.status == "conflict"
                       and i != "ops.order.triples")
    assert conflicts == ["ops.order.two-wins+three-lowest"]
    w = register["ops.order.two-wins+three-lowest"].witness
    cards = w["trick"]["cards"]
    assert len(cards) == 3 and any(c.endswith(" 2") for c in cards) and any(c.endswith(" 3") for c in cards)


def test_triples_add_no_conflict_beyond_the_pairs(register):
    item = register["ops.order.triples"]
    text = next(iter(item.readings.values()))
    for trio in itertools.combinations(S.trick_play_cards(), 3):
        name = "+".join(trio)
        assert name in text, name
        inside = "two-wins" in trio and "three-lowest" in trio
        assert (f"{name}: conflict" in text) == inside, (name, text)
    assert item.status == "commutes" and item.witness == {"new_conflicts": []}


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
