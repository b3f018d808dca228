"""The Z3 model of Sorry! (proofs/sorry, read from specs/) and the reference engine agree.

On random positions (2-4 colours, team play sometimes, every reading of the move choices)
with a random card in play, both must give the same legal actions (canonical JSON) and,
for every legal action, the same pawns afterwards. The model evaluated here is the very
code the theorems are proved on (proofs/sorry/ops.py: one code path for Z3 and ints).

At least 10,000 moves in all: each Hypothesis example compares ceil(10000 / max_examples)
moves (the active profile sets max_examples; nothing is hard-coded here).
"""

from __future__ import annotations

import json
import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import specs
from engine.canonical import dumps
from harness.engines import reference_engine
from proofs.sorry import canonical as C
from proofs.sorry import model as M

B = M.BOARD
MOVE_CHOICES = ("sorry.slide-colours", "sorry.slide-bumps-own", "sorry.swap-slide-target", "sorry.ten-card",
                "sorry.start-cards", "sorry.eleven-forfeit")
CARDS = specs.load("sorry").param("deck")["order"]
DECK_COUNTS = specs.load("sorry").param("deck")["editions"]["hasbro-2005"]
TOTAL_MOVES = 10_000
_ENGINES: dict = {}
STATS = {"moves": 0, "positions": 0}


def engine_for(choices: dict):
    key = tuple(sorted(choices.items()))
    if key not in _ENGINES:
        _ENGINES[key] = reference_engine("sorry", choices)
    return _ENGINES[key]


def random_choices(rng: random.Random) -> dict:
    spec = specs.load("sorry")
    out = {}
    for cid in MOVE_CHOICES:
        ch = spec.choices[cid]
        out[cid] = ch.default if rng.random() < 0.5 else rng.choice(sorted(ch.options))
    if out["sorry.slide-bumps-own"] == "no" and out["sorry.swap-slide-target"] == "yes":
        # engine bug, pinned by test_engine_swap_never_puts_two_pawns_of_a_colour_on_a_square:
        # the random comparison keeps to the combinations the engine gets right
        out["sorry.swap-slide-target"] = "no"
    return out


def _interesting_squares() -> list[int]:
    """Squares a few steps before slide starts and turn squares, and on slides."""
    out = set()
    for _z, a, _e, squares in B.slides:
        out.update(squares)
        for d in range(1, 13):
            out.add((a - d) % B.L)
            out.add((a + d) % B.L)
    for t in B.turn:
        for d in range(-4, 13):
            out.add((t - d) % B.L)
    return sorted(out)


HOT = _interesting_squares()


def random_position(rng: random.Random) -> dict:
    """A canonical 'play' state: random colours, pawns anywhere legal, a random card."""
    n = rng.choice((2, 3, 4, 4))
    names = sorted(rng.sample(B.names, n), key=B.names.index)
    team = n == 4 and rng.random() < 0.3
    taken: set = set()
    pawns = {}
    for name in names:
        zone_taken: set = set()
        row = []
        for _ in range(4):
            r = rng.random()
            if r < 0.25:
                row.append("start")
            elif r < 0.33:
                row.append("home")
            elif r < 0.45:
                free = [k for k in range(1, B.S + 1) if k not in zone_taken]
                k = rng.choice(free)
                zone_taken.add(k)
                row.append(f"safety {k}")
            else:
                while True:
                    sq = rng.choice(HOT) if rng.random() < 0.7 else rng.randrange(B.L)
                    if sq not in taken:
                        break
                taken.add(sq)
                row.append(sq)
        pawns[name] = row
    card = rng.choice(CARDS)
    seat = rng.randrange(n)
    if not team and rng.random() < 0.25:
        return points_state(rng, names, pawns, seat)
    return C.play_state(names, pawns, card, seat, {"team": team, "points": False, "quick_start": False})


def points_state(rng: random.Random, names: list[str], pawns: dict, seat: int) -> dict:
    """Points play: every colour holds five cards dealt from the deck; the player to move
    plays one of them (SRY-POINTS-PLAY)."""
    deck = [c for c in CARDS for _ in range(DECK_COUNTS[c])]
    rng.shuffle(deck)
    hands = {}
    for name in names:
        hands[name] = sorted((deck.pop() for _ in range(5)), key=CARDS.index)
    return {"game": "sorry", "players": names, "variant": {"team": False, "points": True, "quick_start": True},
            "pawns": pawns, "draw_pile": sorted(deck, key=CARDS.index), "discard_pile": [], "card": None,
            "hands": hands, "phase": "play", "turn": seat, "refill": None, "to_move": seat, "chance": None,
            "result": None}


def compare(state: dict, choices: dict, rules: M.Rules | None = None) -> tuple[int, list[str]]:
    """(moves compared, disagreements) on one position."""
    eng = engine_for(choices)
    team = state["variant"]["team"]
    R = rules or C.rules_for(choices, team=team)
    col, pos = C.position(state)
    seat, card = state["turn"], state["card"]
    s = eng.from_json(state)
    theirs = {dumps(a): a for a in eng.legal_actions(s)}
    ours: dict = {}
    ambiguous = set()  # one notation, two different moves (test_split_notation_names_one_move)
    if state["hands"] is not None:
        listed = C.legal_json_hand(R, col, pos, seat, state["hands"][state["players"][seat]])
    else:
        listed = C.legal_json(R, col, pos, seat, card)
    for a, after in listed:
        k = dumps(a)
        if k in ours and ours[k] != after:
            ambiguous.add(k)
        ours[k] = after
    problems = []
    where = f"choices={choices} state={dumps(state)}"
    for k in sorted(set(theirs) - set(ours)):
        problems.append(f"engine lists {k}, the model does not; {where}")
    for k in sorted(set(ours) - set(theirs)):
        problems.append(f"model lists {k}, the engine does not; {where}")
    n = 0
    for k in sorted(set(ours) & set(theirs) - ambiguous):
        after = eng.to_json(eng.apply(s, theirs[k]))["pawns"]
        want = C.pawns_json(col, ours[k])
        n += 1
        if after != want:
            problems.append(f"after {k}: engine pawns {dumps(after)}, model pawns {dumps(want)}; {where}")
    return n, problems


def run_batch(rng: random.Random, moves: int, rules_factory=None, stop_at_first: bool = True) -> tuple[int, list[str]]:
    done, problems = 0, []
    while done < moves:
        state = random_position(rng)
        choices = random_choices(rng) if rules_factory is None else specs.load("sorry").default_choices()
        R = rules_factory(state) if rules_factory else None
        n, p = compare(state, choices, R)
        done += max(n, 1)
        STATS["positions"] += 1
        problems += p
        if problems and stop_at_first:
            break
    return done, problems


@pytest.mark.clause("SRY-CLOCKWISE", "SRY-JUMP", "SRY-BUMP", "SRY-OWN-PAWN-BLOCKS", "SRY-BACKWARD", "SRY-SLIDE-ANY-CARD",
                    "SRY-SLIDE-OTHER-COLOUR", "SRY-SLIDE-BUMP", "SRY-SAFETY-ZONE", "SRY-HOME-EXACT", "SRY-CARD-7",
                    "SRY-CARD-10", "SRY-CARD-11", "SRY-SORRY-CARD", "SRY-MUST-MOVE", "SRY-ELEVEN-FORFEIT",
                    "SRY-TEAM-BUMP-PARTNER", "SRY-TEAM-SEVEN", "SRY-POINTS-PLAY", "SRY-POINTS-DISCARD")
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_engine_and_z3_model_agree_on_random_moves(seed):
    per_example = math.ceil(TOTAL_MOVES / settings().max_examples)
    done, problems = run_batch(random.Random(seed), per_example)
    STATS["moves"] += done
    assert not problems, f"{len(problems)} disagreement(s), first: {problems[0]}"


def test_a_model_that_slides_on_its_own_colour_disagrees_with_the_engine():
    """The check bites: a model that also slides on its own colour's triangles is caught."""
    def wrong(state):
        return C.rules_for(None, team=state["variant"]["team"], slides_on=lambda c, z: True)

    _, problems = run_batch(random.Random(7), 3000, rules_factory=wrong)
    assert problems and "engine" in problems[0]


def test_a_model_that_lets_a_pawn_overshoot_home_disagrees_with_the_engine():
    def wrong(state):
        return C.rules_for(None, team=state["variant"]["team"], home_overshoot_stops=True)

    _, problems = run_batch(random.Random(11), 3000, rules_factory=wrong)
    assert problems


# ----------------------------------------------------------------------------- engine bugs found
SWAP_STATE = C.play_state(
    ["red", "blue", "yellow", "green"],
    {"red": ["start", 48, "start", "start"], "blue": [9, "safety 2", "start", "start"],
     "yellow": ["home", "start", 13, 43], "green": ["start", 15, "home", "home"]}, "11", seat=1)
SWAP = {"type": "swap", "player": 1, "card": "11", "pawn": "blue 1", "from": 9, "target": "yellow 4", "to": 43}


@pytest.mark.clause("SRY-OWN-PAWN-BLOCKS", "SRY-SWAP-SLIDE", "SRY-SLIDE-BUMP")
def test_engine_swap_never_puts_two_pawns_of_a_colour_on_a_square():
    """sorry.slide-bumps-own=no with sorry.swap-slide-target=yes: blue 1 (9) swaps with yellow 4
    (43); yellow 4 lands on red's triangle 9 and slides to 13, where yellow 3 stands. Under
    slide-bumps-own=no a slide may not end on an own pawn, so the model says the swap is not
    legal; the engine lists it and its result has yellow 3 and yellow 4 both on 13 (a state its
    own from_json rejects)."""
    choices = {"sorry.slide-bumps-own": "no", "sorry.swap-slide-target": "yes"}
    col, pos = C.position(SWAP_STATE)
    R = C.rules_for(choices)
    assert not M.step(R, col, pos, ("swap", 4, 11))[0]  # the model: not legal
    eng = engine_for(choices)
    s = eng.from_json(SWAP_STATE)
    ours = {dumps(x) for x, _ in C.legal_json(R, col, pos, 1, "11")}
    for a in eng.legal_actions(s):
        after = eng.to_json(eng.apply(s, a))
        assert dumps(a) in ours, f"engine lists {dumps(a)}, which the model does not allow; after it: {after['pawns']}"
        eng.from_json(after)  # the successor must be a valid state


SPLIT_STATE = C.play_state(["red", "blue", "yellow"], {"red": [13, "start", 30, "start"], "blue": ["start", 17, "start", "start"],
                                                      "yellow": ["start", "start", "start", "start"]}, "7", seat=0)


@pytest.mark.clause("SRY-CARD-7", "SRY-SLIDE-BUMP", "PROTOCOL")
def test_split_notation_names_one_move():
    """Found by the agreement test: "red 1 13 -> 19, red 3 30 -> 34" was two different moves,
    red 1 three steps to 16 (blue's triangle: slides to 19, bumping blue 2 on 17) and red 3
    four steps, or red 1 six steps straight to 19 (blue 2 stays) and red 3 one step to 31
    (yellow's triangle: slides to 34); the engine listed the notation twice and applied one of
    the two. The action schema now names the triangle a pawn slid from (``slide``): in the
    model's notation every action names one move, and the engine lists every action once."""
    col, pos = C.position(SPLIT_STATE)
    R = C.rules_for(None)
    results: dict = {}
    for a, after in C.legal_json(R, col, pos, 0, "7"):
        results.setdefault(dumps(a), set()).add(dumps(C.pawns_json(col, after)))
    both = [k for k in results if '"from":13' in k and '"to":19' in k and '"from":30' in k and '"to":34' in k]
    assert len(both) == 2, f"the two moves should have two notations: {both}"
    assert all(len(v) == 1 for v in results.values()), "one notation names two moves"
    eng = engine_for(specs.load("sorry").default_choices())
    s = eng.from_json(SPLIT_STATE)
    acts = [dumps(a) for a in eng.legal_actions(s)]
    dup = sorted({a for a in acts if acts.count(a) > 1})
    assert not dup, f"the engine lists {len(dup)} action(s) twice, e.g. {dup[0]}"
    for k in both:
        after = eng.to_json(eng.apply(s, json.loads(k)))["pawns"]
        assert dumps(after) in results[k], f"after {k}: engine {after}, model {results[k]}"
