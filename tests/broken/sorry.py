"""Deliberately broken Sorry! engines: each breaks one named rule of the reference.

``make_<name>(game, choices)`` builds one (for ``--rulecheck-engine py:tests.broken.sorry:make_<name>``);
``BROKEN`` maps each name to (class, the clause it breaks); ``BROKEN_MULTI`` maps each name of an
engine with two or three bugs in different rules to (class, the clauses it breaks).
tests/test_broken_engines.py checks that the conformance suite fails on exactly those clauses.
"""

from __future__ import annotations

from engine.errors import MalformedError
from engine.sorry import SorryEngine
from engine.sorry import cards
from engine.sorry.board import COLOURS, FWD, HOME, LOOP, SAFE0, SLIDES, START
from engine.sorry.moves import MOVE, SWAP, land
from engine.sorry.state import DRAW, SorryState


class SlidesOnOwnColour(SorryEngine):
    """Slides on every triangle, its own colour's too: breaks SRY-SLIDE-OWN-COLOUR."""

    name = "broken-slides-on-own-colour"

    def __init__(self, choices=None):
        super().__init__(choices)
        row = [None] * (START + 1)
        for _c, a, b, squares in SLIDES:
            row[a] = (b, squares)
        table = tuple(tuple(row) for _ in COLOURS)
        self.rules.slide = table
        self.rules.slide_sets = tuple(tuple(None if e is None else (e[0], frozenset(e[1])) for e in r) for r in table)


class NoBumpOnSlide(SorryEngine):
    """A slide only bumps the pawn at its end, not the pawns along it: breaks SRY-SLIDE-BUMP."""

    name = "broken-no-bump-on-slide"

    def __init__(self, choices=None):
        super().__init__(choices)
        self.rules.slide_sets = tuple(
            tuple(None if e is None else (e[0], frozenset({e[0]})) for e in row) for row in self.rules.slide)


class SwapsIntoSafetyZone(SorryEngine):
    """The 11 also swaps with opponent pawns in their safety zone: breaks SRY-SAFETY-OWN-COLOUR."""

    name = "broken-swaps-into-safety-zone"

    def card_moves(self, cfg, pos, player, card):
        out = super().card_moves(cfg, pos, player, card)
        if card == cards.C11:
            for q in cfg.opponents[player]:
                for k in range(4 * q, 4 * q + 4):
                    if SAFE0 <= pos[k] < HOME:
                        for i in range(4 * player, 4 * player + 4):
                            s = pos[i]
                            if s < LOOP and all(pos[j] != pos[k] for j in range(4 * player, 4 * player + 4)):
                                p = list(pos)
                                p[i], p[k] = pos[k], s
                                out.append((SWAP, cards.C11, ((i, s, pos[k], pos[k]),), k, tuple(p)))
        return out


class SevenStartsPawn(SorryEngine):
    """A 7 may also take a pawn out of START: breaks SRY-START-CARDS."""

    name = "broken-seven-starts-pawn"

    def card_moves(self, cfg, pos, player, card):
        out = super().card_moves(cfg, pos, player, card)
        if card == cards.C7:
            out.extend(m for m in super().card_moves(cfg, pos, player, cards.C1)
                       if m[2][0][1] == START for m in [(m[0], cards.C7, m[2], m[3], m[4])])
        return out


class OvershootsHome(SorryEngine):
    """A count that goes past HOME stops in HOME: breaks SRY-HOME-EXACT."""

    name = "broken-overshoots-home"

    def __init__(self, choices=None):
        super().__init__(choices)
        self.rules.fwd = tuple(tuple(tuple(HOME if (d is None and sq < HOME) else d for d in row) for sq, row in enumerate(rows))
                               for rows in FWD)


class TwoDoesNotDrawAgain(SorryEngine):
    """After a 2 the turn passes on: breaks SRY-TWO-DRAW-AGAIN."""

    name = "broken-two-does-not-draw-again"

    def __init__(self, choices=None):
        super().__init__(choices)
        self.draw_again = frozenset()


class LandsOnOwnPawn(SorryEngine):
    """A pawn may land on its own colour, sending that pawn back to START: breaks SRY-OWN-PAWN-BLOCKS."""

    name = "broken-lands-on-own-pawn"

    def __init__(self, choices=None):
        super().__init__(choices)
        self.rules.own_blocks = False


class ElevenMustSwap(SorryEngine):
    """Never lets a player decline the 11's swap: breaks SRY-ELEVEN-FORFEIT (while declaring the official reading)."""

    name = "broken-eleven-must-swap"

    def __init__(self, choices=None):
        super().__init__(choices)
        self.eleven_optional = False


class TenGoesForwardOne(SorryEngine):
    """The 10's one step goes forward instead of back, while declaring the official back-one: breaks SRY-CARD-10."""

    name = "broken-ten-goes-forward-one"

    def __init__(self, choices=None):
        super().__init__(choices)
        self.rules.ten_back = False


class SorryCardNeverPlays(SorryEngine):
    """The Sorry! card never takes a pawn out of START onto an opponent: breaks SRY-SORRY-CARD."""

    name = "broken-sorry-card-never-plays"

    def __init__(self, choices=None):
        super().__init__(choices)
        self.rules.start_sorry = False


# ---------------------------------------------------------------- bugs only the multi-bug engines have


class ReshuffleKeepsTopCard(SorryEngine):
    """When the draw pile runs out, the card just played stays on the discard pile instead of
    going into the new draw pile: breaks SRY-RESHUFFLE."""

    name = "broken-reshuffle-keeps-top-card"

    def apply(self, state, action):
        after = super().apply(state, action)
        if after.phase == DRAW and state.phase not in (DRAW,) and sum(after.draw) > sum(state.draw):
            c = cards.INDEX[action["card"]]
            draw, disc = list(after.draw), list(after.disc)
            draw[c] -= 1
            disc[c] += 1
            after = SorryState(after.cfg, after.pos, tuple(draw), tuple(disc), after.card, after.hands, after.turn,
                               after.refill, after.phase, after.result)
        return after


class BumpsOnlyBySliding(SorryEngine):
    """A pawn that ends its count on an opponent without sliding leaves it there (only slides
    send pawns back): breaks SRY-BUMP."""

    name = "broken-bumps-only-by-sliding"

    def from_json(self, obj):
        """Loads the positions it makes itself (two pawns of different colours on a square)."""
        try:
            return super().from_json(obj)
        except MalformedError as exc:
            if "holds two pawns" not in str(exc):
                raise
        pawns = {c: list(row) for c, row in obj["pawns"].items()}
        seen, moved = set(), []
        for c, row in pawns.items():
            for k, sq in enumerate(row):
                if isinstance(sq, int) and sq in seen:
                    moved.append((c, k, sq))
                    row[k] = "start"
                seen.add(sq)
        st = super().from_json({**obj, "pawns": pawns})
        pos = list(st.pos)
        for c, k, sq in moved:
            pos[4 * st.cfg.names.index(c) + k] = sq
        st.pos = tuple(pos)
        return st

    def card_moves(self, cfg, pos, player, card):
        out = []
        for m in super().card_moves(cfg, pos, player, card):
            kind, c, subs, tgt, res = m
            if kind == MOVE and res is None:
                i, _f, dest, to = subs[0]
                p = list(pos)
                if dest == to:
                    p[i] = dest  # nobody is bumped
                else:
                    land(self.rules, cfg, p, i, dest)
                m = (kind, c, subs, tgt, tuple(p))
            out.append(m)
        return out


class SwapDoesNotSlide(SorryEngine):
    """After an 11 swap onto another colour's triangle the player's pawn stays there (slides are
    taken only after a count): breaks SRY-SWAP-SLIDE."""

    name = "broken-swap-does-not-slide"

    def card_moves(self, cfg, pos, player, card):
        out = super().card_moves(cfg, pos, player, card)
        if card != cards.C11:
            return out
        fixed = []
        for m in out:
            kind, c, subs, tgt, res = m
            if kind == SWAP and subs[0][2] != subs[0][3]:
                i, s, t, _to = subs[0]
                p = list(pos)
                p[tgt], p[i] = s, t
                m = (SWAP, c, ((i, s, t, t),), tgt, tuple(p))
            fixed.append(m)
        return fixed


# ---------------------------------------------------------------- multi-bug engines


class HastySafetyAndTurns(SwapsIntoSafetyZone, TwoDoesNotDrawAgain):
    """The 11 swaps with pawns in a safety zone (SRY-SAFETY-OWN-COLOUR) and a 2 passes the turn on
    (SRY-TWO-DRAW-AGAIN)."""

    name = "broken-hasty-safety-and-turns"


class CardKeeping(ReshuffleKeepsTopCard, ElevenMustSwap):
    """The reshuffle keeps the last card played on the discard pile (SRY-RESHUFFLE) and the 11's
    swap cannot be declined (SRY-ELEVEN-FORFEIT)."""

    name = "broken-card-keeping"


class LazyBumps(BumpsOnlyBySliding, NoBumpOnSlide):
    """Landing on a pawn does not bump it, an opponent's (SRY-BUMP) nor the partner's
    (SRY-TEAM-BUMP-PARTNER), and a slide bumps only the pawn at its end (SRY-SLIDE-BUMP)."""

    name = "broken-lazy-bumps"


class FirstDraftTurns(SwapDoesNotSlide, TwoDoesNotDrawAgain, ReshuffleKeepsTopCard):
    """A swap onto a triangle does not slide (SRY-SWAP-SLIDE), a 2 passes the turn on
    (SRY-TWO-DRAW-AGAIN), and the reshuffle keeps the last card played on the discard pile
    (SRY-RESHUFFLE)."""

    name = "broken-first-draft-turns"


BROKEN_MULTI = {
    "hasty_safety_and_turns": (HastySafetyAndTurns, ("SRY-SAFETY-OWN-COLOUR", "SRY-TWO-DRAW-AGAIN")),
    "card_keeping": (CardKeeping, ("SRY-RESHUFFLE", "SRY-ELEVEN-FORFEIT")),
    "lazy_bumps": (LazyBumps, ("SRY-BUMP", "SRY-SLIDE-BUMP", "SRY-TEAM-BUMP-PARTNER")),
    "first_draft_turns": (FirstDraftTurns, ("SRY-SWAP-SLIDE", "SRY-TWO-DRAW-AGAIN", "SRY-RESHUFFLE")),
}


BROKEN = {
    "slides_on_own_colour": (SlidesOnOwnColour, "SRY-SLIDE-OWN-COLOUR"),
    "no_bump_on_slide": (NoBumpOnSlide, "SRY-SLIDE-BUMP"),
    "swaps_into_safety_zone": (SwapsIntoSafetyZone, "SRY-SAFETY-OWN-COLOUR"),
    "seven_starts_pawn": (SevenStartsPawn, "SRY-START-CARDS"),
    "overshoots_home": (OvershootsHome, "SRY-HOME-EXACT"),
    "two_does_not_draw_again": (TwoDoesNotDrawAgain, "SRY-TWO-DRAW-AGAIN"),
    "lands_on_own_pawn": (LandsOnOwnPawn, "SRY-OWN-PAWN-BLOCKS"),
    "eleven_must_swap": (ElevenMustSwap, "SRY-ELEVEN-FORFEIT"),
    "ten_goes_forward_one": (TenGoesForwardOne, "SRY-CARD-10"),
    "sorry_card_never_plays": (SorryCardNeverPlays, "SRY-SORRY-CARD"),
}


def _factory(cls):
    def make(game="sorry", choices=None):
        if game != "sorry":
            raise ValueError(f"{cls.__name__} is a Sorry! engine, not {game}")
        return cls(choices)

    return make


make_slides_on_own_colour = _factory(SlidesOnOwnColour)
make_no_bump_on_slide = _factory(NoBumpOnSlide)
make_swaps_into_safety_zone = _factory(SwapsIntoSafetyZone)
make_seven_starts_pawn = _factory(SevenStartsPawn)
make_overshoots_home = _factory(OvershootsHome)
make_two_does_not_draw_again = _factory(TwoDoesNotDrawAgain)
make_lands_on_own_pawn = _factory(LandsOnOwnPawn)
make_eleven_must_swap = _factory(ElevenMustSwap)
make_ten_goes_forward_one = _factory(TenGoesForwardOne)
make_sorry_card_never_plays = _factory(SorryCardNeverPlays)
make_hasty_safety_and_turns = _factory(HastySafetyAndTurns)
make_card_keeping = _factory(CardKeeping)
make_lazy_bumps = _factory(LazyBumps)
make_first_draft_turns = _factory(FirstDraftTurns)
