"""Sorry! positions: the one builder of the game's positions, for the steps, the situations and
the machine.

The notation of scenarios (squares ``12``, ``start``, ``safety 3``; cards in deck order). The
starts of the situations built around a rule (their contract: ``harness.explore.situations``;
the list: ``harness.games.sorry.situations``):

Random play rarely builds the positions some clauses are about: an own pawn inside the slide
an 11-swap enters, an opponent on one's own triangle when the Sorry! card comes, a 2 that
cannot move (SRY-FAQ-OWN-PAWN), an 11 with only swaps (SRY-ELEVEN-FORFEIT), a points game
played to its score. Each builder plays a new game with the reference and chooses the chance
outcomes (the cards drawn, the deal) on purpose:

- :func:`scripted`: the hero's turns follow a script (the card drawn, the move made); every
  other player draws a card that leaves the protected pawns alone (a forfeit when it can);
- :func:`points_race`: points play, the hero brings its pawns HOME by 2 (start), 4 (back past
  the turn square) and 8 (HOME by the shortcut) while the others discard or move aside;
- :func:`team_race`: team play, a greedy race of one team to its eight pawns HOME.

Starts are ``{"config", "path"}``; a position deep in a long game (a points game one move from
its end) is ``{"state"}`` reached the same way, so the budget stays a few seconds.
``choose`` functions (:func:`prefer`) steer the plies after the start towards moves whose
provenance names the situation's clauses.
"""

from __future__ import annotations

import random
import re

import specs
from engine import chance as chance_mod
from engine.canonical import dumps
from engine.sorry import SorryEngine

#: the cards in the canonical order (specs/sorry/deck.json)
CARD_ORDER = specs.load("sorry").param("deck")["order"]
COLOURS = ("red", "blue", "yellow", "green")
#: cards with which a player whose pawns are all in START cannot move (a forfeit)
NO_START = ("3", "4", "5", "7", "8", "10", "11", "12")
_REF = SorryEngine()


# ---------------------------------------------------------------- walking a game


# ---- the notation of scenarios and vectors ------------------------------------------------
def parse_square(text: str):
    text = text.strip().lower()
    if text.isdigit():
        return int(text)
    if text in ("start", "home") or re.fullmatch(r"safety [1-5]", text):
        return text
    raise AssertionError(f"step error: {text!r} is not a square (0-59, start, home, safety 1-5)")


def sort_cards(cs: list[str]) -> list[str]:
    return sorted(cs, key=CARD_ORDER.index)


def parse_cards(text: str) -> list[str]:
    text = text.strip()
    if text in ("", "nothing", "-"):
        return []
    out = [t.strip().lower().removesuffix("!") for t in text.split(",")]
    for c in out:
        if c not in CARD_ORDER:
            raise AssertionError(f"step error: {c!r} is not a Sorry! card")
    return sort_cards(out)


class Walk:
    """A game played from ``new_game(config)`` with the reference, recording the path."""

    def __init__(self, ref, config: dict, rng: random.Random):
        self.ref, self.config, self.rng = ref, config, rng
        self.st = ref.new_game(config)
        self.path: list[dict] = []

    def json(self) -> dict:
        return self.ref.to_json(self.st)

    def do(self, action: dict) -> None:
        self.st = self.ref.apply(self.st, action)
        self.path.append(action)

    def draw(self, card: str) -> None:
        self.do(chance_mod.chance_action("draw", [{"draw": [card]}]))

    def pool(self) -> list[str]:
        return self.json()["chance"]["draws"][0]["pool"]

    def start(self) -> dict:
        return {"config": self.config, "path": self.path}

    def state(self) -> dict:
        return {"state": self.json()}


def match(legal: list[dict], want: dict | None) -> dict:
    """The legal action with the fields of ``want`` (a move's pawn/from/to/slide are its first step's)."""
    for a in legal:
        if want is None:
            return a
        ok = True
        for k, v in want.items():
            got = a.get(k) if k in a or a["type"] != "move" or k == "moves" else a["moves"][0].get(k)
            ok = ok and got == v
        if ok:
            return a
    raise ValueError(f"no legal action like {want}: {[dumps(a) for a in legal][:6]}")


def _pawns_of(j: dict, colours) -> dict:
    return {c: j["pawns"][c] for c in colours}


def harmless(ref, st, protect: tuple[str, ...], rng: random.Random) -> dict | None:
    """A legal action that leaves the pawns of ``protect`` (colours, or pawns as 'blue 1') where
    they are: a forfeit first, else a move; None when every action touches them."""
    before = ref.to_json(st)
    legal = ref.legal_actions(st)
    forfeits = [a for a in legal if a["type"] == "forfeit"]
    if forfeits:
        return rng.choice(forfeits)
    ok = []
    for a in legal:
        after = ref.to_json(ref.apply(st, a))
        if all(_square(after, p) == _square(before, p) for p in _expand(before, protect)):
            ok.append(a)
    return rng.choice(ok) if ok else None


def _expand(j: dict, protect) -> list[str]:
    out = []
    for p in protect:
        out.extend([f"{p} {k + 1}" for k in range(4)] if p in j["pawns"] else [p] if p.split()[0] in j["pawns"] else [])
    return out


def _square(j: dict, pawn: str):
    colour, k = pawn.split()
    return j["pawns"][colour][int(k) - 1]


def fill(w: Walk, protect, needed: list[str]) -> None:
    """The player to draw is not the hero: draw a card (one the hero's script can spare) that lets
    it leave the protected pawns alone, and play it."""
    pool = w.pool()
    spare = [c for c in sorted(set(pool)) if pool.count(c) > needed.count(c)]
    w.rng.shuffle(spare)
    spare.sort(key=lambda c: c == "2")  # a 2 draws again: last resort
    fallback = None
    for card in spare:
        st = w.ref.apply(w.st, chance_mod.chance_action("draw", [{"draw": [card]}]))
        a = harmless(w.ref, st, protect, w.rng)
        if a is not None and a["type"] == "forfeit":
            w.draw(card)
            w.do(a)
            return
        if a is not None and fallback is None:
            fallback = (card, a)
    if fallback is None:
        raise ValueError(f"no harmless card for {w.json()['players'][w.json()['turn']]} in {pool}")
    w.draw(fallback[0])
    w.do(fallback[1])


def scripted(ref, config: dict, rng: random.Random, script: list, hero=(0,), protect=(), then=(), to_hero=False) -> Walk:
    """Play ``script`` (``(card, want)`` per turn of a hero seat: draw ``card``, play the action like
    ``want``) with the other seats filling in (sparing the cards ``then`` still needs); ``protect``
    adds pawns the fillers leave alone; ``to_hero``: fill on until a hero seat is to draw."""
    w = Walk(ref, config, rng)
    names = w.json()["players"]
    keep = tuple(names[h] for h in hero) + tuple(protect)
    items = list(script)
    while items:
        j = w.json()
        if j["phase"] != "draw":
            raise ValueError(f"the script went past the end of the game at {items[0]}")
        if j["turn"] in hero:
            card, want = items.pop(0)
            w.draw(card)
            w.do(match(ref.legal_actions(w.st), want))
        else:
            fill(w, keep, [c for c, _ in items] + list(then))
    while to_hero and w.json()["turn"] not in hero:
        fill(w, keep, list(then))
    return w


def mv(pawn: str, to, **kw) -> dict:
    return {"type": "move", "pawn": pawn, "to": to, **kw}


def named(state_json: dict, action: dict) -> set[str]:
    """The clauses the default reference's provenance names for ``action`` (legal and transition)."""
    ex = _REF.explainer()
    try:
        return set(ex.legal(state_json, action)) | {c for e in ex.transition(state_json, action) for c in e.clauses}
    except Exception:  # noqa: BLE001  (a reading the default reference cannot load: no preference)
        return set()


def pick(rng: random.Random, legal: list, state_json: dict, clauses) -> dict:
    """An action naming the first of ``clauses`` some action names, else any (seeded)."""
    names = [named(state_json, a) for a in legal]
    for c in clauses:
        good = [a for a, n in zip(legal, names) if c in n]
        if good:
            return rng.choice(good)
    return rng.choice(legal)


def prefer(*clauses: str):
    """A ``choose``: an action whose provenance names the first of ``clauses`` that some legal action
    names (in that order), else any."""
    return lambda rng, legal, state_json: pick(rng, legal, state_json, clauses)


# ---------------------------------------------------------------- builders


def swap_into_slide(rng, ref):
    """Red R1 on 42, inside yellow's slide 39-43; yellow's pawn on its own triangle 39; red's 11
    swaps R2 (on 4) onto 39: R2 slides to 43 and bumps its own R1 (SRY-SWAP-SLIDE, SRY-SLIDE-BUMP)."""
    script = [("1", mv("red 1", 4)), ("12", mv("red 1", 19)), ("11", mv("red 1", 30)), ("12", mv("red 1", 42)),
              ("1", mv("red 2", 4)), ("11", {"type": "swap", "pawn": "red 2", "target": "yellow 1"})]
    # yellow starts its pawn with a 2 and moves it onto its own triangle in the round before the swap
    w = Walk(ref, {"players": 3}, rng)
    items = list(script)
    while items:
        j = w.json()
        if j["turn"] == 0:
            card, want = items.pop(0)
            w.draw(card)
            w.do(match(ref.legal_actions(w.st), want))
        elif j["turn"] == 2 and len(items) == 1:
            w.draw("2")
            w.do(match(ref.legal_actions(w.st), mv("yellow 1", 34)))
            w.draw("5")
            w.do(match(ref.legal_actions(w.st), mv("yellow 1", 39)))
        else:
            fill(w, ("red",), [c for c, _ in items] + ["2", "5"])
    return w.start()


def sorry_on_own_triangle(rng, ref):
    """Blue's pawn swapped onto red's own triangle 9; red's Sorry! takes it and red's pawn stays
    on 9, its own colour's triangle (SRY-SORRY-CARD, SRY-SLIDE-OWN-COLOUR)."""
    w = Walk(ref, {"players": 2}, rng)
    for card, want in [("1", mv("red 1", 4)), ("1", mv("blue 1", 19)), ("5", mv("red 1", 9)), ("3", mv("blue 1", 22)),
                       ("11", {"type": "swap", "pawn": "red 1", "target": "blue 1"}), ("2", mv("blue 2", 19)),
                       ("1", mv("blue 2", 20)), ("sorry", {"type": "sorry", "target": "blue 1"})]:
        w.draw(card)
        w.do(match(ref.legal_actions(w.st), want))
    return w.start()


def every_slide_square(rng, ref):
    """Red pawns on 17 and 18, blue's on 19: red R3 lands on blue's triangle 16 and the slide bumps
    all three, its own two too (SRY-SLIDE-BUMP, SRY-SLIDE-ANY-CARD, SRY-JUMP)."""
    script = [("1", mv("red 1", 4)), ("5", mv("red 1", 9)), ("8", mv("red 1", 17)), ("1", mv("red 2", 4)),
              ("3", mv("red 2", 7)), ("11", mv("red 2", 18)), ("1", mv("red 3", 4))]
    w = scripted(ref, {"players": 2}, rng, script, then=("1", "12"))
    w.draw("1")
    w.do(match(ref.legal_actions(w.st), mv("blue 1", 19)))
    w.draw("12")
    w.do(match(ref.legal_actions(w.st), mv("red 3", 19)))
    return w.start()


#: per card, red's moves (``(card, square)``, its first pawn out of START on 4) that bring it to a
#: square from which the card lands it on blue's triangle 16 (SRY-SLIDE-ANY-CARD)
ONTO_SLIDE = {
    "1": [("1", 4), ("11", 15)], "2": [("1", 4), ("10", 14)], "3": [("1", 4), ("1", 5), ("8", 13)],
    "4": [("1", 4), ("8", 12), ("8", 20)], "5": [("1", 4), ("7", 11)], "7": [("1", 4), ("5", 9)],
    "8": [("1", 4), ("1", 5), ("3", 8)], "10": [("1", 4), ("1", 5), ("1", 6)], "11": [("1", 4), ("1", 5)],
    "12": [("1", 4)],
}


def card_onto_slide(card: str):
    """Red's pawn brought where ``card`` (forward, or the 4 backward from 20) lands it on blue's
    triangle 16, blue's pawn on 19 at the end of that slide: the card's move, the slide and the
    bump meet in one transition (SRY-CARD-<n>, SRY-SLIDE-BUMP, SRY-SLIDE-ANY-CARD)."""

    def build(rng, ref):
        script = [(c, mv("red 1", sq)) for c, sq in ONTO_SLIDE[card]]
        w = scripted(ref, {"players": 2}, rng, script, then=("1", card))
        if w.json()["turn"] == 0:  # a 2 in the script draws again: red plays a harmless card first
            fill(w, ("red 1",), ["1", card])
        w.draw("1")
        w.do(match(ref.legal_actions(w.st), mv("blue 1", 19)))
        w.draw(card)
        w.do(match(ref.legal_actions(w.st), mv("red 1", 19)))
        return w.start()

    build.__doc__ = card_onto_slide.__doc__
    return build


def seats(rng, ref):
    """Colours listed in any order, and a first player who is not the first seat (SRY-TURN-ORDER)."""
    cols = rng.sample(COLOURS, rng.randint(2, 4))
    first = rng.choice([c for c in cols if c != min(cols, key=COLOURS.index)])
    return {"config": {"colours": cols, "first": first}, "path": []}


def rematch_quick(rng, ref):
    """A rematch (the previous winner starts) with quick start (SRY-REMATCH, SRY-QUICK-START)."""
    n = rng.randint(2, 4)
    cfg = {"players": n, "quick_start": True, "previous_winner": rng.choice(COLOURS[:n])}
    if rng.random() < 0.75:
        cfg["points"] = True
    elif n == 4 and rng.random() < 0.5:
        cfg["team"] = True
    return {"config": cfg, "path": []}


def swap_onto_triangle(rng, ref):
    """Blue's pawn on its own triangle (16 or 24) and an 11 in red's hand: swapping onto it makes
    red's pawn slide (SRY-SWAP-SLIDE)."""
    blue = [("1", mv("blue 1", 19)), ("5", mv("blue 1", 24))] if rng.random() < 0.5 else \
        [("1", mv("blue 1", 19)), ("1", mv("blue 1", 20)), ("4", mv("blue 1", 16))]
    red, at = [("1", mv("red 1", 4))], 4
    for c in rng.sample(["3", "5", "8"], len(blue) - 1):  # 7, 9, 12, 15 or 17: never on blue's squares
        at += int(c)
        red.append((c, mv("red 1", at)))
    script = [x for pair in zip(red, blue) for x in pair]
    w = scripted(ref, {"players": rng.choice((2, 3))}, rng, script, hero=(0, 1), then=("11",), to_hero=True)
    w.draw("11")
    return w.state()


def forfeited_two(rng, ref):
    """Red's pawns on safety 5, safety 3, safety 1 and HOME: a 2 cannot move (overshoot, own pawns),
    is forfeited and red draws again, four times (SRY-FAQ-OWN-PAWN, SRY-TWO-DRAW-AGAIN)."""
    script = []
    for k, (last, to) in enumerate((("7", "safety 5"), ("5", "safety 3"), ("3", "safety 1"), ("8", "home"))):
        script += [("1", mv(f"red {k + 1}", 4)), ("4", mv(f"red {k + 1}", 0)), (last, mv(f"red {k + 1}", to))]
    script += [("2", {"type": "forfeit"})] * 4
    return scripted(ref, {"players": rng.choice((2, 3))}, rng, script).start()


def forfeited_eleven(rng, ref):
    """Red's only pawn out stands on 0, where eleven forward overshoots HOME; blue's pawn is on the
    track: each 11 may be declined (SRY-ELEVEN-FORFEIT) instead of swapped."""
    script = [("1", mv("red 1", 4)), ("4", mv("red 1", 0))] + [("11", {"type": "forfeit"})] * 3
    w = Walk(ref, {"players": 2}, rng)
    items = list(script)
    while items:
        if w.json()["turn"] == 0:
            card, want = items.pop(0)
            w.draw(card)
            w.do(match(ref.legal_actions(w.st), want))
        elif not any(isinstance(s, int) for s in w.json()["pawns"]["blue"]):
            w.draw("1")
            w.do(match(ref.legal_actions(w.st), mv("blue 1", 19)))
        else:
            fill(w, ("red",), [c for c, _ in items] + ["11"])
    while w.json()["turn"] != 0:
        fill(w, ("red",), ["11"])
    w.draw("11")
    return w.start()


SEVEN_ORDER = ("SRY-OWN-PAWN-BLOCKS", "SRY-SLIDE-BUMP", "SRY-CARD-7")


def seven_both_orders(rng, ref):
    """Two red pawns two or three squares apart near blue's slide (16-19), then every 7: a split whose
    usual order would end on the own pawn is made in the other order (SRY-OWN-PAWN-BLOCKS), or one
    whose first pawn's slide bumps the second (SRY-SLIDE-BUMP, SRY-CARD-7)."""
    a, b = rng.choice([("8", "10"), ("8", "11"), ("10", "11"), ("10", "8"), ("11", "8"), ("11", "10")])
    script = [("1", mv("red 1", 4)), (a, mv("red 1", 4 + int(a))), ("1", mv("red 2", 4)), (b, mv("red 2", 4 + int(b)))]
    w = scripted(ref, {"players": 2}, rng, script, then=("7",) * 4, to_hero=True)
    for k in range(3):
        w.draw("7")
        w.do(pick(rng, ref.legal_actions(w.st), w.json(), SEVEN_ORDER))
        while w.json()["turn"] != 0:
            fill(w, ("red",), ["7"] * (3 - k))
    w.draw("7")
    return w.start()


def seven_home_split(rng, ref):
    """A red pawn in its safety zone and another on the track behind the turn square: the 7 is split
    to bring the first HOME with the rest for the other (SRY-SEVEN-HOME-SPLIT)."""
    first = rng.choice([("3", "safety 1"), ("5", "safety 3"), ("7", "safety 5")])
    script = [("1", mv("red 1", 4)), ("4", mv("red 1", 0)), (first[0], mv("red 1", first[1])), ("1", mv("red 2", 4))]
    if rng.random() < 0.5:
        script.append(("4", mv("red 2", 0)))
    w = scripted(ref, {"players": rng.choice((2, 3))}, rng, script, then=("7",), to_hero=True)
    w.draw("7")
    return w.state()


def backward_shortcut(rng, ref):
    """A 4 back from the START exit and the 10's step back (twice) put red pawns two to four squares
    behind the exit; forward they enter the safety zone at once (SRY-BACKWARD-SHORTCUT, SRY-BACKWARD)."""
    script = [("1", mv("red 1", 4)), ("10", mv("red 1", 3)), ("10", mv("red 1", 2)), ("5", mv("red 1", "safety 5")),
              ("1", mv("red 2", 4)), ("4", mv("red 2", 0)), ("3", mv("red 2", "safety 1"))]
    return scripted(ref, {"players": rng.randint(2, 3)}, rng, script).start()


def partner_bumps(rng, ref):
    """Team play, blue and green in START: red's and yellow's Sorry! cards can only take a partner's
    pawn (SRY-TEAM-SORRY-PARTNER); a start onto the exit the partner's pawn holds bumps it (SRY-TEAM-BUMP-PARTNER)."""
    w = Walk(ref, {"players": 4, "team": True}, rng)
    plan = {0: [("1", mv("red 1", 4)), ("sorry", {"type": "sorry", "pawn": "red 2", "target": "yellow 1"}),
                ("1", mv("red 1", 4))],
            2: [("1", mv("yellow 1", 34)), ("sorry", {"type": "sorry", "pawn": "yellow 1", "target": "red 1"}),
                ("1", mv("yellow 1", 34))]}
    while plan[0] or plan[2]:
        turn = w.json()["turn"]
        if plan.get(turn):
            card, want = plan[turn].pop(0)
            w.draw(card)
            w.do(match(ref.legal_actions(w.st), want))
        else:
            fill(w, ("red", "yellow"), ["1"] * 4 + ["sorry"] * 2)
    return w.start()


_TURN = {"red": 2, "blue": 17, "yellow": 32, "green": 47}  # specs/sorry/board.json safety_turn


def distance(colour: str, sq) -> int:
    """Forward steps from ``sq`` to HOME for a pawn of ``colour`` (START counts as before its exit)."""
    if sq == "home":
        return 0
    if sq == "start":
        return 66
    if isinstance(sq, str):
        return 6 - int(sq.split()[1])
    return (_TURN[colour] - sq) % 60 + 6


TEAM_GOALS = ("SRY-TEAM-SEVEN", "SRY-TEAM-BUMP-PARTNER", "SRY-TEAM-SORRY-PARTNER", "SRY-TEAM-START", "SRY-SWAP-SLIDE",
              "SRY-SEVEN-HOME-SPLIT")


def team_race(rng, ref, limit: int = 260):
    """Team play: red and yellow race to their eight pawns HOME (SRY-TEAM-WIN). The cards red and
    yellow draw are the ones that bring the team furthest, a move a team rule decides counting
    extra (a split over both colours, a partner's pawn bumped or started); blue and green draw
    cards they cannot use. Stops at the end or after ``limit`` steps."""
    cfg = {"players": 4, "team": True, "quick_start": rng.random() < 0.5}
    return race(rng, ref, cfg, ("red", "yellow"), limit, TEAM_GOALS)


def plain_race(rng, ref, limit: int = 260):
    """A plain game (no team, no points) raced to one player's win (SRY-WIN), the seats some
    colours in board order (seat numbers unlike colour indexes when red does not play)."""
    cols = sorted(rng.sample(COLOURS, rng.choice((2, 3, 4))), key=COLOURS.index)
    cfg = {"colours": cols, "quick_start": rng.random() < 0.5}
    return race(rng, ref, cfg, (rng.choice(cols),), limit)


def race(rng, ref, cfg: dict, team: tuple[str, ...], limit: int, goals: tuple[str, ...] = ()):
    """``team``'s colours draw the cards that bring them furthest (a move a rule of ``goals``
    decides counting extra); the others draw cards they cannot use. Stops at the end or after
    ``limit`` steps."""
    w = Walk(ref, cfg, rng)
    while w.json()["phase"] != "over" and len(w.path) < limit:
        j = w.json()
        if j["players"][j["turn"]] not in team:
            try:
                fill(w, team, [])
            except ValueError:  # every card left touches the racers: any card, any action
                w.draw(rng.choice(sorted(set(w.pool()))))
                w.do(rng.choice(sorted(ref.legal_actions(w.st), key=dumps)))
            continue
        best = None
        for card in sorted(set(w.pool())):
            st = ref.apply(w.st, chance_mod.chance_action("draw", [{"draw": [card]}]))
            sj = ref.to_json(st)
            for a in ref.legal_actions(st):
                after = ref.to_json(ref.apply(st, a))["pawns"]
                score = -sum(distance(c, sq) for c in team for sq in after[c]) + rng.random()
                if a["type"] == "move" and len(a["moves"]) == 2 and len({m["pawn"].split()[0] for m in a["moves"]}) == 2:
                    score += 8  # SRY-TEAM-SEVEN
                if card in ("1", "2", "sorry") and a["type"] != "forfeit":
                    score += 4 * len(named(sj, a) & set(goals))
                if best is None or score > best[0]:
                    best = (score, card, a)
        w.draw(best[1])
        w.do(best[2])
    return w.start()


def sorry_only_partner(rng, ref, card: str = "sorry"):
    """Team play, the other team all in START: the Sorry! card drawn by red or yellow can only take
    a partner's pawn, and must (SRY-TEAM-SORRY-PARTNER); or a 7 split over red's and yellow's
    pawns (SRY-TEAM-SEVEN)."""
    w = Walk(ref, {"players": 4, "team": True}, rng)
    plan = {0: [("1", mv("red 1", 4))] + [(c, mv("red 1", 4 + int(c))) for c in rng.sample(["3", "5", "8", "10"], 1)],
            2: [("1", mv("yellow 1", 34))] + [(c, mv("yellow 1", 34 + int(c))) for c in rng.sample(["3", "7", "8"], 1)]}
    if rng.random() < 0.5:
        plan[2].pop()
    hero = rng.choice((0, 2))
    while plan[0] or plan[2] or w.json()["turn"] != hero:
        turn = w.json()["turn"]
        if plan.get(turn):
            drawn, want = plan[turn].pop(0)
            w.draw(drawn)
            w.do(match(ref.legal_actions(w.st), want))
        else:  # blue and green leave red's and yellow's pawns alone; red or yellow, done, move on
            fill(w, ("red", "yellow") if turn % 2 else (), ["1"] * 2 + ["3", "5", "7", "8", "10", "sorry"])
    w.draw(card)
    return w.state()


def team_seven(rng, ref):
    """Team play with a red and a yellow pawn on the track and a 7 in play (SRY-TEAM-SEVEN)."""
    return sorry_only_partner(rng, ref, "7")


def points_race(rng, ref, to_the_end: bool = True):
    """Points play: the hero starts each pawn with a 2 (draws again), backs it 4 past its turn square
    and brings it HOME with an 8 (SRY-BACKWARD-SHORTCUT); without quick start the others, in START
    with no start card, discard (SRY-POINTS-DISCARD); the game ends scored (SRY-POINTS-SCORE)."""
    n = rng.choice((2, 2, 3))
    quick = rng.random() < 0.5
    cols = sorted(rng.sample(COLOURS, n), key=COLOURS.index)
    hero = rng.randrange(n)
    cfg = {"colours": cols, "points": True, "quick_start": quick,
           ("previous_winner" if rng.random() < 0.5 else "first"): cols[hero]}
    w = Walk(ref, cfg, rng)
    seq = (["4", "8"] if quick else ["2", "4", "8"]) + ["2", "4", "8"] * 3
    deal_pool = list(w.json()["chance"]["draws"][0]["pool"])
    hand = seq[:5]
    for c in hand:
        deal_pool.remove(c)
    later = seq[5:]
    for c in later:
        deal_pool.remove(c)
    others = [c for c in deal_pool if c in NO_START]
    rng.shuffle(others)
    take = w.json()["chance"]["draws"][0]["take"]
    outcome = {}
    for q, name in enumerate(cols):
        outcome[name] = sorted(hand if q == hero else [others.pop() for _ in range(take[name])], key=repr)
    w.do(chance_mod.chance_action("deal", [outcome]))
    played = 0
    while w.json()["phase"] != "over":
        j = w.json()
        if j["phase"] == "draw":
            pool = w.pool()
            if j["refill"] == hero and later:
                card = later.pop(0)
            else:
                spare = [c for c in pool if c in NO_START and pool.count(c) > later.count(c)] or \
                        [c for c in pool if pool.count(c) > later.count(c)]
                card = rng.choice(sorted(spare))
            w.draw(card)
        elif j["turn"] == hero:
            if not to_the_end and played == len(seq) - 1:
                return w.state()  # one move from the end: the hero holds the 8 that wins
            w.do(match(ref.legal_actions(w.st), {"card": seq[played]}))
            played += 1
        else:
            a = harmless(ref, w.st, (cols[hero],), rng)
            w.do(a if a is not None else ref.legal_actions(w.st)[0])
    return w.start()


def points_last_move(rng, ref):
    """Points play one move from its end: the winning 8 is played and the game is scored
    (SRY-POINTS-WIN, SRY-POINTS-SCORE, SRY-POINTS-WINNER-BONUS)."""
    return points_race(rng, ref, to_the_end=False)
