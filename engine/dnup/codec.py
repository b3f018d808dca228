"""Canonical JSON of a Dnup state (specs/dnup/state.schema.json) and loading it back.

::

    {"game": "dnup", "players": 3, "deck": "assumed" | [card, ...], "removed": [id, ...],
     "turn_cap": null | int, "round": 1, "turn": 0,
     "chance": null | {deal}, "to_move": p | "chance" | null, "area": 1 | 2 | null,
     "start_player": p | null,
     "hands": [[[id, flipped], ...] per player], "sets": [[[[id, flipped], ...] per area] per player],
     "discard": [id, ...], "out": [p, ...], "leaving": null | {"player": p, "turns_left": k},
     "tokens": [int per player], "rounds_won": [int per player], "result": null | {...}}

Cards are sorted by id everywhere. ``deck`` is ``"assumed"`` for the spec's deck.json and
the full card list otherwise. A card is ``[id, flipped]``: ``flipped`` false means the
card's ``values[0]`` is the active value.

``from_json`` checks the schema, then everything the rules imply (each card in one place,
one active value per set, no two sets of equal size unless the reading allows it, the
player to move has discarded their set, ...) and raises MalformedError naming the field
and, where a rule is concerned, the clause.
"""

from __future__ import annotations

import functools

from engine.dnup.cards import canonical_deck, default_deck, parse_deck
from engine.dnup.json_parts import parts
from engine.dnup.state import CHANCE, OVER, Game, State
from engine.canonical import copy_json, dumps, first_float
from engine.errors import MalformedError


def to_json(s: State) -> dict:
    """A fresh canonical object (built on demand; never shared with the caller: only the
    immutable parts of ``json_parts`` are kept between calls)."""
    g = s.g
    jp = g.json_parts
    if jp is None or jp.game is not g:
        jp = parts(g)
    names, flips, mask = jp.names, jp.flips, jp.mask
    held = 0  # the cards in hands and sets: not discarded
    for cs in s.hands:
        if cs:
            held |= mask(cs)
    a = g.areas
    sets = s.sets
    sets_json = []  # per player, per area; an empty set (the usual) without a comprehension's frame
    for p in range(g.players):
        mine = []
        for cs in sets[p * a:p * a + a]:
            if cs:
                held |= mask(cs)
                mine.append([[names[c], flips[c]] for c in cs])
            else:
                mine.append([])
        sets_json.append(mine)
    to_move = s.to_move
    return {
        "game": "dnup",
        "players": g.players,
        "deck": g.deck_json if isinstance(g.deck_json, str) else g.deck.to_json(),
        "removed": list(jp.removed),
        "turn_cap": g.turn_cap,
        "round": s.round,
        "turn": s.turn,
        "chance": copy_json(g.deal_chance) if to_move == CHANCE else None,
        "to_move": "chance" if to_move == CHANCE else None if to_move == OVER else to_move,
        "area": s.area if to_move >= 0 else None,
        "start_player": s.start if s.start >= 0 else None,
        "hands": [[[names[c], flips[c]] for c in cs] for cs in s.hands],
        "sets": sets_json,
        "discard": jp.discard(held),
        "out": list(s.out),
        "leaving": None if s.leaving is None else {"player": s.leaving[0], "turns_left": s.leaving[1]},
        "tokens": list(s.tokens),
        "rounds_won": list(s.wins),
        "result": None if s.result is None else dict(s.result),
    }


#: decks of states read so far, by their canonical text (a user deck is read once, not per state)
_STATE_DECKS: dict[str, object] = {}
_STATE_DECKS_KEPT = 64


def state_deck(value):
    """The deck a state lists (DNP-DECK), read and checked once per distinct deck: a state's deck is
    the same list on every state of its game. Raises MalformedError like ``parse_deck``."""
    key = dumps(value, no_nan=True)  # the caller has refused floats already
    deck = _STATE_DECKS.get(key)
    if deck is None:
        deck = canonical_deck(parse_deck(value, "state 'deck'", error=MalformedError))
        if len(_STATE_DECKS) < _STATE_DECKS_KEPT:
            _STATE_DECKS[key] = deck
    return deck


@functools.cache
def _games_cache() -> dict:
    return {}


def game_for(deck, players: int, turn_cap, consequence: bool) -> Game:
    """One shared ``Game`` per (deck, players, cap, reading)."""
    cache = _games_cache()
    key = (deck.ids, deck.values, deck.marks, deck.source, players, turn_cap, consequence)
    g = cache.get(key)
    if g is None:
        g = cache[key] = Game(deck, players, turn_cap, consequence)
    return g


def from_json(obj, consequence: bool) -> State:
    import specs

    if not isinstance(obj, dict):
        raise MalformedError(f"a Dnup state is a JSON object, got {type(obj).__name__}")
    errors = specs.validate_state("dnup", obj)
    if errors:
        where, _, msg = errors[0].partition(": ")
        raise MalformedError(f"not a canonical Dnup state: {msg}", path=where)
    bad_number = first_float(obj)
    if bad_number is not None:
        raise MalformedError(f"numbers in a Dnup state are integers, got {bad_number[1]!r}", path=bad_number[0])
    players = obj["players"]
    deck = default_deck() if obj["deck"] == "assumed" else state_deck(obj["deck"])
    g = game_for(deck, players, obj["turn_cap"], consequence)
    ids = deck.ids
    idx = g.id_index

    def bad(msg, path=None):
        raise MalformedError(msg, path=path)

    if obj["removed"] != [ids[i] for i in g.removed]:
        bad(f"with {players} players the removed cards are {[ids[i] for i in g.removed]} "
            "(star-disc sets, DNP-SETUP-4/DNP-SETUP-3/DNP-TWO-SETUP)", "removed")
    for f in ("hands", "tokens", "rounds_won"):
        if len(obj[f]) != players:
            bad(f"'{f}' must have one entry per player ({players}), got {len(obj[f])}", f)
    if len(obj["sets"]) != players or any(len(x) != g.areas for x in obj["sets"]):
        bad(f"'sets' must list {g.areas} area(s) for each of the {players} players", "sets")
    where_is: dict[str, str] = {}

    def place(cid, where):
        if cid not in idx:
            bad(f"there is no card {cid!r} in this deck", where)
        if cid in where_is:
            bad(f"card {cid} is in two places ({where_is[cid]} and {where}); every card is in exactly one place", where)
        where_is[cid] = where

    def oriented(cards, where):
        out = []
        for k, (cid, flip) in enumerate(cards):
            place(cid, f"{where}/{k}")
            out.append(2 * idx[cid] + (1 if flip else 0))
        if [c for c in cards] != sorted(cards, key=lambda x: x[0]):
            bad("cards must be sorted by id (canonical order)", where)
        return tuple(sorted(out))

    hands = tuple(oriented(h, f"hands/{p}") for p, h in enumerate(obj["hands"]))
    sets = []
    for p, areas in enumerate(obj["sets"]):
        for k, cs in enumerate(areas):
            t = oriented(cs, f"sets/{p}/{k}")
            if t and len({g.val[c] for c in t}) != 1:
                bad(f"[DNP-SET] the set of player {p} (area {k + 1}) shows active values "
                    f"{sorted({g.val[c] for c in t})}; a set has one active value", f"sets/{p}/{k}")
            sets.append(t)
    sets = tuple(sets)
    for k, cid in enumerate(obj["discard"]):
        place(cid, f"discard/{k}")
    if obj["discard"] != sorted(obj["discard"]):
        bad("the discard pile must be sorted by id (canonical order)", "discard")
    for k, cid in enumerate(obj["removed"]):
        place(cid, f"removed/{k}")
    missing = [cid for cid in ids if cid not in where_is]
    if missing:
        bad(f"card(s) {missing[:5]} are nowhere; every card is in a hand, a set, the discard pile or removed", "discard")
    _check_sizes(g, sets, consequence)
    to_move = obj["to_move"]
    result = obj["result"]
    out = tuple(obj["out"])
    tokens, wins = tuple(obj["tokens"]), tuple(obj["rounds_won"])
    leaving = obj["leaving"]
    start = obj["start_player"]
    if start is not None and start >= players:
        bad(f"'start_player' {start} is not a player", "start_player")
    if len(set(out)) != len(out) or any(p >= players for p in out):
        bad(f"'out' must list distinct players, got {list(out)}", "out")
    if result is not None:
        if to_move is not None or obj["chance"] is not None:
            bad("a finished game has to_move null and chance null", "to_move")
        w = result.get("winner")
        if w is not None and w >= players:
            bad(f"result winner {w} is not a player", "result/winner")
        t = OVER
        area = 0
    elif to_move == "chance":
        if obj["chance"] != g.deal_chance:
            bad("the pending chance event must be the deal of every card in play (DNP-DEAL)", "chance")
        if any(hands) or any(sets) or out or leaving is not None:
            bad("while a deal is pending every card in play is in the discard pile and nobody is out", "hands")
        t, area = CHANCE, 0
    elif to_move is None:
        bad("to_move is null but the game has no result", "to_move")
    else:
        t, area = to_move, obj["area"]
        if t >= players:
            bad(f"'to_move' {t} is not a player", "to_move")
        if obj["chance"] is not None:
            bad("a chance event is pending but a player is to move", "chance")
        if area is None or area > g.areas:
            bad(f"'area' must be {'1 or 2' if g.areas == 2 else '1'} while a player is to move", "area")
        if sets[g.slot(t, area)]:
            bad(f"[DNP-DISCARD-OWN-SET] player {t} is to move but still has a set in area {area}; "
                "a turn starts by discarding it", f"sets/{t}/{area - 1}")
        if t in out:
            bad(f"player {t} is out of the round and cannot be to move", "to_move")
        if start is None:
            bad("'start_player' is null during a round", "start_player")
        limit = 1 if g.areas == 2 else 2
        if len(out) >= limit:
            bad(f"{len(out)} player(s) are out but the round has not ended (DNP-SECOND-OUT, DNP-TWO-ROUND-WIN)", "out")
        for p in range(players):
            if (p in out) != (not hands[p]):
                bad(f"player {p} " + ("is out but holds cards" if p in out else "holds no cards but is not out"),
                    f"hands/{p}")
        if max(tokens) >= 4 or max(wins) >= 2:
            bad("[DNP-GAME-END] a player has 4 letters (or 2 rounds won) but the game has no result", "tokens")
    if leaving is not None:
        who, left = leaving["player"], leaving["turns_left"]
        if not out or out[0] != who or not sets[g.slot(who, 1)] or g.areas == 2 or not 1 <= left < players:
            bad("'leaving' names the first player out, who still has a set on the table, with 1.."
                f"{players - 1} turns left (DNP-FIRST-OUT-CARDS-STAY)", "leaving")
        leaving = (who, left)
    elif t >= 0 and out and sets[g.slot(out[0], 1)]:
        bad(f"player {out[0]} is out and has a set on the table, but 'leaving' is null", "leaving")
    s = State(g, hands, sets, out, leaving, tokens, wins, obj["round"], obj["turn"], t, area,
              -1 if start is None else start, None if result is None else dict(result))
    return s


def _check_sizes(g: Game, sets, consequence: bool) -> None:
    seen: dict[int, tuple[int, int]] = {}
    for slot, cs in enumerate(sets):
        if not cs:
            continue
        n, v = len(cs), g.val[cs[0]]
        if n in seen:
            other, w = seen[n]
            if not consequence or w != v:
                who = f"player {g.owner(other)} and player {g.owner(slot)}"
                raise MalformedError(
                    f"[DNP-A-HIGHER] two sets of size {n} are on the table ({who}, values {w} and {v}); "
                    + ("under dnup.add-conflict=consequence only sets of equal value can share a size"
                       if consequence else "sets of equal size never lie on the table together"),
                    path="sets")
        seen[n] = (slot, v)
