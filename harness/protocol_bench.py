"""Throughput of the engine protocol: checked transitions per second over a subprocess.

``bench_protocol(cmd, game, seconds)`` plays random games (uniform legal actions,
chance outcomes from ``engine.chance.sample``) through ``SubprocessEngine``. A
*transition* is one ``apply`` answered by the candidate and checked (protocol schema,
state envelope and the game's state schema). With batching, ``parallel`` games advance
together: one ``batch`` of ``legal`` requests for the games at a player node, then one
``batch`` of ``apply`` requests for all of them; without, each request is its own line.
"""

from __future__ import annotations

import random
import time

from engine import chance as chance_mod
from harness.subprocess_engine import SubprocessEngine


def _config_maker(game: str, config: dict | None):
    if config is not None:
        return lambda rng: dict(config)
    try:
        from harness.engines import random_config

        random_config(game, random.Random(0))
        return lambda rng: random_config(game, rng)
    except Exception:  # noqa: BLE001  (a game without a reference package: its default config)
        return lambda rng: {}


def bench_protocol(cmd: str, game: str, seconds: float = 5.0, *, batch: bool = True, parallel: int = 64,
                   seed: int = 0, config: dict | None = None, **engine_kwargs) -> dict:
    """Measure checked transitions per second of the engine started by ``cmd``.

    Returns ``{"transitions", "seconds", "transitions_per_second", "legal_requests",
    "games_finished", "round_trips", "batch", "parallel", "engine", "faults"}``.
    """
    rng = random.Random(seed)
    make_config = _config_maker(game, config)
    engine_kwargs.setdefault("batch_size", max(1, parallel))
    with SubprocessEngine(cmd, game=game, **engine_kwargs) as eng:
        n = parallel if batch else 1
        states = [eng.new_game(make_config(rng)) for _ in range(n)]
        transitions = legal_requests = finished = 0
        trips0 = eng.requests
        t0 = time.perf_counter()
        end = t0 + seconds
        while time.perf_counter() < end:
            # games over -> new games
            for i, s in enumerate(states):
                if s["result"] is not None or (s["chance"] is None and s["to_move"] is None):
                    finished += 1
                    states[i] = eng.new_game(make_config(rng))
            need_legal = [i for i, s in enumerate(states) if s["chance"] is None]
            if batch:
                legal = dict(zip(need_legal, eng.legal_many([states[i] for i in need_legal]))) if need_legal else {}
            else:
                legal = {i: eng.legal_actions(states[i]) for i in need_legal}
            legal_requests += len(need_legal)
            pairs = []
            for i, s in enumerate(states):
                if s["chance"] is not None:
                    pairs.append((i, chance_mod.sample(s["chance"], rng)))
                elif legal[i]:
                    acts = legal[i]
                    pairs.append((i, acts[rng.randrange(len(acts))]))
                else:  # no action and no chance event: a stuck state (the engine's bug); restart it
                    states[i] = eng.new_game(make_config(rng))
            if batch:
                new = eng.apply_many([(states[i], a) for i, a in pairs])
            else:
                new = [eng.apply(states[i], a) for i, a in pairs]
            for (i, _), s in zip(pairs, new):
                states[i] = s
            transitions += len(pairs)
        elapsed = time.perf_counter() - t0
        return {
            "engine": eng.name,
            "game": game,
            "batch": batch,
            "parallel": n,
            "transitions": transitions,
            "seconds": round(elapsed, 3),
            "transitions_per_second": round(transitions / elapsed, 1) if elapsed else 0.0,
            "legal_requests": legal_requests,
            "games_finished": finished,
            "round_trips": eng.requests - trips0,
            "faults": dict(eng.fault_counts),
        }


def main(argv: list[str] | None = None) -> int:
    import argparse
    import json
    import sys

    ap = argparse.ArgumentParser(prog="python -m harness.protocol_bench")
    ap.add_argument("--game", required=True)
    ap.add_argument("--engine", default=None, help="command line of the candidate (default: python -m harness.serve)")
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--no-batch", action="store_true")
    ap.add_argument("--parallel", type=int, default=64)
    args = ap.parse_args(argv)
    cmd = args.engine or f"{sys.executable} -m harness.serve --game {args.game}"
    print(json.dumps(bench_protocol(cmd, args.game, args.seconds, batch=not args.no_batch, parallel=args.parallel),
                     indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
