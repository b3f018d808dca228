"""The four actions: which are legal, and reading an action's JSON (DNP-ONE-ACTION, DNP-ACTION-A,
DNP-A-ANY-COUNT, DNP-ACTION-B, DNP-ACTION-C, DNP-ACTION-D).

Actions (canonical JSON; ``player`` is the player to move):

- A ``{"type": "play", "player": p, "cards": [id, ...]}``: a set from the hand, placed in
  the area of the current turn; ``cards`` sorted by id. Any non-empty subset of the cards
  with one active value is a set (DNP-A-ANY-COUNT); cards with the same active value can
  differ in their other value, so **every subset is listed, once** (as the sorted ids),
  not one representative per size.
- B ``{"type": "add", "player": p, "card": id, "owner": q, "area": a}``: one card onto the
  set of another player ``q`` in area ``a`` (always 1 with 3-5 players).
- C ``{"type": "take", "player": p, "owner": q, "area": a}``: take that set into the hand.
- D ``{"type": "flip", "player": p}``: turn the whole hand (a *dnup*).

Internal moves: ``("A", cards)``, ``("B", card, slot)``, ``("C", slot)``, ``("D",)`` with
oriented cards (see ``cards``).
"""

from __future__ import annotations

from itertools import combinations

from engine.dnup import sets as S
from engine.dnup.state import State
from engine.errors import IllegalActionError, InvalidOutcomeError, MalformedError

TYPES = ("play", "add", "take", "flip")


class Listing:
    """The action dicts and moves ``legal`` lists that depend only on the deck and the seats,
    made once per game table (``Game.listing``) and shared by its states: a single card
    played (``plays[p][oc]`` with its move ``play_moves[oc]``), a set taken (``takes[p][slot]``,
    ``take_moves[slot]``) and a flip (``flips[p]``). Action dicts are values: no caller
    changes them."""

    __slots__ = ("plays", "play_moves", "takes", "take_moves", "flips")

    def __init__(self, g):
        ids = g.deck.ids
        cards = range(2 * len(ids))
        seats = range(g.players)
        self.plays = tuple(tuple({"type": "play", "player": p, "cards": [ids[oc >> 1]]} for oc in cards)
                           for p in seats)
        self.play_moves = tuple(("A", (oc,)) for oc in cards)
        self.takes = tuple(tuple({"type": "take", "player": p, "owner": g.owner(slot), "area": g.area_of(slot)}
                                 for slot in range(g.slots)) for p in seats)
        self.take_moves = tuple(("C", slot) for slot in range(g.slots))
        self.flips = tuple({"type": "flip", "player": p} for p in seats)


def listing(g) -> Listing:
    """The shared action dicts of ``g`` (made on first use)."""
    got = g.listing
    if got is None:
        got = g.listing = Listing(g)
    return got


FLIP = ("D",)


def legal(rules, s: State, inline: bool = False) -> tuple[list, list]:
    """(moves, action dicts) of the player to move, without duplicates. Cached on the state.

    ``inline``: ``rules`` are the reference's own (``beats`` is ``>``, ``add_losers`` is
    ``sets.add_losers``), so they are compared here without calling the hooks."""
    cached = s._legal
    if cached is not None and cached[0] is rules:
        return cached[1]
    p = s.to_move
    if p < 0:
        return ([], [])
    g = s.g
    lst = g.listing or listing(g)
    val = g.val
    areas = g.areas
    sets = s.sets
    beats = rules.beats
    best: dict[int, int] = {}
    tbl = []
    for slot, cs in enumerate(sets):
        if cs:
            n = len(cs)
            v = val[cs[0]]
            tbl.append((slot, n, v))
            if n not in best or best[n] < v:
                best[n] = v
    groups: dict[int, list[int]] = {}
    for oc in s.hands[p]:
        v = val[oc]
        if v in groups:
            groups[v].append(oc)
        else:
            groups[v] = [oc]
    moves: list = []
    acts: list = []
    add_move, add_act = moves.append, acts.append
    play_moves, plays = lst.play_moves, lst.plays[p]
    b1 = best.get(1)
    for v, cs in groups.items():
        if b1 is None or (v > b1 if inline else beats(v, b1)):
            for c in cs:
                add_move(play_moves[c])
                add_act(plays[c])
        if len(cs) == 1:
            continue
        ids = g.deck.ids
        for size in range(2, len(cs) + 1):
            b = best.get(size)
            if b is not None and not (v > b if inline else beats(v, b)):
                continue
            if size == 2:  # pairs, the most common sets of more than one card
                for x, y in combinations(cs, 2):
                    add_move(("A", (x, y)))
                    add_act({"type": "play", "player": p, "cards": [ids[x >> 1], ids[y >> 1]]})
                continue
            for combo in combinations(cs, size):
                add_move(("A", combo))
                add_act({"type": "play", "player": p, "cards": [ids[c >> 1] for c in combo]})
    takes = lst.takes[p]
    for slot, n, v in tbl:
        owner = slot // areas
        if owner == p:
            continue
        cs = groups.get(v)
        if cs:
            if inline:
                b = best.get(n + 1)
                ok = g.consequence or b is None or v > b
            else:
                ok = rules.add_losers(g, sets, slot, n + 1, v) is not None
            if ok:
                area = slot % areas + 1
                ids = g.deck.ids
                for c in cs:
                    add_move(("B", c, slot))
                    add_act({"type": "add", "player": p, "card": ids[c >> 1], "owner": owner, "area": area})
        add_move(lst.take_moves[slot])
        add_act(takes[slot])
    add_move(FLIP)
    add_act(lst.flips[p])
    s._legal = (rules, (moves, acts))  # per engine: a subclass may read the rules differently
    return moves, acts


def parse(rules, s: State, action) -> tuple:
    """The internal move of ``action``; MalformedError or IllegalActionError saying why not."""
    if not isinstance(action, dict):
        raise MalformedError(f"an action is a JSON object with a 'type', got {action!r:.100}")
    t = action.get("type")
    if t == "chance":
        raise InvalidOutcomeError(f"no chance event is pending in this state: player {s.to_move} is to move")
    if t not in TYPES:
        raise MalformedError(f"unknown action type {t!r}; Dnup actions are play (A), add (B), take (C), flip (D)",
                             path="type")
    keys = {"play": {"type", "player", "cards"}, "add": {"type", "player", "card", "owner", "area"},
            "take": {"type", "player", "owner", "area"}, "flip": {"type", "player"}}[t]
    if set(action) != keys:
        raise MalformedError(f"a {t!r} action has exactly the fields {sorted(keys)}, got {sorted(map(str, action))}")
    g = s.g
    p = action["player"]
    if not _is_int(p) or not 0 <= p < g.players:
        raise MalformedError(f"'player' must be a player index 0..{g.players - 1}, got {p!r:.40}", path="player")
    if p != s.to_move:
        raise IllegalActionError(f"it is player {s.to_move}'s turn, not player {p}'s")
    hand = s.hands[p]
    val = g.val
    if t == "flip":
        return ("D",)
    if t == "play":
        cards = action["cards"]
        if not isinstance(cards, list) or not cards:
            raise MalformedError(f"'cards' must be a non-empty list of card ids, got {cards!r:.80}", path="cards")
        ocs = [_in_hand(g, hand, cid, p, "cards") for cid in cards]
        if len(set(ocs)) != len(ocs):
            raise MalformedError(f"'cards' names a card twice: {cards!r:.80}", path="cards")
        if [g.deck.ids[c >> 1] for c in sorted(ocs)] != cards:
            raise MalformedError(f"'cards' must be sorted by id (canonical order), got {cards!r:.80}", path="cards")
        values = {val[c] for c in ocs}
        if len(values) != 1:
            raise IllegalActionError(
                f"a set is cards with the same active value (DNP-SET); {', '.join(map(str, cards))} show active "
                f"values {sorted(values)}")
        ocs = tuple(sorted(ocs))
        slot = g.slot(p, s.area)
        if rules.play_losers(g, s.sets, slot, len(ocs), val[ocs[0]]) is None:
            raise IllegalActionError(S.why_not_higher(g, s.sets, slot, len(ocs), val[ocs[0]], g.deck.ids))
        return ("A", ocs)
    slot = _target(g, s, action, p)
    if t == "take":
        return ("C", slot)
    oc = _in_hand(g, hand, action["card"], p, "card")
    target = s.sets[slot]
    v = val[target[0]]
    if val[oc] != v:
        raise IllegalActionError(
            f"card {action['card']} shows active value {val[oc]}, but the set it is added to has value {v}; "
            "the card must have the value of the set (DNP-ACTION-B)")
    if rules.add_losers(g, s.sets, slot, len(target) + 1, v) is None:
        raise IllegalActionError(
            "adding the card makes a set of size " + str(len(target) + 1) + " with value " + str(v) + ", but "
            + S.why_not_higher(g, s.sets, slot, len(target) + 1, v, g.deck.ids).split("; ", 1)[0]
            + "; under dnup.add-conflict=illegal (the FAQ) the extended set must be higher (DNP-B-CONFLICT)")
    return ("B", oc, slot)


def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _in_hand(g, hand, cid, p, field) -> int:
    if not isinstance(cid, str):
        raise MalformedError(f"'{field}' must name cards by id (a string such as '3/7'), got {cid!r:.40}", path=field)
    i = g.id_index.get(cid)
    if i is None:
        raise MalformedError(f"there is no card {cid!r} in this deck", path=field)
    if 2 * i in hand:
        return 2 * i
    if 2 * i + 1 in hand:
        return 2 * i + 1
    raise IllegalActionError(f"player {p} does not hold card {cid}")


def _target(g, s: State, action, p) -> int:
    q, a = action["owner"], action["area"]
    if not _is_int(q) or not 0 <= q < g.players:
        raise MalformedError(f"'owner' must be a player index 0..{g.players - 1}, got {q!r:.40}", path="owner")
    if not _is_int(a) or not 1 <= a <= g.areas:
        raise MalformedError(f"'area' must be {'1 or 2' if g.areas == 2 else '1'}, got {a!r:.40}", path="area")
    if q == p:
        raise IllegalActionError(
            f"player {p} cannot {action['type']} their own set: actions B and C act on a set of another player")
    slot = g.slot(q, a)
    if not s.sets[slot]:
        raise IllegalActionError(f"player {q} has no set" + (f" in area {a}" if g.areas == 2 else "") + " on the table")
    return slot
