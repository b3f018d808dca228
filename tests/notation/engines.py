"""Engines that differ from the reference only in notation (docs/protocol.md, "Notation", N1-N5).

Served with ``python tests/notation/serve_reordered.py GAME FACTORY``, which also writes every
answer's keys in reverse order (N3). Each must pass the whole check: no failing clause, no
PROTOCOL finding.

- ``make_dnup``: lists every set with its cards in reverse canonical order and plays a set
  given in any order (N1); its own error wording (N4).
- ``make_sorry``: lists the other order of every split 7 whose two orders are legal and give
  the same position, and refuses the reference's order (N2); lacks team and points play and
  says so in ``hello`` (N5); its own error wording (N4).
"""

from __future__ import annotations

from engine.dnup import DnupEngine
from engine.errors import RulecheckError
from engine.sorry.moves import C7, MOVE, _split
from tests.broken.partial import SorryWithoutVariants


def reworded(exc: RulecheckError) -> RulecheckError:
    """The same code, other words (N4)."""
    return type(exc)(f"Sorry, no: {exc.message.lower()}")


class DnupNotation(DnupEngine):
    name = "dnup-notation"

    def legal_actions(self, state):
        out = []
        for a in super().legal_actions(state):
            out.append({**a, "cards": a["cards"][::-1]} if a.get("type") == "play" else a)
        return out

    def apply(self, state, action):
        if isinstance(action, dict) and action.get("type") == "play" and isinstance(action.get("cards"), list):
            try:
                action = {**action, "cards": sorted(action["cards"])}
            except TypeError:
                pass
        try:
            return super().apply(state, action)
        except RulecheckError as exc:
            raise reworded(exc) from None


class SorryNotation(SorryWithoutVariants):
    name = "sorry-notation"

    def card_moves(self, cfg, pos, player: int, card: int) -> list:
        """The reference's moves, each same-position split 7 in its other order (N2)."""
        out = []
        for m in super().card_moves(cfg, pos, player, card):
            kind, c, subs, tgt, after = m
            if kind == MOVE and c == C7 and len(subs) == 2:
                (i, _, di, _), (j, _, dj, _) = subs
                other = _split(self.rules, cfg, pos, j, dj, i, di)
                if other is not None and other[4] == after:
                    m = other
            out.append(m)
        return out

    def apply(self, state, action):
        try:
            return super().apply(state, action)
        except RulecheckError as exc:
            raise reworded(exc) from None


def make_dnup(game: str = "dnup", choices: dict | None = None):
    return DnupNotation(choices)


def make_sorry(game: str = "sorry", choices: dict | None = None):
    return SorryNotation(choices)
