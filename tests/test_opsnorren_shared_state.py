"""One Opsnorren state object asked by two engines that read the rules differently.

The reference keeps what it computed on a state (the legal list, the playable cards) on the state
object, keyed by the engine that computed it. A program that uses the reference as an oracle under
two readings, as rulecheck itself does when it compares a candidate's readings, may hand the same
state object to both: each must answer by its own reading, never with what the other one listed.

The position: round 3 under 'new-lead-colour' (OPS-RULE-NEW-LEAD-COLOUR, rulebook line 66), blue led,
green played by a player without blue; player 2 holds orange 4 and blue 10, no green. Under
``ops.lead-colour-binds=current`` only green binds, so player 2 may play either card; under
``earlier`` the earlier lead colour blue still binds, so only blue 10 (as the vector
``lead-colour-binds-current-vs-earlier`` says). It concerns the reference's own state objects, so
it is one of the project's tests, not part of the conformance suite a candidate is checked by.
"""

from __future__ import annotations

import pytest

from engine.errors import IllegalActionError
from engine.opsnorren.engine import OpsnorrenEngine
from harness.games.opsnorren.positions import with_every_card

POSITION = {
    "game": "opsnorren", "players": 3, "round": 3, "revealed": 3, "phase": "play",
    "rules": ["green-negative", "pink-open", "new-lead-colour", "fewest-stars"],
    "team_cards": ["A+crown", "B", "B"], "hands": [["blue 9"], ["green 10"], ["orange 4", "blue 10"]],
    "passing": [[], [], []], "trick": [{"player": 0, "card": "blue 2"}, {"player": 1, "card": "green 4"}],
    "leader": 0, "won": [[], [], []], "discarded": [], "aside": [],
    "history": [{"round": 1, "stars": {"A": 0, "B": 0}, "winner": "A"},
                {"round": 2, "stars": {"A": 0, "B": 0}, "winner": "A"}],
    "trophies": [[1, 2], [], []], "to_move": 2, "chance": None, "result": None,
}
ORANGE = {"type": "play", "player": 2, "card": "orange 4"}


def _engines():
    return OpsnorrenEngine({"ops.lead-colour-binds": "current"}), OpsnorrenEngine({"ops.lead-colour-binds": "earlier"})


def _cards(actions) -> list[str]:
    return sorted(a["card"] for a in actions)


def test_each_engine_lists_by_its_own_reading():
    current, earlier = _engines()
    s = current.from_json(with_every_card(POSITION))
    assert _cards(current.legal_actions(s)) == ["blue 10", "orange 4"]
    assert _cards(earlier.legal_actions(s)) == ["blue 10"], "the earlier lead colour blue binds player 2"
    assert _cards(current.legal_actions(s)) == ["blue 10", "orange 4"]


def test_a_card_another_engine_listed_is_refused_by_its_own_reading():
    current, earlier = _engines()
    s = current.from_json(with_every_card(POSITION))
    listed = next(a for a in current.legal_actions(s) if a["card"] == "orange 4")
    with pytest.raises(IllegalActionError):
        earlier.apply(s, listed)  # the very action object the other engine listed
    s = current.from_json(with_every_card(POSITION))
    current.legal_actions(s)
    with pytest.raises(IllegalActionError):
        earlier.apply(s, dict(ORANGE))
    after = current.apply(s, dict(ORANGE))  # the engine that allows it still plays it
    assert current.to_json(after)["won"] != POSITION["won"], "the trick is complete and taken"
    s = current.from_json(with_every_card(POSITION))
    current.apply(s, dict(ORANGE))  # played by one engine without listing first
    with pytest.raises(IllegalActionError):
        earlier.apply(s, dict(ORANGE))
