"""Opsnorren theorems (``rulecheck prove --game opsnorren``).

Each theorem states its bounds and names its clauses; proved = the negation is unsat for
every bound listed, refuted = a concrete counterexample (re-derived with plain Python
values from the Z3 model), unknown = a timeout (a failure). "Every row" means a
symbolic row of up to all five trick-play rule cards in any order, empty slots allowed
(so every subset and every order); "every reading" means the six trick choices of
specs/opsnorren/choices.toml left symbolic; both bindings of model.py are covered where
stated.
"""

from __future__ import annotations

import z3

from proofs.core import PROVED, REFUTED, Outcome, prove, theorem
from proofs.opsnorren import model as M
from proofs.opsnorren import search as Q
from proofs.opsnorren import spec as S

NS = (3, 4, 5, 6)


def _over(ns, make) -> Outcome:
    """Run ``make(n) -> Outcome`` for each n; the first refutation or unknown wins."""
    details = []
    for n in ns:
        out = make(n)
        if out.status != PROVED:
            out.detail = f"{n} players: {out.detail}"
            return out
        details.append(str(n))
    return Outcome(PROVED, detail="proved for " + ", ".join(details) + " players")


def _trick_witness(tr, rd, row, binding="late", extra=None):
    def w(m):
        out = Q.describe(Q.concrete_of(m, tr), Q.reading_of(m, rd), Q.row_of(m, row), binding)
        out["reading"] = Q.reading_of(m, rd)
        if extra:
            out.update({k: Q.ev(m, v) for k, v in extra.items()})
        return out
    return w


# ------------------------------------------------------------------ conservation
@theorem(
    "ops.trick-conservation", "opsnorren",
    S.clauses("OPS-WINNER-TAKES", "OPS-TEAM-PILES", "OPS-DOVE", "OPS-MONKEY", "OPS-RULE-EQUAL-DISCARDED",
              "OPS-ALL-DISCARDED-STARTER"),
    "Every card of a trick ends in exactly one place: the taker's team pile, the monkey's team pile, or the "
    "discard; and a card goes to a team pile only for the taker's or the monkey's team.",
    "3-6 cards (jokers with 3 and 5 players), every legal trick, every row, every reading, both bindings")
def conservation() -> Outcome:
    def one(n):
        for binding in M.BINDINGS:
            s, tr, rd, row = Q.base_solver(n, f"cons{n}{binding}")
            res = Q.resolved(s, tr, rd, row, binding)
            claims = []
            for i in range(n):
                places = [res["to_taker"][i], res["to_monkey"][i], res["to_discard"][i]]
                exactly_one = z3.PbEq([(z3.BoolVal(p) if isinstance(p, bool) else p, 1) for p in places], 1)
                d = res["dest"][i]
                claims += [exactly_one,
                           M.implies(res["to_taker"][i], z3.And(d == res["taker_team"], res["taker"] != M.DISCARD)),
                           M.implies(res["to_monkey"][i], z3.And(d == res["monkey_team"], res["monkey"])),
                           M.implies(res["to_discard"][i], d == M.DISCARD)]
            out = prove(s, z3.And(*claims), _trick_witness(tr, rd, row, binding))
            if out.status != PROVED:
                return out
        return Outcome(PROVED)
    return _over(NS, one)


# ------------------------------------------------------------------ follow suit
H = max(r["cards"] for r in S.deal_table().values())  # largest hand of the deal table


def _hand(n_tag: str, size: int):
    pres = [z3.Bool(f"{n_tag}_p{j}") for j in range(size)]
    k = [z3.Int(f"{n_tag}_k{j}") for j in range(size)]
    c = [z3.Int(f"{n_tag}_c{j}") for j in range(size)]
    v = [z3.Int(f"{n_tag}_v{j}") for j in range(size)]
    cons = []
    for j in range(size):
        cons += [k[j] >= 0, k[j] <= 3, c[j] >= 0, c[j] < len(S.colours()), v[j] >= 0, v[j] <= S.values()[-1],
                 z3.Implies(k[j] != M.ANIMAL, z3.And(c[j] == 0, v[j] == 0))]
        for i in range(j):
            cons.append(z3.Implies(z3.And(pres[i], pres[j]),
                                   z3.If(k[j] == M.ANIMAL, z3.Or(k[i] != M.ANIMAL, c[i] != c[j], v[i] != v[j]),
                                         k[i] != k[j])))
    return pres, k, c, v, cons


@theorem(
    "ops.follow-suit-legal-set", "opsnorren",
    S.clauses("OPS-FOLLOW-SUIT", "OPS-DISCARD-FREE", "OPS-JOKER-ANYTIME", "OPS-LEAD", "OPS-JOKER-LEAD",
              "OPS-RULE-NEW-LEAD-COLOUR"),
    "For every hand and every turn of a legal trick, the legal set is non-empty and equals the rulebook's "
    "predicate: a joker, a card of the lead colour, or any card when the hand has no lead colour (or there is "
    "no lead colour yet); also under 'not following makes a new lead colour' and both joker-lead readings.",
    f"hands of 1-{H} cards, turns 1-6 of a legal trick of 3-6 cards, every row, every reading")
def follow_suit() -> Outcome:
    def one(n):
        s, tr, rd, row = Q.base_solver(n, f"fs{n}")
        lds = M.leads(tr, rd, row)
        turn = z3.Int(f"fs{n}_turn")  # whose turn: the hand is that player's
        s.add(turn >= 0, turn < n)
        lead = M.NO_LEAD_YET
        for i in reversed(range(n)):
            lead = z3.If(turn == i, lds[i], lead)
        pres, k, c, v, cons = _hand(f"fs{n}h", H)
        s.add(*cons)
        s.add(z3.Or(*pres))
        for j in range(H):  # the hand holds none of the cards already played this trick
            for i in range(n):
                s.add(z3.Implies(z3.And(pres[j], i < turn),
                                 z3.Or(k[j] != tr.kind[i], c[j] != tr.col[i], v[j] != tr.val[i],
                                       z3.And(k[j] != M.ANIMAL, k[j] != tr.kind[i]))))
        holds = [z3.Or(*[z3.And(pres[j], k[j] == M.ANIMAL, c[j] == col) for j in range(H)])
                 for col in range(len(S.colours()))]
        model_legal = [z3.And(pres[j], z3.Not(M.must_follow_violation(k[j], c[j], holds, lead))) for j in range(H)]
        has_lead = z3.Or(*[z3.And(pres[j], k[j] == M.ANIMAL, c[j] == lead) for j in range(H)])
        rulebook = [z3.And(pres[j], z3.Or(k[j] != M.ANIMAL, lead < 0, c[j] == lead, z3.Not(has_lead)))
                    for j in range(H)]
        claims = [z3.Or(*model_legal)] + [model_legal[j] == rulebook[j] for j in range(H)]
        return prove(s, z3.And(*claims), _trick_witness(tr, rd, row))
    return _over(NS, one)


@theorem(
    "ops.new-lead-is-last-colour", "opsnorren",
    S.clauses("OPS-RULE-NEW-LEAD-COLOUR", "OPS-LEAD", "OPS-JOKER-LEAD"),
    "Under 'not following makes a new lead colour' (and joker-lead reading first-animal), the lead colour at "
    "every turn of a legal trick is the colour of the last animal card played before it; without that card, "
    "the colour of the first animal card played.",
    "3-6 cards, every legal trick, every row containing new-lead-colour, ops.joker-lead-colour=first-animal")
def new_lead_last() -> Outcome:
    def one(n):
        reading, rc = M.symbolic_reading(f"nl{n}rd")
        s, tr, rd, row = Q.base_solver(n, f"nl{n}", reading={**reading, "ops.joker-lead-colour": "first-animal"})
        s.add(*rc)
        s.add(M.row_flags(row)["new-lead-colour"])
        lds = M.leads(tr, rd, row)
        plain = M.leads(tr, rd, [])  # the lead without the card: first animal's colour
        claims = []
        for i in range(n):
            last = M.NO_LEAD_YET
            for j in range(i):
                last = M.ite(tr.kind[j] == M.ANIMAL, tr.col[j], last)
            claims.append(lds[i] == last)
            claims.append(plain[i] == first_colour(tr, i))
        return prove(s, z3.And(*claims), _trick_witness(tr, rd, row))
    return _over(NS, one)


def first_colour(tr, i):
    out = M.NO_LEAD_YET
    for j in reversed(range(i)):
        out = M.ite(tr.kind[j] == M.ANIMAL, tr.col[j], out)
    return out


# ------------------------------------------------------------------ the winner
@theorem(
    "ops.winner-unique", "opsnorren",
    S.clauses("OPS-TRICK-WINNER", "OPS-COLOUR-FIRST", "OPS-COLOUR-ORDER", "OPS-RULE-TWO-WINS",
              "OPS-RULE-THREE-LOWEST", "OPS-RULE-COLOUR-REVERSED", "OPS-UNICORN", "OPS-WINNER-LEADS"),
    "At most one card wins a trick; when a unicorn or an animal card is still in the trick exactly one "
    "wins; the winner played a unicorn or an animal card that was not set aside; the winner leads next. The "
    "winner defined as 'the card that beats every other card still in the trick' (per rule) is the card a "
    "left-to-right scan for the best card finds (two independent encodings agree).",
    "3-6 cards, every legal trick, every row, every reading, both bindings")
def winner_unique() -> Outcome:
    def one(n):
        for binding in M.BINDINGS:
            s, tr, rd, row = Q.base_solver(n, f"wu{n}{binding}")
            res = Q.resolved(s, tr, rd, row, binding)
            w = res["wins"]
            contest = z3.Or(*[z3.And(z3.Or(tr.kind[i] == M.UNICORN, tr.kind[i] == M.ANIMAL),
                                     M.not_(res["setaside"][i])) for i in range(n)])
            claims = [z3.AtMost(*[z3.BoolVal(x) if isinstance(x, bool) else x for x in w], 1),
                      *[w[i] == (res["scan_winner"] == i) for i in range(n)]]
            for i in range(n):
                took_part = z3.And(z3.Or(tr.kind[i] == M.UNICORN, tr.kind[i] == M.ANIMAL),
                                   M.not_(res["setaside"][i]))
                claims.append(z3.Implies(w[i], z3.And(took_part, res["next_leader"] == i)))
            out = prove(s, z3.And(*claims), _trick_witness(tr, rd, row, binding))
            if out.status != PROVED:
                return out
            # existence, with the part just proved as a lemma (rule winner = scan winner)
            s.add(*[w[i] == (res["scan_winner"] == i) for i in range(n)])
            out = prove(s, z3.Implies(contest, res["has_winner"]), _trick_witness(tr, rd, row, binding))
            if out.status != PROVED:
                return out
        return Outcome(PROVED)
    return _over(NS, one)


@theorem(
    "ops.no-winner-only-all-discarded", "opsnorren",
    S.clauses("OPS-ALL-DISCARDED-STARTER", "OPS-RULE-EQUAL-DISCARDED", "OPS-DOVE", "OPS-MONKEY"),
    "The text's only exception to 'someone wins the trick' is 'every card of the trick is discarded' "
    "(line 63). Claim: a trick without a winner has all its cards set aside. Expected REFUTED: a monkey or a "
    "dove has no value, so it is not set aside (ops.equal-values-jokers=never, or when it is the only joker) "
    "yet cannot win, so equal values can leave a trick with no winner and a card still in it; choice "
    "ops.no-winner decides that case.",
    "3-6 cards, every legal trick, every row, every reading", expect=REFUTED)
def no_winner_only_all_discarded() -> Outcome:
    def one(n):
        s, tr, rd, row = Q.base_solver(n, f"nw{n}")
        res = Q.resolved(s, tr, rd, row)
        claim = z3.Implies(z3.Not(res["has_winner"]), M.and_(*res["setaside"]))
        return prove(s, claim, _trick_witness(tr, rd, row))
    out = None
    for n in NS:  # the first n with a counterexample: the smallest witness
        out = one(n)
        if out.status != PROVED:
            return out
    return out


@theorem(
    "ops.winner-exists-unless-no-contender", "opsnorren",
    S.clauses("OPS-TRICK-WINNER", "OPS-UNICORN", "OPS-ALL-DISCARDED-STARTER", "OPS-RULE-EQUAL-DISCARDED"),
    "A trick has no winner exactly when every animal card and the unicorn (if any) were set aside for their "
    "value (so only under 'equal values are discarded'); then the starter leads the next trick. Uses "
    "ops.winner-unique as a lemma (the rule winner is the scan winner).",
    "3-6 cards, every legal trick, every row, every reading, both bindings")
def winner_exists() -> Outcome:
    def one(n):
        for binding in M.BINDINGS:
            s, tr, rd, row = Q.base_solver(n, f"we{n}{binding}")
            res = Q.resolved(s, tr, rd, row, binding)
            s.add(*[res["wins"][i] == (res["scan_winner"] == i) for i in range(n)])  # lemma: ops.winner-unique
            no_contender = z3.And(*[z3.Implies(z3.Or(tr.kind[i] == M.ANIMAL, tr.kind[i] == M.UNICORN),
                                                res["setaside"][i]) for i in range(n)])
            claim = z3.And(z3.Not(res["has_winner"]) == no_contender,
                           z3.Implies(no_contender, z3.And(M.row_flags(row)["equal-discarded"],
                                                           res["next_leader"] == 0)))
            out = prove(s, claim, _trick_witness(tr, rd, row, binding))
            if out.status != PROVED:
                return out
        return Outcome(PROVED)
    return _over(NS, one)


@theorem(
    "ops.joker-texts-hold", "opsnorren",
    S.clauses("OPS-UNICORN", "OPS-UNICORN-BEATS-TWO", "OPS-DOVE", "OPS-DOVE-BEFORE-UNICORN", "OPS-MONKEY"),
    "The jokers' own sentences hold under every rule card and reading: a unicorn still in the trick wins and "
    "its player leads next, also against a 2 under 'two wins'; with a dove in the trick no card reaches the "
    "taker's pile, the winner still leads, and with a unicorn as well the dove goes first (everything is "
    "discarded but what the monkey may take under ops.dove-with-monkey=monkey-first); a picked card goes to the "
    "monkey's team, also when that team did not win.",
    "3-6 cards, every legal trick, every row, every reading")
def joker_texts() -> Outcome:
    def one(n):
        s, tr, rd, row = Q.base_solver(n, f"jt{n}")
        res = Q.resolved(s, tr, rd, row)
        claims = []
        for i in range(n):
            live_unicorn = z3.And(tr.kind[i] == M.UNICORN, M.not_(res["setaside"][i]))
            claims.append(z3.Implies(live_unicorn, z3.And(res["winner"] == i, res["next_leader"] == i)))
            live_dove = z3.And(tr.kind[i] == M.DOVE, M.not_(res["setaside"][i]))
            claims.append(z3.Implies(live_dove, z3.And(*[M.not_(t) for t in res["to_taker"]],
                                                       z3.Implies(res["has_winner"],
                                                                  res["next_leader"] == res["winner"]))))
            claims.append(z3.Implies(M.and_(res["to_monkey"][i]), res["dest"][i] == res["monkey_team"]))
        claims.append(z3.Implies(z3.And(res["dove"], z3.Not(res["pick_on"])),
                                 z3.And(*[d == M.DISCARD for d in res["dest"]])))
        return prove(s, z3.And(*claims), _trick_witness(tr, rd, row))
    return _over(NS, one)


# ------------------------------------------------------------------ termination
@theorem(
    "ops.round-terminates", "opsnorren",
    S.clauses("OPS-ROUND-TRICKS", "OPS-ROUND-END", "OPS-DEAL-TABLE", "OPS-DEAL-THREE", "OPS-DEAL-FIVE",
              "OPS-RULE-PASS-THREE", "OPS-FOLLOW-SUIT"),
    "A round ends after exactly the dealt number of tricks (the table's cards per player): every player gets "
    "that many cards (animal cards plus jokers for the smaller team), passing three cards keeps every hand's "
    "size, each trick takes one card from every hand, and no player is ever left without a card (so without a "
    "legal play, by ops.follow-suit-legal-set) while another still holds cards.",
    "3-6 players, with and without pass-three, tricks 0 to the dealt number + 1")
def round_terminates() -> Outcome:
    def one(n):
        row = S.deal_table()[n]
        h = row["cards"]
        small, large = row["teams"]
        s = z3.Solver()
        team = [z3.Int(f"rt{n}_team{p}") for p in range(n)]
        s.add(*[z3.Or(t == 0, t == 1) for t in team], z3.Sum([z3.If(t == 0, 1, 0) for t in team]) == small)
        dealt = []
        for p in range(n):
            if row["small_animals"] is not None:
                dealt.append(z3.If(team[p] == 0, row["small_animals"] + row["small_jokers"], h))
            else:
                dealt.append(z3.IntVal(h))
        passing = z3.Bool(f"rt{n}_pass")
        size0 = [z3.Int(f"rt{n}_s0_{p}") for p in range(n)]
        # OPS-RULE-PASS-THREE: three to the left, three from the right
        s.add(*[size0[p] == dealt[p] - z3.If(passing, 3, 0) + z3.If(passing, 3, 0) for p in range(n)])
        s.add(z3.Implies(passing, z3.And(*[d >= 3 for d in dealt])))
        sizes = [size0]
        played = []
        stuck = []
        for t in range(h + 2):
            cur = sizes[-1]
            go = z3.Or(*[c > 0 for c in cur])  # play on until nobody holds a card (OPS-ROUND-TRICKS)
            played.append(go)
            stuck.append(z3.And(go, z3.Or(*[c == 0 for c in cur])))
            nxt = [z3.Int(f"rt{n}_s{t + 1}_{p}") for p in range(n)]
            s.add(*[nxt[p] == z3.If(go, cur[p] - 1, cur[p]) for p in range(n)])
            sizes.append(nxt)
        animals_dealt = z3.Sum([z3.If(team[p] == 0, row["small_animals"] or h, h) for p in range(n)])
        claim = z3.And(
            *[played[t] == (t < h) for t in range(h + 2)],
            *[z3.Not(x) for x in stuck],
            *[sizes[h][p] == 0 for p in range(n)],
            animals_dealt <= sum(1 for c in S.card_names() if " " in c),
            small * row["small_jokers"] <= len(S.jokers()))
        return prove(s, claim, lambda m: {"players": n, "pass_three": Q.ev(m, passing),
                                          "sizes": [[Q.ev(m, x) for x in r] for r in sizes]})
    return _over(NS, one)
