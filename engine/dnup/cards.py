"""Cards and the deck (DNP-DECK-SIZE, DNP-SETUP-5, DNP-SETUP-4, DNP-SETUP-3, DNP-TWO-SETUP, DNP-START-PLAYER).

Every card carries two values, one at each end; the value at the top is *active*
(DNP-SET). No public source gives the values, so the deck is a data file:
``specs/dnup/deck.json`` (parameter ``deck``, provenance ``assumed``). A user who owns
the game replaces it with the real table, via the config key ``deck`` (the list of cards
itself, never a path: a protocol request must not make an engine open files) or the
environment variable ``RULECHECK_DNUP_DECK`` (a path). The CLI reads a deck file with
``--config deck=@FILE`` (:func:`read_deck_file`) and passes the cards.

Deck file format::

    {"cards": [{"id": "1/5", "values": [1, 5], "mark": "start"}, ...]}

``mark`` is ``null``, ``"start"`` (the starred 1/5 card, exactly one), ``"star4"``
(four-point star disc: removed with 4 players or fewer) or ``"star6"`` (six-point
star disc: removed with 3 players or fewer, and in the 2-player variant).

Inside the engine a card is an index into the deck's cards sorted by id, and a card
with its orientation is ``2 * index + flipped``; ``values[0]`` is active when the card
is not flipped. Flipping is ``x ^ 1``.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.errors import BadConfigError

MARKS = (None, "start", "star4", "star6")
ENV_DECK = "RULECHECK_DNUP_DECK"


@dataclass(frozen=True)
class Deck:
    """A validated deck: ids sorted, values per card, marks per card."""

    ids: tuple[str, ...]
    values: tuple[tuple[int, int], ...]
    marks: tuple[str | None, ...]
    source: str  # "assumed" when it is the spec's deck.json, else where it came from

    @property
    def start_card(self) -> int:
        return self.marks.index("start")

    def removed_for(self, players: int) -> tuple[int, ...]:
        """Cards out of the game for this player count (DNP-SETUP-4, DNP-SETUP-3, DNP-TWO-SETUP)."""
        gone = {"star4"} if players == 4 else {"star4", "star6"} if players <= 3 else set()
        return tuple(i for i, m in enumerate(self.marks) if m in gone)

    def in_play(self, players: int) -> tuple[int, ...]:
        gone = set(self.removed_for(players))
        return tuple(i for i in range(len(self.ids)) if i not in gone)

    def active_table(self) -> tuple[int, ...]:
        """Active value of every oriented card ``2 * i + flipped``."""
        out = []
        for a, b in self.values:
            out += [a, b]
        return tuple(out)

    def to_json(self) -> list[dict]:
        return [{"id": i, "values": list(v), "mark": m} for i, v, m in zip(self.ids, self.values, self.marks)]

    def notation(self, oc: int) -> str:
        """Readable card with orientation: active value first, e.g. ``3/7`` or ``7/3``."""
        a, b = self.values[oc >> 1]
        return f"{b}/{a}" if oc & 1 else f"{a}/{b}"


def parse_deck(cards, where: str, error=BadConfigError) -> Deck:
    """Validate a list of card objects; ``error`` names the problem and ``where`` it is."""
    if isinstance(cards, dict):
        cards = cards.get("cards")
    if not isinstance(cards, list) or not cards:
        raise error(f"{where}: a deck is a non-empty list of cards (or {{\"cards\": [...]}}), got {type(cards).__name__}")
    seen: dict[str, int] = {}
    rows = []
    for n, c in enumerate(cards):
        at = f"{where}: card {n}"
        if not isinstance(c, dict):
            raise error(f"{at}: a card is an object {{\"id\", \"values\", \"mark\"}}, got {c!r:.80}")
        extra = set(c) - {"id", "values", "mark"}
        if extra:
            raise error(f"{at}: unknown field(s) {sorted(extra)}; a card has id, values, mark")
        cid = c.get("id")
        if not isinstance(cid, str) or not cid.strip():
            raise error(f"{at}: 'id' must be a non-empty string, got {cid!r:.80}")
        if cid in seen:
            raise error(f"{at}: id {cid!r} is used twice (also card {seen[cid]}); card ids must be unique")
        seen[cid] = n
        vals = c.get("values")
        if (not isinstance(vals, list) or len(vals) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in vals)):
            raise error(f"{at} ({cid}): 'values' must be two integers [active end, other end], got {vals!r:.80}")
        mark = c.get("mark")
        if mark not in MARKS:
            raise error(f"{at} ({cid}): 'mark' must be one of null, \"start\", \"star4\", \"star6\", got {mark!r:.80}")
        rows.append((cid, (vals[0], vals[1]), mark))
    starts = [r[0] for r in rows if r[2] == "start"]
    if len(starts) != 1:
        raise error(f"{where}: exactly one card must be the starred start card (mark \"start\"), found {len(starts)}"
                    + (f": {starts}" if starts else ""))
    rows.sort(key=lambda r: r[0])
    deck = Deck(tuple(r[0] for r in rows), tuple(r[1] for r in rows), tuple(r[2] for r in rows), where)
    for players in (2, 3, 4, 5):
        if len(deck.in_play(players)) < 2 * players:
            raise error(f"{where}: with {players} players only {len(deck.in_play(players))} cards stay in play; "
                        f"at least {2 * players} are needed")
    return deck


_DEFAULT: Deck | None = None


def default_deck() -> Deck:
    """The spec's assumed deck (specs/dnup/deck.json, parameter ``deck``)."""
    global _DEFAULT
    if _DEFAULT is None:
        import specs

        d = parse_deck(specs.load("dnup").param("deck"), "specs/dnup/deck.json")
        _DEFAULT = Deck(d.ids, d.values, d.marks, "assumed")
    return _DEFAULT


def load_deck(value) -> Deck:
    """The deck a config asks for: ``None`` (the env var's file, or the assumed deck) or a
    card list. A path is refused: files are read by the CLI or the environment variable only."""
    where = "config 'deck'"
    if value is None:
        path = os.environ.get(ENV_DECK) or None
        if path is None:
            return default_deck()
        value, where = read_deck_file(path, f"${ENV_DECK}={path}: "), f"deck file {path!r}"
    elif isinstance(value, (str, os.PathLike)):
        raise BadConfigError("config 'deck' is the list of cards itself (or {\"cards\": [...]}), not a file name: an "
                             f"engine does not open files named in a request; the CLI reads one with --config "
                             f"deck=@FILE, or set ${ENV_DECK}")
    deck = parse_deck(value, where)
    return canonical_deck(deck)


def read_deck_file(path, where: str = "") -> Any:
    """The JSON of a deck file (what ``$RULECHECK_DNUP_DECK`` or the CLI's ``deck=@FILE`` names)."""
    p = Path(path)
    if not p.is_file():
        raise BadConfigError(f"{where}deck file {str(p)!r} does not exist")
    try:
        return json.loads(p.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise BadConfigError(f"{where}deck file {str(p)!r} is not valid JSON: {exc}") from None


def canonical_deck(deck: Deck) -> Deck:
    """The same deck, named ``assumed`` when it equals the spec's deck."""
    d = default_deck()
    if (deck.ids, deck.values, deck.marks) == (d.ids, d.values, d.marks):
        return d
    return deck
