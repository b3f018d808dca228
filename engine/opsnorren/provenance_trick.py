"""Provenance of a completed trick and of the round's end (see ``engine/opsnorren/provenance.py``).

Each effect names the *most specific* clause that decided its part of the successor: a
rule card or joker that changed the outcome replaces the general clause it modifies
(OPS-RULE-TWO-WINS rather than OPS-TRICK-WINNER when a 2 took the trick). Which rule
card changed an outcome is found by asking the engine's own functions again without
it (``trick.best_animal``, ``scoring.team_stars`` on the row minus that card).

- ``/won/<other>``: why that player's card did not win against the winning card
  (pairwise: OPS-UNICORN, OPS-UNICORN-BEATS-TWO, OPS-RULE-TWO-WINS,
  OPS-RULE-THREE-LOWEST, OPS-RULES-LEFT-TO-RIGHT, the colour order, OPS-TRICK-WINNER,
  OPS-RULE-EQUAL-DISCARDED), or why nobody took the trick (OPS-DOVE...). A candidate that
  gives the trick to the wrong player differs there.
- ``/won/<taker>``: what the taker got (OPS-WINNER-TAKES, and "kept" clauses for cards it
  did not get: OPS-RULE-EQUAL-DISCARDED, OPS-MONKEY); a consequence when another pile
  or the discards differ too.
- ``/discarded``, ``/trick``: where the cards went (OPS-WINNER-TAKES, OPS-DOVE,
  OPS-RULE-EQUAL-DISCARDED, OPS-MONKEY).
- ``/leader``, ``/to_move``: OPS-WINNER-LEADS, OPS-DOVE, OPS-ALL-DISCARDED-STARTER.
- the round's end: OPS-ROUND-END, the stars of each team (OPS-ROUND-SCORE,
  OPS-TEAM-PILES, OPS-RULE-GREEN-NEGATIVE, OPS-RULE-PINK-PLUS-ONE, OPS-RULE-MOST-BLUE),
  the round winner (OPS-ROUND-WINNER, OPS-RULE-FEWEST-STARS, OPS-ROUND-TIE-CROWN) and
  the trophy draw it opens (OPS-TROPHY-DRAW, OPS-TROPHY-LEFTOVER).
"""

from __future__ import annotations


from engine.opsnorren.cards import BLUE, COLOUR_OF, DOVE, MONKEY, UNICORN, VALUE_OF
from engine.opsnorren.rulecards import COLOUR_REVERSED, GREEN_NEGATIVE, MOST_BLUE, PINK_PLUS_ONE, ruleset
from engine.opsnorren.scoring import team_stars
from engine.opsnorren.trick import best_animal
from engine.provenance import DIFFERS, Effect, Explanation, changed_paths, clauses_for_paths, pointer, root_clauses  # noqa: F401

#: kept importable: an effect that follows from other parts is an ``Effect`` with ``because``
Because = Effect


def derived(E: Explanation, path: str, because: tuple[str, ...], *clauses: str, note: str = "") -> None:
    E.effects.append(Effect(path, tuple(clauses), note, tuple(because)))


def root_blame(explainer, state: dict, action: dict, ref_after: dict, cand_after: dict) -> tuple[str, ...]:
    """:func:`root_clauses` for a differing successor (what ``harness.verdicts.blame.successor`` would give
    with root-first blame)."""
    return root_clauses(explainer.transition(state, action), changed_paths(ref_after, cand_after))


SCORING_RULES = {GREEN_NEGATIVE: "OPS-RULE-GREEN-NEGATIVE", PINK_PLUS_ONE: "OPS-RULE-PINK-PLUS-ONE",
                 MOST_BLUE: "OPS-RULE-MOST-BLUE"}
WINNER_RULE_CLAUSE = {5: "OPS-RULE-TWO-WINS", 8: "OPS-RULE-THREE-LOWEST"}  # rulecards.TWO_WINS, THREE_LOWEST
JOKER_CLAUSE = {UNICORN: "OPS-UNICORN", MONKEY: "OPS-MONKEY", DOVE: "OPS-DOVE"}


def colour_clause(rs) -> str:
    """The clause that sets colour strength now (OPS-COLOUR-ORDER, OPS-RULE-COLOUR-REVERSED)."""
    return "OPS-RULE-COLOUR-REVERSED" if rs.colour_reversed else "OPS-COLOUR-ORDER"


class Verdict:
    """Why the winning card of a trick beat the others (computed once per explanation)."""

    def __init__(self, trick, res, rs, leftmost_decides: bool):
        self.rs = rs
        self.res = res
        gone = set(res.equal_gone)
        self.kept = [pc for pc in trick if pc[1] not in gone]
        self.animals = [pc for pc in self.kept if pc[1] < 44]
        self.card_of = {p: c for p, c in trick}
        self.win_card = self.card_of.get(res.winner) if res.winner is not None else None
        self.rules_decided: list[str] = []
        self.order_decided = False
        self.other_order_card = None
        self.leftmost = leftmost_decides
        if self.win_card is not None and self.win_card < 44 and self.animals:
            self._winner_rules()

    def _winner_rules(self) -> None:
        """Which trick-winner rule cards changed the winner (OPS-RULES-LEFT-TO-RIGHT when their order did)."""
        rs, animals, leftmost = self.rs, self.animals, self.leftmost
        final = best_animal(animals, rs, leftmost)
        for r in rs.winner_rules:
            without = ruleset(tuple(a for a in rs.active if a != r))
            if best_animal(animals, without, leftmost) != final:
                self.rules_decided.append(WINNER_RULE_CLAUSE[r])
        if len(rs.winner_rules) == 2:
            a, b = rs.winner_rules
            swapped = tuple(b if x == a else a if x == b else x for x in rs.active)
            other = best_animal(animals, ruleset(swapped), leftmost)
            if other != final:
                self.order_decided = True
                self.other_order_card = animals[other][1]  # what the other row order would have let win

    def _rules(self) -> tuple[str, ...]:
        return tuple(self.rules_decided) + (("OPS-RULES-LEFT-TO-RIGHT",) if self.order_decided else ())

    def winner(self) -> tuple[str, ...]:
        """Why the winning card is the strongest of the trick (its top decider)."""
        w = self.win_card
        if w is None:
            return ()
        if w == UNICORN:
            two = self.rs.two_wins and any(VALUE_OF[c] == 2 for _, c in self.animals)
            return ("OPS-UNICORN-BEATS-TWO",) if two else ("OPS-UNICORN",)
        if self._rules():
            return self._rules()
        if len({COLOUR_OF[c] for _, c in self.animals}) > 1:  # the taker's pile: a consequence when others differ
            return (colour_clause(self.rs),) + (("OPS-COLOUR-FIRST",) if self.colour_before_value() else ())
        return ("OPS-TRICK-WINNER",)

    def not_taken(self, q: int) -> tuple[str, ...]:
        """Why player ``q`` did not take the trick: the dove, nobody winning, or their card lost."""
        card = self.card_of.get(q)
        if self.res.dove:
            return ("OPS-DOVE", "OPS-DOVE-BEFORE-UNICORN") if card == UNICORN else ("OPS-DOVE",)
        if self.res.winner is None:
            return ("OPS-RULE-EQUAL-DISCARDED",)  # every card was discarded: nobody wins
        return self.lost_because(card) if card is not None else ()

    def lost_because(self, card: int) -> tuple[str, ...]:
        """Why ``card`` did not win the trick against the winning card (pairwise)."""
        w = self.win_card
        if w == UNICORN:  # whatever else was played, discarded or not
            return ("OPS-UNICORN-BEATS-TWO",) if self.rs.two_wins and VALUE_OF[card] == 2 else ("OPS-UNICORN",)
        if card in self.res.equal_gone:
            return ("OPS-RULE-EQUAL-DISCARDED",)
        if card >= 44:
            return (JOKER_CLAUSE[card],)
        same_colour = COLOUR_OF[card] == COLOUR_OF[w]
        rules = self._rules()
        order = ("OPS-RULES-LEFT-TO-RIGHT",) if self.order_decided else ()
        if card == self.other_order_card:  # it would win under the other row order: the order decided
            return ("OPS-RULES-LEFT-TO-RIGHT",)
        if "OPS-RULE-TWO-WINS" in rules and VALUE_OF[w] == 2:
            if VALUE_OF[card] == 2:
                return (colour_clause(self.rs),)  # several 2s: the 2 of the strongest colour
            return ("OPS-RULE-TWO-WINS",) + order
        if "OPS-RULE-THREE-LOWEST" in rules and same_colour:
            return ("OPS-RULE-THREE-LOWEST",) + order
        return ("OPS-TRICK-WINNER",) if same_colour else (colour_clause(self.rs),)

    def wins_with_the_other_colour_order(self, card: int) -> bool:
        """Would ``card`` win the trick with the colour order reversed (or not reversed), the row
        otherwise as it is? Then a candidate that gave it the trick may have the colour order
        wrong rather than the row order (an alternative for OPS-RULES-LEFT-TO-RIGHT)."""
        if card >= 44 or not self.animals:
            return False
        active = self.rs.active
        other = tuple(a for a in active if a != COLOUR_REVERSED) if self.rs.colour_reversed else tuple(active) + (COLOUR_REVERSED,)
        i = best_animal(self.animals, ruleset(other), self.leftmost)
        return i is not None and self.animals[i][1] == card

    def colour_before_value(self) -> bool:
        """OPS-COLOUR-FIRST decided the winner too: a card of another colour had a higher value, or
        was of the lead colour (the first animal card's), and still lost to the winning colour."""
        w = self.win_card
        lead = COLOUR_OF[self.animals[0][1]]
        return any(COLOUR_OF[c] != COLOUR_OF[w] and (VALUE_OF[c] > VALUE_OF[w] or COLOUR_OF[c] == lead)
                   for _, c in self.animals)


def explain_settle(E: Explanation, s, t, trick, res, rs, choices, stars, picked=None) -> None:
    """Effects of a trick leaving the table (engine ``_settle``): ``s`` before, ``t`` after.

    ``picked`` is the monkey's card when the monkey's player took one (OPS-MONKEY)."""
    v = Verdict(trick, res, rs, choices.leftmost_decides)
    taker, monkey_p = res.taker, None
    if picked is not None:
        monkey_p = next(p for p, c in trick if c == MONKEY)
    skipped = MONKEY in v.card_of.values() and picked is None  # kept: no pick (own team takes, or the dove)
    gone = set(res.equal_gone)
    no_winner = res.winner is None and not res.dove
    piles = tuple(pointer("won", q) for q in range(s.n)) + ("/discarded",)
    for q in range(s.n):
        path = pointer("won", q)
        why: list[str] = []
        if q == monkey_p:
            why.append("OPS-MONKEY")
        if q == taker:  # what the taker got; who took it shows in the other piles (pairwise)
            why += (["OPS-ALL-DISCARDED-STARTER"] if res.winner is None else ["OPS-WINNER-TAKES"]) + list(v.winner())
            if gone:
                why.append("OPS-RULE-EQUAL-DISCARDED")  # kept: the equal values are not won
            if picked is not None and q != monkey_p or skipped:
                why.append("OPS-MONKEY")  # kept: the monkey took a card of the trick, or had no pick
            derived(E, path, tuple(x for x in piles if x != path), *dict.fromkeys(why), note="the taker's pile")
            continue
        if q != monkey_p:
            why += v.not_taken(q)
        if v.card_of.get(q) == MONKEY and picked is None:
            why.append("OPS-MONKEY")
        E.add(path, *dict.fromkeys(why), note="won pile")
        card = v.card_of.get(q)
        if "OPS-RULES-LEFT-TO-RIGHT" in why and card is not None and v.wins_with_the_other_colour_order(card):
            E.effects.append(Effect(path, (colour_clause(rs),), "its card wins with the other colour order too",
                                    when=DIFFERS))
    # where the cards went
    gone_why = []
    if gone:
        gone_why.append("OPS-RULE-EQUAL-DISCARDED")
    if res.dove:
        gone_why.append("OPS-DOVE")
        if UNICORN in v.card_of.values():
            gone_why.append("OPS-DOVE-BEFORE-UNICORN")
    if no_winner and not gone_why:
        gone_why.append("OPS-ALL-DISCARDED-STARTER")
    if picked is not None and picked in res.discard:
        gone_why.append("OPS-MONKEY")
    if not gone_why:  # kept: nothing discarded, the winner takes every card
        gone_why = ["OPS-WINNER-TAKES"] + (["OPS-RULE-EQUAL-DISCARDED"] if rs.equal_discarded else [])
    E.add("/discarded", *gone_why, note="discarded pile")
    derived(E, "/trick", piles, *(["OPS-DOVE"] if res.dove else ["OPS-WINNER-TAKES"]),
            note="the trick leaves the table")
    if res.dove:
        lead = ("OPS-DOVE",)  # the winner still leads (nothing else shows who won)
    elif res.winner is None:
        lead = ("OPS-ALL-DISCARDED-STARTER",)
    else:
        lead = ("OPS-WINNER-LEADS",)
    after_piles = piles if not res.dove else ()
    derived(E, "/leader", after_piles, *lead, note=f"player {res.next_leader} leads the next trick")
    if res.dove:
        dove_leaders(E, v, res, "/leader")
    if t.phase == 4:  # PLAY: the next trick
        derived(E, "/to_move", after_piles + ("/trick",), *lead)
        if res.dove:
            dove_leaders(E, v, res, "/to_move")
        derived(E, "/phase", piles + ("/trick",), *(["OPS-MONKEY"] if skipped else ["OPS-ROUND-TRICKS"]),
                note="play goes on")
    else:
        explain_round_end(E, t, rs, stars, piles + ("/trick",))


def dove_leaders(E: Explanation, v: Verdict, res, path: str) -> None:
    """After a dove trick nothing but the next leader shows who won it: a candidate that has
    player ``q`` lead broke OPS-DOVE's "the winner still leads", or the leader rule
    (OPS-WINNER-LEADS), or ranked ``q``'s card above the winner's (why ``q``'s card lost: colour
    order, a rule card). The last two are pairwise alternatives (``Effect.when``)."""
    if v.win_card is None:
        return
    for q, card in v.card_of.items():
        if q != res.next_leader:  # the dove's own player: the leader rule only (the dove won nothing)
            why = (v.lost_because(card) if card != DOVE else ()) + ("OPS-WINNER-LEADS",)
            E.effects.append(Effect(path, why, f"player {q}'s card did not win the dove trick", when=q))


def explain_monkey_pending(E: Explanation, s, t, trick, res, rs, choices) -> None:
    """OPS-MONKEY: a complete trick waits for the monkey's pick; nothing is taken yet."""
    v = Verdict(trick, res, rs, choices.leftmost_decides)
    for q in range(s.n):
        why = ["OPS-MONKEY"] if q in (res.taker, res.monkey) else list(v.not_taken(q))
        E.add(pointer("won", q), *why, note="kept until the pick")
    waits = ("/won", "/discarded")
    for key in ("trick", "phase", "to_move", "leader", "discarded"):
        derived(E, pointer(key), waits if key != "discarded" else (), "OPS-MONKEY",
                note=f"player {res.monkey} picks with the monkey first")


def explain_round_end(E: Explanation, t, rs, stars, trick_paths: tuple[str, ...] = ()) -> None:
    """OPS-ROUND-END and the scoring recorded in ``history`` (``t`` is the state after); when the
    last trick itself differs (``trick_paths``), the rest follows from it."""
    k = len(t.history) - 1
    rnd, a, b, w = t.history[-1]
    for path in ("/phase", "/to_move", pointer("history", k, "round"), "/chance/event", "/chance/draws/0/pool"):
        clauses = ("OPS-TROPHY-DRAW", "OPS-SETUP-TROPHIES") if path.startswith("/chance") else ("OPS-ROUND-END",)
        derived(E, path, trick_paths, *clauses, note="all cards are played")
    stars_path = pointer("history", k, "stars")
    for team, letter in ((0, "A"), (1, "B")):
        path = pointer("history", k, "stars", letter)
        clauses, misses = star_clauses(t, rs, team, stars)
        derived(E, path, ("/won", "/discarded", "/trick"), *clauses, note=f"stars of team {letter}")
        for clause, without in misses:  # pairwise: the count without this card means it was missed
            E.effects.append(Effect(path, (clause,), f"the stars of team {letter} without that card", when=without))
    comparison = winner_clause(a, b, rs)
    winner_path = pointer("history", k, "winner")
    derived(E, winner_path, (stars_path, "/trick"), comparison, note=f"team {'AB'[w]} wins the round")
    takes = tuple(pointer("chance", "draws", 0, "take", p) for p in range(t.n))
    for p in range(t.n):
        derived(E, takes[p], (winner_path, stars_path, "/trick"), "OPS-TROPHY-DRAW",
                note="members of the winning team draw")
    derived(E, "/chance/draws/0/take/aside", (winner_path, stars_path, "/trick") + takes, "OPS-TROPHY-LEFTOVER")


def winner_clause(a: int, b: int, rs) -> str:
    """OPS-ROUND-TIE-CROWN on a tie, else OPS-RULE-FEWEST-STARS or OPS-ROUND-WINNER."""
    if a == b:
        return "OPS-ROUND-TIE-CROWN"
    return "OPS-RULE-FEWEST-STARS" if rs.fewest_stars else "OPS-ROUND-WINNER"


def star_clauses(t, rs, team: int, table) -> tuple[tuple[str, ...], list[tuple[str, int]]]:
    """(clauses, misses) for this team's stars. ``clauses``: the scoring rule cards that changed
    them (OPS-RULE-MOST-BLUE also when equal blue counts decided that nobody loses), else
    OPS-ROUND-SCORE (and OPS-TEAM-PILES when teammates' piles were added together). ``misses``:
    (clause, the stars without that card) for each card that changed them -- a candidate whose
    count is that one missed the card."""
    full = team_stars(t.won, t.team_of, rs, table)[team]
    out, misses = [], []
    for r, clause in SCORING_RULES.items():
        if r not in rs.active:
            continue
        without = team_stars(t.won, t.team_of, ruleset(tuple(x for x in rs.active if x != r)), table)[team]
        if without != full:
            misses.append((clause, without))
        if without != full or (r == MOST_BLUE and _equal_blues(t)):
            out.append(clause)
    if out:
        return tuple(out), misses
    members = [p for p in range(t.n) if t.team_of[p] == team and t.won[p]]
    return ("OPS-ROUND-SCORE",) + (("OPS-TEAM-PILES",) if len(members) > 1 else ()), misses


def _equal_blues(t) -> bool:
    blues = [0, 0]
    for p, pile in enumerate(t.won):
        blues[t.team_of[p]] += sum(1 for c in pile if COLOUR_OF[c] == BLUE)
    return blues[0] == blues[1]

