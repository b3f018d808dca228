"""The Z3 model of Dnup (proofs/dnup, read from specs/) and the reference engine agree.

Random games (2-5 players, both readings of dnup.add-conflict) are played through the
engine; in every position reached, the model's legal actions (canonical JSON) must be the
engine's, and for every legal action the model's successor (hands, sets, discard, out,
leaving, letters, next player and area) must be the engine's. The model evaluated here is
the very code the theorems are proved on (proofs/dnup/ops.py: one code path for Z3 and ints).

At least 10,000 actions in all: each Hypothesis example compares ceil(10000 / max_examples)
actions (the active profile sets max_examples; nothing is hard-coded here).
"""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import chance as CH
from engine.canonical import dumps
from harness.engines import reference_engine
from proofs.dnup import canonical as C
from proofs.dnup import model as M

TOTAL_ACTIONS = 10_000
_ENGINES: dict = {}


def engine_for(reading: str):
    if reading not in _ENGINES:
        _ENGINES[reading] = reference_engine("dnup", {"dnup.add-conflict": reading})
    return _ENGINES[reading]


def compare_position(eng, s, R: M.Rules, rng: random.Random, cap: int = 40) -> tuple[int, list[str]]:
    """(actions compared, disagreements) in one position: the full legal lists, and the
    successors of up to ``cap`` actions (all of them when fewer)."""
    js = eng.to_json(s)
    T, ids = C.table(js)
    p, area = js["to_move"], js["area"]
    ours = {dumps(a): (act, loc, flip) for a, act, loc, flip in C.legal(R, T, ids, p, area)}
    theirs = {dumps(a): a for a in eng.legal_actions(s)}
    where = f"state={dumps(js)}"
    problems = [f"engine lists {k}, the model does not; {where}" for k in sorted(set(theirs) - set(ours))]
    problems += [f"model lists {k}, the engine does not; {where}" for k in sorted(set(ours) - set(theirs))]
    both = sorted(set(ours) & set(theirs))
    if len(both) > cap:
        both = rng.sample(both, cap)
    for k in both:
        act, loc, flip = ours[k]
        want = C.successor(js, T, ids, act[0], loc, flip)
        after = eng.to_json(eng.apply(s, theirs[k]))
        diffs = C.compare_fields(after, want)
        if diffs:
            problems.append(f"after {k}: {'; '.join(diffs)}; {where}")
    return len(both), problems


def play_and_compare(rng: random.Random, actions: int, rules=None, stop_at_first: bool = True):
    """Random games until ``actions`` actions were compared. ``rules(reading)`` may give a
    (deliberately wrong) model; the default is the model of that reading."""
    done, problems = 0, []
    while done < actions and not (problems and stop_at_first):
        reading = rng.choice(("illegal", "consequence"))
        eng = engine_for(reading)
        R = rules(reading) if rules else M.Rules(add_conflict=reading)
        s = eng.new_game({"players": rng.randint(2, 5)})
        for _ in range(rng.randint(20, 120)):
            if eng.is_terminal(s):
                break
            ch = eng.chance(s)
            if ch is not None:
                s = eng.apply(s, CH.sample(ch, rng))
                continue
            n, p = compare_position(eng, s, R, rng)
            done += n
            problems += p
            if (problems and stop_at_first) or done >= actions:
                break
            acts = eng.legal_actions(s)
            # mostly sets, additions and takes: tables with conflicts; a dnup now and then
            busy = [a for a in acts if a["type"] != "flip"]
            s = eng.apply(s, rng.choice(busy if busy and rng.random() < 0.9 else acts))
    return done, problems


@pytest.mark.clause("DNP-SET", "DNP-ACTION-A", "DNP-A-HIGHER", "DNP-A-RETURN", "DNP-A-ANY-COUNT", "DNP-ACTION-B",
                    "DNP-B-CONFLICT", "DNP-ACTION-C", "DNP-ACTION-D", "DNP-DISCARD-OWN-SET", "DNP-FIRST-OUT",
                    "DNP-FIRST-OUT-CARDS-STAY", "DNP-FIRST-OUT-BEATEN", "DNP-SECOND-OUT", "DNP-TWO-TURNS",
                    "DNP-TWO-CONFLICT-OWN", "DNP-CLOCKWISE")
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_engine_and_z3_model_agree_on_random_actions(seed):
    per_example = math.ceil(TOTAL_ACTIONS / settings().max_examples)
    done, problems = play_and_compare(random.Random(seed), per_example)
    assert not problems, f"{len(problems)} disagreement(s), first: {problems[0]}"
    assert done >= per_example


def test_a_model_that_takes_sets_without_flipping_disagrees_with_the_engine():
    """The check bites: a model where action C keeps the cards' orientation is caught."""
    _, problems = play_and_compare(random.Random(3), 3000, rules=lambda r: M.Rules(add_conflict=r, take_flips=False))
    assert problems and "take" in problems[0]


def test_a_model_where_equal_value_beats_disagrees_with_the_engine():
    _, problems = play_and_compare(random.Random(5), 5000, rules=lambda r: M.Rules(add_conflict=r, equal_beats=True))
    assert problems
