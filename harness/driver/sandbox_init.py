"""The first program inside an engine's sandbox: it builds the engine's view of the machine,
drops every capability and execs the engine (which becomes PID 1 of the sandbox).

Run by ``harness.driver.sandbox`` as ``python -I -S -c <this file's text> CONFIG -- ARGV...``
inside fresh user, mount, PID, network, IPC and UTS namespaces (util-linux ``unshare``), so
it imports nothing but the standard library and never imports rulecheck. CONFIG is JSON:
``{"cwd": ..., "scratch": ..., "scratch_mb": ..., "nproc": ..., "memory_mb": ..., "cgroup": ...}``.

What it does, in order:

0. it joins the pids cgroup ``cgroup`` names (its ``cgroup.procs``), when there is one;
1. every mount it inherits becomes read-only (its other flags kept);
2. ``/tmp`` becomes private: an overlay whose lower layer is the host's ``/tmp`` (read-only,
   so an engine kept there still starts) and whose upper layer is the *scratch*, a tmpfs of
   ``scratch_mb`` MB that lives only as long as the sandbox. The scratch folder ``scratch``
   (``TMPDIR``, ``HOME``, ``RULECHECK_SCRATCH``) is made in it. The checkout and the working
   folder, when they lie under ``/tmp``, are bound read-only over the overlay;
3. ``/dev`` becomes a small read-only tmpfs holding null, zero, full, random, urandom and tty
   (bound from the host) and a ``/dev/shm`` that is a folder of the scratch tmpfs;
4. ``/proc`` (mounted fresh for the PID namespace by ``unshare --mount-proc``) keeps
   ``/proc/sys``, ``/proc/sysrq-trigger``, ``/proc/irq`` and ``/proc/bus`` read-only, and
   ``/run`` (host sockets) is hidden under an empty read-only tmpfs;
5. limits: at most ``nproc`` processes and threads (RLIMIT_NPROC), ``memory_mb`` MB of data
   per process (RLIMIT_DATA), no core dumps;
6. the working folder is ``cwd``; then the bounding, ambient, inheritable, permitted and
   effective capability sets are emptied, root gets no capabilities back at exec
   (securebits), ``no_new_privs`` is set, and the engine is exec'd.

Any step that fails ends the sandbox with status 126 and one line on stderr saying which.
"""

import ctypes
import json
import os
import resource
import sys

libc = ctypes.CDLL(None, use_errno=True)
RDONLY, NOSUID, NODEV, NOEXEC, REMOUNT, BIND, REC, PRIVATE = 1, 2, 4, 8, 32, 4096, 16384, 1 << 18
#: per-mount flags a read-only remount must keep (a user namespace may not clear them)
KEEP = {"nosuid": NOSUID, "nodev": NODEV, "noexec": NOEXEC, "noatime": 1024, "nodiratime": 2048,
        "relatime": 1 << 21, "strictatime": 1 << 24}
DEVICES = ("null", "zero", "full", "random", "urandom", "tty")
PR_CAPBSET_DROP, PR_SET_SECUREBITS, PR_SET_NO_NEW_PRIVS, PR_CAP_AMBIENT = 24, 28, 38, 47
PR_CAP_AMBIENT_CLEAR_ALL = 4
#: NOROOT, NO_SETUID_FIXUP, KEEP_CAPS (off), NO_CAP_AMBIENT_RAISE, each locked
SECUREBITS = 0x01 | 0x02 | 0x04 | 0x08 | 0x20 | 0x40 | 0x80


def fail(what, exc):
    print(f"sandbox: {what}: {exc}", file=sys.stderr)
    sys.exit(126)


def mount(src, dst, fstype=None, flags=0, data=None):
    enc = lambda s: s.encode() if isinstance(s, str) else s  # noqa: E731
    if libc.mount(enc(src), enc(dst), enc(fstype), flags, enc(data)) != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"mount {dst}: {os.strerror(err)}")


def mount_points():
    """(mount point, per-mount options) of every mount, outermost first."""
    points = []
    with open("/proc/self/mountinfo") as f:
        for line in f:
            fields = line.split()
            point = fields[4].encode().decode("unicode_escape").encode("latin-1").decode(errors="surrogateescape")
            points.append((point, fields[5]))
    return points


def flags_of(options):
    flags = 0
    for opt in options.split(","):
        flags |= KEEP.get(opt, 0)
    return flags


def read_only(point, options="", extra=0):
    mount(None, point, None, REMOUNT | BIND | RDONLY | flags_of(options) | extra)


def make_everything_read_only():
    done = set()
    for point, options in mount_points():
        if point in done or point in ("/proc", "/dev") or point.startswith(("/proc/", "/dev/")):
            continue  # /proc is ours already; /dev is replaced below
        done.add(point)
        try:
            read_only(point, options)
        except OSError as exc:
            if not os.path.exists(point):  # a mount under a mount point that is gone
                continue
            fail(f"cannot make {point} read-only", exc)


def private_tmp(scratch_mb, scratch):
    """/tmp: the host's /tmp under a private writable layer (the scratch tmpfs); returns a
    handle on the scratch tmpfs's /dev/shm folder."""
    host_tmp = os.open("/tmp", os.O_PATH | os.O_DIRECTORY)
    mount("rulecheck-scratch", "/tmp", "tmpfs", NOSUID | NODEV, f"size={scratch_mb}m,mode=0755")
    for d in ("upper", "work", "shm"):
        os.mkdir(f"/tmp/{d}", 0o1777 if d == "shm" else 0o755)
    shm = os.open("/tmp/shm", os.O_PATH | os.O_DIRECTORY)
    mount("overlay", "/tmp", "overlay", NOSUID | NODEV,
          f"lowerdir=/proc/self/fd/{host_tmp},upperdir=/tmp/upper,workdir=/tmp/work")
    os.close(host_tmp)
    os.makedirs(scratch, 0o700, exist_ok=True)
    return shm


def keep_read_only_under_tmp(paths):
    """The checkout and the working folder stay read-only when they lie under /tmp: the private
    /tmp above would otherwise let writes to them land (privately) in the scratch."""
    for path in paths:
        if (path == "/tmp" or path.startswith("/tmp/")) and os.path.isdir(path):
            mount(path, path, None, BIND)
            read_only(path)


def private_dev(shm):
    nodes = {name: os.open(f"/dev/{name}", os.O_PATH) for name in DEVICES if os.path.exists(f"/dev/{name}")}
    mount("rulecheck-dev", "/dev", "tmpfs", NOSUID | NOEXEC, "size=64k,mode=0755")
    for name, fd in nodes.items():
        open(f"/dev/{name}", "w").close()
        mount(f"/proc/self/fd/{fd}", f"/dev/{name}", None, BIND)
        read_only(f"/dev/{name}", "", NOSUID | NOEXEC)
        os.close(fd)
    for name, target in (("fd", "/proc/self/fd"), ("stdin", "/proc/self/fd/0"), ("stdout", "/proc/self/fd/1"),
                         ("stderr", "/proc/self/fd/2")):
        os.symlink(target, f"/dev/{name}")
    os.mkdir("/dev/shm")
    mount(f"/proc/self/fd/{shm}", "/dev/shm", None, BIND)
    os.close(shm)
    read_only("/dev", "", NOSUID | NOEXEC)


def guard_proc_and_run():
    for path in ("/proc/sys", "/proc/sysrq-trigger", "/proc/irq", "/proc/bus"):
        if os.path.exists(path):
            mount(path, path, None, BIND | REC)
            read_only(path, "", NOSUID | NODEV | NOEXEC)
    if os.path.isdir("/run") and not os.path.islink("/run"):
        mount("rulecheck-run", "/run", "tmpfs", NOSUID | NODEV | NOEXEC | RDONLY, "size=4k,mode=0755")


def limit(nproc, memory_mb):
    def lower(which, value):
        soft, hard = resource.getrlimit(which)
        if hard != resource.RLIM_INFINITY:
            value = min(value, hard)
        resource.setrlimit(which, (value, value))

    lower(resource.RLIMIT_CORE, 0)
    lower(resource.RLIMIT_NPROC, nproc)
    if memory_mb:
        lower(resource.RLIMIT_DATA, memory_mb * 1024 * 1024)


def drop_capabilities():
    last = int(open("/proc/sys/kernel/cap_last_cap").read())
    for cap in range(last + 1):
        if libc.prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), f"cannot drop capability {cap} from the bounding set")
    libc.prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0)
    if libc.prctl(PR_SET_SECUREBITS, SECUREBITS, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "cannot set securebits")
    header = (ctypes.c_uint32 * 2)(0x20080522, 0)  # _LINUX_CAPABILITY_VERSION_3, this process
    data = (ctypes.c_uint32 * 6)()  # effective, permitted, inheritable for both halves: empty
    if libc.capset(header, data) != 0:
        raise OSError(ctypes.get_errno(), "capset")
    if libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "no_new_privs")


def main():
    config = json.loads(sys.argv[1])
    argv = sys.argv[3:]
    try:
        if config.get("cgroup"):
            with open(config["cgroup"], "w") as f:
                f.write(str(os.getpid()))
    except OSError as exc:
        fail(f"cannot join the cgroup {config['cgroup']}", exc)
    try:
        mount("none", "/", None, REC | PRIVATE)
        make_everything_read_only()
        shm = private_tmp(config["scratch_mb"], config["scratch"])
        keep_read_only_under_tmp(config.get("read_only", []))
        private_dev(shm)
        guard_proc_and_run()
    except OSError as exc:
        fail("cannot build the sandbox's file system", exc)
    try:
        limit(config["nproc"], config.get("memory_mb"))
    except (OSError, ValueError) as exc:
        fail("cannot set the limits", exc)
    try:
        os.chdir(config["cwd"])
    except OSError as exc:
        fail(f"cannot enter the working folder {config['cwd']}", exc)
    os.environ.update(TMPDIR=config["scratch"], HOME=config["scratch"], RULECHECK_SCRATCH=config["scratch"])
    try:
        drop_capabilities()
    except OSError as exc:
        fail("cannot drop capabilities", exc)
    try:
        os.execvp(argv[0], argv)
    except OSError as exc:
        print(f"sandbox: cannot start {argv[0]}: {exc}", file=sys.stderr)
        sys.exit(127)


if __name__ == "__main__":
    main()
