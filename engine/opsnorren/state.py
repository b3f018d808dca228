"""The internal state of an Opsnorren game: immutable, small, fast to copy.

Cards are ints (``cards.py``), hands and piles sorted tuples, the trick a tuple of
``(player, card)`` in play order. Legal actions, the chance description and the
canonical JSON are computed on demand and cached on the state (it never changes).
"""

from __future__ import annotations

PHASES = ("rule-cards", "teams", "deal", "pass", "play", "monkey", "trophies", "over")
RULE_CARDS, TEAMS, DEAL, PASS, PLAY, MONKEY, TROPHIES, OVER = range(8)
CHANCE_PHASES = (RULE_CARDS, TEAMS, DEAL, TROPHIES)
#: SEATS[p]: player ``p`` as a recipient of a chance draw (``"0"`` ... ``"5"``, OPS-PLAYER-COUNT)
SEATS = tuple(str(p) for p in range(6))


class State:
    __slots__ = (
        "n",          # number of players (3-6)
        "rules",      # the rule row: tuple of rule indices, 2 white then 2 black ((), before setup)
        "round",      # 1-4 (0 before the rule cards are drawn)
        "revealed",   # how many rule cards of the row are face up (== round once set up)
        "teams",      # team card per player ("A", "A+crown", "B", ...) or None before the team deal
        "team_of",    # 0 (A) / 1 (B) per player, derived from teams
        "crown",      # the crown holder, derived from teams
        "hands",      # tuple of sorted tuples
        "passing",    # cards each player passed this round and the receiver has not yet picked up
        "trick",      # ((player, card), ...) in play order
        "leader",     # who started (or starts) the current trick
        "won",        # per player: sorted tuple of won cards this round
        "discarded",  # sorted tuple: cards discarded this round (dove, equal values, no winner)
        "aside",      # sorted tuple: cards not dealt this round (and jokers out of play)
        "phase",
        "history",    # ((round, stars_A, stars_B, winner_team), ...)
        "trophies",   # per player: tuple of token values drawn
        "_legal", "_playable", "_chance", "_json", "_ruleset",
    )

    def copy(self) -> "State":
        s = State.__new__(State)
        s.n = self.n
        s.rules = self.rules
        s.round = self.round
        s.revealed = self.revealed
        s.teams = self.teams
        s.team_of = self.team_of
        s.crown = self.crown
        s.hands = self.hands
        s.passing = self.passing
        s.trick = self.trick
        s.leader = self.leader
        s.won = self.won
        s.discarded = self.discarded
        s.aside = self.aside
        s.phase = self.phase
        s.history = self.history
        s.trophies = self.trophies
        s._legal = None
        s._playable = None
        s._chance = None
        s._json = None
        s._ruleset = self._ruleset  # reset by whoever changes rules/revealed
        return s

    def set_teams(self, teams):
        self.teams = teams
        if teams is None:
            self.team_of = None
            self.crown = None
        else:
            self.team_of = tuple([0 if t[0] == "A" else 1 for t in teams])
            self.crown = next(i for i, t in enumerate(teams) if t.endswith("+crown"))


def blank(n: int) -> State:
    s = State.__new__(State)
    s.n = n
    s.rules = ()
    s.round = 0
    s.revealed = 0
    s.set_teams(None)
    empty = tuple(() for _ in range(n))
    s.hands = empty
    s.passing = empty
    s.trick = ()
    s.leader = 0
    s.won = empty
    s.discarded = ()
    s.aside = ()
    s.phase = RULE_CARDS
    s.history = ()
    s.trophies = empty
    s._legal = None
    s._playable = None
    s._chance = None
    s._json = None
    s._ruleset = None
    return s


def replace_at(tup: tuple, i: int, value) -> tuple:
    return tup[:i] + (value,) + tup[i + 1:]


def without(hand: tuple, card: int) -> tuple:
    i = hand.index(card)
    return hand[:i] + hand[i + 1:]


def with_cards(pile: tuple, cards) -> tuple:
    return tuple(sorted(pile + tuple(cards)))
