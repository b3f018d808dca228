"""A normal install works (packaging): the wheel built from this checkout, installed
alone into a fresh venv, runs ``rulecheck check --game dnup`` from an empty folder and passes
with the same tests as in the checkout; ``trace``, ``prove``, ``ambiguities``, ``bench`` and
``serve`` work there too.

The venv gets the wheel only (``--no-deps``); the dependencies already installed here are
lent to it by a ``.pth`` line naming this interpreter's site-packages, which adds them to
``sys.path`` without running their ``.pth`` files, so the editable checkout is not importable
there (checked: ``harness.__file__`` is inside the venv). The venv lives in a project folder
whose ``pytest.ini`` and ``conftest.py`` would wreck the run if the suite read anything of
the user's (pytest looks for its config upwards from the suite's folder).
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

import specs
from harness.run import pytest_args

ROOT = specs.ROOT
GAME = "dnup"
#: what a source tree holds that is no part of a build
NOT_SOURCE = shutil.ignore_patterns(".git", ".venv", "venv", "build", "dist", "*.egg-info", "__pycache__",
                                    ".hypothesis", ".pytest_cache", "reports", "node_modules")
USER_INI = "[pytest]\naddopts = -k this_matches_no_test\n"
USER_CONFTEST = "raise SystemExit(\"the user's conftest.py was read by rulecheck's suite\")\n"


def _run(cmd, cwd, **kw):
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTEST_ADDOPTS", "VIRTUAL_ENV")}
    return subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=kw.pop("timeout", 900), **kw)


@pytest.fixture(scope="session")
def venv(tmp_path_factory, request) -> Path:
    """A fresh venv inside a user's project folder, with only the wheel of this checkout installed.
    Built once per run: under pytest-xdist the workers share it (pytest-xdist's recipe, with a lock)."""
    if not hasattr(request.config, "workerinput"):  # no xdist worker
        return _install(tmp_path_factory.mktemp("wheel"))
    shared = tmp_path_factory.getbasetemp().parent  # this run's folder, common to its workers
    with open(shared / "wheel.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        done = shared / "wheel" / "project" / ".venv"
        if not (done / "bin" / "rulecheck").exists():
            shutil.rmtree(shared / "wheel", ignore_errors=True)  # what a failed attempt left
            _install(shared / "wheel")
    return done


def _install(tmp: Path) -> Path:
    tmp.mkdir(exist_ok=True)
    src = tmp / "src"  # a copy, so no stale build/ of the checkout sneaks into the wheel
    shutil.copytree(ROOT, src, ignore=NOT_SOURCE)
    built = _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-cache-dir",
                  "-w", str(tmp / "dist"), str(src)], cwd=tmp)
    assert built.returncode == 0, built.stdout + built.stderr
    (wheel,) = (tmp / "dist").glob("rulecheck-*.whl")
    project = tmp / "project"
    project.mkdir()
    (project / "pytest.ini").write_text(USER_INI)
    (project / "conftest.py").write_text(USER_CONFTEST)
    env_dir = project / ".venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(env_dir)], check=True)
    py = env_dir / "bin" / "python"
    purelib = _run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], cwd=tmp).stdout.strip()
    Path(purelib, "lent-dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    inst = _run([sys.executable, "-m", "pip", "--python", str(py), "install", "--no-deps", "--no-compile", str(wheel)],
                cwd=tmp)
    assert inst.returncode == 0, inst.stdout + inst.stderr
    return env_dir


@pytest.fixture
def empty(tmp_path) -> Path:
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    return folder


def rulecheck(venv: Path, cwd: Path, *args: str, **kw) -> subprocess.CompletedProcess:
    return _run([str(venv / "bin" / "rulecheck"), *args], cwd=cwd, **kw)


def checkout_test_ids(game: str) -> set[str]:
    """The tests ``rulecheck check --game G`` runs in this checkout (collected only)."""
    args = pytest_args([game], "reference", None, None) + ["--collect-only", "-q"]
    code = f"import sys, pytest; sys.exit(pytest.main({args!r}))"
    res = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stdout + res.stderr
    return {line.strip() for line in res.stdout.splitlines() if "::" in line}


def test_the_wheel_runs_its_own_copy(venv, empty):
    res = _run([str(venv / "bin" / "python"), "-c", "import json, harness, specs.paths as p; "
                "print(json.dumps([harness.__file__, str(p.DATA_ROOT), p.INSTALLED]))"], cwd=empty)
    harness_file, data_root, installed = json.loads(res.stdout)
    assert Path(harness_file).is_relative_to(venv) and not Path(harness_file).is_relative_to(ROOT)
    assert installed and Path(data_root).is_relative_to(venv)


def test_check_passes_from_an_empty_folder_with_the_checkouts_tests(venv, empty):
    res = rulecheck(venv, empty, "check", "--game", GAME, "--json", "report.json")
    assert res.returncode == 0, res.stdout + res.stderr
    report = json.loads((empty / "report.json").read_text())
    assert report["ok"] and report["totals"]["not-covered"] == 0
    ran = {t for c in report["clauses"] for t in c["tests"]}
    expected = checkout_test_ids(GAME)
    assert any("_features.py::" in t for t in expected), "the checkout collected no Gherkin scenario"
    assert report["tests"]["total"] == len(expected) and report["tests"]["passed"] == len(expected)
    assert ran == expected
    assert sorted(p.name for p in empty.iterdir()) == ["report.json"]  # nothing else written in the user's folder


@pytest.mark.parametrize("args", [("trace", "--game", GAME, "--json"),
                                  ("ambiguities", "--game", GAME, "--format", "json")], ids=lambda a: a[0])
def test_reports_read_the_same_rulebook_as_the_checkout(venv, empty, args):
    """trace (rulebook sentence -> clauses -> scenarios, suite tests, proofs) and the ambiguity
    report read the seeds, specs and features: from the wheel they say what they say here."""
    res = rulecheck(venv, empty, *args)
    assert res.returncode == 0, res.stderr
    here = subprocess.run([sys.executable, "-m", "harness.cli", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)
    assert json.loads(res.stdout) == json.loads(here.stdout)
    assert GAME in res.stdout


def test_trace_finds_scenarios_and_suite_tests(venv, empty):
    res = rulecheck(venv, empty, "trace", "--game", GAME, "--json")
    checks = {c.split()[0] for s in json.loads(res.stdout)["sentences"] for c in s["checks"]}
    assert {"scenario", "proof"} <= checks


def test_prove_and_bench_work(venv, empty):
    prove = rulecheck(venv, empty, "prove", "--game", GAME, "--theorem", "dnup.card-conservation", "--json")
    assert prove.returncode == 0, prove.stderr
    assert [t["status"] for t in json.loads(prove.stdout)["theorems"]] == ["proved"]
    bench = rulecheck(venv, empty, "bench", "--game", GAME, "--seconds", "0.2", "--runs", "1", "--json")
    assert bench.returncode == 0, bench.stderr
    assert json.loads(bench.stdout)[0]["runs"][0]["plies"] > 0


def test_serve_speaks_the_protocol(venv, empty):
    requests = [{"id": 1, "op": "hello"}, {"id": 2, "op": "new", "game": GAME, "config": {"players": 2}}]
    res = rulecheck(venv, empty, "serve", "--game", GAME, input="".join(json.dumps(r) + "\n" for r in requests),
                    timeout=120)
    assert res.returncode == 0, res.stderr
    hello, new = (json.loads(line) for line in res.stdout.splitlines())
    assert GAME in hello["games"] and new["id"] == 2 and "state" in new, res.stdout
