"""The campaign driver: tasks on a Dask cluster, findings merged and saved as they arrive.

:func:`run_campaign` connects to a scheduler (``tcp://host:8786``) or starts a local cluster
of worker processes (one thread each: the engines are CPU-bound Python), then keeps every
worker busy with :class:`harness.campaign.task.Task` slices (``distributed.as_completed``)
until the time budget is used up. Each task explores its own block of seeds, so the shards
never overlap and each seed's games are the same wherever they run.

Findings are merged per (clause, check): the vector with the fewest steps is kept and
written to the output folder at once (``harness.campaign.vectors``), so an interrupted
campaign (Ctrl-C) keeps everything found so far. The summary (:class:`Summary`) is data:
transitions and transitions/s, workers, findings per clause with their vector files,
clause coverage; it is written as ``campaign.json`` beside the vectors.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from harness.campaign import vectors
from harness.campaign.shard import run_task
from harness.campaign.task import BLOCK, Task, key_text

#: seconds one task explores before it reports back (shorter near the end of the budget)
SLICE = 10.0
#: a task shorter than this is not started: the budget is over
MIN_SLICE = 1.0
SUMMARY = "campaign.json"


@dataclass
class Summary:
    game: str
    engine: str
    choices: dict
    budget: float
    out: str
    scheduler: str = "local"
    workers: int = 0
    started: float = field(default_factory=time.monotonic)
    startup_seconds: float = 0.0
    explore_seconds: float = 0.0
    transitions: int = 0
    games: int = 0
    tasks: int = 0
    counts: dict = field(default_factory=dict)       # "clause|check" -> findings
    best: dict = field(default_factory=dict)         # "clause|check" -> vector
    files: dict = field(default_factory=dict)        # "clause|check" -> vector file name
    coverage: dict = field(default_factory=dict)     # clause -> exercises
    errors: list = field(default_factory=list)
    interrupted: bool = False

    @property
    def per_second(self) -> float:
        return self.transitions / self.explore_seconds if self.explore_seconds > 0 else 0.0

    def merge(self, result: dict, out: Path) -> list[Path]:
        """Add one task's result; write the vectors that are new or shorter. Returns the files written."""
        self.tasks += 1
        self.transitions += result["transitions"]
        self.games += result["games"]
        self.errors += result.get("errors", [])
        for k, n in result["counts"].items():
            self.counts[k] = self.counts.get(k, 0) + n
        for c, n in result["coverage"].items():
            self.coverage[c] = self.coverage.get(c, 0) + n
        written = []
        for vec in result["vectors"]:
            k = key_text((vec["clause"], vec["check"]))
            old = self.best.get(k)
            if old is None or (vec["reproduced"], ) > (old["reproduced"], ) or (
                    vec["reproduced"] == old["reproduced"] and vectors.size(vec) < vectors.size(old)):
                self.best[k] = vec
                path = vectors.write(out, vec)
                self.files[k] = path.name
                written.append(path)
        return written

    def known(self) -> dict:
        return {k: len(v["steps"]) for k, v in self.best.items() if v["reproduced"]}

    def clauses_found(self) -> list[str]:
        return sorted({k.split("|")[0] for k in self.counts})

    def to_json(self) -> dict:
        from harness.explore.coverage import effective, implemented, thin

        cov = effective(self.game, self.coverage)
        impl = implemented(self.game)
        found: dict = {}
        for k in sorted(self.counts):
            clause, check = k.split("|")
            vec = self.best.get(k)
            found.setdefault(clause, {})[check] = {
                "count": self.counts[k], "vector": self.files.get(k), "steps": len(vec["steps"]) if vec else None,
                "reproduced": vec["reproduced"] if vec else None, "message": vec["message"] if vec else ""}
        return {
            "game": self.game, "engine": self.engine, "choices": self.choices, "budget_seconds": self.budget,
            "scheduler": self.scheduler, "workers": self.workers, "out": self.out,
            "interrupted": self.interrupted, "startup_seconds": round(self.startup_seconds, 2),
            "seconds": round(time.monotonic() - self.started, 2), "explore_seconds": round(self.explore_seconds, 2),
            "tasks": self.tasks, "games": self.games, "transitions": self.transitions,
            "transitions_per_s": round(self.per_second, 1),
            "clauses_found": self.clauses_found(), "findings": found, "errors": self.errors[:20],
            "coverage": {"clauses": dict(sorted(cov.items())),
                         "exercised": sum(1 for c in impl if cov.get(c)), "implemented": len(impl),
                         "thinly_covered": thin(self.game, self.coverage)},
        }


def _client(scheduler: str | None, workers: int):
    from distributed import Client, LocalCluster

    if scheduler:
        client = Client(scheduler, timeout="20s")
        client.wait_for_workers(1, timeout=60)
        return client, None
    cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None,
                           silence_logs=40)
    return Client(cluster), cluster


def run_campaign(game: str, engine: str, choices: dict, budget: float, out: Path, scheduler: str | None = None,
                 workers: int = 2, slice_seconds: float = SLICE,
                 progress: Callable[[Summary], None] | None = None) -> Summary:
    """Explore for ``budget`` seconds on the cluster; vectors go to ``out`` as they are found.
    A KeyboardInterrupt ends the campaign early: the summary is marked ``interrupted``."""
    from distributed import as_completed

    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    summary = Summary(game, engine, dict(choices), budget, str(out), scheduler or "local")
    client = cluster = None
    pending = None
    try:
        client, cluster = _client(scheduler, workers)
        summary.workers = sum(w.get("nthreads", 1) for w in client.scheduler_info()["workers"].values())
        summary.startup_seconds = time.monotonic() - summary.started
        t0 = time.monotonic()
        end = t0 + budget
        shard = 0
        pending = as_completed()

        def submit() -> None:
            nonlocal shard
            left = end - time.monotonic()
            if left < MIN_SLICE:
                return
            task = Task(game, engine, dict(choices), shard * BLOCK, BLOCK, min(slice_seconds, left),
                        time.time() + left, summary.known())
            pending.add(client.submit(run_task, task.to_json(), pure=False, key=f"rulecheck-fuzz-{game}-{shard}"))
            shard += 1

        for _ in range(2 * max(1, summary.workers)):  # one running and one queued per worker
            submit()
        for fut in pending:
            try:
                result = fut.result()
            except Exception as exc:  # noqa: BLE001  (a task that died: reported, the campaign goes on)
                summary.errors.append({"task": str(fut.key), "error": f"{type(exc).__name__}: {exc}"})
                result = None
            if result is not None:
                summary.merge(result, out)
                summary.explore_seconds = time.monotonic() - t0
            if progress is not None:
                progress(summary)
            submit()
    except KeyboardInterrupt:
        summary.interrupted = True
    finally:
        _write_summary(out, summary)
        if pending is not None and client is not None:
            try:
                client.cancel(list(pending.futures), force=True)
            except Exception:  # noqa: BLE001
                pass
        if client is not None:
            client.close()
        if cluster is not None:
            cluster.close()
    return summary


def _write_summary(out: Path, summary: Summary) -> None:
    import json

    from harness.files import write_atomic

    write_atomic(out / SUMMARY, json.dumps(summary.to_json(), indent=1, ensure_ascii=False))
