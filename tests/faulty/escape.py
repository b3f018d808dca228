"""Engines that try to escape ``--sandbox`` (tests/test_sandbox.py), one attack each.

    python tests/faulty/escape.py ATTACK[,ATTACK...] GAME

At ``hello`` the engine tries each attack and prints one line per attack on stderr,
``escape ATTACK: ...`` with ``ESCAPED`` wherever an attempt worked; then it answers
``hello`` and every later request with a line that is not JSON, so the run ends with a
PROTOCOL verdict whose message shows that stderr. Standard library only (starts fast).

Attacks (the environment names the targets; ``HOSTILE_MARK`` names the files it writes):

- ``remount``   remount ``/`` read-write, mount a tmpfs over the working folder, then write
                into the checkout (``HOSTILE_CHECKOUT``); then the same from a new user and
                mount namespace of its own (``unshare -Urm``), where it has capabilities again
- ``write``     write a file into each folder of ``HOSTILE_TARGETS`` (``:``-separated: the
                host's /tmp, /dev/shm, $HOME, the checkout, rulecheck's working folder)
- ``proc``      look for other processes in /proc, and for ``HOSTILE_VICTIM``'s there
- ``signal``    SIGSTOP then SIGKILL each pid of ``HOSTILE_VICTIM`` (rulecheck, a bystander)
- ``ptrace``    PTRACE_ATTACH to each pid of ``HOSTILE_VICTIM``
- ``network``   a TCP connection to each ``HOST:PORT`` of ``HOSTILE_LISTEN``, a raw socket, a
                UDP datagram to 192.0.2.1
- ``forkbomb``  fork sleeping children until refused (at most ``FORK_CAP``)
- ``memory``    map 8 GiB of private writable memory
- ``mess``      make the scratch hard to remove (nested read-only folders, chattr +i, files
                in /dev/shm, the scratch folder chmod 000) and leave a daemon writing there
- ``outlive``   start a daemon (double fork, new session), then hang ignoring SIGTERM, SIGINT
                and end of input, to outlive rulecheck
"""

import ctypes
import errno
import fcntl
import json
import mmap
import os
import signal
import socket
import struct
import subprocess
import sys
import time

ATTACKS, GAME = sys.argv[1].split(","), sys.argv[2]
MARK = os.environ.get("HOSTILE_MARK", "rulecheck-escape")
FORK_CAP = 600
libc = ctypes.CDLL(None, use_errno=True)


def why(exc: BaseException) -> str:
    code = getattr(exc, "errno", None)
    return errno.errorcode.get(code, type(exc).__name__) if code else type(exc).__name__


def pids(var: str) -> list[int]:
    return [int(p) for p in os.environ.get(var, "").split(":") if p]


def write_into(folder: str) -> str:
    try:
        with open(os.path.join(folder, f"{MARK}.txt"), "w") as f:
            f.write("escaped\n")
        return "written"
    except OSError as exc:
        return f"refused {why(exc)}"


def remount() -> str:
    r = libc.mount(None, b"/", None, 32, None)  # MS_REMOUNT, read-write
    parts = ["remount-rw " + ("ESCAPED" if r == 0 else f"refused {errno.errorcode[ctypes.get_errno()]}")]
    r = libc.mount(b"none", os.getcwd().encode(), b"tmpfs", 0, None)
    parts.append("mount " + ("ESCAPED" if r == 0 else f"refused {errno.errorcode[ctypes.get_errno()]}"))
    checkout = os.environ.get("HOSTILE_CHECKOUT", "/")
    parts.append("then checkout " + write_into(checkout))
    nested = subprocess.run(["unshare", "-Urm", "sh", "-c", f"mount -o remount,bind,rw / 2>/dev/null; "
                             f"mount -o remount,bind,rw {checkout} 2>/dev/null; "
                             f"echo escaped > {checkout}/{MARK}.txt 2>/dev/null && echo ESCAPED || echo refused"],
                            capture_output=True, text=True)
    parts.append("nested namespace " + (nested.stdout.strip() or f"refused ({nested.stderr.strip()[:80]})"))
    return "; ".join(parts)


def write() -> str:
    return "; ".join(f"{t} {write_into(t)}" for t in os.environ.get("HOSTILE_TARGETS", "").split(":") if t)


def proc() -> str:
    mine = [p for p in os.listdir("/proc") if p.isdigit()]
    seen = [v for v in pids("HOSTILE_VICTIM") if os.path.exists(f"/proc/{v}")]
    return f"{len(mine)} process(es) in /proc; victims visible: {len(seen)}" + (" ESCAPED" if seen else "")


def send_signals() -> str:
    out = []
    for pid in pids("HOSTILE_VICTIM"):
        for sig in (signal.SIGSTOP, signal.SIGKILL):
            try:
                os.kill(pid, sig)
                out.append(f"{sig.name} {pid} ESCAPED")
            except OSError as exc:
                out.append(f"{sig.name} {pid} refused {why(exc)}")
    return "; ".join(out)


def ptrace() -> str:
    out = []
    for pid in pids("HOSTILE_VICTIM"):
        r = libc.ptrace(16, pid, None, None)  # PTRACE_ATTACH
        out.append(f"attach {pid} " + ("ESCAPED" if r == 0 else f"refused {errno.errorcode[ctypes.get_errno()]}"))
        if r == 0:
            libc.ptrace(17, pid, None, None)  # PTRACE_DETACH
    return "; ".join(out)


def network() -> str:
    out = []
    for target in os.environ.get("HOSTILE_LISTEN", "").split(","):
        if not target:
            continue
        host, port = target.rsplit(":", 1)
        try:
            socket.create_connection((host, int(port)), timeout=2).close()
            out.append(f"tcp {target} ESCAPED")
        except OSError as exc:
            out.append(f"tcp {target} refused {why(exc)}")
    try:
        socket.socket(socket.AF_INET, socket.SOCK_RAW, socket.IPPROTO_ICMP).close()
        out.append("raw ESCAPED")
    except OSError as exc:
        out.append(f"raw refused {why(exc)}")
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.sendto(b"x", ("192.0.2.1", 9))
        out.append("udp ESCAPED")
    except OSError as exc:
        out.append(f"udp refused {why(exc)}")
    return "; ".join(out)


def forkbomb() -> str:
    children = []
    result = f"ESCAPED: {FORK_CAP} children"
    while len(children) < FORK_CAP:
        try:
            pid = os.fork()
        except OSError as exc:
            result = f"refused {why(exc)} after {len(children)} children"
            break
        if pid == 0:
            time.sleep(60)
            os._exit(0)
        children.append(pid)
    for pid in children:  # room again for the attacks after this one
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    return result


def memory() -> str:
    try:
        m = mmap.mmap(-1, 8 << 30, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
        m.close()
        return "8 GiB mapped ESCAPED"
    except (OSError, MemoryError, OverflowError) as exc:
        return f"refused {why(exc)}"


def mess() -> str:
    scratch = os.environ.get("RULECHECK_SCRATCH") or os.environ.get("TMPDIR") or "/tmp"
    out = []
    path = scratch
    for i in range(40):  # nested folders, each read-only once its child exists
        path = os.path.join(path, f"d{i}")
        os.mkdir(path)
        with open(os.path.join(path, "f"), "w") as f:
            f.write("x" * 1000)
    for _ in range(40):
        os.chmod(path, 0o500)
        path = os.path.dirname(path)
    try:
        fd = os.open(os.path.join(scratch, "d0", "f"), os.O_RDONLY)
        fcntl.ioctl(fd, 0x40086602, struct.pack("l", 0x10))  # FS_IOC_SETFLAGS, FS_IMMUTABLE_FL
        out.append("chattr+i ESCAPED")
    except OSError as exc:
        out.append(f"chattr+i refused {why(exc)}")
    out.append(f"/dev/shm {write_into('/dev/shm')}")
    if os.fork() == 0:  # a daemon: double fork, new session, keeps writing into the scratch
        os.setsid()
        if os.fork() == 0:
            for i in range(600):
                try:
                    with open(os.path.join(scratch, f"daemon-{i}"), "w") as f:
                        f.write("still here\n")
                except OSError:
                    pass
                time.sleep(0.1)
        os._exit(0)
    os.wait()
    os.chmod(scratch, 0)
    out.append("daemon started; scratch chmod 000")
    return "; ".join(out)


def outlive() -> str:
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, signal.SIG_IGN)
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            time.sleep(300)
        os._exit(0)
    os.wait()
    print("escape outlive: daemon started, hanging", file=sys.stderr, flush=True)
    while True:
        time.sleep(3600)


ATTACK = {"outlive": outlive, "remount": remount, "write": write, "proc": proc, "signal": send_signals, "ptrace": ptrace,
          "network": network, "forkbomb": forkbomb, "memory": memory, "mess": mess}


def main() -> None:
    n = 0
    for raw in sys.stdin.buffer:
        n += 1
        req = json.loads(raw)
        if n == 1:
            for name in ATTACKS:
                try:
                    result = ATTACK[name]()
                except Exception as exc:  # noqa: BLE001 -- an attack that breaks is reported, not fatal
                    result = f"attack failed: {type(exc).__name__}: {exc}"
                print(f"escape {name}: {result}", file=sys.stderr, flush=True)
            print(json.dumps({"id": req["id"], "name": "escape", "version": "1", "games": [GAME], "choices": {},
                              "protocol": 1}), flush=True)
            continue
        print("not an answer", flush=True)


if __name__ == "__main__":
    main()
