"""What a campaign task is (:class:`Task`) and what it finds before shrinking (:class:`Raw`),
shared by the task runner (``shard``), the shrinker and the vector replay."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

from harness.verdicts import findings

#: seeds per task block: task ``k`` explores seeds ``k * BLOCK`` upwards until its slice is over
BLOCK = 1_000_000
#: player actions played in one game at most (a random race game can run for thousands)
MAX_PLIES = 250
#: share of games started from a situation (a position built around a rare rule)
SITUATION_SHARE = 0.3
#: forbidden actions offered per state (situations offer more, as in ``harness.explore.situations``)
PROBES = 4


@dataclass
class Task:
    """What one worker explores: ``seeds`` seeds from ``first_seed`` for at most ``seconds``."""

    game: str
    engine: str
    choices: dict = field(default_factory=dict)
    first_seed: int = 0
    seeds: int = BLOCK
    seconds: float = 10.0
    #: the campaign's end (``time.time()``): a task queued late stops there too
    until: float | None = None
    #: "clause|check" -> steps of the best vector the driver holds: not shrunk again unless shorter
    known: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        return asdict(self)


def key_text(key: tuple[str, str]) -> str:
    return f"{key[0]}|{key[1]}"


@dataclass
class Raw:
    """A finding as first seen: the start, the actions up to the transition, the finding."""

    key: tuple[str, str]
    seed: int
    start: dict
    steps: list
    finding: findings.Finding
