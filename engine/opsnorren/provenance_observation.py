"""Provenance of an Opsnorren observation (what one player may see).

``explain_observation(eng, s, player)`` gives one :class:`Effect` per part of
``engine.observation(s, player)`` (``json_io.observation``), naming the clause that decides
that the part is shown, hidden, or how it is shown (seed lines cited in specs/opsnorren):

- the own hand, other hands only as sizes: OPS-HIDDEN-HANDS ("also from teammates"); the
  open pink cards of others under the pink-open card: OPS-RULE-PINK-OPEN;
- passed cards (own shown, others' only counted until received): OPS-RULE-PASS-THREE;
- won piles face down ("legt ze gedekt voor zich neer"), counts only: OPS-WINNER-TAKES;
- cards laid aside face down: OPS-DEAL (the unseen third joker: OPS-DEAL-FIVE);
- the rule row: face down (OPS-SETUP-RULE-ROW) until turned (OPS-REVEAL-RULE);
- team cards turned face up: OPS-TEAM-CARDS; the trick is played open: OPS-TRICK-BASICS;
- trophy values: own seen, others' hidden (OPS-TROPHY-HIDDEN) until the end (OPS-GAME-END).

A hidden part also has an effect where a leaking engine would show it (``/hands``,
``/passing``, ``/won``, ``/aside``, a full ``/rules/<i>``, ``/trophies/<q>``), so a leak is
blamed on the hiding clause. Parts copied from the public state (round, phase, to_move,
chance, history, ...) name no clause: no rule decides that they are shown, and a
difference there follows from a differing state. The discard pile (cards seen in the
trick, counted only by the reference) is such a part: no sentence hides it.
"""

from __future__ import annotations

from engine.opsnorren.cards import COLOUR_OF, PINK
from engine.opsnorren.rulecards import PINK_OPEN, ruleset
from engine.opsnorren.state import OVER
from engine.provenance import Effect, Explanation, pointer

#: observation parts copied from the public state: shown, but no clause decides it
PUBLIC = ("game", "players", "round", "revealed", "phase", "leader", "to_move", "chance", "history", "observer")


def explain_observation(s, player: int) -> list[Effect]:
    """Effects of ``player``'s observation of state ``s`` (OPS-HIDDEN-HANDS, OPS-RULE-PINK-OPEN,
    OPS-RULE-PASS-THREE, OPS-TROPHY-HIDDEN, OPS-REVEAL-RULE, ...)."""
    E = Explanation()
    n = s.n
    for key in PUBLIC:
        E.add(pointer(key), note="public: copied from the state")
    # hands: own shown, others hidden (sizes only), open pink cards under pink-open
    held = ("OPS-HIDDEN-HANDS",) if any(s.hands) else ()  # nothing to show or hide between rounds
    hidden = ("OPS-HIDDEN-HANDS",) if any(h for q, h in enumerate(s.hands) if q != player) else ()
    E.add("/hand", *held, note="a player sees their own hand")
    E.add("/hands", *hidden, note="no other player's hand is shown")
    E.add("/hand_sizes", *hidden, note="hands are held face down: only their sizes show")
    pink_open = PINK_OPEN in s.rules[: s.revealed]
    for q in range(n):
        path = pointer("open_cards", q)
        if q == player:
            E.add(path, note="the own hand is shown in /hand")
            continue
        hand = s.hands[q]
        why = []
        if not hand:
            E.add(path, note="an empty hand")
            continue
        if pink_open and any(COLOUR_OF[c] == PINK for c in hand):
            why.append("OPS-RULE-PINK-OPEN")
        if not pink_open or any(COLOUR_OF[c] != PINK for c in hand):
            why.append("OPS-HIDDEN-HANDS")
        E.add(path, *why, note="open pink cards" if pink_open else "nothing of another hand")
    # passed cards (under pass-three): the passer's own, the others' seen only once received
    passing = ("OPS-RULE-PASS-THREE",) if s.rules and ruleset(s.rules[: s.revealed]).pass_three else ()
    E.add("/passed", *passing, note="the cards this player passed")
    E.add("/passing", *passing, note="cards passed by others are seen only after passing")
    E.add("/passing_sizes", *passing)
    # face-down piles
    won = ("OPS-WINNER-TAKES",) if any(s.won) else ()
    E.add("/won", *won, note="won cards lie face down")
    E.add("/won_sizes", *won)
    aside = (("OPS-DEAL",) if s.aside else ()) + (("OPS-DEAL-FIVE",) if n == 5 and any(c >= 44 for c in s.aside)
                                                  else ())
    E.add("/aside", *aside, note="the undealt cards are laid aside face down")
    E.add("/aside_size", *aside)
    E.add("/discarded_size", note="the reference counts the discards; no sentence hides them")
    # the rule row: face down until revealed, one more each round
    if not s.rules:
        E.add("/rules", "OPS-SETUP-RULE-ROW", note="no row yet")
    for i in range(len(s.rules)):
        shown = i < s.revealed
        E.add(pointer("rules", i), *(("OPS-REVEAL-RULE",) if shown else ("OPS-SETUP-RULE-ROW", "OPS-REVEAL-RULE")),
              note="revealed" if shown else "still face down")
    E.add("/team_cards", *(("OPS-TEAM-CARDS",) if s.teams else ()), note="team cards are turned face up")
    E.add("/trick", *(("OPS-TRICK-BASICS",) if s.trick else ()), note="cards are played open")
    # trophies: own values seen, others' hidden until the end of the game
    over = s.phase == OVER
    for q in range(n):
        # others' entries are null (hidden) even before they draw: the hiding clause decides that too
        why = ("OPS-GAME-END",) if over and q != player else ("OPS-TROPHY-HIDDEN",) if s.trophies[q] or q != player else ()
        E.add(pointer("trophies", q), *why, note="own values" if q == player else
              ("revealed at the end" if over else "hidden until the end"))
    E.add("/trophy_counts", *(("OPS-TROPHY-HIDDEN",) if any(s.trophies) else ()),
          note="tokens lie face down: only their number shows")
    E.add("/result", *(("OPS-GAME-END",) if over else ()), note="trophies are added up at the end")
    return E.effects
