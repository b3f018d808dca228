"""What a player may see (OPS-HIDDEN-HANDS, OPS-RULE-PINK-OPEN, OPS-TROPHY-HIDDEN): a property over random states."""

from __future__ import annotations

import random

from hypothesis import given, strategies as st

from engine import chance as chance_mod
from engine.canonical import dumps
from engine.opsnorren import OpsnorrenEngine

ENG = OpsnorrenEngine()
ROWS = [None, ["pink-open", "pass-three", "two-wins", "fewest-stars"], ["pass-three", "pink-open", "two-wins", "three-lowest"]]


def random_state(seed: int, players: int, plies: int, row):
    rng = random.Random(seed)
    cfg = {"players": players} if row is None else {"players": players, "rule_cards": row}
    s = ENG.new_game(cfg)
    for _ in range(plies):
        legal = ENG.legal_actions(s)
        if legal:
            s = ENG.apply(s, legal[rng.randrange(len(legal))])
        elif ENG.chance(s) is not None:
            s = ENG.apply(s, chance_mod.sample(ENG.chance(s), rng))
        else:
            break
    return s


@given(seed=st.integers(0, 10**6), players=st.sampled_from([3, 4, 5, 6]), plies=st.integers(0, 400),
       row=st.sampled_from(ROWS))
def test_hidden_cards_never_leak_into_another_players_observation(seed, players, plies, row):
    s = random_state(seed, players, plies, row)
    j = ENG.to_json(s)
    pink_open = "pink-open" in j["rules"][: j["revealed"]]
    for p in range(players):
        obs = ENG.observation(s, p)
        text = dumps(obs)
        assert obs["hand"] == j["hands"][p], "a player sees their own hand"
        assert obs["hand_sizes"] == [len(h) for h in j["hands"]]
        for q in range(players):
            if q == p:
                continue
            for c in j["hands"][q]:
                visible = f'"{c}"' in text
                assert visible == (pink_open and c.startswith("pink ")), (
                    f"player {p} {'sees' if visible else 'misses'} {c} of player {q} (pink-open={pink_open})")
            for c in j["passing"][q]:
                assert f'"{c}"' not in text, f"player {p} sees {c} passed by player {q}"
            if j["result"] is None:
                assert obs["trophies"][q] is None, "other players' trophy values are hidden until the end"
        for c in j["aside"]:
            assert f'"{c}"' not in text, f"player {p} sees {c} laid aside"
        hidden_rules = j["rules"][j["revealed"]:]
        assert obs["rules"][j["revealed"]:] == [None] * len(hidden_rules)
