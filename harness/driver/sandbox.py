"""``--sandbox``: run an untrusted engine without network, on a read-only file system
except for a scratch folder, in its own PID namespace (Linux).

Built on bubblewrap (``bwrap``) when it is installed, else on util-linux ``unshare``
(a new network, mount and PID namespace, plus a user namespace when rulecheck is not
root; a tiny helper remounts every mount read-only, binds the scratch folder writable
and execs the engine). Either way the engine is PID 1's child in its namespace: when
the sandbox ends, every process in it ends too, whatever it did to escape its session.

``wrap(argv, cwd)`` returns the command line to start instead of ``argv``; ``available()``
says whether (and why not) a sandbox can be made here. The engine sees ``TMPDIR`` and
``HOME`` set to its scratch folder (``RULECHECK_SCRATCH``); its working directory
(``cwd``, default rulecheck's) is readable, not writable.
"""

from __future__ import annotations

import atexit
import functools
import os
import shutil
import subprocess
import sys
import tempfile


class SandboxUnavailable(Exception):
    """No sandbox can be made on this machine (the message says why)."""


_HELPER = r"""
import ctypes, os, sys
libc = ctypes.CDLL(None, use_errno=True)
RDONLY, NOSUID, NODEV, NOEXEC, REMOUNT, BIND, REC, PRIVATE = 1, 2, 4, 8, 32, 4096, 16384, 1 << 18
KEEP = {"nosuid": NOSUID, "nodev": NODEV, "noexec": NOEXEC, "noatime": 1024, "nodiratime": 2048,
        "relatime": 1 << 21}
scratch, cwd, argv = sys.argv[1], sys.argv[2], sys.argv[4:]
def mount(src, dst, flags):
    if libc.mount(src, dst, None, flags, None) != 0:
        raise OSError(ctypes.get_errno(), "mount " + dst.decode(errors="replace"))
mount(b"none", b"/", REC | PRIVATE)
mount(scratch.encode(), scratch.encode(), BIND | REC)
points = []
for line in open("/proc/self/mountinfo"):
    f = line.split()
    mp = f[4].encode().decode("unicode_escape").encode("latin-1")
    points.append((mp, f[5]))
for mp, opts in points:
    if mp == scratch.encode() or mp.startswith(b"/proc") or mp.startswith(b"/dev"):
        continue
    flags = REMOUNT | BIND | RDONLY
    for o in opts.split(","):
        flags |= KEEP.get(o, 0)
    try:
        mount(None, mp, flags)
    except OSError as exc:
        if os.path.realpath(mp) == "/":
            print("sandbox: cannot make / read-only:", exc, file=sys.stderr)
            sys.exit(126)
os.environ.update(TMPDIR=scratch, HOME=scratch, RULECHECK_SCRATCH=scratch)
os.chdir(cwd)
try:
    os.execvp(argv[0], argv)
except OSError as exc:
    print("sandbox: cannot start", argv[0], ":", exc, file=sys.stderr)
    sys.exit(127)
"""

_scratch_root: list[str] = []


def scratch_dir() -> str:
    """A fresh scratch folder (removed when rulecheck exits)."""
    if not _scratch_root:
        _scratch_root.append(tempfile.mkdtemp(prefix="rulecheck-sandbox-"))
        atexit.register(shutil.rmtree, _scratch_root[0], True)
    return tempfile.mkdtemp(dir=_scratch_root[0])


def _unshare_prefix() -> list[str]:
    prefix = ["unshare", "--net", "--mount", "--pid", "--fork", "--kill-child", "--mount-proc"]
    if os.geteuid() != 0:
        prefix[1:1] = ["--user", "--map-root-user"]
    return prefix


@functools.lru_cache(maxsize=1)
def available() -> tuple[str | None, str]:
    """(``"bwrap"`` | ``"unshare"`` | None, why not)."""
    if not sys.platform.startswith("linux"):
        return None, f"--sandbox needs Linux namespaces (bubblewrap or unshare); this is {sys.platform}"
    tried = []
    if shutil.which("bwrap"):
        probe = ["bwrap", "--unshare-all", "--die-with-parent", "--ro-bind", "/", "/", "--proc", "/proc",
                 "--dev", "/dev", "true"]
        r = subprocess.run(probe, capture_output=True, timeout=10)
        if r.returncode == 0:
            return "bwrap", ""
        tried.append(f"bwrap failed: {r.stderr.decode(errors='replace').strip()[:200]}")
    if shutil.which("unshare"):
        scratch = scratch_dir()
        probe = _unshare_prefix() + [sys.executable, "-I", "-S", "-c", _HELPER, scratch, scratch, "--", "true"]
        r = subprocess.run(probe, capture_output=True, timeout=10)
        if r.returncode == 0:
            return "unshare", ""
        tried.append(f"unshare failed: {r.stderr.decode(errors='replace').strip()[:200]}")
    else:
        tried.append("neither bwrap (bubblewrap) nor unshare (util-linux) is installed")
    return None, ("--sandbox is not available here: " + "; ".join(tried)
                  + " (install bubblewrap, or allow unprivileged user namespaces)")


def wrap(argv: list[str], cwd: str | None = None) -> list[str]:
    """The command line that runs ``argv`` in a sandbox with a fresh scratch folder."""
    tool, why = available()
    if tool is None:
        raise SandboxUnavailable(why)
    scratch = scratch_dir()
    cwd = os.path.abspath(cwd or os.getcwd())
    if tool == "bwrap":
        return ["bwrap", "--unshare-all", "--die-with-parent", "--ro-bind", "/", "/", "--proc", "/proc",
                "--dev", "/dev", "--bind", scratch, scratch, "--chdir", cwd, "--setenv", "TMPDIR", scratch,
                "--setenv", "HOME", scratch, "--setenv", "RULECHECK_SCRATCH", scratch, "--", *argv]
    return _unshare_prefix() + [sys.executable, "-I", "-S", "-c", _HELPER, scratch, cwd, "--", *argv]
