"""Misreadings of what happens to a complete trick: who takes it, who leads next, the jokers
and the equal values (OPS-WINNER-TAKES, OPS-WINNER-LEADS, OPS-ALL-DISCARDED-STARTER, OPS-DOVE,
OPS-UNICORN, OPS-DOVE-BEFORE-UNICORN, OPS-UNICORN-BEATS-TWO, OPS-MONKEY,
OPS-RULE-EQUAL-DISCARDED).

:func:`resolve_with` is ``jokers.resolve`` with each of its decisions a parameter; the
reference's reading is every parameter at its default.
"""

from __future__ import annotations

from engine.opsnorren.cards import DOVE, MONKEY, UNICORN, VALUE_OF
from engine.opsnorren.jokers import Resolution
from engine.opsnorren.misreadings_base import mis
from engine.opsnorren.trick import best_animal, equal_values

REFERENCE = {"unicorn": "wins", "dove": "discards", "dove_leader": "winner", "unicorn_vs_dove": "dove-first",
             "monkey": "other-team", "taker": "winner", "next_leader": "winner", "no_winner_leader": "starter",
             "equal": "before", "equal_split": "all", "unicorn_leads": True}


def _equal_keep_first(trick, joker_pairs=False):
    """Equal values: the first card of each value stays, only the later ones are discarded."""
    seen, kept, gone = set(), [], []
    for pc in trick:
        v = VALUE_OF[pc[1]]
        if v >= 0 and v in seen:
            gone.append(pc)
        else:
            seen.add(v)
            kept.append(pc)
    return kept, gone


def _equal_exact_pairs(trick, joker_pairs=False):
    """Equal values: only values that appear exactly twice are discarded."""
    kept, gone = equal_values(trick, joker_pairs)
    counts: dict[int, int] = {}
    for _, c in gone:
        counts[VALUE_OF[c]] = counts.get(VALUE_OF[c], 0) + 1
    back = [pc for pc in gone if counts[VALUE_OF[pc[1]]] != 2]
    return [pc for pc in trick if pc in kept or pc in back], [pc for pc in gone if pc not in back]


def resolve_with(trick, leader: int, rs, choices, team_of, k: dict) -> Resolution:
    """``jokers.resolve`` with the decisions in ``k`` (keys of :data:`REFERENCE`)."""
    n = len(trick)
    r = Resolution()
    if rs.equal_discarded and k["equal"] != "ignored":
        split = {"all": equal_values, "keep-first": _equal_keep_first, "pairs": _equal_exact_pairs}[k["equal_split"]]
        kept, gone = split(trick, choices.joker_pairs_discarded)
    else:
        kept, gone = list(trick), []
    decide = list(trick) if k["equal"] == "after" else kept  # the winner decided before the discard
    r.equal_gone = [c for _, c in gone]
    winner = unicorn_player = monkey_player = dove_player = None
    for p, c in decide:
        if c == UNICORN and k["unicorn"] != "ignored":
            winner = unicorn_player = p
    for p, c in kept:
        if c == MONKEY:
            monkey_player = p
        elif c == DOVE and k["dove"] != "ignored":
            dove_player = p
    has_dove = dove_player is not None
    if has_dove and not choices.unicorn_leads_after_dove:
        winner = None
    animals = [pc for pc in decide if pc[1] < 44]
    if winner is not None and k["unicorn"] == "loses-to-two" and rs.two_wins and any(
            VALUE_OF[c] == 2 for _, c in animals):
        winner = None
    animal_winner = animals[best_animal(animals, rs, choices.leftmost_decides, choices.reversal_everywhere)][0] \
        if animals else None
    if winner is None:
        winner = animal_winner
    r.winner = winner
    r.dove = has_dove
    if has_dove and unicorn_player is not None and k["unicorn_vs_dove"] == "unicorn-first":
        has_dove = False  # the unicorn goes first: its player takes the cards
    taker = winner
    if taker is None and choices.no_winner_starter:
        taker = leader
    if winner is None:
        r.next_leader = {"starter": leader, "left-of-starter": (leader + 1) % n,
                         "last-player": (leader + n - 1) % n}[k["no_winner_leader"]]
    else:
        lead_by = winner
        if winner == unicorn_player and not k["unicorn_leads"] and animal_winner is not None:
            lead_by = animal_winner
        r.next_leader = {"winner": lead_by, "starter": leader, "left-of-winner": (lead_by + 1) % n,
                         "left-of-starter": (leader + 1) % n}[k["next_leader"]]
    if has_dove:
        r.next_leader = {"winner": r.next_leader, "dove-player": dove_player, "starter": leader}[k["dove_leader"]]
    if taker is not None and k["taker"] == "starter":
        taker = leader
    kept_cards = [c for _, c in kept]
    dove_only = has_dove and k["dove"] == "only-itself"
    if has_dove and not dove_only:
        taker = None
    r.taker = taker
    r.monkey = None
    r.candidates = ()
    if monkey_player is not None and k["monkey"] != "ignored":
        if has_dove and not dove_only:
            pick = choices.monkey_first
        elif k["monkey"] == "always":
            pick = True
        elif k["monkey"] == "own-team":
            pick = taker is not None and team_of[taker] == team_of[monkey_player]
        else:
            pick = taker is None or team_of[taker] != team_of[monkey_player]
        pool = kept_cards + (r.equal_gone if choices.monkey_any_discarded else [])
        if choices.monkey_pick == "not-self":
            pool = [c for c in pool if c != MONKEY]
        elif choices.monkey_pick == "animals":
            pool = [c for c in pool if c < 44]
        if dove_only:
            pool = [c for c in pool if c != DOVE]
        if not pick and not has_dove and any(c in r.equal_gone for c in pool):
            pick = True
        if pick and pool:
            r.monkey = monkey_player if k["monkey"] != "winner-picks" or taker is None else taker
            r.candidates = tuple(sorted(pool))
    if taker is None:
        r.to_taker = ()
        r.discard = tuple(kept_cards) + tuple(r.equal_gone)
    else:
        to_taker = [c for c in kept_cards if not (dove_only and c == DOVE)]
        r.to_taker = tuple(to_taker) + (tuple(r.equal_gone) if k["equal"] == "to-taker" else ())
        r.discard = ((DOVE,) if dove_only else ()) + (() if k["equal"] == "to-taker" else tuple(r.equal_gone))
    return r


def _resolution(**changes):
    k = {**REFERENCE, **changes}

    def resolve_trick(self, trick, leader, rs, team_of):
        return resolve_with(trick, leader, rs, self.ch, team_of, k)

    return {"resolve_trick": resolve_trick}


def misreadings() -> list:
    R = _resolution
    return [
        mis("ops.winner-takes.starter", "OPS-WINNER-TAKES",
            "the player who started the trick takes its cards, not the winner", "condition", **R(taker="starter")),
        mis("ops.winner-leads.starter", "OPS-WINNER-LEADS",
            "the player who started a trick starts the next one too, not its winner", "condition",
            **R(next_leader="starter")),
        mis("ops.winner-leads.left-of-winner", "OPS-WINNER-LEADS",
            "the player left of the trick's winner starts the next trick", "order",
            **R(next_leader="left-of-winner")),
        mis("ops.winner-leads.rotates", "OPS-WINNER-LEADS",
            "the start of each trick passes to the left, whoever won the last one", "order",
            **R(next_leader="left-of-starter")),
        mis("ops.all-discarded.left-of-starter", "OPS-ALL-DISCARDED-STARTER",
            "when every card of a trick is discarded the player left of its starter leads next", "order",
            **R(no_winner_leader="left-of-starter")),
        mis("ops.all-discarded.last-player", "OPS-ALL-DISCARDED-STARTER",
            "when every card of a trick is discarded the player who played last leads next", "order",
            **R(no_winner_leader="last-player")),
        # the joker interactions first: narrower than a joker without effect, which reproduces them too
        mis("ops.unicorn-beats-two.two-beats-unicorn", "OPS-UNICORN-BEATS-TWO",
            "under 'cards of value 2 win' a 2 beats the unicorn", "order", **R(unicorn="loses-to-two")),
        mis("ops.dove-before-unicorn.unicorn-first", "OPS-DOVE-BEFORE-UNICORN",
            "with a unicorn and a dove in one trick, the unicorn's player takes the cards (the dove does nothing)",
            "order", **R(unicorn_vs_dove="unicorn-first")),
        mis("ops.dove.ignored", "OPS-DOVE",
            "the dove has no effect: the winner takes the trick as usual", "condition", **R(dove="ignored")),
        mis("ops.dove.only-itself", "OPS-DOVE",
            "the dove discards only itself; the winner takes the other cards", "quantifier", **R(dove="only-itself")),
        mis("ops.dove.dove-player-leads", "OPS-DOVE",
            "after a dove trick the dove's player starts the next trick, not the winner", "condition",
            **R(dove_leader="dove-player")),
        mis("ops.dove.starter-leads", "OPS-DOVE",
            "after a dove trick the player who started it starts the next one, not the winner", "condition",
            **R(dove_leader="starter")),
        mis("ops.unicorn.ignored", "OPS-UNICORN",
            "the unicorn does not win the trick: the strongest animal card still wins", "condition",
            **R(unicorn="ignored")),
        mis("ops.unicorn.animal-leads", "OPS-UNICORN",
            "the unicorn's player takes the trick but the strongest animal card's player starts the next one",
            "condition", **R(unicorn_leads=False)),
        mis("ops.monkey.ignored", "OPS-MONKEY",
            "the monkey has no effect: its player picks no card", "condition", **R(monkey="ignored")),
        mis("ops.monkey.always-picks", "OPS-MONKEY",
            "the monkey's player picks a card also when their own team takes the trick", "condition",
            **R(monkey="always")),
        mis("ops.monkey.own-team-only", "OPS-MONKEY",
            "the monkey's player picks a card only when their own team takes the trick", "condition",
            **R(monkey="own-team")),
        mis("ops.monkey.winner-picks", "OPS-MONKEY",
            "the trick's winner picks the monkey's card, not the monkey's player", "condition",
            **R(monkey="winner-picks")),
        mis("ops.equal.keep-first", "OPS-RULE-EQUAL-DISCARDED",
            "under 'equal values are discarded' the first card of a value stays; only the later equal ones go",
            "quantifier", **R(equal_split="keep-first")),
        mis("ops.equal.exact-pairs", "OPS-RULE-EQUAL-DISCARDED",
            "under 'equal values are discarded' only values played exactly twice are discarded", "quantifier",
            **R(equal_split="pairs")),
        mis("ops.equal.after-winner", "OPS-RULE-EQUAL-DISCARDED",
            "equal values are discarded after the winner is decided (a discarded card can still win)", "timing",
            **R(equal="after")),
        mis("ops.equal.taker-keeps", "OPS-RULE-EQUAL-DISCARDED",
            "cards of equal value do not win but still go to the trick's taker", "condition", **R(equal="to-taker")),
    ]
