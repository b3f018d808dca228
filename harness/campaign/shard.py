"""One campaign task on one worker: seeded lockstep games for a time slice.

A task (:class:`Task`) names the game, the engine, its choices, a block of seeds and a time
slice. For each seed in turn, :func:`episode` plays one game of the candidate beside the
reference in a :class:`harness.explore.lockstep.Lockstep` (legal sets, chance, every observation,
negative probes, re-asked requests, successors), from a new game with a seeded config or
from a situation start (``harness.explore.situations``), choosing actions with a generator seeded
by the seed alone: the same seed explores the same games on any worker, in any run. No
Hypothesis draw and no example database is involved.

The first finding of each (clause, check) is shrunk (``harness.campaign.shrink``) into a
campaign vector before the task returns. The result is plain JSON-able data: seeds done,
transitions, per-clause coverage, finding counts and vectors.
"""

from __future__ import annotations

import contextvars
import random
import time

from engine import chance as chance_mod
from engine.canonical import dumps
from engine.errors import RulecheckError
from harness import capabilities
from harness.verdicts import findings
from harness.engines import oracle, open_engine, random_config
from harness.explore.lockstep import Lockstep, Memory
from harness.explore.situations import rng_for, situations
from harness.campaign.task import MAX_PLIES, PROBES, SITUATION_SHARE, Raw, Task, key_text
from harness.campaign.shrink import shrink

def _start_of(path0: dict) -> dict:
    return {"config": path0["new_game"]} if "new_game" in path0 else {"state": path0["state"]}


def episode(candidate, reference, builder, game: str, seed: int, on_new,
            deadline: float = float("inf")) -> findings.FindingSink:
    """Play the game of ``seed`` in lockstep; ``on_new(Raw)`` for each (clause, check) first found in it.
    The game stops early at ``deadline`` (``time.time()``). Returns the game's sink."""
    sink = findings.open_sink(f"campaign/{game}/{seed}")
    rng = random.Random(f"campaign/{game}/{seed}")
    starts = situations(game)
    ls = Lockstep(candidate, reference, "differential", Memory(), PROBES)
    path: list = []
    built = None
    if starts and rng.random() < SITUATION_SHARE:
        sit = starts[rng.randrange(len(starts))]
        built = sit.build(rng_for(game, sit.name, rng.randrange(10_000)), builder)
        if not _takes(candidate, built):
            built = None  # a start with a config key the candidate does not declare: a new game instead
    if built is not None:
        path = list(built.get("path", []))
        choose_fn = sit.choose
        go = _start(ls, built, sink, on_new, seed)
    else:
        config = capabilities.fit(candidate, random_config(game, rng))
        choose_fn = None
        go = config is not None and _start(ls, {"config": config}, sink, on_new, seed)
    plies = 0
    while go and ls.ref is not None and not ls.finished and plies < MAX_PLIES and time.time() < deadline:
        chosen: list = []
        scripted = path.pop(0) if path else None

        def choose(legal, pending):
            if scripted is not None:
                a = scripted
            elif legal:
                a = (choose_fn(rng, legal, reference.to_json(ls.ref)) if choose_fn is not None
                     else rng.choice(sorted(legal, key=dumps)))
            else:
                a = chance_mod.sample(pending, rng)
            chosen.append(a)
            return a

        if scripted is not None and not _playable(reference, ls.ref, scripted):
            path = []  # a situation built under other readings: play on at random
            continue
        before = dict(sink.counts)
        prefix = list(ls.path)
        player_turn = bool(reference.legal_actions(ls.ref))
        go = ls.step(choose)
        plies += player_turn
        _report_new(sink, before, seed, _start_of(prefix[0]), prefix[1:] + chosen, on_new)
    findings.close_sink()
    return sink


def _takes(candidate, built: dict) -> bool:
    """Whether a situation start uses only config keys the candidate declares (``harness.capabilities``)."""
    if "state" in built:
        return not capabilities.state_missing_keys(candidate, built["state"])
    return not capabilities.missing_keys(candidate, built["config"])


def _playable(reference, ref_state, action: dict) -> bool:
    legal = reference.legal_actions(ref_state)
    if legal:
        return dumps(action) in {dumps(a) for a in legal}
    try:
        reference.apply(ref_state, action)
    except RulecheckError:
        return False
    return True


def _start(ls: Lockstep, built: dict, sink, on_new, seed: int) -> bool:
    before = dict(sink.counts)
    try:
        ok = ls.start_from_state(built["state"]) if "state" in built else ls.start(built["config"])
    except RulecheckError:
        return False  # a start of the default readings this reading does not allow
    _report_new(sink, before, seed, {k: built[k] for k in ("state", "config") if k in built}, [], on_new)
    return ok


def _report_new(sink, before: dict, seed: int, start: dict, steps: list, on_new) -> None:
    for key in sink.counts:
        if key not in before and sink.kept.get(key):
            on_new(Raw(key, seed, start, list(steps), sink.kept[key][0]))


def run_task(task: Task | dict) -> dict:
    """Explore seeds until the slice is over; the result is JSON-able (see the module docstring)."""
    if isinstance(task, dict):
        task = Task(**task)
    t0 = time.monotonic()
    deadline = min(time.time() + task.seconds, task.until or float("inf"))
    candidate = open_engine(task.engine, task.game, task.choices or None)
    try:
        declared = dict(getattr(candidate, "choices", {}) or {})
        reference = oracle(task.game, declared)
        builder = oracle(task.game, {})
        raws: dict[tuple[str, str], Raw] = {}
        counts: dict[str, int] = {}
        coverage: dict[str, int] = {}
        transitions = games = 0
        errors: list[dict] = []
        seed = task.first_seed

        def on_new(raw: Raw) -> None:
            best = raws.get(raw.key)
            if best is None or len(raw.steps) < len(best.steps):
                raws[raw.key] = raw

        while seed < task.first_seed + task.seeds and time.time() < deadline:
            try:
                sink = contextvars.copy_context().run(episode, candidate, reference, builder, task.game,
                                                      seed, on_new, deadline)
            except Exception as exc:  # noqa: BLE001  (an engine that crashes outside the protocol's errors)
                errors.append({"seed": seed, "error": f"{type(exc).__name__}: {exc}"[:500]})
                sink = findings.FindingSink()
            seed += 1
            games += 1
            transitions += sink.explored
            for k, n in sink.counts.items():
                counts[key_text(k)] = counts.get(key_text(k), 0) + n
            for c, n in sink.coverage.items():
                coverage[c] = coverage.get(c, 0) + n
        explore_s = time.monotonic() - t0
        vectors = []
        for key, raw in sorted(raws.items()):
            if task.known.get(key_text(key), 10**9) <= min(1, len(raw.steps)):
                continue  # the driver holds a single-transition vector already
            vectors.append(shrink(candidate, reference, task.game, task.engine, declared, raw))
        return {"first_seed": task.first_seed, "seeds_done": seed - task.first_seed, "games": games,
                "transitions": transitions, "errors": errors, "counts": counts, "coverage": coverage, "vectors": vectors,
                "explore_seconds": round(explore_s, 3), "seconds": round(time.monotonic() - t0, 3)}
    finally:
        close = getattr(candidate, "close", None)
        if close:
            close()
