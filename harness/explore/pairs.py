"""Pair coverage: two clauses that meet in one transition, declared per game and reached on purpose.

A *pair* is two clause ids the reference's provenance names for one transition (its effects and
what made the action legal, or the chance event: :func:`harness.explore.coverage.transition`), such
as a rule card deciding a trick another rule card also ranks, a card whose move ends on a slide
that bumps, an addition that beats a set and empties the player's hand. Every transition a
:class:`harness.explore.lockstep.Lockstep` plays counts its pairs on the running test's sink
(``FindingSink.pairs``), as situation coverage counts its clauses.

**Declared pairs** are the pairs the rules can bring together, as data: ``specs/<game>/pairs.toml``
lists each with where it was first seen (``seen`` for people, ``at`` to rebuild it). The file is
written by a long exploration, independent of the default run
(``python -m harness.explore.pair_search --game G --write``, :mod:`harness.explore.pair_search`).

**Reached on purpose.** The default run reaches most pairs in its differential play and its
situations (some built for a pair: a card's move onto a slide that bumps). The pairs the rest of
the default run does not reach are marked ``replay = true`` in the file (``pair_search
--mark-replays``), and the situation ``pair-witnesses`` of the game
(``harness.explore.situations.pair_witnesses``; the suite plays it after the game's own
situations, ``played_situations``) rebuilds the position where the exploration met each (``at``)
and plays that transition beside the reference, with every check of the lockstep. A pair the run
does not reach stays a visible gap (``coverage.pairs.not_reached``); a pair it reaches that the
file does not declare is counted (``undeclared``): the file is due to be written again.
"""

from __future__ import annotations

import functools
import tomllib

import specs
from harness.explore.coverage import PAIR

#: the name of the declared-pairs file in ``specs/<game>/``
FILE = "pairs.toml"
#: the name of the situation that rebuilds the positions of the pairs marked ``replay``
WITNESSES = "pair-witnesses"
#: player actions played on after a pair's transition, in the situation ``pair-witnesses``
WITNESS_PLIES = 1
#: the environment variable that, set to ``0``, leaves ``pair-witnesses`` out of the suite (what
#: ``pair_search --mark-replays`` runs to find the pairs the rest of the default run reaches)
WITNESS_SWITCH = "RULECHECK_PAIR_WITNESSES"


def key(clauses) -> str:
    """A pair's key in reports: its two clause ids in id order, joined by ``" + "``."""
    return PAIR.join(sorted(clauses))


@functools.lru_cache(maxsize=None)
def _load(game: str) -> tuple[dict, ...]:
    path = specs.SPECS_DIR / game / FILE
    if not path.is_file():
        return ()
    return tuple(tomllib.loads(path.read_text(encoding="utf-8")).get("pair", []))


def forget() -> None:
    """Read the ``pairs.toml`` files afresh on the next call (after one was written)."""
    _load.cache_clear()


def entries(game: str) -> dict[str, dict]:
    """The declared pairs of ``game``: key -> its entry (``clauses``, ``seen``, ``at``, ``replay``);
    none when the game has no ``pairs.toml``."""
    return {key(p["clauses"]): p for p in _load(game)}


def pair_report(games: list[str], records: list[dict], skip=()) -> dict:
    """Pair coverage over a run: per declared pair, how many explored transitions reached it
    (``pairs``), the declared pairs none reached (``not_reached``: a gap), and the pairs the run
    reached that no ``pairs.toml`` declares (``undeclared``, listed in ``undeclared_pairs``). A pair
    with a clause in ``skip`` (not applicable to the engine, not implemented) is not asked."""
    reached: dict[str, int] = {}
    for r in records:
        for p, n in (r.get("pair_coverage") or {}).items():
            reached[p] = reached.get(p, 0) + n
    skip = set(skip)
    known = {k: e for g in games for k, e in entries(g).items()}
    asked = [k for k, e in known.items() if not skip & set(e["clauses"])]
    pairs = {k: reached.get(k, 0) for k in asked}
    undeclared = sorted(p for p in reached if p not in known)
    return {"declared": len(asked), "reached": sum(1 for n in pairs.values() if n), "pairs": pairs,
            "not_reached": [k for k in asked if not pairs[k]], "undeclared": len(undeclared),
            "undeclared_pairs": undeclared}


def marked(game: str) -> list[dict]:
    """The declared pairs of ``game`` marked ``replay``, in file order."""
    return [e for e in _load(game) if e.get("replay")]
