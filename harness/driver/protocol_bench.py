"""Throughput of the engine protocol: checked transitions per second over a subprocess.

``bench_protocol(cmd, game, seconds)`` plays random games (uniform legal actions,
chance outcomes from ``engine.chance.sample``) through ``SubprocessEngine``. A
*transition* is one ``apply`` answered by the candidate and checked (protocol schema,
state envelope, the game's state schema, and the legal actions of the successor
against the action schema).

With ``batch=True`` (the default) ``parallel`` games advance together in ``batch``
requests, in two groups that are pipelined: while the candidate computes one group's
batch, rulecheck checks the other's answers, so both cores work. When the candidate
lists the ``apply-legal`` feature, one ``apply`` sub-request also brings back the legal
actions of the successor. With ``batch=False`` every request is its own line and waits
for its answer (the latency-bound figure).

The result also gives the time split: CPU seconds of both sides (rulecheck and the
candidate), CPU microseconds per transition on each side, each side's share, and
transitions per CPU-second of the busier side (what two free cores sustain), with the
load average, since wall-clock figures on a shared machine move with whatever else runs.
"""

from __future__ import annotations

import os
import random
import statistics
import time

from engine import chance as chance_mod
from harness.driver.subprocess_engine import SubprocessEngine


def _config_maker(game: str, config: dict | None):
    if config is not None:
        return lambda rng: dict(config)
    try:
        from harness.engines import random_config

        random_config(game, random.Random(0))
        return lambda rng: random_config(game, rng)
    except Exception:  # noqa: BLE001  (a game without a reference package: its default config)
        return lambda rng: {}


def _proc_cpu(pid: int | None) -> float:
    """CPU seconds (user + system) used so far by process ``pid`` (0 when unknown)."""
    if pid is None:
        return 0.0
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


class _Slot:
    __slots__ = ("state", "legal")

    def __init__(self):
        self.state: dict | None = None
        self.legal: list | None = None


def bench_protocol(cmd: str, game: str, seconds: float = 5.0, *, batch: bool = True, parallel: int = 128,
                   seed: int = 0, config: dict | None = None, state_refs: bool = True, **engine_kwargs) -> dict:
    """Measure checked transitions per second of the engine started by ``cmd``.

    ``state_refs``: send states back by ref when the engine has the feature ``state-ref``
    (``harness.driver.state_refs``; every state is still answered whole and checked).

    Returns a dict with ``transitions``, ``seconds`` (wall), ``transitions_per_second``,
    ``cpu_rulecheck``/``cpu_engine`` (CPU seconds), ``transitions_per_cpu_second`` (both
    sides together), the split (``us_per_transition``, ``cpu_share``: ``{"rulecheck": ..,
    "engine": ..}``; ``transitions_per_busier_cpu_second``), ``load_average``,
    ``round_trips``, ``games_finished``, ``errors`` and ``faults``.
    """
    rng = random.Random(seed)
    make_config = _config_maker(game, config)
    engine_kwargs.setdefault("batch_size", max(1, parallel))
    with SubprocessEngine(cmd, game=game, state_refs=state_refs, **engine_kwargs) as eng:
        pid = eng.pid
        cpu0, ecpu0, trips0, t0 = time.process_time(), _proc_cpu(pid), eng.requests, time.perf_counter()
        if batch:
            counts = _run_batched(eng, make_config, rng, parallel, t0 + seconds)
        else:
            counts = _run_single(eng, make_config, rng, t0 + seconds)
        elapsed = time.perf_counter() - t0
        cpu_r, cpu_e = time.process_time() - cpu0, _proc_cpu(pid) - ecpu0
        transitions = counts["transitions"]
        return {
            "engine": eng.name,
            "game": game,
            "batch": batch,
            "parallel": parallel if batch else 1,
            "apply_legal": eng.supports("apply-legal"),
            "state_refs": state_refs and eng.supports("state-ref"),
            "transitions": transitions,
            "seconds": round(elapsed, 3),
            "transitions_per_second": round(transitions / elapsed, 1) if elapsed else 0.0,
            "cpu_rulecheck": round(cpu_r, 3),
            "cpu_engine": round(cpu_e, 3),
            "transitions_per_cpu_second": round(transitions / (cpu_r + cpu_e), 1) if cpu_r + cpu_e else None,
            # the time split: CPU per checked transition on each side, and what two free cores
            # would sustain (both sides run at once when batches are pipelined: the busier bounds)
            "us_per_transition": {"rulecheck": _per(cpu_r, transitions), "engine": _per(cpu_e, transitions)},
            "cpu_share": {"rulecheck": round(cpu_r / (cpu_r + cpu_e), 3) if cpu_r + cpu_e else None,
                          "engine": round(cpu_e / (cpu_r + cpu_e), 3) if cpu_r + cpu_e else None},
            "transitions_per_busier_cpu_second": round(transitions / max(cpu_r, cpu_e), 1) if max(cpu_r, cpu_e) else None,
            "load_average": round(os.getloadavg()[0], 2),
            "round_trips": eng.requests - trips0,
            "games_finished": counts["finished"],
            "errors": counts["errors"],
            "faults": dict(eng.fault_counts),
        }


#: checked transitions per (wall) second the reference over ``rulecheck serve`` must reach, as a
#: multiple of the calibration's hearts plies per CPU-second measured in the same run
TARGET_RATIO = 0.12


def bench_protocol_runs(game: str, seconds: float = 4.0, runs: int = 3, *, cmd: str | None = None,
                        calibrate: bool = True, calibration=None, progress=None, state_refs: bool = True) -> dict:
    """``runs`` runs of :func:`bench_protocol` (a fresh engine process each), judged on their median.

    The result has every run, ``median_transitions_per_s``, ``best_transitions_per_s``,
    ``median_cpu_s_per_1k_transitions`` (CPU seconds per 1,000 checked transitions: both sides
    together, rulecheck, the engine). With a ``calibration`` (``harness.calibration.Calibration``)
    a slice of its workload is measured before every run and after the last, and each run is
    divided by the hearts-equivalent speed around it: ``ratio_to_hearts`` (wall-clock
    transitions/s, judged against ``TARGET_RATIO`` for the reference served by ``rulecheck
    serve``, ``cmd`` None) and ``cpu_ratio_to_hearts`` (transitions per CPU-second of the busier
    side). ``calibrate``: first a one-second in-process playout of the reference
    (``in_process_plies_per_s``), the engine's own speed at that moment."""
    import sys

    reference = cmd is None
    cmd = cmd or f"{sys.executable} -m harness.serve --game {game}"
    in_process = _in_process_plies_per_s(game) if calibrate else None
    cal_s = max(0.2, min(1.0, seconds / 4))
    first = calibration.measure(cal_s) if calibration is not None else None
    results = []
    for i in range(runs):
        r = bench_protocol(cmd, game, seconds, state_refs=state_refs)
        r["cpu_s_per_1k_transitions"] = _per_1k(r)
        if calibration is not None:
            calibration.measure(cal_s)
            hearts = calibration.hearts_per_s_around(first + i)
            r["hearts_per_s"] = round(hearts)
            r["ratio_to_hearts"] = round(r["transitions_per_second"] / hearts, 4)
            busier = r.get("transitions_per_busier_cpu_second")
            r["cpu_ratio_to_hearts"] = round(busier / hearts, 4) if busier else None
        results.append(r)
        if progress:
            progress(i + 1, runs)
    tps = [r["transitions_per_second"] for r in results]
    med = statistics.median(tps)
    ratio = cpu_ratio = None
    if calibration is not None:
        ratio = round(statistics.median(r["ratio_to_hearts"] for r in results), 4)
        cpu_ratios = [r["cpu_ratio_to_hearts"] for r in results if r["cpu_ratio_to_hearts"] is not None]
        cpu_ratio = round(statistics.median(cpu_ratios), 4) if cpu_ratios else None
    target = TARGET_RATIO if reference and calibration is not None else None
    busier = [r.get("transitions_per_busier_cpu_second") or 0 for r in results]
    out = {
        "game": game,
        "engine": results[0]["engine"],
        "runs": results,
        "state_refs": all(r.get("state_refs") for r in results),
        "median_transitions_per_s": round(med, 1),
        "best_transitions_per_s": max(tps),
        "median_transitions_per_busier_cpu_s": round(statistics.median(busier), 1),
        "median_us_per_transition": {side: statistics.median(r["us_per_transition"][side] or 0 for r in results)
                                     for side in ("rulecheck", "engine")},
        "median_cpu_s_per_1k_transitions": {side: round(statistics.median(r["cpu_s_per_1k_transitions"][side]
                                                                          for r in results), 4)
                                            for side in ("total", "rulecheck", "engine")},
        "ratio_to_hearts": ratio,
        "cpu_ratio_to_hearts": cpu_ratio,
        "target_ratio": target,
        "meets_target": None if target is None else ratio >= target,
        "in_process_plies_per_s": in_process,
        "load_average": results[-1]["load_average"],
    }
    if calibration is not None:
        out["calibration"] = calibration.summary()
    return out


def _per_1k(r: dict) -> dict:
    """CPU seconds per 1,000 checked transitions: both sides, then each."""
    us = r["us_per_transition"]
    rc, en = (us["rulecheck"] or 0) / 1000, (us["engine"] or 0) / 1000
    return {"total": round(rc + en, 4), "rulecheck": round(rc, 4), "engine": round(en, 4)}


def _in_process_plies_per_s(game: str, seconds: float = 1.0) -> int:
    from harness.bench import bench_game

    return bench_game(game, seconds=seconds, runs=1)["median_plies_per_s"]


def _per(cpu: float, transitions: int) -> float | None:
    return round(cpu / transitions * 1e6, 1) if transitions else None


def _next_request(slot: _Slot, eng, make_config, rng, use_legal: bool) -> dict:
    s = slot.state
    if s is None or s.get("result") is not None:
        return {"op": "new", "game": eng.game, "config": make_config(rng)}
    chance = s.get("chance")
    if chance is not None:
        req = {"op": "apply", "state": s, "action": chance_mod.sample(chance, rng)}
    else:
        legal = slot.legal
        if legal is None:
            return {"op": "legal", "state": s}
        if not legal:  # no action, no chance event, not over: the candidate is stuck; start again
            return {"op": "new", "game": eng.game, "config": make_config(rng)}
        req = {"op": "apply", "state": s, "action": legal[rng.randrange(len(legal))]}
    if use_legal:
        req["legal"] = True
    return req


#: seconds a run goes on past its end while it has measured no transition yet (a loaded machine
#: can spend a short run's whole time starting games), so that a figure is never 0 of 0
GRACE_S = 30.0


def _run_batched(eng: SubprocessEngine, make_config, rng, parallel: int, end: float) -> dict:
    use_legal = eng.supports("apply-legal")
    half = max(1, parallel // 2)
    groups = [[_Slot() for _ in range(half)], [_Slot() for _ in range(max(1, parallel - half))]]
    counts = {"transitions": 0, "finished": 0, "errors": 0}

    def submit(group):
        subs = [_next_request(slot, eng, make_config, rng, use_legal) for slot in group]
        return eng.submit_batch(subs), subs

    def absorb(group, subs, answers):
        for slot, sub, r in zip(group, subs, answers):
            if "error" in r:
                counts["errors"] += 1
                slot.state, slot.legal = None, None
                continue
            op = sub["op"]
            if op == "new":
                if slot.state is not None:
                    counts["finished"] += 1
                slot.state, slot.legal = r["state"], None
            elif op == "legal":
                slot.legal = r["actions"]
            else:
                counts["transitions"] += 1
                slot.state, slot.legal = r["state"], r.get("actions")

    inflight = [submit(groups[0]), submit(groups[1])]
    while True:
        for g in (0, 1):
            ticket, subs = inflight[g]
            absorb(groups[g], subs, eng.collect_batch(ticket))
            now = time.perf_counter()
            if now >= end and (counts["transitions"] or now >= end + GRACE_S):  # a figure needs transitions
                eng.collect_batch(inflight[1 - g][0])  # drain the batch still in flight before closing
                return counts
            inflight[g] = submit(groups[g])


def _run_single(eng: SubprocessEngine, make_config, rng, end: float) -> dict:
    counts = {"transitions": 0, "finished": 0, "errors": 0}
    state = eng.new_game(make_config(rng))
    while time.perf_counter() < end or (not counts["transitions"] and time.perf_counter() < end + GRACE_S):
        if state["result"] is not None:
            counts["finished"] += 1
            state = eng.new_game(make_config(rng))
            continue
        if state["chance"] is not None:
            action = chance_mod.sample(state["chance"], rng)
        else:
            legal = eng.legal_actions(state)
            if not legal:
                state = eng.new_game(make_config(rng))
                continue
            action = legal[rng.randrange(len(legal))]
        state = eng.apply(state, action)
        counts["transitions"] += 1
    return counts


def main(argv: list[str] | None = None) -> int:
    import argparse
    import json
    import sys

    ap = argparse.ArgumentParser(prog="python -m harness.driver.protocol_bench")
    ap.add_argument("--game", required=True)
    ap.add_argument("--engine", default=None, help="command line of the candidate (default: python -m harness.serve)")
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--no-batch", action="store_true")
    ap.add_argument("--parallel", type=int, default=128)
    args = ap.parse_args(argv)
    from harness import fewer_gc_pauses

    fewer_gc_pauses()  # as rulecheck does: the same figures as rulecheck bench --protocol
    cmd = args.engine or f"{sys.executable} -m harness.serve --game {args.game}"
    print(json.dumps(bench_protocol(cmd, args.game, args.seconds, batch=not args.no_batch, parallel=args.parallel),
                     indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
