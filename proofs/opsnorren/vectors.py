"""Witnesses become test vectors: ``python -m proofs.opsnorren.vectors [DIR]`` (re)writes
``specs/opsnorren/vectors/*.json`` (or DIR's) deterministically from the Z3 witnesses of the
ambiguity register; ``harness/games/opsnorren/test_opsnorren_vectors.py`` replays them against
the engine under test.

A vector file::

    {"id", "kind" (rule-order | reading | joker-interaction), "title", "clauses": [...],
     "choice": <choice id or null>, "source": <register item id>,
     "cases": [{"name", "choices": {id: option},           # the reading this case holds under
                "kind": "trick" | "pass" | "setup",
                "state": <canonical state JSON>,           # trick and pass cases
                "steps": [{"action": {...}, "legal": [card, ...]}],   # legal cards before each play
                "illegal": <action that must be rejected> | null,
                "monkey": {"player", "candidates": [...], "action": {...}} | null,
                "expect": {"leader": p, "winner": p | null, "cards": {card: "A" | "B" | "discarded"}}}]}

The canonical state is built here from the specs (state schema, component tables), not
by the engine: a trick at the start, leader = player 0, every player holding the card
they play, one card of every other colour the witness says they hold, and padding so
that all hands have the same size (at least 2, so the round goes on after the trick).
"""

from __future__ import annotations

import itertools
from pathlib import Path

from proofs import vectorio
from proofs.opsnorren import diff as D
from proofs.opsnorren import model as M
from proofs.opsnorren import search as Q
from proofs.opsnorren import spec as S

VECTOR_DIR = Path(__file__).resolve().parents[2] / "specs" / "opsnorren" / "vectors"


def _index(card: str) -> int:
    return S.card_names().index(card)


def _sorted(cards) -> list[str]:
    return sorted(cards, key=_index)


def _row4(trick_cards: list[str]) -> tuple[list[str], int]:
    """The rule row (2 white, 2 black) with ``trick_cards`` revealed in order, and the round."""
    piles = S.rule_piles()
    whites = [r for r in piles["white"] if r != "pass-three"][:2]
    if len(trick_cards) > 2 or any(c not in piles["black"] for c in trick_cards):
        raise ValueError(f"rule cards {trick_cards} do not fit the 2 black places of a row")
    rest = [r for r in piles["black"] if r not in trick_cards and r not in S.TRICK_PLAY]
    rest += [r for r in piles["black"] if r not in trick_cards and r not in rest]
    blacks = list(trick_cards) + rest[: 2 - len(trick_cards)]
    rnd = {0: 1, 1: 3, 2: 4}[len(trick_cards)]
    return whites + blacks, rnd


def _teams(n: int, letters: list[str]) -> list[str]:
    """Team cards for players in seat order (the first player of a team gets its crown card)."""
    cards = list(S.team_cards(n))
    out = []
    for t in letters:
        pick = next((c for c in cards if c == f"{t}+crown"), None) or next((c for c in cards if c == t), None)
        if pick is None:
            raise ValueError(f"{n} players: the team cards {S.team_cards(n)} have no card left for team {t}")
        cards.remove(pick)
        out.append(pick)
    return out


def _history(rnd: int, team_cards: list[str]) -> tuple[list, list]:
    trophies_table = S.spec().param("trophies")["trophies"]
    hist = [{"round": k, "stars": {"A": 0, "B": 0}, "winner": "A"} for k in range(1, rnd)]
    trophies = [[] for _ in team_cards]
    for k in range(1, rnd):
        a_players = [p for p, t in enumerate(team_cards) if t.startswith("A")]
        for j, p in enumerate(a_players):
            trophies[p].append(trophies_table[k - 1][j])
    return hist, trophies


def trick_state(w_trick: dict, row: list[str]) -> tuple[dict, list[list[str]]]:
    """Canonical state at the start of the witness trick, and every player's hand."""
    n = w_trick["players"]
    cards = w_trick["cards"]
    used = set(cards)
    hands = []
    for i in range(n):
        hand = [cards[i]]
        for colour in w_trick["holds"][i]:
            if " " in cards[i] and cards[i].split(" ")[0] == colour:
                continue
            hand.append(_free(colour, used))
        hands.append(hand)
    size = max(2, max(len(h) for h in hands))
    for i, hand in enumerate(hands):
        while len(hand) < size:
            colour = cards[i].split(" ")[0] if " " in cards[i] else (w_trick["holds"][i] or [S.colours()[0]])[0]
            hand.append(_free(colour, used))
    return play_state(hands, _teams(n, w_trick["teams"]), 0, row), hands


def play_state(hands: list[list[str]], team_cards: list[str], leader: int, row: list[str]) -> dict:
    """Canonical state at the start of a trick: ``hands`` per seat, the trick-play rule cards
    ``row`` revealed in that order (round 1, 3 or 4), ``leader`` to play."""
    n = len(hands)
    rules, rnd = _row4(row)
    hist, trophies = _history(rnd, team_cards)
    return {
        "game": "opsnorren", "players": n, "round": rnd, "rules": rules, "revealed": rnd, "phase": "play",
        "team_cards": list(team_cards), "hands": [_sorted(h) for h in hands], "passing": [[] for _ in range(n)],
        "trick": [], "leader": leader, "won": [[] for _ in range(n)], "discarded": [], "aside": [], "history": hist,
        "trophies": trophies, "to_move": leader, "chance": None, "result": None,
    }


def _free(colour: str, used: set) -> str:
    for v in reversed(S.values()):
        name = f"{colour} {v}"
        if name not in used:
            used.add(name)
            return name
    raise ValueError(f"no {colour} card left")


def trick_case(name: str, w: dict, variant: dict, tested: tuple[str, ...] = ()) -> dict:
    """One replayable case: the witness trick under one variant (reading and row)."""
    tr = D.trick_of(w["trick"])
    reading, row = variant["reading"], variant["row"]
    state, hands = trick_state(w["trick"], row)
    cards = w["trick"]["cards"]
    leads = M.bindings(tr, reading, row)  # what each player must follow (ops.lead-colour-binds)
    legal = M.legal_trick(tr, reading, row)
    steps, illegal = [], None
    for i in range(tr.n):
        action = {"type": "play", "player": i, "card": cards[i]}
        step_legal = _sorted(M.legal_cards(hands[i], leads[i]))
        if not legal[i]:
            illegal = {"action": action, "legal": step_legal}
            break
        steps.append({"action": action, "legal": step_legal})
    binding, otp = variant.get("binding", "late"), variant.get("own_team_pick", True)
    case = {"name": name, "kind": "trick",
            "choices": {c: reading[c] for c in S.TRICK_CHOICES
                        if reading[c] != S.default(c) or c in tested or _depends_on(tr, reading, row, binding, otp, c)},
            "row": list(row), "state": state, "steps": steps, "illegal": illegal, "monkey": None, "expect": None}
    if illegal is None:
        res = M.resolve(tr, reading, row, variant.get("binding", "late"), variant.get("own_team_pick", True))
        if res["pick_on"]:
            monkey = tr.kind.index(M.MONKEY)
            case["monkey"] = {"player": monkey,
                              "candidates": _sorted(cards[i] for i in range(tr.n) if res["candidate"][i]),
                              "action": {"type": "monkey", "player": monkey, "card": cards[tr.pick]}}
        case["expect"] = {
            "leader": res["next_leader"], "winner": res["winner"] if res["has_winner"] else None,
            "cards": {cards[i]: ("discarded" if res["dest"][i] == M.DISCARD else Q.TEAM[res["dest"][i]])
                      for i in range(tr.n)}}
    return case


def _signature(tr, reading, row, binding, otp) -> tuple:
    """What an engine shows of a trick under ``reading``: legal plays, winner, leader, card places, pick."""
    res = M.resolve(tr, reading, row, binding, otp)
    return (tuple(bool(x) for x in M.legal_trick(tr, reading, row)), res["next_leader"],
            res["winner"] if res["has_winner"] else None, tuple(res["dest"]), bool(res["pick_on"]),
            tuple(bool(x) for x in res["candidate"]))


def _depends_on(tr, reading, row, binding, otp, cid) -> bool:
    """The case's outcome changes under another option of ``cid``: the case holds only under its own."""
    here = _signature(tr, reading, row, binding, otp)
    return any(_signature(tr, {**reading, cid: o}, row, binding, otp) != here
               for o in S.options(cid) if o != reading[cid])


def _clauses_of(reading_choices, extra=()) -> list[str]:
    out = list(extra)
    for cid in reading_choices:
        out += [c for c in S.spec().choices[cid].clauses if c not in out]
    return out


# ------------------------------------------------------------------ vectors from the register's witnesses
def rule_order_vectors() -> list[dict]:
    """Conflicts of the rule-order sweep under readings an engine can be configured with
    (equal values set aside first, triggers by the cards still in the trick): the other
    sweep readings are not choices, so their witnesses are not replayed."""
    from proofs.opsnorren import sweep as W

    out = []
    for p in W.sweep()["pairs"]:
        if p.get("kind") != "trick" or p.get("via"):
            continue
        a, b = p["cards"]
        for r in p["results"].values():
            c = r["readings"]
            if r["status"] != "conflict" or c["filter_at"] != "first" or c["trigger"] != "filtered":
                continue
            wro, binding = c[W.WRO], c["binding"]
            w = W.nicest([tuple(o) for o in r["witness"]["orders"]], c, r["players"])
            cases = []
            for order, row in zip(w["orders"], w["rows"]):
                variant = {"reading": {**w["reading"], W.WRO: wro}, "row": list(order), "binding": "late"}
                cases.append(trick_case(f"row {' | '.join(order)}, {W.WRO}={wro}", w, variant, (W.WRO,)))
            why = ("the two orders give different results (our reading)" if binding == "late" else
                   "found under the rejected 'snapshot' binding; under our reading both orders give the same result")
            out.append({
                "id": f"order-{a}-{b}-{wro}-{binding}", "kind": "rule-order", "source": f"ops.order.{a}+{b}",
                "title": f"Row order of {a} and {b} ({W.WRO}={wro}, found with binding {binding}): {why}",
                "clauses": list(S.clauses("OPS-RULES-LEFT-TO-RIGHT")) + [S.rule_clause(a), S.rule_clause(b)],
                "choice": None, "cases": cases})
    return out


def reading_vectors() -> list[dict]:
    out = []
    for cid, per in D.reading_witnesses().items():
        for p in per:
            w = p["witness"]
            if not w:
                continue
            if cid == "own-team-pick":
                fixed = p["fixed"]
                opt = fixed["ops.monkey-discarded"]
                v = w["variants"][0]  # the rulebook's 'always pick'; the skip variant is not an engine reading
                out.append({
                    "id": f"monkey-own-team-{opt}", "kind": "joker-interaction", "source": "ops.joker.monkey-own-team",
                    "title": "The monkey's own team takes the trick, yet its pick changes a team pile",
                    "clauses": list(S.clauses("OPS-MONKEY", "OPS-TEAM-PILES", "OPS-RULE-EQUAL-DISCARDED")),
                    "choice": None,
                    "cases": [trick_case(f"monkey picks, ops.monkey-discarded={opt}", w, v, ("ops.monkey-discarded",))]})
                continue
            o1, o2 = p["options"]
            cases = [trick_case(f"{cid}={v['reading'][cid]}", w, v, (cid,)) for v in w["variants"]]
            out.append({"id": f"{cid.removeprefix('ops.')}-{o1}-vs-{o2}", "kind": "reading", "source": cid,
                        "title": S.spec().choices[cid].question, "clauses": _clauses_of([cid]), "choice": cid,
                        "cases": cases})
    return out


# ------------------------------------------------------------------ the two setup choices
def pass_jokers_case() -> dict:
    """ops.pass-jokers: 3 players, pass-three revealed, the solo player (crown) holds the jokers."""
    n = 3
    piles = S.rule_piles()
    whites = ["pass-three"] + [r for r in piles["white"] if r != "pass-three"][:1]
    blacks = [r for r in piles["black"] if r not in S.TRICK_PLAY][:1]
    blacks += [r for r in piles["black"] if r not in blacks][: 2 - len(blacks)]
    table = S.deal_table()[n]
    animals = [c for c in S.card_names() if " " in c]
    sizes = [table["small_animals"], table["cards"], table["cards"]]
    hands, at = [], 0
    for k in sizes:
        hands.append(animals[at: at + k])
        at += k
    hands[0] = hands[0] + list(S.jokers())
    team_cards = _teams(n, ["A", "B", "B"])
    state = {"game": "opsnorren", "players": n, "round": 1, "rules": whites + blacks, "revealed": 1, "phase": "pass",
             "team_cards": team_cards, "hands": [_sorted(h) for h in hands], "passing": [[] for _ in range(n)],
             "trick": [], "leader": 0, "won": [[] for _ in range(n)], "discarded": [], "aside": animals[at:],
             "history": [], "trophies": [[] for _ in range(n)], "to_move": 0, "chance": None, "result": None}
    action = {"type": "pass", "player": 0, "cards": _sorted([S.jokers()[0]] + hands[0][:2])}
    count = {"yes": len(list(itertools.combinations(hands[0], 3))),
             "no": len(list(itertools.combinations([c for c in hands[0] if " " in c], 3)))}
    cases = []
    for opt in S.options("ops.pass-jokers"):
        ok = opt == "yes"
        cases.append({"name": f"ops.pass-jokers={opt}", "kind": "pass", "choices": {"ops.pass-jokers": opt},
                      "state": state, "legal_count": count[opt], "action": action, "accepted": ok})
    return {"cases": cases,
            "summary": {o: f"the solo player has {count[o]} legal passes; passing {action['cards']} is "
                           f"{'legal' if o == 'yes' else 'illegal'}" for o in count},
            "witness": {"state": "3 players, pass phase, pass-three revealed", "action": action,
                        "legal_passes": count}}


def beginner_case() -> dict:
    """ops.beginner-setup: the rule-card piles of a new game, and a row with a moustache card."""
    moustache = S.spec().param("moustache-cards")["moustache"]
    piles = S.rule_piles()
    pools = {"no": piles, "yes": {k: [r for r in v if r not in moustache] for k, v in piles.items()}}
    with_m = [r for r in piles["black"] if r in moustache][:1]
    whites = [r for r in piles["white"] if r not in moustache][:2]
    blacks = with_m + [r for r in piles["black"] if r not in moustache][: 2 - len(with_m)]
    row = whites + blacks
    cases = [{"name": f"ops.beginner-setup={o}", "kind": "setup", "choices": {"ops.beginner-setup": o},
              "config": {"players": 4}, "pools": {k: list(v) for k, v in pools[o].items()},
              "row_config": {"players": 4, "rule_cards": row}, "row_accepted": o == "no"}
             for o in S.options("ops.beginner-setup")]
    return {"cases": cases,
            "summary": {o: f"white pile {list(pools[o]['white'])}, black pile {list(pools[o]['black'])}; the row "
                           f"{row} is {'accepted' if o == 'no' else 'refused'}" for o in pools},
            "witness": {"moustache_cards": moustache, "row": row}}


def setup_vectors() -> list[dict]:
    out = []
    for cid, make in (("ops.pass-jokers", pass_jokers_case), ("ops.beginner-setup", beginner_case)):
        if cid not in S.spec().choices:
            continue
        out.append({"id": cid.removeprefix("ops."), "kind": "reading", "source": cid,
                    "title": S.spec().choices[cid].question, "clauses": list(S.spec().choices[cid].clauses),
                    "choice": cid, "cases": make()["cases"]})
    return out


def all_vectors() -> list[dict]:
    return sorted(rule_order_vectors() + reading_vectors() + setup_vectors(), key=lambda v: v["id"])


def write(directory: Path = VECTOR_DIR) -> list[Path]:
    directory.mkdir(parents=True, exist_ok=True)
    vectors = all_vectors()
    paths = []
    keep = set()
    for v in vectors:
        path = directory / f"{v['id']}.json"
        text = vectorio.vector_text(v)
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
        keep.add(path.name)
        paths.append(path)
    for old in directory.glob("*.json"):
        if old.name not in keep:
            old.unlink()
    return paths


if __name__ == "__main__":
    vectorio.main(write, VECTOR_DIR)  # python -m proofs.opsnorren.vectors [DIR]
