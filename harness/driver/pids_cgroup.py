"""A pids cgroup per sandboxed engine: the process limit where RLIMIT_NPROC does not hold.

The kernel never enforces RLIMIT_NPROC for the host's root user, so when rulecheck runs as
root a sandboxed engine (uid 0 without capabilities) gets a cgroup of the ``pids``
controller with ``pids.max`` set instead: a fork bomb stops there. ``create(limit)`` makes
one (``rulecheck-<our pid>-<n>`` under our own pids cgroup) and returns its ``cgroup.procs``
file, which the sandbox's first process writes itself into; ``prune()`` removes the ones no
process is left in (each call, and at exit), and ones left by rulecheck processes that died.

cgroup v1 (a ``pids`` hierarchy) and v2 (``pids`` among the controllers our cgroup may give
its children) are both used; where neither can be written, ``create`` returns None.
"""

from __future__ import annotations

import atexit
import itertools
import os
from pathlib import Path

_created: list[Path] = []
_counter = itertools.count()
PREFIX = "rulecheck-"


def _mounts() -> list[tuple[str, str, list[str]]]:
    """(mount point, fstype, super options) of every mount."""
    out = []
    try:
        with open("/proc/self/mountinfo") as f:
            for line in f:
                fields = line.split()
                sep = fields.index("-")
                out.append((fields[4], fields[sep + 1], fields[sep + 3].split(",") if len(fields) > sep + 3 else []))
    except OSError:
        pass
    return out


def base() -> Path | None:
    """Our own pids cgroup's folder, when we may make cgroups under it."""
    try:
        lines = Path("/proc/self/cgroup").read_text().splitlines()
    except OSError:
        return None
    mounts = _mounts()
    for line in lines:
        _, controllers, path = line.split(":", 2)
        if "pids" in controllers.split(","):
            for point, fstype, options in mounts:
                if fstype == "cgroup" and "pids" in options:
                    return _writable(Path(point + path.rstrip("/")))
    for line in lines:
        if line.startswith("0::"):
            for point, fstype, _ in mounts:
                if fstype == "cgroup2":
                    folder = Path(point + line[3:].rstrip("/"))
                    try:
                        if "pids" in (folder / "cgroup.subtree_control").read_text().split():
                            return _writable(folder)
                    except OSError:
                        continue
    return None


def _writable(folder: Path) -> Path | None:
    return folder if folder.is_dir() and os.access(folder, os.W_OK) else None


def create(limit: int) -> str | None:
    """A fresh cgroup allowing ``limit`` processes; its ``cgroup.procs`` path (None: cannot)."""
    root = base()
    if root is None:
        return None
    prune(root)
    folder = root / f"{PREFIX}{os.getpid()}-{next(_counter)}"
    try:
        folder.mkdir()
        (folder / "pids.max").write_text(str(limit))
    except OSError:
        try:
            folder.rmdir()
        except OSError:
            pass
        return None
    if not _created:
        atexit.register(prune)
    _created.append(folder)
    return str(folder / "cgroup.procs")


def prune(root: Path | None = None) -> None:
    """Remove our cgroups no process is left in, and those of rulecheck processes gone."""
    for folder in list(_created):
        try:
            folder.rmdir()
            _created.remove(folder)
        except FileNotFoundError:
            _created.remove(folder)
        except OSError:
            pass
    root = root or base()
    if root is None:
        return
    try:
        stale = [p for p in root.iterdir() if p.name.startswith(PREFIX)]
    except OSError:
        return
    for folder in stale:
        owner = folder.name[len(PREFIX):].split("-")[0]
        if owner.isdigit() and not Path(f"/proc/{owner}").exists():
            try:
                folder.rmdir()
            except OSError:
                pass
