"""The Sorry! misreading catalogue (engine/sorry/misreadings.py): every misreading is a real variant
of the reference, the variant engine under the reference's reading is the reference, and diagnosis
names a misreading's own clause from one of its divergences."""

from __future__ import annotations

import random
import time
from collections import Counter

import pytest

import specs
from engine.canonical import dumps
from engine.misreading import SOURCES, catalogue
from engine.sorry import SorryEngine
from engine.sorry.cards import C7
from engine.sorry.misreadings import misreadings
from engine.sorry.misreadings_engine import MisreadSorry, Reading
from harness.engines import oracle
from harness.verdicts.diagnosis import diagnose
from tests.sorry_misreading_playout import CONFIGS, _chance_action, first_divergence, findings_of

REF = SorryEngine({})
CATALOGUE = catalogue("sorry", SorryEngine, {})
BY_ID = {m.id: m for m in CATALOGUE}
#: misreadings seeded random play does not reach within its budget: judged on a built position instead
UNREACHED = {"choice:sorry.swap-slide-target=yes"}
#: pairs that are the same behaviour on the divergence random play finds first (the misreading, the one
#: diagnosis names instead, why): kept, since elsewhere they differ
EQUIVALENT = {
    "sorry:card-back-to-pile": ("sorry:no-start-card-back",
                                "while every pawn is in START, any card put back is the unplayable card put back"),
    "sorry:turn-skips": ("sorry:no-start-draws-again",
                         "in a two-player game passing two seats on gives the turn back to the same player"),
    "sorry:team-ignored": ("sorry:team-start-own-only",
                           "while every pawn is in START, playing without partners only shows as not starting theirs"),
    "sorry:team-own-pawns-only": ("sorry:team-start-own-only",
                                  "while every pawn is in START, moving only one's own pawns only shows as not "
                                  "starting the partner's"),
}
#: rule clauses a misreading cannot be modelled for (see the report): the shortcut is modelled by position only
NOT_MODELLED = {"SRY-GOAL"}

_DIVERGENCES: dict = {}


def divergence(mid: str):
    if mid not in _DIVERGENCES:
        _DIVERGENCES[mid] = first_divergence(BY_ID[mid].engine({}), REF)
    return _DIVERGENCES[mid]


def test_catalogue_names_real_clauses_and_covers_every_rule():
    """Every misreading names a clause of the rulebook, a known source and words; ids are unique;
    every rule clause of the rulebook has a misreading (the informative ones and examples aside)."""
    spec = specs.load("sorry")
    own = misreadings()
    assert len({m.id for m in own}) == len(own)
    for m in own:
        assert m.clause in spec.clauses, m.id
        assert m.source in SOURCES and m.words.strip(), m.id
    per_clause = Counter(m.clause for m in CATALOGUE)
    rules = [c.id for c in spec.clauses.values() if (getattr(c, "kind", "rule") or "rule") == "rule"]
    assert [c for c in rules if not per_clause[c] and c not in NOT_MODELLED] == []


@pytest.mark.parametrize("choices", [{}, {"sorry.slide-bumps-own": "no", "sorry.own-pawn-on-triangle": "slides",
                                          "sorry.ten-card": "forward-one", "sorry.swap-slide-target": "yes"}],
                         ids=["default", "other-readings"])
def test_reference_reading_plays_as_the_reference(choices):
    """The variant engine under ``Reading()`` lists the same actions and reaches the same states as the
    reference in seeded games of every mode of play."""
    ref, same = SorryEngine(choices), MisreadSorry(choices, Reading())
    rng = random.Random(7)
    for cfg in CONFIGS:
        r, m = ref.new_game(cfg), same.new_game(cfg)
        for _ in range(120):
            assert dumps(same.to_json(m)) == dumps(ref.to_json(r))
            if ref.is_terminal(r):
                break
            assert sorted(map(dumps, same.legal_actions(m))) == sorted(map(dumps, ref.legal_actions(r)))
            ch = ref.chance(r)
            action = _chance_action(ch, rng) if ch is not None else rng.choice(ref.legal_actions(r))
            r, m = ref.apply(r, action), same.apply(m, action)


@pytest.mark.parametrize("mid", sorted(BY_ID))
def test_misreading_builds_and_differs_from_the_reference(mid):
    """Each misreading builds under the default choices and seeded random play finds a position where
    it does something the reference does not."""
    eng = BY_ID[mid].engine({})
    assert eng.new_game({"players": 3}) is not None
    if mid in UNREACHED:
        pytest.skip("judged on a built position (test_swap_slide_target_on_a_built_position)")
    assert divergence(mid) is not None, f"{mid} never differs from the reference in seeded play"


def test_swap_slide_target_on_a_built_position():
    """The opponent's pawn that a swap puts on another colour's triangle slides under the other
    reading of sorry.swap-slide-target; the reference leaves it there."""
    st = REF.to_json(REF.new_game({"players": 2}))
    st["pawns"] = {"red": [31, "start", "start", "start"], "blue": [40, "start", "start", "start"]}
    pile = st["draw_pile"]
    k = pile.index("11")
    st["draw_pile"], st["card"], st["phase"] = pile[:k] + pile[k + 1:], "11", "play"
    st["to_move"], st["chance"] = 0, None
    swap = {"type": "swap", "player": 0, "card": "11", "pawn": "red 1", "from": 31, "target": "blue 1", "to": 40}
    mis = BY_ID["choice:sorry.swap-slide-target=yes"].engine({})
    got = mis.to_json(mis.apply(mis.from_json(st), swap))
    want = REF.to_json(REF.apply(REF.from_json(st), swap))
    assert want["pawns"]["blue"][0] == 31 and got["pawns"]["blue"][0] == 34


def _identified(mid: str) -> tuple[bool, list]:
    m = BY_ID[mid]
    d = divergence(mid)
    assert d is not None
    failing, agreements = findings_of(m.engine({}), REF, d)
    assert failing, f"{mid}: lockstep records no finding on its divergence ({d.kind})"
    causes = diagnose("sorry", failing, agreements, CATALOGUE, lambda ch: oracle("sorry", ch))
    return bool(causes) and causes[0].clause == m.clause, causes


#: a fixed sample for the default run (every misreading: the campaign test below)
SAMPLE = [m for m in sorted(BY_ID)[::15] if m not in UNREACHED]


def _misses(mids) -> list[str]:
    wrong = []
    for mid in mids:
        ok, causes = _identified(mid)
        if not ok and not (mid in EQUIVALENT and causes and causes[0].misreading == EQUIVALENT[mid][0]):
            wrong.append(f"{mid} ({BY_ID[mid].clause}) -> {causes[0].misreading if causes else None}")
    return wrong


def test_diagnosis_names_the_misread_clause():
    """From the first divergence of a misreading (the findings lockstep records there, with the
    positions agreed on before), diagnosis names a root cause of the misreading's own clause: for
    nine in ten of a fixed sample (one witness can fit a narrower misreading of another clause)."""
    wrong = _misses(SAMPLE)
    assert len(wrong) <= len(SAMPLE) // 10, wrong


@pytest.mark.campaign
def test_diagnosis_names_every_misread_clause():
    """The same for the whole catalogue (19 in 20); prints how many are identified."""
    mids = [m for m in sorted(BY_ID) if m not in UNREACHED]
    wrong = _misses(mids)
    print(f"identified {len(mids) - len(wrong)} of {len(mids)}; not: {wrong}")
    assert len(wrong) <= len(mids) // 20, wrong


@pytest.mark.campaign
def test_diagnosis_cost_on_two_hundred_witnesses():
    """Diagnosis of ~200 witnesses (the divergences of many misreadings at once) over the whole catalogue."""
    failing: dict[str, list[dict]] = {}
    agreements: list[dict] = []
    n = 0
    for mid in sorted(BY_ID):
        if n >= 200 or mid in UNREACHED:
            continue
        d = divergence(mid)
        f, a = findings_of(BY_ID[mid].engine({}), REF, d)
        for c, fs in f.items():
            failing.setdefault(c, []).extend(fs)
            n += len(fs)
        agreements += a
    t = time.perf_counter()
    causes = diagnose("sorry", failing, agreements[:120], CATALOGUE, lambda ch: oracle("sorry", ch))
    took = time.perf_counter() - t
    print(f"diagnose: {n} witnesses, {len(CATALOGUE)} misreadings, {len(causes)} root causes, {took:.1f}s")
    assert causes and took < 60


def test_a_state_the_reference_answered_for_gives_a_misreading_its_own_answers():
    """The answers cached on a state are one engine's (``engine.sorry.state.adopt``): a misreading handed
    the very state object the reference listed moves, described a deal of and dumped, lists its own moves
    (SRY-CARD-7: here a 7 without splits) and describes its own deal (SRY-POINTS-DEAL: a hand of one card
    more), as it does on its own copy of the state; and the reference, asked again, gives its own."""
    no_split = MisreadSorry({}, Reading(seven_split=False))
    bigger_hands = MisreadSorry({}, Reading(modes=frozenset({"points"}), hand_delta=1))
    rng = random.Random(7)
    seen_seven = False
    for seed in range(40):
        st = REF.new_game({"players": 4})
        for _ in range(60):
            if REF.legal_actions(st):
                ours = [dumps(a) for a in REF.legal_actions(st)]
                theirs = [dumps(a) for a in no_split.legal_actions(st)]
                assert theirs == [dumps(a) for a in no_split.legal_actions(no_split.from_json(REF.to_json(st)))]
                if st.card == C7 and len(ours) != len(theirs):
                    seen_seven = True
                assert [dumps(a) for a in REF.legal_actions(st)] == ours
                st = REF.apply(st, REF.legal_actions(st)[rng.randrange(len(ours))])
            else:
                pending = REF.chance(st)
                if pending is None:
                    break
                st = REF.apply(st, _chance_action(pending, rng))
    assert seen_seven
    points = REF.new_game({"players": 3, "points": True})
    ref_deal = dumps(REF.chance(points)), dumps(REF.to_json(points))
    assert set(bigger_hands.chance(points)["draws"][0]["take"].values()) == {REF.hand_size + 1}
    assert bigger_hands.to_json(points)["chance"] == bigger_hands.chance(points)
    assert (dumps(REF.chance(points)), dumps(REF.to_json(points))) == ref_deal
