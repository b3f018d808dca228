"""The candidate's process, for ``harness.driver.subprocess_engine.SubprocessEngine``.

- Starting it in its own session / process group with CPU-time and memory limits
  (setrlimit) and no core dumps (``_limits``, ``_Process``).
- A reader thread that keeps the tail of its stderr in a ring buffer.
- Reaping: EOF, then a kill of the whole group after ``grace`` seconds
  (``_close_process``, ``_kill_group``); also at interpreter exit. Every descendant,
  even one that left the session, is found and killed (``harness.driver.process_tree``), and
  the ones still running after the engine exited are counted as leftovers (``LEFTOVERS``).
- The run's time budget (``set_run_budget``): past it, no request is sent or waited for
  (``BudgetExhausted``, which is not a fault of the engine).
- Reuse (opt-in): healthy processes parked for the next engine with the same command
  line, game, choices and limits (``_POOL``, ``drain_pool``).
- The transport: non-blocking writes of a request and reads of answer lines through
  ``selectors``, within the request's deadline and ``max_line_bytes`` (``_ProcessIO``,
  mixed into SubprocessEngine, which supplies ``_fault`` and the settings).
"""

from __future__ import annotations

import atexit
import collections
import fcntl
import os
import resource
import selectors
import signal
import subprocess
import threading
import time
import weakref

from harness.driver import process_tree
from harness.driver.referee import EngineCrashed, EngineStartupError, EngineTimeout, OversizedLine

DEFAULT_MAX_LINE_BYTES = 16 * 1024 * 1024
DEFAULT_CPU_SECONDS = 3600
DEFAULT_MEMORY_MB = 4096
_READ_CHUNK = 1 << 18

#: processes left running by candidates after they exited (found at close; the run reports them)
LEFTOVERS: collections.Counter = collections.Counter()
#: the end of the run's time budget (time.monotonic()), or None
_RUN_END: list = [None, None]


class BudgetExhausted(BaseException):
    """The run's time budget is used up: the request was not sent (or not waited for).

    A BaseException, like KeyboardInterrupt: not a fault of the engine, and not a test
    failure that Hypothesis should shrink; ``harness.verdicts.check`` reports the test as not run."""


def set_run_budget(seconds: float | None) -> None:
    """Every request of every SubprocessEngine ends by ``seconds`` from now (None: no budget)."""
    _RUN_END[0] = None if seconds is None else time.monotonic() + seconds
    _RUN_END[1] = seconds


def budget_left() -> float | None:
    return None if _RUN_END[0] is None else _RUN_END[0] - time.monotonic()


def check_budget() -> None:
    if _RUN_END[0] is not None and time.monotonic() >= _RUN_END[0]:
        raise BudgetExhausted(f"not run: the run's time budget of {_RUN_END[1]:g} s was used up")


def _limits(cpu_seconds: int | None, memory_mb: int | None):
    """preexec_fn: resource limits for the candidate (runs in the child before exec), and
    SIGKILL when rulecheck dies."""
    parent = os.getpid()

    def apply() -> None:
        process_tree.die_with_parent(parent)
        def lower(which, value):
            soft, hard = resource.getrlimit(which)
            if hard != resource.RLIM_INFINITY:
                value = min(value, hard)
            resource.setrlimit(which, (value, value if hard == resource.RLIM_INFINITY else hard))

        lower(resource.RLIMIT_CORE, 0)
        if cpu_seconds:
            soft, hard = resource.getrlimit(resource.RLIMIT_CPU)
            cap = cpu_seconds + 5 if hard == resource.RLIM_INFINITY else min(cpu_seconds + 5, hard)
            resource.setrlimit(resource.RLIMIT_CPU, (min(cpu_seconds, cap), cap))
        if memory_mb:
            # RLIMIT_DATA (private writable memory) rather than RLIMIT_AS: runtimes such as
            # V8, the JVM and Go reserve large address ranges they never touch.
            lower(resource.RLIMIT_DATA, memory_mb * 1024 * 1024)

    return apply


class _Process:
    """One running candidate: pipes, the stderr ring buffer, and reaping."""

    def __init__(self, argv: list[str], *, cpu_seconds, memory_mb, env, cwd, stderr_bytes: int):
        process_tree.enable_subreaper()
        self.token = os.urandom(8).hex()
        env = dict(os.environ if env is None else env)
        env[process_tree.TOKEN_VAR] = self.token
        self.leftovers = 0  # processes still running after the engine exited (set by close)
        self.stderr_tail: collections.deque[bytes] = collections.deque()
        self._stderr_size = 0
        self._stderr_cap = stderr_bytes
        self._lock = threading.Lock()
        self.proc = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, bufsize=0,
            start_new_session=True, preexec_fn=_limits(cpu_seconds, memory_mb), env=env, cwd=cwd, close_fds=True,
        )
        self.pid = self.proc.pid
        self.stdin_fd = self.proc.stdin.fileno()
        self.stdout_fd = self.proc.stdout.fileno()
        os.set_blocking(self.stdin_fd, False)
        os.set_blocking(self.stdout_fd, False)
        for fd in (self.stdin_fd, self.stdout_fd):
            _widen_pipe(fd)
        self.sel = selectors.DefaultSelector()
        self.sel.register(self.stdout_fd, selectors.EVENT_READ, "out")
        self.buf = bytearray()
        self.scan = 0  # bytes of buf already searched for a newline
        self.open_line = 0  # bytes read since the last newline
        self.stdout_eof = False
        self.writing = False  # stdin registered for EVENT_WRITE
        self._reader = threading.Thread(target=self._read_stderr, name=f"stderr-{self.pid}", daemon=True)
        self._reader.start()

    def _read_stderr(self) -> None:
        fd = self.proc.stderr.fileno()
        try:
            while True:
                chunk = os.read(fd, 65536)
                if not chunk:
                    return
                with self._lock:
                    self.stderr_tail.append(chunk)
                    self._stderr_size += len(chunk)
                    while self._stderr_size > self._stderr_cap and len(self.stderr_tail) > 1:
                        self._stderr_size -= len(self.stderr_tail.popleft())
        except OSError:
            return

    def stderr_text(self, wait: float = 0.0) -> str:
        if wait and self._reader.is_alive():
            self._reader.join(wait)
        with self._lock:
            data = b"".join(self.stderr_tail)[-self._stderr_cap:]
        return data.decode("utf-8", "replace")

    def alive(self) -> bool:
        return self.proc.poll() is None

    def exit_description(self, wait: float = 0.3) -> str:
        try:
            code = self.proc.wait(wait)
        except subprocess.TimeoutExpired:
            return "the process is still running (it closed its stdout)"
        if code < 0:
            try:
                name = signal.Signals(-code).name
            except ValueError:
                name = f"signal {-code}"
            extra = " (CPU-time limit)" if name == "SIGXCPU" else ""
            return f"the process was killed by {name}{extra}"
        return f"the process exited with status {code}"

    def kill(self) -> None:
        """Kill the whole process group and every other descendant at once; reap."""
        known = set(process_tree.descendants(self.pid))
        _kill_group(self.proc)
        process_tree.sweep(self.pid, self.token, known)
        self.buf = bytearray()  # a fault's traceback keeps this object: not its (maybe huge) buffer

    def sweep_escaped(self) -> int:
        """Kill (and count) the descendants that left the engine's process group (at parking)."""
        escaped = {p for p in process_tree.related(self.pid, self.token) if process_tree.group_of(p) != self.pid}
        if escaped:
            process_tree.kill(escaped)
            process_tree.reap_adopted(escaped)
            LEFTOVERS["leftover"] += len(escaped)
        return len(escaped)

    def close(self, grace: float) -> int:
        """EOF on stdin; wait up to ``grace`` s for a clean exit; then kill the group and every
        descendant; reap. Returns how many processes the engine left running after it exited
        (or after ``grace``), which ``LEFTOVERS`` counts too."""
        if self.proc.returncode is not None and self.stdin_fd is None:
            return 0  # closed already
        known = set(process_tree.descendants(self.pid)) if self.proc.poll() is None else set()
        _close_process(self.proc, grace, kill=False)
        settle = time.monotonic() + min(0.5, max(grace, 0.2))
        while True:  # helpers that end when the engine ends get a moment to do so
            left = {p for p in known if process_tree.alive(p)} | process_tree.related(self.pid, self.token)
            if not left or time.monotonic() > settle:
                break
            time.sleep(0.02)
        _kill_group(self.proc)
        process_tree.sweep(self.pid, self.token, left)
        self.stdin_fd = None
        self.leftovers = len(left)
        if left:
            LEFTOVERS["leftover"] += len(left)
        self._reader.join(0.5)
        try:
            self.sel.close()
        except Exception:  # noqa: BLE001
            pass
        return len(left)


#: bytes a pipe to or from a candidate holds: a batch answer (tens of KB) goes through in one write
#: and one read instead of the engine waiting at every 64 KB for rulecheck to read
PIPE_BYTES = 1 << 20


def _widen_pipe(fd: int) -> None:
    """Make the pipe ``fd`` hold ``PIPE_BYTES`` (Linux ``F_SETPIPE_SZ``; elsewhere, or past the
    system's limit, it keeps its size)."""
    setsize = getattr(fcntl, "F_SETPIPE_SZ", None)
    if setsize is None:
        return
    try:
        fcntl.fcntl(fd, setsize, PIPE_BYTES)
    except OSError:
        pass


def _kill_group(proc: subprocess.Popen) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)  # the session leader's pid is the group id
    except (ProcessLookupError, PermissionError):
        pass
    try:
        proc.wait(5)
    except subprocess.TimeoutExpired:  # pragma: no cover (SIGKILL cannot be ignored)
        pass
    for f in (proc.stdin, proc.stdout, proc.stderr):
        try:
            if f:
                f.close()
        except OSError:
            pass


def _close_process(proc: subprocess.Popen, grace: float, kill: bool = True) -> None:
    """EOF, wait up to ``grace`` s, then kill the group and reap ``proc``."""
    try:
        if proc.stdin:
            proc.stdin.close()
    except OSError:
        pass
    try:
        proc.wait(grace)
    except subprocess.TimeoutExpired:
        pass
    if kill:
        _kill_group(proc)  # also ends any children the candidate left behind


# ---- reuse (opt-in): parked processes ------------------------------------------------
_POOL: dict[tuple, list] = {}
_POOL_LOCK = threading.Lock()
_POOL_MAX = 2


def _reuse_default() -> bool:
    return os.environ.get("RULECHECK_REUSE_ENGINES", "").lower() in ("1", "true", "yes")


def drain_pool() -> int:
    """Reap every parked candidate process (also run at interpreter exit); how many."""
    with _POOL_LOCK:
        procs = [p for parked in _POOL.values() for p, _ in parked]
        _POOL.clear()
    for p in procs:
        p.close(0.2)
    process_tree.reap_adopted()
    return len(procs)


atexit.register(drain_pool)


# ---- a request in flight, and the process side of SubprocessEngine ---------------------
class _Ticket:
    """A request sent and not yet answered."""

    __slots__ = ("rid", "req", "limit", "end", "startup", "proc")

    def __init__(self, rid, req, limit, end, startup, proc):
        self.rid, self.req, self.limit, self.end, self.startup, self.proc = rid, req, limit, end, startup, proc


class _ProcessIO:
    """The process side of SubprocessEngine: parking for reuse, and moving bytes.

    Mixed into SubprocessEngine, which supplies ``_proc``, ``_pending``, ``_finalizer``,
    ``max_line_bytes``, the settings in ``_pool_key`` and ``_fault`` (records the fault,
    kills the process when asked, raises).
    """

    # ---- reuse (opt-in: reuse=True or RULECHECK_REUSE_ENGINES=1) -----------------------
    def _pool_key(self) -> tuple:
        return (tuple(self.argv), self.game, tuple(sorted(self.requested_choices.items())), self.cpu_seconds,
                self.memory_mb, tuple(sorted(self.env.items())) if self.env else None, self.cwd, self.stderr_bytes)

    def _adopt(self) -> bool:
        with _POOL_LOCK:
            parked = _POOL.get(self._pool_key(), [])
            while parked:
                proc, info = parked.pop()
                if proc.alive() and not proc.buf and not proc.stdout_eof:
                    break
                proc.close(0.0)
            else:
                return False
        self._proc = proc
        self._finalizer = weakref.finalize(self, proc.close, 0.2)
        self.info = info
        self.name, self.version, self.choices = str(info["name"]), str(info["version"]), dict(info["choices"])
        self._ops = set(info["ops"]) if isinstance(info.get("ops"), list) else None
        self.config_keys = list(info["config"]) if isinstance(info.get("config"), list) else None
        return True

    def _park(self) -> bool:
        p = self._proc
        if p is None or self._pending or p.buf or p.stdout_eof or not p.alive() or self._disabled is not None:
            return False
        with _POOL_LOCK:
            parked = _POOL.setdefault(self._pool_key(), [])
            if len(parked) >= _POOL_MAX:
                return False
            with p._lock:
                p.stderr_tail.clear()
                p._stderr_size = 0
            parked.append((p, self.info))
        p.sweep_escaped()  # an idle engine keeps no process outside its own group
        self._proc = None
        if self._finalizer is not None:
            self._finalizer.detach()
            self._finalizer = None
        return True


    def _classes(self, t: "_Ticket"):
        return (EngineStartupError, EngineStartupError) if t.startup else (EngineTimeout, EngineCrashed)

    def _pump(self, p: _Process, t: "_Ticket", want_write: bool) -> None:
        """Wait (until ``t``'s deadline) for output to read or room to write; read what came."""
        timeout_cls, crash_cls = self._classes(t)
        remaining = t.end - time.monotonic()
        if remaining <= 0:
            if _RUN_END[0] is not None and time.monotonic() >= _RUN_END[0]:
                self._abandon()  # the run is over: not the engine's fault
                check_budget()
            where = (f"it had sent {len(p.buf)} bytes of an unfinished line" if p.buf else
                     "it had not read the whole request" if want_write else "it sent nothing")
            self._fault(timeout_cls, f"no answer within {t.limit:g} s ({where})", t.req)
        if want_write and not p.writing:
            p.sel.register(p.stdin_fd, selectors.EVENT_WRITE, "in")
            p.writing = True
        elif not want_write and p.writing:
            p.sel.unregister(p.stdin_fd)
            p.writing = False
        for key, _ in p.sel.select(remaining):
            if key.data == "out":
                try:
                    chunk = os.read(p.stdout_fd, _READ_CHUNK)
                except BlockingIOError:
                    continue
                except OSError:
                    chunk = b""
                if chunk:
                    p.buf += chunk
                    nl = chunk.rfind(b"\n")
                    p.open_line = p.open_line + len(chunk) if nl < 0 else len(chunk) - nl - 1
                    if p.open_line > self.max_line_bytes:  # a flood: stop reading at once
                        self._fault(OversizedLine, f"answer line longer than the limit of {self.max_line_bytes} "
                                                   f"bytes (no newline after {p.open_line} bytes)", t.req)
                    if len(p.buf) > self.max_line_bytes * (len(self._pending) + 2):
                        self._fault(OversizedLine, f"more than {len(p.buf)} bytes of output pending, over the limit "
                                                   f"of {self.max_line_bytes} bytes a line", t.req)
                else:
                    p.stdout_eof = True

    def _write(self, p: _Process, data: bytes, t: "_Ticket") -> None:
        view = memoryview(data)
        sent = 0
        crash_cls = self._classes(t)[1]
        while True:
            try:
                sent += os.write(p.stdin_fd, view[sent:])
            except BlockingIOError:
                pass
            except (BrokenPipeError, OSError):
                self._fault(crash_cls, f"the engine stopped reading its input: {p.exit_description()}", t.req)
            if sent >= len(data):
                if p.writing:
                    p.sel.unregister(p.stdin_fd)
                    p.writing = False
                return
            if p.stdout_eof:
                self._fault(crash_cls, f"the engine closed its output; {p.exit_description()}", t.req)
            self._pump(p, t, want_write=True)

    def _read_line(self, p: _Process, t: "_Ticket") -> bytes:
        """The next non-blank line of output, within ``t``'s deadline."""
        crash_cls = self._classes(t)[1]
        while True:
            nl = p.buf.find(b"\n", p.scan)
            if nl >= 0:
                with memoryview(p.buf) as view:
                    line = bytes(view[:nl])
                del p.buf[: nl + 1]
                p.scan = 0
                if nl > self.max_line_bytes:
                    self._fault(OversizedLine, f"answer line of {nl} bytes, over the limit of "
                                               f"{self.max_line_bytes} bytes", t.req)
                if line.strip():
                    return line
                continue  # blank lines are ignored
            p.scan = len(p.buf)
            if len(p.buf) > self.max_line_bytes:
                self._fault(OversizedLine, f"answer line longer than the limit of {self.max_line_bytes} bytes "
                                           f"(no newline after {len(p.buf)} bytes)", t.req)
            if p.stdout_eof:
                partial = f"; it had sent {len(p.buf)} bytes of an unfinished line" if p.buf else ""
                self._fault(crash_cls, f"no answer: the engine closed its output; {p.exit_description()}{partial}",
                            t.req)
            self._pump(p, t, want_write=False)
