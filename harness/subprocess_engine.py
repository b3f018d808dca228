"""A candidate engine in a subprocess, spoken to over the engine protocol (docs/protocol.md).

``SubprocessEngine("node my-engine.js", game="dnup")`` implements ``engine.protocol.Engine``:
states are canonical JSON dicts on our side, every answer is checked against the
protocol schemas and the game's state/action schemas, and errors the candidate returns
become ``engine.errors`` exceptions (``error_from_wire``).

It is also the referee. Whatever the candidate does (hang, crash, exit, print garbage or
endless lines, answer the wrong id, return states that are not our notation) rulecheck
neither hangs nor crashes: each fault raises an ``harness.referee.EngineFault`` subclass
whose message names the request and carries the tail of the candidate's stderr.

- The candidate runs in its own session / process group, with CPU-time and memory
  limits (setrlimit), no core dumps, and is always reaped: by ``close()`` (EOF, then a
  kill of the whole group after ``grace`` seconds), after a fault (killed at once), and
  at interpreter exit (weakref finalizer).
- Every request has a deadline (``deadline`` s; a batch gets the same deadline as a
  single request; ``startup_deadline`` for starting and ``hello``). Reads and writes are
  non-blocking through ``selectors``, so a candidate that never reads its input cannot
  block us either. Lines are bounded by ``max_line_bytes``; stderr by a ring buffer
  filled by a reader thread.
- After a fault that leaves the stream out of step (timeout, crash, garbage...) the
  process is killed; the next request starts a fresh one (the protocol is stateless),
  up to ``max_faults`` faults; after that every call fails at once with the last fault,
  so a broken candidate cannot make a long run crawl.
- ``fault_counts`` counts faults by kind (startup, timeout, crash, protocol, schema) and
  restarts; ``error_counts`` counts the error codes the candidate answered with.
"""

from __future__ import annotations

import atexit
import collections
import json
import os
import resource
import selectors
import shlex
import signal
import subprocess
import threading
import time
import weakref
from typing import Any, Iterable

import specs.protocol as proto
from engine.canonical import dumps
from engine.errors import MalformedError, RulecheckError, error_from_wire
from engine.protocol import Engine
from harness.referee import (
    EngineCrashed,
    action_problems,
    game_checkers,
    state_problems,
    EngineFault,
    EngineStartupError,
    EngineTimeout,
    OversizedLine,
    ProtocolError,
    SchemaViolation,
    WrongId,
    excerpt,
)

DEFAULT_MAX_LINE_BYTES = 64 * 1024 * 1024
DEFAULT_CPU_SECONDS = 3600
DEFAULT_MEMORY_MB = 4096
#: a batch gets one request deadline per this many sub-requests
BATCH_DEADLINE_UNIT = 32
_READ_CHUNK = 1 << 16


def _limits(cpu_seconds: int | None, memory_mb: int | None):
    """preexec_fn: resource limits for the candidate (runs in the child before exec)."""

    def apply() -> None:
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
        self.sel = selectors.DefaultSelector()
        self.sel.register(self.stdout_fd, selectors.EVENT_READ, "out")
        self.buf = bytearray()
        self.scan = 0  # bytes of buf already searched for a newline
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
        """Kill the whole process group at once and reap the leader."""
        _kill_group(self.proc)

    def close(self, grace: float) -> None:
        """EOF on stdin; wait up to ``grace`` s for a clean exit; then kill the group; reap."""
        _close_process(self.proc, grace)
        self._reader.join(0.5)
        try:
            self.sel.close()
        except Exception:  # noqa: BLE001
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


def _close_process(proc: subprocess.Popen, grace: float) -> None:
    """Reap ``proc`` (used by close() and by the finalizer at interpreter exit)."""
    try:
        if proc.stdin:
            proc.stdin.close()
    except OSError:
        pass
    try:
        proc.wait(grace)
    except subprocess.TimeoutExpired:
        pass
    _kill_group(proc)  # also ends any children the candidate left behind


def _describe_request(req: dict) -> str:
    """A short excerpt of a request for fault messages: the action in full, the state summarised."""

    def summary(st: Any) -> Any:
        if not isinstance(st, dict):
            return st
        return {"game": st.get("game"), "to_move": st.get("to_move"), "...": f"{len(dumps(st))} bytes"}

    if req.get("op") == "batch":
        subs = req.get("requests", [])
        ops = collections.Counter(r.get("op") for r in subs)
        first = _describe_request(subs[0]) if subs else ""
        return excerpt(f"batch of {len(subs)} ({', '.join(f'{n} {o}' for o, n in ops.items())}); first: {first}", 400)
    short = {k: (summary(v) if k == "state" else v) for k, v in req.items()}
    return excerpt(dumps(short), 400)


_POOL: dict[tuple, list] = {}
#: (argv, game) -> [faults in a row of startup/timeout/crash without a good answer, the last fault]
_BREAKER: dict[tuple, list] = {}
#: after this many engines of one command line faulted in a row, new ones fail at once
BREAKER_LIMIT = 3


def reset_breakers() -> None:
    """Forget the faults of every command line (new engines are started again)."""
    with _POOL_LOCK:
        _BREAKER.clear()

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
    return len(procs)


atexit.register(drain_pool)


class _Ticket:
    """A request sent and not yet answered."""

    __slots__ = ("rid", "req", "limit", "end", "startup", "proc")

    def __init__(self, rid, req, limit, end, startup, proc):
        self.rid, self.req, self.limit, self.end, self.startup, self.proc = rid, req, limit, end, startup, proc


class SubprocessEngine(Engine):
    """An engine in another process, checked by the referee. See the module docstring."""

    def __init__(self, cmd: str | list[str], game: str, choices: dict | None = None, deadline: float = 5.0,
                 startup_deadline: float = 10.0, cpu_seconds: int | None = DEFAULT_CPU_SECONDS,
                 memory_mb: int | None = DEFAULT_MEMORY_MB, max_line_bytes: int = DEFAULT_MAX_LINE_BYTES, *,
                 grace: float = 1.0, max_faults: int = 3, batch_size: int = 128, stderr_bytes: int = 16384,
                 env: dict | None = None, cwd: str | None = None, state_schema: dict | None = None,
                 action_schema: dict | None = None, validate: bool = True, reuse: bool | None = None):
        self.cmd = cmd if isinstance(cmd, str) else shlex.join(cmd)
        self.argv = shlex.split(cmd) if isinstance(cmd, str) else list(cmd)
        if not self.argv:
            raise EngineStartupError("empty command line: write cmd:<program> [args]")
        self.game = game
        self.requested_choices = dict(choices or {})
        self.deadline = deadline
        self.startup_deadline = startup_deadline
        self.cpu_seconds = cpu_seconds
        self.memory_mb = memory_mb
        self.max_line_bytes = max_line_bytes
        self.grace = grace
        self.max_faults = max_faults
        self.batch_size = batch_size
        self.stderr_bytes = stderr_bytes
        self.env = env
        self.cwd = cwd
        self.validate = validate
        self.name = os.path.basename(self.argv[0])
        self.version = "?"
        self.choices: dict[str, str] = {}
        self.info: dict = {}
        self.fault_counts = {"startup": 0, "timeout": 0, "crash": 0, "protocol": 0, "schema": 0, "restarts": 0}
        self.error_counts: collections.Counter = collections.Counter()
        self.requests = 0
        self.faults: list[EngineFault] = []
        self._ops: set[str] | None = None
        self._disabled: EngineFault | None = None
        self._proc: _Process | None = None
        self._pending: collections.deque[_Ticket] = collections.deque()
        self._next_id = 0
        self._closed = False
        self._finalizer = None
        self._state_validator, self._action_validator = game_checkers(game, state_schema, action_schema)
        self.reuse = _reuse_default() if reuse is None else reuse
        self._check_breaker()
        if not (self.reuse and self._adopt()):
            self._start()

    # ---- life cycle --------------------------------------------------------------
    def _start(self) -> None:
        try:
            self._proc = _Process(self.argv, cpu_seconds=self.cpu_seconds, memory_mb=self.memory_mb, env=self.env,
                                  cwd=self.cwd, stderr_bytes=self.stderr_bytes)
        except (OSError, subprocess.SubprocessError) as exc:
            self._proc = None
            fault = EngineStartupError(f"cannot start {self.cmd!r}: {exc}", engine=self.cmd)
            self._record(fault)
            raise fault from None
        if self._finalizer is not None:
            self._finalizer.detach()
        self._finalizer = weakref.finalize(self, _close_process, self._proc.proc, 0.2)
        req = {"op": "hello", "protocol": proto.PROTOCOL_VERSION, "game": self.game}
        if self.requested_choices:
            req["choices"] = self.requested_choices
        try:
            info = self._call(req, self.startup_deadline, startup=True)
        except RulecheckError:
            self._shutdown()  # e.g. unknown-choice: a clean refusal, not a fault
            raise
        self.info = info
        self.name = str(info["name"])
        self.version = str(info["version"])
        self.choices = dict(info["choices"])
        self._ops = set(info["ops"]) if isinstance(info.get("ops"), list) else None
        if self.game not in info["games"]:
            self._fault(EngineStartupError, f"the engine plays {info['games']}, not {self.game!r}", req)

    def _ensure_running(self) -> None:
        if self._closed:
            raise EngineCrashed("the engine was closed", engine=self.cmd)
        if self._disabled is not None:
            raise type(self._disabled)(
                f"engine disabled after {len(self.faults)} faults; the last one was: {self._disabled.what}",
                op=self._disabled.op, request_id=self._disabled.request_id, excerpt=self._disabled.excerpt,
                stderr_tail=self._disabled.stderr_tail, engine=self.cmd)
        if self._proc is None:
            self.fault_counts["restarts"] += 1
            self._start()

    def _shutdown(self, grace: float | None = None) -> None:
        p, self._proc = self._proc, None
        self._pending.clear()
        if p is not None:
            p.close(self.grace if grace is None else grace)
        if self._finalizer is not None:
            self._finalizer.detach()
            self._finalizer = None

    def close(self) -> None:
        """Send EOF, wait ``grace`` s, kill the process group, reap. Idempotent.

        With ``reuse`` a healthy process is parked instead, for the next SubprocessEngine
        with the same command line, game, choices and limits (reaped at interpreter exit).
        """
        self._closed = True
        if self.reuse and self._park():
            return
        self._shutdown()

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
        self._finalizer = weakref.finalize(self, _close_process, proc.proc, 0.2)
        self.info = info
        self.name, self.version, self.choices = str(info["name"]), str(info["version"]), dict(info["choices"])
        self._ops = set(info["ops"]) if isinstance(info.get("ops"), list) else None
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
        self._proc = None
        if self._finalizer is not None:
            self._finalizer.detach()
            self._finalizer = None
        return True

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc else None

    # ---- faults --------------------------------------------------------------------
    def _record(self, fault: EngineFault) -> None:
        self.faults.append(fault)
        self.fault_counts[fault.counter] = self.fault_counts.get(fault.counter, 0) + 1
        if len(self.faults) >= self.max_faults:
            self._disabled = fault
        if isinstance(fault, (EngineStartupError, EngineTimeout, EngineCrashed)):
            with _POOL_LOCK:
                entry = _BREAKER.setdefault(self._breaker_key(), [0, None])
                entry[0] += 1
                entry[1] = fault

    def _breaker_key(self) -> tuple:
        return (tuple(self.argv), self.game)

    def _good_answer(self) -> None:
        """A request (other than hello) was answered: the command line works after all."""
        if _BREAKER:
            with _POOL_LOCK:
                _BREAKER.pop(self._breaker_key(), None)

    def _check_breaker(self) -> None:
        with _POOL_LOCK:
            count, last = _BREAKER.get(self._breaker_key(), (0, None))
        if count >= BREAKER_LIMIT and last is not None:
            raise type(last)(
                f"not started: the last {count} engines of this command faulted in a row without one good "
                f"answer (harness.subprocess_engine.reset_breakers() starts afresh); the last fault was: "
                f"{last.what}", op=last.op, request_id=last.request_id, excerpt=last.excerpt,
                stderr_tail=last.stderr_tail, engine=self.cmd)

    def _fault(self, cls: type[EngineFault], what: str, req: dict | None, *, kill: bool = True,
               stderr_wait: float = 0.5):
        p = self._proc
        if kill and p is not None:
            p.kill()
            self._proc = None
            self._pending.clear()
            if self._finalizer is not None:
                self._finalizer.detach()
                self._finalizer = None
        tail = p.stderr_text(wait=stderr_wait if kill else 0.0) if p is not None else ""
        fault = cls(what, op=req.get("op") if req else None, request_id=req.get("id") if req else None,
                    excerpt=_describe_request(req) if req else "", stderr_tail=tail, engine=self.cmd)
        self._record(fault)
        raise fault

    # ---- one round trip --------------------------------------------------------------
    def _call(self, req: dict, deadline: float | None = None, *, startup: bool = False) -> dict:
        """Send one request, return the response without its id (checked against the op's
        response schema). Candidate errors are raised as engine.errors exceptions."""
        return self._collect(self._submit(req, deadline, startup=startup))

    def _submit(self, req: dict, deadline: float | None = None, *, startup: bool = False) -> "_Ticket":
        """Send a request without waiting for its answer (answers come back in order)."""
        if not startup:
            self._ensure_running()
        p = self._proc
        rid = self._next_id
        self._next_id += 1
        req["id"] = rid  # the caller's dict: its fault messages name the id too
        self.requests += 1
        limit = self.startup_deadline if startup else (deadline or self.deadline)
        try:
            data = (json.dumps(req, separators=(",", ":"), ensure_ascii=False) + "\n").encode("utf-8")
        except (TypeError, ValueError) as exc:
            raise MalformedError(f"cannot send {req['op']}: not JSON: {exc}") from None
        t = _Ticket(rid, req, limit, time.monotonic() + limit, startup, p)
        self._write(p, data, t)
        self._pending.append(t)
        return t

    def _collect(self, t: "_Ticket") -> dict:
        p = self._proc
        if p is not t.proc or not self._pending or self._pending[0] is not t:
            raise EngineCrashed("the answer to this request was lost: the engine was restarted after a fault",
                                op=t.req.get("op"), request_id=t.rid, engine=self.cmd)
        line = self._read_line(p, t)
        self._pending.popleft()
        req, rid, op, startup = t.req, t.rid, t.req["op"], t.startup
        try:
            resp = json.loads(line)
        except (ValueError, RecursionError) as exc:
            self._fault(ProtocolError, f"the answer is not JSON ({exc}): {excerpt(line.decode('utf-8', 'replace'), 200)}",
                        req)
        if not isinstance(resp, dict):
            self._fault(ProtocolError, f"the answer is not a JSON object: {excerpt(line.decode('utf-8', 'replace'), 200)}", req)
        if resp.get("id") != rid or "id" not in resp:
            got = resp.get("id", "(no id)")
            self._fault(WrongId, f"the answer has id {got!r}, expected {rid!r}: "
                                 f"{excerpt(line.decode('utf-8', 'replace'), 200)}", req)
        if "error" in resp:
            self._raise_wire_error(resp, req, op)
        problems = proto.errors(f"{op}.response", resp)
        if problems:
            self._fault(ProtocolError if startup else SchemaViolation,
                        f"the answer to {op} does not follow the protocol: {'; '.join(problems)}", req,
                        kill=startup)
        del resp["id"]
        if not startup:
            self._good_answer()
        return resp

    def _raise_wire_error(self, resp: dict, req: dict, op: str):
        problems = proto.errors("error.response", resp)
        if problems:
            self._fault(SchemaViolation, f"malformed error answer: {'; '.join(problems)}", req, kill=False)
        err = resp["error"]
        self.error_counts[err["code"]] += 1
        exc = error_from_wire(err)
        exc.request = req  # type: ignore[attr-defined]
        raise exc

    def _classes(self, t: "_Ticket"):
        return (EngineStartupError, EngineStartupError) if t.startup else (EngineTimeout, EngineCrashed)

    def _pump(self, p: _Process, t: "_Ticket", want_write: bool) -> None:
        """Wait (until ``t``'s deadline) for output to read or room to write; read what came."""
        timeout_cls, crash_cls = self._classes(t)
        remaining = t.end - time.monotonic()
        if remaining <= 0:
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
                line = bytes(p.buf[:nl])
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

    # ---- checking answers --------------------------------------------------------------
    def _check_state(self, st: Any, req: dict) -> dict:
        if self.validate:
            problems = state_problems(st, self.game, self._state_validator)
            if problems:
                self._fault(SchemaViolation, "the state in the answer is not valid: " + "; ".join(problems), req,
                            kill=False)
        return st

    def _check_actions(self, actions: Any, req: dict) -> list[dict]:
        if not isinstance(actions, list):
            self._fault(SchemaViolation, f"'actions' is not a list: {excerpt(dumps(actions), 120)}", req, kill=False)
        if self.validate:
            for i, a in enumerate(actions):
                problems = action_problems(a, self._action_validator)
                if problems:
                    self._fault(SchemaViolation, f"legal action {i} is not valid: {'; '.join(problems)}", req,
                                kill=False)
        return actions

    # ---- the Engine interface ----------------------------------------------------------
    def new_game(self, config: dict) -> dict:
        req = {"op": "new", "game": self.game, "config": config}
        return self._check_state(self._call(req)["state"], req)

    def legal_actions(self, state: dict) -> list[dict]:
        req = {"op": "legal", "state": state}
        return self._check_actions(self._call(req)["actions"], req)

    def chance(self, state: dict) -> dict | None:
        """The pending chance description: ``state["chance"]`` (no round trip)."""
        return state.get("chance") if isinstance(state, dict) else None

    def apply(self, state: dict, action: dict) -> dict:
        req = {"op": "apply", "state": state, "action": action}
        return self._check_state(self._call(req)["state"], req)

    def to_json(self, state: dict) -> dict:
        return state

    def from_json(self, obj: dict) -> dict:
        """Load a state. If the candidate answers ``load``, it judges the state itself (its
        own ``malformed`` error and message, as scenarios expect) and the state it gives back
        is checked against the schema; otherwise rulecheck checks ``obj`` against the schema."""
        if self.supports("load") and isinstance(obj, dict):
            req = {"op": "load", "state": obj}
            try:
                resp = self._call(req)
            except RulecheckError as exc:
                if exc.code != "unsupported":
                    raise
                self._ops = (self._ops or set(proto.REQUIRED_OPS)) - {"load"}
            else:
                return self._check_state(resp["state"], req)
        problems = state_problems(obj, self.game, self._state_validator)
        if problems:
            raise MalformedError("not a valid state: " + "; ".join(problems))
        return obj

    def result(self, state: dict) -> dict | None:
        return state.get("result")

    def observation(self, state: dict, player: int) -> dict:
        if not self.supports("observe"):
            return state
        return self._call({"op": "observe", "state": state, "player": player})["observation"]

    def hello(self) -> dict:
        return dict(self.info)

    def supports(self, op: str) -> bool:
        """Whether the engine answers ``op`` (or has the feature, e.g. ``apply-legal``)."""
        return op in proto.REQUIRED_OPS or (self._ops is not None and op in self._ops)

    # ---- batching ----------------------------------------------------------------------
    def batch(self, requests: list[dict], deadline: float | None = None) -> list[dict]:
        """Send sub-requests (``{"op": ..., ...}`` without id) in one ``batch`` line; return the
        sub-responses in order. Each is ``{"state": ...}``, ``{"actions": [...]}``, ... or
        ``{"error": {...}}`` (not raised: callers decide). States and action lists are checked;
        a sub-response that is not valid raises SchemaViolation."""
        return self.collect_batch(self.submit_batch(requests, deadline))

    def submit_batch(self, requests: list[dict], deadline: float | None = None) -> _Ticket:
        """Send a batch without waiting; ``collect_batch(ticket)`` gets its answers. Several
        batches may be in flight (pipelining); collect them in the order they were sent.

        A batch of n sub-requests gets ``deadline`` times ceil(n / 32): a slow but correct
        engine is not faulted for being sent many requests at once."""
        requests = list(requests)
        if deadline is None:
            deadline = self.deadline * max(1, -(-len(requests) // BATCH_DEADLINE_UNIT))
        return self._submit({"op": "batch", "requests": requests}, deadline)

    def collect_batch(self, ticket: _Ticket) -> list[dict]:
        full = ticket.req
        requests = full["requests"]
        resp = self._collect(ticket)["responses"]
        if len(resp) != len(requests):
            self._fault(SchemaViolation, f"batch of {len(requests)} requests answered with {len(resp)} responses",
                        full, kill=False)
        for sub, r in zip(requests, resp):
            if "error" in r:
                if not _is_error(r["error"]):
                    self._fault(SchemaViolation, f"malformed error in a batch answer: {excerpt(dumps(r), 200)}", full,
                                kill=False)
                self.error_counts[r["error"]["code"]] += 1
                continue
            key = _RESULT_KEY.get(sub.get("op"))
            if key not in r:
                self._fault(SchemaViolation, f"batch answer to {sub.get('op')} has no {key!r}: {excerpt(dumps(r), 200)}",
                            full, kill=False)
            if key == "state":
                self._check_state(r["state"], full)
            elif key == "actions":
                self._check_actions(r["actions"], full)
            if sub.get("legal") and "actions" in r:
                self._check_actions(r["actions"], full)
        return resp

    def _batched(self, subs: list[dict], key: str | None) -> list:
        out = []
        for i in range(0, len(subs), self.batch_size):
            chunk = subs[i : i + self.batch_size]
            for r in self.batch(chunk):
                if "error" in r:
                    raise error_from_wire(r["error"])
                out.append(r[key] if key else r)
        return out

    def apply_many(self, pairs: Iterable[tuple[dict, dict]], legal: bool = False) -> list:
        """``[apply(s, a) for s, a in pairs]`` in batches of ``batch_size``; raises the first error.

        With ``legal=True`` returns ``[(successor, legal actions of the successor)]``, using
        the ``apply-legal`` feature when the engine has it (one round trip), else ``legal``.
        """
        pairs = list(pairs)
        if not legal:
            return self._batched([{"op": "apply", "state": s, "action": a} for s, a in pairs], "state")
        if self.supports("apply-legal"):
            got = self._batched([{"op": "apply", "state": s, "action": a, "legal": True} for s, a in pairs], None)
            if all("actions" in r for r in got):
                return [(r["state"], r["actions"]) for r in got]
            self._ops = (self._ops or set()) - {"apply-legal"}  # it said so but did not: stop asking
            states = [r["state"] for r in got]
        else:
            states = self.apply_many(pairs)
        need = [i for i, st in enumerate(states) if st.get("chance") is None and st.get("result") is None]
        legal_lists = dict(zip(need, self.legal_many([states[i] for i in need]))) if need else {}
        return [(st, legal_lists.get(i, [])) for i, st in enumerate(states)]

    def legal_many(self, states: Iterable[dict]) -> list[list[dict]]:
        """``[legal_actions(s) for s in states]`` in batches."""
        return self._batched([{"op": "legal", "state": s} for s in states], "actions")


_RESULT_KEY = {"new": "state", "apply": "state", "load": "state", "legal": "actions", "chance": "chance",
               "observe": "observation"}


def _is_error(err: Any) -> bool:
    return isinstance(err, dict) and isinstance(err.get("code"), str) and isinstance(err.get("message"), str)
