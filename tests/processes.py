"""Process checks shared by the protocol tests: is an engine process really gone?"""

from __future__ import annotations

import os


def gone(pid: int) -> bool:
    """The process is not running: no such pid, or a zombie that is not ours to reap (ours, and
    an engine's orphans come to us since rulecheck is a subreaper, is reaped here)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            state = f.read().rsplit(")", 1)[-1].split()[0]
    except FileNotFoundError:
        return True
    if state not in ("Z", "X"):
        return False
    try:
        reaped, _ = os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        return True
    return reaped == pid
