"""Canonical JSON of Opsnorren states (specs/opsnorren/state.schema.json) and observations.

``to_json`` gives one object per state; ``from_json`` validates the schema and the
consistency it can check (no card twice, hand sizes that fit the turn, team cards of
the player count, ``to_move``/``chance``/``result`` as the state implies) and raises
``MalformedError`` naming the field. Positions need not hold all 47 cards (a scenario
may set up a last trick), but no card may be in two places.

``observation`` (OPS-HIDDEN-HANDS, OPS-RULE-PINK-OPEN, OPS-TROPHY-HIDDEN,
OPS-DEAL-FIVE): what one player may see.
"""

from __future__ import annotations


import specs
from engine.canonical import copy_json, first_float
from engine.errors import MalformedError
from engine.opsnorren.cards import ANIMALS, CARD_ID, COLOUR_OF, JOKERS, NAMES, PINK
from engine.opsnorren.json_parts import names, rows
from engine.opsnorren.rulecards import RULE_IDS, RULE_INDEX
from engine.opsnorren.state import (DEAL, MONKEY, OVER, PASS, PHASES, PLAY, RULE_CARDS, TEAMS, TROPHIES, State,
                                    blank)
from engine.opsnorren.tables import ROUNDS

TEAM_LETTERS = "AB"


def to_json(eng, s: State) -> dict:
    """A fresh canonical object (only the immutable names of ``json_parts`` are kept between calls)."""
    ch = eng.chance(s)
    return {
        "game": "opsnorren",
        "players": s.n,
        "round": s.round,
        "rules": [RULE_IDS[r] for r in s.rules],
        "revealed": s.revealed,
        "phase": PHASES[s.phase],
        "team_cards": list(s.teams) if s.teams is not None else None,
        "hands": [[NAMES[c] for c in h] for h in s.hands],
        "passing": rows(s.passing),
        "trick": [{"player": p, "card": NAMES[c]} for p, c in s.trick],
        "leader": s.leader,
        "won": rows(s.won),
        "discarded": list(names(s.discarded)),
        "aside": list(names(s.aside)),
        "history": [{"round": r, "stars": {"A": a, "B": b}, "winner": TEAM_LETTERS[w]} for r, a, b, w in s.history],
        "trophies": [list(t) for t in s.trophies],
        "to_move": eng.to_move(s),
        "chance": copy_json(ch) if ch is not None else None,
        "result": eng.final_result(s.trophies) if s.phase == OVER else None,
    }


def _bad(msg: str, path: str):
    raise MalformedError(msg, path=path)


def from_json(eng, obj) -> State:
    if not isinstance(obj, dict):
        _bad(f"an Opsnorren state is a JSON object, got {type(obj).__name__}", "(top)")
    errors = specs.validate_state("opsnorren", obj)
    if errors:
        path, _, msg = errors[0].partition(": ")
        _bad(f"not a canonical Opsnorren state: {errors[0]}", path)
    bad_number = first_float(obj)
    if bad_number is not None:
        _bad(f"numbers in an Opsnorren state are integers, got {bad_number[1]!r}", bad_number[0])
    n = obj["players"]
    for key in ("hands", "passing", "won", "trophies"):
        if len(obj[key]) != n:
            _bad(f"'{key}' must have one entry per player ({n}), has {len(obj[key])}", key)
    s = blank(n)
    phase = PHASES.index(obj["phase"])
    s.phase = phase
    # where each card is: no card in two places
    seen: dict[int, str] = {}

    def cards(lst, where):
        out = []
        for i, name in enumerate(lst):
            c = CARD_ID[name]  # the schema allows card names only
            if c in seen:
                _bad(f"card {name!r} is in two places: {seen[c]} and {where}", where)
            seen[c] = where
            out.append(c)
        return out

    s.hands = tuple(tuple(sorted(cards(h, f"hands/{p}"))) for p, h in enumerate(obj["hands"]))
    s.passing = tuple(tuple(sorted(cards(h, f"passing/{p}"))) for p, h in enumerate(obj["passing"]))
    s.won = tuple(tuple(sorted(cards(h, f"won/{p}"))) for p, h in enumerate(obj["won"]))
    trick = []
    for i, pc in enumerate(obj["trick"]):
        c = cards([pc["card"]], f"trick/{i}")[0]
        trick.append((pc["player"], c))
    s.trick = tuple(trick)
    s.discarded = tuple(sorted(cards(obj["discarded"], "discarded")))
    s.aside = tuple(sorted(cards(obj["aside"], "aside")))
    lost = sorted((set(ANIMALS) | set(JOKERS)) - set(seen))
    if phase not in (RULE_CARDS, TEAMS, DEAL) and lost:  # once dealt, all 47 cards are somewhere
        _bad("after the deal every card is in a hand, a passed set, the trick, a won pile, the discards or aside; "
             f"missing: {', '.join(NAMES[c] for c in lost)}", "aside")
    # canonical order of the lists
    for key, val in (("hands", s.hands), ("passing", s.passing), ("won", s.won)):
        for p, h in enumerate(val):
            if obj[key][p] != [NAMES[c] for c in h]:
                _bad(f"'{key}/{p}' must list its cards in canonical order (green 0 ... blue 10, unicorn, monkey, "
                     "dove)", f"{key}/{p}")
    for key, val in (("discarded", s.discarded), ("aside", s.aside)):
        if obj[key] != [NAMES[c] for c in val]:
            _bad(f"'{key}' must list its cards in canonical order", key)
    # rule row
    rules = obj["rules"]
    if len(set(rules)) != len(rules) or len(rules) not in (0, 4):
        _bad("'rules' is the row of 4 different rule cards (2 white, 2 black), or [] before setup", "rules")
    if rules and not (all(r in eng.tables.white for r in rules[:2]) and all(r in eng.tables.black for r in rules[2:])):
        _bad(f"'rules' must hold 2 white cards ({', '.join(eng.tables.white)}) then 2 black cards "
             f"({', '.join(eng.tables.black)})", "rules")
    s.rules = tuple(RULE_INDEX[r] for r in rules)
    s.round, s.revealed = obj["round"], obj["revealed"]
    if phase == RULE_CARDS:
        if rules or s.round or s.revealed:
            _bad("before the rule cards are drawn, 'rules' is [] and 'round' and 'revealed' are 0", "rules")
    else:
        if not rules:
            _bad(f"in the {obj['phase']} phase the rule row is known; 'rules' must hold 4 cards", "rules")
        if not 1 <= s.round <= ROUNDS or s.revealed != s.round:
            _bad(f"'round' must be 1-{ROUNDS} and 'revealed' equal to it (one rule card per round, OPS-REVEAL-RULE)",
                 "revealed")
    # history and trophies
    hist = obj["history"]
    want_hist = {RULE_CARDS: 0, TEAMS: s.round - 1, DEAL: s.round - 1, PASS: s.round - 1, PLAY: s.round - 1,
                 MONKEY: s.round - 1, TROPHIES: s.round, OVER: ROUNDS}[phase]
    if len(hist) != want_hist or [h["round"] for h in hist] != list(range(1, want_hist + 1)):
        _bad(f"'history' must hold rounds 1-{want_hist} in the {obj['phase']} phase of round {s.round}", "history")
    if phase == OVER and s.round != ROUNDS:
        _bad(f"the game is over only after round {ROUNDS}", "round")
    s.history = tuple((h["round"], h["stars"]["A"], h["stars"]["B"], TEAM_LETTERS.index(h["winner"])) for h in hist)
    s.trophies = tuple(tuple(t) for t in obj["trophies"])
    # team cards
    tc = obj["team_cards"]
    if phase in (RULE_CARDS, TEAMS):
        if tc is not None:
            _bad(f"'team_cards' is null until the team cards are dealt (phase {obj['phase']})", "team_cards")
    else:
        if tc is None or sorted(tc) != sorted(eng.tables.team_cards[n]):
            _bad(f"'team_cards' must be the {n}-player team cards {sorted(eng.tables.team_cards[n])}, one per player",
                 "team_cards")
        s.set_teams(tuple(tc))
    # phase-specific shape
    if phase in (RULE_CARDS, TEAMS, DEAL, TROPHIES, OVER):
        if any(s.hands) or any(s.passing) or s.trick:
            _bad(f"in the {obj['phase']} phase no cards are in hands, passing or the trick", "hands")
    if phase in (RULE_CARDS, TEAMS, DEAL) and (any(s.won) or s.discarded or s.aside):
        _bad(f"in the {obj['phase']} phase no cards are out (won, discarded, aside)", "won")
    s.leader = obj["leader"]
    if not 0 <= s.leader < n:
        _bad(f"'leader' must be a player index 0-{n - 1}", "leader")
    if phase in (PLAY, MONKEY):
        want_len = n if phase == MONKEY else None
        if want_len is not None and len(trick) != n:
            _bad("in the monkey phase the trick is complete", "trick")
        if len(trick) >= n and phase == PLAY:
            _bad(f"a trick has at most {n - 1} cards while it is being played", "trick")
        for i, (p, _) in enumerate(trick):
            if p != (s.leader + i) % n:
                _bad(f"trick/{i} must be played by player {(s.leader + i) % n} (clockwise from the leader)",
                     f"trick/{i}")
        played = {p for p, _ in trick}
        sizes = {len(s.hands[p]) + (1 if p in played else 0) for p in range(n)}
        if len(sizes) != 1:
            _bad("hand sizes do not fit the trick: every player holds the same number of cards, one less for "
                 "those who already played to this trick", "hands")
        if phase == PLAY and not trick and not any(s.hands):
            _bad("the round is over (no cards in hand); the phase should be trophies", "phase")
        if any(s.passing):
            _bad("'passing' is empty once play has started", "passing")
    if phase == PASS:
        passed = [p for p in range(n) if s.passing[p]]
        if any(len(s.passing[p]) != 3 for p in passed) or len(passed) == n or s.trick:
            _bad("in the pass phase each player has passed 3 cards or none, and someone still has to pass", "passing")
        order = [(s.crown + k) % n for k in range(n)]
        if set(order[: len(passed)]) != set(passed):
            _bad("players pass in turn, starting with the crown holder", "passing")
        if not eng.rs(s).pass_three:
            _bad("the pass phase happens only under the pass-three rule card", "phase")
        if len({len(s.hands[p]) + len(s.passing[p]) for p in range(n)}) != 1:
            _bad("hand sizes do not fit the pass phase: every player holds the same number of cards, "
                 "three less for those who already passed", "hands")
        for p in range(n):
            if not s.passing[p]:
                passable = [c for c in s.hands[p] if eng.ch.pass_jokers or c < 44]
                if len(passable) < 3:
                    _bad(f"player {p} has to pass three cards but holds only {len(passable)} that may be passed",
                         f"hands/{p}")
    if phase == MONKEY and eng.resolution(s).monkey is None:
        _bad("no monkey pick is pending in this trick; the phase cannot be monkey", "phase")
    for key, want in (("to_move", eng.to_move(s)), ("chance", eng.chance(s)),
                      ("result", eng.final_result(s.trophies) if phase == OVER else None)):
        if obj[key] != want:
            _bad(f"'{key}' is {obj[key]!r:.120} but the state implies {want!r:.120}", key)
    return s


def observation(eng, s: State, player: int) -> dict:
    """What ``player`` may see (OPS-HIDDEN-HANDS, OPS-RULE-PINK-OPEN, OPS-TROPHY-HIDDEN).

    Seen: own hand, own passed cards, the open pink cards of others under pink-open,
    every hand size, the trick, the revealed rule cards, team cards, round results, own
    trophy values. Hidden: other hands, cards passed by others (until received), the
    cards aside (OPS-DEAL, OPS-DEAL-FIVE), the face-down won and discarded piles
    (OPS-WINNER-TAKES: "legt ze gedekt"; counts only), unrevealed rule cards, other
    players' trophy values (OPS-TROPHY-HIDDEN) until the end of the game.
    """
    if type(player) is not int or not 0 <= player < s.n:
        raise MalformedError(f"player must be 0-{s.n - 1}, got {player!r:.50}", path="player")
    full = to_json(eng, s)
    pink_open = eng.rs(s).pink_open  # OPS-RULE-PINK-OPEN among the revealed rule cards
    obs = {k: full[k] for k in ("game", "players", "round", "revealed", "phase", "team_cards", "trick", "leader",
                                "history", "to_move", "chance", "result")}
    obs["observer"] = player
    obs["rules"] = [r if i < s.revealed else None for i, r in enumerate(full["rules"])]
    obs["hand"] = full["hands"][player]
    obs["hand_sizes"] = [len(h) for h in s.hands]
    obs["open_cards"] = [[NAMES[c] for c in h if COLOUR_OF[c] == PINK] if (pink_open and p != player) else []
                         for p, h in enumerate(s.hands)]
    obs["passed"] = full["passing"][player]
    obs["passing_sizes"] = [len(h) for h in s.passing]
    obs["won_sizes"] = [len(h) for h in s.won]
    obs["discarded_size"] = len(s.discarded)
    obs["aside_size"] = len(s.aside)
    over = s.phase == OVER
    obs["trophies"] = [list(t) if (p == player or over) else None for p, t in enumerate(s.trophies)]
    obs["trophy_counts"] = [len(t) for t in s.trophies]
    return obs
