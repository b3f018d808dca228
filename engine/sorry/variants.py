"""Game configuration and variants (SRY-PLAYERS, SRY-TURN-ORDER, SRY-FIRST-PLAYER, SRY-REMATCH,
SRY-TEAM-PARTNERS, SRY-QUICK-START, SRY-POINTS-RULES).

A config is a JSON object::

    {"players": 2..4,                 # required unless "colours" is given
     "colours": ["red", "yellow"],    # optional; default the first N colours clockwise from red
     "team": false,                   # team play: red+yellow v blue+green (4 players)
     "points": false,                 # points play: hands of cards, scoring
     "quick_start": <points>,         # three pawns in START, one on the start exit
     "first": "red",                  # who starts (colour or player index); default the first colour
     "previous_winner": "blue"}       # a rematch: the winner of the last game starts

Players sit (and play) clockwise: player i is the i-th colour in play in the board order
red, blue, yellow, green.
"""

from __future__ import annotations

import functools

from engine.errors import BadConfigError
from engine.sorry.board import COLOUR_INDEX, COLOURS, PARTNER

KEYS = ("players", "colours", "team", "points", "quick_start", "first", "previous_winner")


class Config:
    """The fixed part of a game: colours in seat order and variant flags (immutable, shared)."""

    __slots__ = ("colours", "team", "points", "quick", "n", "movers", "opponents", "names", "pawn_names")

    def __init__(self, colours: tuple[int, ...], team: bool, points: bool, quick: bool):
        self.colours = colours
        self.team = team
        self.points = points
        self.quick = quick
        self.n = len(colours)
        self.names = tuple(COLOURS[c] for c in colours)
        self.pawn_names = tuple(f"{name} {k + 1}" for name in self.names for k in range(4))
        seat = {c: p for p, c in enumerate(colours)}
        if team:
            self.movers = tuple((p, seat[PARTNER[c]]) for p, c in enumerate(colours))
        else:
            self.movers = tuple((p,) for p in range(self.n))
        #: the players whose pawns are opponents (for the 11 swap) of player p
        self.opponents = tuple(tuple(q for q in range(self.n) if q not in self.movers[p]) for p in range(self.n))

    def variant_json(self) -> dict:
        return {"team": self.team, "points": self.points, "quick_start": self.quick}


@functools.cache
def make_config(colours: tuple[int, ...], team: bool, points: bool, quick: bool) -> Config:
    return Config(colours, team, points, quick)


def _bool(config: dict, key: str, default: bool) -> bool:
    v = config.get(key, default)
    if not isinstance(v, bool):
        raise BadConfigError(f"config {key!r} must be true or false, got {v!r:.40}")
    return v


def parse_config(config) -> tuple[Config, int]:
    """(Config, first player index) from a config dict; BadConfigError says what is wrong."""
    if not isinstance(config, dict):
        raise BadConfigError(f"a Sorry! config is a JSON object like {{'players': 4}}, got {config!r:.60}")
    unknown = sorted(set(config) - set(KEYS))
    if unknown:
        raise BadConfigError(f"unknown config key(s) {unknown}; known keys: {', '.join(KEYS)}")
    n = config.get("players")
    cols = config.get("colours")
    if n is not None and (isinstance(n, bool) or not isinstance(n, int)):
        raise BadConfigError(f"config 'players' must be an integer 2-4, got {n!r:.40}")
    if cols is None:
        if n is None:
            raise BadConfigError("config needs 'players' (2-4) or 'colours'")
        if not 2 <= n <= 4:
            raise BadConfigError(f"Sorry! is for 2 to 4 players (SRY-PLAYERS), got {n}")
        colours = tuple(range(n))
    else:
        if not isinstance(cols, list) or not all(isinstance(c, str) for c in cols):
            raise BadConfigError(f"config 'colours' must be a list of colour names, got {cols!r:.60}")
        bad = [c for c in cols if c not in COLOUR_INDEX]
        if bad:
            raise BadConfigError(f"unknown colour(s) {bad}; colours are {', '.join(COLOURS)}")
        if len(set(cols)) != len(cols):
            raise BadConfigError(f"config 'colours' names a colour twice: {cols}")
        if not 2 <= len(cols) <= 4:
            raise BadConfigError(f"Sorry! is for 2 to 4 players (SRY-PLAYERS), got {len(cols)} colours")
        if n is not None and n != len(cols):
            raise BadConfigError(f"config says {n} players but names {len(cols)} colours")
        colours = tuple(sorted(COLOUR_INDEX[c] for c in cols))
    team = _bool(config, "team", False)
    points = _bool(config, "points", False)
    quick = _bool(config, "quick_start", points)
    if team and len(colours) != 4:
        raise BadConfigError("team play needs all four colours (red+yellow v blue+green, SRY-TEAM-PARTNERS)")
    if team and points:
        raise BadConfigError("team play and points play cannot be combined: the rules score players, not teams")
    cfg = make_config(colours, team, points, quick)
    first = 0
    if "first" in config and "previous_winner" in config:
        raise BadConfigError("give either 'first' or 'previous_winner' (the winner starts a rematch), not both")
    for key in ("first", "previous_winner"):
        if key in config:
            first = _player(cfg, config[key], key)
    return cfg, first


def _player(cfg: Config, v, key: str) -> int:
    if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < cfg.n:
        return v
    if isinstance(v, str) and v in cfg.names:
        return cfg.names.index(v)
    raise BadConfigError(f"config {key!r} must be a colour in play ({', '.join(cfg.names)}) or a player index, got {v!r:.40}")


def random_config(rng) -> dict:
    """A random legal config covering every variant (for the stateful machine and ``bench``)."""
    kind = rng.random()
    if kind < 0.2:
        return {"players": 4, "team": True, "quick_start": rng.random() < 0.3, "first": rng.randrange(4)}
    n = rng.randint(2, 4)
    cfg: dict = {"players": n, "first": rng.randrange(n)}
    if rng.random() < 0.3:
        cfg = {"colours": sorted(rng.sample(list(COLOURS), n), key=COLOURS.index), "first": rng.randrange(n)}
    if kind < 0.45:
        cfg["points"] = True
    elif kind < 0.6:
        cfg["quick_start"] = True
    return cfg
