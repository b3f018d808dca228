"""``--sandbox`` holds: engines of ``tests/faulty/escape.py`` try one escape each, the way a
user would run them (``rulecheck check --sandbox``), and every attempt fails while the run
still ends with a verdict (PROTOCOL fails, exit 1) and reports that parse.

Each attempt is checked from outside as well as by the engine's own account on stderr
(shown in the PROTOCOL finding): no file appears in the host's /tmp, /dev/shm, $HOME, the
checkout or rulecheck's working folder; a TCP listener on the host gets no connection;
rulecheck and a bystander process are neither stopped nor killed; no process of the
engine is left; rulecheck's temp folder is as empty after the run as before (nothing of
the scratch is left). The same attacks run once more with rulecheck as an unprivileged
user (uid 65534), where the sandbox is a user namespace mapped to that user.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import uuid
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import psutil
import pytest

import specs
from harness.driver import sandbox

ROOT = specs.ROOT
ESCAPE = ROOT / "tests/faulty/escape.py"
ATTACKS = ("remount", "write", "proc", "signal", "ptrace", "network", "forkbomb", "memory", "mess")
NOBODY = 65534
SYSTEM_PYTHON = "/usr/bin/python3"

_why = sandbox.available()[1] if sandbox.available()[0] is None else ""
needs_sandbox = pytest.mark.skipif(bool(_why), reason=_why or "sandbox available")


class _Strict(HTMLParser):
    def error(self, message):  # pragma: no cover (html.parser reports nothing by default)
        raise AssertionError(message)


def host_address() -> str | None:
    for addrs in psutil.net_if_addrs().values():
        for a in addrs:
            if a.family == socket.AF_INET and not a.address.startswith("127."):
                return a.address
    return None


def marked_processes(mark: str) -> list[int]:
    found = []
    for p in psutil.process_iter():
        try:
            if p.environ().get("HOSTILE_MARK") == mark:
                found.append(p.pid)
        except (psutil.Error, OSError):
            continue
    return found


def run_escape(attacks: str, tmp_path: Path, *, as_nobody: bool = False):
    """Run ``rulecheck check --sandbox`` on an escaping engine; (exit status, JSON report,
    the engine's ``escape`` lines, stdout). Asserts everything checked from outside."""
    base = Path(tempfile_dir(tmp_path, as_nobody))
    try:
        return _run_escape(attacks, base, as_nobody)
    finally:
        if as_nobody:
            shutil.rmtree(base, ignore_errors=True)


def _run_escape(attacks: str, base: Path, as_nobody: bool):
    mark = f"rulecheck-escape-{uuid.uuid4().hex[:12]}"
    cwd, out, tmp = base / "cwd", base / "out", base / "tmp"
    for d in (cwd, out, tmp):
        d.mkdir()
        if as_nobody:
            os.chown(d, NOBODY, NOBODY)
    home = os.path.expanduser("~")
    targets = ["/tmp", "/dev/shm", home, str(ROOT), str(cwd)]
    listener = socket.socket()
    listener.bind(("0.0.0.0", 0))
    listener.listen(8)
    port = listener.getsockname()[1]
    hosts = ["127.0.0.1"] + ([host_address()] if host_address() else [])
    python = SYSTEM_PYTHON if as_nobody else sys.executable
    drop = ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups"] if as_nobody else []
    bystander = subprocess.Popen([*drop, python, "-c", "import time; time.sleep(120)"])
    env = {**os.environ, "HOSTILE_MARK": mark, "HOSTILE_TARGETS": ":".join(targets), "HOSTILE_CHECKOUT": str(ROOT),
           "HOSTILE_LISTEN": ",".join(f"{h}:{port}" for h in hosts), "BYSTANDER": str(bystander.pid),
           "TMPDIR": str(tmp), "HYPOTHESIS_PROFILE": "failfast", "COLUMNS": "200", "RULECHECK_STARTUP_DEADLINE": "10"}
    if as_nobody:
        site = [p for p in sys.path if p.endswith("site-packages")]
        env.update(HOME=str(base), PYTHONPATH=":".join([*site, str(ROOT)]))
    cmd = [*drop, "sh", "-c", 'HOSTILE_VICTIM="$$:$BYSTANDER" exec "$@"', "sh", python, "-m", "harness.cli", "check",
           "--game", "dnup", "--engine", f"cmd:{python} {ESCAPE} {attacks} dnup", "--clause", "DNP-GOAL",
           "--deadline", "2", "--failures-only", "--fresh-process", "--sandbox", "--json", str(out / "r.json"),
           "--junit", str(out / "r.xml"), "--html", str(out / "r.html")]
    try:
        proc = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=120)
        # ---- from outside: nothing escaped
        for t in targets:
            assert not (Path(t) / f"{mark}.txt").exists(), f"the engine wrote into {t}"
        listener.setblocking(False)
        with pytest.raises(BlockingIOError):
            listener.accept()
        assert bystander.poll() is None and psutil.Process(bystander.pid).status() != psutil.STATUS_STOPPED
        end = time.monotonic() + 5
        while marked_processes(mark) and time.monotonic() < end:
            time.sleep(0.1)
        assert not marked_processes(mark), "a process of the engine is left"
        assert list(tmp.iterdir()) == [], f"left in rulecheck's temp folder: {list(tmp.iterdir())}"
    finally:
        listener.close()
        bystander.kill()
        bystander.wait()
        for t in targets:  # should the sandbox fail, leave no mess behind
            try:
                (Path(t) / f"{mark}.txt").unlink()
            except OSError:
                pass
    # ---- a verdict, and reports that parse
    assert proc.returncode == 1, proc.stdout[-3000:] + proc.stderr[-3000:]
    report = json.loads((out / "r.json").read_text(encoding="utf-8"))
    failing = {c["clause"]: c for c in report["clauses"] if c["verdict"] == "fail"}
    assert list(failing) == ["PROTOCOL"], sorted(failing)
    ET.fromstring((out / "r.xml").read_bytes())
    _Strict().feed((out / "r.html").read_text(encoding="utf-8"))
    text = "\n".join(f["message"] for f in failing["PROTOCOL"]["failures"])
    lines = {m.group(1): m.group(2) for m in re.finditer(r"escape (\w+): (.*)", text)}
    for attack in attacks.split(","):
        assert attack in lines, f"no account of {attack}:\n{text[:3000]}"
        assert "ESCAPED" not in lines[attack] and "attack failed" not in lines[attack], f"{attack}: {lines[attack]}"
    return report, lines, proc.stdout


def tempfile_dir(tmp_path: Path, as_nobody: bool) -> str:
    """A folder for one run (one every user can enter when rulecheck runs as uid 65534)."""
    if not as_nobody:
        return str(tmp_path)
    import tempfile

    folder = tempfile.mkdtemp(prefix="rulecheck-nobody-")
    os.chmod(folder, 0o755)
    os.chown(folder, NOBODY, NOBODY)
    return folder


EXPECT = {  # what each attempt must have met, in the engine's own words
    "remount": r"remount-rw refused EPERM; mount refused EPERM; then checkout refused EROFS; nested namespace refused",
    "write": r"refused EROFS",
    "proc": r"^1 process\(es\) in /proc; victims visible: 0$",
    "signal": r"^(SIG(STOP|KILL) \d+ refused ESRCH(; |$)){4}$",
    "ptrace": r"^(attach \d+ refused ESRCH(; |$)){2}$",
    "network": r"^(tcp \S+ refused E(NETUNREACH|CONNREFUSED|HOSTUNREACH); )+raw refused EPERM; udp refused ENETUNREACH$",
    "forkbomb": r"^refused EAGAIN after \d+ children$",
    "memory": r"^refused (ENOMEM|MemoryError)$",
    "mess": r"chattr\+i refused EPERM; /dev/shm written; daemon started; scratch chmod 000",
}


@needs_sandbox
@pytest.mark.parametrize("attack", ATTACKS)
def test_an_escape_attempt_fails_and_the_run_still_ends_with_a_verdict(attack, tmp_path):
    _, lines, stdout = run_escape(attack, tmp_path)
    assert re.search(EXPECT[attack], lines[attack]), lines[attack]
    if attack == "forkbomb":
        assert int(re.search(r"after (\d+)", lines[attack]).group(1)) < sandbox.NPROC
    if attack == "write":  # the host's HOME and the checkout are read-only; /tmp and /dev/shm private
        assert f"{ROOT} refused EROFS" in lines[attack] and f"{os.path.expanduser('~')} refused" in lines[attack]
        assert "/tmp written" in lines[attack] and "/dev/shm written" in lines[attack]


def system_python_fits() -> bool:
    """A Python outside root's folders, of our version (it runs rulecheck's installed packages)."""
    if not os.access(SYSTEM_PYTHON, os.X_OK):
        return False
    r = subprocess.run([SYSTEM_PYTHON, "-c", "import sys; print(sys.version_info[:2])"], capture_output=True, text=True)
    return r.stdout.strip() == str(sys.version_info[:2])


@needs_sandbox
@pytest.mark.skipif(os.geteuid() != 0 or shutil.which("setpriv") is None or not system_python_fits(),
                    reason="needs root (to become uid 65534), setpriv and a system Python of this version")
def test_every_escape_fails_when_rulecheck_runs_as_an_unprivileged_user(tmp_path):
    report, lines, stdout = run_escape(",".join(ATTACKS), tmp_path, as_nobody=True)
    assert re.search(EXPECT["forkbomb"], lines["forkbomb"]) and re.search(EXPECT["remount"], lines["remount"])
    assert "sandbox: missing" not in stdout  # unprivileged, every guarantee holds


@needs_sandbox
def test_a_sandboxed_engine_and_its_daemon_die_with_rulecheck(tmp_path):
    """SIGKILL of rulecheck ends the sandbox: PR_SET_PDEATHSIG kills ``unshare``, whose
    ``--kill-child`` kills the engine, PID 1 of its namespace, and with it every process there."""
    mark = f"rulecheck-escape-{uuid.uuid4().hex[:12]}"
    env = {**os.environ, "HOSTILE_MARK": mark, "RULECHECK_STARTUP_DEADLINE": "60"}
    proc = subprocess.Popen([sys.executable, "-m", "harness.cli", "check", "--game", "dnup", "--engine",
                             f"cmd:{sys.executable} {ESCAPE} outlive dnup", "--clause", "DNP-GOAL", "--sandbox",
                             "--json", str(tmp_path / "r.json")], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    try:
        end = time.monotonic() + 60
        while len(marked_processes(mark)) < 4:  # rulecheck, unshare, the engine and its daemon
            assert proc.poll() is None and time.monotonic() < end, "the engine never started its daemon"
            time.sleep(0.1)
        proc.kill()
        proc.wait(10)
        end = time.monotonic() + 5
        while marked_processes(mark) and time.monotonic() < end:
            time.sleep(0.05)
        assert not marked_processes(mark), "the sandbox outlived rulecheck"
    finally:
        proc.kill()
        for pid in marked_processes(mark):  # should the sandbox fail, leave nothing running
            psutil.Process(pid).kill()


@needs_sandbox
def test_the_sandbox_says_what_it_gives_and_what_it_lacks():
    box = sandbox.describe()
    assert isinstance(box, sandbox.Sandbox), box
    missing = dict(box.missing)
    assert set(missing) <= set(sandbox.GUARANTEES)
    essential = {"no-capabilities", "read-only", "private-tmp", "pid-namespace", "no-network", "process-limit",
                 "memory-limit"}
    assert not essential & set(missing), missing  # on this machine kind (root, cgroup v1 pids) all of these hold
    if os.geteuid() == 0:
        assert set(missing) == {"unprivileged-uid"}, missing  # said, never claimed
        assert "the host's root" in missing["unprivileged-uid"]


def test_no_sandbox_is_a_clear_error(monkeypatch, tmp_path):
    from click.testing import CliRunner

    from harness.cli import cli

    monkeypatch.setattr(sandbox.shutil, "which", lambda name: None)
    sandbox.describe.cache_clear()
    try:
        r = CliRunner().invoke(cli, ["check", "--game", "dnup", "--sandbox", "--engine", "cmd:true",
                                     "--json", str(tmp_path / "r.json")])
    finally:
        sandbox.describe.cache_clear()
        os.environ.pop("RULECHECK_SANDBOX", None)
    assert r.exit_code == 2, r.output
    assert "--sandbox is not available here" in r.output and "unshare" in r.output
    assert not (tmp_path / "r.json").exists()
