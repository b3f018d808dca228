"""Teams and the deal (OPS-TEAM-CARDS, OPS-DEAL, OPS-DEAL-TABLE, OPS-DEAL-THREE,
OPS-DEAL-FIVE, OPS-NO-JOKERS-EVEN, OPS-JOKERS-SMALL-TEAM).

Both are chance nodes. The team cards come first (the deal depends on who plays in the
smaller team); then the 44 coloured animal cards are dealt, the rest laid aside; with
5 players the three jokers are drawn too: one for each player of the team of two, the
third laid aside unseen. With 3 players the solo player gets all three jokers.
"""

from __future__ import annotations

from engine.opsnorren.cards import ANIMALS, CARD_ID, JOKERS, NAMES
from engine.opsnorren.state import SEATS

#: player count -> (team sizes as in the seed's table, animal cards per player)  OPS-DEAL-TABLE
TEAM_SIZES = {3: (1, 2), 4: (2, 2), 5: (2, 3), 6: (3, 3)}
CARDS_PER_PLAYER = {3: 12, 4: 10, 5: 8, 6: 7}
#: animal cards for each player of the smaller team when it gets jokers
SMALL_TEAM_ANIMALS = {3: 9, 5: 7}
#: the names of the 44 coloured animal cards, the deal's pool (copied into each description)
ANIMAL_NAMES = tuple(NAMES[c] for c in ANIMALS)


def team_chance(tables, n: int) -> dict:
    """Team cards dealt face down, one per player (OPS-TEAM-CARDS)."""
    return {"event": "teams", "draws": [{"pool": list(tables.team_cards[n]), "take": dict.fromkeys(SEATS[:n], 1)}]}


def small_team(team_of: tuple[int, ...]) -> int | None:
    """The team with fewer players (None when equal)."""
    a = team_of.count(0)
    b = len(team_of) - a
    return None if a == b else (0 if a < b else 1)


def animals_for(n: int, team_of: tuple[int, ...]) -> list[int]:
    """Animal cards dealt to each player (OPS-DEAL-TABLE, OPS-DEAL-THREE, OPS-DEAL-FIVE)."""
    small = small_team(team_of)
    return [SMALL_TEAM_ANIMALS[n] if (n in SMALL_TEAM_ANIMALS and team_of[p] == small) else CARDS_PER_PLAYER[n]
            for p in range(n)]


def deal_chance(n: int, team_of: tuple[int, ...]) -> dict:
    counts = animals_for(n, team_of)
    take = dict(zip(SEATS[:n], counts))
    take["aside"] = 44 - sum(counts)
    draws = [{"pool": list(ANIMAL_NAMES), "take": take}]
    if n == 5:  # OPS-DEAL-FIVE: one random joker each for the team of two, the third unseen
        small = small_team(team_of)
        jt = {str(p): 1 for p in range(n) if team_of[p] == small}
        jt["aside"] = 1
        draws.append({"pool": [NAMES[c] for c in JOKERS], "take": jt})
    return {"event": "deal", "draws": draws}


def apply_deal(n: int, team_of: tuple[int, ...], outcome: list[dict]) -> tuple[tuple, tuple]:
    """Hands and aside pile from a validated deal outcome."""
    hands = [[CARD_ID[x] for x in outcome[0][str(p)]] for p in range(n)]
    aside = [CARD_ID[x] for x in outcome[0]["aside"]]
    small = small_team(team_of)
    if n == 3:  # OPS-DEAL-THREE: the solo player gets all three jokers
        for p in range(n):
            if team_of[p] == small:
                hands[p].extend(JOKERS)
    elif n == 5:
        for p in range(n):
            if team_of[p] == small:
                hands[p].extend(CARD_ID[x] for x in outcome[1][str(p)])
        aside.extend(CARD_ID[x] for x in outcome[1]["aside"])
    else:  # OPS-NO-JOKERS-EVEN
        aside.extend(JOKERS)
    return tuple(tuple(sorted(h)) for h in hands), tuple(sorted(aside))
