"""``--sandbox``: run an untrusted engine where it cannot harm the machine or rulecheck (Linux).

The engine runs in new user, mount, PID, network, IPC and UTS namespaces made by util-linux
``unshare`` (its root mapped to rulecheck's own user); ``harness.driver.sandbox_init`` then
builds its view of the machine and execs it with no capabilities. Each guarantee of
``GUARANTEES`` is checked once per run from inside a sandbox (``harness.driver.sandbox_probe``);
``describe()`` says what holds and what is missing, and ``--sandbox`` says what is missing
rather than claim it. When rulecheck runs as root the engine is the host's uid 0 without
capabilities: the read-only mounts, not file ownership, keep it from writing, and its
process limit is a pids cgroup (``harness.driver.pids_cgroup``), since the kernel does not
apply RLIMIT_NPROC to root.

Nothing is made on the host's file system: the scratch folder (``TMPDIR``, ``HOME``,
``RULECHECK_SCRATCH``), the private ``/tmp`` and ``/dev/shm`` live on a tmpfs that exists only
inside the sandbox and is gone with its last process. When the engine (PID 1 of its PID
namespace) ends, the kernel kills every process in the sandbox, daemons included; when
rulecheck dies, ``PR_SET_PDEATHSIG`` kills ``unshare`` and ``unshare --kill-child`` the sandbox.

``wrap(argv, cwd)`` returns the command line to start instead of ``argv``; ``available()``
returns (method, what is missing) or (None, why no sandbox can be made here).
"""

from __future__ import annotations

import functools
import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from harness.driver import pids_cgroup

#: processes and threads an engine may have at once (RLIMIT_NPROC, counted per sandbox)
NPROC = 256
#: size of the scratch tmpfs (the private /tmp, /dev/shm and the scratch folder together)
SCRATCH_MB = 512
#: the scratch folder inside the sandbox (in its private /tmp)
SCRATCH = "/tmp/rulecheck-scratch"
#: what ``--sandbox`` promises, each checked from inside by ``harness.driver.sandbox_probe``
GUARANTEES = {
    "no-capabilities": "no capabilities: mount, remount, raw sockets and tracing other users' processes fail",
    "read-only": "every file system is read-only except the scratch (the checkout, $HOME, the working folder)",
    "private-tmp": "/tmp and /dev/shm are private: writes land in the scratch, a tmpfs gone with the sandbox",
    "pid-namespace": "own PID namespace and /proc: rulecheck's processes cannot be seen, signalled or traced",
    "no-network": "no network: a network namespace whose only interface, loopback, is down",
    "unprivileged-uid": "the engine runs as an unprivileged user of the host (when rulecheck is not root)",
    "process-limit": f"at most {NPROC} processes and threads (RLIMIT_NPROC, or a pids cgroup as root)",
    "memory-limit": "data memory per process is limited (RLIMIT_DATA)",
}

_HERE = Path(__file__).parent
#: the folder rulecheck runs from (a checkout, or site-packages): read-only inside, even under /tmp
CHECKOUT = _HERE.parents[1].resolve()
NAMESPACES = ["--user", "--map-root-user", "--net", "--mount", "--pid", "--ipc", "--uts", "--fork", "--kill-child",
              "--mount-proc"]


class SandboxUnavailable(Exception):
    """No sandbox can be made on this machine (the message says why)."""


@dataclass(frozen=True)
class Sandbox:
    """How engines are sandboxed here, and which guarantees are missing (with why)."""

    method: str
    missing: tuple[tuple[str, str], ...]  # (guarantee, why not)

    def summary(self) -> str:
        if not self.missing:
            return ""
        return "missing: " + "; ".join(f"{name} ({why})" for name, why in self.missing)


def _python() -> str:
    """The interpreter for the helper and the probe (standard library only)."""
    return os.path.realpath(sys.executable)


def _command(argv: list[str], cwd: str, memory_mb: int | None) -> list[str]:
    config = json.dumps({"cwd": cwd, "scratch": SCRATCH, "scratch_mb": SCRATCH_MB, "nproc": NPROC,
                         "read_only": sorted({str(CHECKOUT), os.path.realpath(cwd)}),
                         "memory_mb": memory_mb, "cgroup": pids_cgroup.create(NPROC) if os.geteuid() == 0 else None})
    return ["unshare", *NAMESPACES, _python(), "-I", "-S", "-c", (_HERE / "sandbox_init.py").read_text(), config,
            "--", *argv]


def _probe() -> tuple[dict | None, str]:
    """Run the probe in a fresh sandbox: (guarantee -> why not, "") or (None, why it did not run)."""
    argv = [_python(), "-I", "-S", "-c", (_HERE / "sandbox_probe.py").read_text()]
    try:
        r = subprocess.run(_command(argv, "/", 4096), capture_output=True, timeout=20)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return None, str(exc)
    if r.returncode != 0:
        return None, r.stderr.decode(errors="replace").strip()[-300:] or f"exit status {r.returncode}"
    try:
        return json.loads(r.stdout), ""
    except ValueError:
        return None, f"unreadable probe output: {r.stdout[:200]!r}"


@functools.lru_cache(maxsize=1)
def describe() -> Sandbox | str:
    """The best sandbox this machine can make, or why none can be made."""
    if not sys.platform.startswith("linux"):
        return f"--sandbox needs Linux namespaces; this is {sys.platform}"
    if shutil.which("unshare") is None:
        return "--sandbox is not available here: unshare (util-linux) is not installed"
    found, error = _probe()
    if found is None:
        return (f"--sandbox is not available here: {error} (it needs util-linux unshare and user namespaces, "
                "e.g. sysctl kernel.unprivileged_userns_clone=1 or user.max_user_namespaces > 0)")
    missing = tuple((name, found.get(name, "not checked")) for name in GUARANTEES if found.get(name, "?"))
    method = "unshare (user, mount, PID, network, IPC, UTS namespaces)"
    return Sandbox(method, missing)


def available() -> tuple[str | None, str]:
    """(method, what is missing, "" when nothing is) or (None, why no sandbox can be made)."""
    box = describe()
    if isinstance(box, str):
        return None, box
    return box.method, box.summary()


def wrap(argv: list[str], cwd: str | None = None, memory_mb: int | None = None) -> list[str]:
    """The command line that runs ``argv`` in a fresh sandbox, in the working folder ``cwd``
    (default rulecheck's, which the engine can read but not write)."""
    box = describe()
    if isinstance(box, str):
        raise SandboxUnavailable(box)
    return _command(argv, os.path.abspath(cwd or os.getcwd()), memory_mb)
