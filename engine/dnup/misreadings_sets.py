"""Misreadings of the same-size rule and of what actions A-D do to the cards.

Decision points (clause): when a set may be played over a set of its size and what happens to
the beaten set (DNP-A-HIGHER, DNP-A-RETURN, DNP-A-ANY-COUNT, DNP-SET); when a card may be added
and what the extended set meets (DNP-ACTION-B, DNP-B-CONFLICT); what a take and a dnup turn
(DNP-ACTION-C, DNP-ACTION-D); which sets of the mover's own take part with 2 players
(DNP-TWO-CONFLICT-OWN).
"""

from __future__ import annotations

from engine.dnup import DnupEngine
from engine.dnup import sets as S
from engine.dnup.misreadings_base import Extended, Filtered, RuledPlays, Variant, entry, variant

# ---- playing a set (DNP-A-HIGHER, DNP-A-RETURN, DNP-A-ANY-COUNT) ---------------------------------------

def _play_rule(meets, wins, blocks=True, size_shift=0):
    """``play_losers`` where ``meets(g, slot, other)`` says which sets of the size (plus ``size_shift``) take
    part, ``wins(value, other)`` whether the new set is higher; a set not higher makes the play illegal
    (``blocks``) or simply stays."""

    def play_losers(self, g, sets, slot, size, value):
        losers = []
        for other, cs in enumerate(sets):
            if not cs or other == slot or not meets(g, sets, slot, other, size + size_shift):
                continue
            if wins(value, g.val[cs[0]]):
                losers.append(other)
            elif blocks:
                return None
        return losers
    return play_losers


def _same_size(g, sets, slot, other, size):
    return len(sets[other]) == size


def _any_size(g, sets, slot, other, size):
    return True


def _higher(v, w):
    return v > w


def higher_misreadings() -> list:
    rule = lambda name, **kw: variant(name, RuledPlays, play_losers=_play_rule(**kw))  # noqa: E731
    out = [
        entry("a-higher.equal-beats", "DNP-A-HIGHER", "a played set of equal value beats a set of its size "
              "(equal counts as higher)", rule("PlayEqualBeats", meets=_same_size, wins=lambda v, w: v >= w),
              "condition"),
        entry("a-higher.lower-beats", "DNP-A-HIGHER", "a played set must be lower than a set of its size "
              "(the comparison inverted)", rule("PlayLowerBeats", meets=_same_size, wins=lambda v, w: v < w),
              "condition"),
        entry("a-higher.any-size", "DNP-A-HIGHER", "a played set must be higher than every set on the table, "
              "whatever its size, and beats them all", rule("PlayAnySize", meets=_any_size, wins=_higher),
              "condition"),
        entry("a-higher.not-required", "DNP-A-HIGHER", "a set may be played even when it is not higher than a set "
              "of its size (only a higher one sends that set back)",
              rule("PlayNotRequired", meets=_same_size, wins=_higher, blocks=False), "condition"),
        entry("rules.equal-beats", "DNP-A-HIGHER", "equal counts as higher everywhere: a set of equal value beats "
              "a set of its size, played or extended", variant("EqualBeats", beats=lambda self, v, w: v >= w),
              "condition", ("DNP-B-CONFLICT",)),
    ]
    for k in (-1, 1):  # the size compared moved by one
        words = "one card smaller" if k < 0 else "one card larger"
        out.append(entry(f"a-higher.size{k:+d}", "DNP-A-HIGHER", f"a played set is compared with the sets {words} "
                         "instead of the sets of its own size",
                         rule(f"PlaySize{'Minus' if k < 0 else 'Plus'}", meets=_same_size, wins=_higher, size_shift=k),
                         "parameter"))
    return out


def _back_whole_hand(self, g, out, hands, sets, slot):
    owner = g.owner(slot)
    cards = sets[slot]
    sets[slot] = ()
    if owner in out:
        return True
    hands[owner] = S.flipped(hands[owner] + cards)
    return False


def _beaten_discarded(self, g, out, hands, sets, slot):
    sets[slot] = ()
    return g.owner(slot) in out


class AllOfValue(Filtered):
    """A set must hold every card of its value in the hand."""

    def allowed(self, s, action):
        if action.get("type") != "play":
            return True
        g = s.g
        ids = g.deck.ids
        v = {g.val[oc] for oc in s.hands[s.to_move] if ids[oc >> 1] == action["cards"][0]}.pop()
        return len(action["cards"]) == sum(1 for oc in s.hands[s.to_move] if g.val[oc] == v)


class OnePerSize(Filtered):
    """Of the cards of one value, only one set per size is offered: the first cards by id."""

    def allowed(self, s, action):
        if action.get("type") != "play":
            return True
        g = s.g
        ids = g.deck.ids
        hand = s.hands[s.to_move]
        v = next(g.val[oc] for oc in hand if ids[oc >> 1] == action["cards"][0])
        same = sorted(ids[oc >> 1] for oc in hand if g.val[oc] == v)
        return action["cards"] == same[:len(action["cards"])]


def set_misreadings() -> list:
    return [
        entry("a-return.unflipped", "DNP-A-RETURN", "a beaten set goes back to its owner's hand without being "
              "turned", variant("ReturnUnflipped", returned_cards=lambda self, cards: tuple(sorted(cards))),
              "condition", ("DNP-FAQ-CONFLICT",)),
        entry("a-return.discarded", "DNP-A-RETURN", "a beaten set is discarded instead of going back to its "
              "owner's hand", variant("BeatenDiscarded", send_back=_beaten_discarded), "condition"),
        entry("a-return.whole-hand-flipped", "DNP-A-RETURN", "when a beaten set goes back, the owner's whole hand "
              "is turned, not only the cards of the set", variant("ReturnFlipsHand", send_back=_back_whole_hand),
              "quantifier", ("DNP-KEEP-ORIENTATION",)),
        entry("any-count.all-of-value", "DNP-A-ANY-COUNT", "a set must hold every card of its value in the hand",
              AllOfValue, "quantifier", ("DNP-FAQ-ANY-COUNT",)),
        entry("any-count.one-per-size", "DNP-A-ANY-COUNT", "of the cards of one value only one set per size is "
              "offered (the other choices of cards are left out)", OnePerSize, "enumeration",
              ("DNP-FAQ-ANY-COUNT",)),
        entry("set.two-or-more", "DNP-SET", "a set needs at least 2 cards (a single card is not a set)",
              variant("SetsOfTwo", Filtered, allowed=lambda self, s, a: a.get("type") != "play" or len(a["cards"]) > 1),
              "parameter", ("DNP-FAQ-SET",)),
    ]


# ---- adding a card (DNP-ACTION-B, DNP-B-CONFLICT) -----------------------------------------------------

def _add_rule(wins, blocks=True, size_shift=0):
    """``add_losers`` under the FAQ's reading with ``wins`` for "higher", sets of the new size plus
    ``size_shift`` compared, an extended set not higher illegal (``blocks``) or staying."""

    def add_losers(self, g, sets, target, size, value):
        if g.consequence:
            return DnupEngine.add_losers(self, g, sets, target, size, value)
        losers = []
        for other, w in S.same_size(g, sets, size + size_shift, target):
            if wins(value, w):
                losers.append(other)
            elif blocks:
                return None
        return losers
    return add_losers


class AddAnyCard(Extended):
    """Any card may be added to another player's set, whatever its value."""

    def extra(self, s):
        g, p = s.g, s.to_move
        out = []
        for slot, cs in enumerate(s.sets):
            if not cs or g.owner(slot) == p:
                continue
            for oc in s.hands[p]:
                out.append(({"type": "add", "player": p, "card": g.deck.ids[oc >> 1], "owner": g.owner(slot),
                             "area": g.area_of(slot)}, ("B", oc, slot)))
        return out


class AddEitherEnd(Extended):
    """A card matches a set by either of its values; added by its other value, it is turned."""

    def extra(self, s):
        g, p = s.g, s.to_move
        out = []
        for slot, cs in enumerate(s.sets):
            if not cs or g.owner(slot) == p:
                continue
            v = g.val[cs[0]]
            for oc in s.hands[p]:
                if g.val[oc ^ 1] == v and self.add_losers(g, s.sets, slot, len(cs) + 1, v) is not None:
                    out.append(({"type": "add", "player": p, "card": g.deck.ids[oc >> 1], "owner": g.owner(slot),
                                 "area": g.area_of(slot)}, ("B", oc, slot)))
        return out

    def play_extra(self, s, move):
        p, oc = s.to_move, move[1]
        hands = list(s.hands)
        hands[p] = tuple(sorted(c ^ 1 if c == oc else c for c in hands[p]))
        return super().play_extra(s.replace(hands=tuple(hands)), ("B", oc ^ 1, move[2]))


class OwnSetActions(Extended):
    """With 2 players, B and C may act on the mover's own set in the other area (``KINDS``)."""

    KINDS = ("add", "take")

    def extra(self, s):
        g, p = s.g, s.to_move
        if g.areas != 2:
            return []
        slot = g.slot(p, 3 - s.area)
        cs = s.sets[slot]
        if not cs:
            return []
        out = []
        if "take" in self.KINDS:
            out.append(({"type": "take", "player": p, "owner": p, "area": 3 - s.area}, ("C", slot)))
        if "add" in self.KINDS:
            v = g.val[cs[0]]
            if self.add_losers(g, s.sets, slot, len(cs) + 1, v) is not None:
                for oc in s.hands[p]:
                    if g.val[oc] == v:
                        out.append(({"type": "add", "player": p, "card": g.deck.ids[oc >> 1], "owner": p,
                                     "area": 3 - s.area}, ("B", oc, slot)))
        return out


def add_misreadings() -> list:
    rule = lambda name, **kw: variant(name, add_losers=_add_rule(**kw))  # noqa: E731
    out = [
        entry("action-b.any-card", "DNP-ACTION-B", "a card of any value may be added to another player's set",
              AddAnyCard, "condition"),
        entry("action-b.either-end", "DNP-ACTION-B", "a card may be added when either of its values matches the "
              "set (it is turned to match)", AddEitherEnd, "condition", ("DNP-KEEP-ORIENTATION",)),
        entry("action-b.own-set", "DNP-ACTION-B", "with 2 players a card may be added to one's own set in the "
              "other area (another player's set read as any set)", variant("AddToOwn", OwnSetActions, KINDS=("add",)),
              "condition"),
        entry("b-conflict.equal-beats", "DNP-B-CONFLICT", "an extended set of equal value beats a set of its new "
              "size (equal counts as higher)", rule("AddEqualBeats", wins=lambda v, w: v >= w), "condition"),
        entry("b-conflict.lower-beats", "DNP-B-CONFLICT", "an extended set must be lower than a set of its new "
              "size (the comparison inverted)", rule("AddLowerBeats", wins=lambda v, w: v < w), "condition"),
        entry("b-conflict.ignored", "DNP-B-CONFLICT", "an addition never conflicts: the extended set is not "
              "compared with the sets of its new size", variant("AddNoConflict",
                                                                  add_losers=lambda self, g, sets, t, n, v: []),
              "condition"),
        entry("b-conflict.not-required", "DNP-B-CONFLICT", "an addition may leave the extended set not higher than "
              "a set of its size (only a higher one sends that set back)",
              rule("AddNotRequired", wins=_higher, blocks=False), "condition"),
    ]
    for k in (-1, 1):
        words = "its old size (before the card)" if k < 0 else "one card more than its new size"
        out.append(entry(f"b-conflict.size{k:+d}", "DNP-B-CONFLICT", f"an extended set is compared with the sets of "
                         f"{words}", rule(f"AddSize{'Minus' if k < 0 else 'Plus'}", wins=_higher, size_shift=k),
                         "parameter"))
    return out


# ---- taking a set (DNP-ACTION-C) and a dnup (DNP-ACTION-D) ---------------------------------------------

class TakeFlipsHand(Variant):
    """Taking a set turns the taker's whole hand, not only the cards taken."""

    def apply(self, state, action):
        after = super().apply(state, action)
        if state.to_move >= 0 and isinstance(action, dict) and action.get("type") == "take":
            p = state.to_move
            hands = list(after.hands)
            hands[p] = S.flipped(state.hands[p] + state.sets[state.g.slot(action["owner"], action["area"])])
            return after.replace(hands=tuple(hands))
        return after


class DnupTurnsOwnSets(Variant):
    """A dnup also turns the mover's sets on the table (with 2 players, the other area's set)."""

    def apply(self, state, action):
        after = super().apply(state, action)
        if not (state.to_move >= 0 and isinstance(action, dict) and action.get("type") == "flip"):
            return after
        g, p = state.g, state.to_move
        sets = list(after.sets)
        changed = False
        for a in range(1, g.areas + 1):
            slot = g.slot(p, a)
            if sets[slot] and sets[slot] == state.sets[slot]:
                sets[slot] = S.flipped(sets[slot])
                changed = True
        return after.replace(sets=tuple(sets)) if changed else after


def take_misreadings() -> list:
    return [
        entry("action-c.unflipped", "DNP-ACTION-C", "a taken set joins the hand without being turned",
              variant("TakeUnflipped", taken_cards=lambda self, cards: tuple(sorted(cards))), "condition"),
        entry("action-c.whole-hand-flipped", "DNP-ACTION-C", "taking a set turns the taker's whole hand, not only "
              "the cards taken", TakeFlipsHand, "quantifier", ("DNP-KEEP-ORIENTATION",)),
        entry("action-c.own-set", "DNP-ACTION-C", "with 2 players one may take one's own set from the other area",
              variant("TakeOwn", OwnSetActions, KINDS=("take",)), "condition"),
        entry("action-d.turns-own-sets", "DNP-ACTION-D", "a dnup also turns the mover's sets on the table",
              DnupTurnsOwnSets, "quantifier"),
    ]


# ---- the mover's own sets with 2 players (DNP-TWO-CONFLICT-OWN) ----------------------------------------

def _others_only(g, sets, slot, other, size):
    return len(sets[other]) == size and g.owner(other) != g.owner(slot)


def _own_ignored_add(self, g, sets, target, size, value):
    got = DnupEngine.add_losers(self, g, [() if g.owner(k) == g.owner(target) and k != target else cs
                                          for k, cs in enumerate(sets)], target, size, value)
    return got


def _own_stays_play(self, g, sets, slot, size, value):
    got = DnupEngine.play_losers(self, g, sets, slot, size, value)
    return got if got is None else [k for k in got if g.owner(k) != g.owner(slot)]


def own_misreadings() -> list:
    """The own-set rule dropped where a set is played, where a card is added, or in both places."""
    play = {"play_losers": _play_rule(meets=_others_only, wins=_higher)}
    add = {"add_losers": _own_ignored_add}
    out = []
    for tag, where, members in (("both", "a new or an extended set", {**play, **add}),
                                ("play", "a set played (action A)", play), ("add", "a set extended (action B)", add)):
        base = RuledPlays if "play_losers" in members else Variant
        out.append(entry(f"two-own.no-conflict-{tag}", "DNP-TWO-CONFLICT-OWN", "with 2 players one's own set in the "
                         f"other area does not conflict with {where}", variant(f"OwnNoConflict{tag.title()}", base,
                                                                               **members), "condition"))
    out.append(entry("two-own.stays", "DNP-TWO-CONFLICT-OWN", "with 2 players one's own beaten set in the other area "
                     "stays on the table instead of going back to the hand",
                     variant("OwnBeatenStays", play_losers=_own_stays_play), "condition"))
    return out


def misreadings() -> list:
    return higher_misreadings() + set_misreadings() + add_misreadings() + take_misreadings() + own_misreadings()
