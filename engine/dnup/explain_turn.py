"""Provenance of one player turn: which clause decided each part of the successor.

:func:`turn_effects` retells ``turn.play`` with the engine's own rule functions (``sets``,
``round``, ``areas``) and returns one :class:`Effect` per part of the reference's successor
(a JSON pointer into the canonical state): what changed, and what a rule kept as it was.

Paths and how they are blamed (``engine.provenance.Effect.covers``):

- ``/hands/q/-`` names what decided *which cards* a hand holds (cards leaving it, a set
  joining it); a diff there means the candidate's hand has another size. Each card also
  has effects at ``/hands/q/k/0`` (which card, i.e. why it is in the hand) and
  ``/hands/q/k/1`` (its side: kept, flipped by a take, a return or a dnup). A hand the
  turn did not touch has one effect on ``/hands/q``.
- ``/sets/q/i`` (area ``i + 1``): the set played, extended, taken, beaten, discarded at
  the start of a turn, or kept.
- ``/discard`` names no clause: it follows from the hands and sets (every other card in
  play), whose effects name the clause of a difference.
- ``/out``, ``/leaving``, ``/tokens/q``, ``/rounds_won/q``, ``/result``,
  ``/to_move``, ``/area``, ``/chance``, ``/round``, ``/turn``, ``/start_player``.
"""

from __future__ import annotations

from engine.dnup import round as R
from engine.dnup import sets as S
from engine.dnup.areas import next_turn
from engine.dnup.state import CHANCE, OVER, State
from engine.provenance import Effect

ACTION = {"A": "DNP-ACTION-A", "B": "DNP-ACTION-B", "C": "DNP-ACTION-C", "D": "DNP-ACTION-D"}
RESULT = {"letters": "DNP-GAME-END", "rounds": "DNP-TWO-ROUND-WIN", "turn-cap": "DNP-TURN-CAP"}
SETUP = {2: "DNP-TWO-SETUP", 3: "DNP-SETUP-3", 4: "DNP-SETUP-4", 5: "DNP-SETUP-5"}
OWN = "DNP-TWO-CONFLICT-OWN"
RETURN = "DNP-A-RETURN"
STAY = "DNP-FIRST-OUT-CARDS-STAY"
BEATEN = "DNP-FIRST-OUT-BEATEN"
DISCARD = "DNP-DISCARD-OWN-SET"


def result_clause(result: dict | None) -> str:
    """The clause that ended the game: 4 letters, 2 rounds won, or the turn cap."""
    return RESULT.get((result or {}).get("reason"), "DNP-GAME-END")


class TurnStory:
    """What one legal player action did, told clause by clause (see the module docstring)."""

    def __init__(self, rules, s: State, move: tuple, after: State):
        self.rules, self.s, self.move, self.after = rules, s, move, after
        g = self.g = s.g
        self.p, self.area, self.kind = s.to_move, s.area, move[0]
        self.two = g.areas == 2
        self.out: list[Effect] = []
        self._retell()

    # ---- the turn, retold with the engine's rule functions -------------------------
    def _retell(self) -> None:
        g, s, p, move = self.g, self.s, self.p, self.move
        val = g.val
        hands = list(s.hands)
        sets = list(s.sets)
        self.slot = None  # the set the action acted on
        self.size = 0  # its size after a play or an addition
        self.joined: dict[int, set[int]] = {}  # player -> oriented cards that joined the hand
        losers: list[int] = []
        if self.kind == "A":
            cards = move[1]
            self.slot = g.slot(p, self.area)
            hands[p] = S.remove(hands[p], cards)
            losers = S.play_losers(self.rules, g, s.sets, self.slot, len(cards), val[cards[0]]) or []
            sets[self.slot] = cards
            self.size = len(cards)
        elif self.kind == "B":
            c, self.slot = move[1], move[2]
            hands[p] = S.remove(hands[p], (c,))
            grown = S.merge(sets[self.slot], (c,))
            losers = S.add_losers(self.rules, g, s.sets, self.slot, len(grown), val[c]) or []
            sets[self.slot] = grown
            self.size = len(grown)
        elif self.kind == "C":
            self.slot = move[1]
            taken = self.rules.taken_cards(sets[self.slot])
            hands[p] = S.merge(hands[p], taken)
            self.joined[p] = set(taken)
            sets[self.slot] = ()
        else:
            hands[p] = self.rules.flip_hand(hands[p])
        self.losers = list(losers)
        self.beaten_out: list[int] = []  # first-out players whose set was beaten (simply discarded)
        self.returned: dict[int, list[int]] = {}  # owner -> loser slots that went back to the hand
        for slot in losers:
            owner = g.owner(slot)
            if owner in s.out:
                self.beaten_out.append(owner)
            else:
                back = self.rules.returned_cards(sets[slot])
                hands[owner] = S.merge(hands[owner], back)
                self.joined.setdefault(owner, set()).update(back)
                self.returned.setdefault(owner, []).append(slot)
            sets[slot] = ()
        self.hands_mid = hands
        self.sets_mid = sets
        self.went_out = self.kind in ("A", "B") and not hands[p]
        after = self.after
        self.round_over = after.to_move == CHANCE
        self.game_over = after.to_move == OVER
        self.award = None
        self.frozen = False  # the round or game ended at the going out: no next turn was entered
        if self.went_out:
            first = not s.out
            self.award = "DNP-TWO-ROUND-WIN" if self.two else "DNP-FIRST-OUT" if first else "DNP-SECOND-OUT"
            _, _, _, _, round_over, result = R.going_out(self.rules, g, p, sets, s.out, s.tokens, s.wins)
            self.frozen = round_over or result is not None
        self.round_clause = "DNP-TWO-ROUND-WIN" if self.two else "DNP-SECOND-OUT"
        # the leaving countdown of the first player out (DNP-FIRST-OUT-CARDS-STAY)
        self.leaving_removed = False
        if not self.went_out and s.leaving is not None and after.to_move != CHANCE:
            who, left = s.leaving
            still = sets[g.slot(who, 1)]
            self.leaving_removed = bool(still) and left <= 1
        # the turn entered next: its player discards their set of that area (DNP-DISCARD-OWN-SET)
        out_now = after.out if not self.round_over else s.out + ((p,) if self.went_out else ())
        self.next = next_turn(g, p, self.area, tuple(out_now))
        self.entered = not self.frozen
        self.next_slot = g.slot(*self.next)

    def _stay_slot(self) -> int | None:
        """The first player out's set while it stays on the table (DNP-FIRST-OUT-CARDS-STAY)."""
        lv = self.after.leaving if not self.round_over else None
        return self.g.slot(lv[0], 1) if lv else None

    # ---- effects ----------------------------------------------------------------------
    def add(self, path: str, clauses, note: str, because: tuple[str, ...] = ()) -> None:
        self.out.append(Effect(path, tuple(dict.fromkeys(c for c in clauses if c)), note, because))

    def effects(self) -> list[Effect]:
        self._hands()
        self._sets()
        self._discard()
        self._outs_and_letters()
        self._turn_order()
        self._fixed()
        return self.out

    def _hands(self) -> None:
        g, p = self.g, self.p
        if self.round_over:
            for q in range(g.players):
                self.add(f"/hands/{q}", [self.round_clause],
                         "the round is over: every card goes back for the next deal")
            return
        for q in range(g.players):
            hand = self.hands_mid[q]
            joined = self.joined.get(q, set())
            base = self._return_clauses(q)
            if q == p:
                act = ACTION[self.kind]
                self.add(f"/hands/{q}/-", [act] + base, self._hand_note())
                for k, oc in enumerate(hand):
                    if self.kind == "D":
                        self.add(f"/hands/{q}/{k}", [act], "a dnup turns every card in the hand")
                    elif oc in joined and self.kind == "C":
                        self.add(f"/hands/{q}/{k}", [act], "taken from another player's set, turned")
                    elif oc in joined:
                        self._returned_card(q, k, base)
                    else:
                        self.add(f"/hands/{q}/{k}", [act], "kept in the hand as it was")
            elif q in self.returned:
                self.add(f"/hands/{q}/-", base, "a beaten set goes back to its owner's hand")
                for k, oc in enumerate(hand):
                    if oc in joined:
                        self._returned_card(q, k, base)
                    else:
                        self.add(f"/hands/{q}/{k}", base, "kept in the hand as it was")
            elif q in self.beaten_out:
                self.add(f"/hands/{q}", [BEATEN],
                         "the first player out's beaten set is simply discarded, not taken back")
            else:
                self.add(f"/hands/{q}", ["DNP-KEEP-ORIENTATION"], "untouched this turn; cards keep their side")

    def _return_clauses(self, q: int) -> list[str]:
        """Why sets went back to ``q``'s hand: beaten by a play (A-RETURN) or by an addition
        (B-CONFLICT); with 2 players the mover's own set in the other area (TWO-CONFLICT-OWN)."""
        slots = self.returned.get(q, [])
        if not slots:
            return []
        out = [RETURN if self.kind == "A" else "DNP-B-CONFLICT"]
        if self.two and any(sl != self.slot and self.g.owner(sl) == self.g.owner(self.slot) for sl in slots):
            out.append(OWN)
        return out

    def _returned_card(self, q: int, k: int, base: list[str]) -> None:
        self.add(f"/hands/{q}/{k}/0", base, "this card came back with a beaten set")
        self.add(f"/hands/{q}/{k}/1", [RETURN], "a set taken back is turned: every card flipped")

    def _hand_note(self) -> str:
        return {"A": "the cards of the set leave the hand", "B": "the added card leaves the hand",
                "C": "the taken set joins the hand", "D": "a dnup: the same cards, turned"}[self.kind]

    def _sets(self) -> None:
        g = self.g
        stay = self._stay_slot()
        for slot in range(g.slots):
            path = f"/sets/{g.owner(slot)}/{g.area_of(slot) - 1}"
            clauses, note = self._set_reason(slot, stay)
            self.add(path, clauses, note)

    def _set_reason(self, slot: int, stay: int | None) -> tuple[list[str], str]:
        g, s = self.g, self.s
        if self.round_over:
            return [self.round_clause], "the round is over: the table is cleared for the next deal"
        if slot in self.losers:
            owner = g.owner(slot)
            c = [RETURN if self.kind == "A" else "DNP-B-CONFLICT"]
            if self.two and owner == g.owner(self.slot) and slot != self.slot:
                c.append(OWN)
            if owner in s.out:
                c.append(BEATEN)
            if self.kind == "A" and slot != self.slot:
                return c, f"beaten by a higher set of size {self.size}"
            return c, f"not the highest set of size {self.size} after the addition"
        if slot == self.slot and self.kind == "B" and slot == self.next_slot:
            if not self.entered:
                return [result_clause(self.after.result)], "the game is over: no next turn discards this set"
            return [DISCARD], f"player {self.next[0]} starts their turn by discarding their set, added to or not"
        if slot == self.slot:
            if self.kind == "A":
                if slot == stay:
                    return [STAY], "the last set of the first player out stays until the others have had a turn"
                return [ACTION[self.kind]], "the set played, showing the active values the cards had in hand"
            if self.kind == "B":
                return ["DNP-ACTION-B"], "one card of the set's value added to it"
            if self.kind == "C":
                return ["DNP-ACTION-C"], "taken into the mover's hand"
        if self.entered and slot == self.next_slot:
            return [DISCARD], f"player {self.next[0]} starts their turn by discarding this set"
        if not self.entered and slot == self.next_slot and (self.game_over or self.round_over):
            return [result_clause(self.after.result)], "the game is over: no next turn discards this set"
        if s.leaving is not None and slot == g.slot(s.leaving[0], 1) and not self.went_out:
            if self.leaving_removed:
                return [STAY], "every other player has had a turn: the first player out's set is removed"
            return [STAY], "the first player out's set stays until every other player has had a turn"
        cs = self.sets_mid[slot]
        if cs and self.kind == "B" and len(cs) == self.size:
            return ["DNP-B-CONFLICT"], "a set of equal value is neither higher nor lower: it stays"
        return [DISCARD], "kept: a set stays until its owner's next turn"

    def _discard(self) -> None:
        """The discard pile is every card in play in no hand and no set (``codec``): it follows
        from the hands and sets, so a different pile is blamed through the hand or set that
        differs with it, not on a clause of its own."""
        self.add("/discard", [], "follows from the hands and sets: every other card in play")

    def _outs_and_letters(self) -> None:
        g, s, after = self.g, self.s, self.after
        if self.round_over:
            self.add("/out", [self.round_clause], "a new round: nobody is out")
            self.add("/leaving", [self.round_clause], "a new round: no set is leaving")
        else:
            self.add("/out", [self.award] if self.award else
                     ["DNP-TWO-ROUND-WIN" if self.two else "DNP-FIRST-OUT" if not s.out else "DNP-SECOND-OUT"],
                     "who has played their last cards")
            self._leaving()
        for q in range(g.players):
            if self.two:
                self.add(f"/tokens/{q}", ["DNP-TWO-ROUND-WIN"], "with 2 players rounds are won, not letters")
            elif after.tokens[q] != s.tokens[q]:
                self.add(f"/tokens/{q}", [self.award],
                         "letters for going out " + ("first (2)" if self.award == "DNP-FIRST-OUT" else "second (1)"))
            else:
                keep = self.award or ("DNP-FIRST-OUT" if not s.out else "DNP-SECOND-OUT")
                self.add(f"/tokens/{q}", [keep, "DNP-FAQ-LETTERS"], "letters are only won by going out first or second")
            self.add(f"/rounds_won/{q}", ["DNP-TWO-ROUND-WIN"], "rounds won (2 players)")
        # who has won follows from the letters (rounds won with 2 players): a result that differs
        # with them is their consequence (engine.provenance.root_clauses)
        score = ("/rounds_won" if self.two else "/tokens",)
        if after.result is not None:
            capped = result_clause(after.result) == "DNP-TURN-CAP"
            self.add("/result", [result_clause(after.result)], f"the game ends: {after.result}",
                     ("/turn",) if capped else score)
        elif self.award:
            self.add("/result", ["DNP-TWO-ROUND-WIN" if self.two else "DNP-GAME-END"], "nobody has won yet", score)
        else:
            self.add("/result", ["DNP-TURN-CAP" if self.g.turn_cap else
                                 "DNP-TWO-ROUND-WIN" if self.two else "DNP-GAME-END"], "the game goes on", score)

    def _leaving(self) -> None:
        s, after = self.s, self.after
        if self.went_out and after.leaving is not None:
            self.add("/leaving", [STAY], "the first player out's set stays until every other player has had a turn")
        elif self.beaten_out:
            self.add("/leaving", [BEATEN], "the first player out's set was beaten and discarded")
        elif s.leaving is not None and self.kind == "C" and self.g.owner(self.slot) == s.leaving[0]:
            self.add("/leaving", ["DNP-ACTION-C"], "the first player out's set was taken")
        else:
            self.add("/leaving", [STAY], "counting the other players' turns after the first player out")

    def _turn_order(self) -> None:
        g, after = self.g, self.after
        self.add("/turn", ["DNP-TURN-CAP", "DNP-ONE-ACTION"], "one more player action: exactly one per turn")
        if self.game_over:
            rc = result_clause(after.result)
            for f in ("to_move", "area", "chance", "round"):
                self.add("/" + f, [rc], "the game is over")
            self.add("/start_player", ["DNP-START-PLAYER"], "the round's start player")
            return
        if self.round_over:
            for f in ("to_move", "area", "round", "start_player"):
                self.add("/" + f, [self.round_clause], "the round is over; the next one starts with a deal")
            self.add("/chance", [self.round_clause], "the next round is dealt")
            return
        if self.two:
            self.add("/to_move", ["DNP-TWO-TURNS"], "two turns in a row: area 1, then area 2")
            self.add("/area", ["DNP-TWO-TURNS"], "two turns in a row: area 1, then area 2")
        else:
            skipped = (self.p + 1) % g.players != after.to_move
            self.add("/to_move", ["DNP-CLOCKWISE"] + (["DNP-FIRST-OUT"] if skipped else []),
                     "clockwise" + (", past the player who is out" if skipped else ""))
            self.add("/area", ["DNP-TWO-SETUP"], "one play area each with 3-5 players")
        self.add("/chance", [self.round_clause], "the round goes on: no deal")
        self.add("/round", [self.round_clause], "the round goes on")
        self.add("/start_player", ["DNP-START-PLAYER"], "the round's start player")

    def _fixed(self) -> None:
        fixed_effects(self.g, self.out)


def fixed_effects(g, out: list[Effect]) -> None:
    """Parts no action changes: the player count, the deck, the cards removed, the turn cap."""
    out.append(Effect("/players", ("DNP-PLAYER-COUNT",), "the player count"))
    out.append(Effect("/deck", ("DNP-DECK-SIZE",), "the deck"))
    out.append(Effect("/removed", (SETUP[g.players],), "star-disc cards out of play for this player count"))
    out.append(Effect("/turn_cap", ("DNP-TURN-CAP",), "the turn cap"))


def deal_effects(s: State, after: State) -> list[Effect]:
    """A deal (DNP-DEAL): the hands, and who starts in which area (DNP-START-PLAYER, DNP-TWO-START)."""
    g = s.g
    out: list[Effect] = []
    for q in range(g.players):
        out.append(Effect(f"/hands/{q}", ("DNP-DEAL",), "dealt evenly, each card on the side it fell"))
    for q in range(g.players):
        for i in range(g.areas):
            out.append(Effect(f"/sets/{q}/{i}", ("DNP-DEAL",), "a round starts with an empty table"))
    for f in ("discard", "chance", "round", "turn", "tokens", "rounds_won", "out", "leaving", "result"):
        out.append(Effect("/" + f, ("DNP-DEAL",), "the deal deals every card in play and changes nothing else"))
    out.append(Effect("/to_move", ("DNP-START-PLAYER",), "the holder of the starred 1/5 card starts"))
    out.append(Effect("/start_player", ("DNP-START-PLAYER",), "the holder of the starred 1/5 card starts"))
    out.append(Effect("/area", ("DNP-TWO-START",) if g.areas == 2 else ("DNP-TWO-SETUP",),
                      "with 2 players the start player begins with one turn in area 2" if g.areas == 2
                      else "one play area each with 3-5 players"))
    fixed_effects(g, out)
    return out
