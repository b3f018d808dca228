"""The reference engine and the Z3 model (proofs/opsnorren/model.py) agree on random tricks.

Hypothesis draws a configuration (players, the rule row, a reading of every choice) and
a seed; each example then plays whole random games with the engine (chance outcomes
sampled, random legal actions) and checks every trick against the model: the legal
cards at every turn, the monkey's candidates, who leads next and where every card of
the trick ends (team pile or discard). The batch of games per example is computed from
the active Hypothesis profile so that a run checks at least ``MIN_TRICKS`` tricks
whatever ``max_examples`` is. The model runs on plain Python values here (the same
functions the proofs run on Z3 terms); a sample of tricks is also evaluated by Z3 itself.

Parametrized by ``ops.monkey-discarded``: under ``any`` the engine skips the monkey's
pick when its own team takes the trick, which loses a card it could take back from the
discard (see the register item ops.joker.monkey-own-team).
"""

from __future__ import annotations

import math
import random

import pytest
import z3
from hypothesis import given, settings
from hypothesis import strategies as st

import specs
from engine import chance as chance_mod
from engine.opsnorren import OpsnorrenEngine
from proofs.opsnorren import model as M
from proofs.opsnorren import search as Q
from proofs.opsnorren import spec as S
from harness.games.opsnorren.positions import with_every_card

MIN_TRICKS = 10_000
#: tricks built directly (every joker combination the deal allows, any rule row) per run
MIN_BUILT_TRICKS = 3_000
TRICKS_PER_GAME = 30  # a game has at least 4 x 7 tricks
Z3_SAMPLE_EVERY = 997  # tricks between two checks of the model's Z3 terms themselves


def _batch_games() -> int:
    return max(1, math.ceil(MIN_TRICKS / TRICKS_PER_GAME / max(1, settings().max_examples)))


def _batch_built() -> int:
    return max(1, math.ceil(MIN_BUILT_TRICKS / max(1, settings().max_examples)))


@st.composite
def configs(draw, monkey_discarded: str):
    spec = specs.load("opsnorren")
    piles = S.rule_piles()
    white = draw(st.permutations(piles["white"]))[:2]
    black = draw(st.permutations(piles["black"]))[:2]
    choices = {cid: draw(st.sampled_from(sorted(ch.options))) for cid, ch in sorted(spec.choices.items())
               if cid != "ops.beginner-setup"}
    choices["ops.monkey-discarded"] = monkey_discarded
    return {"players": draw(st.sampled_from([3, 4, 5, 6])), "row": white + black, "choices": choices,
            "seed": draw(st.integers(0, 2**32 - 1))}


def _lead_before(prefix: list[str], reading: dict, row: list[str], hand: list[str]) -> int:
    """The colour ``hand`` must follow after ``prefix`` (the lead, or an earlier one: ops.lead-colour-binds)."""
    held = {S.colours().index(c.split(" ")[0]) for c in hand if " " in c}
    holds = [set()] * len(prefix) + [held]
    tr = M.concrete_trick(prefix + ["green 0"], [0] * (len(prefix) + 1), holds)
    return M.bindings(tr, reading, row)[len(prefix)]


def _where(j: dict, card: str) -> str:
    for p, pile in enumerate(j["won"]):
        if card in pile:
            return j["team_cards"][p][0]
    return "discarded" if card in j["discarded"] else "nowhere"


def _z3_check(tr: M.Trick, reading: dict, row: list[str], res: dict) -> None:
    """Evaluate the model's Z3 terms on this trick with a solver; they must give ``res``."""
    sym, cons = M.symbolic_trick(tr.n, "agree")
    s = z3.Solver()
    s.add(*cons)
    for i in range(tr.n):
        s.add(sym.kind[i] == tr.kind[i], sym.col[i] == tr.col[i], sym.val[i] == tr.val[i], sym.team[i] == tr.team[i])
        s.add(*[sym.holds[i][c] == tr.holds[i][c] for c in range(len(S.colours()))])
    s.add(sym.pick == tr.pick)
    zres = M.resolve(sym, reading, row)
    s.add(*zres["defs"])
    assert s.check() == z3.sat, "the engine's trick is not a possible trick for the Z3 model"
    m = s.model()
    for key in ("next_leader", "has_winner", "pick_on"):
        assert Q.ev(m, zres[key]) == res[key], f"Z3 and Python evaluation of the model differ on {key}"
    assert [Q.ev(m, d) for d in zres["dest"]] == list(res["dest"]), "Z3 and Python evaluation differ on dest"


def play_games(cfg: dict, games: int) -> int:
    """Play ``games`` random games, checking every trick; the number of tricks checked."""
    eng = OpsnorrenEngine(cfg["choices"])
    reading = {cid: eng.choices[cid] for cid in S.TRICK_CHOICES}
    rng = random.Random(cfg["seed"])
    n = cfg["players"]
    tricks = 0
    for _ in range(games):
        s = eng.new_game({"players": n, "rule_cards": cfg["row"]})
        while not eng.is_terminal(s):
            ch = eng.chance(s)
            if ch is not None:
                s = eng.apply(s, chance_mod.sample(ch, rng))
                continue
            j = eng.to_json(s)
            if j["phase"] != "play" or j["trick"]:
                s = eng.apply(s, rng.choice(eng.legal_actions(s)))
                continue
            s = _check_trick(eng, s, j, reading, rng, n, tricks)
            tricks += 1
    return tricks


def _check_trick(eng, s, j, reading, rng, n, count):
    row = [r for r in j["rules"][: j["revealed"]] if r in S.TRICK_PLAY]
    leader = j["leader"]
    teams = [t[0] for t in j["team_cards"]]
    cards, holds = [], []
    colours = S.colours()
    for k in range(n):
        p = (leader + k) % n
        hand = eng.to_json(s)["hands"][p]
        lead = _lead_before(cards, reading, row, hand)
        legal = sorted(a["card"] for a in eng.legal_actions(s))
        want = sorted(M.legal_cards(hand, lead))
        assert legal == want, (f"legal cards of player {p} after {cards} (rules {row}, {reading}): engine {legal}, "
                               f"model {want}")
        holds.append({colours.index(c.split(' ')[0]) for c in hand if " " in c})
        card = rng.choice(legal)
        cards.append(card)
        s = eng.apply(s, {"type": "play", "player": p, "card": card})
    tr = M.concrete_trick(cards, [Q.TEAM.index(teams[(leader + k) % n]) for k in range(n)], holds)
    pending = [a for a in eng.legal_actions(s) if a.get("type") == "monkey"]
    res0 = M.resolve(tr, reading, row)
    model_cands = sorted(cards[i] for i in range(n) if res0["candidate"][i]) if res0["pick_on"] else []
    where = f"trick {cards} led by {leader}, teams {teams}, rules {row}, reading {reading}"
    if pending:
        got = sorted(a["card"] for a in pending)
        assert res0["pick_on"] and got == model_cands, f"monkey candidates: engine {got}, model {model_cands}; {where}"
        pick = rng.choice(pending)
        picks = [cards.index(pick["card"])]
        s = eng.apply(s, pick)
    else:  # the engine asks nothing: every pick the model allows must give the engine's result
        picks = [cards.index(c) for c in model_cands] or [0]
    after = eng.to_json(s)
    for pk in picks:
        tr.pick = pk
        res = M.resolve(tr, reading, row)
        assert after["leader"] == (leader + res["next_leader"]) % n, (
            f"next leader: engine {after['leader']}, model {(leader + res['next_leader']) % n}; {where}")
        got = {c: _where(after, c) for c in cards}
        want = {cards[i]: ("discarded" if res["dest"][i] == M.DISCARD else Q.TEAM[res["dest"][i]]) for i in range(n)}
        pick_note = f"; monkey takes {cards[pk]}" if res["pick_on"] else ""
        assert got == want, f"cards went {got}, model says {want}{pick_note}; {where}"
        if count % Z3_SAMPLE_EVERY == 0:
            _z3_check(tr, reading, row, res)
    return s


@pytest.mark.parametrize("monkey_discarded", S.options("ops.monkey-discarded"))
def test_engine_and_z3_model_agree(monkey_discarded):
    """>= MIN_TRICKS tricks per reading of ops.monkey-discarded, every other reading random."""
    total = []

    @given(configs(monkey_discarded))
    def run(cfg):
        total.append(play_games(cfg, _batch_games()))

    run()
    assert sum(total) >= MIN_TRICKS, f"only {sum(total)} tricks checked"


# ------------------------------------------------------------------ tricks built directly
def built_trick_state(rng: random.Random, n: int) -> dict:
    """A random position at the start of a trick: random hands of 1-4 cards (jokers with the
    smaller team as the deal gives them, the solo player's three included), random seats of
    the team cards, a random leader and up to two trick-play rule cards in a random order."""
    from proofs.opsnorren.vectors import play_state

    team_cards = list(S.team_cards(n))
    rng.shuffle(team_cards)
    letters = [t[0] for t in team_cards]
    small = "A" if letters.count("A") < letters.count("B") else "B" if letters.count("B") < letters.count("A") else None
    size = rng.randint(1, 4)
    jokers = list(S.jokers())
    rng.shuffle(jokers)
    hands = [[] for _ in range(n)]
    for p in range(n):
        if small and letters[p] == small:
            k = rng.randint(1, size) if n == 5 else rng.randint(1, min(size, len(jokers)))
            hands[p] += [jokers.pop() for _ in range(min(k, 1 if n == 5 else len(jokers)))]
    animals = [c for c in S.card_names() if " " in c]
    rng.shuffle(animals)
    for p in range(n):
        while len(hands[p]) < size:
            hands[p].append(animals.pop())
    black = [c for c in S.rule_piles()["black"] if c in S.TRICK_PLAY]
    row = rng.sample(black, rng.randint(0, 2))
    return play_state(hands, team_cards, rng.randrange(n), row)


def check_built_tricks(cfg: dict, count: int) -> int:
    eng = OpsnorrenEngine(cfg["choices"])
    reading = {cid: eng.choices[cid] for cid in S.TRICK_CHOICES}
    rng = random.Random(cfg["seed"])
    for k in range(count):
        n = rng.choice([3, 4, 5, 6])
        state = with_every_card(built_trick_state(rng, n))
        s = eng.from_json(state)
        _check_trick(eng, s, eng.to_json(s), reading, rng, n, k)
    return count


@st.composite
def readings(draw):
    spec = specs.load("opsnorren")
    choices = {cid: draw(st.sampled_from(sorted(ch.options))) for cid, ch in sorted(spec.choices.items())
               if cid in S.TRICK_CHOICES}
    return {"choices": choices, "seed": draw(st.integers(0, 2**32 - 1))}


def test_engine_and_z3_model_agree_on_built_tricks():
    """>= MIN_BUILT_TRICKS tricks built directly: jokers together, rule cards in both orders."""
    total = []

    @given(readings())
    def run(cfg):
        total.append(check_built_tricks(cfg, _batch_built()))

    run()
    assert sum(total) >= MIN_BUILT_TRICKS, f"only {sum(total)} tricks checked"
