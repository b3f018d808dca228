"""Every process a candidate engine starts, found and killed (Linux; best effort elsewhere).

A candidate runs in its own session / process group, but its children may leave both
(``setsid``, a double fork). To find and kill them all, rulecheck

- marks the candidate's environment with a token (``RULECHECK_ENGINE_TOKEN``), inherited
  by everything it starts unless a program clears its environment on purpose;
- becomes a *child subreaper* (``prctl(PR_SET_CHILD_SUBREAPER)``): a descendant whose
  parent dies is re-parented to rulecheck, not to init, so it is never lost from the tree
  and its zombie is ours to reap;
- asks the kernel to SIGKILL the candidate when rulecheck dies (``PR_SET_PDEATHSIG``),
  even by SIGKILL, so an engine that ignores end of input cannot outlive rulecheck;
- at the end (``sweep``) kills every process that descends from the candidate (parent
  links, read with psutil), is in its process group or session, or carries its token, and
  reaps the ones re-parented to us.

An engine that clears its environment *and* double-forks out of its session escapes the
token and the tree; ``--sandbox`` (``harness.driver.sandbox``: a PID namespace) closes that gap.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import time

import psutil

TOKEN_VAR = "RULECHECK_ENGINE_TOKEN"
PR_SET_PDEATHSIG = 1
PR_SET_CHILD_SUBREAPER = 36
LINUX = sys.platform.startswith("linux")

_libc = None
_subreaper = False


def _prctl(option: int, arg: int) -> bool:
    global _libc
    if not LINUX:
        return False
    try:
        if _libc is None:
            _libc = ctypes.CDLL(None, use_errno=True)
        return _libc.prctl(option, ctypes.c_ulong(arg), 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def enable_subreaper() -> bool:
    """Make this process the child subreaper of its descendants (once; idempotent)."""
    global _subreaper
    if not _subreaper:
        _subreaper = _prctl(PR_SET_CHILD_SUBREAPER, 1)
    return _subreaper


def die_with_parent(parent_pid: int) -> None:
    """In the child before exec: SIGKILL when the parent dies (even by SIGKILL)."""
    if _prctl(PR_SET_PDEATHSIG, signal.SIGKILL) and os.getppid() != parent_pid:
        os._exit(1)  # the parent died before the request was made


def _process(pid: int) -> psutil.Process | None:
    try:
        return psutil.Process(pid)
    except psutil.Error:
        return None


def _state(pid: int) -> tuple[int, str] | None:
    """(ppid, status) of a process, or None when it is gone."""
    p = _process(pid)
    try:
        return (p.ppid(), p.status()) if p else None
    except psutil.Error:
        return None


def alive(pid: int) -> bool:
    st = _state(pid)
    return st is not None and st[1] not in (psutil.STATUS_ZOMBIE, psutil.STATUS_DEAD)


def group_of(pid: int) -> int | None:
    """The process group of ``pid``, or None when it is gone."""
    try:
        return os.getpgid(pid)
    except OSError:
        return None


def descendants(pid: int) -> list[int]:
    """Every live descendant of ``pid`` through parent links (not ``pid`` itself)."""
    p = _process(pid)
    try:
        return [c.pid for c in p.children(recursive=True)] if p else []
    except psutil.Error:
        return []


def related(leader: int, token: str | None) -> set[int]:
    """Live processes of one candidate: descendants of ``leader``, members of its process
    group or session, processes carrying ``token`` (and their descendants). Not ``leader``."""
    if not LINUX:
        return set()
    found = set(descendants(leader))
    me = os.getpid()
    for p in psutil.process_iter():
        if p.pid in (leader, me) or p.pid in found:
            continue
        try:
            if p.status() in (psutil.STATUS_ZOMBIE, psutil.STATUS_DEAD):
                continue
            mine = leader in (os.getpgid(p.pid), os.getsid(p.pid))
            if not mine and token is not None:
                mine = p.environ().get(TOKEN_VAR) == token
        except (psutil.Error, OSError):
            continue
        if mine:
            found.add(p.pid)
            found.update(descendants(p.pid))
    found.discard(leader)
    found.discard(me)
    return {p for p in found if alive(p)}


def kill(pids) -> None:
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


#: processes we killed that were not reaped yet (their parent was alive; they come to us later)
_KILLED: set[int] = set()


def reap_adopted(pids=(), wait: float = 0.5) -> None:
    """Reap the zombies of killed processes re-parented to us (we are their subreaper),
    waiting up to ``wait`` s for those whose parent is dying too."""
    _KILLED.update(pids)
    end = time.monotonic() + wait
    me = os.getpid()
    while True:
        pending = False
        for pid in list(_KILLED):
            st = _state(pid)
            if st is None:
                _KILLED.discard(pid)
            elif st[0] == me:
                if st[1] != psutil.STATUS_ZOMBIE:
                    pending = True
                    continue
                try:
                    os.waitpid(pid, os.WNOHANG)
                except ChildProcessError:
                    pass
                _KILLED.discard(pid)
            elif st[0] in _KILLED or st[0] <= 1:
                pending = pending or st[0] in _KILLED  # its parent dies too: it comes to us soon
        if not pending or time.monotonic() > end:
            return
        time.sleep(0.01)


def sweep(leader: int, token: str | None, known: set[int] | None = None, rounds: int = 4) -> set[int]:
    """Kill every process of the candidate except ``leader`` (its group is killed by the
    caller); return the pids killed. ``known``: descendants seen earlier (while the
    leader was alive and the parent links intact)."""
    killed: set[int] = set()
    candidates = {p for p in (known or ()) if alive(p)}
    for _ in range(rounds):
        candidates |= related(leader, token)
        candidates -= killed | {leader}
        if not candidates:
            break
        kill(candidates)  # killed processes fork no more; their children come to us
        killed |= candidates
        candidates = set()
    reap_adopted(killed | set(known or ()))  # also the ones the group kill ended: their zombies
    return killed
