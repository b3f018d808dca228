"""A Dnup state's canonical text written directly (``engine.canonical.dumps`` of ``codec.to_json``).

A served state goes out as text (``DnupEngine.canonical_text``); building the object and then
sorting and writing it cost more than the rest of a transition. Here the text of a state with a
player to move is filled into a template, per game table, with its fixed fields (deck, removed
cards, players, turn cap) already written; hands and sets are joined from the texts of their
oriented cards (``[id, flipped]``, written once per table), and the discard pile
(DNP-DISCARD-OWN-SET: every card in play in no hand and no set) is the cards in play left once
the held ones are deleted, all as bytes: a card is one byte (its index in the deck), so
``bytes.translate`` does it without a memo. Nothing is remembered per state: a memo of texts by
hand held megabytes and missed the CPU's caches more often than it saved.

A state that is not at rest with a player to move (a pending deal, a finished game) or whose
numbers are not plain ints is written by orjson from ``codec.to_json``; ``text`` returns None
for a table with more than 128 cards or ids orjson does not write (then the caller does).
"""

from __future__ import annotations

import orjson

from engine.dnup.codec import to_json

#: orjson's options for canonical text (``engine.canonical.dumps``): a str or int subclass raises TypeError
TEXT = orjson.OPT_SORT_KEYS | orjson.OPT_PASSTHROUGH_SUBCLASS | orjson.OPT_PASSTHROUGH_DATACLASS \
    | orjson.OPT_PASSTHROUGH_DATETIME
#: orjson writes integers in [-2**63, 2**64); ``%d`` writes those in [0, 2**63) alike
LIMIT = 1 << 63


class Texts:
    """Per-table texts for ``text`` (``Game.json_text``, made on first use)."""

    __slots__ = ("game", "cards", "ids", "half", "in_play", "playing")

    def __init__(self, g):
        self.game = g
        self.playing = None
        ids = g.deck.ids
        if 2 * len(ids) > 256:
            return
        try:
            self._fill(g, ids)
        except TypeError:  # an id orjson does not write as json does
            self.playing = None

    def _fill(self, g, ids) -> None:
        #: per oriented card ``2 * i + flipped``: its text ``["id",flipped]``
        self.cards = tuple(orjson.dumps([ids[c >> 1], bool(c & 1)], option=TEXT) for c in range(2 * len(ids)))
        self.ids = tuple(orjson.dumps(cid, option=TEXT) for cid in ids)
        #: oriented card (a byte) -> its card's index (a byte); the pile is the cards in play, as bytes
        self.half = bytes(c >> 1 for c in range(256))
        self.in_play = bytes(g.in_play)
        deck = g.deck_json if isinstance(g.deck_json, str) else g.deck.to_json()
        fixed = [orjson.dumps(x, option=TEXT).replace(b"%", b"%%")
                 for x in (deck, [ids[i] for i in g.removed], g.players, g.turn_cap)]
        #: the text of a state with a player to move (no chance, no result), keys sorted; %-fields:
        #: area, discard, hands, leaving, out, round, rounds_won, sets, start_player, to_move, tokens, turn
        self.playing = (b'{"area":%d,"chance":null,"deck":' + fixed[0] + b',"discard":[%b],"game":"dnup",'
                        b'"hands":[[%b]],"leaving":%b,"out":%b,"players":' + fixed[2] + b',"removed":' + fixed[1]
                        + b',"result":null,"round":%d,"rounds_won":%b,"sets":[[[%b]]],"start_player":%d,'
                        b'"to_move":%d,"tokens":%b,"turn":%d,"turn_cap":' + fixed[3] + b'}')


def texts(g) -> Texts:
    """The texts of ``g``'s states (made on first use; a misreading's copy of a table makes its own).
    Their ``playing`` is None when a card is not one byte or an id is not orjson's to write."""
    got = g.json_text
    if got is None or got.game is not g:
        got = g.json_text = Texts(g)
    return got


def text(s) -> bytes | None:
    """``dumps(codec.to_json(s))`` as UTF-8 bytes (sorted keys, no spaces); None when this table's
    states are not written here (see ``texts``). Raises TypeError where orjson would."""
    g = s.g
    tx = g.json_text
    if tx is None or tx.game is not g:
        tx = texts(g)
    if tx.playing is None:
        return None
    to_move, area, start, round_, turn = s.to_move, s.area, s.start, s.round, s.turn
    if (s.result is not None or type(to_move) is not int or type(area) is not int or type(start) is not int
            or type(round_) is not int or type(turn) is not int or not 0 <= to_move | area | start | round_ | turn < LIMIT):
        return orjson.dumps(to_json(s), option=TEXT)  # a deal pending, a game over: rare
    join = b",".join
    cards = tx.cards.__getitem__
    hands, sets = s.hands, s.sets
    held = b"".join(map(bytes, hands)) + b"".join(map(bytes, sets))
    pile = tx.in_play.translate(None, held.translate(tx.half))
    set_texts = [join(map(cards, cs)) for cs in sets]
    if g.areas == 1:
        sets_text = b"]],[[".join(set_texts)
    else:  # per player [[area 1],[area 2]]
        sets_text = b"]],[[".join(map(b"],[".join, zip(set_texts[::2], set_texts[1::2])))
    leaving = s.leaving
    return tx.playing % (
        area, join(map(tx.ids.__getitem__, pile)), b"],[".join([join(map(cards, cs)) for cs in hands]),
        b"null" if leaving is None else orjson.dumps({"player": leaving[0], "turns_left": leaving[1]}, option=TEXT),
        orjson.dumps(s.out, option=TEXT), round_, orjson.dumps(s.wins, option=TEXT), sets_text, start, to_move,
        orjson.dumps(s.tokens, option=TEXT), turn)
