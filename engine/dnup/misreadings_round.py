"""Misreadings of the end of a Dnup round and of the game: going out, letters, the first player
out's set, the end of the round and the winner.

Decision points (clause): which actions go out and what the first player out gets, and whether
they still take turns (DNP-FIRST-OUT); how long their set stays and what it still does
(DNP-FIRST-OUT-CARDS-STAY); what happens when it is beaten (DNP-FIRST-OUT-BEATEN); what the
second player out gets and when the round ends (DNP-SECOND-OUT); how many letters win, and when
(DNP-GAME-END); with 2 players how many rounds win, and that rounds (not letters) count
(DNP-TWO-ROUND-WIN).
"""

from __future__ import annotations

from engine.dnup import DnupEngine
from engine.dnup import round as R
from engine.dnup import sets as S
from engine.dnup.misreadings_base import Filtered, RuledPlays, Variant, entry, variant


def _tokens(first: int, second: int, source: str, mid: str, clause: str, words: str, also=()):
    return entry(mid, clause, words, variant(f"Letters{first}{second}", TOKENS=(first, second)), source, also)


def letter_misreadings() -> list:
    out = []
    for k in (-1, 1):
        out.append(_tokens(2 + k, 1, "parameter", f"first-out.letters{k:+d}", "DNP-FIRST-OUT",
                           f"the first player out gets {2 + k} letters instead of 2", ("DNP-FAQ-LETTERS",)))
        out.append(_tokens(2, 1 + k, "parameter", f"second-out.letters{k:+d}", "DNP-SECOND-OUT",
                           f"the second player out gets {1 + k} letters instead of 1", ("DNP-FAQ-LETTERS",)))
    out.append(_tokens(1, 2, "order", "first-out.letters-swapped", "DNP-FIRST-OUT",
                       "the first player out gets 1 letter and the second 2 (the awards swapped)",
                       ("DNP-SECOND-OUT", "DNP-FAQ-LETTERS")))
    return out


# ---- going out (DNP-FIRST-OUT) --------------------------------------------------------------------

def _out_still_plays(self, g, player, area, out):
    return DnupEngine.turn_after(self, g, player, area, ())


def first_out_misreadings() -> list:
    return [
        entry("first-out.only-by-play", "DNP-FIRST-OUT", "only playing a set (A) goes out; a player who adds their "
              "last card (B) stays in the round", variant("OutOnlyByPlay", goes_out=lambda self, kind: kind == "A"),
              "condition", ("DNP-SECOND-OUT",)),
        entry("first-out.still-plays", "DNP-FIRST-OUT", "a player who is out still takes turns in the round",
              variant("OutStillPlays", turn_after=_out_still_plays), "condition", ("DNP-CLOCKWISE",)),
    ]


# ---- the first player out's set (DNP-FIRST-OUT-CARDS-STAY, DNP-FIRST-OUT-BEATEN) ---------------------

def _stay_for(k: int):
    def player_out(self, g, p, sets, out, tokens, wins):
        got = list(DnupEngine.player_out(self, g, p, sets, out, tokens, wins))
        if got[1] is not None:
            got[1] = (p, max(1, got[1][1] + k))
        return tuple(got)
    return player_out


def _leaves_at_once(self, g, p, sets, out, tokens, wins):
    got = list(DnupEngine.player_out(self, g, p, sets, out, tokens, wins))
    if got[1] is not None:
        sets[g.slot(p, 1)] = ()
        got[1] = None
    return tuple(got)


def _stays_whole_round(self, g, p, sets, out, tokens, wins):
    got = list(DnupEngine.player_out(self, g, p, sets, out, tokens, wins))
    got[1] = None
    return tuple(got)


class Knows(Variant):
    """Keeps the position being asked about, for hooks that need who is out."""

    _at = None

    def legal_actions(self, state):
        self._at = state
        return super().legal_actions(state)

    def apply(self, state, action):
        self._at = state
        return super().apply(state, action)

    def out_slots(self, g) -> set:
        s = self._at
        return {g.slot(q, 1) for q in s.out} if s is not None and s.g.players == g.players else set()


class StayIgnored(Knows, RuledPlays):
    """The first player out's set no longer meets new or extended sets."""

    def play_losers(self, g, sets, slot, size, value):
        gone = self.out_slots(g)
        return DnupEngine.play_losers(self, g, [() if k in gone else cs for k, cs in enumerate(sets)], slot, size,
                                      value)

    def add_losers(self, g, sets, slot, size, value):
        gone = self.out_slots(g)
        return DnupEngine.add_losers(self, g, [() if k in gone else cs for k, cs in enumerate(sets)], slot, size,
                                     value)


class StayUnbeatable(Knows, RuledPlays):
    """The first player out's set cannot be beaten: no set of its size may be played or extended to."""

    def play_losers(self, g, sets, slot, size, value):
        got = DnupEngine.play_losers(self, g, sets, slot, size, value)
        return None if got and set(got) & self.out_slots(g) else got

    def add_losers(self, g, sets, slot, size, value):
        got = DnupEngine.add_losers(self, g, sets, slot, size, value)
        return None if got and set(got) & self.out_slots(g) else got


class StayUntouchable(Filtered):
    """The first player out's set cannot be added to or taken."""

    #: the actions the first player out's set is kept from
    kept_from = ("add", "take")

    def allowed(self, s, action):
        return action.get("type") not in self.kept_from or action.get("owner") not in s.out


class StayNotTakeable(StayUntouchable):
    """The first player out's set cannot be taken (action C); it may still be added to."""

    kept_from = ("take",)


class StayNotExtendable(StayUntouchable):
    """The first player out's set cannot be added to (action B); it may still be taken."""

    kept_from = ("add",)


def _beaten_back_to_hand(self, g, out, hands, sets, slot):
    owner = g.owner(slot)
    hands[owner] = S.merge(hands[owner], self.returned_cards(sets[slot]))
    sets[slot] = ()
    return owner in out


def _beaten_countdown_goes_on(self, g, out, hands, sets, slot):
    DnupEngine.send_back(self, g, out, hands, sets, slot)
    return False


def stay_misreadings() -> list:
    out = []
    for k in (-1, 1):
        out.append(entry(f"stay.turns{k:+d}", "DNP-FIRST-OUT-CARDS-STAY", "the first player out's set is removed "
                         + ("one turn early" if k < 0 else "one turn late") + " (after "
                         + ("all but one of" if k < 0 else "one more than") + " the other players' turns)",
                         variant(f"Stay{'Short' if k < 0 else 'Long'}", player_out=_stay_for(k)), "timing"))
    out += [
        entry("stay.leaves-at-once", "DNP-FIRST-OUT-CARDS-STAY", "the first player out's set leaves the table at "
              "once instead of staying until every other player has had a turn",
              variant("LeavesAtOnce", player_out=_leaves_at_once), "timing"),
        entry("stay.whole-round", "DNP-FIRST-OUT-CARDS-STAY", "the first player out's set stays on the table for the "
              "rest of the round", variant("StaysWholeRound", player_out=_stays_whole_round), "timing"),
        entry("stay.ignored", "DNP-FIRST-OUT-CARDS-STAY", "the first player out's set stays but no longer counts: "
              "sets of its size may be played or extended as if it were not there", StayIgnored, "condition"),
        entry("stay.not-takeable", "DNP-FIRST-OUT-CARDS-STAY", "the first player out's set cannot be taken "
              "(it may still be added to)", StayNotTakeable, "condition"),
        entry("stay.not-extendable", "DNP-FIRST-OUT-CARDS-STAY", "the first player out's set cannot be added to "
              "(it may still be taken)", StayNotExtendable, "condition"),
        entry("stay.untouchable", "DNP-FIRST-OUT-CARDS-STAY", "the first player out's set cannot be added to or "
              "taken", StayUntouchable, "condition"),
        entry("beaten.back-to-hand", "DNP-FIRST-OUT-BEATEN", "a beaten set of the first player out goes back to "
              "their hand, flipped, like any beaten set", variant("OutBeatenBack", send_back=_beaten_back_to_hand),
              "condition", ("DNP-A-RETURN",)),
        entry("beaten.unbeatable", "DNP-FIRST-OUT-BEATEN", "the first player out's set cannot be beaten: no set of "
              "its size may be played over it", StayUnbeatable, "condition"),
        entry("beaten.countdown-goes-on", "DNP-FIRST-OUT-BEATEN", "after the first player out's set is beaten, the "
              "game still counts the turns until it would have been removed",
              variant("BeatenCountdown", send_back=_beaten_countdown_goes_on), "condition"),
    ]
    return out


# ---- the end of the round and of the game (DNP-SECOND-OUT, DNP-GAME-END, DNP-TWO-ROUND-WIN) -----------

def _round_ends_at_first(self, g, p, sets, out, tokens, wins):
    got = list(DnupEngine.player_out(self, g, p, sets, out, tokens, wins))
    if g.areas == 1 and not out:
        got[1], got[4] = None, True
    return tuple(got)


def _round_goes_on(self, g, p, sets, out, tokens, wins):
    if g.areas == 2 or not out:
        return DnupEngine.player_out(self, g, p, sets, out, tokens, wins)
    if len(out) == 1:  # the second player out gets their letter; the round goes on while two still play
        got = DnupEngine.player_out(self, g, p, sets, out, tokens, wins)
        if got[5] is None and g.players > 3:
            return out + (p,), None, got[2], wins, False, None
        return got
    return out + (p,), None, tokens, wins, len(out) + 2 >= g.players, None


def _wins_at(letters: int, rounds: int):
    def player_out(self, g, p, sets, out, tokens, wins):
        got = list(DnupEngine.player_out(self, g, p, sets, out, tokens, wins))
        score, need, why = (got[3], rounds, "rounds") if g.areas == 2 else (got[2], letters, "letters")
        got[5] = {"winner": p, "reason": why} if score[p] >= need else None
        return tuple(got)
    return player_out


def _wins_at_round_end(self, g, p, sets, out, tokens, wins):
    got = list(DnupEngine.player_out(self, g, p, sets, out, tokens, wins))
    if g.areas == 2:
        return tuple(got)
    if not got[4]:
        got[5] = None
        return tuple(got)
    order = list(out) + [p]
    best = [q for q in range(g.players) if got[2][q] >= R.WIN_LETTERS]
    if best:
        top = max(got[2][q] for q in best)
        first = min((q for q in best if got[2][q] == top), key=lambda q: order.index(q) if q in order else 99)
        got[5] = {"winner": first, "reason": "letters"}
    return tuple(got)


def _letters_per_round(self, g, p, sets, out, tokens, wins):
    got = list(DnupEngine.player_out(self, g, p, sets, out, tokens, wins))
    if got[4] and got[5] is None and g.areas == 1:
        got[2] = (0,) * g.players
    return tuple(got)


def _two_plays_letters(self, g, p, sets, out, tokens, wins):
    if g.areas != 2:
        return DnupEngine.player_out(self, g, p, sets, out, tokens, wins)
    tokens = tokens[:p] + (tokens[p] + self.TOKENS[0],) + tokens[p + 1:]
    result = {"winner": p, "reason": "letters"} if tokens[p] >= R.WIN_LETTERS else None
    return out + (p,), None, tokens, wins, True, result


def end_misreadings() -> list:
    out = [
        entry("second-out.round-ends-at-first", "DNP-SECOND-OUT", "the round ends as soon as the first player goes "
              "out", variant("EndsAtFirstOut", player_out=_round_ends_at_first), "timing", ("DNP-FIRST-OUT",)),
        entry("second-out.round-goes-on", "DNP-SECOND-OUT", "the round goes on after the second player out, until "
              "one player is left", variant("GoesOnAfterSecond", player_out=_round_goes_on), "timing"),
        entry("game-end.at-round-end", "DNP-GAME-END", "a player who reaches 4 letters wins only when the round "
              "ends, not at once", variant("WinsAtRoundEnd", player_out=_wins_at_round_end), "timing",
              ("DNP-GOAL", "DNP-FAQ-LETTERS")),
        entry("game-end.letters-per-round", "DNP-GAME-END", "letters are not kept from round to round",
              variant("LettersPerRound", player_out=_letters_per_round), "aggregate", ("DNP-GOAL",)),
        entry("two-round-win.letters", "DNP-TWO-ROUND-WIN", "with 2 players the first player out gets letters (as "
              "in the base game) instead of winning the round", variant("TwoPlaysLetters",
                                                                         player_out=_two_plays_letters), "variant"),
    ]
    for k in (-1, 1):
        out.append(entry(f"game-end.letters{k:+d}", "DNP-GAME-END", f"a player wins with {R.WIN_LETTERS + k} letters "
                         f"instead of {R.WIN_LETTERS}", variant(f"WinAt{R.WIN_LETTERS + k}Letters",
                                                                 player_out=_wins_at(R.WIN_LETTERS + k, R.WIN_ROUNDS)),
                         "parameter", ("DNP-GOAL", "DNP-FAQ-LETTERS")))
        out.append(entry(f"two-round-win.rounds{k:+d}", "DNP-TWO-ROUND-WIN", f"with 2 players {R.WIN_ROUNDS + k} "
                         f"round(s) won win the game instead of {R.WIN_ROUNDS}",
                         variant(f"WinAt{R.WIN_ROUNDS + k}Rounds",
                                 player_out=_wins_at(R.WIN_LETTERS, R.WIN_ROUNDS + k)),
                         "parameter"))
    return out


def misreadings() -> list:
    return letter_misreadings() + first_out_misreadings() + stay_misreadings() + end_misreadings()
