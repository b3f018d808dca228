"""Broken engines only a campaign finds: each bug needs a situation that the default
``rulecheck check`` does not reach, and ``rulecheck fuzz`` reaches within its default budget.

``make_<name>(game, choices)`` builds one (``--engine py:tests.broken.campaign:make_<name>``);
``CAMPAIGN`` maps each name to (class, game, the clause the campaign names). They are kept out
of ``BROKEN`` of the game modules on purpose: tests/test_broken_engines.py asserts that the
default check catches those. tests/test_campaign.py checks that fuzz catches these.
"""

from __future__ import annotations

from engine.sorry import SorryEngine
from engine.sorry.board import START
from engine.sorry.cards import C7


class SplitSevenBumpsOnce(SorryEngine):
    """When the two halves of a split 7 bump pawns of two different colours, only the first one goes
    back to START: the second stays on its square, under the pawn that landed there (the engine keeps
    one bumped colour per move). Breaks SRY-BUMP. Two bumps of one colour are right (the rulebook's
    example, features/sorry/seven.feature); two colours need three or more players and come up in
    random play about once in 30,000 transitions."""

    name = "broken-split-seven-bumps-once"
    kind = "campaign"

    def card_moves(self, cfg, pos, player, card):
        out = super().card_moves(cfg, pos, player, card)
        if card != C7:
            return out
        fixed = []
        for m in out:
            kind, c, subs, tgt, res = m
            if len(subs) == 2 and res is not None:
                movers = {subs[0][0], subs[1][0]}
                victims = [k for k in range(len(pos)) if k not in movers and pos[k] != START and res[k] == START]
                if len(victims) >= 2 and len({k // 4 for k in victims}) >= 2:
                    p = list(res)
                    second = [k for k in victims if pos[k] == subs[1][3]] or victims[-1:]
                    p[second[0]] = pos[second[0]]
                    m = (kind, c, subs, tgt, tuple(p))
            fixed.append(m)
        return fixed


CAMPAIGN = {
    "split_seven_bumps_once": (SplitSevenBumpsOnce, "sorry", "SRY-BUMP"),
}


def _factory(cls, game_of: str):
    def make(game=game_of, choices=None):
        if game != game_of:
            raise ValueError(f"{cls.__name__} is a {game_of} engine, not {game}")
        return cls(choices)

    return make


make_split_seven_bumps_once = _factory(SplitSevenBumpsOnce, "sorry")
