"""The scenario context of the Dnup steps (``Ctx``): it completes, loads and acts on the
base position of ``harness.games.dnup.positions`` (card notation ``3/7``, the assumed deck);
and the ``dnup`` fixture.

Cards are written with the active value first: ``3/7`` is the card with values 3 and 7
showing 3, ``7/3`` the same card turned. Cards nobody is given are in the discard pile; a
player who is not out and is given no hand gets two filler cards (the first unused cards
by id). ``Ctx.fail`` names the scenario's clauses as ``[DNP-...]``.
"""

from __future__ import annotations

import copy

import pytest

from engine.canonical import dumps
from engine.errors import RulecheckError
from harness.games.dnup.positions import deck_cards, parse_cards
from harness.verdicts.violations import ScenarioChecks

class Ctx(ScenarioChecks):
    def __init__(self, make_engine, request):
        self._make = make_engine
        self.request = request
        self._engine = None
        self.pos: dict | None = None
        self.state = None
        self.before: str | None = None
        self.error: Exception | None = None
        self.original_hands: dict[int, list] = {}

    @property
    def engine(self):
        if self._engine is None:
            self._engine = self._make("dnup")
        return self._engine

    # building and loading positions
    def finish(self) -> dict:
        pos = copy.deepcopy(self.pos)
        used = set()
        for h in pos["hands"]:
            used.update(c[0] for c in h or [])
        for areas in pos["sets"]:
            for cs in areas:
                used.update(c[0] for c in cs)
        gone = set(pos["removed"])
        free = sorted(c["id"] for c in deck_cards() if c["id"] not in used and c["id"] not in gone)
        for p, h in enumerate(pos["hands"]):
            if h is None:
                if p in pos["out"] or pos["to_move"] == "chance":
                    pos["hands"][p] = []
                else:
                    pos["hands"][p] = [[free.pop(0), False], [free.pop(0), False]]
                    used.update(c[0] for c in pos["hands"][p])
        pos["hands"] = [sorted(h, key=lambda c: c[0]) for h in pos["hands"]]
        pos["discard"] = sorted(cid for cid in free if cid not in used)
        return pos

    def load(self):
        if self.state is None:
            obj = self.finish()
            try:
                self.state = self.engine.from_json(obj)
            except RulecheckError as exc:
                self.fail(f"the engine refuses the scenario's position: {exc}")
        return self.state

    def json(self) -> dict:
        return self.engine.to_json(self.load())

    def act(self, action: dict, expect_error: bool = False):
        """Apply ``action``, keeping the transition for blame (see ``keep_transition``)."""
        state = self.load()
        before = self.engine.to_json(state)
        self.before = dumps(before)
        self.error = None
        try:
            self.state = self.engine.apply(state, action)
        except RulecheckError as exc:
            self.keep_transition(before, action, None, exc)
            if not expect_error:
                self.fail(f"{action} was rejected: {exc}")
            self.error = exc
            return
        try:
            self.keep_transition(before, action, self.engine.to_json(self.state))
        except RulecheckError:
            self.keep_transition(before, action, None)
        if expect_error:
            self.fail(f"{action} was accepted, but the rules forbid it")

    def hand(self, p: int) -> list:
        return self.json()["hands"][p]

    def set_of(self, p: int, area: int = 1) -> list:
        return self.json()["sets"][p][area - 1]


@pytest.fixture
def dnup(rulecheck_engine, request):
    return Ctx(rulecheck_engine, request)


def ids_of(cards_text: str) -> list[str]:
    return [c[0] for c in parse_cards(cards_text)]


def ints(text: str) -> list[int]:
    return [int(x) for x in text.replace(" and ", ",").split(",") if x.strip()]

