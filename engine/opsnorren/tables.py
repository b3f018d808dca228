"""The assumed component tables (parameters ``stars``, ``trophies``, ``team-cards``,
``rule-piles``, ``moustache-cards`` in specs/opsnorren/parameters.toml).

They live in ONE data file, ``specs/opsnorren/components.json``, which a user who owns
the game can replace without touching code: set the environment variable
``RULECHECK_OPSNORREN_TABLES`` to another file, or pass ``tables=`` to the engine.
``Tables.source`` says which file is in use (``OpsnorrenEngine.tables_source``).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from engine.errors import BadConfigError
from engine.opsnorren.cards import CARD_ID, NAMES
from engine.opsnorren.rulecards import RULE_IDS

ENV_VAR = "RULECHECK_OPSNORREN_TABLES"
ROUNDS = 4  # OPS-GAME-LENGTH


class Tables:
    __slots__ = ("stars", "trophies", "team_cards", "white", "black", "moustache", "source")

    def __init__(self, data: dict, source: str):
        def bad(msg: str) -> BadConfigError:
            return BadConfigError(f"Opsnorren tables {source}: {msg}")

        if not isinstance(data, dict):
            raise bad("the file must hold a JSON object")
        stars = data.get("stars")
        if not isinstance(stars, dict):
            raise bad("'stars' must map every card name to its number of stars")
        missing = [n for n in NAMES if n not in stars]
        unknown = sorted(k for k in stars if k not in CARD_ID)
        if missing or unknown:
            raise bad(f"'stars' must name each of the 47 cards exactly; missing {missing[:5]}, unknown {unknown[:5]}")
        if any(type(v) is not int for v in stars.values()):
            raise bad("'stars' values must be integers")
        self.stars = tuple(stars[n] for n in NAMES)
        tr = data.get("trophies")
        if not (isinstance(tr, list) and len(tr) == ROUNDS and all(
                isinstance(g, list) and len(g) == 3 and all(type(v) is int for v in g) for g in tr)):
            raise bad(f"'trophies' must be {ROUNDS} lists (one per round) of 3 integer token values")
        self.trophies = tuple(tuple(g) for g in tr)
        tc = data.get("team_cards")
        if not isinstance(tc, dict):
            raise bad("'team_cards' must map each player count 3-6 to its team cards")
        self.team_cards = {}
        for n in range(3, 7):
            cards = tc.get(str(n))
            if not (isinstance(cards, list) and len(cards) == n
                    and all(c in ("A", "B", "A+crown", "B+crown") for c in cards)):
                raise bad(f"'team_cards'['{n}'] must list {n} cards among 'A', 'B', 'A+crown', 'B+crown'")
            if sum(c.endswith("+crown") for c in cards) != 1 or len({c[0] for c in cards}) != 2:
                raise bad(f"'team_cards'['{n}'] needs exactly one crown card and two teams")
            self.team_cards[n] = tuple(sorted(cards))
        rp = data.get("rule_piles")
        if not (isinstance(rp, dict) and isinstance(rp.get("white"), list) and isinstance(rp.get("black"), list)):
            raise bad("'rule_piles' must have lists 'white' and 'black'")
        for pile in ("white", "black"):
            for r in rp[pile]:
                if r not in RULE_IDS:
                    raise bad(f"'rule_piles'['{pile}'] names unknown rule card {r!r}; known: {', '.join(RULE_IDS)}")
        if set(rp["white"]) & set(rp["black"]) or len(set(rp["white"])) != len(rp["white"]) or len(
                set(rp["black"])) != len(rp["black"]):
            raise bad("a rule card may be in one pile once")
        self.white = tuple(rp["white"])
        self.black = tuple(rp["black"])
        m = data.get("moustache", [])
        if not (isinstance(m, list) and all(r in RULE_IDS for r in m)):
            raise bad("'moustache' must list rule card ids")
        self.moustache = frozenset(m)
        for pile, cards in (("white", self.white), ("black", self.black)):
            if len([r for r in cards if r not in self.moustache]) < 2:
                raise bad(f"the {pile} pile needs at least 2 cards without the moustache (beginner setup draws 2)")
        self.source = source


_CACHE: dict[str, Tables] = {}


def load_tables(path: str | os.PathLike | None = None) -> Tables:
    """The tables from ``path``, else from $RULECHECK_OPSNORREN_TABLES, else from the specs."""
    path = path or os.environ.get(ENV_VAR) or None
    key = str(path or "")
    if key in _CACHE:
        return _CACHE[key]
    if path is None:
        import specs

        spec = specs.load("opsnorren")
        data = spec.param("stars")  # every component parameter points at components.json
        source = "specs/opsnorren/components.json (assumed defaults)"
    else:
        p = Path(path)
        try:
            data = json.loads(p.read_text(encoding="utf-8"))
        except OSError as exc:
            raise BadConfigError(f"Opsnorren tables: cannot read {p}: {exc.strerror or exc}") from None
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise BadConfigError(f"Opsnorren tables: {p} is not valid JSON: {exc}") from None
        source = f"{p} (user-supplied)"
    t = Tables(data, source)
    _CACHE[key] = t
    return t
