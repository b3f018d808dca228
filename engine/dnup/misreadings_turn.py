"""Misreadings of a Dnup turn: whose turn it is, the discard at its start, the one action, and
which actions are offered and which are accepted.

Decision points (clause): the next seat (DNP-CLOCKWISE) and, with 2 players, the next area
(DNP-TWO-TURNS); which set is discarded when a turn starts, and where it goes
(DNP-DISCARD-OWN-SET); how many actions a turn has (DNP-ONE-ACTION); which actions are offered
and how a played set lies (DNP-ACTION-A..D: each kind left out, a condition dropped or widened);
which check of an action is left out where the action is played (the offered actions unchanged).
The same-size rule and what actions do to the cards are in ``misreadings_sets``.
"""

from __future__ import annotations

from engine.dnup import DnupEngine
from engine.dnup import sets as S
from engine.dnup import turn as T
from engine.dnup.misreadings_base import Extended, Filtered, Variant, entry, variant
from engine.dnup.state import State
from engine.errors import IllegalActionError

# ---- turn order (DNP-CLOCKWISE, DNP-TWO-TURNS) -------------------------------------------------------

def _counter_clockwise(self, g, player, area, out):
    if g.areas == 2:
        return DnupEngine.turn_after(self, g, player, area, out)
    q = (player - 1) % g.players
    while q in out:
        q = (q - 1) % g.players
    return q, 1


def _skips_one(self, g, player, area, out):
    if g.areas == 2:
        return DnupEngine.turn_after(self, g, player, area, out)
    q, _ = DnupEngine.turn_after(self, g, player, area, out)
    return DnupEngine.turn_after(self, g, q, area, out)


def _two_areas_reversed(self, g, player, area, out):
    if g.areas != 2:
        return DnupEngine.turn_after(self, g, player, area, out)
    return (player, 1) if area == 2 else (1 - player, 2)


def _two_alternate(self, g, player, area, out):
    if g.areas != 2:
        return DnupEngine.turn_after(self, g, player, area, out)
    return (1 - player, 3 - area)


def _discard_both_areas(self, g, sets, player, area):
    for a in range(1, g.areas + 1):
        sets[g.slot(player, a)] = ()


def _discard_both_at_first(self, g, sets, player, area):
    """The two turns read as one: the first (area 1) discards the sets of both areas."""
    sets[g.slot(player, area)] = ()
    if g.areas == 2 and area == 1:
        sets[g.slot(player, 2)] = ()


def _discard_other_area(self, g, sets, player, area):
    sets[g.slot(player, 3 - area if g.areas == 2 else area)] = ()


def order_misreadings() -> list:
    return [
        entry("clockwise.counter", "DNP-CLOCKWISE", "the turn passes counter-clockwise (to the previous seat)",
              variant("CounterClockwise", turn_after=_counter_clockwise), "order"),
        entry("clockwise.skips-one", "DNP-CLOCKWISE", "the turn passes over the next player (two seats on)",
              variant("SkipsOne", turn_after=_skips_one), "parameter"),
        entry("two-turns.area-2-first", "DNP-TWO-TURNS", "with 2 players each player's two turns are for area 2, "
              "then area 1", variant("AreasReversed", turn_after=_two_areas_reversed), "order"),
        entry("two-turns.alternate", "DNP-TWO-TURNS", "with 2 players the turn passes to the other player after "
              "every action (no two turns in a row)", variant("TurnsAlternate", turn_after=_two_alternate),
              "quantifier"),
        entry("two-turns.discard-both", "DNP-TWO-TURNS", "with 2 players a turn starts by discarding the sets of "
              "both areas, not only the set of the area played", variant("DiscardBoth", enter_turn=_discard_both_areas),
              "quantifier", ("DNP-DISCARD-OWN-SET",)),
        entry("two-turns.discard-both-at-first", "DNP-TWO-TURNS", "with 2 players the two turns are read as "
              "one: the first discards the sets of both areas", variant("DiscardBothAtFirst",
                                                                     enter_turn=_discard_both_at_first),
              "timing", ("DNP-DISCARD-OWN-SET",)),
        entry("two-turns.discard-other-area", "DNP-TWO-TURNS", "with 2 players a turn starts by discarding the "
              "set of the other area", variant("DiscardOtherArea", enter_turn=_discard_other_area), "geometry",
              ("DNP-DISCARD-OWN-SET",)),
    ]


# ---- the discard at the start of a turn (DNP-DISCARD-OWN-SET) ------------------------------------------

def _keep_own_set(self, g, sets, player, area):
    return None


def _discard_all(self, g, sets, player, area):
    for slot in range(len(sets)):
        sets[slot] = ()


class OwnSetBackToHand(Variant):
    """A turn starts by taking one's own set back into the hand (as it lies) instead of discarding it."""

    def enter_turn(self, g, sets, player, area):
        return None

    def apply(self, state, action):
        after = super().apply(state, action)
        if state.to_move < 0 or after.to_move < 0:
            return after
        g = after.g
        slot = g.slot(after.to_move, after.area)
        cards = after.sets[slot]
        if not cards:
            return after
        hands = list(after.hands)
        hands[after.to_move] = S.merge(hands[after.to_move], cards)
        sets = list(after.sets)
        sets[slot] = ()
        return after.replace(hands=tuple(hands), sets=tuple(sets))


class DiscardAtTurnEnd(Variant):
    """One's own set is discarded at the end of one's own turn: no set stays on the table."""

    def apply(self, state, action):
        after = super().apply(state, action)
        if state.to_move < 0 or after.to_move < 0:
            return after
        slot = state.g.slot(state.to_move, state.area)
        if not after.sets[slot] or slot == after.g.slot(*_leaving_slot(after)):
            return after
        sets = list(after.sets)
        sets[slot] = ()
        return after.replace(sets=tuple(sets))


def _leaving_slot(s: State) -> tuple[int, int]:
    return (s.leaving[0], 1) if s.leaving is not None else (-1, 1)


def discard_misreadings() -> list:
    return [
        entry("discard.kept", "DNP-DISCARD-OWN-SET", "a player's own set is not discarded when their turn starts "
              "(it stays until beaten or taken)", variant("KeepsOwnSet", enter_turn=_keep_own_set), "condition"),
        entry("discard.all-sets", "DNP-DISCARD-OWN-SET", "every set on the table is discarded when a turn starts",
              variant("DiscardsAll", enter_turn=_discard_all), "quantifier"),
        entry("discard.back-to-hand", "DNP-DISCARD-OWN-SET", "a turn starts by taking one's own set back into the "
              "hand instead of discarding it", OwnSetBackToHand, "condition"),
        entry("discard.at-turn-end", "DNP-DISCARD-OWN-SET", "one's own set is discarded at the end of one's own "
              "turn, one turn early (no set stays for the others)", DiscardAtTurnEnd, "timing"),
    ]


# ---- one action per turn (DNP-ONE-ACTION) and which actions are offered ---------------------------------

class FreeAction(Variant):
    """An action of ``KIND`` does not end the turn: the same player acts again."""

    KIND = "flip"

    def apply(self, state, action):
        after = super().apply(state, action)
        if state.to_move >= 0 and isinstance(action, dict) and action.get("type") == self.KIND and after.to_move >= 0:
            return after.replace(sets=self._kept(state, action, after), to_move=state.to_move, area=state.area,
                                 leaving=state.leaving)
        return after

    def _kept(self, state, action, after):
        """The table after the action, before the next turn started (its discard undone)."""
        sets = list(after.sets)
        g = state.g
        nxt = g.slot(after.to_move, after.area)
        taken = g.slot(action["owner"], action["area"]) if action.get("type") == "take" else -1
        if nxt != taken:
            sets[nxt] = state.sets[nxt]
        if state.leaving is not None and after.leaving is None and nxt != g.slot(state.leaving[0], 1):
            who = g.slot(state.leaving[0], 1)
            sets[who] = state.sets[who] if who != taken else ()
        return tuple(sets)


class PlayedTurnedOver(Variant):
    """A played set is laid down turned over: its cards show their other values."""

    def apply(self, state, action):
        after = super().apply(state, action)
        if state.to_move < 0 or not isinstance(action, dict) or action.get("type") != "play" or after.to_move < 0:
            return after
        slot = state.g.slot(state.to_move, state.area)
        if not after.sets[slot]:
            return after
        sets = list(after.sets)
        sets[slot] = S.flipped(sets[slot])
        return after.replace(sets=tuple(sets))


def _sets_hidden(self, state, player):
    obj = DnupEngine.observation(self, state, player)
    obj["sets"] = [[[] for _ in areas] for areas in obj["sets"]]
    return obj


class MayPass(Extended):
    """A player may pass: the turn goes on as after a dnup, with the hand as it was."""

    def extra(self, s):
        return [({"type": "pass", "player": s.to_move}, ("P",))]

    def play_extra(self, s, move):
        after = super().apply(s, {"type": "flip", "player": s.to_move})
        if after.to_move < 0:
            return after
        hands = list(after.hands)
        hands[s.to_move] = s.hands[s.to_move]
        return after.replace(hands=tuple(hands))


def _without(kind: str):
    return variant(f"Without{kind.title()}", Filtered, allowed=lambda self, s, a, _k=kind: a.get("type") != _k)


class FlipOnlyWhenStuck(Filtered):
    """A dnup is allowed only when no other action is."""

    def allowed(self, s, action):
        if action.get("type") != "flip":
            return True
        return len(DnupEngine.legal_actions(self, s)) == 1


class FlipNeedsTwoCards(Filtered):
    """A dnup needs a hand of two cards or more (a single card is not turned)."""

    def allowed(self, s, action):
        return action.get("type") != "flip" or len(s.hands[s.to_move]) > 1


class PassAllowed(Variant):
    """A player may pass (an empty play, or a pass): the turn goes on without an action."""

    def apply(self, state, action):
        if (isinstance(action, dict) and state.to_move >= 0 and action.get("player") == state.to_move
                and (action.get("type") == "pass" or (action.get("type") == "play" and action.get("cards") == []))):
            after = super().apply(state, {"type": "flip", "player": state.to_move})
            hands = list(after.hands)
            hands[state.to_move] = state.hands[state.to_move]
            return after.replace(hands=tuple(hands))
        return super().apply(state, action)


ACTION_CLAUSE = {"play": "DNP-ACTION-A", "add": "DNP-ACTION-B", "take": "DNP-ACTION-C", "flip": "DNP-ACTION-D"}
ACTION_NAME = {"play": "playing a set (A)", "add": "adding a card (B)", "take": "taking a set (C)",
               "flip": "a dnup (D)"}


def action_misreadings() -> list:
    out = [
        entry("one-action.dnup-is-free", "DNP-ONE-ACTION", "a dnup does not end the turn: the player flips and then "
              "acts again", FreeAction, "quantifier", ("DNP-ACTION-D",)),
        entry("one-action.take-is-free", "DNP-ONE-ACTION", "taking a set does not end the turn: the player takes and "
              "then acts again", variant("TakeIsFree", FreeAction, KIND="take"), "quantifier", ("DNP-ACTION-C",)),
        entry("action-a.turned-over", "DNP-ACTION-A", "a played set is laid down turned over (its cards' other "
              "values up)", PlayedTurnedOver, "condition"),
        entry("action-a.sets-hidden", "DNP-ACTION-A", "the sets on the table are not shown to the players (laid "
              "face down)", variant("SetsHidden", observation=_sets_hidden), "condition", ("DNP-HIDDEN-HAND",)),
        entry("one-action.may-pass", "DNP-ONE-ACTION", "a player may pass instead of doing one of the four actions",
              MayPass, "enumeration"),
        entry("action-d.only-when-stuck", "DNP-ACTION-D", "a dnup is allowed only when no other action is",
              FlipOnlyWhenStuck, "condition"),
        entry("action-d.needs-two-cards", "DNP-ACTION-D", "a dnup needs two cards or more in the hand",
              FlipNeedsTwoCards, "condition", ("DNP-FAQ-DNUP",)),
        entry("one-action.pass", "DNP-ONE-ACTION", "a player may pass: the turn goes on without an action",
              PassAllowed, "condition"),
        entry("action-d.flips-nothing", "DNP-ACTION-D", "a dnup leaves the cards as they were",
              variant("FlipsNothing", flip_hand=lambda self, hand: hand), "condition", ("DNP-FAQ-DNUP",)),
    ]
    for kind, clause in ACTION_CLAUSE.items():  # every kind of action left out of the enumeration
        out.append(entry(f"enumeration.no-{kind}", clause, f"{ACTION_NAME[kind]} is never offered", _without(kind),
                         "enumeration"))
    return out




# ---- a check of an action dropped: forbidden actions accepted when played, not offered ------------------

class Accepts(Variant):
    """The legal actions of the reference; an action the reference rejects by ``CLAUSE`` (its
    provenance's reason, with at most ``ALSO`` besides and the FAQ's restatements) is played all
    the same, by the player who sends it."""

    CLAUSE = ""
    ALSO: tuple = ()

    def apply(self, state, action):
        try:
            return super().apply(state, action)
        except IllegalActionError:
            if not isinstance(state, State) or state.to_move < 0 or not isinstance(action, dict):
                raise
            why = {c for c in self._reference().explainer().rejection(state, action) if not c.startswith("DNP-FAQ-")}
            move = (_lenient_move(state, action) if self.CLAUSE in why and why <= {self.CLAUSE, *self.ALSO}
                    else None)
            if move is None:
                raise
            return T.play(self, state.replace(to_move=action["player"]), move)

    def _reference(self):
        ref = self.__dict__.get("_ref")
        if ref is None:
            ref = self._ref = DnupEngine(choices=self.choices)
        return ref


def _lenient_move(s: State, action: dict) -> tuple | None:
    """The internal move of ``action`` with no rule checked: the cards it names from the sender's
    hand, the set it names; None when the action names no such cards or set."""
    g = s.g
    p = action.get("player")
    if not isinstance(p, int) or not 0 <= p < g.players:
        return None
    hand = s.hands[p]

    def held(cid):
        i = g.id_index.get(cid) if isinstance(cid, str) else None
        return None if i is None else 2 * i if 2 * i in hand else 2 * i + 1 if 2 * i + 1 in hand else None

    t = action.get("type")
    if t == "flip":
        return ("D",)
    if t == "play":
        ocs = [held(c) for c in action.get("cards") or ()]
        return None if not ocs or None in ocs else ("A", tuple(sorted(ocs)))
    q, a = action.get("owner"), action.get("area")
    if not isinstance(q, int) or not isinstance(a, int) or not 0 <= q < g.players or not 1 <= a <= g.areas:
        return None
    slot = g.slot(q, a)
    if not s.sets[slot]:
        return None
    if t == "take":
        return ("C", slot)
    oc = held(action.get("card"))
    return None if oc is None else ("B", oc, slot)


ACCEPTED = {
    "DNP-SET": "a set of cards with different active values is accepted when played",
    "DNP-A-HIGHER": "a set that is not higher than a set of its size is accepted when played",
    "DNP-B-CONFLICT": "an addition that leaves the extended set not higher than a set of its size is accepted",
    "DNP-ACTION-B": "an addition of a card that does not match the set, or to one's own set, is accepted",
    "DNP-ACTION-C": "taking one's own set is accepted when played",
    "DNP-CLOCKWISE": "an action of a player whose turn it is not is accepted",
    "DNP-FIRST-OUT": "a player who is out of the round may still act when asked",
    "DNP-TWO-CONFLICT-OWN": "with 2 players a set not higher than one's own set in the other area is accepted",
    "DNP-START-PLAYER": "another player than the start player may open the round",
}


#: what provenance names beside the clause for the same check (a set not higher than one's own other set
#: breaks the same-size rule of A or B too)
ACCEPTED_ALSO = {"DNP-TWO-CONFLICT-OWN": ("DNP-A-HIGHER", "DNP-B-CONFLICT")}


def accept_misreadings() -> list:
    """Each check of an action dropped where the action is played (the offered actions unchanged)."""
    return [entry(f"accepts.{clause.lower().removeprefix('dnp-')}", clause, words,
                  variant(f"Accepts{k}", Accepts, CLAUSE=clause, ALSO=ACCEPTED_ALSO.get(clause, ())), "condition")
            for k, (clause, words) in enumerate(ACCEPTED.items())]


def misreadings() -> list:
    return order_misreadings() + discard_misreadings() + action_misreadings() + accept_misreadings()
