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

from proofs.core import PROVED, REFUTED, VACUOUS, Outcome, prove, theorem
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


def _animal_leads(tr, rd, res):
    """Dove and unicorn together under ops.dove-unicorn-leader=animal: the best animal card's
    player leads next, not the unicorn's (that choice's item covers it)."""
    return z3.And(M.is_opt(rd, "ops.dove-unicorn-leader", "animal"), M.or_(res["dove"], False),
                  z3.Or(*[tr.kind[j] == M.UNICORN for j in range(tr.n)]))


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
            one_ = lambda x: z3.If(x, 1, 0) if not isinstance(x, bool) else int(x)  # noqa: E731
            # count before and after: n cards in the trick; as many in the three piles together,
            # and every card in some pile (so none lost and none in two piles)
            claims = [z3.Sum([one_(x) for pile in ("to_taker", "to_monkey", "to_discard") for x in res[pile]]) == n]
            for i in range(n):
                claims.append(M.or_(res["to_taker"][i], res["to_monkey"][i], res["to_discard"][i]))
                d = res["dest"][i]
                claims += [M.implies(res["to_taker"][i], z3.And(d == res["taker_team"], res["taker"] != M.DISCARD)),
                           M.implies(res["to_monkey"][i], z3.And(d == res["monkey_team"], res["monkey"])),
                           M.implies(res["to_discard"][i], d == M.DISCARD)]
            claims = [z3.BoolVal(c) if isinstance(c, bool) else c for c in claims]
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
    "For every hand and every turn of a legal trick, the model's legal set (its lead rule and its follow test) "
    "is non-empty and equals the rulebook's: a joker, a card of the asked colour, or any card when the hand has "
    "no card of the asked colour (or nothing is asked), with the asked colour read off the cards played before "
    "(the first animal card; the last one under 'not following makes a new lead colour'; none after two "
    "starting jokers under ops.joker-lead-colour=none).",
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
        # the rulebook's sentences, written without the model's lead rule or its follow test
        ref = rule_lead(tr, turn, M.row_flags(row)["new-lead-colour"], M.is_opt(rd, "ops.joker-lead-colour", "none"))
        lead_cards = [z3.And(pres[j], k[j] == M.ANIMAL, c[j] == ref) for j in range(H)]
        must = z3.And(ref >= 0, z3.Or(*lead_cards))  # line 34: you hold the asked colour, so you must play it
        rulebook = [z3.And(pres[j], z3.Or(k[j] != M.ANIMAL,  # line 46: a joker any time
                                          lead_cards[j],  # a card of the asked colour
                                          z3.Not(must)))  # line 34: only without it, any other colour
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


def rule_lead(tr, turn, new_lead, none_reading):
    """The asked colour at symbolic turn ``turn`` from the rulebook's sentences, as scans over
    the cards played before it (not the model's ``leads``): the first animal card's colour
    (line 34; line 53: after a starting joker the next card decides), with 'niet kunnen volgen
    maakt een nieuwe kleur' (line 66) the last animal card's colour (a card that follows keeps
    the colour, one that does not makes its own the new one); under ops.joker-lead-colour=none
    a trick whose first two cards are jokers has no asked colour. NO_LEAD_YET: nothing asked yet."""
    first, last = M.NO_LEAD_YET, M.NO_LEAD_YET
    for j in reversed(range(tr.n)):
        first = z3.If(z3.And(j < turn, tr.kind[j] == M.ANIMAL), tr.col[j], first)
    for j in range(tr.n):
        last = z3.If(z3.And(j < turn, tr.kind[j] == M.ANIMAL), tr.col[j], last)
    no_colour = z3.And(none_reading, turn >= 2, tr.kind[0] != M.ANIMAL, tr.kind[1] != M.ANIMAL)
    return z3.If(no_colour, M.NO_COLOUR, z3.If(new_lead, last, first))


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
                claims.append(z3.Implies(w[i], took_part))
                claims.append(z3.Implies(z3.And(w[i], z3.Not(_animal_leads(tr, rd, res))), res["next_leader"] == i))
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
    "3-6 cards, every legal trick, every row, every reading",
    structural="model.resolve writes the unicorn, the dove and the monkey with these very sentences (the unicorn "
               "overrides the winner, the dove removes the taker's pile): the proof re-reads the encoding; the "
               "engine agreement tests and the joker vectors are the evidence")
def joker_texts() -> Outcome:
    def one(n):
        s, tr, rd, row = Q.base_solver(n, f"jt{n}")
        res = Q.resolved(s, tr, rd, row)
        claims = []
        for i in range(n):
            live_unicorn = z3.And(tr.kind[i] == M.UNICORN, M.not_(res["setaside"][i]))
            claims.append(z3.Implies(live_unicorn, res["winner"] == i))
            # with a dove too, who leads next is choice ops.dove-unicorn-leader
            claims.append(z3.Implies(z3.And(live_unicorn, M.not_(res["dove"])), res["next_leader"] == i))
            live_dove = z3.And(tr.kind[i] == M.DOVE, M.not_(res["setaside"][i]))
            claims.append(z3.Implies(live_dove, z3.And(*[M.not_(t) for t in res["to_taker"]],
                                                       z3.Implies(z3.And(res["has_winner"], z3.Not(z3.And(
                                                           M.is_opt(rd, "ops.dove-unicorn-leader", "animal"),
                                                           z3.Or(*[tr.kind[j] == M.UNICORN for j in range(n)])))),
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
    "A round ends after exactly the dealt number of tricks (the table's cards per player): the deck holds "
    "enough cards for the deal; every hand, counted card by card after the deal (animal cards plus jokers for "
    "the smaller team) and after passing three chosen cards to the left, has the table's size; a trick takes "
    "a card from every player who holds one, so no player is ever without a card (hence without a legal "
    "play, by ops.follow-suit-legal-set) while another still holds cards.",
    "3-6 players, every deal of the 47 cards with the table's sizes, with and without pass-three (every choice "
    "of the three cards), tricks 0 to the dealt number + 1 (proofs/opsnorren/round.py)")
def round_terminates() -> Outcome:
    from proofs.core import find
    from proofs.opsnorren import round as RD

    def one(n):
        dealt = RD.deal_row(n)["cards"]
        status, _ = find(RD.deal_possible(n, f"dp{n}"), z3.BoolVal(True))
        if status != "sat":
            return Outcome(VACUOUS, detail=f"no deal of the deck has the table's sizes ({status})")
        for passing in (False, True):
            s, size, overlap = RD.hand_after_pass(n, passing, f"hp{n}{int(passing)}")
            out = prove(s, z3.And(size == dealt, *[z3.Not(o) for o in overlap]),
                        lambda m, size=size, passing=passing: {"players": n, "pass_three": passing,
                                                               "hand_size_before_first_trick": Q.ev(m, size),
                                                               "table_says": dealt})
            if out.status != PROVED:
                return out
        s = z3.Solver()
        size0 = [z3.Int(f"rt{n}_s{p}") for p in range(n)]
        s.add(*[x == dealt for x in size0])  # the lemma just proved, for every player
        sizes = RD.tricks(n, size0)
        return prove(s, RD.termination_claim(sizes, dealt),
                     lambda m: {"players": n, "sizes": [[Q.ev(m, x) for x in r] for r in sizes]})
    return _over(NS, one)
