"""The Node.js example engine (examples/node-engine/engine.js) plays Dnup like the reference.

It was written from docs/protocol.md and the Dnup specs; this keeps it honest: random
games through SubprocessEngine give the same legal actions and the same canonical
states as the in-process reference, for 2, 3 and 5 players and both readings of the
one Dnup choice.
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from engine.canonical import dumps, sort_actions
from engine.chance import sample
from harness.driver.subprocess_engine import SubprocessEngine

ROOT = Path(__file__).resolve().parent.parent
ENGINE_JS = ROOT / "examples" / "node-engine" / "engine.js"

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed (node not on PATH)")


def _reference(choices):
    from harness.engines import reference_engine

    try:
        return reference_engine("dnup", choices)
    except Exception as exc:  # noqa: BLE001
        pytest.skip(f"the Dnup reference engine is not available: {exc}")


@pytest.mark.parametrize("reading", ["illegal", "consequence"])
def test_node_engine_plays_like_the_reference(reading):
    choices = {"dnup.add-conflict": reading}
    ref = _reference(choices)
    with SubprocessEngine(f"node {ENGINE_JS}", game="dnup", choices=choices, deadline=5.0) as node:
        assert node.choices == choices and node.name == "node-dnup"
        for seed, players in ((1, 2), (2, 3), (3, 5)):
            rng = random.Random(seed)
            config = {"players": players, "turn_cap": 60}
            rs, ns = ref.new_game(config), node.new_game(config)
            for _ in range(200):
                rj = ref.to_json(rs)
                assert dumps(ns) == dumps(rj)
                if rj["result"] is not None:
                    break
                legal = ref.legal_actions(rs)
                assert dumps(sort_actions(node.legal_actions(ns))) == dumps(sort_actions(legal))
                action = legal[rng.randrange(len(legal))] if legal else sample(rj["chance"], rng)
                rs, ns = ref.apply(rs, action), node.apply(ns, action)
            assert rj["result"] is not None  # the turn cap ends every game
        assert sum(node.fault_counts.values()) == 0


def test_node_engine_answers_bad_input_with_error_codes():
    from engine.errors import BadConfigError, IllegalActionError, MalformedError

    with SubprocessEngine(f"node {ENGINE_JS}", game="dnup") as node:
        with pytest.raises(BadConfigError, match="2 to 5 players"):
            node.new_game({"players": 6})
        s = node.new_game({"players": 3})
        with pytest.raises(IllegalActionError):
            node.apply(s, {"type": "flip", "player": 0})
        with pytest.raises(MalformedError, match="unknown action type"):
            node.apply(s, {"type": "pass", "player": 0})
        answers = node.batch([{"op": "legal", "state": s}, {"op": "load", "state": {**s, "players": 9}}])
        assert answers[0] == {"actions": []} and answers[1]["error"]["code"] == "malformed"
