"""The Sorry! reference explains itself (engine/sorry/provenance.py).

(a) completeness: over seeded random games of every variant and every reading, each changed
    part of every successor is covered by an effect of ``transition()``, and every legal action
    has a non-empty ``legal()``;
(b) every mutation of a legal action that the reference rejects gets a non-empty ``rejection()``;
(c) differential play of each engine of ``tests/broken/sorry.py`` names the broken clause(s)
    through provenance, with at most two other rule clauses for a single-bug engine and none for
    a multi-bug engine.
"""

from __future__ import annotations

import contextlib
import contextvars
import random

import pytest
from hypothesis import settings

import specs
from engine import chance as chance_mod
from engine.canonical import copy_json, dumps
from engine.errors import RulecheckError
from engine.provenance import changed_paths, clauses_for_paths
from engine.sorry import SorryEngine
from harness.explore.differential import configs_for, run_differential
from harness.verdicts.findings import FindingsFailure, open_sink
from tests.broken.sorry import BROKEN, BROKEN_MULTI, STRANGER

SPEC = specs.load("sorry")
CONFIGS = [
    {"players": 2}, {"players": 3, "first": 2}, {"players": 4}, {"colours": ["blue", "green"]},
    {"players": 4, "team": True}, {"players": 4, "team": True, "quick_start": True},
    {"players": 2, "points": True}, {"players": 3, "points": True}, {"players": 4, "quick_start": True},
]
#: the default reading, then every other option of every choice
READINGS = [{}] + [{cid: opt} for cid, ch in SPEC.choices.items() for opt in ch.options if opt != ch.default]
SQUARES = list(range(60)) + ["start", "home"] + [f"safety {k}" for k in range(1, 6)]


def games(eng, seed: int, n_games: int, first: int = 0):
    """(state json before, action, successor json, legal actions) of seeded random games over CONFIGS."""
    rng = random.Random(seed)
    for g in range(first, first + n_games):
        st = eng.new_game(CONFIGS[g % len(CONFIGS)])
        while not eng.is_terminal(st):
            legal = eng.legal_actions(st)
            action = rng.choice(legal) if legal else chance_mod.sample(eng.chance(st), rng)
            before = copy_json(eng.to_json(st))
            st = eng.apply(st, action)
            yield before, action, eng.to_json(st), legal


@pytest.mark.parametrize("choices", READINGS, ids=lambda c: dumps(c) if c else "default")
def test_every_changed_part_of_every_transition_is_explained(choices):
    eng = SorryEngine(choices)
    ex = eng.explainer()
    assert ex is eng.explainer(), "the explainer is made once per engine"
    n = 0
    seed = READINGS.index(choices)
    for before, action, after, legal in games(eng, 7 + seed, len(CONFIGS) if not choices else 3, first=seed):
        effects = ex.transition(before, action)
        for path in changed_paths(before, after):
            assert clauses_for_paths(effects, [path]), f"{path} is explained by no effect of {dumps(action)}"
        if legal:
            assert ex.legal(before, action), f"no clause makes {dumps(action)} legal"
            assert ex.rejection(before, action) == ()
        n += 1
    assert n > 300


def test_the_explainer_names_known_clauses_and_setup_covers_the_new_game():
    eng = SorryEngine()
    ex = eng.explainer()
    for config in CONFIGS:
        j = eng.to_json(eng.new_game(config))
        effects = ex.setup(config)
        paths = [p for k, v in j.items() if k != "game" for p in ([f"/{k}"] if not isinstance(v, dict) else [f"/{k}/{x}" for x in v])]
        for path in paths:
            assert clauses_for_paths(effects, [path]), path
        for e in effects:
            assert all(c in SPEC.clauses for c in e.clauses), e
    for before, action, _after, legal in games(eng, 11, 3):
        for e in ex.transition(before, action):
            assert e.clauses and all(c in SPEC.clauses for c in e.clauses), e
        for c in (ex.legal(before, action) + ex.chance(before)):
            assert c in SPEC.clauses, c


def mutations(state: dict, action: dict):
    """Well-described variations of a legal action: another player, card, pawn, square, slide, target."""
    if action["type"] == "chance":
        return
    n = len(state["players"])
    yield {**action, "player": (action["player"] + 1) % n}
    for card in ("1", "2", "4", "7", "10", "11", "sorry"):
        if card != action["card"]:
            yield {**action, "card": card} if action["type"] in ("move", "forfeit") else {**action, "card": card, "type": "swap" if card == "11" else "sorry"}
    yield {"type": "forfeit", "player": action["player"], "card": action["card"]}
    pawns = {f"{c} {k + 1}": sq for c, row in state["pawns"].items() for k, sq in enumerate(row)}
    if action["type"] == "move":
        steps = action["moves"]
        for k, step in enumerate(steps):
            for to in SQUARES[::7] + [step["to"]]:
                for slide in (None, step.get("slide"), to):
                    s = {kk: v for kk, v in step.items() if kk != "slide"}
                    s["to"] = to
                    if slide is not None and isinstance(slide, int):
                        s["slide"] = slide
                    yield {**action, "moves": steps[:k] + [s] + steps[k + 1:]}
            for name, sq in pawns.items():
                if name != step["pawn"]:
                    yield {**action, "moves": steps[:k] + [{**step, "pawn": name, "from": sq}] + steps[k + 1:]}
        if len(steps) == 2:
            yield {**action, "moves": steps[::-1]}
            yield {**action, "moves": steps[:1]}
    elif action["type"] in ("swap", "sorry"):
        for name in pawns:
            yield {**action, "target": name}
            yield {**action, "pawn": name, "from": pawns[name]}
        for to in SQUARES[::5]:
            yield {**action, "to": to}
    elif action["type"] == "forfeit":
        for name, sq in pawns.items():
            yield {"type": "move", "player": action["player"], "card": action["card"],
                   "moves": [{"pawn": name, "from": sq, "to": sq if sq in ("start", "home") else "home"}]}


@pytest.mark.parametrize("choices", [{}, {"sorry.eleven-forfeit": "must-move", "sorry.slide-bumps-own": "no"},
                                     {"sorry.slide-colours": "own", "sorry.swap-slide-target": "yes",
                                      "sorry.ten-card": "forward-one", "sorry.start-cards": "one-two-only"}],
                         ids=["default", "must-move-no-own-bump", "own-slides-swap-slide"])
def test_every_rejected_mutation_of_a_legal_action_is_explained(choices):
    eng = SorryEngine(choices)
    ex = eng.explainer()
    rng = random.Random(3)
    rejected = unexplained = 0
    examples = []
    for before, action, _after, legal in games(eng, 5, 5, first=len(choices)):
        if not legal or rng.random() > 0.1:
            continue
        st = eng.from_json(before)
        for m in mutations(before, action):
            if specs.validate_action("sorry", m):
                continue
            try:
                eng.apply(st, m)
                continue
            except RulecheckError:
                rejected += 1
            why = ex.rejection(before, m)
            assert all(c in SPEC.clauses for c in why), why
            if not why:
                unexplained += 1
                examples.append((eng.describe_state(st), dumps(m)))
    assert rejected > 300
    assert not examples, f"{unexplained} of {rejected} rejections unexplained, e.g. {examples[:3]}"


# ---------------------------------------------------------------- (c) blame of the broken engines

RULES = {c.id for c in SPEC.clauses.values() if c.normative}
#: kinds plain differential play catches (the others need negative probes, observations or situations)
PLAIN = (None, "legal-missing", "caching")
ENGINES = ([pytest.param(cls, (clause,), 2, id=name, marks=[pytest.mark.campaign] if name in STRANGER else [])
            for name, (cls, clause) in sorted(BROKEN.items())
            if getattr(cls, "kind", None) in PLAIN]
           + [pytest.param(cls, tuple(clauses), 0, id=name) for name, (cls, clauses) in sorted(BROKEN_MULTI.items())])


@contextlib.contextmanager
def half_the_budget():
    """Half the active Hypothesis profile's examples (this file runs fourteen differential games)."""
    name = settings.get_current_profile_name()
    active = settings.default
    settings.register_profile("sorry-provenance-half", parent=active, max_examples=max(4, active.max_examples // 2))
    settings.load_profile("sorry-provenance-half")
    try:
        yield
    finally:
        settings.load_profile(name)


def differential_findings(candidate):
    """The findings of in-process differential play against the reference (own sink, own context)."""
    def run():
        sink = open_sink(f"provenance of {candidate.name}")
        with contextlib.suppress(FindingsFailure), half_the_budget():
            run_differential(candidate, SorryEngine(dict(candidate.choices)), configs_for("sorry"))
        return sink

    return contextvars.copy_context().run(run)


@pytest.mark.parametrize("cls, clauses, allowed_others", ENGINES)
def test_differential_play_blames_the_broken_rules_through_provenance(cls, clauses, allowed_others):
    """Each broken clause is named; a single-bug engine fails at most two other rule clauses, a
    multi-bug engine none; nothing falls back to DIFFERENTIAL."""
    sink = differential_findings(cls())
    found = sink.clauses()
    assert set(clauses) <= set(found), f"{cls.__name__} breaks {clauses}; blamed: {found}"
    others = [c for c in found if c in RULES and c not in clauses]
    assert len(others) <= allowed_others, f"{cls.__name__} breaks {clauses}, but these are blamed too: {others}"
    assert "DIFFERENTIAL" not in found, sink.summary()
    assert "PROTOCOL" not in found or getattr(cls, "protocol_too", None), sink.summary()
    for f in sink.findings():
        if f.clause == "PROTOCOL":  # a protocol fault the engine's class names (protocol_too)
            continue
        assert f.basis == "provenance" and f.witness is not None and f.witness.text, f


# ---------------------------------------------------------------- a few rulings, by hand


def position(pawns: dict, card: str, turn: int = 0, players: int = 2) -> dict:
    """A play-phase state with ``card`` in play and the given pawns (others in START)."""
    eng = SorryEngine()
    j = copy_json(eng.to_json(eng.new_game({"players": players})))
    for colour, squares in pawns.items():
        j["pawns"][colour] = squares + ["start"] * (4 - len(squares))
    j["draw_pile"].remove(card)
    j.update(card=card, phase="play", turn=turn, to_move=turn, chance=None)
    return j


def move(player: int, card: str, *steps) -> dict:
    return {"type": "move", "player": player, "card": card,
            "moves": [dict(zip(("pawn", "from", "to", "slide"), s)) for s in steps]}


def test_a_bump_a_slide_and_kept_pawns_are_explained_by_their_rules():
    ex = SorryEngine().explainer()
    # red 1 lands on blue's triangle 16 and slides to 19 over blue 1 (17); blue 2 sits on 20, red 2 in its safety zone
    j = position({"red": [11, "safety 2"], "blue": [17, 20]}, "5")
    effects = ex.transition(j, move(0, "5", ("red 1", 11, 19, 16)))
    by_path = {e.path: e.clauses for e in effects}
    assert "SRY-SLIDE-ANY-CARD" in by_path["/pawns/red/0"] and "SRY-CARD-5" in by_path["/pawns/red/0"]
    assert by_path["/pawns/blue/0"] == ("SRY-SLIDE-BUMP",)
    assert by_path["/pawns/red/1"] == ("SRY-SAFETY-OWN-COLOUR",)
    assert "/pawns/blue/1" not in by_path  # a bystander on the track: nothing decided it
    assert by_path["/turn"] == ("SRY-TURN-ORDER",)
    # red 1 lands on its own triangle 1 and stays: the kept slide is SRY-SLIDE-OWN-COLOUR
    j = position({"red": [58], "blue": [3]}, "3")
    by_path = {e.path: e.clauses for e in ex.transition(j, move(0, "3", ("red 1", 58, 1)))}
    assert by_path["/pawns/red/0"] == ("SRY-CARD-3", "SRY-SLIDE-OWN-COLOUR", "SRY-CLOCKWISE")  # over the seam 59 -> 0
    assert by_path["/pawns/blue/0"] == ("SRY-SLIDE-OWN-COLOUR",)
    assert ex.legal(j, move(0, "3", ("red 1", 58, 1))) == ("SRY-SLIDE-OWN-COLOUR",)


@pytest.mark.parametrize("pawns, card, action, clause", [
    ({"red": [10]}, "3", move(0, "3", ("red 2", "start", 4)), "SRY-START-CARDS"),
    ({"red": [10, 4]}, "1", move(0, "1", ("red 1", 10, 11), ), None),
    ({"red": [10, 11]}, "1", move(0, "1", ("red 1", 10, 11)), "SRY-OWN-PAWN-BLOCKS"),
    ({"red": ["safety 4"]}, "3", move(0, "3", ("red 1", "safety 4", "home")), "SRY-HOME-EXACT"),
    ({"red": [10]}, "5", move(0, "5", ("red 1", 10, 14)), "SRY-CARD-5"),
    ({"red": [10]}, "10", move(0, "10", ("red 1", 10, 11)), "SRY-CARD-10"),
    ({"red": [10]}, "5", {"type": "forfeit", "player": 0, "card": "5"}, "SRY-MUST-MOVE"),
    ({"red": [10]}, "5", move(1, "5", ("blue 1", "start", 19)), "SRY-TURN-ORDER"),
    ({"red": [10]}, "5", move(0, "3", ("red 1", 10, 13)), "SRY-DRAW-AND-MOVE"),
    ({"red": [10], "blue": ["safety 2"]}, "11",
     {"type": "swap", "player": 0, "card": "11", "pawn": "red 1", "from": 10, "target": "blue 1", "to": "safety 2"},
     "SRY-SAFETY-OWN-COLOUR"),
    ({"red": [58], "blue": [30]}, "3", move(0, "3", ("red 1", 58, 4, 1)), "SRY-SLIDE-OWN-COLOUR"),
], ids=lambda v: v if isinstance(v, str) else None)
def test_rejections_name_the_rule_that_forbids_the_action(pawns, card, action, clause):
    eng = SorryEngine()
    j = position(pawns, card)
    got = eng.explainer().rejection(j, action)
    if clause is None:
        assert got == () and eng.explainer().legal(j, action)
    else:
        assert clause in got, got


def test_witness_text_describes_the_position_in_the_games_notation():
    eng = SorryEngine()
    st = eng.from_json(position({"red": [17, "safety 3"], "blue": [40, "home"]}, "7"))
    assert eng.describe_state(st) == ("red to move with a 7; red 1 on 17, red 2 safety 3, blue 1 on 40, blue 2 HOME; "
                                      "others in START; draw pile 44")


# ---------------------------------------------------------------- what each player sees (observation)


def points_state(players: int = 3) -> dict:
    eng = SorryEngine()
    st = eng.new_game({"players": players, "points": True})
    return eng.to_json(eng.apply(st, chance_mod.sample(eng.chance(st), random.Random(1))))


def test_points_play_hides_other_hands_and_a_leak_is_blamed_on_SRY_POINTS_PLAY():
    """SRY-POINTS-PLAY: a hand is shown to its holder only; the draw pile (and the pending draw)
    would reveal the other hands, so they show only their size."""
    eng = SorryEngine()
    j = points_state()
    effects = eng.explainer().observation(j, 1)
    by_path = {e.path: e.clauses for e in effects}
    assert by_path["/hands/blue"] == ("SRY-POINTS-PLAY",) and by_path["/hands/red"] == ("SRY-POINTS-PLAY",)
    leak = {**eng.observation(eng.from_json(j), 1), "hands": j["hands"]}  # an engine that shows every hand
    diff = changed_paths(eng.observation(eng.from_json(j), 1), leak)
    assert diff == ["/hands/red", "/hands/yellow"]
    assert clauses_for_paths(effects, diff) == ("SRY-POINTS-PLAY",)
    assert clauses_for_paths(effects, ["/draw_pile"]) == ("SRY-POINTS-PLAY", "SRY-DRAW-PILE")


def test_every_part_of_every_observation_has_an_effect():
    """Each part of what a player sees is covered by an effect: a clause when a rule decides it is
    shown or hidden (SRY-DRAW-AND-MOVE, SRY-DECK, SRY-DRAW-PILE, SRY-POINTS-PLAY), none for the
    board and the seats, in plain view."""
    eng = SorryEngine()
    ex = eng.explainer()
    for before, _action, _after, _legal in games(eng, 13, 2, first=6):
        st = eng.from_json(before)
        for p in range(len(before["players"])):
            obs = eng.observation(st, p)
            effects = ex.observation(before, p)
            for key in obs:
                assert any(e.covers(f"/{key}") for e in effects), key
            if before["hands"] is not None:
                assert {e.path for e in effects if e.clauses} >= {f"/hands/{n}" for n in before["players"]}


def test_without_hands_every_card_is_in_the_open():
    """SRY-DRAW-AND-MOVE: the card in play and the discard pile are shown; the draw pile shows as
    what the deck leaves (SRY-DECK)."""
    eng = SorryEngine()
    j = position({"red": [10]}, "5")
    by_path = {e.path: e.clauses for e in eng.explainer().observation(j, 1)}
    assert eng.observation(eng.from_json(j), 1) == j
    assert by_path["/card"] == ("SRY-DRAW-AND-MOVE",) and by_path["/draw_pile"] == ("SRY-DECK", "SRY-DRAW-PILE")
