"""rulecheck fuzz on Dask: a campaign through a real scheduler and two worker processes,
its finding saved as a vector, and ``rulecheck check --vectors`` failing the engine on it.

The default run starts ``dask scheduler`` and two ``dask worker`` processes on free localhost
ports, runs a 15 s campaign through ``--scheduler`` against a broken engine, and replays the
vector. The long run (``pytest -m campaign``) shows the campaign finding an engine that the
default ``rulecheck check`` misses (tests/broken/campaign.py).
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
ENGINE = "py:tests.broken.sorry:make_swaps_into_safety_zone"
CLAUSE = "SRY-SAFETY-OWN-COLOUR"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _spawn(args: list[str]) -> subprocess.Popen:
    return subprocess.Popen(args, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)


def _stop(procs: list[subprocess.Popen]) -> None:
    for p in reversed(procs):
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGTERM)
    for p in procs:
        try:
            p.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait()


@pytest.fixture
def cluster():
    """A scheduler and two one-thread workers, each its own process, on localhost."""
    from distributed import Client

    addr = f"tcp://127.0.0.1:{_free_port()}"
    dask = str(BIN / "dask")
    procs = [_spawn([dask, "scheduler", "--host", "127.0.0.1", "--port", addr.rsplit(":", 1)[1],
                     "--no-dashboard"])]
    try:
        for i in range(2):
            procs.append(_spawn([dask, "worker", addr, "--nthreads", "1", "--nworkers", "1", "--no-dashboard",
                                 "--name", f"w{i}", "--local-directory", os.environ.get("TMPDIR", "/tmp")]))
        with Client(addr, timeout="30s") as client:
            client.wait_for_workers(2, timeout=60)
        yield addr
    finally:
        _stop(procs)
    assert all(p.poll() is not None for p in procs)


def _rulecheck(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(BIN / "rulecheck"), *args], cwd=ROOT, capture_output=True, text=True, timeout=300)


def _verdicts(path: Path) -> dict:
    return {c["clause"]: c for c in json.loads(path.read_text(encoding="utf-8"))["clauses"]}


def test_fuzz_through_a_scheduler_saves_a_vector_that_check_replays(cluster, tmp_path):
    out = tmp_path / "vectors"
    run = _rulecheck("fuzz", "--game", "sorry", "--engine", ENGINE, "--scheduler", cluster, "--budget", "15s",
                     "--out", str(out), "--json")
    assert run.returncode == 1, run.stderr[-2000:]  # findings
    report = json.loads(run.stdout)
    assert report["workers"] == 2 and report["scheduler"] == cluster
    assert report["transitions"] > 0 and report["transitions_per_s"] > 0
    assert report["clauses_found"] == [CLAUSE]
    found = report["findings"][CLAUSE]["differential"]
    vec = json.loads((out / found["vector"]).read_text(encoding="utf-8"))
    assert (vec["clause"], vec["game"], vec["reproduced"]) == (CLAUSE, "sorry", True)
    assert len(vec["steps"]) == 1 and "state" in vec["start"]  # shrunk to the one transition
    assert json.loads((out / "campaign.json").read_text(encoding="utf-8"))["clauses_found"] == [CLAUSE]

    # the engine and the reference replay the vector side by side (the two checks are independent)
    bad, good = _together(
        ["check", "--game", "sorry", "--engine", ENGINE, "--vectors", str(out), "--clause", CLAUSE,
         "--json", str(tmp_path / "bad.json")],
        ["check", "--game", "sorry", "--vectors", str(out), "--clause", CLAUSE, "--json", str(tmp_path / "good.json")])
    assert bad.returncode == 1, bad.stdout[-2000:]
    v = _verdicts(tmp_path / "bad.json")[CLAUSE]
    assert v["verdict"] == "fail" and "vector" in v["checks"]
    assert any(t.endswith(f"[{found['vector']}]") for t in v["tests"])
    assert good.returncode == 0, good.stdout[-2000:]
    v = _verdicts(tmp_path / "good.json")[CLAUSE]
    assert v["verdict"] == "pass" and any(t.endswith(f"[{found['vector']}]") for t in v["tests"])


def _together(*commands: list[str]) -> list[subprocess.CompletedProcess]:
    procs = [subprocess.Popen([str(BIN / "rulecheck"), *c], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True) for c in commands]
    outs = [p.communicate(timeout=300) for p in procs]
    return [subprocess.CompletedProcess(p.args, p.returncode, *o) for p, o in zip(procs, outs)]


@pytest.mark.campaign
def test_fuzz_finds_a_rare_bug_the_default_check_misses(tmp_path):
    """tests/broken/campaign.py: the default check passes the engine's clause; the default fuzz
    budget on a local cluster finds it, and the vector fails the engine at once."""
    from tests.broken.campaign import CAMPAIGN

    _cls, game, clause = CAMPAIGN["split_seven_bumps_once"]
    engine = "py:tests.broken.campaign:make_split_seven_bumps_once"
    plain = _rulecheck("check", "--game", game, "--engine", engine, "--failures-only",
                       "--json", str(tmp_path / "plain.json"))
    assert _verdicts(tmp_path / "plain.json")[clause]["verdict"] == "pass", plain.stdout[-2000:]
    out = tmp_path / "vectors"
    run = _rulecheck("fuzz", "--game", game, "--engine", engine, "--out", str(out), "--json")
    report = json.loads(run.stdout)
    assert clause in report["clauses_found"], report
    replay = _rulecheck("check", "--game", game, "--engine", engine, "--vectors", str(out), "--clause", clause,
                        "--json", str(tmp_path / "replay.json"))
    assert replay.returncode == 1
    assert "vector" in _verdicts(tmp_path / "replay.json")[clause]["checks"]
