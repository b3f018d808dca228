"""The building blocks of the Opsnorren misreading catalogue (``misreadings.py``).

A misreading is the reference engine with one decision of one clause read another way.
:class:`Variant` is the reference plus a few hooks that default to the reference's own
behaviour (which cards a player may play, which rule cards apply); :func:`mis` makes one
subclass per misreading from the methods it overrides and wraps it as a
:class:`engine.misreading.Misreading`. The reference engine itself is never changed.
"""

from __future__ import annotations

import re

from engine.canonical import dumps
from engine.misreading import Misreading
from engine.opsnorren import json_io
from engine.opsnorren.cards import NAMES
from engine.opsnorren.engine import OpsnorrenEngine
from engine.opsnorren.rulecards import RuleSet, ruleset
from engine.opsnorren.state import PLAY
from engine.opsnorren.trick import playable

_LOADERS: dict[str, OpsnorrenEngine] = {}
#: states loaded by the reference, shared by every variant (diagnosis asks ~150 variants about one state)
_LOADED: dict[tuple, object] = {}
_LOADED_MAX = 4096


def _loader(choices: dict) -> OpsnorrenEngine:
    key = repr(sorted(choices.items()))
    eng = _LOADERS.get(key)
    if eng is None:
        eng = _LOADERS[key] = OpsnorrenEngine(choices=choices)
    return eng


class Variant(OpsnorrenEngine):
    """The reference engine with hooks a misreading overrides (each defaults to the reference)."""

    name = "opsnorren-misreading"

    def from_json(self, obj):
        """A state the reference can load, validated as the reference does (a misreading is
        asked about the reference's positions), with every cached answer cleared so that
        this variant computes its own."""
        key = (dumps(obj), repr(sorted(self.choices.items())))
        base = _LOADED.get(key)
        if base is None:
            if len(_LOADED) >= _LOADED_MAX:
                _LOADED.clear()
            base = _LOADED[key] = json_io.from_json(_loader(self.choices), obj)
        s = base.copy()
        s._ruleset = None
        return s

    # ---- which rule cards apply (OPS-REVEAL-RULE, OPS-RULES-PERSIST, rule card effects) -------
    def rs(self, s):
        r = s._ruleset
        if r is None:
            r = s._ruleset = self.ruleset_of(s)
        return r

    def ruleset_of(self, s):
        return ruleset(s.rules[: s.revealed])

    # ---- which cards a player may play (OPS-FOLLOW-SUIT, OPS-DISCARD-FREE, OPS-JOKER-ANYTIME) --
    def playable_cards(self, s, p: int) -> tuple:
        hand = s.hands[p]
        return playable(hand, self.binding(s, hand))

    def _legal(self, s) -> tuple:
        if s.phase == PLAY:
            p = self.to_move(s)
            cards = s._playable = tuple(self.playable_cards(s, p))
            return tuple({"type": "play", "player": p, "card": NAMES[c]} for c in cards)
        return super()._legal(s)

    def _play(self, s, p: int, card: int):
        cached = s._legal
        if cached is None or cached[0] is not self:
            self.legal_actions(s)  # this variant's playable cards, cached on the state (keyed by engine)
        return super()._play(s, p, card)


_RULESETS: dict[tuple, RuleSet] = {}


def changed_rules(active: tuple, **changes) -> RuleSet:
    """The rule set of ``active`` with some flags or tables changed (plain values; cached,
    never the reference's shared cached object)."""
    key = (active, tuple(sorted(changes.items())))
    rs = _RULESETS.get(key)
    if rs is None:
        rs = RuleSet(active)
        for k, v in changes.items():
            setattr(rs, k, v)
        _RULESETS[key] = rs
    return rs


def mis(mid: str, clause: str, words: str, source: str, also: tuple[str, ...] = (), **methods) -> Misreading:
    """A misreading whose engine is :class:`Variant` with ``methods`` overridden."""
    cls = type("Misread_" + re.sub(r"\W+", "_", mid), (Variant,), methods)
    return Misreading(mid, clause, words, lambda choices, _c=cls: _c(choices=choices), source, also)
