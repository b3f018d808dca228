"""Dnup theorems over one action on a symbolic table (``model``), and a lasso search.

Bounds of the one-action theorems: ``K`` = 6 cards (enough for two conflicting sets of
size 3, or sets of sizes 1, 2 and 3 side by side) whose two values are symbolic (1..10,
different): the theorems hold for every deck, not only the assumed one; every place and
orientation of every card; 3 players with one area each, and 2 players with two areas
each (the variant); the mover is player 0 (players are interchangeable within one action)
in each of its areas; any player may be out of the round (their beaten set is discarded);
every action: A with any subset of cards, B with any card onto any other player's set,
C of any other player's set, D. Each (table shape, area, kind, target) is one query.
"""

from __future__ import annotations

import dataclasses

import z3

from proofs.core import PROVED, REFUTED, UNKNOWN, Outcome, find, prove, theorem

from . import model as M
from proofs.ops import And, Implies, Not, Or

K = 6
SHAPES = ((3, 1), (2, 2))  # (players, areas)


def symbolic_table(P: int, areas: int, K: int = K, tag: str = "") -> tuple[M.Table, list]:
    """A table of K cards with symbolic values, places and orientations. The cards are
    interchangeable (each has its own symbolic values), so every table is a permutation of
    one whose places are sorted: ``loc[0] <= loc[1] <= ...`` breaks that symmetry without
    losing a table (it halves the solving time)."""
    vals = [(z3.Int(f"v0_{k}{tag}"), z3.Int(f"v1_{k}{tag}")) for k in range(K)]
    dom = [And(a >= 1, a <= 10, b >= 1, b <= 10, a != b) for a, b in vals]
    T = M.Table(P, areas, vals, [z3.Int(f"loc_{k}{tag}") for k in range(K)],
                [z3.Bool(f"flip_{k}{tag}") for k in range(K)], [z3.Bool(f"out_{q}{tag}") for q in range(P)])
    dom += [T.loc[k] <= T.loc[k + 1] for k in range(K - 1)]
    return T, dom


def families(T: M.Table, p: int):
    chosen = [z3.Bool(f"ch_{k}") for k in range(T.K)]
    yield "A", ("A", chosen)
    for t in range(T.slots):
        if T.owner(t) != p:
            yield f"B-slot{t}", ("B", chosen, t)
            yield f"C-slot{t}", ("C", t)
    yield "D", ("D",)


def _v(m, x):
    r = m.eval(x, model_completion=True)
    return z3.is_true(r) if z3.is_bool(r) else r.as_long()


def witness_of(m, T: M.Table, action, post=None) -> dict:
    def table(loc, flip):
        return [{"values": [_v(m, a), _v(m, b)], "place": _place(T, _v(m, l)), "flipped": _v(m, f)}
                for (a, b), l, f in zip(T.values, loc, flip)]

    act = {"kind": action[0]}
    if action[0] in ("A", "B"):
        act["cards"] = [k for k, c in enumerate(action[1]) if _v(m, c)]
    if action[0] in ("B", "C"):
        act["slot"] = action[-1]
    w = {"players": T.players, "areas": T.areas, "out": [_v(m, o) for o in T.out], "action": act,
         "before": table(T.loc, T.flip)}
    if post is not None:
        w["after"] = table(*post)
    return w


def _place(T: M.Table, loc: int) -> str:
    if loc == M.DISCARD:
        return "discard"
    if 0 <= loc < T.players:
        return f"hand {loc}"
    s = loc - T.players
    return f"set of player {T.owner(s)} area {s % T.areas + 1}" if 0 <= s < T.slots else f"nowhere ({loc})"


def check_actions(claim, R: M.Rules | None = None, readings: tuple[str, ...] | None = None) -> Outcome:
    """Prove ``claim(R, T, p, area, action, legal, loc, flip)`` for every legal action of every
    table shape, area and reading (``readings``: the options of dnup.add-conflict to check;
    default the reading of ``R``)."""
    queries = 0
    for reading in readings or ((R or M.Rules()).add_conflict,):
        RR = R or M.Rules()
        RR = dataclasses.replace(RR, add_conflict=reading)
        for P, areas in SHAPES:
            T, dom = symbolic_table(P, areas)
            p = 0
            for area in range(1, areas + 1):
                s = z3.Solver()
                s.add(*dom, M.wellformed(RR, T, p, area))
                for fam, action in families(T, p):
                    legal, loc, flip = M.step(RR, T, p, area, action)
                    s.push()
                    s.add(legal)
                    queries += 1
                    claims = claim(RR, T, p, area, action, loc, flip)
                    for part in claims if isinstance(claims, list) else [claims]:
                        out = prove(s, part, lambda m, action=action, loc=loc, flip=flip:
                                    witness_of(m, T, action, (loc, flip)))
                        if out.status != PROVED:
                            break
                    s.pop()
                    if out.status != PROVED:
                        out.detail += f" ({P} players, area {area}, {fam}, add-conflict={reading})"
                        return out
    return Outcome(PROVED, detail=f"{queries} queries (reading x table shape x area x action), all unsat")


# ----------------------------------------------------------------------------- claims
def conservation(R, T: M.Table, p, area, action, loc, flip):
    """Every card ends in exactly one place (a hand, a set, the discard pile); a card changes
    place only as the action moves it (A/B: from the mover's hand to the set; C: from the set
    to the mover's hand) or as a beaten set goes back whole to its owner's hand (to the discard
    pile only when the owner is out of the round)."""
    P = T.players
    kind = action[0]
    own = T.slot(p, area)
    parts = []
    for k in range(T.K):
        was, now = T.loc[k], loc[k]
        parts.append(Or(now == M.DISCARD, And(now >= 0, now < P + T.slots)))
        ways = []
        if kind == "A":
            ways.append(And(action[1][k], was == p, now == P + own))
        if kind == "B":
            ways.append(And(action[1][k], was == p, now == P + action[2]))
        if kind == "C":
            ways.append(And(was == P + action[1], now == p))
        for s in range(T.slots):
            q = T.owner(s)
            ways.append(And(was == P + s, Or(And(now == q, Not(T.out[q])), And(now == M.DISCARD, T.out[q]))))
            if kind == "B" and s == action[2]:  # the card added to a set that then goes back (consequence)
                ways.append(And(action[1][k], was == p, Or(And(now == q, Not(T.out[q])), And(now == M.DISCARD, T.out[q]))))
        parts.append(Implies(now != was, Or(*ways)))
    return And(*parts)


def same_size(R, T: M.Table, p, area, action, loc, flip):
    """After the action the table satisfies the same-size rule of the reading and every set
    still shows one active value. One query per pair of slots and per slot (their
    conjunction is ``same_size_rule`` and ``one_value`` of the table after)."""
    after = M.Table(T.players, T.areas, T.values, loc, flip, T.out)
    parts = []
    for s in range(after.slots):
        for u in range(s + 1, after.slots):
            parts.append(M.same_size_pair(R, after, s, u))
    return parts + [M.one_value(after, s) for s in range(after.slots)]


def flips(R, T: M.Table, p, area, action, loc, flip):
    """A flip is an involution: a second dnup by the same player restores the table exactly;
    every card a dnup or a take (C) or a return turns shows its other value, and no other card
    turns."""
    parts = []
    kind = action[0]
    if kind == "D":
        after = M.Table(T.players, T.areas, T.values, loc, flip, T.out)
        _, loc2, flip2 = M.step(R, after, p, area, ("D",))
        parts += [And(a == b, fa == fb) for a, b, fa, fb in zip(loc2, T.loc, flip2, T.flip)]
    for k in range(T.K):
        v0, v1 = T.values[k]
        turned = flip[k] != T.flip[k]
        before = z3.If(T.flip[k], v1, v0)
        other = z3.If(T.flip[k], v0, v1)
        after_v = z3.If(flip[k], v1, v0)
        parts.append(after_v == z3.If(turned, other, before))
        moved_to_hand = And(loc[k] != T.loc[k], loc[k] >= 0, loc[k] < T.players)
        if kind == "D":
            parts.append(turned == (T.loc[k] == p))
        else:
            # only cards going into a hand from the table turn (C, a returned set; under the seed
            # reading the card of a B goes back with the set it extended)
            from_table = T.loc[k] >= T.players
            if kind == "B":
                from_table = Or(from_table, action[1][k])
            parts.append(turned == And(moved_to_hand, from_table))
    return And(*parts)


BOUNDS = (f"{K} cards with symbolic values (any deck, values 1..10); 3 players x 1 area and 2 players x 2 areas; "
          "mover player 0 in each area; any players out; actions A (any subset), B (any card, any other set), "
          "C (any other set), D")


@theorem("dnup.card-conservation", "dnup", ["DNP-ACTION-A", "DNP-ACTION-B", "DNP-ACTION-C", "DNP-ACTION-D",
                                             "DNP-A-RETURN", "DNP-B-CONFLICT", "DNP-FIRST-OUT-BEATEN"],
         "Over every legal action, under both readings of dnup.add-conflict, every card stays in exactly one place "
         "and changes place only as the action moves it or as a beaten set goes back whole to its owner.",
         BOUNDS + "; both readings")
def _t_conservation():
    return check_actions(conservation, readings=("illegal", "consequence"))


@theorem("dnup.flip-involution", "dnup", ["DNP-ACTION-D", "DNP-ACTION-C", "DNP-A-RETURN", "DNP-FAQ-DNUP",
                                           "DNP-KEEP-ORIENTATION"],
         "A flip is an involution: two dnups restore the table; a flipped card shows its other value; only the "
         "cards of a dnup, of a taken set and of a returned set turn.", BOUNDS + "; both readings")
def _t_flip():
    return check_actions(flips, readings=("illegal", "consequence"))


@theorem("dnup.same-size-rule-faq", "dnup", ["DNP-A-HIGHER", "DNP-A-RETURN", "DNP-B-CONFLICT", "DNP-FAQ-CONFLICT",
                                              "DNP-TWO-CONFLICT-OWN", "DNP-SET"],
         "Reading illegal (FAQ, default): after any legal action no two sets on the table have the same size, and "
         "every set shows one active value.", BOUNDS + "; reading illegal")
def _t_same_size_faq():
    return check_actions(same_size, readings=("illegal",))


@theorem("dnup.same-size-rule-seed", "dnup", ["DNP-A-HIGHER", "DNP-A-RETURN", "DNP-B-CONFLICT", "DNP-FAQ-CONFLICT",
                                               "DNP-TWO-CONFLICT-OWN", "DNP-SET"],
         "Reading consequence (seed line 26): after any legal action two sets of the same size always have the same "
         "value (nothing lower stays beside a higher set of its size), and every set shows one active value.",
         BOUNDS + "; reading consequence")
def _t_same_size_seed():
    return check_actions(same_size, readings=("consequence",))


# ----------------------------------------------------------------------------- termination
LASSO_PLAYERS = 3


def first_deal(players: int) -> tuple[list[str], list, list[int], list[bool]]:
    """One deal the chance node can produce (reachable): cards in id order dealt round the
    table, every card unflipped, the start card with player 0 (who therefore begins)."""
    ids, values = M.deck_cards(players)
    loc = [k % players for k in range(len(ids))]
    sc = ids.index(_start_card())
    if loc[sc] != 0:
        swap = next(k for k in range(len(ids)) if loc[k] == 0)
        loc[sc], loc[swap] = 0, loc[sc]
    return ids, values, loc, [False] * len(ids)


def lasso(steps: int = 6, players: int = LASSO_PLAYERS, allow_dnup: bool = True, timeout_ms: int = 20_000):
    """Search a lasso: from a state right after a deal (``first_deal``: a reachable state),
    ``steps`` legal turns (each: discard one's own set, one action, nobody going out) that lead
    back to the very same table with the same player to move: a game that never ends. Returns
    (status, witness) as ``proofs.core.find``; the actions in the witness are symbolic choices
    Z3 made among every action kind each turn."""
    ids, values, loc0, flip0 = first_deal(players)
    Kc = len(ids)
    out = [False] * players
    s = z3.Solver()
    R = M.Rules()
    loc, flip = loc0, flip0
    plan = []
    for i in range(steps):
        p = i % players
        slot = p  # one area per player
        loc = [z3.If(l == players + slot, M.DISCARD, l) for l in loc]  # DNP-DISCARD-OWN-SET
        T = M.Table(players, 1, values, loc, flip, out)
        chosen = [z3.Bool(f"ch{i}_{k}") for k in range(Kc)]
        cands = [("A", ("A", chosen))]
        for t in range(players):
            if t != slot:
                cands += [(f"B{t}", ("B", chosen, t)), (f"C{t}", ("C", t))]
        if allow_dnup:
            cands.append(("D", ("D",)))
        sel = z3.Int(f"sel{i}")
        s.add(sel >= 0, sel < len(cands))
        nloc, nflip = list(loc), list(flip)
        for j in reversed(range(len(cands))):
            legal, l2, f2 = M.step(R, T, p, 1, cands[j][1])
            stays = True if cands[j][0][0] in "CD" else z3.Sum([z3.If(x == p, 1, 0) for x in l2]) >= 1
            s.add(z3.Implies(sel == j, z3.And(legal, stays)))
            nloc = [z3.If(sel == j, a, b) for a, b in zip(l2, nloc)]
            nflip = [z3.If(sel == j, a, b) for a, b in zip(f2, nflip)]
        plan.append((p, sel, cands, chosen, T))
        loc, flip = nloc, nflip
    goal = z3.And(*[a == b for a, b in zip(loc, loc0)], *[a == b for a, b in zip(flip, flip0)])

    def witness(m):
        hands = [[] for _ in range(players)]
        for k in range(Kc):
            hands[loc0[k]].append([ids[k], flip0[k]])
        acts = []
        for p, sel, cands, chosen, T in plan:
            name, act = cands[m.eval(sel, model_completion=True).as_long()]
            picked = sorted(ids[k] for k in range(Kc) if z3.is_true(m.eval(chosen[k], model_completion=True)))
            if name == "A":
                acts.append({"type": "play", "player": p, "cards": picked})
            elif name[0] == "B":
                acts.append({"type": "add", "player": p, "card": picked[0], "owner": act[2], "area": 1})
            elif name[0] == "C":
                acts.append({"type": "take", "player": p, "owner": act[1], "area": 1})
            else:
                acts.append({"type": "flip", "player": p})
        return {"players": players, "hands": hands, "start_player": 0, "actions": acts}

    return find(s, goal, witness, timeout_ms=timeout_ms)


def _start_card() -> str:
    import specs

    return next(c["id"] for c in specs.load("dnup").param("deck")["cards"] if c["mark"] == "start")


@theorem("dnup.every-game-ends", "dnup", ["DNP-GAME-END", "DNP-TURN-CAP", "DNP-ACTION-D", "DNP-ONE-ACTION",
                                           "DNP-DISCARD-OWN-SET"],
         "Every Dnup game ends: no reachable state is revisited without a player going out (expected refuted: "
         "the witness is a lasso, an endless game the rules allow).",
         f"{LASSO_PLAYERS} players, the assumed deck; lasso of {2 * LASSO_PLAYERS} turns from one reachable state "
         "right after a deal (first_deal), every action kind available each turn", expect=REFUTED)
def _t_ends():
    status, w = lasso(2 * LASSO_PLAYERS)
    if status == "sat":
        return Outcome(REFUTED, witness=w, detail="lasso found: the same table and player to move recur with "
                       "nobody going out")
    if status == "unsat":
        return Outcome(PROVED, detail=f"no lasso of {2 * LASSO_PLAYERS} turns")
    return Outcome(UNKNOWN, detail="solver gave up")


def singles_lasso(players: int = LASSO_PLAYERS) -> dict:
    """A lasso without any dnup: from ``first_deal``, one card of player 0 and one of player 2
    travel round the table as sets of one card, each taken (C, flipping it) by the player after
    the next before its owner's turn comes back; after 8 * players turns every card is back in
    its first hand with its first orientation and the same player is to move. Built by this
    pattern and checked turn by turn on the model (legal, nobody out, same state at the end);
    raises AssertionError when a turn is not legal."""
    from . import canonical as C

    ids, values, loc, flip = first_deal(players)
    hands = [[] for _ in range(players)]
    for k in range(len(ids)):
        hands[loc[k]].append([ids[k], flip[k]])
    a, b = hands[0][1][0], hands[players - 1][0][0]
    state = C.state_json(players, hands, [[[]] for _ in range(players)], 0)
    s = dict(state)
    acts = []
    nxt_card = 0
    for t in range(8 * players):
        p = t % players
        owners = [q for q in range(players) if q != p and s["sets"][q][0]]
        if owners:
            act = {"type": "take", "player": p, "owner": owners[0], "area": 1}
        else:
            act = {"type": "play", "player": p, "cards": [(a, b)[nxt_card % 2]]}
            nxt_card += 1
        T, tids = C.table(s)
        found = [x for x in C.legal(M.Rules(), T, tids, p, 1) if x[0] == act]
        assert found, f"turn {t}: {act} is not legal in the model"
        _, model_act, nloc, nflip = found[0]
        after = C.successor(s, T, tids, model_act[0], nloc, nflip)
        assert not after["round_over"] and not after["out"], f"turn {t}: a player went out"
        s = {**s, **{k: v for k, v in after.items() if k != "round_over"}}
        acts.append(act)
    for f in ("hands", "sets", "discard", "to_move", "area"):
        assert s[f] == state[f], f"the pattern does not come back ({f} differs)"
    return {"players": players, "hands": hands, "start_player": 0, "actions": acts}


@theorem("dnup.every-game-without-dnups-ends", "dnup", ["DNP-GAME-END", "DNP-TURN-CAP", "DNP-ACTION-A",
                                                        "DNP-ACTION-C", "DNP-DISCARD-OWN-SET"],
         "Forbidding the dnup would make every game end (expected refuted: a lasso using only actions A and C).",
         f"{LASSO_PLAYERS} players, the assumed deck, from first_deal; the witness is built by a pattern (two single "
         f"cards passed round by takes, {8 * LASSO_PLAYERS} turns) and checked turn by turn on the model; Z3's "
         "bounded search finds no dnup-free lasso of 6 turns from this deal", expect=REFUTED)
def _t_ends_without_dnups():
    w = singles_lasso()
    return Outcome(REFUTED, witness=w, detail=f"lasso of {len(w['actions'])} turns without a dnup, checked on the model")
