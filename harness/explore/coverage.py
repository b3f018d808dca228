"""Situation coverage: how often explored transitions exercised each clause.

Every transition the reference drives (differential play, situations) is explained by the
reference's provenance (``engine.provenance``); the clauses it names are counted on the
running test's sink (``FindingSink.coverage``): the effects of the transition, what made
the action legal (or the chance event), why a probe was rejected, what decides each
player's observation, and the effects of a new game. ``rulecheck check`` sums the counts
over the run, reports them per clause (terminal, JSON, HTML) and flags an implemented
clause exercised fewer than :data:`THIN` times as *thinly covered*.

``python -m harness.explore.coverage --game G`` runs the default check on the reference in-process
and prints the thinly covered clauses (what a position builder should aim at).
"""

from __future__ import annotations

from typing import Any, Iterable

import specs

#: an implemented clause exercised fewer times than this in a run is thinly covered
THIN = 20


def _safe(fn, *args) -> Any:
    try:
        return fn(*args)
    except Exception:  # noqa: BLE001  (provenance explains; it must never stop a check)
        return ()


def transition(explainer, state_json: dict, action: dict, chance: bool) -> set[str]:
    """The clauses one transition exercised: its effects, and what made it legal (or the chance event)."""
    out: set[str] = set()
    for e in _safe(explainer.transition, state_json, action) or ():
        out.update(e.clauses)
    out.update(_safe(explainer.chance, state_json) if chance else _safe(explainer.legal, state_json, action))
    return out


def rejection(explainer, state_json: dict, action: dict) -> set[str]:
    return set(_safe(explainer.rejection, state_json, action) or ())


def observation(explainer, state_json: dict, player: int) -> set[str]:
    fn = getattr(explainer, "observation", None)
    if fn is None:
        return set()
    return {c for e in (_safe(fn, state_json, player) or ()) for c in e.clauses}


def setup(explainer, config: dict) -> set[str]:
    return {c for e in (_safe(explainer.setup, config) or ()) for c in e.clauses}


# ---- config coverage: which declared config values and choice options the run played --------------

#: the prefix of a choice's entries in config coverage (``choice <game>.<choice>=<option>``)
CHOICE = "choice "


def _label(v: Any) -> str:
    return "true" if v is True else "false" if v is False else "null" if v is None else str(v)


def declared_values(game: str, keys: Iterable[str] | None = None) -> list[str]:
    """Every value the default run must reach, as ``key=value`` entries: the ``values`` of each
    config key of ``specs/<game>/config.toml`` (only ``keys`` when given: the keys an engine
    declares), then every option of every choice (``choice <id>=<option>``)."""
    from harness import capabilities

    out = []
    for name, spec in capabilities.config_keys(game).items():
        if keys is None or name in keys:
            out += [f"{name}={_label(v)}" for v in spec.get("values", [])]
    for cid, ch in specs.load(game).choices.items():
        out += [f"{CHOICE}{cid}={o}" for o in ch.options]
    return out


def _classes(spec: dict, present: bool, v: Any) -> list[str]:
    """The declared values (``kind`` in config.toml) a key given as ``v`` (or left out) is in."""
    kind = spec.get("kind")
    if kind is None:
        if present:
            return [_label(v)]
        return [_label(spec["default"])] if "default" in spec else []
    if not present or v is None:
        return ["absent"]
    if kind == "given":
        return ["given"]
    if kind == "seat":
        return ["colour name" if isinstance(v, str) else "seat index"]
    if kind == "colours":
        order = list(spec.get("order", []))
        try:
            seats = sorted(v, key=order.index)
        except (TypeError, ValueError):
            return []
        out = ["the first colours" if seats == order[:len(seats)] else "seats unlike colour indexes"]
        return out + (["listed out of order"] if list(v) != seats else [])
    return []


def config_values(game: str, config: dict, choices: dict[str, str] | None = None) -> list[str]:
    """The declared values (:func:`declared_values` entries) a new game with ``config``, played
    under ``choices`` (the engine's readings; a choice it leaves out is at its default), is in."""
    from harness import capabilities

    out = []
    for name, spec in capabilities.config_keys(game).items():
        out += [f"{name}={c}" for c in _classes(spec, name in config, config.get(name))]
    defaults = specs.load(game).default_choices()
    for cid in specs.load(game).choices:
        out.append(f"{CHOICE}{cid}={(choices or {}).get(cid, defaults.get(cid))}")
    return out


def note_game(engine, game: str, config: dict) -> None:
    """Count the declared config values and choice options of a new game ``engine`` plays (config
    coverage, on the running test's sink)."""
    from harness import capabilities
    from harness.verdicts.findings import current

    keys = capabilities.declared(engine)
    current().note_config(config_values(game, config, dict(getattr(engine, "choices", {}) or {})),
                          None if keys is None else sorted(keys))


def config_report(games: list[str], records: list[dict], every_reading: bool = True) -> dict:
    """Config coverage over a run: per declared value, how many games and transitions were played
    with it (``values``), and the values no game reached (``not_reached``: a gap). Only the keys
    the engine declares are asked of it (``config_keys`` of the records; none recorded: all), and
    only the choice options it plays unless it plays ``every_reading`` (the reference does; an
    engine declares one option per choice)."""
    reached: dict[str, list[int]] = {}
    keys: set[str] | None = set()
    for r in records:
        cc = r.get("config_coverage") or {}
        for v, (g, t) in (cc.get("values") or {}).items():
            n = reached.setdefault(v, [0, 0])
            n[0] += g
            n[1] += t
        if cc.get("values") and keys is not None:
            keys = None if cc.get("keys") is None else keys | set(cc["keys"])
    declared = [v for game in games for v in declared_values(game, keys or None)
                if every_reading or not v.startswith(CHOICE) or v in reached]
    values = {v: {"games": reached.get(v, [0, 0])[0], "transitions": reached.get(v, [0, 0])[1]} for v in declared}
    return {"values": values, "not_reached": [v for v in declared if not values[v]["games"]]}


# ---- pair coverage: which two clauses met in one transition ---------------------------------------

#: between the two clause ids of a pair (``"A + B"``, in id order)
PAIR = " + "


def pairs_of(clauses: Iterable[str]) -> list[str]:
    """Every pair of two clauses among ``clauses`` (the ones one transition exercised)."""
    cs = sorted(set(clauses))
    return [f"{a}{PAIR}{b}" for i, a in enumerate(cs) for b in cs[i + 1:]]


def note_pairs(counts: dict[str, int], clauses: Iterable[str]) -> None:
    """Count every pair of ``clauses`` (exercised by one transition) in ``counts``."""
    for p in pairs_of(clauses):
        counts[p] = counts.get(p, 0) + 1


def implemented(game: str) -> list[str]:
    """The implemented normative clauses of ``game``: the ones coverage is asked of."""
    return [c.id for c in specs.load(game).clauses.values() if c.normative and c.status == "implemented"]


def effective(game: str, counts: dict[str, int]) -> dict[str, int]:
    """``counts`` with each clause that restates or illustrates others (``exercised_with`` in
    the spec: a goal, a worked example, the component list, an FAQ answer) credited with the
    exercises of those clauses: it decides nothing of its own in play."""
    out = dict(counts)
    for c in specs.load(game).clauses.values():
        if c.exercised_with:
            out[c.id] = counts.get(c.id, 0) + sum(counts.get(w, 0) for w in c.exercised_with)
    return out


def thin(game: str, counts: dict[str, int], threshold: int = THIN) -> list[str]:
    counts = effective(game, counts)
    return [c for c in implemented(game) if counts.get(c, 0) < threshold]


def merge(total: dict[str, int], counts: Iterable[tuple[str, int]]) -> None:
    for c, n in counts:
        total[c] = total.get(c, 0) + n


def main(argv: list[str] | None = None) -> int:
    import argparse
    import json
    import subprocess
    import sys
    import tempfile
    from pathlib import Path

    ap = argparse.ArgumentParser(prog="python -m harness.explore.coverage", description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", required=True)
    ap.add_argument("--engine", default="reference")
    ap.add_argument("--all", action="store_true", help="print every clause, not only the thin ones")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "report.json"
        subprocess.run([sys.executable, "-m", "harness.cli", "check", "--game", args.game, "--engine", args.engine,
                        "--failures-only", "--json", str(out)], cwd=specs.ROOT, check=False)
        report = json.loads(out.read_text(encoding="utf-8"))
    cov = report.get("coverage", {})
    counts = effective(args.game, cov.get("clauses", {}))
    for c in implemented(args.game):
        n = counts.get(c, 0)
        if args.all or n < THIN:
            print(f"{c:40s} {n:7d}{'  thinly covered' if n < THIN else ''}")
    print(f"{len(thin(args.game, counts))} of {len(implemented(args.game))} implemented clauses thinly covered; "
          f"{cov.get('transitions', 0)} transitions explained")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
