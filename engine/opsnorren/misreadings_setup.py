"""Misreadings of the game's and each round's setup: the player count (OPS-PLAYER-COUNT), the
rule row (OPS-SETUP-RULE-ROW, OPS-REVEAL-RULE, OPS-RULES-PERSIST), the teams
(OPS-TEAM-CARDS, OPS-TEAMS-PER-ROUND), the deal (OPS-DEAL-TABLE, OPS-DEAL-THREE,
OPS-DEAL-FIVE, OPS-JOKERS-ODD, OPS-JOKERS-SMALL-TEAM, OPS-NO-JOKERS-EVEN), who leads first
(OPS-CROWN-LEADS), and the round's and game's length (OPS-ROUND-END, OPS-NEW-ROUND,
OPS-GAME-LENGTH).
"""

from __future__ import annotations

from engine.errors import BadConfigError
from engine.opsnorren.cards import ANIMALS, CARD_ID, JOKERS, NAMES
from engine.opsnorren.deal import CARDS_PER_PLAYER, SMALL_TEAM_ANIMALS, small_team
from engine.opsnorren.misreadings_base import Variant, mis
from engine.opsnorren.rulecards import piles
from engine.opsnorren.state import DEAL, OVER, PLAY, RULE_CARDS, TEAMS, TROPHIES, with_cards
from engine.opsnorren.tables import ROUNDS


def _chance_at(phase: int, make):
    """A ``chance`` method answering ``make(self, s)`` in ``phase`` and the reference elsewhere."""

    def chance(self, s):
        if s.phase != phase:
            return Variant.chance(self, s)
        ch = s._chance
        if ch is None:
            ch = s._chance = make(self, s)
        return ch

    return chance


# ---- the player count -------------------------------------------------------------------------

def _rejects(k: int):
    def new_game(self, config):
        if isinstance(config, dict) and config.get("players") == k:
            raise BadConfigError(f"this reading plays Opsnorren without {k} players")
        return Variant.new_game(self, config)

    return {"new_game": new_game}


# ---- the rule row -------------------------------------------------------------------------------

def _row(white_n: int = 2, black_left: bool = False, keep_order: bool = True, one_pile: bool = False):
    def make(self, s):
        white, black = piles(self.tables, self.ch.beginner)
        if one_pile:
            return {"event": "rule-cards", "draws": [{"pool": list(white) + list(black), "take": {"row": 4},
                                                      "sorted": not keep_order}]}
        draws = [{"pool": list(white), "take": {"row": white_n}, "sorted": not keep_order},
                 {"pool": list(black), "take": {"row": 4 - white_n}, "sorted": not keep_order}]
        return {"event": "rule-cards", "draws": draws[::-1] if black_left else draws}

    def _apply_chance(self, s, outcome):
        if s.phase == RULE_CARDS and len(outcome) == 1:
            outcome = [outcome[0], {"row": []}]
        return Variant._apply_chance(self, s, outcome)

    return {"chance": _chance_at(RULE_CARDS, make), "_apply_chance": _apply_chance}


def _active(pick):
    """Which cards of the row apply: ``pick(rules, revealed)``."""
    from engine.opsnorren.rulecards import ruleset

    def ruleset_of(self, s):
        return ruleset(tuple(pick(s.rules, s.revealed)))

    return {"ruleset_of": ruleset_of}


# ---- teams and the deal ------------------------------------------------------------------------

def _crown_other_team():
    def make(self, s):
        cards = list(self.tables.team_cards[s.n])
        crown = next(c for c in cards if c.endswith("+crown"))
        other = "B" if crown[0] == "A" else "A"
        cards[cards.index(crown)] = crown[0]
        cards[cards.index(other)] = other + "+crown"
        return {"event": "teams", "draws": [{"pool": sorted(cards), "take": {str(p): 1 for p in range(s.n)}}]}

    return {"chance": _chance_at(TEAMS, make)}


def _after_chance(fix):
    """``_apply_chance`` of the reference, then ``fix(self, s, t)`` on its result."""

    def _apply_chance(self, s, outcome):
        t = Variant._apply_chance(self, s, outcome)
        return fix(self, s, t) or t

    return {"_apply_chance": _apply_chance}


def _keep_teams(self, s, t):
    if s.phase == TROPHIES and t.phase == TEAMS:
        t.set_teams(s.teams)
        t.phase = DEAL


def _carry_won(self, s, t):
    if s.phase == TROPHIES and t.phase == TEAMS:
        t.won = s.won


def _game_length(rounds: int):
    def fix(self, s, t):
        if s.phase != TROPHIES:
            return None
        if s.round == rounds and t.phase != OVER:
            u = s.copy()
            u.trophies = t.trophies
            u.phase = OVER
            return u
        if s.round == ROUNDS and rounds > ROUNDS:  # one more round
            u = s.copy()
            u.trophies = t.trophies
            u.round = u.revealed = s.round + 1
            u._ruleset = None
            u.set_teams(None)
            empty = tuple(() for _ in range(s.n))
            u.hands = u.won = u.passing = empty
            u.trick = u.discarded = u.aside = ()
            u.leader = 0
            u.phase = TEAMS
            return u
        return None

    return _after_chance(fix)


def _first_leader(pick):
    def fix(self, s, t):
        if s.phase == DEAL:
            t.leader = pick(s)

    return _after_chance(fix)


DEAL_REFERENCE = {"per_player": CARDS_PER_PLAYER, "small": SMALL_TEAM_ANIMALS, "odd": (3, 5), "to": "small",
                  "even_jokers": False}


def _jokered(n: int, team_of, k) -> list[int]:
    """The players who get jokers (one each with 5 players, all three with 3)."""
    if n not in k["odd"] or n not in (3, 5):
        return []
    small = small_team(team_of)
    return [p for p in range(n) if (team_of[p] == small) == (k["to"] == "small")]


def _deal(**changes):
    k = {**DEAL_REFERENCE, **changes}

    def counts(s) -> list[int]:
        jp = _jokered(s.n, s.team_of, k)
        return [k["small"].get(s.n, k["per_player"][s.n]) if p in jp else k["per_player"][s.n] for p in range(s.n)]

    def make(self, s):
        n = s.n
        cs = counts(s)
        pool = [NAMES[c] for c in ANIMALS] + ([NAMES[c] for c in JOKERS] if (k["even_jokers"] and n in (4, 6)) else [])
        take = {str(p): cs[p] for p in range(n)}
        if len(pool) > sum(cs):  # nothing set aside: no take of none (as a candidate dealing every card writes it)
            take["aside"] = len(pool) - sum(cs)
        draws = [{"pool": pool, "take": take}]
        jp = _jokered(n, s.team_of, k)
        if n == 5 and jp:
            jt = {str(p): 1 for p in jp}
            if len(jp) < 3:
                jt["aside"] = 3 - len(jp)
            draws.append({"pool": [NAMES[c] for c in JOKERS], "take": jt})
        return {"event": "deal", "draws": draws}

    def deal_hands(self, s, outcome):
        n = s.n
        hands = [[CARD_ID[x] for x in outcome[0][str(p)]] for p in range(n)]
        aside = [CARD_ID[x] for x in outcome[0].get("aside", [])]
        jp = _jokered(n, s.team_of, k)
        if n == 3 and jp:
            for p in jp:
                hands[p].extend(JOKERS)
        elif n == 5 and jp:
            for p in jp:
                hands[p].extend(CARD_ID[x] for x in outcome[1][str(p)])
            aside.extend(CARD_ID[x] for x in outcome[1].get("aside", []))
        elif not (k["even_jokers"] and n in (4, 6)):
            aside.extend(JOKERS)
        return tuple(tuple(sorted(h)) for h in hands), tuple(sorted(aside))

    return {"chance": _chance_at(DEAL, make), "deal_hands": deal_hands}


def _round_ends_early():
    def _settle(self, t, res, to_taker, discard):
        t = Variant._settle(self, t, res, to_taker, discard)
        if t.phase == PLAY and all(len(h) == 1 for h in t.hands):
            t.aside = with_cards(t.aside, [c for h in t.hands for c in h])
            t.hands = tuple(() for _ in t.hands)
            self._end_round(t)
        return t

    return {"_settle": _settle}


def _crown_leads_every_trick():
    def _settle(self, t, res, to_taker, discard):
        t = Variant._settle(self, t, res, to_taker, discard)
        if t.phase == PLAY:
            t.leader = t.crown
        return t

    return {"_settle": _settle}


def misreadings() -> list:
    out = [
        mis("ops.player-count.no-three", "OPS-PLAYER-COUNT", "a game of 3 players is refused (4 to 6 only)",
            "parameter", **_rejects(3)),
        mis("ops.player-count.no-six", "OPS-PLAYER-COUNT", "a game of 6 players is refused (3 to 5 only)",
            "parameter", **_rejects(6)),
        mis("ops.rule-row.black-left", "OPS-SETUP-RULE-ROW",
            "the rule row has the black cards on the left (revealed first), the white ones on the right", "order",
            **_row(black_left=True)),
        mis("ops.rule-row.sorted", "OPS-SETUP-RULE-ROW",
            "the rule cards drawn for the row lie in a fixed (sorted) order, not in the order drawn", "order",
            **_row(keep_order=False)),
        mis("ops.rule-row.one-pile", "OPS-SETUP-RULE-ROW",
            "the four rule cards are drawn from the white and black cards shuffled together", "condition",
            **_row(one_pile=True)),
        mis("ops.reveal.one-round-late", "OPS-REVEAL-RULE",
            "a rule card applies from the round after it is turned (no rule in round 1)", "timing",
            **_active(lambda rules, r: rules[: r - 1])),
        mis("ops.reveal.one-round-early", "OPS-REVEAL-RULE",
            "two rule cards are open in round 1 (one more than the round number each round)", "timing",
            **_active(lambda rules, r: rules[: r + 1])),
        mis("ops.reveal.all-at-once", "OPS-REVEAL-RULE",
            "all four rule cards of the row apply from the first round", "timing", **_active(lambda rules, r: rules)),
        mis("ops.reveal.from-the-right", "OPS-REVEAL-RULE",
            "the rule cards are turned from the right of the row (black first)", "order",
            **_active(lambda rules, r: rules[len(rules) - r:])),
        mis("ops.persist.newest-only", "OPS-RULES-PERSIST",
            "only the rule card turned this round applies; earlier ones stop", "timing",
            **_active(lambda rules, r: rules[r - 1: r])),
        mis("ops.team-cards.crown-other-team", "OPS-TEAM-CARDS",
            "the crown is on a card of the other team (with 3 and 5 players: the larger team)", "condition",
            **_crown_other_team()),
        mis("ops.teams-per-round.kept", "OPS-TEAMS-PER-ROUND",
            "the teams stay the same all game (team cards are dealt only once)", "timing",
            **_after_chance(_keep_teams)),
        mis("ops.new-round.won-kept", "OPS-NEW-ROUND",
            "the won cards are not collected at a new round: they count again at the next round's end", "condition",
            **_after_chance(_carry_won)),
        mis("ops.game-length.three", "OPS-GAME-LENGTH", "the game ends after three rounds", "parameter",
            **_game_length(ROUNDS - 1)),
        mis("ops.game-length.five", "OPS-GAME-LENGTH", "the game goes on for a fifth round", "parameter",
            **_game_length(ROUNDS + 1)),
        mis("ops.round-end.one-trick-early", "OPS-ROUND-END",
            "the round ends one trick early: the last card of each hand is not played", "timing",
            **_round_ends_early()),
        mis("ops.crown-leads.seat-zero", "OPS-CROWN-LEADS", "the first player (seat 0) starts the first trick, "
            "not the crown holder", "condition", **_first_leader(lambda s: 0)),
        mis("ops.crown-leads.left-of-crown", "OPS-CROWN-LEADS",
            "the player left of the crown holder starts the first trick", "order",
            **_first_leader(lambda s: (s.crown + 1) % s.n)),
        mis("ops.crown-leads.right-of-crown", "OPS-CROWN-LEADS",
            "the player right of the crown holder starts the first trick", "order",
            **_first_leader(lambda s: (s.crown - 1) % s.n)),
        mis("ops.crown-leads.every-trick", "OPS-CROWN-LEADS", "the crown holder starts every trick, not only the "
            "first", "timing", **_crown_leads_every_trick()),
        mis("ops.deal-three.twelve-animals", "OPS-DEAL-THREE",
            "with 3 players the solo player gets 12 animal cards plus the three jokers", "aggregate",
            **_deal(small={**SMALL_TEAM_ANIMALS, 3: 12})),
        mis("ops.jokers-small-team.larger-team", "OPS-JOKERS-SMALL-TEAM",
            "with 5 players the jokers go to the larger team (one each), not to the team of two", "condition",
            **_deal(to="large")),
        mis("ops.jokers-odd.not-with-three", "OPS-JOKERS-ODD",
            "jokers are used with 5 players only, not with 3 (everyone gets 12 animal cards)", "condition",
            **_deal(odd=(5,))),
        mis("ops.jokers-odd.not-with-five", "OPS-JOKERS-ODD",
            "jokers are used with 3 players only, not with 5 (everyone gets 8 animal cards)", "condition",
            **_deal(odd=(3,))),
        mis("ops.no-jokers-even.shuffled-in", "OPS-NO-JOKERS-EVEN",
            "with 4 and 6 players the jokers are shuffled into the deal", "condition", **_deal(even_jokers=True)),
    ]
    for n in (3, 4, 5, 6):
        for d in (-1, 1):
            per = {**CARDS_PER_PLAYER, n: CARDS_PER_PLAYER[n] + d}
            small = SMALL_TEAM_ANIMALS.get(n, 0)
            if sum(per[n] for _ in range(n)) > 44:
                continue
            who = "each player of the larger team" if n in SMALL_TEAM_ANIMALS else "each player"
            out.append(mis(f"ops.deal-table.{n}p{d:+d}", "OPS-DEAL-TABLE",
                           f"with {n} players {who} gets {per[n]} cards, not {CARDS_PER_PLAYER[n]}", "parameter",
                           **_deal(per_player=per)))
            if small:
                clause = "OPS-DEAL-THREE" if n == 3 else "OPS-DEAL-FIVE"
                team = "the solo player" if n == 3 else "each player of the team of two"
                out.append(mis(f"ops.{clause[4:].lower()}.animals{d:+d}", clause,
                               f"with {n} players {team} gets {small + d} animal cards, not {small}", "parameter",
                               **_deal(small={**SMALL_TEAM_ANIMALS, n: small + d})))
    out += _persist_each_card()
    return out


def _persist_each_card() -> list:
    """OPS-RULES-PERSIST read card by card: one rule card applies only in the round it is turned."""
    from engine.opsnorren.rulecards import RULE_IDS, RULE_TEXT

    out = []
    for k, rid in enumerate(RULE_IDS):
        def pick(rules, r, _k=k):
            return tuple(c for i, c in enumerate(rules[:r]) if c != _k or i == r - 1)

        clause = "OPS-RULE-" + rid.upper()
        out.append(mis(f"ops.persist.{rid}-one-round", "OPS-RULES-PERSIST",
                       f"the rule card '{RULE_TEXT[rid]}' applies only in the round it is turned", "timing",
                       (clause,), **_active(pick)))
    return out
