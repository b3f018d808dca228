"""The scenario context of the Opsnorren steps (``Ops``), which builds a canonical state with
the card notation of ``harness.games.opsnorren.positions``; the ``ops`` fixture, and the
helpers every step uses.

Cards are written as in the canonical notation: ``blue 7``, ``unicorn``. Players are
``player 2`` or a name given with "the players ... sit in that order". Star counts are
written as expressions over the assumed star table of the specs (``star_value``).
"""

from __future__ import annotations

import functools
import random
import re

import pytest

from engine.canonical import dumps
from harness.games.opsnorren.positions import canonical, components, with_every_card
from harness.verdicts.findings import ClauseFailure
from harness.verdicts.violations import ScenarioChecks, record_scenario_failure

GAME = "opsnorren"
WHITE_DEFAULT = ["pink-open", "pass-three", "green-negative", "most-blue", "pink-plus-one"]
BLACK_DEFAULT = ["two-wins", "three-lowest", "equal-discarded", "colour-reversed", "new-lead-colour", "fewest-stars"]


class Ops(ScenarioChecks):
    """The scenario's context: a position being described, then the engine state.

    The first action applied or attempted where the engine departs from the reference sets
    ``transition`` = (state before as canonical JSON, action, the engine's successor as JSON
    or None when it rejects the action), so that a failing check is blamed through the
    reference's provenance (``harness.verdicts.violations``)."""

    def __init__(self, engine):
        self.engine = engine
        self.n = 4
        self.names: list[str] = []
        self.revealed: list[str] = ["pink-open"]
        self.team_cards: list[str] | None = None
        self.hands: dict[int, list[str]] = {}
        self.won: dict[int, list[str]] = {}
        self.discarded: list[str] = []
        self.leader = 0
        self.phase = "play"
        self.history_winner = "A"
        self.trophies: dict[int, list[int]] = {}
        self.state = None
        self.error = None
        self.before = None
        self.trick_cards: list[tuple[int, str]] = []
        self.passed: dict[int, list[str]] = {}
        self.rng = random.Random(20261129)
        self.transition = None

    # ---- players -----------------------------------------------------------------------------
    def who(self, text: str) -> int:
        text = text.strip()
        m = re.fullmatch(r"player (\d+)", text)
        if m:
            return int(m.group(1))
        if text in self.names:
            return self.names.index(text)
        raise AssertionError(f"scenario error: unknown player {text!r}")

    # ---- building a position -----------------------------------------------------------------
    def row(self) -> list[str]:
        whites = [r for r in self.revealed if r in WHITE_DEFAULT]
        blacks = [r for r in self.revealed if r in BLACK_DEFAULT]
        whites += [r for r in WHITE_DEFAULT if r not in whites][: 2 - len(whites)]
        blacks += [r for r in BLACK_DEFAULT if r not in blacks][: 2 - len(blacks)]
        row = whites + blacks
        assert row[: len(self.revealed)] == self.revealed, (
            f"scenario error: revealed rule cards {self.revealed} are not a prefix of a row (2 white then 2 black)")
        return row

    def teams(self) -> list[str]:
        return self.team_cards or list(components()["team_cards"][str(self.n)])

    def position(self) -> dict:
        n = self.n
        rnd = len(self.revealed)
        hands = [canonical(self.hands.get(p, [])) for p in range(n)]
        trophies_phase = self.phase == "trophies"
        hist = [{"round": r, "stars": {"A": 0, "B": 0}, "winner": "A"} for r in range(1, rnd + (1 if trophies_phase else 0))]
        if trophies_phase:
            hist[-1]["winner"] = self.history_winner
        obj = {
            "game": GAME, "players": n, "round": rnd, "rules": self.row(), "revealed": rnd, "phase": self.phase,
            "team_cards": self.teams(), "hands": hands, "passing": [[] for _ in range(n)], "trick": [],
            "leader": self.leader, "won": [canonical(self.won.get(p, [])) for p in range(n)],
            "discarded": canonical(self.discarded), "aside": [], "history": hist,
            "trophies": [self.trophies.get(p, []) for p in range(n)],
            "to_move": self.leader if self.phase == "play" else "chance", "chance": None, "result": None,
        }
        if trophies_phase:
            winners = {str(p): 1 for p, t in enumerate(obj["team_cards"]) if t[0] == self.history_winner}
            if len(winners) < 3:
                winners["aside"] = 3 - len(winners)
            obj["chance"] = {"event": "trophies",
                             "draws": [{"pool": list(components()["trophies"][rnd - 1]), "take": winners}]}
        return obj

    def ensure(self):
        if self.state is None:
            self.state = self.engine.from_json(with_every_card(self.position()))
        return self.state

    def json(self) -> dict:
        return self.engine.to_json(self.ensure())

    # ---- acting --------------------------------------------------------------------------------
    def apply(self, action: dict) -> None:
        state = self.ensure()
        before = self.engine.to_json(state)
        if action.get("type") == "play":
            if not before["trick"]:
                self.trick_cards = []
            self.trick_cards.append((action["player"], action["card"]))
        try:
            self.state = self.engine.apply(state, action)
        except Exception as exc:
            self.keep_transition(before, action, None, exc)
            raise
        self.keep_transition(before, action, self.engine.to_json(self.state))

    def attempt(self, action: dict) -> None:
        state = self.ensure()
        before = self.engine.to_json(state)
        self.before = dumps(before)
        try:
            self.state = self.engine.apply(state, action)
            self.error = None
            self.keep_transition(before, action, self.engine.to_json(self.state))
        except Exception as exc:  # the scenario checks the error's code and message
            self.error = exc
            self.keep_transition(before, action, None, exc)

    def explain_position(self) -> None:
        """No transition departed from the reference: when the engine's legal actions here differ
        from the reference's, blame through the provenance of the first differing action."""
        if self.state is not None and not getattr(self, "_departed", False):
            self.blame_legal_difference(self.state)

    def play(self, p: int, card: str) -> None:
        self.apply({"type": "play", "player": p, "card": card})

    def chance_action(self, event: str, outcome: list) -> dict:
        return {"type": "chance", "event": event, "outcome": outcome}


@pytest.fixture
def ops(rulecheck_engine, request):
    o = Ops(rulecheck_engine(GAME))
    o.request = request
    return o


def tagged(fn):
    """Record a failed step as findings (``harness.verdicts.violations.record_scenario_failure``: blamed
    through the reference's provenance of the last transition, else the scenario's clauses)
    and raise ``ClauseFailure`` naming them."""

    @functools.wraps(fn)
    def step(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except (pytest.skip.Exception, ClauseFailure):
            raise
        except Exception as exc:
            o = kwargs.get("ops")
            request = getattr(o, "request", None)
            if request is None:
                raise
            message = f"{type(exc).__name__}: {exc}"
            o.explain_position()
            clauses = record_scenario_failure(request.node, o, message)
            raise ClauseFailure(clauses, message) from exc

    return step


def table_rows(datatable) -> list[dict[str, str]]:
    head = [h.strip() for h in datatable[0]]
    return [dict(zip(head, [c.strip() for c in row])) for row in datatable[1:]]


def star_value(expr: str) -> int:
    """Evaluate '5 + stars(blue 10) - stars(green 3)' with the star table of the specs."""
    table = components()["stars"]
    text = re.sub(r"stars\(([^)]*)\)", lambda m: str(table[m.group(1).strip()]), expr)
    if not re.fullmatch(r"[0-9+\-*() ]+", text):
        raise AssertionError(f"scenario error: cannot evaluate star expression {expr!r}")
    return int(eval(text, {"__builtins__": {}}))  # digits and + - * ( ) only
