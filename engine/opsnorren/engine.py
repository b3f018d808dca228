"""The Opsnorren reference engine (OPS-* clauses; conventions in docs/adding-a-game.md).

Phases of a game (``state.PHASES``): ``rule-cards`` (chance: the row of 2 white and
2 black rule cards, OPS-SETUP-RULE-ROW), then four rounds of ``teams`` (chance,
OPS-TEAM-CARDS), ``deal`` (chance, OPS-DEAL), ``pass`` (OPS-RULE-PASS-THREE, one
action per player), ``play`` (one card per action, OPS-LEAD / OPS-FOLLOW-SUIT),
``monkey`` (OPS-MONKEY: the monkey's player picks a card) and ``trophies`` (chance,
OPS-TROPHY-DRAW); then ``over``.
"""

from __future__ import annotations

import specs
from engine import chance as chance_mod
from engine.errors import BadConfigError, IllegalActionError, MalformedError
from engine.opsnorren import describe as describe_mod
from engine.opsnorren import json_io, notation
from engine.opsnorren.actions import PLAY_CARD, monkey_picks, passes, plays
from engine.opsnorren.cards import CARD_ID, COLOURS, NAMES, card_id
from engine.opsnorren.deal import apply_deal, deal_chance, team_chance
from engine.opsnorren.jokers import after_pick, resolve
from engine.opsnorren.rulecards import RULE_IDS, RULE_INDEX, piles, row_chance, ruleset
from engine.opsnorren.scoring import final_result, round_winner, team_stars, trophy_chance
from engine.opsnorren.state import (CHANCE_PHASES, DEAL, MONKEY, OVER, PASS, PHASES, PLAY, RULE_CARDS, SEATS,
                                    TEAMS, TROPHIES, State, blank, replace_at, with_cards)
from engine.opsnorren.tables import ROUNDS, load_tables
from engine.opsnorren.trick import binding_colour, lead_colour, playable
from engine.protocol import Engine

CONFIG_KEYS = ("players", "rule_cards")


class Choices:
    """The engine's reading of the open points (specs/opsnorren/choices.toml), as flags."""

    __slots__ = ("leftmost_decides", "no_winner_starter", "monkey_first", "monkey_any_discarded", "monkey_pick",
                 "joker_lead_first_animal", "pass_jokers", "beginner", "joker_pairs_discarded",
                 "unicorn_leads_after_dove", "reversal_everywhere", "earlier_leads_bind")

    def __init__(self, d: dict[str, str]):
        self.leftmost_decides = d["ops.winner-rule-order"] == "leftmost-decides"
        self.no_winner_starter = d["ops.no-winner"] == "starter"
        self.monkey_first = d["ops.dove-with-monkey"] == "monkey-first"
        self.monkey_any_discarded = d["ops.monkey-discarded"] == "any"
        self.monkey_pick = d["ops.monkey-pick"]
        self.joker_lead_first_animal = d["ops.joker-lead-colour"] == "first-animal"
        self.pass_jokers = d["ops.pass-jokers"] == "yes"
        self.beginner = d["ops.beginner-setup"] == "yes"
        self.joker_pairs_discarded = d["ops.equal-values-jokers"] == "pairs"
        self.unicorn_leads_after_dove = d["ops.dove-unicorn-leader"] == "unicorn"
        self.reversal_everywhere = d["ops.colour-reversed-scope"] == "everywhere"
        self.earlier_leads_bind = d["ops.lead-colour-binds"] == "earlier"


class OpsnorrenEngine(Engine):
    game = "opsnorren"
    name = "rulecheck-opsnorren"
    version = "1.0"
    #: a random playout of this class's own actions and outcomes calls its methods without the
    #: protocol's input guard, which never acts there (``harness.explore.playout._own_methods``;
    #: read from this class only, so a subclass keeps the guard)
    playout_unguarded = True

    def __init__(self, choices: dict | None = None, tables: str | None = None):
        if choices is not None and not isinstance(choices, dict):
            raise BadConfigError(f"choices must be a dict of choice id -> option, got {type(choices).__name__}")
        self.choices = specs.resolve_choices("opsnorren", choices)
        self.ch = Choices(self.choices)
        self.tables = load_tables(tables)
        #: which star/trophy/team-card table this engine plays with (for play logs and reports)
        self.tables_source = self.tables.source

    def hello(self) -> dict:
        out = super().hello()
        out["tables"] = self.tables_source
        return out

    # ---- configuration -------------------------------------------------------------------
    def new_game(self, config: dict) -> State:
        """A game before its first chance event (OPS-PLAYER-COUNT, OPS-SETUP-RULE-ROW)."""
        if not isinstance(config, dict):
            raise BadConfigError(f"config must be an object like {{'players': 4}}, got {config!r:.100}")
        unknown = sorted(set(config) - set(CONFIG_KEYS))
        if unknown:
            raise BadConfigError(f"unknown config key(s) {unknown}; Opsnorren knows {', '.join(CONFIG_KEYS)}")
        n = config.get("players")
        if type(n) is not int or not 3 <= n <= 6:
            raise BadConfigError(f"Opsnorren is played by 3 to 6 players (OPS-PLAYER-COUNT); 'players' is {n!r}")
        s = blank(n)
        row = config.get("rule_cards")
        if row is not None:
            s.rules = self._check_row(row)
            s.round = s.revealed = 1
            s.phase = TEAMS
        return s

    def _check_row(self, row) -> tuple[int, ...]:
        white, black = piles(self.tables, self.ch.beginner)
        if not (isinstance(row, list) and len(row) == 4 and all(isinstance(r, str) for r in row)):
            raise BadConfigError("'rule_cards' must list 4 rule card ids: 2 white then 2 black (OPS-SETUP-RULE-ROW)")
        for i, r in enumerate(row):
            pile, name = (white, "white") if i < 2 else (black, "black")
            if r not in pile:
                raise BadConfigError(
                    f"'rule_cards'[{i}] is {r!r}; positions 1-2 take {name} cards from: {', '.join(pile)}")
        if len(set(row)) != 4:
            raise BadConfigError("'rule_cards' names a rule card twice")
        return tuple(RULE_INDEX[r] for r in row)

    # ---- queries ------------------------------------------------------------------------
    def rs(self, s: State):
        r = s._ruleset
        if r is None:
            r = s._ruleset = ruleset(s.rules[: s.revealed])
        return r

    def to_move(self, s: State):
        ph = s.phase
        if ph == PLAY:
            return (s.leader + len(s.trick)) % s.n
        if ph in CHANCE_PHASES:
            return "chance"
        if ph == PASS:
            return self.next_passer(s)
        if ph == MONKEY:
            return self.resolution(s).monkey
        return None

    def next_passer(self, s: State):
        for k in range(s.n):
            p = (s.crown + k) % s.n
            if not s.passing[p]:
                return p
        return None

    def resolution(self, s: State):
        return self.resolve_trick(s.trick, s.leader, self.rs(s), s.team_of)

    # ---- rule hooks (one place per rule; tests/broken/opsnorren.py overrides them) -------------
    def resolve_trick(self, trick, leader: int, rs, team_of):
        """A complete trick's outcome (jokers.py: OPS-TRICK-WINNER, OPS-DOVE, OPS-UNICORN, OPS-MONKEY...)."""
        return resolve(trick, leader, rs, self.ch, team_of)

    def round_stars(self, t: State) -> tuple[int, int]:
        """Stars of team A and B at the end of a round (OPS-ROUND-SCORE)."""
        return team_stars(t.won, t.team_of, self.rs(t), self.tables.stars)

    def round_winner_team(self, t: State, a: int, b: int) -> int:
        """OPS-ROUND-WINNER, OPS-ROUND-TIE-CROWN, OPS-RULE-FEWEST-STARS."""
        return round_winner(a, b, self.rs(t), t.team_of[t.crown])

    def deal_hands(self, s: State, outcome) -> tuple[tuple, tuple]:
        """Hands and the aside pile from a deal outcome (OPS-DEAL-TABLE, OPS-DEAL-THREE, OPS-DEAL-FIVE)."""
        return apply_deal(s.n, s.team_of, outcome)

    def final_result(self, trophies) -> dict:
        """OPS-GAME-END, OPS-GAME-TIE."""
        return final_result(trophies)

    def lead(self, s: State):
        return lead_colour(s.trick, self.rs(s), self.ch.joker_lead_first_animal)

    def binding(self, s: State, hand):
        """The colour ``hand`` must follow (the lead colour; ``ops.lead-colour-binds``)."""
        return binding_colour(s.trick, self.lead(s), self.rs(s), hand, self.ch.earlier_leads_bind)

    def chance(self, s: State) -> dict | None:
        ch = s._chance
        if ch is None:
            ph = s.phase
            if ph == RULE_CARDS:
                ch = row_chance(self.tables, self.ch.beginner)
            elif ph == TEAMS:
                ch = team_chance(self.tables, s.n)
            elif ph == DEAL:
                ch = deal_chance(s.n, s.team_of)
            elif ph == TROPHIES:
                ch = trophy_chance(self.tables, s.round, s.team_of, s.history[-1][3])
            else:
                return None
            s._chance = ch
        return ch

    def legal_actions(self, s: State) -> list[dict]:
        """Every legal player action (OPS-FOLLOW-SUIT, OPS-JOKER-ANYTIME, OPS-RULE-PASS-THREE, OPS-MONKEY)."""
        cached = s._legal
        if cached is None or cached[0] is not self:  # keyed by engine: a variant lists otherwise
            legal = self._legal(s)
            cached = s._legal = (self, legal, s._playable if s.phase == PLAY else None)
        return list(cached[1])

    def _legal(self, s: State) -> tuple:
        ph = s.phase
        if ph == PLAY:
            trick = s.trick
            p = (s.leader + len(trick)) % s.n
            hand = s.hands[p]
            if type(self) is not OpsnorrenEngine:
                cards = playable(hand, self.binding(s, hand))
            elif trick:  # the reference's own ``binding`` and ``lead``, without the calls
                rs, ch = s._ruleset or self.rs(s), self.ch
                lead = lead_colour(trick, rs, ch.joker_lead_first_animal)
                if lead is not None and ch.earlier_leads_bind and rs.new_lead_colour:
                    lead = binding_colour(trick, lead, rs, hand, True)
                cards = playable(hand, lead)
            else:
                cards = hand  # OPS-LEAD: the leader plays any card
            s._playable = cards
            return plays(p, cards)
        if ph == PASS:
            p = self.next_passer(s)
            hand = s.hands[p] if self.ch.pass_jokers else tuple(c for c in s.hands[p] if c < 44)
            return passes(p, hand)
        if ph == MONKEY:
            res = self.resolution(s)
            return monkey_picks(res.monkey, res.candidates)
        return ()

    def result(self, s: State) -> dict | None:
        return self.final_result(s.trophies) if s.phase == OVER else None

    def is_terminal(self, s: State) -> bool:
        return s.phase == OVER

    # ---- transitions --------------------------------------------------------------------
    def apply(self, s: State, action: dict) -> State:
        if not isinstance(s, State):
            raise MalformedError(f"expected an Opsnorren state (from new_game or from_json), got {type(s).__name__}")
        # The fast path: a card play this very engine listed for this very state (the same dict
        # object, as Sorry! does) is its listed card, without reading the action again. Only for
        # the reference class: a subclass (a variant, a broken engine) may read an action
        # otherwise than it lists it, and that difference is what the harness must see.
        cached = s._legal
        if cached is not None and cached[0] is self and cached[2] is not None and type(self) is OpsnorrenEngine:
            p = (s.leader + len(s.trick)) % s.n
            card = PLAY_CARD[p].get(id(action))
            if card is not None and card in cached[2]:  # ``action`` is one of ``PLAYS``, listed here
                return self._play_card(s, p, card)
            listed = cached[1]
            try:
                k = listed.index(action)
            except ValueError:
                k = -1
            if k >= 0 and listed[k] is action:
                return self._play_card(s, p, cached[2][k])
        if not isinstance(action, dict):
            raise MalformedError(f"an action is a JSON object with a 'type', got {action!r:.100}")
        t = action.get("type")
        if t == "chance":
            outcome = chance_mod.validate(self.chance(s), action)
            return self._apply_chance(s, outcome)
        if t not in ("play", "pass", "monkey"):
            raise MalformedError(f"unknown action type {t!r}; Opsnorren actions are play, pass, monkey and chance",
                                 path="type")
        want = "cards" if t == "pass" else "card"
        if len(action) != 3 or want not in action or "player" not in action:
            want = {"type", "player", want}
            raise MalformedError(f"a {t} action has exactly the fields {sorted(want)}; got {sorted(map(str, action))}")
        p = action["player"]
        if type(p) is not int or not 0 <= p < s.n:
            raise MalformedError(f"'player' must be a player index 0-{s.n - 1}, got {p!r:.50}", path="player")
        ph = s.phase
        if ph in CHANCE_PHASES:
            raise IllegalActionError(f"a chance event ({self.chance(s)['event']}) is pending; "
                                     "the next action must be its chance outcome")
        if ph == OVER:
            raise IllegalActionError("the game is over (OPS-GAME-END); no more actions")
        if t == "play":
            card = card_id(action["card"], "card")
            if ph != PLAY:
                raise IllegalActionError(f"no card can be played now: the game is in the {PHASES[ph]} phase"
                                         + (" (the monkey's player must pick a card first)" if ph == MONKEY else ""))
            return self._play(s, p, card)
        if t == "pass":
            if ph != PASS:
                raise IllegalActionError(f"cards are passed only at the start of a round under the pass-three rule "
                                         f"card (OPS-RULE-PASS-THREE); the game is in the {PHASES[ph]} phase")
            return self._pass(s, p, action["cards"])
        card = card_id(action["card"], "card")
        if ph != MONKEY:
            raise IllegalActionError(f"no monkey pick is pending (OPS-MONKEY); the game is in the {PHASES[ph]} phase")
        return self._monkey(s, p, card)

    def _check_turn(self, s: State, p: int) -> None:
        who = self.to_move(s)
        if p != who:
            raise IllegalActionError(f"it is player {who}'s turn, not player {p}'s (OPS-CLOCKWISE)")

    def _play(self, s: State, p: int, card: int) -> State:
        """One card into the trick (OPS-LEAD, OPS-CLOCKWISE, OPS-FOLLOW-SUIT, OPS-DISCARD-FREE)."""
        self._check_turn(s, p)
        hand = s.hands[p]
        if card not in hand:
            raise IllegalActionError(f"player {p} does not hold {NAMES[card]}")
        # the playable cards listed on this state (only ``_legal`` keeps them, beside the engine that
        # listed them): never another engine's answer
        allowed = s._playable
        cached = s._legal
        if allowed is not None and cached is not None and cached[0] is not self and cached[2] is allowed:
            allowed = None  # the cards another engine listed on this state: not this engine's answer
        if allowed is None:
            allowed = playable(hand, self.binding(s, hand))
        if card not in allowed:
            col = COLOURS[self.binding(s, hand)]
            raise IllegalActionError(f"player {p} holds {col} cards and must follow {col} (OPS-FOLLOW-SUIT); "
                                     f"{NAMES[card]} is not allowed")
        return self._play_card(s, p, card)

    def _play_card(self, s: State, p: int, card: int) -> State:
        """The successor of a card play already known to be legal."""
        hands = s.hands
        hand = hands[p]
        i = hand.index(card)
        t = s.copy()
        t.hands = hands[:p] + (hand[:i] + hand[i + 1:],) + hands[p + 1:]
        trick = s.trick + ((p, card),)
        t.trick = trick
        if len(trick) < s.n:
            return t
        return self._take(s, t, trick)

    def _take(self, s: State, t: State, trick) -> State:
        """``t``, after the card that completed ``trick`` on ``s``: the trick resolved (OPS-TRICK-WINNER)."""
        if type(self) is OpsnorrenEngine:  # the reference's own ``rs`` and ``resolve_trick``, without the calls
            res = resolve(trick, s.leader, s._ruleset or self.rs(s), self.ch, s.team_of)
        else:
            res = self.resolve_trick(trick, s.leader, self.rs(s), s.team_of)
        if res.monkey is not None:
            t.phase = MONKEY  # OPS-MONKEY: the monkey's player picks before the trick is taken
            return t
        return self._settle(t, res, res.to_taker, res.discard)

    def _monkey(self, s: State, p: int, card: int) -> State:
        """The monkey's pick (OPS-MONKEY)."""
        res = self.resolution(s)
        if p != res.monkey:
            raise IllegalActionError(f"player {res.monkey} played the monkey and picks the card, not player {p}")
        if card not in res.candidates:
            raise IllegalActionError(f"the monkey may take one of {', '.join(NAMES[c] for c in res.candidates)}; "
                                     f"not {NAMES[card]}")
        t = s.copy()
        to_taker, discard = after_pick(res, card)
        t.won = replace_at(s.won, p, with_cards(s.won[p], (card,)))
        return self._settle(t, res, to_taker, discard)

    def _settle(self, t: State, res, to_taker, discard) -> State:
        """The trick leaves the table (OPS-WINNER-TAKES, OPS-DOVE, OPS-WINNER-LEADS); maybe the round ends."""
        if to_taker:
            t.won = replace_at(t.won, res.taker, with_cards(t.won[res.taker], to_taker))
        if discard:
            t.discarded = with_cards(t.discarded, discard)
        t.trick = ()
        t.leader = res.next_leader
        t.phase = PLAY
        if not any(t.hands):
            self._end_round(t)
        return t

    def _end_round(self, t: State) -> None:
        """OPS-ROUND-END, OPS-ROUND-SCORE, OPS-ROUND-WINNER, OPS-ROUND-TIE-CROWN."""
        a, b = self.round_stars(t)
        w = self.round_winner_team(t, a, b)
        t.history = t.history + ((t.round, a, b, w),)
        t.phase = TROPHIES

    def _pass(self, s: State, p: int, cards) -> State:
        """OPS-RULE-PASS-THREE: three cards to the player on the left, seen only after everyone passed."""
        self._check_turn(s, p)
        if not isinstance(cards, list) or len(cards) != 3:
            raise MalformedError(f"'cards' must list exactly 3 cards, got {cards!r:.100}", path="cards")
        ids = [CARD_ID.get(c) if type(c) is str else None for c in cards]
        if None in ids:  # not three card names: ``card_id`` says which field is wrong
            ids = [card_id(c, f"cards/{i}") for i, c in enumerate(cards)]
        if len(set(ids)) != 3:
            raise IllegalActionError("the three passed cards must be three different cards")
        hand = s.hands[p]
        for c in ids:
            if c not in hand:
                raise IllegalActionError(f"player {p} does not hold {NAMES[c]}")
            if c >= 44 and not self.ch.pass_jokers:
                raise IllegalActionError(f"jokers may not be passed under ops.pass-jokers=no ({NAMES[c]})")
        t = s.copy()
        left = tuple([c for c in hand if c not in ids])
        t.hands = replace_at(s.hands, p, left)
        t.passing = replace_at(s.passing, p, tuple(sorted(ids)))
        if all(t.passing):
            n = s.n
            t.hands = tuple(with_cards(t.hands[q], t.passing[(q - 1) % n]) for q in range(n))
            t.passing = tuple(() for _ in range(n))
            t.phase = PLAY
        return t

    def _apply_chance(self, s: State, outcome: list[dict]) -> State:
        ph = s.phase
        t = s.copy()
        n = s.n
        if ph == RULE_CARDS:  # OPS-SETUP-RULE-ROW; OPS-REVEAL-RULE for round 1
            t.rules = tuple(RULE_INDEX[r] for r in outcome[0]["row"] + outcome[1]["row"])
            t.round = t.revealed = 1
            t._ruleset = None
            t.phase = TEAMS
        elif ph == TEAMS:  # OPS-TEAM-CARDS
            got = outcome[0]
            t.set_teams(tuple([got[seat][0] for seat in SEATS[:n]]))
            t.phase = DEAL
        elif ph == DEAL:  # OPS-DEAL and its table
            t.hands, t.aside = self.deal_hands(s, outcome)
            t.leader = s.crown  # OPS-CROWN-LEADS
            t.phase = PASS if self.rs(s).pass_three else PLAY
        elif ph == TROPHIES:  # OPS-TROPHY-DRAW
            got = outcome[0]
            trophies = s.trophies
            t.trophies = tuple([trophies[p] + tuple(got[seat]) if seat in got else trophies[p]
                                for p, seat in enumerate(SEATS[:n])])
            if s.round >= ROUNDS:
                t.phase = OVER  # OPS-GAME-END
            else:  # OPS-NEW-ROUND: next rule card, new teams, new deal
                t.round = t.revealed = s.round + 1
                t._ruleset = None
                t.set_teams(None)
                empty = tuple(() for _ in range(n))
                t.hands = t.won = t.passing = empty
                t.trick = t.discarded = t.aside = ()
                t.leader = 0
                t.phase = TEAMS
        else:  # validate() already refused: no chance pending
            raise IllegalActionError("no chance event is pending")
        return t

    # ---- JSON, observation, logs ----------------------------------------------------------
    def to_json(self, s: State) -> dict:
        return json_io.to_json(self, s)

    def from_json(self, obj: dict) -> State:
        return json_io.from_json(self, obj)

    def observation(self, s: State, player: int) -> dict:
        return json_io.observation(self, s, player)

    def canonical_action(self, action: dict) -> dict:
        return notation.canonical_action(action)

    def describe_action(self, s: State, action: dict) -> str:
        return describe_mod.describe_action(self, s, action)

    def describe_events(self, before: State, action: dict, after: State) -> list[str]:
        return describe_mod.describe_events(self, before, action, after)

    def describe_state(self, s: State) -> str:
        return describe_mod.describe_state(self, s)

    def explainer(self):
        """The provenance of this engine's rulings (engine/opsnorren/provenance.py), made once."""
        ex = self.__dict__.get("_explainer")
        if ex is None:
            from engine.opsnorren.provenance import OpsnorrenExplainer

            ex = self._explainer = OpsnorrenExplainer(self)
        return ex


__all__ = ["OpsnorrenEngine", "RULE_IDS", "CARD_ID"]
