"""Dnup positions: the one builder of the game's positions, for the steps, the situations and
the machine.

The card notation of scenarios (``3/7`` shows 3; the assumed deck) and the base canonical
position the steps complete. The starts of the situations built around a rule (their
contract: ``harness.explore.situations``; the list: ``harness.games.dnup.situations``):

Every start is a new game and a path the reference accepts: deals chosen on purpose (the
hands a situation needs, the other cards shuffled with the sample's generator) and the
player actions that lead to the situation. Card specs: ``"5/8"`` lies with its first value
active, ``"1/5^"`` is turned (5 active), ``"2/3?"`` has a random side.

``SMALL`` is a user-supplied 12-card deck (given inline, as a user would): four cards show
5, four show 6, four others. Rounds with it are short, so a path reaches going out, the
first player's set beaten, several rounds and letters in a few steps; 12 cards leave a
remainder with 5 players (DNP-DEAL).
"""

from __future__ import annotations

import random

import specs
from engine import chance as chance_mod
from engine.protocol import Engine

# ---------------------------------------------------------------------------- cards


def deck_cards() -> list[dict]:
    return specs.load("dnup").param("deck")["cards"]


def card_by_pair() -> dict:
    return {frozenset(c["values"]): c for c in deck_cards()}


def parse_card(text: str) -> list:
    """``3/7`` -> ``[id, flipped]`` with 3 active."""
    a, _, b = text.strip().partition("/")
    try:
        x, y = int(a), int(b)
    except ValueError:
        raise AssertionError(f"step error: {text!r} is not a card (write active/other, e.g. 3/7)") from None
    c = card_by_pair().get(frozenset((x, y)))
    if c is None:
        raise AssertionError(f"step error: the assumed deck has no card with values {x} and {y}")
    return [c["id"], c["values"][0] != x]


def parse_cards(text: str) -> list[list]:
    text = text.strip()
    if text in ("", "nothing", "-"):
        return []
    return sorted((parse_card(t) for t in text.split(",")), key=lambda c: c[0])


def show(cards: list) -> str:
    """Readable notation of ``[id, flipped]`` cards."""
    by_id = {c["id"]: c for c in deck_cards()}
    out = []
    for cid, flip in cards:
        a, b = by_id[cid]["values"]
        out.append(f"{b}/{a}" if flip else f"{a}/{b}")
    return ", ".join(sorted(out)) or "nothing"


def removed_for(players: int) -> list[str]:
    gone = {"star4"} if players == 4 else {"star4", "star6"} if players <= 3 else set()
    return sorted(c["id"] for c in deck_cards() if c["mark"] in gone)


def base_position(players: int) -> dict:
    areas = 2 if players == 2 else 1
    return {
        "game": "dnup", "players": players, "deck": "assumed", "removed": removed_for(players), "turn_cap": None,
        "round": 1, "turn": 0, "chance": None, "to_move": 0, "area": 2 if areas == 2 else 1, "start_player": 0,
        "hands": [None] * players, "sets": [[[] for _ in range(areas)] for _ in range(players)],
        "discard": [], "out": [], "leaving": None, "tokens": [0] * players, "rounds_won": [0] * players,
        "result": None,
    }


# ---------------------------------------------------------------------------- context


# ---------------------------------------------------------------------------- situation starts
FIVES = ["1/5^", "5/8", "5/9", "5/10"]  # 1/5 is the start card (DNP-START-PLAYER)
SIXES = ["6/7", "6/8", "6/9", "6/10"]
OTHERS = ["2/3", "2/4", "3/4", "4/7"]
SMALL = [{"id": c.rstrip("^?"), "values": [int(v) for v in c.rstrip("^?").split("/")],
          "mark": "start" if c.startswith("1/5") else None} for c in FIVES + SIXES + OTHERS]
SEVENS = ["1/7^", "2/7^", "3/7^", "5/7^", "6/7^", "7/8", "7/9", "7/10"]  # every card showing 7 (assumed deck)


def user_decks() -> list[list[dict]]:
    """User-supplied decks, inline: ``SMALL`` (12 cards: a remainder with 5 players), the assumed
    deck without 2/10 and 4/9 (38: a remainder with 3, 4 and 5 players) and with one more card
    10/11 (41: a remainder with every player count)."""
    import specs

    cards = specs.load("dnup").param("deck")["cards"]
    return [SMALL, [c for c in cards if c["id"] not in ("2/10", "4/9")],
            cards + [{"id": "10/11", "values": [10, 11], "mark": None}]]


def _spec(card: str, rng: random.Random) -> list:
    cid = card.rstrip("^?")
    return [cid, card.endswith("^") or (card.endswith("?") and rng.random() < 0.5)]


def deal(ref: Engine, state, fixed: dict[int, list[str]], rng: random.Random) -> dict:
    """The deal of ``state`` (DNP-DEAL) giving each player ``fixed[p]`` and the rest of the pool
    shuffled with ``rng`` (each card on a random side)."""
    pending = ref.chance(state)
    draw = pending["draws"][0]
    taken = {c.rstrip("^?") for cards in fixed.values() for c in cards}
    rest = [c for c in draw["pool"] if c not in taken]
    rng.shuffle(rest)
    got = {}
    for who, n in draw["take"].items():
        mine = [_spec(c, rng) for c in fixed.get(int(who), [])]
        while len(mine) < n:
            mine.append([rest.pop(), rng.random() < 0.5])
        got[who] = sorted(mine, key=repr)
    return chance_mod.chance_action(pending["event"], [got])


def script(ref: Engine, config: dict, steps: list, rng: random.Random) -> dict:
    """A start ``{"config", "path"}``: each step is a deal (``{p: [card spec, ...]}``, ``None``
    for a shuffled one) or a player action; the reference must accept every step."""
    s = ref.new_game(config)
    path = []
    for step in steps:
        if step is None or not step.get("type"):
            action = deal(ref, s, step or {}, rng) if step else chance_mod.sample(ref.chance(s), rng)
        else:
            action = step
        s = ref.apply(s, action)  # raises if a step is not one the reference accepts
        path.append(action)
    return {"config": config, "path": path}


def play(p: int, *cards: str) -> dict:
    return {"type": "play", "player": p, "cards": sorted(cards)}


def add(p: int, card: str, owner: int, area: int = 1) -> dict:
    return {"type": "add", "player": p, "card": card, "owner": owner, "area": area}


def flip(p: int) -> dict:
    return {"type": "flip", "player": p}


def small(players: int) -> dict:
    return {"players": players, "turn_cap": 400, "deck": SMALL}


# ---- builders ---------------------------------------------------------------------------


def set_of(k: int):
    """A set of ``k`` cards showing 7 (5 players, every card in play): the start player holds
    ``k`` sevens (player 1 holds all eight when ``k`` is 8, and plays after a dnup of player 0)."""

    def build(rng, ref):
        holder = 0 if k < 8 else 1
        hands = {holder: SEVENS[:k] + (["1/5?"] if holder == 0 else [])}
        if holder == 1:
            hands[0] = ["1/5?"]
        steps = [hands] + ([flip(0)] if holder == 1 else []) + [play(holder, *(c.rstrip("^?") for c in SEVENS[:k]))]
        return script(ref, {"players": 5, "turn_cap": 400}, steps, rng)

    return build


def six_of_a_value(rng, ref):
    """The start player holds seven cards showing 7 (4 players: 7/8 is out of play)."""
    sevens = [c for c in SEVENS if c != "7/8"]
    return script(ref, {"players": 4, "turn_cap": 400}, [{0: sevens[:6 + rng.randrange(2)] + ["1/5?"]}], rng)


def remainder(rng, ref):
    """A user deck whose size the players do not divide: the first seats get one card more."""
    deck = rng.choice(user_decks())
    players = 5 if deck is SMALL else rng.choice([3, 4, 5]) if len(deck) == 38 else rng.randint(2, 5)
    return script(ref, {"players": players, "turn_cap": 400, "deck": deck}, [None], rng)


def beaten_by_add(rng, ref):
    """Player 0 goes out first with four 5s; player 1 plays three 6s; player 2 adds a 6 to them:
    the set of four 6s beats the first player's set, which is simply discarded."""
    hands = {0: FIVES, 1: ["6/7", "6/8", "6/9", "2/3?"], 2: ["6/10", "2/4?", "3/4?", "4/7?"]}
    return script(ref, small(3), [hands, play(0, "1/5", "5/8", "5/9", "5/10"), play(1, "6/7", "6/8", "6/9"),
                                  add(2, "6/10", 1)], rng)


def beaten_by_play(rng, ref):
    """Player 0 goes out first (two 5s, then two more); player 1 beats that pair with two 6s."""
    x, y = rng.sample(["2/4?", "4/7?"], 2)
    hands = {0: FIVES, 1: ["2/3", "6/7", "6/8", x], 2: ["3/4", "6/9", "6/10", y]}
    return script(ref, small(3), [hands, play(0, "1/5", "5/10"), play(1, "2/3"), play(2, "3/4"),
                                  play(0, "5/8", "5/9"), play(1, "6/7", "6/8")], rng)


def other_side_matches(rng, ref):
    """Player 2 may add 6/8 (6 showing) to player 1's 6, and holds 6/9 and 6/10 turned: their
    inactive value is 6, so adding them is not allowed (the card's active value counts)."""
    hands = {0: ["1/5?"], 1: ["6/7"], 2: ["6/8", "6/9^", "6/10^"]}
    return script(ref, small(3), [hands, flip(0), play(1, "6/7")], rng)


def b_conflict(rng, ref):
    """An addition makes a set of two 6s beside player 0's two 5s: the 5s go back, turned."""
    hands = {0: ["1/5^", "5/8", "2/3?", "2/4?"], 1: ["6/7", "6/9", "3/4?", "4/7?"], 2: ["6/8", "6/10", "5/9?", "5/10?"]}
    return script(ref, small(3), [hands, play(0, "1/5", "5/8"), play(1, "6/7"), add(2, "6/8", 1)], rng)


def own_conflict(rng, ref):
    """2 players: player 0 starts in area 2 with a 5, then plays a 6 in area 1, which beats
    their own 5 in the other area: the 5 goes back to their hand, turned."""
    return script(ref, small(2), [{0: ["1/5?", "5/8", "6/7"]}, play(0, "5/8"), flip(1), flip(1), play(0, "6/7")], rng)


def own_conflict_by_add(rng, ref):
    """2 players: player 1 has two 5s in area 1 and a 6 in area 2; player 0 adds a 6 to that 6: the
    extended set beats its owner's own set in the other area, which goes back turned."""
    hands = {0: ["1/5?", "6/8^"], 1: ["5/8", "5/9", "6/7"]}
    return script(ref, small(2), [hands, flip(0), play(1, "5/8", "5/9"), play(1, "6/7"), add(0, "6/8", 1, 2)], rng)


def two_player(rng, ref):
    """2 players with the short deck: many rounds (two turns each, the start player's single one)."""
    return script(ref, small(2), [None], rng)


def letters(rng, ref):
    """Three rounds: letters 2+1, then 2+1 the other way round (3 each), then player 0 goes out first
    and wins with 5 letters, though player 1 could still reach 4 (FAQ: the first out wins)."""
    fives_of = {0: FIVES, 1: SIXES, 2: OTHERS}
    r2 = {1: FIVES, 0: SIXES, 2: [c + "?" for c in OTHERS]}
    steps = [fives_of, play(0, "1/5", "5/8", "5/9", "5/10"), play(1, *SIXES),
             r2, play(1, "1/5", "5/8", "5/9", "5/10"), flip(2), play(0, *SIXES)]
    if rng.random() < 0.5:
        steps += [{0: FIVES}, play(0, "1/5", "5/8", "5/9", "5/10")]
    return script(ref, small(3), steps, rng)


def dnup(rng, ref):
    """A shuffled deal of the assumed deck; the players call dnup often."""
    return script(ref, {"players": rng.randint(2, 5), "turn_cap": 400}, [None], rng)


def choose_flip(rng: random.Random, legal: list, state_json: dict) -> dict:
    flips = [a for a in legal if a["type"] == "flip"]
    return flips[0] if flips and rng.random() < 0.5 else rng.choice(legal)


def choose_big(rng: random.Random, legal: list, state_json: dict) -> dict:
    """Prefer playing sets (the largest half the time)."""
    plays = [a for a in legal if a["type"] == "play"]
    if plays and rng.random() < 0.5:
        return max(plays, key=lambda a: (len(a["cards"]), a["cards"]))
    return rng.choice(plays or legal)
