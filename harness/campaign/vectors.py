"""Campaign vectors: a finding of ``rulecheck fuzz`` kept as a replayable file.

A vector is one JSON file per (clause, check) in the campaign's ``--out`` folder::

    {"format": "rulecheck-campaign-vector/1", "id": "<game>-<clause>-differential",
     "game": "<game>", "clause": "<clause>", "check": "differential", "message": "...",
     "basis": "provenance", "choices": {...},          # the readings the candidate declared
     "start": {"config": {...}} | {"state": {...}},    # a new game, or a canonical state to load
     "steps": [action, ...],                           # player actions and chance outcomes
     "witness": {...},                                 # the transition (harness.verdicts.findings.Witness)
     "found": {"engine": "...", "seed": 123, "raw_steps": 57}}

:func:`replay` plays the steps in a :class:`harness.explore.lockstep.Lockstep` beside the reference
(configured with the vector's choices), so every check of the campaign runs again in every
state of the path; the finding reproduces when the same (clause, check) is recorded. The
steps were shrunk to the shortest suffix that still reproduces (``harness.campaign.shrink``).
``rulecheck check --vectors DIR`` replays them first (``harness.campaign.vector_suite``).
"""

from __future__ import annotations

import contextvars
import json
import re
from pathlib import Path

from engine.canonical import dumps
from harness.verdicts import findings
from harness.explore.lockstep import Lockstep, Memory
from harness.campaign.task import PROBES

FORMAT = "rulecheck-campaign-vector/1"


def vector_id(game: str, clause: str, check: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", f"{game}-{clause}-{check}")


def size(vec: dict) -> tuple[int, int]:
    """Smaller is better: fewer steps first, then a shorter start."""
    return (len(vec["steps"]), len(dumps(vec["start"])))


def write(out: Path, vec: dict) -> Path:
    """Write ``vec`` atomically as ``<id>.json`` in ``out`` (a Ctrl-C never leaves half a file)."""
    from harness.files import write_atomic

    path = Path(out) / f"{vec['id']}.json"
    write_atomic(path, json.dumps(vec, indent=1, ensure_ascii=False, sort_keys=True))
    return path


def load(folder: Path, games: list[str] | None = None) -> list[dict]:
    """Every campaign vector in ``folder`` (of ``games``), in file-name order; other JSON files
    (the campaign's own summary) are left alone."""
    out = []
    for p in sorted(Path(folder).glob("*.json")):
        try:
            vec = json.loads(p.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(vec, dict) and vec.get("format") == FORMAT and (games is None or vec.get("game") in games):
            vec["_file"] = p.name
            out.append(vec)
    return out


def _play(candidate, reference, start: dict, steps: list) -> findings.FindingSink:
    sink = findings.open_sink("campaign-replay")
    ls = Lockstep(candidate, reference, "differential", Memory(), _probes())
    go = ls.start_from_state(start["state"]) if "state" in start else ls.start(start["config"])
    for action in steps:
        if not go or ls.ref is None or ls.finished:
            break
        go = ls.step(lambda _legal, _pending, a=action: a)
    if not steps and go and ls.ref is not None and not ls.finished:
        ls.step(lambda _legal, _pending: None)  # the start state alone: compared, nothing played
    findings.close_sink()
    return sink


def _probes() -> int:
    return PROBES


def replay(candidate, reference, start: dict, steps: list) -> findings.FindingSink:
    """Play ``steps`` from ``start`` in lockstep, on a sink of its own (the caller's is untouched)."""
    return contextvars.copy_context().run(_play, candidate, reference, start, steps)


def reproduces(candidate, reference, start: dict, steps: list, key: tuple[str, str]) -> findings.Finding | None:
    """The finding of ``key`` when replaying ``steps`` from ``start`` records it again, else None."""
    sink = replay(candidate, reference, start, steps)
    got = sink.kept.get(key)
    return got[0] if got else None
