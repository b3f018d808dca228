"""Provenance of what one player sees: ``engine.observation(state, player)`` part by part.

The observation (``engine.dnup.describe.observation``) is the canonical state with three
things hidden and one added:

- the other players' hands: ``None`` (DNP-HIDDEN-HAND: "niet aan anderen laten zien");
  only their sizes show, in ``/hand_sizes``; one's own hand shows every card with its side;
- the discard pile: only its size, ``/discard_size`` (DNP-DISCARD-OWN-SET: a face-down
  pile, "gedekte aflegstapel"); a leaking engine would show ``/discard``;
- a pending deal: only the event, ``/chance/event`` (DNP-DEAL: the cards are shuffled,
  the outcome is not known before it happens);
- ``/observer``: whose view it is.

Sets on the table lie face up (DNP-ACTION-A: "leg die open voor je neer"), cards showing
their active values. Every other part (letters, rounds won, who is out, whose turn, the
deck table, the cards out of play) is public and shown as in the state: no rule hides it,
so its effect names no clause (a difference there is a state difference, blamed through
the transition that made it).
"""

from __future__ import annotations

from engine.provenance import Effect

HIDDEN = "DNP-HIDDEN-HAND"
FACE_DOWN = "DNP-DISCARD-OWN-SET"
PUBLIC = ("game", "players", "deck", "removed", "turn_cap", "round", "turn", "to_move", "area", "start_player",
          "out", "leaving", "tokens", "rounds_won", "result", "observer")


def observation_effects(state_json: dict, player: int) -> list[Effect]:
    """One effect per part of ``player``'s observation of ``state_json`` (canonical JSON)."""
    out: list[Effect] = []
    n = state_json["players"]
    if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < n:
        return out
    for q in range(n):
        if q == player:
            out.append(Effect(f"/hands/{q}", (HIDDEN,), "one's own hand: every card, with the side it shows"))
        else:
            out.append(Effect(f"/hands/{q}", (HIDDEN,), f"player {q}'s hand is hidden from player {player}"))
    out.append(Effect("/hand_sizes", (HIDDEN,), "only the size of the other hands shows"))
    out.append(Effect("/discard", (FACE_DOWN,), "the discard pile lies face down: its cards are not shown"))
    out.append(Effect("/discard_size", (FACE_DOWN,), "the discard pile lies face down: only its size shows"))
    if state_json.get("chance") is not None:
        out.append(Effect("/chance", ("DNP-DEAL",), "the deal is pending: its outcome is not known yet"))
    else:
        out.append(Effect("/chance", (), "no chance event is pending"))
    sets = state_json.get("sets") or []
    if any(cs for areas in sets for cs in areas):
        out.append(Effect("/sets", ("DNP-ACTION-A",), "sets lie face up on the table, active values showing"))
    else:
        out.append(Effect("/sets", (), "no set on the table"))
    for f in PUBLIC:
        out.append(Effect("/" + f, (), "public: shown as in the state"))
    return out
