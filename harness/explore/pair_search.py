"""The long exploration that declares a game's clause pairs (``specs/<game>/pairs.toml``).

``python -m harness.explore.pair_search --game G --write`` plays the reference alone, every
generator seeded by name: ``--playouts`` random games of each covering config
(``covering_configs()`` of ``harness/games/<game>/machine.py``) and as many random configs
(:func:`harness.engines.random_config`), up to ``--max-plies`` player actions each, then every
situation of ``harness/games/<game>/situations.py`` at ``--scale`` times its default samples (its
own builder and policy). Each transition's clauses come from the reference's provenance
(:func:`harness.explore.coverage.transition`, as in the default run); every pair of them is a
declared pair, written with where it was first seen: ``seen`` for people, ``at`` to rebuild the
position (:func:`rebuild`). A pair already in the file keeps its entry (an earlier, longer
exploration's pairs stay; ``--fresh`` drops them).

``python -m harness.explore.pair_search --game G --mark-replays`` runs the default check of the
reference without the situation ``pair-witnesses`` (``RULECHECK_PAIR_WITNESSES=0``) and marks
``replay = true`` exactly the declared pairs that run does not reach (a mark a new situation made
needless goes): the default run's ``pair-witnesses``
(:func:`harness.explore.situations.pair_witnesses`) then rebuilds their positions.
"""

from __future__ import annotations

import json
import random
from itertools import combinations
from typing import Iterator

import specs
from engine import chance as chance_mod
from engine.canonical import dumps
from harness.explore.coverage import transition
from harness.explore.pairs import FILE, WITNESS_SWITCH, entries, forget, key

#: the defaults: random games per covering config (and random configs), situation samples as a
#: multiple of the default run's, player actions per random game
PLAYOUTS, SCALE, MAX_PLIES = 100, 10, 300


def _uniform(rng: random.Random):
    return lambda legal, _state_json: rng.choice(sorted(legal, key=dumps))


def _walk(ref, state, rng: random.Random, plies: int, choose, path=()) -> Iterator[tuple]:
    """The transitions of one exploration game: the actions of ``path``, then ``plies`` player actions
    (``choose(legal, state_json)``; chance outcomes at random from ``rng``). Yields ``(state, action,
    chance)`` before each transition is applied."""
    for action in path:
        yield state, action, not ref.legal_actions(state)
        state = ref.apply(state, action)
    done = 0
    while done < plies:
        legal = ref.legal_actions(state)
        pending = None if legal else ref.chance(state)
        if not legal and pending is None:
            return
        action = choose(legal, ref.to_json(state)) if legal else chance_mod.sample(pending, rng)
        yield state, action, not legal
        state = ref.apply(state, action)
        done += bool(legal)


def _games(game: str, ref, playouts: int, scale: float, max_plies: int) -> Iterator[tuple[dict, str, Iterator]]:
    """Every exploration game: ``(at, seen, transitions)`` with ``at`` the recipe :func:`_start` rebuilds
    it from (without ``transition``)."""
    from harness import games as registry
    from harness.explore.differential import covering_configs

    for i in range(len(covering_configs(game))):
        for k in range(playouts):
            at = {"playout": "covering", "config": i, "game": k}
            yield at, f"random game {k} of covering config {i}", _start(game, ref, at, max_plies)
    for i in range(playouts):
        at = {"playout": "random", "game": i}
        yield at, f"random game of random config {i}", _start(game, ref, at, max_plies)
    for sit in registry.get(game).situations():
        for i in range(max(1, int(sit.samples * scale))):
            at = {"situation": sit.name, "sample": i}
            yield at, f"situation {sit.name}, sample {i}", _start(game, ref, at, max_plies)


def _start(game: str, ref, at: dict, max_plies: int) -> Iterator[tuple]:
    """The transitions of the exploration game ``at`` names (every generator seeded by name)."""
    from harness import engines, games as registry
    from harness.explore.differential import covering_configs

    if "situation" in at:
        sit = next((s for s in registry.get(game).situations() if s.name == at["situation"]), None)
        if sit is None:
            raise LookupError(f"{game} has no situation {at['situation']!r} (specs/{game}/{FILE} is due to be written "
                              "again)")
        rng = random.Random(f"{game}/{sit.name}/{at['sample']}")  # the default run's samples come first
        start = sit.build(rng, ref)
        state = ref.from_json(start["state"]) if "state" in start else ref.new_game(start["config"])
        policy = (lambda legal, sj: sit.choose(rng, legal, sj)) if sit.choose is not None else _uniform(rng)
        return _walk(ref, state, rng, sit.plies, policy, start.get("path", ()))
    if at["playout"] == "covering":
        rng = random.Random(f"{game}/pairs/covering config {at['config']}/{at['game']}")
        config = covering_configs(game)[at["config"]]
    else:
        rng = random.Random(f"{game}/pairs/random config {at['game']}/0")
        config = engines.random_config(game, rng)
    return _walk(ref, ref.new_game(config), rng, at.get("max_plies", max_plies), _uniform(rng))


def explore(game: str, playouts: int = PLAYOUTS, scale: float = SCALE, max_plies: int = MAX_PLIES,
            progress=None) -> dict[str, dict]:
    """The pairs the reference reaches (see the module docstring): key -> ``{"clauses", "seen", "at"}``
    of the first transition that exercised it."""
    from harness import engines

    ref = engines.oracle(game, {})
    explainer = ref.explainer()
    found: dict[str, dict] = {}
    for at, seen, steps in _games(game, ref, playouts, scale, max_plies):
        if "playout" in at:
            at = {**at, "max_plies": max_plies}
        for t, (state, action, chance) in enumerate(steps):
            for a, b in combinations(sorted(transition(explainer, ref.to_json(state), action, chance)), 2):
                if key((a, b)) not in found:
                    found[key((a, b))] = {"clauses": [a, b], "seen": f"{seen}, transition {t}",
                                          "at": {**at, "transition": t}}
        if progress and at.get("game", at.get("sample")) == 0:
            progress(f"{seen}: {len(found)} pairs so far")
    return found


def rebuild(game: str, ref, at: dict):
    """The state before the transition ``at`` names, and that transition's action."""
    for t, (state, action, _chance) in enumerate(_start(game, ref, at, MAX_PLIES)):
        if t == at["transition"]:
            return state, action
    raise LookupError(f"{game}: the exploration game {dumps(at)} ends before its transition {at['transition']} "
                      f"(specs/{game}/{FILE} is due to be written again)")


def _toml(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return json.dumps(v)  # a TOML basic string is a JSON string for these texts
    if isinstance(v, list):
        return "[" + ", ".join(_toml(x) for x in v) + "]"
    return "{ " + ", ".join(f"{k} = {_toml(x)}" for k, x in v.items()) + " }"


def write(game: str, pairs: dict[str, dict], command: str) -> str:
    """Write ``specs/<game>/pairs.toml`` (key -> entry); returns its path."""
    lines = [f"# The clause pairs of {specs.TITLES.get(game, game)} that can meet in one transition: two clauses the",
             "# reference's provenance names together for one transition (harness/explore/pairs.py). Written by",
             f"# the long exploration `{command}`",
             "# (harness/explore/pair_search.py), never by the default run. `seen`: where the exploration first met",
             "# the pair; `at`: how to rebuild that position. `replay = true` (marked by `python -m",
             f"# harness.explore.pair_search --game {game} --mark-replays`): the rest of the default run does not",
             "# reach the pair, and its situation pair-witnesses rebuilds it. The default `rulecheck check` must",
             "# reach every pair listed (coverage.pairs in its report).", ""]
    for k in sorted(pairs):
        e = pairs[k]
        lines += ["[[pair]]", f"clauses = {_toml(sorted(e['clauses']))}", f"seen = {_toml(e['seen'])}",
                  f"at = {_toml(e['at'])}"]
        if e.get("replay"):
            lines.append("replay = true")
        lines.append("")
    path = specs.SPECS_DIR / game / FILE
    path.write_text("\n".join(lines), encoding="utf-8")
    forget()
    return str(path)


def main(argv: list[str] | None = None) -> int:
    import argparse
    import sys
    import time

    ap = argparse.ArgumentParser(prog="python -m harness.explore.pair_search", description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", required=True, action="append", help="a game (repeatable)")
    ap.add_argument("--playouts", type=int, default=PLAYOUTS, help="random games per covering config, and random configs")
    ap.add_argument("--scale", type=float, default=SCALE, help="situation samples, times the default run's")
    ap.add_argument("--max-plies", type=int, default=MAX_PLIES, help="player actions per random game")
    ap.add_argument("--write", action="store_true", help=f"write specs/<game>/{FILE}: the pairs declared there and "
                    "the pairs found (an entry already there is kept)")
    ap.add_argument("--fresh", action="store_true", help="with --write: only the pairs found this time")
    ap.add_argument("--mark-replays", action="store_true", help="mark replay = true exactly the declared pairs the "
                    "default check (without pair-witnesses) does not reach (no exploration)")
    args = ap.parse_args(argv)
    for game in args.game:
        old = entries(game)
        if args.mark_replays:
            reached = reached_without_witnesses(game)
            for k, e in old.items():
                old[k] = {**{f: v for f, v in e.items() if f != "replay"}, **({} if k in reached else {"replay": True})}
            marked = sum(1 for e in old.values() if e.get("replay"))
            print(f"{game}: {marked} of {len(old)} declared pair(s) not reached without pair-witnesses, marked replay; "
                  f"written: {write(game, old, _command(game, args))}")
            continue
        t0 = time.monotonic()
        found = explore(game, args.playouts, args.scale, args.max_plies,
                        progress=lambda s: print(f"  {game}: {s}", file=sys.stderr, flush=True))
        print(f"{game}: {len(found)} pairs found in {time.monotonic() - t0:.0f} s; {len(set(found) - set(old))} not "
              f"declared, {len(set(old) - set(found))} declared but not found this time")
        if args.write:
            print("  written:", write(game, found if args.fresh else {**found, **old}, _command(game, args)))
    return 0


def reached_without_witnesses(game: str) -> set[str]:
    """The declared pairs the default check of the reference reaches without the situation
    ``pair-witnesses`` (``rulecheck check`` in a subprocess, with ``RULECHECK_PAIR_WITNESSES=0``)."""
    import os
    import subprocess
    import sys
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "report.json"
        subprocess.run([sys.executable, "-m", "harness.cli", "check", "--game", game, "--failures-only", "--json",
                        str(out)], cwd=specs.ROOT, env={**os.environ, WITNESS_SWITCH: "0"}, check=False,
                       stdout=subprocess.DEVNULL)
        if not out.is_file():
            raise RuntimeError(f"{game}: the default check wrote no report")
        report = json.loads(out.read_text(encoding="utf-8"))
    if not report.get("ok"):
        raise RuntimeError(f"{game}: the default check of the reference does not pass; fix that first")
    return {k for k, n in report["coverage"]["pairs"]["pairs"].items() if n}


def _command(game: str, args) -> str:
    return (f"python -m harness.explore.pair_search --game {game} --playouts {args.playouts} --scale {args.scale:g} "
            f"--max-plies {args.max_plies} --write")


if __name__ == "__main__":
    raise SystemExit(main())
