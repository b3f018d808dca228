"""Round scoring with the scoring rule cards applied in row order (OPS-ROUND-SCORE, line 68:
"Pas daarbij alle opengedraaide spelregelkaarten toe"; OPS-RULES-LEFT-TO-RIGHT, line 55).

The scoring procedure has three parts, and each scoring card transforms one of them when
it is applied (left to right, like the trick cards in ``model.py``):

- *card values* (stars per won card, parameter ``stars``): ``green-negative`` makes the
  value of a green card minus its value (OPS-RULE-GREEN-NEGATIVE); ``pink-plus-one`` adds
  one to a pink card's value (OPS-RULE-PINK-PLUS-ONE);
- *team adjustments*: ``most-blue`` takes five stars from the team with more blue cards
  among its won cards, nobody on equal counts (OPS-RULE-MOST-BLUE);
- *the comparison*: most stars wins (OPS-ROUND-WINNER), ``fewest-stars`` makes it the
  fewest (OPS-RULE-FEWEST-STARS); a tie goes to the crown team either way
  (OPS-ROUND-TIE-CROWN, ``ops.default.fewest-stars-tie``).

Dual backend like ``model.py``: the won piles may be Python ints or Z3 Ints.
"""

from __future__ import annotations

import functools

import z3

from proofs.opsnorren import model as M
from proofs.opsnorren import spec as S

#: scoring rule card -> the part of the scoring procedure it transforms
SCORING = {"green-negative": "card values", "pink-plus-one": "card values",
           "most-blue": "team adjustments", "fewest-stars": "the round comparison"}
NOBODY = -1


@functools.cache
def stars() -> dict[str, int]:
    return dict(S.spec().param("stars")["stars"])


def scoring_cards() -> tuple[str, ...]:
    """The scoring cards among the known rule cards, in the specs' order."""
    return tuple(c for c in S.rule_cards() if c in SCORING)


def _colour(card: str) -> str | None:
    return card.split(" ")[0] if " " in card else None


def card_values(row: list[str], cards) -> dict:
    """Stars each card is worth under the scoring cards of ``row``, applied left to right."""
    value = {c: stars()[c] for c in cards}
    for rule in row:
        if rule == "green-negative":
            value = {c: (-v if _colour(c) == "green" else v) for c, v in value.items()}
        elif rule == "pink-plus-one":
            value = {c: (v + 1 if _colour(c) == "pink" else v) for c, v in value.items()}
    return value


def round_result(own: dict, row: list[str], crown) -> dict:
    """Team totals and the round winner; ``own``: card -> team (0, 1) or NOBODY for every card."""
    value = card_values(row, own)
    adj = [0, 0]
    fewest = False
    blue = [z3.Sum([M.ite(own[c] == t, 1, 0) for c in own if _colour(c) == "blue"]) if not _all_py(own)
            else sum(1 for c in own if _colour(c) == "blue" and own[c] == t) for t in (0, 1)]
    for rule in row:
        if rule == "most-blue":
            adj = [adj[t] - M.ite(M.and_(blue[t] > blue[1 - t]), 5, 0) for t in (0, 1)]
        elif rule == "fewest-stars":
            fewest = True
    if _all_py(own):
        total = [sum(value[c] for c in own if own[c] == t) + adj[t] for t in (0, 1)]
    else:
        total = [z3.Sum([M.ite(own[c] == t, value[c], 0) for c in own]) + adj[t] for t in (0, 1)]
    ahead0 = total[0] < total[1] if fewest else total[0] > total[1]
    winner = M.ite(total[0] == total[1], crown, M.ite(ahead0, 0, 1))
    return {"total": total, "winner": winner}


def _all_py(own: dict) -> bool:
    return all(isinstance(v, int) for v in own.values())


def trick_points(cards: list[str], dest: list[int], row: list[str]) -> list[int]:
    """Stars each team (0, 1) gets from one trick's cards (``dest``: team or model.DISCARD)."""
    value = card_values(row, cards)
    return [sum(value[c] for c, d in zip(cards, dest) if d == t) for t in (0, 1)]


def compare(orders: list[list[str]]) -> dict | None:
    """A won-pile assignment on which the rows ``orders`` give different totals or round
    winners, or None (Z3: unsat, the orders score every round alike)."""
    from proofs.core import TIMEOUT_MS

    own = {c: z3.Int(f"own_{c.replace(' ', '_')}") for c in S.card_names()}
    crown = z3.Int("crown")
    s = z3.Solver()
    s.set("timeout", TIMEOUT_MS)
    s.add(*[z3.And(v >= NOBODY, v <= 1) for v in own.values()], crown >= 0, crown <= 1)
    res = [round_result(own, list(o), crown) for o in orders]
    s.add(z3.Or(*[z3.Or(r["winner"] != res[0]["winner"], *[r["total"][t] != res[0]["total"][t] for t in (0, 1)])
                  for r in res[1:]]))
    got = s.check()
    if got == z3.unknown:
        raise RuntimeError(f"scoring comparison undecided: {s.reason_unknown()}")
    if got == z3.unsat:
        return None
    m = s.model()
    piles = {c: m.eval(v, model_completion=True).as_long() for c, v in own.items()}
    cr = m.eval(crown, model_completion=True).as_long()
    return {"piles": piles, "crown": cr,
            "results": [round_result(piles, list(o), cr) for o in orders]}
