"""How long the default ``rulecheck check`` takes (``rulecheck bench --check-time``).

For each game, the default check (``rulecheck check -g G``: the reference, or ``-e SPEC`` for a
candidate) runs in a child process, as a user runs it, its report thrown away. The figures are
its wall seconds and its CPU seconds (the child and every process it waited for: a ``cmd:``
engine's processes included, ``RUSAGE_CHILDREN``), and the CPU seconds times the calibration's
speed measured just before and after it in this process (``harness.calibration``): the check's
cost in millions of hearts plies, which moves far less from hour to hour on a shared machine
than seconds do. A candidate's check is also given as a multiple of the reference's, on CPU
and on wall time, the two run one after the other.

The check is the real one (Hypothesis's ``ci`` profile, every clause's tests): a minute or more
per game, so this is an option of ``bench``, never its default.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
import time


def _children_cpu() -> float:
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def _same_tree_env() -> dict:
    """The environment with this process's checkout first on the child's path: the check timed is
    this tree's, whatever the working folder (the child runs in a scratch folder)."""
    import harness

    root = os.path.dirname(os.path.dirname(os.path.abspath(harness.__file__)))
    rest = os.environ.get("PYTHONPATH")
    return {**os.environ, "PYTHONPATH": root + (os.pathsep + rest if rest else "")}


def time_check(game: str, engine: str = "reference", extra: list[str] | None = None,
               calibration=None) -> dict:
    """Run ``rulecheck check -g game -e engine`` once in a child process; its times.

    Returns ``game``, ``engine``, ``exit_code`` (0: every clause passes), ``wall_s``, ``cpu_s``
    and, with a ``calibration``, ``hearts_per_s`` around the run and ``hearts_mplies``
    (``cpu_s`` times that speed, in millions)."""
    first = calibration.measure(0.5) if calibration is not None else None
    with tempfile.TemporaryDirectory(prefix="rulecheck-check-time-") as scratch:
        cmd = [sys.executable, "-m", "harness.cli", "check", "-g", game, "-e", engine,
               "--json", os.path.join(scratch, "verdicts.json"), *(extra or [])]
        cpu0, t0 = _children_cpu(), time.perf_counter()
        done = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=scratch, env=_same_tree_env())
        wall, cpu = time.perf_counter() - t0, _children_cpu() - cpu0
    out = {"game": game, "engine": engine, "exit_code": done.returncode, "wall_s": round(wall, 2),
           "cpu_s": round(cpu, 2)}
    if done.returncode not in (0, 1):  # 1: clauses fail (a candidate's verdict); else the run itself failed
        out["stderr_tail"] = done.stderr.decode("utf-8", "replace")[-400:]
    if calibration is not None:
        calibration.measure(0.5)
        hearts = calibration.hearts_per_s_around(first)
        out["hearts_per_s"] = round(hearts)
        out["hearts_mplies"] = round(cpu * hearts / 1e6, 2)
    return out


def check_times(games: list[str], engine: str | None = None, calibration=None, progress=None) -> list[dict]:
    """The reference's default check time per game and, with ``engine``, the candidate's, one
    after the other, with ``multiple_cpu`` and ``multiple_wall``: the candidate's over the
    reference's."""
    results = []
    for game in games:
        if progress:
            progress(game, "reference")
        ref = time_check(game, "reference", calibration=calibration)
        row = {"game": game, "reference": ref}
        if engine is not None and engine != "reference":
            if progress:
                progress(game, engine)
            cand = time_check(game, engine, calibration=calibration)
            row["candidate"] = cand
            row["multiple_cpu"] = round(cand["cpu_s"] / ref["cpu_s"], 2) if ref["cpu_s"] else None
            row["multiple_wall"] = round(cand["wall_s"] / ref["wall_s"], 2) if ref["wall_s"] else None
        results.append(row)
    return results
