"""Opsnorren positions: the one builder of the game's positions, for the steps, the vectors,
the situations and the machine.

The card notation of scenarios and vectors (``blue 7``, ``unicorn``) and a described
position made a whole state (:func:`with_every_card`). The starts of the situations built
around a rule (their contract: ``harness.explore.situations``; the list:
``harness.games.opsnorren.situations``):

Random play rarely deals the situations some clauses are about: a dove and a unicorn in
one trick needs five players and both jokers with the team of two; the black rule cards
apply only from round 3 (the row is 2 white then 2 black cards, one revealed per round,
OPS-REVEAL-RULE); round ties, game ties and tricks where every card is discarded need
particular cards. Each builder deals them on purpose:

- round 1 (white rule cards, jokers): ``{"config", "path"}`` with the team cards and the
  deal chosen (chance outcomes the reference accepts);
- rounds 3 and 4 (black rule cards) and round ends: ``{"state"}``, a position the
  builder reached by playing from a new game with the reference (random play in the
  earlier rounds, then chosen team cards and deal, sometimes a searched playout), so
  it is reachable while the run stays within budget (no 150-step paths).

``choose`` functions steer the plies after the start: play jokers, equal values, 2s and
3s; :func:`seek_tie` looks ahead over the last two tricks for a tied round.
"""

from __future__ import annotations

import json
import os
import random
import re

import specs
from engine import chance as chance_mod

GAME = "opsnorren"
COLOURS = ("green", "pink", "orange", "blue")
JOKERS = ("unicorn", "monkey", "dove")
TEAM_CARDS = {3: ["A+crown", "B", "B"], 4: ["A+crown", "A", "B", "B"], 5: ["A+crown", "A", "B", "B", "B"],
              6: ["A+crown", "A", "A", "B", "B", "B"]}
#: rule rows (2 white, 2 black) that together hold every known rule card; black cards apply from round 3
ROWS = {
    "two-then-three": ["green-negative", "most-blue", "two-wins", "three-lowest"],
    "three-then-two": ["pink-plus-one", "most-blue", "three-lowest", "two-wins"],
    "equal-fewest": ["pink-plus-one", "pink-open", "equal-discarded", "fewest-stars"],
    "new-lead-fewest": ["pass-three", "green-negative", "new-lead-colour", "fewest-stars"],
    "reversed-two": ["most-blue", "pink-plus-one", "colour-reversed", "two-wins"],
}


# ---- the notation of scenarios and vectors ---------------------------------------------------
def components() -> dict:
    path = os.environ.get("RULECHECK_OPSNORREN_TABLES")
    if path:
        return json.loads(open(path, encoding="utf-8").read())
    return specs.load(GAME).param("stars")


def split_cards(text: str) -> list[str]:
    text = text.strip().strip('"')
    if text in ("-", "", "nothing", "none"):
        return []
    return [c.strip() for c in re.split(r",| and ", text) if c.strip()]


#: every card in the canonical order (the colours as the specs order them, then the jokers)
ORDER = [f"{c} {v}" for c in COLOURS for v in range(11)] + list(JOKERS)


def canonical(cards: list[str]) -> list[str]:
    for c in cards:
        if c not in ORDER:
            raise AssertionError(f"scenario error: {c!r} is not a card name")
    return sorted(cards, key=ORDER.index)


def with_every_card(obj: dict) -> dict:
    """A position as scenarios and vectors describe it (only the cards that matter), made a
    whole state: once dealt, every one of the 47 cards is somewhere, so the cards the text
    leaves out are laid aside (out of play, seen by nobody: they change no rule)."""
    if obj["phase"] in ("rule-cards", "teams", "deal"):
        return obj
    placed = [c for key in ("hands", "passing", "won") for h in obj[key] for c in h]
    placed += [t["card"] for t in obj["trick"]] + obj["discarded"] + obj["aside"]
    return {**obj, "aside": canonical(obj["aside"] + [c for c in ORDER if c not in placed])}


# ---- building blocks ----------------------------------------------------------------------------
def value(card: str) -> int | None:
    return None if card in JOKERS else int(card.split()[1])


def colour(card: str) -> str | None:
    return None if card in JOKERS else card.split()[0]


def teams_action(n: int, crown: int = 0, team_a: tuple[int, ...] | None = None) -> dict:
    """Team cards chosen on purpose: ``crown`` holds A+crown, the rest of team A sits in ``team_a``."""
    cards = TEAM_CARDS[n]
    a_size = cards.count("A") + 1
    team_a = tuple(team_a) if team_a is not None else tuple((crown + k) % n for k in range(a_size))
    assert crown in team_a and len(team_a) == a_size
    out = {str(p): ["A+crown" if p == crown else ("A" if p in team_a else "B")] for p in range(n)}
    return chance_mod.chance_action("teams", [out])


def deal_action(state_json: dict, rng: random.Random, want: dict[int, list[str]] | None = None,
                jokers: dict[int, str] | None = None) -> dict:
    """A deal outcome giving player ``p`` the cards ``want[p]`` (the rest dealt at random) and, with five
    players, the joker ``jokers[p]`` to a member of the team of two."""
    want, jokers = want or {}, jokers or {}
    draws = state_json["chance"]["draws"]
    out = []
    for k, draw in enumerate(draws):
        chosen = jokers if k == 1 else want
        rest = [c for c in draw["pool"] if c not in {x for cards in chosen.values() for x in cards}]
        rng.shuffle(rest)
        taken = {}
        for who, count in draw["take"].items():
            mine = list(chosen.get(int(who), [])) if who != "aside" else []
            mine = [mine] if isinstance(mine, str) else mine
            mine = mine[:count] + [rest.pop() for _ in range(count - len(mine[:count]))]
            taken[who] = sorted(mine)
        out.append(taken)
    return chance_mod.chance_action("deal", out)


class Walk:
    """A game played with the reference from a config: the path so far and the state."""

    def __init__(self, ref, config: dict):
        self.ref, self.config = ref, config
        self.s = ref.new_game(config)
        self.path: list[dict] = []

    @property
    def j(self) -> dict:
        return self.ref.to_json(self.s)

    def do(self, action: dict) -> "Walk":
        self.s = self.ref.apply(self.s, action)
        self.path.append(action)
        return self

    def play(self, rng: random.Random, until, choose=None, limit: int = 400) -> "Walk":
        """Play (chance at random, players by ``choose`` or uniformly) until ``until(state_json)``."""
        for _ in range(limit):
            j = self.j
            if until(j) or j["phase"] == "over":
                return self
            legal = self.ref.legal_actions(self.s)
            if legal:
                self.do(choose(rng, legal, j) if choose else rng.choice(legal))
            else:
                self.do(chance_mod.sample(j["chance"], rng))
        return self

    def to_round(self, rng: random.Random, rnd: int) -> "Walk":
        """Random play until round ``rnd``'s team cards are to be dealt."""
        return self.play(rng, lambda j: j["round"] == rnd and j["phase"] == "teams")

    def start(self) -> dict:
        return {"config": self.config, "path": list(self.path)}

    def state(self) -> dict:
        return {"state": self.j}


def in_play(j: dict) -> bool:
    return j["phase"] in ("play", "pass")


def cards_left(j: dict) -> int:
    return max(len(h) for h in j["hands"])


# ---- steering the plies ---------------------------------------------------------------------------
def _pick(rng, legal, score):
    best = max(score(a) for a in legal)
    return rng.choice([a for a in legal if score(a) == best])


def jokers_first(rng, legal, j):
    """Play a joker whenever one may be played (OPS-JOKER-ANYTIME), lead with it (OPS-JOKER-LEAD)."""
    return _pick(rng, legal, lambda a: a.get("card") in JOKERS)


def equal_values(rng, legal, j):
    """Play a value already in the trick (OPS-RULE-EQUAL-DISCARDED); jokers next."""
    in_trick = {value(t["card"]) for t in j["trick"]} - {None}
    return _pick(rng, legal, lambda a: 2 * (value(a.get("card", "dove")) in in_trick) + (a.get("card") in JOKERS))


def twos_and_threes(rng, legal, j):
    """Play 2s and 3s (OPS-RULE-TWO-WINS, OPS-RULE-THREE-LOWEST, OPS-RULES-LEFT-TO-RIGHT)."""
    return _pick(rng, legal, lambda a: value(a.get("card", "dove")) in (2, 3))


def unicorn_then_twos(rng, legal, j):
    """Lead the unicorn, then play 2s (OPS-UNICORN-BEATS-TWO)."""
    return _pick(rng, legal, lambda a: 2 * (a.get("card") == "unicorn") + (value(a.get("card", "dove")) == 2))


def monkey_saves(rng, legal, j):
    """Play equal values; the monkey as a lead or once two equal values lie in the trick; keep the
    unicorn back."""
    vals = [value(t["card"]) for t in j["trick"] if t["card"] not in JOKERS]
    pair = len(vals) != len(set(vals)) or not j["trick"]

    def score(a):
        card = a.get("card", "")
        if card == "monkey":
            return 3 if pair else -2
        return -1 if card == "unicorn" else 2 * (value(card) in vals)

    return _pick(rng, legal, score)


_SEEKER = []


def _seeker():
    if not _SEEKER:
        from engine.opsnorren import OpsnorrenEngine

        _SEEKER.append(OpsnorrenEngine())
    return _SEEKER[0]


def _tie_reachable(eng, s, budget: list[int]):
    """The first action of a line to a tied round (stars equal), or None (depth-first, bounded)."""
    if s.phase == 6:  # trophies: the round just ended (engine.opsnorren.state.TROPHIES)
        return s.history[-1][1] == s.history[-1][2]
    budget[0] -= 1
    if budget[0] < 0:
        return None
    legal = eng.legal_actions(s)
    if not legal:
        return None
    for a in legal:
        if _tie_reachable(eng, eng.apply(s, a), budget):
            return a
    return None


def seek_tie(rng, legal, j):
    """In the last two tricks, play towards a tied round (OPS-ROUND-TIE-CROWN); else uniformly."""
    if j["phase"] in ("play", "monkey") and cards_left(j) <= 2:
        eng = _seeker()
        a = _tie_reachable(eng, eng.from_json(j), [3000])
        if isinstance(a, dict) and a in legal:
            return a
    return rng.choice(legal)


# ---- the builders ---------------------------------------------------------------------------------
def one_colour_each(rng, ref):
    """Round 3 under 'equal values are discarded', four players, each dealt one colour 0-9: every trick
    the others may play the lead value (OPS-DISCARD-FREE), so all cards go (OPS-ALL-DISCARDED-STARTER)
    and the round ends 0-0 (OPS-ROUND-TIE-CROWN)."""
    w = Walk(ref, {"players": 4, "rule_cards": ROWS["equal-fewest"]}).to_round(rng, 3)
    cols = rng.sample(COLOURS, 4)
    w.do(teams_action(4, crown=rng.randrange(4)))
    w.do(deal_action(w.j, rng, {p: [f"{cols[p]} {v}" for v in range(10)] for p in range(4)}))
    return w.state()


def one_colour_each_end(rng, ref):
    """:func:`one_colour_each` two tricks before the round's end: the round ends 0-0 and the crown's
    team wins it (OPS-ROUND-TIE-CROWN)."""
    w = Walk(ref, {"players": 4})
    w.s = ref.from_json(one_colour_each(rng, ref)["state"])
    w.play(rng, lambda j: j["phase"] == "play" and not j["trick"] and cards_left(j) <= 2, equal_values)
    return w.state()


def three_equal_values(rng, ref):
    """Round 3 under 'equal values are discarded', three players: the two of team B hold the same values as
    the solo player, who holds the jokers (jokers have no value and stay: OPS-RULE-EQUAL-DISCARDED)."""
    w = Walk(ref, {"players": 3, "rule_cards": ROWS["equal-fewest"]}).to_round(rng, 3)
    cols = rng.sample(COLOURS, 3)
    vals = rng.sample(range(11), 9)
    w.do(teams_action(3, crown=rng.randrange(3)))
    solo = w.ref.from_json(w.j).crown
    want = {}
    for k, p in enumerate(sorted(range(3), key=lambda q: q != solo)):
        want[p] = [f"{cols[k]} {v}" for v in vals] + ([] if p == solo else [f"{cols[k]} {v}" for v in
                                                                           sorted(set(range(11)) - set(vals))[:3]])
    w.do(deal_action(w.j, rng, want))
    return w.state()


def two_jokers(first: str, second: str):
    """Five players, round 1: the team of two holds ``first`` and ``second`` and plays them in trick 1."""

    def build(rng, ref):
        row = [rng.choice(["green-negative", "most-blue", "pink-plus-one"]), "pink-open", "two-wins", "fewest-stars"]
        w = Walk(ref, {"players": 5, "rule_cards": row})
        crown = rng.randrange(5)
        mate = (crown + rng.choice([1, 2, 3, 4])) % 5
        w.do(teams_action(5, crown=crown, team_a=(crown, mate)))
        pair = [first, second] if rng.random() < 0.5 else [second, first]
        w.do(deal_action(w.j, rng, jokers={crown: [pair[0]], mate: [pair[1]]}))
        return w.start()

    return build


def unicorn_and_two(rng, ref):
    """Round 3 under 'cards of value 2 win', three players: the solo player leads the unicorn, team B holds
    the 2s (OPS-UNICORN-BEATS-TWO)."""
    row = [rng.choice(["green-negative", "most-blue"]), "pink-plus-one", "two-wins", "three-lowest"]
    w = Walk(ref, {"players": 3, "rule_cards": row}).to_round(rng, 3)
    w.do(teams_action(3, crown=rng.randrange(3)))
    solo = w.ref.from_json(w.j).crown
    b = [p for p in range(3) if p != solo]
    w.do(deal_action(w.j, rng, {b[0]: ["green 2", "orange 2"], b[1]: ["pink 2", "blue 2"]}))
    return w.state()


def rule_round_end(row: str, players: int):
    """Round 4 with every card of ``row`` revealed, two tricks before the end, jokers played early (so they
    are won or discarded): the round ends under all four rule cards (scoring, fewest stars, ...)."""

    def build(rng, ref):
        w = Walk(ref, {"players": players, "rule_cards": ROWS[row]}).to_round(rng, 4)
        w.play(rng, lambda j: j["phase"] == "play" and not j["trick"] and cards_left(j) <= 2, jokers_first)
        return w.state()

    return build


def jokers_last(rng, legal, j):
    """Keep the jokers back until nothing else is left to play (OPS-JOKER-ANYTIME): they meet the
    round's last tricks and its end."""
    return _pick(rng, legal, lambda a: a.get("card") not in JOKERS)


def jokers_at_round_end(rng, ref):
    """Round 4 with every card of a row revealed (a row and an odd player count, 3 or 5, drawn per
    sample: jokers in play, OPS-JOKERS-ODD), three cards a hand before its end, the jokers kept back
    (:func:`jokers_last`): a joker, rule cards and the round's end meet in one trick (OPS-DOVE,
    OPS-MONKEY, OPS-UNICORN with OPS-RULE-*, OPS-ROUND-END, OPS-ROUND-SCORE)."""
    row, players = rng.choice(sorted(ROWS)), rng.choice((3, 5))
    w = Walk(ref, {"players": players, "rule_cards": ROWS[row]}).to_round(rng, 4)
    w.play(rng, lambda j: j["phase"] == "play" and not j["trick"] and cards_left(j) <= 3, jokers_last)
    return w.state()


def winner_rules(row: str):
    """Round 4 with both 'two wins' and 'three: lowest wins' revealed, four players: each holds one colour
    (0, 4-10) and the 2 and the 3 of two other colours, so a 2 and a 3 meet a stronger colour in one
    trick and the row order of the two rules decides it (OPS-RULES-LEFT-TO-RIGHT)."""

    def build(rng, ref):
        w = Walk(ref, {"players": 4, "rule_cards": ROWS[row]}).to_round(rng, 4)
        w.do(teams_action(4, crown=rng.randrange(4)))
        cols = rng.sample(COLOURS, 4)
        want = {p: [f"{cols[p]} {v}" for v in (0, 4, 5, 6, 7, 8, 9, 10)]
                + [f"{cols[(p + 1) % 4]} 2", f"{cols[(p + 2) % 4]} 3"] for p in range(4)}
        w.do(deal_action(w.j, rng, want))
        return w.state()

    return build


#: nodes one tied-round start may search in all (about 15 full searches of the last two tricks)
TIE_SEARCH = 45_000


def tied_round(row: str, players: int):
    """Two tricks before a round's end from which a tied round can still be played (searched playouts):
    OPS-ROUND-TIE-CROWN (and OPS-RULE-FEWEST-STARS rows: the tie still goes to the crown)."""

    def build(rng, ref):
        w = Walk(ref, {"players": players, "rule_cards": ROWS[row]}).play(rng, lambda j: j["phase"] == "play")
        base = w.s
        left = TIE_SEARCH  # searched nodes for all attempts together: a reading under which ties are
        for _ in range(150):  # rare must not make one start cost minutes
            w.s = base
            w.play(rng, lambda j: j["phase"] == "play" and not j["trick"] and cards_left(j) <= 2)
            budget = [min(3000, left)]
            found = _tie_reachable(ref, w.s, budget)
            left -= min(3000, left) - max(budget[0], 0)
            if found or left <= 0:
                break
        return w.state()

    return build


def game_tie(rng, ref):
    """Four players; team A (players 0 and 1) wins rounds 1-3 and draws tokens 3+2+3 and 1+3+4; team B
    wins round 4 (at most 6 points): players 0 and 1 tie with 8 (OPS-GAME-TIE). Rounds are replayed
    (searched) until the team needed wins; the start is the last trophy draw."""
    w = Walk(ref, {"players": 4, "rule_cards": rng.choice(list(ROWS.values()))})
    draws = {1: {"0": [3], "1": [1], "aside": [2]}, 2: {"0": [2], "1": [3], "aside": [4]},
             3: {"0": [3], "1": [4], "aside": [5]}}
    w.play(rng, lambda j: j["phase"] == "teams")
    for rnd in range(1, 5):
        w.do(teams_action(4, crown=rng.choice([0, 1]) if rnd < 4 else rng.choice([2, 3]), team_a=(0, 1) if rnd < 4
                          else (2, 3)))
        teams, path = w.s, len(w.path)
        for k in range(200):  # a new deal every 20 playouts
            if k % 20 == 0:
                w.s = teams
                del w.path[path:]
                dealt = w.do(chance_mod.sample(w.j["chance"], rng)).s
            w.s = dealt
            w.play(rng, lambda j: j["phase"] == "trophies")
            if w.j["history"][-1]["winner"] == "A":
                break
        if rnd < 4:
            w.do(chance_mod.chance_action("trophies", [draws[rnd]]))
    return w.state()


def crown_seats(players: int):
    """A new game's teams dealt on purpose (the crown and the smaller team at a chosen seat): the deal
    table, the jokers to the smaller team (OPS-DEAL-THREE, OPS-DEAL-FIVE) or aside (OPS-NO-JOKERS-EVEN)."""

    def build(rng, ref):
        w = Walk(ref, {"players": players, "rule_cards": rng.choice(list(ROWS.values()))})
        return w.do(teams_action(players, crown=rng.randrange(players))).start()

    return build


def joker_round(rng, ref):
    """Three players, round 1: the solo player holds all three jokers and leads and plays them at once."""
    w = Walk(ref, {"players": 3, "rule_cards": rng.choice(list(ROWS.values()))})
    w.do(teams_action(3, crown=rng.randrange(3)))
    w.do(deal_action(w.j, rng))
    if w.j["phase"] == "pass":
        w.play(rng, lambda j: j["phase"] == "play")
    return w.start()


def monkey_and_equal_values(rng, ref):
    """Round 3 under 'equal values are discarded', five players: team B holds pink, orange and blue 3-10
    (equal values to discard), the monkey's player some weak cards, the teammate green only: the
    monkey meets discarded equal values in a trick team B takes (OPS-MONKEY picks among the remaining
    cards, ops.monkey-discarded)."""
    w = Walk(ref, {"players": 5, "rule_cards": ROWS["equal-fewest"]}).to_round(rng, 3)
    crown = rng.randrange(5)
    mate = (crown + rng.choice([1, 2, 3, 4])) % 5
    w.do(teams_action(5, crown=crown, team_a=(crown, mate)))
    b = [p for p in range(5) if p not in (crown, mate)]
    want = {p: [f"{c} {v}" for v in range(3, 11)] for p, c in zip(b, rng.sample(COLOURS[1:], 3))}
    want[mate] = [f"green {v}" for v in rng.sample(range(11), 7)]
    weak = [f"{c} {v}" for c in COLOURS[1:] for v in range(3)] + [f"green {v}" for v in range(11)
                                                                  if f"green {v}" not in want[mate]]
    want[crown] = rng.sample(weak, 7)
    w.do(deal_action(w.j, rng, want, jokers={crown: ["monkey"], mate: [rng.choice(["unicorn", "dove"])]}))
    return w.state()


def monkey_pick_after_discards(rng, ref):
    """:func:`monkey_and_equal_values` played on to the monkey's pick in a trick whose equal values were
    discarded: the pick may take only a remaining card (OPS-MONKEY, ops.monkey-discarded=remaining)."""
    for _ in range(5):
        w = Walk(ref, {"players": 5})
        w.s = ref.from_json(monkey_and_equal_values(rng, ref)["state"])
        w.play(rng, lambda j: j["phase"] == "monkey" or j["round"] > 3, monkey_saves)
        if w.j["phase"] == "monkey" and ref.resolution(w.s).equal_gone:
            break
    return w.state()
