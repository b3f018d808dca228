"""Opsnorren explains itself in clause ids (``engine/provenance.py``).

``OpsnorrenEngine.explainer()`` returns an :class:`OpsnorrenExplainer` bound to the engine
and its choices. It is an explanation path beside the fast path: it reads canonical JSON
(``from_json``), asks the engine for the successor and reasons on it with the engine's
own functions (``trick.lead_colour``, ``jokers.resolve``, ``trick.best_animal``,
``scoring.team_stars``); ``apply`` and ``legal_actions`` are untouched.

- ``legal``: what makes a legal action legal: OPS-LEAD for the leader; OPS-FOLLOW-SUIT,
  OPS-DISCARD-FREE, OPS-JOKER-ANYTIME for the others, or the clause that set the lead
  colour they follow (OPS-JOKER-LEAD, OPS-RULE-NEW-LEAD-COLOUR); OPS-RULE-PASS-THREE;
  OPS-MONKEY.
- ``rejection``: the clause whose condition a rejected action fails (OPS-CLOCKWISE,
  OPS-CROWN-LEADS or OPS-WINNER-LEADS for the wrong player, OPS-TRICK-BASICS for a card
  not held, the follow-suit clause, OPS-RULE-PASS-THREE, OPS-MONKEY, OPS-GAME-END...).
- ``transition``: one effect per part of the successor (``provenance_trick`` for the
  trick and the round's end); a part that follows from another part (the next leader
  from the won piles, the stars from the won piles, the trophy draw from the round's
  winner) is a :class:`Because` effect naming what it follows from, so that blame can
  go to the root (:func:`root_clauses`).
- ``chance`` and ``setup``: the rule row, the team cards, the deal, the trophy draw.
- ``observation``: what decides each part of one player's view (``provenance_observation``).
"""

from __future__ import annotations

from engine.errors import MalformedError, RulecheckError
from engine.opsnorren.cards import CARD_ID, COLOUR_OF
from engine.opsnorren.deal import small_team
from engine.opsnorren.provenance_observation import explain_observation
from engine.opsnorren.provenance_trick import (Because, derived, explain_monkey_pending, explain_settle,  # noqa: F401
                                               root_blame, root_clauses)
from engine.opsnorren.state import (CHANCE_PHASES, DEAL, MONKEY, OVER, PASS, PLAY, RULE_CARDS, TEAMS, TROPHIES)
from engine.opsnorren.trick import lead_colour
from engine.provenance import Effect, Either, Explanation, pointer, LastLoaded

RESET_AT_NEW_ROUND = ("round", "revealed", "team_cards", "hands", "won", "passing", "trick", "discarded", "aside",
                      "leader", "chance")
#: at a new round, the parts another sentence decides too: the teams are formed anew
#: (OPS-TEAMS-PER-ROUND) and the rule cards revealed so far stay open (OPS-RULES-PERSIST)
NEW_ROUND_ALSO = {"team_cards": ("OPS-TEAMS-PER-ROUND",), "revealed": ("OPS-RULES-PERSIST", "OPS-TEAMS-PER-ROUND")}


class OpsnorrenExplainer:
    """Provenance of the Opsnorren reference engine ``engine`` (with its choices)."""

    def __init__(self, engine):
        self.eng = engine
        self.ch = engine.ch
        self._last = LastLoaded()

    # ---- helpers --------------------------------------------------------------------------
    def _load(self, state):
        return self._last.load(state, self.eng.from_json)

    def _applies(self, s, action) -> bool:
        try:
            self.eng.apply(s, action)
            return True
        except RulecheckError:
            return False

    def lead_source(self, s) -> str | None:
        """The clause that set the lead colour players must follow now: OPS-FOLLOW-SUIT (the
        lead card), OPS-JOKER-LEAD (a card after a joker lead) or OPS-RULE-NEW-LEAD-COLOUR;
        OPS-JOKER-LEAD also when a joker lead left the trick without a lead colour."""
        trick = s.trick
        if not trick:
            return None
        rs, jl = self.eng.rs(s), self.ch.joker_lead_first_animal
        if lead_colour(trick, rs, jl) is None:
            return "OPS-JOKER-LEAD"
        prev, src = None, 0
        for k in range(1, len(trick) + 1):
            cur = lead_colour(trick[:k], rs, jl)
            if cur != prev:
                src = k - 1
            prev = cur
        if src == 0:
            return "OPS-FOLLOW-SUIT"
        if all(COLOUR_OF[c] < 0 for _, c in trick[:src]):
            return "OPS-JOKER-LEAD"
        return "OPS-RULE-NEW-LEAD-COLOUR"

    def _turn(self, s) -> tuple[str, ...]:
        """Who plays now: clockwise within a trick; the crown holder or the last trick's winner
        leads. A play by another player at a trick's start is refused by the lead rule, or by
        playing in turn at all (not blamed, an alternative: ``Either(..., also=...)``)."""
        if s.trick:
            return ("OPS-CLOCKWISE",)
        if not any(s.won) and not s.discarded:
            return Either(("OPS-CROWN-LEADS",), also=("OPS-CLOCKWISE",))
        return Either(("OPS-WINNER-LEADS",), also=("OPS-CLOCKWISE",))

    # ---- the protocol ---------------------------------------------------------------------
    def legal(self, state: dict, action: dict) -> tuple[str, ...]:
        """What makes a legal action legal: OPS-LEAD (OPS-JOKER-ANYTIME for a joker lead), the
        lead colour's clause, OPS-DISCARD-FREE, OPS-JOKER-ANYTIME, OPS-RULE-PASS-THREE, OPS-MONKEY."""
        if not isinstance(action, dict):
            return ()
        s = self._load(state)
        if not self._applies(s, action):
            return ()
        t = action.get("type")
        if t == "chance":
            return self._chance(s)
        if t == "pass":
            return ("OPS-RULE-PASS-THREE",)
        if t == "monkey":
            return ("OPS-MONKEY",)
        card = CARD_ID[action["card"]]
        if not s.trick:
            return ("OPS-JOKER-ANYTIME",) if card >= 44 else ("OPS-LEAD",)
        lead = self.eng.lead(s)
        src = self.lead_source(s)
        if lead is None:
            return (src,)
        p = action["player"]
        holds = any(COLOUR_OF[c] == lead for c in s.hands[p])
        if card >= 44 and holds:
            return ("OPS-JOKER-ANYTIME",)
        if COLOUR_OF[card] == lead or src != "OPS-FOLLOW-SUIT":
            return (src,)
        return ("OPS-DISCARD-FREE",)

    def rejection(self, state: dict, action: dict) -> tuple[str, ...]:
        """The clause a rejected action fails: the pending chance event's, OPS-GAME-END,
        OPS-RULE-PASS-THREE, OPS-MONKEY, the turn order, OPS-TRICK-BASICS (a card not held),
        or the clause that set the lead colour it does not follow; () for a legal or
        malformed action."""
        if not isinstance(action, dict):
            return ()
        s = self._load(state)
        try:
            self.eng.apply(s, action)
            return ()
        except MalformedError:
            return ()
        except RulecheckError:
            pass
        t = action.get("type")
        if t == "chance":
            return self._chance(s)
        p = action.get("player")
        ph = s.phase
        if ph in CHANCE_PHASES:
            return self._chance(s)
        if ph == OVER:
            return ("OPS-GAME-END",)
        if t == "pass" or ph == PASS:
            return ("OPS-RULE-PASS-THREE",)
        if t == "monkey" or ph == MONKEY:
            return ("OPS-MONKEY",)
        if p != self.eng.to_move(s):
            return self._turn(s)
        if CARD_ID[action["card"]] not in s.hands[p]:
            return ("OPS-TRICK-BASICS",)
        src = self.lead_source(s) or "OPS-FOLLOW-SUIT"
        # a colour set by a joker lead or the new-lead-colour card: where the lead colour came from
        # is blamed; following at all explains it as well (an alternative, not blamed)
        return (src,) if src == "OPS-FOLLOW-SUIT" else Either((src,), also=("OPS-FOLLOW-SUIT",))

    def chance(self, state: dict) -> tuple[str, ...]:
        return self._chance(self._load(state))

    def observation(self, state: dict, player: int) -> list[Effect]:
        """What decides each part of ``player``'s observation (``provenance_observation``:
        OPS-HIDDEN-HANDS, OPS-RULE-PINK-OPEN, OPS-TROPHY-HIDDEN, OPS-REVEAL-RULE, ...)."""
        s = self._load(state)
        if type(player) is not int or not 0 <= player < s.n:
            return []
        return explain_observation(s, player)

    def _chance(self, s) -> tuple[str, ...]:
        ph = s.phase
        if ph == RULE_CARDS:
            return ("OPS-SETUP-RULE-ROW",) + (("OPS-BEGINNER",) if self.ch.beginner else ())
        if ph == TEAMS:
            return ("OPS-TEAM-CARDS",)
        if ph == DEAL:  # with 3 and 5 players the smaller team gets the jokers (fewer animal cards)
            odd = {3: ("OPS-DEAL-THREE", "OPS-JOKERS-SMALL-TEAM"), 5: ("OPS-DEAL-FIVE", "OPS-JOKERS-SMALL-TEAM")}
            return ("OPS-DEAL-TABLE",) + odd.get(s.n, ())
        if ph == TROPHIES:
            return ("OPS-TROPHY-DRAW",)
        return ()

    def result(self, state: dict) -> list[Effect]:
        """What decides the state's ``result``: once the game is over the trophies added up
        (OPS-GAME-END) and who has most (OPS-GAME-TIE when nobody alone); before that, nothing
        ends the game before the fourth round is scored (OPS-GAME-LENGTH)."""
        s = self._load(state)
        E = Explanation()
        if s.phase != OVER:
            E.add("/result", "OPS-GAME-LENGTH", note="no result before the fourth round is scored")
            return E.effects
        res = self.eng.final_result(s.trophies)
        derived(E, "/result/points", ("/trophies",), "OPS-GAME-END")
        derived(E, "/result/winners", ("/trophies", "/result/points"), "OPS-GAME-END" if res["winners"] else "OPS-GAME-TIE")
        return E.effects

    def setup(self, config: dict) -> list[Effect]:
        """``new_game``: the player count, then the rule row (a chance node, or given in the config)."""
        E = Explanation()
        E.add("/players", "OPS-PLAYER-COUNT")
        E.add("/game", "OPS-PLAYER-COUNT")
        if isinstance(config, dict) and config.get("rule_cards") is not None:
            E.add("/rules", "OPS-SETUP-RULE-ROW")
            for key in ("round", "revealed"):
                E.add(pointer(key), "OPS-REVEAL-RULE")
            for key in ("phase", "chance", "to_move"):
                E.add(pointer(key), "OPS-TEAM-CARDS")
        else:
            for key in ("rules", "round", "revealed", "phase", "to_move"):
                E.add(pointer(key), "OPS-SETUP-RULE-ROW")
            E.add("/chance", "OPS-SETUP-RULE-ROW", *(("OPS-BEGINNER",) if self.ch.beginner else ()))
        for key, clause in (("team_cards", "OPS-TEAM-CARDS"), ("hands", "OPS-DEAL"), ("aside", "OPS-DEAL"),
                            ("passing", "OPS-RULE-PASS-THREE"), ("trick", "OPS-LEAD"), ("leader", "OPS-CROWN-LEADS"),
                            ("won", "OPS-WINNER-TAKES"), ("discarded", "OPS-WINNER-TAKES"),
                            ("history", "OPS-ROUND-END"), ("trophies", "OPS-TROPHY-DRAW"), ("result", "OPS-GAME-END")):
            E.add(pointer(key), clause)
        return E.effects

    def transition(self, state: dict, action: dict) -> list[Effect]:
        s = self._load(state)
        try:
            t = self.eng.apply(s, action)
        except RulecheckError:
            return []
        E = Explanation()
        kind = action.get("type")
        if kind == "chance":
            self._chance_effects(E, s, t)
        elif kind == "pass":
            self._pass_effects(E, s, t, action["player"])
        elif kind == "play":
            self._play_effects(E, s, t, action["player"], CARD_ID[action["card"]])
        elif kind == "monkey":
            res = self.eng.resolution(s)
            explain_settle(E, s, t, s.trick, res, self.eng.rs(s), self.ch, self.eng.tables.stars,
                           picked=CARD_ID[action["card"]])
        return E.effects

    # ---- transitions ----------------------------------------------------------------------
    def _play_effects(self, E: Explanation, s, t, p: int, card: int) -> None:
        """A card leaves the hand and joins the trick (OPS-TRICK-BASICS, OPS-LEAD, OPS-CLOCKWISE); a
        complete trick waits for the monkey (OPS-MONKEY) or leaves the table (``explain_settle``)."""
        E.add(pointer("hands", p), "OPS-TRICK-BASICS", note="the card leaves the hand")
        if t.phase == PLAY and len(t.trick) == len(s.trick) + 1:
            E.add("/trick", "OPS-TRICK-BASICS", *(() if s.trick else ("OPS-LEAD",)), note="the card joins the trick")
            E.add("/to_move", "OPS-CLOCKWISE", note="the next player clockwise")
            return
        trick = s.trick + ((p, card),)
        rs = self.eng.rs(s)
        if t.phase == MONKEY:
            explain_monkey_pending(E, s, t, trick, self.eng.resolution(t), rs, self.ch)
            return
        res = self.eng.resolve_trick(trick, s.leader, rs, s.team_of)
        explain_settle(E, s, t, trick, res, rs, self.ch, self.eng.tables.stars)

    def _pass_effects(self, E: Explanation, s, t, p: int) -> None:
        """OPS-RULE-PASS-THREE: three cards to the left; after the last pass the crown holder leads."""
        if t.phase == PASS:
            E.add(pointer("hands", p), "OPS-RULE-PASS-THREE")
            E.add(pointer("passing", p), "OPS-RULE-PASS-THREE")
            E.add("/to_move", "OPS-RULE-PASS-THREE", note="the next player passes")
            return
        for key in ("hands", "passing", "phase"):
            E.add(pointer(key), "OPS-RULE-PASS-THREE", note="the passed cards are picked up")
        E.add("/to_move", "OPS-CROWN-LEADS")

    def _chance_effects(self, E: Explanation, s, t) -> None:
        ph, n = s.phase, s.n
        if ph == RULE_CARDS:  # OPS-SETUP-RULE-ROW, OPS-REVEAL-RULE
            E.add("/rules", "OPS-SETUP-RULE-ROW", *(("OPS-BEGINNER",) if self.ch.beginner else ()))
            E.add("/round", "OPS-REVEAL-RULE")
            E.add("/revealed", "OPS-REVEAL-RULE")
            for key in ("phase", "chance", "to_move"):
                E.add(pointer(key), "OPS-TEAM-CARDS")
        elif ph == TEAMS:  # OPS-TEAM-CARDS, then the deal it decides
            E.add("/team_cards", "OPS-TEAM-CARDS")
            E.add("/phase", "OPS-DEAL")
            small = small_team(t.team_of)
            teams = ("/team_cards",)  # the deal follows the team cards (the smaller team's jokers)
            for p in range(n):
                clause = self._deal_clause(n, t.team_of[p] == small)
                jokers = ("OPS-JOKERS-SMALL-TEAM",) if clause != "OPS-DEAL-TABLE" else ()  # who gets the jokers
                derived(E, pointer("chance", "draws", 0, "take", p), teams, clause, *jokers)
            derived(E, "/chance/draws/0/take/aside", teams, "OPS-DEAL")
            E.add("/chance/draws/0/pool", "OPS-DEAL")
            E.add("/chance/event", "OPS-DEAL")
            if n == 5:
                derived(E, "/chance/draws/1", teams, "OPS-DEAL-FIVE", "OPS-JOKERS-SMALL-TEAM")
            E.add("/to_move", "OPS-DEAL")
        elif ph == DEAL:  # OPS-DEAL and its table; OPS-CROWN-LEADS
            small = small_team(s.team_of)
            for p in range(n):
                E.add(pointer("hands", p), self._deal_clause(n, s.team_of[p] == small))
            aside = {3: ("OPS-DEAL-THREE",), 5: ("OPS-DEAL-FIVE",)}.get(n, ("OPS-NO-JOKERS-EVEN", "OPS-JOKERS-ODD"))
            E.add("/aside", *aside)
            E.add("/leader", "OPS-CROWN-LEADS")
            E.add("/phase", "OPS-RULE-PASS-THREE", note="passing first under the pass-three card")
            E.add("/to_move", "OPS-RULE-PASS-THREE" if t.phase == PASS else "OPS-CROWN-LEADS")
            E.add("/chance", "OPS-DEAL")
        elif ph == TROPHIES:
            self._trophy_effects(E, s, t)

    @staticmethod
    def _deal_clause(n: int, in_small_team: bool) -> str:
        """OPS-DEAL-THREE for the solo player, OPS-DEAL-FIVE for the team of two, else OPS-DEAL-TABLE."""
        if in_small_team and n == 3:
            return "OPS-DEAL-THREE"
        if in_small_team and n == 5:
            return "OPS-DEAL-FIVE"
        return "OPS-DEAL-TABLE"

    def _trophy_effects(self, E: Explanation, s, t) -> None:
        """OPS-TROPHY-DRAW; then OPS-NEW-ROUND (OPS-GAME-LENGTH) or OPS-GAME-END / OPS-GAME-TIE."""
        for p in range(s.n):
            E.add(pointer("trophies", p), "OPS-TROPHY-DRAW")
        if t.phase == OVER:
            for key in ("phase", "chance", "to_move"):
                E.add(pointer(key), "OPS-GAME-END")
            res = self.eng.final_result(t.trophies)
            derived(E, "/result/points", ("/trophies",), "OPS-GAME-END")
            derived(E, "/result/winners", ("/trophies", "/result/points"),
                    "OPS-GAME-END" if res["winners"] else "OPS-GAME-TIE")
            return
        E.add("/phase", "OPS-GAME-LENGTH", note="the game goes on")
        E.add("/result", "OPS-GAME-LENGTH", note="kept: no result before the fourth round")
        for key in RESET_AT_NEW_ROUND:
            E.add(pointer(key), "OPS-NEW-ROUND", *NEW_ROUND_ALSO.get(key, ()))
