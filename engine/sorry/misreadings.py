"""The catalogue of plausible misreadings of the Sorry! rules (``engine.misreading``).

Derived clause by clause from the rules' own decision points (``misreadings_moves.Reading``
lists them), never from broken engines: every number of a rule moved by one (a card's count,
where the safety zone, a slide or the START exit begins, the loop's seam, a limit), every order
reversed (the turn, the direction of play, the partners), every condition dropped, inverted or
widened (what blocks, what slides, who may be targeted, "must" read as "may"), a rule applied
early or late (the reshuffle, drawing again, the win), a variant option ignored or applied where
it is off, the setup and the deal off by one, scoring figures and how they aggregate, and what
points play hides. Each misreading is the reference engine under a ``Reading`` with one field
changed (``misreadings_engine.MisreadSorry``).
"""

from __future__ import annotations

from engine.misreading import Misreading
from engine.sorry.cards import C1, C2, C3, C4, C5, C7, C8, C10, C11, C12, CSORRY, ORDER
from engine.sorry.misreadings_engine import build
from engine.sorry.misreadings_moves import Reading

BASE, TEAM, POINTS = frozenset({"base"}), frozenset({"team"}), frozenset({"points"})
NOT_POINTS = frozenset({"base", "team"})
SIMPLE = {C1: 1, C2: 2, C3: 3, C5: 5, C8: 8, C12: 12}
NAMES = {c: ORDER[c] for c in range(len(ORDER))}
NAMES[CSORRY] = "Sorry! card"
WIN_CLAUSE = {"base": "SRY-WIN", "team": "SRY-TEAM-WIN", "points": "SRY-POINTS-WIN"}


def _m(mid: str, clause: str, words: str, source: str, also: tuple = (), **reading) -> Misreading:
    return Misreading(f"sorry:{mid}", clause, words, build(Reading(**reading)), source, also)


def _one(d: int) -> str:
    return "one more" if d > 0 else "one fewer"


def _late(d: int) -> str:
    return "one square late" if d > 0 else "one square early"


def counts() -> list[Misreading]:
    """Every card's count moved by one (SRY-CARD-*), the 4 read forward, the 10's back step."""
    out = []
    for c, n in SIMPLE.items():
        for d in (-1, 1):
            if n + d > 0:
                out.append(_m(f"card-{ORDER[c]}{d:+d}", f"SRY-CARD-{ORDER[c]}",
                              f"the {ORDER[c]} moves {n + d} squares instead of {n}", "parameter", steps=((c, n + d),)))
    for d in (-1, 1):
        out.append(_m(f"card-4{d:+d}", "SRY-CARD-4", f"the 4 moves {4 + d} squares backward", "parameter", four=-4 - d))
        out.append(_m(f"card-7{d:+d}", "SRY-CARD-7", f"the 7 moves {7 + d} squares (whole or split)", "parameter",
                      seven=7 + d))
        out.append(_m(f"card-10{d:+d}", "SRY-CARD-10", f"the 10 moves {10 + d} squares forward", "parameter", ten=10 + d))
        out.append(_m(f"card-11{d:+d}", "SRY-CARD-11", f"the 11 moves {11 + d} squares forward", "parameter",
                      eleven=11 + d))
    for c in (C1, C2):
        out.append(_m(f"card-{ORDER[c]}-start-only", f"SRY-CARD-{ORDER[c]}",
                      f"the {ORDER[c]} only takes a pawn out of START, it never moves a pawn on the board",
                      "enumeration", steps=((c, 0),)))
    out.append(_m("card-4-forward", "SRY-CARD-4", "the 4 moves four squares forward instead of backward", "order", four=4))
    out.append(_m("card-10-back-two", "SRY-CARD-10", "the 10's step back is two squares", "parameter", ten_back=2))
    out.append(_m("card-10-no-back", "SRY-CARD-10", "the 10 has no step back: only ten forward", "enumeration",
                  ten_back=0))
    out.append(_m("card-10-back-only-when-stuck", "SRY-CARD-10",
                  "the 10 steps back one only when no pawn can go ten forward", "condition", ten_back_only=True))
    out.append(_m("card-11-no-forward", "SRY-CARD-11", "the 11 only swaps, it never moves eleven forward", "enumeration",
                  eleven_forward=False))
    out.append(_m("card-11-no-swap", "SRY-CARD-11", "the 11 never swaps, it only moves eleven forward", "enumeration",
                  eleven_swap=False))
    return out


def sevens() -> list[Misreading]:
    """The 7's split (SRY-CARD-7, SRY-SEVEN-HOME-SPLIT, SRY-TEAM-SEVEN)."""
    return [
        _m("team-seven-one-colour", "SRY-TEAM-SEVEN", "in team play a 7 is split only between the player's own pawns",
           "condition", modes=TEAM, partner_seven=False),
        _m("seven-no-split", "SRY-CARD-7", "the 7 cannot be split between two pawns", "enumeration", seven_split=False),
        _m("seven-partial", "SRY-CARD-7", "a split 7 need not use all seven squares", "quantifier", seven_partial=True),
        _m("seven-one-order", "SRY-CARD-7", "a split 7 is only offered with the lower pawn moving first",
           "order", seven_one_order=True),
        _m("seven-both-orders", "SRY-CARD-7", "a split 7 is offered in both orders even when they end the same",
           "enumeration", seven_both_orders=True),
        _m("seven-home-rest-dropped", "SRY-SEVEN-HOME-SPLIT",
           "a pawn may go HOME with part of a 7 and the rest of the 7 is dropped", "condition", seven_home_rest=True),
        _m("seven-no-home", "SRY-SEVEN-HOME-SPLIT", "a split 7 may not bring a pawn HOME", "condition",
           seven_no_home=True),
    ]


def starts() -> list[Misreading]:
    """Leaving START (SRY-START-CARDS, SRY-START-ONE, SRY-START-TWO, SRY-TEAM-START)."""
    out = [
        _m("start-two-past-exit", "SRY-START-TWO", "a pawn started with a 2 goes one square past its start circle",
           "parameter", start_extra=((C2, 1),)),
        _m("start-no-one", "SRY-START-ONE", "a 1 cannot take a pawn out of START", "enumeration",
           start_cards=frozenset({C2})),
        _m("start-no-two", "SRY-START-TWO", "a 2 cannot take a pawn out of START", "enumeration",
           start_cards=frozenset({C1})),
    ]
    out.append(_m("start-every-pawn", "SRY-START-CARDS", "a start offers every pawn in START separately, not one for all",
                  "enumeration", every_start_pawn=frozenset({"start"})))
    for d in (-1, 1):
        out.append(_m(f"start-exit{d:+d}", "SRY-START-ONE",
                      f"a pawn leaves START onto the square {'after' if d > 0 else 'before'} its start circle",
                      "geometry", exit_shift=d))
    for c in (C3, C4, C5, C7, C8, C10, C11, C12):
        out.append(_m(f"start-with-{ORDER[c]}", "SRY-START-CARDS", f"a {ORDER[c]} also takes a pawn out of START",
                      "condition", start_cards=frozenset({C1, C2, c})))
    out.append(_m("start-with-any", "SRY-START-CARDS", "any numbered card takes a pawn out of START",
                  "quantifier", start_cards=frozenset({C1, C2, C3, C4, C5, C7, C8, C10, C11, C12})))
    out.append(_m("start-with-every-card", "SRY-START-CARDS",
                  "every card, the Sorry! card too, takes a pawn out of START onto its exit",
                  "quantifier", start_cards=frozenset({C1, C2, C3, C4, C5, C7, C8, C10, C11, C12, CSORRY})))
    return out


def geometry() -> list[Misreading]:
    """Where zones and slides lie and which way pawns go (SRY-SAFETY-ZONE, SRY-CLOCKWISE, SRY-BACKWARD,
    SRY-SAFETY-BACKWARD, SRY-SAFETY-OWN-COLOUR, SRY-HOME-EXACT, SRY-SLIDE-ANY-CARD)."""
    out = [
        _m("zone-four", "SRY-SAFETY-ZONE", "the safety zone has four squares: HOME comes one step early", "parameter",
           zone_len=4),
        _m("counter-clockwise", "SRY-CLOCKWISE", "pawns move counter-clockwise", "order", reverse=True),
        _m("no-shortcut", "SRY-BACKWARD-SHORTCUT",
           "a pawn just behind its safety-zone entry goes round the board again instead of turning in", "condition",
           shortcut=False),
        _m("zone-any-entry", "SRY-SAFETY-OWN-COLOUR", "a pawn turns into its safety zone at any colour's zone entry",
           "condition", turn_any_colour=True),
        _m("zone-no-back-out", "SRY-SAFETY-BACKWARD", "a pawn in the safety zone cannot move backward out of it",
           "condition", back_out=None),
        _m("home-overshoot-stops", "SRY-HOME-EXACT", "a count past HOME stops in HOME (no exact count needed)",
           "condition", overshoot="stop"),
        _m("home-overshoot-bounces", "SRY-HOME-EXACT", "a count past HOME bounces back into the safety zone",
           "condition", overshoot="bounce"),
        _m("home-backward", "SRY-HOME-EXACT", "a pawn in HOME can be moved backward out of it", "condition",
           home_backward=True),
    ]
    for d in (-1, 1):
        out.append(_m(f"zone-entry{d:+d}", "SRY-SAFETY-ZONE", f"the safety zone is entered {_late(d)}", "geometry",
                      turn_shift=d))
        out.append(_m(f"zone-back-out{d:+d}", "SRY-SAFETY-BACKWARD",
                      f"a pawn backing out of the safety zone lands one square {'after' if d > 0 else 'before'} its zone entry",
                      "geometry", back_out=d))
        out.append(_m(f"seam-forward{d:+d}", "SRY-CLOCKWISE",
                      "a forward move from square 58 wraps to square 0" if d < 0
                      else "a forward move from square 59 skips square 0", "geometry", seam_fwd=d))
        out.append(_m(f"seam-backward{d:+d}", "SRY-BACKWARD",
                      "a backward move from square 0 skips square 59" if d < 0
                      else "a backward move from square 1 skips square 0", "geometry", seam_bwd=d))
    for k, which in ((0, "first (short)"), (1, "second (long)")):
        for end in ("start", "end"):
            for d in (-1, 1):
                out.append(_m(f"slide{k + 1}-{end}{d:+d}", "SRY-SLIDE-ANY-CARD",
                              f"each colour's {which} slide {'starts' if end == 'start' else 'ends'} {_late(d)}",
                              "geometry", slide_shift=((k, end, d),)))
    for end in ("start", "end"):
        for d in (-1, 1):
            out.append(_m(f"slides-{end}{d:+d}", "SRY-SLIDE-ANY-CARD",
                          f"every slide {'starts' if end == 'start' else 'ends'} {_late(d)}", "geometry",
                          slide_shift=((0, end, d), (1, end, d))))
    return out


def landing() -> list[Misreading]:
    """What a landing does (SRY-BUMP, SRY-OWN-PAWN-BLOCKS, SRY-JUMP, SRY-SAFETY-NORMAL-RULES, SRY-SLIDE-*)."""
    return [
        _m("bump-blocked", "SRY-BUMP", "a pawn cannot land on an opponent's pawn", "condition", bump="blocked"),
        _m("bump-back", "SRY-BUMP", "a bumped pawn goes to the square the bumping pawn came from", "condition",
           bump="back"),
        _m("zone-shared", "SRY-SAFETY-NORMAL-RULES", "two pawns of one colour may share a safety-zone square",
           "condition", own_blocks="loop"),
        _m("zone-jump-blocks", "SRY-SAFETY-NORMAL-RULES", "in the safety zone a pawn cannot jump over its own pawns",
           "condition", jump="zone"),
        _m("own-pawn-bumped", "SRY-OWN-PAWN-BLOCKS", "a pawn may land on its own pawn, which goes back to START",
           "condition", own_blocks="none"),
        _m("jump-own-blocks", "SRY-JUMP", "a pawn cannot jump over its own pawns", "condition", jump="own"),
        _m("jump-any-blocks", "SRY-JUMP", "a pawn cannot jump over other pawns", "condition", jump="any"),
        _m("jump-own-blocks-board", "SRY-JUMP", "a pawn cannot jump over its own pawns, a split 7's two counts "
           "each judged on the board before the card", "condition", jump="own", jump_before_split=True),
        _m("jump-any-blocks-board", "SRY-JUMP", "a pawn cannot jump over other pawns, a split 7's two counts "
           "each judged on the board before the card", "condition", jump="any", jump_before_split=True),
        _m("slide-own-colour", "SRY-SLIDE-OWN-COLOUR", "a pawn slides on its own colour's triangles too", "condition",
           slide_colours="all"),
        _m("no-slides", "SRY-SLIDE-ANY-CARD", "pawns never slide", "condition", slide_colours="none"),
        _m("no-slide-backward", "SRY-SLIDE-ANY-CARD", "a pawn moved backward onto a triangle does not slide",
           "condition", no_slide_after=frozenset({"backward"})),
        _m("no-slide-forward", "SRY-SLIDE-ANY-CARD", "only a backward move onto a triangle slides", "condition",
           no_slide_after=frozenset({"forward"})),
        # the Sorry! card's own sentence says its pawn slides on (the specific clause names it)
        _m("no-slide-sorry", "SRY-SORRY-CARD", "a pawn placed by a Sorry! card does not slide", "condition",
           no_slide_after=frozenset({"sorry"}), also=("SRY-SLIDE-ANY-CARD",)),
        _m("no-slide-swap", "SRY-SWAP-SLIDE", "a pawn swapped onto a triangle does not slide", "condition",
           no_slide_after=frozenset({"swap"})),
        _m("slide-bumps-end", "SRY-SLIDE-BUMP", "a slide bumps only the pawn on its last square", "condition",
           slide_bumps="end"),
    ]


def targets() -> list[Misreading]:
    """Whom the 11 and the Sorry! card may target, and the partners (SRY-SORRY-*, SRY-TEAM-*)."""
    return [
        _m("sorry-any-pawn", "SRY-SORRY-CARD", "the Sorry! card moves any own pawn, not only one from START",
           "condition", sorry_any_pawn=True),
        _m("swap-into-zone", "SRY-SAFETY-OWN-COLOUR", "the 11 swaps with a pawn in its safety zone", "condition",
           swap_zone=True),
        _m("sorry-into-zone", "SRY-SAFETY-OWN-COLOUR", "the Sorry! card takes the square of a pawn in its safety zone",
           "condition", sorry_zone=True),
        _m("sorry-never-plays", "SRY-SORRY-CARD", "the Sorry! card never takes a pawn out of START: it is always forfeited",
           "enumeration", sorry_card=False),
        _m("sorry-every-start-pawn", "SRY-SORRY-CARD",
           "the Sorry! card offers every pawn in START separately, not one for all", "enumeration",
           every_start_pawn=frozenset({"sorry"})),
        _m("sorry-starts-without-target", "SRY-SORRY-FORFEIT",
           "without a target the Sorry! card takes a pawn out of START onto its circle", "condition",
           sorry_exit_fallback=True),
        _m("sorry-optional", "SRY-SORRY-FORFEIT", "the Sorry! card may be forfeited even when it has a target",
           "condition", forfeit_cards=frozenset({CSORRY})),
        _m("eleven-always-optional", "SRY-ELEVEN-FORFEIT",
           "the 11 may be forfeited even when a pawn can go eleven forward", "condition", forfeit_cards=frozenset({C11})),
        _m("team-sorry-partner-optional", "SRY-TEAM-SORRY-PARTNER",
           "a Sorry! card whose only target is the partner's pawn may be forfeited", "condition", modes=TEAM,
           sorry_partner_optional=True),
        _m("team-sorry-not-partner", "SRY-TEAM-SORRY-PARTNER", "the Sorry! card may not take the partner's square",
           "condition", modes=TEAM, sorry_partner=False),
        _m("team-swap-partner", "SRY-TEAM-BUMP-PARTNER", "in team play the 11 also swaps with the partner's pawns",
           "condition", modes=TEAM, swap_partner=True),
        _m("team-partner-blocks", "SRY-TEAM-BUMP-PARTNER", "a partner's pawn blocks a landing like one's own",
           "condition", modes=TEAM, partner_blocks=True),
        _m("team-start-own-only", "SRY-TEAM-START", "in team play start cards start only the player's own pawns",
           "condition", modes=TEAM, partner_start=False),
        _m("team-rotated", "SRY-TEAM-PARTNERS", "red and blue are partners (and yellow and green)", "order",
           modes=TEAM, partners="rotated"),
        _m("team-ignored", "SRY-TEAM-PARTNERS", "team play is played as the base game (no partners)", "variant",
           modes=TEAM, partners="none"),
        _m("team-own-pawns-only", "SRY-TEAM-PARTNERS", "in team play a player moves only pawns of its own colour",
           "condition", modes=TEAM, partner_moves=False),
    ]


def turns() -> list[Misreading]:
    """The turn (SRY-MUST-MOVE, SRY-TWO-DRAW-AGAIN, SRY-TURN-ORDER, SRY-DRAW-*, SRY-RESHUFFLE, the win)."""
    out = [
        _m("may-forfeit", "SRY-MUST-MOVE", "a player may forfeit the card even when a move is possible", "condition",
           modes=NOT_POINTS, may_forfeit=True),
        _m("forfeit-only-all-start", "SRY-MUST-MOVE",
           "a card that cannot move is forfeited only when every pawn is in START", "condition", modes=NOT_POINTS,
           forfeit_all_start_only=True),
        _m("points-may-discard", "SRY-POINTS-DISCARD", "a card may be discarded even when one of the hand can move",
           "condition", modes=POINTS, may_forfeit=True),
        _m("points-discard-first", "SRY-POINTS-DISCARD", "with no move only the hand's first card may be discarded",
           "enumeration", modes=POINTS, discard_one=True),
        _m("points-discard-not-replaced", "SRY-POINTS-DISCARD", "a card discarded for want of a move is not "
           "replaced: the hand shrinks by one", "condition", modes=POINTS, forfeit_refill=False),
        _m("two-no-again", "SRY-TWO-DRAW-AGAIN", "the 2 does not give another draw", "condition",
           draw_again=frozenset()),
        _m("three-again", "SRY-TWO-DRAW-AGAIN", "the 3 gives another draw instead of the 2", "parameter",
           draw_again=frozenset({C3})),
        Misreading("sorry:two-again-if-played", "SRY-FAQ-OWN-PAWN", "a forfeited 2 does not give another draw",
                   build(Reading(again_on_forfeit=False)), "condition", ("SRY-TWO-DRAW-AGAIN",)),
        _m("no-start-draws-again", "SRY-NO-START-FORFEIT",
           "with every pawn in START the player draws again instead of losing the turn", "condition",
           no_start_forfeit="again"),
        _m("no-start-card-back", "SRY-NO-START-FORFEIT",
           "with every pawn in START the unplayable card goes back to the draw pile", "condition",
           no_start_forfeit="keep"),
        _m("card-not-discarded", "SRY-DRAW-AND-MOVE", "the played card is not put on the discard pile", "condition",
           discard="lost"),
        _m("card-back-to-pile", "SRY-DRAW-AND-MOVE", "the played card goes back to the draw pile", "condition",
           discard="pile"),
        _m("draw-replaced", "SRY-DRAW-PILE", "a drawn card stays in the draw pile", "condition", draw_replaced=True),
        _m("reshuffle-early", "SRY-RESHUFFLE", "the discard pile is shuffled in while one card is still left",
           "timing", reshuffle_at=1),
        _m("reshuffle-never", "SRY-RESHUFFLE", "the discard pile is not shuffled in when the draw pile runs out",
           "timing", reshuffle_at=-1),
        _m("turn-counter-clockwise", "SRY-TURN-ORDER", "the turn passes to the right (counter-clockwise)", "order",
           turn_step=-1),
        _m("turn-skips", "SRY-TURN-ORDER", "the turn passes two seats on", "parameter", turn_step=2),
        _m("team-win-one-colour", "SRY-TEAM-WIN", "a team wins as soon as one of its colours has all four pawns HOME",
           "quantifier", modes=TEAM, team_win_colour=True),
        _m("team-winner-mover", "SRY-TEAM-WIN", "only the mover's colour is named winner in team play", "quantifier",
           modes=TEAM, team_winners_mover=True),
    ]
    for mode, clause in WIN_CLAUSE.items():
        out.append(_m(f"win-three-{mode}", clause, f"three pawns HOME win ({mode} play)", "parameter",
                      modes=frozenset({mode}), win_count=3))
        out.append(_m(f"win-missed-{mode}", clause, f"the game goes on when a side has all its pawns HOME ({mode} play)",
                      "condition", modes=frozenset({mode}), win_detected=False))
    return out


def setup() -> list[Misreading]:
    """The setup and the deal (SRY-PLAYERS, SRY-FIRST-PLAYER, SRY-REMATCH, SRY-QUICK-START, SRY-DECK,
    SRY-POINTS-DEAL)."""
    out = [
        _m("seats-opposite", "SRY-SETUP", "two players play opposite colours (red and yellow) when none are named",
           "geometry", seats="opposite"),
        _m("seats-counter", "SRY-SETUP", "colours are taken counter-clockwise from red when none are named", "order",
           seats="counter"),
        _m("first-ignored", "SRY-FIRST-PLAYER", "the configured first player is ignored: the first colour starts",
           "variant", first_ignored=True),
        _m("rematch-ignored", "SRY-REMATCH", "in a rematch the previous winner does not start", "variant",
           rematch="ignored"),
        _m("rematch-next", "SRY-REMATCH", "in a rematch the player after the previous winner starts", "order",
           rematch="next"),
        _m("quick-ignored", "SRY-QUICK-START", "the quick start is ignored: all pawns begin in START", "variant",
           quick="never"),
        _m("quick-always", "SRY-QUICK-START", "every game starts with one pawn on the start circle", "variant",
           quick="always"),
        _m("quick-two", "SRY-QUICK-START", "the quick start puts two pawns out of START", "parameter", quick="two"),
        _m("quick-circle-1", "SRY-QUICK-START", "the quick start's pawn stands one square before its start circle",
           "geometry", quick_shift=-1),
        _m("quick-circle+1", "SRY-QUICK-START", "the quick start's pawn stands one square past its start circle",
           "geometry", quick_shift=1),
    ]
    for n in (2, 4):
        out.append(_m(f"players-not-{n}", "SRY-PLAYERS", f"a game of {n} players is refused", "parameter",
                      reject_players=frozenset({n})))
    for d in (-1, 1):
        out.append(_m(f"first{d:+d}", "SRY-FIRST-PLAYER",
                      f"the player to the {'left' if d > 0 else 'right'} of the chosen first player starts", "order",
                      first_shift=d))
        out.append(_m(f"hand{d:+d}", "SRY-POINTS-DEAL", f"points play deals {5 + d} cards a hand", "parameter",
                      modes=POINTS, hand_delta=d))
        for c in range(len(ORDER)):
            if c == C1 and d < 0:
                continue  # four 1s is the first edition (choice sorry.deck)
            out.append(_m(f"deck-{ORDER[c]}{d:+d}", "SRY-DECK", f"the deck has {_one(d)} {NAMES[c]}", "parameter",
                          deck_delta=((c, d),)))
    return out


def points() -> list[Misreading]:
    """Points play: the hand, what is hidden, the score (SRY-POINTS-PLAY, SRY-POINTS-SCORE, SRY-POINTS-WINNER-BONUS)."""
    out = [
        _m("points-no-draw-again", "SRY-POINTS-RULES", "in points play the 2 does not give another draw", "variant",
           modes=POINTS, draw_again=frozenset()),
        _m("points-no-refill", "SRY-POINTS-PLAY", "in points play the played card is not replaced", "condition",
           modes=POINTS, refill="none"),
        _m("points-refill-next", "SRY-POINTS-PLAY", "the next player draws the replacement card", "order",
           modes=POINTS, refill="next"),
        _m("points-hands-shown", "SRY-POINTS-PLAY", "in points play every hand is shown to all", "condition",
           modes=POINTS, show=frozenset({"hands"})),
        _m("points-pile-shown", "SRY-POINTS-PLAY", "in points play the draw pile is shown", "condition",
           modes=POINTS, show=frozenset({"draw_pile"})),
        _m("points-draw-shown", "SRY-POINTS-PLAY", "in points play the pending draw shows its pool", "condition",
           modes=POINTS, show=frozenset({"chance"})),
        _m("points-own-hidden", "SRY-POINTS-PLAY", "in points play a player's own hand is hidden from it", "condition",
           modes=POINTS, show=frozenset({"own-hidden"})),
        _m("score-winner-only", "SRY-POINTS-SCORE", "only the winner scores for pawns HOME", "quantifier",
           modes=POINTS, score_winner_only=True),
        _m("bonus-per-home", "SRY-POINTS-WINNER-BONUS", "the winner scores per opponent pawn HOME, not per pawn not HOME",
           "condition", modes=POINTS, opponent_counts_home=True),
        _m("bonus-sum", "SRY-POINTS-WINNER-BONUS",
           "the bonus counts all opponents' pawns HOME together, not the most of any one opponent", "aggregate",
           modes=POINTS, bonus_of="sum"),
        _m("bonus-none", "SRY-POINTS-WINNER-BONUS", "the winner scores no bonus for opponents with few pawns HOME",
           "condition", modes=POINTS, bonus_of="none"),
    ]
    for d in (-1, 1):
        out.append(_m(f"score-home{d:+d}", "SRY-POINTS-SCORE", f"a pawn HOME scores {5 + d} points", "parameter",
                      modes=POINTS, per_home=5 + d))
        out.append(_m(f"score-opponent{d:+d}", "SRY-POINTS-WINNER-BONUS",
                      f"the winner scores {5 + d} per opponent pawn not HOME", "parameter", modes=POINTS,
                      per_opponent=5 + d))
        out.append(_m(f"bonus-threshold{d:+d}", "SRY-POINTS-WINNER-BONUS",
                      f"each bonus threshold is read one pawn {'higher' if d > 0 else 'lower'}", "parameter",
                      modes=POINTS, bonus_shift=d))
    return out


def misreadings() -> list[Misreading]:
    """The whole catalogue (the choices' other options are added by ``engine.misreading.catalogue``).

    Narrow readings come first (points play's own readings last: agreements in the other modes tell
    them from the readings of every mode): diagnosis breaks a tie between misreadings that explain the same
    findings by catalogue order, and the reading that changes fewer positions is the better guess
    (a partner's pawn that may not start before "a 1 never starts", a zone entry before a card's count)."""
    return sevens() + targets() + turns() + starts() + landing() + geometry() + counts() + setup() + points()
