"""Run inside a fresh sandbox (``python -I -S -c <this file's text>``) in place of an engine:
checks each guarantee of ``harness.driver.sandbox.GUARANTEES`` from the inside and prints one
JSON object, ``{guarantee: ""}`` when it holds, ``{guarantee: "why not"}`` when it does not.

Standard library only; never imports rulecheck.
"""

import ctypes
import errno
import json
import os
import resource
import socket


def status():
    out = {}
    with open("/proc/self/status") as f:
        for line in f:
            key, _, value = line.partition(":")
            out[key] = value.strip()
    return out


def mounts():
    rows = []
    with open("/proc/self/mountinfo") as f:
        for line in f:
            fields = line.split()
            sep = fields.index("-")
            rows.append({"id": fields[0], "parent": fields[1], "root": fields[3], "point": fields[4], "options": fields[5].split(","),
                         "fstype": fields[sep + 1], "source": fields[sep + 2]})
    return rows


def no_capabilities():
    st = status()
    held = [k for k in ("CapInh", "CapPrm", "CapEff", "CapBnd", "CapAmb") if int(st.get(k, "1"), 16)]
    if held:
        return "capabilities held: " + ", ".join(f"{k} {st[k]}" for k in held)
    if st.get("NoNewPrivs") != "1":
        return "no_new_privs is not set"
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.mount(None, b"/", None, 32 | 4096, None) == 0:  # MS_REMOUNT | MS_BIND, read-write
        return "remounting / read-write succeeded"
    try:
        socket.socket(socket.AF_INET, socket.SOCK_RAW, socket.IPPROTO_ICMP).close()
        return "a raw socket could be opened"
    except OSError:
        return ""


def visible_mounts():
    """The mounts a path can reach: not under another mount on the same point, nor in one that is."""
    rows = mounts()
    by_id = {m["id"]: m for m in rows}
    covered = {m["parent"] for m in rows if m["parent"] in by_id and by_id[m["parent"]]["point"] == m["point"]}

    def hidden(m, depth=0):
        return m["id"] in covered or (m["parent"] in by_id and depth < 64 and hidden(by_id[m["parent"]], depth + 1))

    return [m for m in rows if not hidden(m)]


def read_only():
    writable = [m["point"] for m in visible_mounts() if "ro" not in m["options"]
                and m["point"] not in ("/tmp", "/dev/shm", "/proc") and not m["point"].startswith("/proc/self")]
    return f"writable mounts: {', '.join(writable)}" if writable else ""


def private_tmp():
    by_point = {m["point"]: m for m in mounts()}
    tmp, shm = by_point.get("/tmp"), by_point.get("/dev/shm")
    if tmp is None or tmp["fstype"] != "overlay" or tmp["source"] != "overlay":
        return "/tmp is not the private overlay"
    if shm is None or shm["source"] != "rulecheck-scratch" or shm["root"] != "/shm":
        return "/dev/shm is not a folder of the scratch"
    for path in ("/tmp", "/dev/shm", os.environ.get("RULECHECK_SCRATCH", "/nonexistent")):
        try:
            with open(os.path.join(path, ".probe"), "w") as f:
                f.write("probe")
        except OSError as exc:
            return f"{path} is not writable: {exc.strerror}"
    return ""


def pid_namespace():
    pids = [p for p in os.listdir("/proc") if p.isdigit()]
    if os.getpid() != 1 or pids != ["1"]:
        return f"other processes are visible: {len(pids)} in /proc, this one is pid {os.getpid()}"
    return ""


def no_network():
    with open("/proc/net/dev") as f:
        names = [line.split(":")[0].strip() for line in f.readlines()[2:]]
    if [n for n in names if n != "lo"]:
        return "network interfaces: " + ", ".join(names)
    try:
        socket.create_connection(("127.0.0.1", 9), timeout=1).close()
        return "a TCP connection to 127.0.0.1 was opened"
    except OSError as exc:
        if exc.errno not in (errno.ENETUNREACH, errno.ECONNREFUSED, errno.EHOSTUNREACH):
            return f"connect failed in an unexpected way: {exc}"
    return ""


def outer_uid():
    with open("/proc/self/uid_map") as f:
        first = f.read().split()
    return int(first[1]) if first and first[0] == "0" else None


def unprivileged_uid():
    outer = outer_uid()
    return "" if outer not in (None, 0) else "the engine runs as the host's root (uid 0)"


def pids_max():
    """The pids.max of this process's pids cgroup (v1 or v2), or None."""
    for line in open("/proc/self/cgroup"):
        _, controllers, path = line.rstrip("\n").split(":", 2)
        for m in mounts():
            v1 = m["fstype"] == "cgroup" and "pids" in controllers.split(",") and m["source"] == "cgroup"
            v2 = m["fstype"] == "cgroup2" and controllers == ""
            name = os.path.join(m["point"] + path.rstrip("/"), "pids.max")
            if (v1 or v2) and os.path.exists(name):
                value = open(name).read().strip()
                if value != "max":
                    return int(value)
    return None


def process_limit():
    soft, _ = resource.getrlimit(resource.RLIMIT_NPROC)
    if outer_uid() not in (None, 0) and soft != resource.RLIM_INFINITY:
        return ""
    if pids_max() is not None:
        return ""
    if soft == resource.RLIM_INFINITY:
        return "no RLIMIT_NPROC and no pids cgroup"
    return "RLIMIT_NPROC is not enforced for the host's root, and no pids cgroup could be made"


def memory_limit():
    soft, _ = resource.getrlimit(resource.RLIMIT_DATA)
    return "no RLIMIT_DATA" if soft == resource.RLIM_INFINITY else ""


CHECKS = {"no-capabilities": no_capabilities, "read-only": read_only, "private-tmp": private_tmp,
          "pid-namespace": pid_namespace, "no-network": no_network, "unprivileged-uid": unprivileged_uid,
          "process-limit": process_limit, "memory-limit": memory_limit}

if __name__ == "__main__":
    result = {}
    for name, check in CHECKS.items():
        try:
            result[name] = check()
        except Exception as exc:  # noqa: BLE001 -- a probe that cannot tell is a guarantee not shown
            result[name] = f"cannot check: {type(exc).__name__}: {exc}"
    print(json.dumps(result))
