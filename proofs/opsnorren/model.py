"""One Opsnorren trick, encoded for Z3 from the specs (never from engine/).

The same functions run on Z3 terms (proofs, ambiguity search) and on plain Python
values (the 10,000-trick agreement test with the engine): the helpers ``ite``,
``and_``, ``or_``, ``not_``, ``xor_`` fold Python booleans and build Z3 terms
otherwise. So the agreement test exercises exactly the encoding the proofs use.

## The trick

``n`` (3-6) positions in play order, position 0 is the starter (OPS-LEAD, OPS-CLOCKWISE).
Per position: ``kind`` (animal / unicorn / monkey / dove), ``col`` (0..3, weak to strong
in the printed order, OPS-COLOUR-ORDER), ``val`` (0..10), ``team`` (0 = the first-named
team of the deal table: the solo player with 3, the team of two with 5), ``holds[c]``
(the player holds a card of colour ``c`` when it is their turn) and, for the monkey,
``pick`` (the position of the card its player takes).

## What "applying a rule card" means (OPS-RULES-LEFT-TO-RIGHT, line 55)

The resolution of a trick is a procedure with four parts:

1. the *lead rule*: which colour must be followed at each turn;
2. the *set-aside filter*: cards that leave the trick before the winner is determined;
3. the *colour strength*;
4. the *winner rule*: a function from the cards still in the trick to the winning card.

Each revealed rule card is a transformer of that procedure, and the row is applied left
to right, ``P = T_k(... T_1(P0))``:

- ``new-lead-colour`` replaces part 1 (a card that does not follow sets the lead colour);
- ``equal-discarded`` extends part 2 (its text says it acts "voordat je bepaalt wie de
  slag wint", so wherever it lies in the row it filters before part 4 runs);
- ``colour-reversed`` reverses part 3. Binding ``late`` (our reading): every part reads
  the strength when the trick is resolved ("Vanaf nu"), so a winner rule revealed
  earlier uses the reversed order too. Binding ``snapshot`` (the reading we reject,
  kept to show what order would mean): a winner rule keeps the strength in force when
  it was applied. Under ``ops.colour-reversed-scope=trick-winner`` the 2 and 3 rules
  read the printed strength whatever the binding;
- ``two-wins`` and ``three-lowest`` wrap part 4: ``W'(C) = own pick if triggered in C,
  else W(C)``. Wrapping in row order makes the rightmost triggered rule decide
  (``ops.winner-rule-order=rightmost-decides``); ``leftmost-decides`` reads the wrap the
  other way round (a rule fires only when no rule to its left fired).

Jokers are not rule cards and do not take part in the row: the unicorn beats every
card still in the trick (OPS-UNICORN, OPS-UNICORN-BEATS-TWO), the dove discards the
trick at the end (OPS-DOVE, OPS-DOVE-BEFORE-UNICORN; who leads next:
``ops.dove-unicorn-leader``), the monkey's player takes one card
(OPS-MONKEY; ``ops.dove-with-monkey``, ``ops.monkey-pick``, ``ops.monkey-discarded``).
Jokers have no colour and no value: never trigger a 2 or 3 rule, and are set aside for
equal values only under ``ops.equal-values-jokers=pairs`` (two or more jokers in a
trick), in which case they lose their effect.

The outcome of a trick: the lead colour at every turn (so the legal sets), the set-aside
cards, the winning position (or none), the taker, who leads next, the monkey's
candidate cards, and for every card exactly one place: the taker's team, the monkey's
team, or discarded.
"""

from __future__ import annotations

import z3

from proofs.opsnorren import spec as S

ANIMAL, UNICORN, MONKEY, DOVE = 0, 1, 2, 3
KIND_OF_JOKER = {"unicorn": UNICORN, "monkey": MONKEY, "dove": DOVE}
JOKER_OF_KIND = {v: k for k, v in KIND_OF_JOKER.items()}
NO_LEAD_YET, NO_COLOUR = -1, -2  # lead values besides colours 0..3
DISCARD = -1  # destination of a discarded card (else a team, 0 or 1)
BINDINGS = ("late", "snapshot")
#: where equal-discarded filters (OPS-RULE-EQUAL-DISCARDED vs OPS-RULES-LEFT-TO-RIGHT); what a 2/3 rule sees
FILTER_AT = ("first", "row")
TRIGGERS = ("filtered", "played")


# ---------------------------------------------------------------- dual backend
def _py(x) -> bool:
    return isinstance(x, (bool, int)) and not isinstance(x, z3.ExprRef)


def ite(c, a, b):
    if _py(c):
        return a if c else b
    return z3.If(c, a, b)


def and_(*xs):
    rest = []
    for x in xs:
        if _py(x):
            if not x:
                return False
        else:
            rest.append(x)
    return True if not rest else rest[0] if len(rest) == 1 else z3.And(*rest)


def or_(*xs):
    rest = []
    for x in xs:
        if _py(x):
            if x:
                return True
        else:
            rest.append(x)
    return False if not rest else rest[0] if len(rest) == 1 else z3.Or(*rest)


def not_(x):
    return (not x) if _py(x) else z3.Not(x)


def xor_(a, b):
    if _py(a) and _py(b):
        return bool(a) != bool(b)
    return z3.Xor(a if not _py(a) else z3.BoolVal(bool(a)), b if not _py(b) else z3.BoolVal(bool(b)))


def implies(a, b):
    return or_(not_(a), b)


def is_opt(reading: dict, cid: str, option: str):
    """Reading ``reading`` takes ``option`` for choice ``cid`` (a str, or a Z3 Int index)."""
    v = reading[cid]
    opts = S.options(cid)
    if option not in opts:
        raise KeyError(f"choice {cid} has no option {option!r}; options {opts}")
    return v == option if isinstance(v, str) else v == opts.index(option)


def slot_is(slot, card: str):
    """Row slot ``slot`` (a rule card id, None, or a Z3 Int index into trick_play_cards) holds ``card``."""
    if slot is None:
        return False
    if isinstance(slot, str):
        return slot == card
    return slot == S.trick_play_cards().index(card)


# ---------------------------------------------------------------- tricks
class Trick:
    __slots__ = ("n", "kind", "col", "val", "team", "holds", "pick")

    def __init__(self, n, kind, col, val, team, holds, pick):
        self.n, self.kind, self.col, self.val, self.team, self.holds, self.pick = n, kind, col, val, team, holds, pick


def symbolic_trick(n: int, tag: str = "t") -> tuple[Trick, list]:
    """A trick of ``n`` symbolic cards and the constraints that make it a possible trick."""
    k = [z3.Int(f"{tag}_kind{i}") for i in range(n)]
    c = [z3.Int(f"{tag}_col{i}") for i in range(n)]
    v = [z3.Int(f"{tag}_val{i}") for i in range(n)]
    tm = [z3.Int(f"{tag}_team{i}") for i in range(n)]
    h = [[z3.Bool(f"{tag}_holds{i}_{col}") for col in range(len(S.colours()))] for i in range(n)]
    pick = z3.Int(f"{tag}_pick")
    tr = Trick(n, k, c, v, tm, h, pick)
    return tr, trick_constraints(tr)


def trick_constraints(tr: Trick) -> list:
    """Cards exist and are all different; teams have the table's sizes; jokers are held by
    the smaller team (OPS-DEAL-TABLE, OPS-JOKERS-SMALL-TEAM, OPS-NO-JOKERS-EVEN); a player
    holds the colour they play; the monkey's pick is a position of the trick."""
    n = tr.n
    row = S.deal_table()[n]
    small, _ = row["teams"]
    jokers_here = row["small_jokers"] > 0
    ncol = len(S.colours())
    vmin, vmax = S.values()[0], S.values()[-1]
    out = []
    for i in range(n):
        out += [tr.kind[i] >= 0, tr.kind[i] <= (3 if jokers_here else 0),
                tr.team[i] >= 0, tr.team[i] <= 1]
        out.append(ite(tr.kind[i] == ANIMAL,
                       and_(tr.col[i] >= 0, tr.col[i] < ncol, tr.val[i] >= vmin, tr.val[i] <= vmax),
                       and_(tr.col[i] == 0, tr.val[i] == 0)))  # jokers: no colour, no value (fixed dummies)
        if jokers_here:
            out.append(implies(tr.kind[i] != ANIMAL, tr.team[i] == 0))  # only the smaller team holds jokers
        for col in range(ncol):
            out.append(implies(and_(tr.kind[i] == ANIMAL, tr.col[i] == col), tr.holds[i][col]))
        for j in range(i):
            out.append(ite(tr.kind[i] == ANIMAL,
                           implies(tr.kind[j] == ANIMAL, or_(tr.col[i] != tr.col[j], tr.val[i] != tr.val[j])),
                           tr.kind[i] != tr.kind[j]))
    out.append(z3.Sum([ite(t == 0, 1, 0) for t in tr.team]) == small)
    out += [tr.pick >= 0, tr.pick < n]
    return out


def concrete_trick(cards: list[str], team: list[int], holds: list[set[int]] | None = None, pick: int = 0) -> Trick:
    """A trick from card names in play order (``holds``: colours each player held at their turn)."""
    n = len(cards)
    kind, col, val = [], [], []
    for name in cards:
        if name in KIND_OF_JOKER:
            kind.append(KIND_OF_JOKER[name]); col.append(0); val.append(0)
        else:
            cn, vn = name.split(" ")
            kind.append(ANIMAL); col.append(S.colours().index(cn)); val.append(int(vn))
    if holds is None:
        holds = [{col[i]} if kind[i] == ANIMAL else set() for i in range(n)]
    h = [[c in holds[i] for c in range(len(S.colours()))] for i in range(n)]
    return Trick(n, kind, col, val, list(team), h, pick)


def card_name(kind: int, col: int, val: int) -> str:
    return S.animal_name(col, val) if kind == ANIMAL else JOKER_OF_KIND[kind]


# ---------------------------------------------------------------- the row
#: the cards that wrap the winner rule (part 4); their relative order is what a row's order can change
WINNER_CARDS = ("two-wins", "three-lowest")


class SymRow:
    """A symbolic row: for each trick-play rule card its place in the row (-1: not revealed).

    Covers every subset of the trick-play cards in every order with one term per card;
    ``layers`` turns it into the same left-to-right sequence a concrete row gives."""

    def __init__(self, tag: str = "r"):
        self.pos = {c: z3.Int(f"{tag}_pos_{c}") for c in S.trick_play_cards()}

    def constraints(self) -> list:
        """Distinct places, and only rows that can occur (OPS-SETUP-RULE-ROW, OPS-REVEAL-RULE): at
        most as many cards of a pile as the row has places for it, the white ones left of the black."""
        m = len(self.pos)
        ps = list(self.pos.values())
        out = [and_(p >= -1, p < m) for p in ps]
        for i in range(m):
            for j in range(i):
                out.append(or_(ps[i] == -1, ps[i] != ps[j]))
        piles = S.rule_piles()
        order = list(S.row_places())
        for pile, places in S.row_places().items():
            out.append(z3.Sum([ite(p >= 0, 1, 0) for c, p in self.pos.items() if c in piles[pile]]) <= places)
        for c, p in self.pos.items():
            for d, q in self.pos.items():
                pc = next(k for k in order if c in piles[k])
                pd = next(k for k in order if d in piles[k])
                if order.index(pc) < order.index(pd):
                    out.append(implies(and_(p >= 0, q >= 0), p < q))
        return out


def row_flags(row) -> dict:
    if isinstance(row, SymRow):
        return {c: row.pos[c] >= 0 for c in S.trick_play_cards()}
    return {c: or_(*[slot_is(s, c) for s in row]) for c in S.trick_play_cards()}


def row_layers(row) -> tuple[list, object]:
    """([(slot, reversed-before-this-slot, equal-discarded-before-this-slot), ...] in row order,
    reversed-at-the-end).

    A concrete row is folded slot by slot. A SymRow yields one virtual slot per winner
    card, in row order (slot j holds the winner card with j winner cards to its left)."""
    if not isinstance(row, SymRow):
        rev, eq, out = False, False, []
        for s in row:
            out.append((s, rev, eq))
            rev = xor_(rev, slot_is(s, "colour-reversed"))
            eq = or_(eq, slot_is(s, "equal-discarded"))
        return out, rev
    idx = S.trick_play_cards().index
    prev = row.pos["colour-reversed"]
    eqp = row.pos["equal-discarded"]
    present = {c: row.pos[c] >= 0 for c in WINNER_CARDS}
    rank = {c: z3.Sum([ite(and_(present[d], row.pos[d] < row.pos[c]), 1, 0) for d in WINNER_CARDS if d != c])
            for c in WINNER_CARDS}
    out = []
    for j in range(len(WINNER_CARDS)):
        slot, rv, eq = -1, False, False
        for c in WINNER_CARDS:
            here = and_(present[c], rank[c] == j)
            slot = ite(here, idx(c), slot)
            rv = ite(here, and_(prev >= 0, prev < row.pos[c]), rv)
            eq = ite(here, and_(eqp >= 0, eqp < row.pos[c]), eq)
        out.append((slot, rv, eq))
    return out, prev >= 0


def symbolic_reading(tag: str = "rd") -> tuple[dict, list]:
    S.check_choices()
    rd = {cid: z3.Int(f"{tag}_{cid}") for cid in S.TRICK_CHOICES}
    cons = [and_(v >= 0, v < len(S.options(cid))) for cid, v in rd.items()]
    return rd, cons


def default_reading() -> dict:
    S.check_choices()
    return {cid: S.default(cid) for cid in S.TRICK_CHOICES}


# ---------------------------------------------------------------- lead and legality
def leads(tr: Trick, reading: dict, row: list) -> list:
    """The lead value before each position plays: a colour, NO_LEAD_YET or NO_COLOUR
    (OPS-LEAD, OPS-JOKER-LEAD + ops.joker-lead-colour, OPS-RULE-NEW-LEAD-COLOUR)."""
    new_lead = row_flags(row)["new-lead-colour"]
    none_reading = is_opt(reading, "ops.joker-lead-colour", "none")
    lead = NO_LEAD_YET
    out = []
    for i in range(tr.n):
        out.append(lead)
        animal = tr.kind[i] == ANIMAL
        after_animal = ite(lead == NO_LEAD_YET, tr.col[i],
                           ite(lead == NO_COLOUR, NO_COLOUR,
                               ite(and_(tr.col[i] != lead, new_lead), tr.col[i], lead)))
        after_joker = ite(and_(i == 1, lead == NO_LEAD_YET, none_reading), NO_COLOUR, lead) if i == 1 else lead
        lead = ite(animal, after_animal, after_joker)
    return out


def holds_colour(holds: list, colour) -> object:
    """``holds[colour]`` for a symbolic colour (False for NO_LEAD_YET / NO_COLOUR)."""
    if _py(colour):
        return holds[colour] if colour >= 0 else False
    return or_(*[and_(colour == c, holds[c]) for c in range(len(holds))])


def must_follow_violation(kind, col, holds: list, lead):
    """The rulebook's obligation broken (OPS-FOLLOW-SUIT): the player holds the lead colour
    and plays an animal card of another colour. A joker never breaks it (OPS-JOKER-ANYTIME)."""
    return and_(lead >= 0, holds_colour(holds, lead), kind == ANIMAL, col != lead)


def bindings(tr: Trick, reading: dict, row: list) -> list:
    """The colour each position must follow given what it holds: the lead (``leads``), or under
    ops.lead-colour-binds=earlier with new-lead-colour, when it lacks the lead, the colour of the
    latest animal card before it that it holds (every animal card was a lead colour when played)."""
    ls = leads(tr, reading, row)
    earlier = and_(is_opt(reading, "ops.lead-colour-binds", "earlier"), row_flags(row)["new-lead-colour"])
    out = []
    for i in range(tr.n):
        fallback = ls[i]
        for j in range(i):
            fallback = ite(and_(tr.kind[j] == ANIMAL, holds_colour(tr.holds[i], tr.col[j])), tr.col[j], fallback)
        out.append(ite(and_(earlier, ls[i] >= 0, not_(holds_colour(tr.holds[i], ls[i]))), fallback, ls[i]))
    return out


def legal_trick(tr: Trick, reading: dict, row: list) -> list:
    """Each position's card was a legal play."""
    ls = bindings(tr, reading, row)
    return [not_(must_follow_violation(tr.kind[i], tr.col[i], tr.holds[i], ls[i])) for i in range(tr.n)]


def legal_cards(hand: list[str], lead: int) -> list[str]:
    """The cards of a concrete hand that may be played under ``lead`` (model's rule)."""
    held = set()
    parsed = []
    for name in hand:
        t = concrete_trick([name], [0])
        parsed.append((name, t.kind[0], t.col[0]))
        if t.kind[0] == ANIMAL:
            held.add(t.col[0])
    h = [c in held for c in range(len(S.colours()))]
    return [name for name, k, c in parsed if not must_follow_violation(k, c, h, lead)]


# ---------------------------------------------------------------- resolution
def strength(col, reversed_):
    top = len(S.colours()) - 1
    return ite(reversed_, top - col, col)


def _flag(value, options: tuple[str, str], what: str):
    """A sweep reading given as one of two names, or as a Z3 Bool (True: the second)."""
    if isinstance(value, str):
        if value not in options:
            raise ValueError(f"{what} {value!r}; one of {options}")
        return value == options[1]
    return value


def resolve(tr: Trick, reading: dict, row: list, binding="late", own_team_pick: bool = True,
            filter_at="first", trigger="filtered") -> dict:
    """The outcome of a complete trick under ``reading`` and rule row ``row`` (see module doc).

    ``own_team_pick=False`` is a variant for the ambiguity finder: the monkey's player
    does not pick when their own team takes the trick (and no dove): is that skip harmless?
    Readings of the rule-order sweep (each a name, or a Z3 Bool meaning the second name):
    ``binding`` (BINDINGS), ``filter_at`` (FILTER_AT: equal-discarded filters before every
    winner rule, or at its place in the row, after which a winner already chosen keeps the
    trick although its card is discarded) and ``trigger`` (TRIGGERS: a 2 or 3 rule is
    triggered by the cards still contesting at its place, or by the cards as played)."""
    n = tr.n
    snap = _flag(binding, BINDINGS, "binding")
    in_row = _flag(filter_at, FILTER_AT, "filter_at")
    played = _flag(trigger, TRIGGERS, "trigger")
    flags = row_flags(row)
    K, C, V = tr.kind, tr.col, tr.val
    defs: list = []  # symbolic mode: named sub-terms (fresh constants), so Z3 shares them

    def named(x, sort=z3.BoolSort):
        if _py(x):
            return x
        v = z3.FreshConst(sort(), "ops")
        defs.append(v == x)
        return v

    animal = [K[i] == ANIMAL for i in range(n)]
    # 2. set-aside filter (OPS-RULE-EQUAL-DISCARDED): animal cards whose value occurs twice or more
    # ops.equal-values-jokers=pairs: two or more jokers count as equal (no value) and go too
    joker_pairs = is_opt(reading, "ops.equal-values-jokers", "pairs")
    setaside = [named(and_(flags["equal-discarded"],
                           ite(animal[i], or_(*[and_(animal[j], V[j] == V[i]) for j in range(n) if j != i]),
                               and_(joker_pairs, or_(*[not_(animal[j]) for j in range(n) if j != i])))))
                for i in range(n)]
    live = [not_(setaside[i]) for i in range(n)]  # a set-aside joker has no effect
    inn = [named(and_(animal[i], not_(setaside[i]))) for i in range(n)]  # animal cards still contesting

    # 3. colour strength, per row prefix (snapshot) and final (late)
    layers, rev = row_layers(row)
    rev_final = named(rev)
    slots = [sl for sl, _, _ in layers]
    rev_before = [named(r) for _, r, _ in layers]
    # the cards a winner rule at each slot sees: all animal cards while the filter has not run yet
    filtered_at = [named(or_(not_(in_row), e)) for _, _, e in layers]
    strengths = {}

    def st(i, rv):  # the strength of position i's colour, named once per binding point
        key = (i, id(rv) if not _py(rv) else rv)
        if key not in strengths:
            strengths[key] = named(strength(C[i], rv), z3.IntSort)
        return strengths[key]

    def base(rv):  # OPS-COLOUR-FIRST, OPS-TRICK-WINNER: strongest colour, then highest value
        key = [st(i, rv) * 16 + V[i] for i in range(n)]
        return [named(and_(inn[i], *[implies(inn[j], key[i] > key[j]) for j in range(n) if j != i]))
                for i in range(n)]

    def contest(filtered):  # animal cards a rule sees, and those that trigger it
        cont = [named(and_(animal[i], implies(filtered, not_(setaside[i])))) for i in range(n)]
        return cont, [named(or_(cont[i], and_(played, animal[i]))) for i in range(n)]

    def two(rv, cont, seen):  # OPS-RULE-TWO-WINS: a 2 wins; several: the 2 of the strongest colour
        is2 = [named(and_(cont[i], V[i] == 2)) for i in range(n)]
        pick = [named(and_(is2[i], *[implies(is2[j], st(i, rv) > st(j, rv)) for j in range(n) if j != i]))
                for i in range(n)]
        return named(or_(*[and_(seen[i], V[i] == 2) for i in range(n)])), pick, named(or_(*is2))

    def three(rv, cont, seen):  # OPS-RULE-THREE-LOWEST: with a 3 in the trick, the lowest value of the strongest colour
        top = [named(and_(cont[i], *[implies(cont[j], st(j, rv) <= st(i, rv)) for j in range(n)]))
               for i in range(n)]
        pick = [named(and_(top[i], *[implies(top[j], V[i] < V[j]) for j in range(n) if j != i])) for i in range(n)]
        return named(or_(*[and_(seen[i], V[i] == 3) for i in range(n)])), pick, named(or_(*cont))

    # 4. winner rule, wrapped in row order
    leftmost = is_opt(reading, "ops.winner-rule-order", "leftmost-decides")
    # ops.colour-reversed-scope=trick-winner: the 2 and 3 rules keep the printed strength
    rules_reverse = is_opt(reading, "ops.colour-reversed-scope", "everywhere")
    rule_rv: dict = {}

    def rule_strength(rv):  # the reversal the 2 and 3 rules read, named once per binding point
        key = id(rv) if not _py(rv) else rv
        if key not in rule_rv:
            rule_rv[key] = named(and_(rv, rules_reverse))
        return rule_rv[key]

    def key_of(x):
        return id(x) if not _py(x) else x

    def bound(rv_then):  # the strength a rule at this slot reads: at resolution (late) or when revealed
        return rule_strength(rev_final if snap is False else rv_then if snap is True
                             else named(ite(snap, rv_then, rev_final)))

    conts: dict = {}
    wins = base(rev_final)
    decided = False
    rules_at: dict = {}
    slot_rules = []
    for s, rv_then, filt in zip(slots, rev_before, filtered_at):
        rv = bound(rv_then)
        if key_of(filt) not in conts:
            conts[key_of(filt)] = contest(filt)
        cont, seen = conts[key_of(filt)]
        here = []
        for card, rule in (("two-wins", two), ("three-lowest", three)):
            k = (card, key_of(rv), key_of(filt))
            if k not in rules_at:
                rules_at[k] = rule(rv, cont, seen)
            trig, pick, some = rules_at[k]
            fires = named(and_(slot_is(s, card), trig, some, or_(not_(leftmost), not_(decided))))
            wins = [named(ite(fires, pick[i], wins[i])) for i in range(n)]
            decided = named(or_(decided, fires))
            here.append((card, trig, some, rv, cont))
        slot_rules.append((s, here))
    # the same winner rule as scans (argmax over a key), a second encoding: the theorems
    # check that the scan's position is the one card that beats all others
    def scan(cond, key):
        best, best_key = DISCARD, -1
        for i in range(n):
            take = named(and_(cond[i], or_(best == DISCARD, key[i] > best_key)))
            best, best_key = named(ite(take, i, best), z3.IntSort), named(ite(take, key[i], best_key), z3.IntSort)
        return best

    scan_w = scan(inn, [st(i, rev_final) * 16 + V[i] for i in range(n)])
    decided_s = False
    for s, here in slot_rules:
        for card, trig, some, rv, cont in here:
            if card == "two-wins":
                pos = scan([and_(cont[i], V[i] == 2) for i in range(n)], [st(i, rv) for i in range(n)])
            else:
                pos = scan(cont, [st(i, rv) * 16 + (15 - V[i]) for i in range(n)])
            fires = and_(slot_is(s, card), trig, some, or_(not_(leftmost), not_(decided_s)))
            scan_w = named(ite(fires, pos, scan_w), z3.IntSort)
            decided_s = named(or_(decided_s, fires))
    scan_w = ite(or_(*[and_(K[i] == UNICORN, live[i]) for i in range(n)]),
                 scan([and_(K[i] == UNICORN, live[i]) for i in range(n)], [0] * n), scan_w)

    # jokers (OPS-UNICORN, OPS-UNICORN-BEATS-TWO): the unicorn beats every card
    animal_winner = DISCARD  # the winner if there were no unicorn (ops.dove-unicorn-leader=animal)
    for i in reversed(range(n)):
        animal_winner = ite(wins[i], i, animal_winner)
    has_animal_winner = or_(*wins)
    unicorn = or_(*[and_(K[i] == UNICORN, live[i]) for i in range(n)])
    wins = [named(ite(unicorn, and_(K[i] == UNICORN, live[i]), wins[i])) for i in range(n)]
    winner = DISCARD
    for i in reversed(range(n)):
        winner = ite(wins[i], i, winner)
    has_winner = or_(*wins)

    # taker and next leader (OPS-WINNER-TAKES, OPS-WINNER-LEADS, OPS-ALL-DISCARDED-STARTER, ops.no-winner)
    starter_takes = is_opt(reading, "ops.no-winner", "starter")
    taker = ite(has_winner, winner, ite(starter_takes, 0, DISCARD))
    dove = or_(*[and_(K[i] == DOVE, live[i]) for i in range(n)])  # OPS-DOVE: all discarded, the winner leads
    # OPS-DOVE-BEFORE-UNICORN: the unicorn's player leads, or (ops.dove-unicorn-leader=animal) the
    # strongest animal card's, as if the unicorn had not been played
    dove_cancels = and_(dove, unicorn, is_opt(reading, "ops.dove-unicorn-leader", "animal"))
    next_leader = ite(dove_cancels, ite(has_animal_winner, animal_winner, 0), ite(has_winner, winner, 0))

    # the monkey (OPS-MONKEY)
    monkey_at = [and_(K[i] == MONKEY, live[i]) for i in range(n)]
    monkey = or_(*monkey_at)
    monkey_team = 0
    for i in range(n):
        monkey_team = ite(monkey_at[i], tr.team[i], monkey_team)
    any_pick = is_opt(reading, "ops.monkey-pick", "any")
    not_self = is_opt(reading, "ops.monkey-pick", "not-self")
    from_discarded = is_opt(reading, "ops.monkey-discarded", "any")
    candidate = [and_(monkey,
                      or_(not_(setaside[i]), from_discarded),
                      or_(any_pick, and_(not_self, K[i] != MONKEY), K[i] == ANIMAL)) for i in range(n)]
    pick_on = and_(monkey, or_(not_(dove), is_opt(reading, "ops.dove-with-monkey", "monkey-first")),
                   or_(*candidate))
    taker_team = 0
    for i in range(n):
        taker_team = ite(taker == i, tr.team[i], taker_team)
    if not own_team_pick:
        pick_on = and_(pick_on, or_(dove, taker == DISCARD, taker_team != monkey_team))
    picked = [and_(pick_on, tr.pick == i) for i in range(n)]

    # where every card goes: exactly one place (conservation is a theorem, not built in)
    to_taker = [and_(taker != DISCARD, not_(dove), not_(setaside[i]), not_(picked[i])) for i in range(n)]
    to_monkey = picked
    to_discard = [and_(not_(picked[i]), or_(dove, setaside[i], taker == DISCARD)) for i in range(n)]
    dest = [ite(to_monkey[i], monkey_team, ite(to_taker[i], taker_team, DISCARD)) for i in range(n)]
    return {
        "defs": defs,
        "scan_winner": scan_w,
        "setaside": setaside, "wins": wins, "winner": winner, "has_winner": has_winner, "taker": taker,
        "next_leader": next_leader, "dove": dove, "monkey": monkey, "candidate": candidate, "pick_on": pick_on,
        "pick_valid": implies(pick_on, or_(*[and_(tr.pick == i, candidate[i]) for i in range(n)])),
        "to_taker": to_taker, "to_monkey": to_monkey, "to_discard": to_discard, "dest": dest,
        "taker_team": taker_team, "monkey_team": monkey_team,
    }


def outcome_differs(tr: Trick, a: dict, b: dict, leads_a: list, leads_b: list, compare: str = "full"):
    """Two resolutions (and lead sequences) of the same trick give a different outcome.

    ``full``: the legal set at some turn (the colour a player is held to, if any), who
    leads next, whether and from which cards the monkey picks, or where some card ends.
    ``dest``: only who leads next and where each card ends (team level)."""
    n = tr.n

    def held_to(i, ld):  # the colour the player at i must play, or NO_LEAD_YET when free
        return ite(and_(ld >= 0, holds_colour(tr.holds[i], ld)), ld, NO_LEAD_YET)

    diffs = [a["next_leader"] != b["next_leader"]]
    diffs += [a["dest"][i] != b["dest"][i] for i in range(n)]
    if compare == "full":
        diffs.append(a["pick_on"] != b["pick_on"])
        diffs += [and_(a["pick_on"], a["candidate"][i] != b["candidate"][i]) for i in range(n)]
        diffs += [held_to(i, leads_a[i]) != held_to(i, leads_b[i]) for i in range(n)]
    return or_(*diffs)
