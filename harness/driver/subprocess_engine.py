"""A candidate engine in a subprocess, spoken to over the engine protocol (docs/protocol.md).

``SubprocessEngine("node my-engine.js", game=GAME)`` implements ``engine.protocol.Engine``:
states are canonical JSON dicts on our side, every answer is checked against the
protocol schemas and the game's state/action schemas, and errors the candidate returns
become ``engine.errors`` exceptions (``error_from_wire``).

It is also the referee. Whatever the candidate does (hang, crash, exit, print garbage or
endless lines, answer the wrong id, return states that are not our notation) rulecheck
neither hangs nor crashes: each fault raises an ``harness.driver.referee.EngineFault`` subclass
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
  so a broken candidate cannot make a long run crawl. Across engines of one command
  line a breaker counts every fault kind and good answers: after ``BREAKER_LIMIT`` faults
  in a row, or ``BREAKER_FAULTS`` faults among its last ``BREAKER_WINDOW`` outcomes (a
  fault rate), no new process is started and every request fails at once.
- Every descendant of the candidate is killed with it; ``leftovers`` counts the processes
  it left running after it exited (``harness.driver.process_tree``). With ``sandbox`` it runs
  without network on a read-only file system but for a scratch folder (``harness.driver.sandbox``).
- ``fault_counts`` counts faults by kind (startup, timeout, crash, protocol, schema) and
  restarts; ``error_counts`` counts the error codes the candidate answered with.

The process side (limits, the stderr reader, reaping, reuse, the non-blocking transport)
is in ``harness.driver.engine_process``; its names are importable from here as before.
"""

from __future__ import annotations

import collections
import os
import shlex
import subprocess
import time
import weakref
from typing import Any, Iterable

import specs.protocol as proto
from engine.canonical import dumps, dumps_line, loads_checked
from engine.errors import MalformedError, RulecheckError, error_from_wire
from engine.protocol import Engine
from harness.driver.referee import (
    EngineCrashed,
    answer_checks,
    action_problems,
    state_problems,
    EngineFault,
    EngineStartupError,
    EngineTimeout,
    OversizedLine,
    ProtocolError,
    SchemaViolation,
    WrongId,
    excerpt,
    lone_surrogate,
    not_strict_json,
    printable,
)
from harness.driver import breaker
from harness.driver.breaker import BREAKER_FAULTS, BREAKER_LIMIT, BREAKER_WINDOW, reset_breakers  # noqa: F401
from harness.driver.state_refs import StateRefs, env_flag
from harness.driver.engine_process import (  # noqa: F401  (re-exported: the process side lived here)
    DEFAULT_CPU_SECONDS,
    DEFAULT_MAX_LINE_BYTES,
    DEFAULT_MEMORY_MB,
    _POOL,
    _POOL_LOCK,
    _POOL_MAX,
    _READ_CHUNK,
    _Process,
    _ProcessIO,
    _Ticket,
    _close_process,
    _kill_group,
    _limits,
    _reuse_default,
    BudgetExhausted,
    _RUN_END,
    check_budget,
    drain_pool,
)

#: a batch gets one request deadline per this many sub-requests
BATCH_DEADLINE_UNIT = 32
#: states answered in float-free lines remembered (requests need no float walk over them): a state
#: is sent back within a batch or two, and every state held longer is a cache miss when it goes
CLEAN_STATES = 256


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


class SubprocessEngine(_ProcessIO, Engine):
    """An engine in another process, checked by the referee. See the module docstring."""

    def __init__(self, cmd: str | list[str], game: str, choices: dict | None = None, deadline: float = 5.0,
                 startup_deadline: float | None = None, cpu_seconds: int | None = DEFAULT_CPU_SECONDS,
                 memory_mb: int | None = DEFAULT_MEMORY_MB, max_line_bytes: int = DEFAULT_MAX_LINE_BYTES, *,
                 grace: float = 1.0, max_faults: int = 3, batch_size: int = 128, stderr_bytes: int = 16384,
                 env: dict | None = None, cwd: str | None = None, state_schema: dict | None = None,
                 action_schema: dict | None = None, validate: bool = True, reuse: bool | None = None,
                 sandbox: bool | None = None, state_refs: bool | None = None):
        self.cmd = cmd if isinstance(cmd, str) else shlex.join(cmd)
        self.argv = shlex.split(cmd) if isinstance(cmd, str) else list(cmd)
        if not self.argv:
            raise EngineStartupError("empty command line: write cmd:<program> [args]")
        self.sandbox = sandbox or os.environ.get("RULECHECK_SANDBOX", "").lower() in ("1", "true", "yes")
        self.leftovers = 0
        self.game = game
        self.requested_choices = dict(choices or {})
        self.deadline = deadline
        if startup_deadline is None:  # default 10 s; RULECHECK_STARTUP_DEADLINE for runs of `rulecheck check`
            try:
                startup_deadline = float(os.environ.get("RULECHECK_STARTUP_DEADLINE") or 10.0)
            except ValueError:
                startup_deadline = 10.0
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
        self.config_keys: list[str] | None = None
        self.info: dict = {}
        self.fault_counts = {"startup": 0, "timeout": 0, "crash": 0, "protocol": 0, "schema": 0, "restarts": 0}
        self.error_counts: collections.Counter = collections.Counter()
        self.requests = 0
        self.faults: list[EngineFault] = []
        self._ops: set[str] | None = None
        self._disabled: EngineFault | None = None
        self._disabled_why = ""
        self._proc: _Process | None = None
        self._pending: collections.deque[_Ticket] = collections.deque()
        self._next_id = 0
        self._closed = False
        self._finalizer = None
        (self._state_validator, self._action_validator, self._actions_check,  # a legal-action list in one call
         self._batch_check) = answer_checks(game, state_schema, action_schema)  # a batch answer in one call
        # id -> state answered in a float-free line (dumps_line skips it), oldest first
        self._clean: collections.OrderedDict[int, dict] = collections.OrderedDict()
        self._last_clean = self._batch_checked = False  # the last answer: float-free; passed _batch_check
        #: send states back by ref (feature state-ref) in batches, when the engine lists it
        self.state_refs = env_flag("RULECHECK_STATE_REFS") if state_refs is None else state_refs
        self._refs = StateRefs()
        self.reuse = _reuse_default() if reuse is None else reuse
        self._check_breaker()
        if not (self.reuse and self._adopt()):
            self._start()

    # ---- life cycle --------------------------------------------------------------
    def _start(self) -> None:
        check_budget()
        argv = self.argv
        if self.sandbox:
            from harness.driver import sandbox

            argv = sandbox.wrap(self.argv, self.cwd, self.memory_mb)  # raises SandboxUnavailable (a usage problem)
        try:
            self._proc = _Process(argv, cpu_seconds=self.cpu_seconds, memory_mb=self.memory_mb, env=self.env,
                                  cwd=self.cwd, stderr_bytes=self.stderr_bytes)
        except (OSError, subprocess.SubprocessError) as exc:
            self._proc = None
            fault = EngineStartupError(f"cannot start {self.cmd!r}: {exc}", engine=self.cmd)
            self._record(fault)
            raise fault from None
        if self._finalizer is not None:
            self._finalizer.detach()
        self._finalizer = weakref.finalize(self, self._proc.close, 0.2)
        self._refs.forget()  # a new process keeps none of the old one's states
        req = {"op": "hello", "protocol": proto.PROTOCOL_VERSION, "game": self.game}
        if self.requested_choices:
            req["choices"] = self.requested_choices
        try:
            info = self._call(req, self.startup_deadline, startup=True)
        except RulecheckError:
            self._shutdown()  # e.g. unknown-choice: a clean refusal, not a fault
            raise
        self.info = info
        self.name = printable(info["name"])
        self.version = printable(info["version"])
        self.choices = dict(info["choices"])
        self._ops = set(info["ops"]) if isinstance(info.get("ops"), list) else None
        self.config_keys = list(info["config"]) if isinstance(info.get("config"), list) else None
        if self.game not in info["games"]:
            self._fault(EngineStartupError, f"the engine plays {info['games']}, not {self.game!r}", req)

    def _ensure_running(self) -> None:
        if self._closed:
            raise EngineCrashed("the engine was closed", engine=self.cmd)
        if self._disabled is not None:
            raise type(self._disabled)(
                f"engine disabled after {len(self.faults)} faults{self._disabled_why}; the last one was: "
                f"{self._disabled.what}",
                op=self._disabled.op, request_id=self._disabled.request_id, excerpt=self._disabled.excerpt,
                stderr_tail=self._disabled.stderr_tail, engine=self.cmd)
        if self._proc is None:
            self._check_breaker()
            self.fault_counts["restarts"] += 1
            self._start()

    def _shutdown(self, grace: float | None = None) -> None:
        p, self._proc = self._proc, None
        self._pending.clear()
        if p is not None:
            self.leftovers += p.close(self.grace if grace is None else grace)
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
        tripped = breaker.fault(self._breaker_key(), fault)  # every kind of fault counts against the command line
        if tripped and self._disabled is None:
            self._disabled = fault
            self._disabled_why = f" ({tripped})"

    def _breaker_key(self) -> tuple:
        return (tuple(self.argv), self.game)

    def _good_answer(self) -> None:
        breaker.good_answer(self._breaker_key())

    def _check_breaker(self) -> None:
        got = breaker.tripped(self._breaker_key())
        if got is not None:
            why, last = got
            raise type(last)(
                f"not started: {why} (harness.driver.subprocess_engine.reset_breakers() starts afresh); the last fault "
                f"was: {last.what}", op=last.op, request_id=last.request_id, excerpt=last.excerpt,
                stderr_tail=last.stderr_tail, engine=self.cmd)

    def _abandon(self) -> None:
        """Kill the process without blaming the engine (the run's budget ran out)."""
        p, self._proc = self._proc, None
        self._pending.clear()
        if p is not None:
            p.kill()
        if self._finalizer is not None:
            self._finalizer.detach()
            self._finalizer = None

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
            check_budget()
            self._ensure_running()
        p = self._proc
        rid = self._next_id
        self._next_id += 1
        req["id"] = rid  # the caller's dict: its fault messages name the id too
        self.requests += 1
        limit = self.startup_deadline if startup else (deadline or self.deadline)
        wire = req
        if req["op"] == "batch" and self.state_refs and self.supports("state-ref"):
            wire = {**req, "requests": self._refs.outgoing(req["requests"], rid)}
        try:
            data = dumps_line(wire, self._clean) + b"\n"
        except (TypeError, ValueError) as exc:
            raise MalformedError(f"cannot send {req['op']}: not JSON: {exc}") from None
        end = time.monotonic() + limit
        if _RUN_END[0] is not None:
            end = min(end, _RUN_END[0])
        t = _Ticket(rid, req, limit, end, startup, p)
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
            resp, self._last_clean = loads_checked(line)
        except (ValueError, RecursionError) as exc:
            self._fault(ProtocolError, f"the answer is not JSON ({exc}): {excerpt(line.decode('utf-8', 'replace'), 200)}",
                        req)
        loose = not_strict_json(line, resp, self._last_clean)
        if loose:
            self._fault(ProtocolError, loose, req, kill=False)
        if not self._last_clean and lone_surrogate(line, resp):  # read by orjson: no lone surrogate
            self._fault(ProtocolError, "the answer has a lone surrogate (a \\ud800-\\udfff escape without its "
                                       f"pair): not Unicode text: {excerpt(printable(line.decode('utf-8', 'replace')), 200)}",
                        req, kill=False)
        if not isinstance(resp, dict):
            self._fault(ProtocolError, f"the answer is not a JSON object: {excerpt(line.decode('utf-8', 'replace'), 200)}", req)
        if resp.get("id") != rid or "id" not in resp:
            got = resp.get("id", "(no id)")
            self._fault(WrongId, f"the answer has id {got!r}, expected {rid!r}: "
                                 f"{excerpt(line.decode('utf-8', 'replace'), 200)}", req)
        if "error" in resp:
            self._raise_wire_error(resp, req, op)
        self._batch_checked = op == "batch" and self.validate and self._batch_check.is_valid(resp)
        problems = [] if self._batch_checked else proto.errors(f"{op}.response", resp)
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
        if op != "hello":
            self._good_answer()  # a well-formed error is an answer, not a fault
        err = resp["error"]
        err["message"] = printable(err["message"])
        err["code"] = printable(err["code"])
        self.error_counts[err["code"]] += 1
        exc = error_from_wire(err)
        exc.request = req  # type: ignore[attr-defined]
        raise exc


    # ---- checking answers --------------------------------------------------------------
    def _check_state(self, st: Any, req: dict, schema_checked: bool = False) -> dict:
        if self.validate:
            problems = state_problems(st, self.game, None if schema_checked else self._state_validator,
                                      chance_checked=schema_checked)
            if problems:
                self._fault(SchemaViolation, "the state in the answer is not valid: " + "; ".join(problems), req,
                            kill=False)
        if self._last_clean and type(st) is dict:
            self._remember_clean(st)
        return st

    def _remember_clean(self, st: dict) -> None:
        """``st`` came in a float-free line: sent back in later requests, it is not walked for a float."""
        if len(self._clean) >= CLEAN_STATES:
            self._clean.popitem(last=False)  # constant time (a dict's oldest key walks the holes before it)
        self._clean[id(st)] = st

    def _check_actions(self, actions: Any, req: dict, schema_checked: bool = False) -> list[dict]:
        if not isinstance(actions, list):
            self._fault(SchemaViolation, f"'actions' is not a list: {excerpt(dumps(actions), 120)}", req, kill=False)
        if self.validate and not schema_checked and not self._actions_check.is_valid(actions):  # then find it
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
        checked = self._batch_checked  # one schema check of the whole line passed
        if len(resp) != len(requests):
            self._fault(SchemaViolation, f"batch of {len(requests)} requests answered with {len(resp)} responses",
                        full, kill=False)
        # a float-free line that passed the one check (batch_answer_check, with the envelope rules):
        # every state and action list in it is valid and state_problems would find nothing, so
        # what is left per sub-answer is what no schema knows (the sub-request's op, errors, refs)
        clean = checked and self._last_clean
        keeps = self._refs.incoming(ticket.rid)  # per sub-request: the ordinal of its "keep": true, or None
        note = self._refs.note
        for i, (sub, r) in enumerate(zip(requests, resp)):
            if "error" in r:
                self._sub_error(r, full)
                continue
            if keeps and keeps[i] is not None and "ref" in r:
                note(r.pop("ref"), r.get("state"), keeps[i])
            key = _RESULT_KEY.get(sub.get("op"))
            if key not in r:
                self._fault(SchemaViolation, f"batch answer to {sub.get('op')} has no {key!r}: {excerpt(dumps(r), 200)}",
                            full, kill=False)
            if clean:
                if key == "state":
                    self._remember_clean(r["state"])
                continue
            if key == "state":
                self._check_state(r["state"], full, checked)
            elif key == "actions":
                self._check_actions(r["actions"], full, checked)
            if sub.get("legal") and "actions" in r:
                self._check_actions(r["actions"], full, checked)
        return resp

    def _sub_error(self, r: dict, full: dict) -> None:
        """An error sub-answer of a batch: well-formed, counted; ``unknown-ref`` is a fault (feature state-ref)."""
        if not _is_error(r["error"]):
            self._fault(SchemaViolation, f"malformed error in a batch answer: {excerpt(dumps(r), 200)}", full,
                        kill=False)
        r["error"]["message"] = printable(r["error"]["message"])
        self.error_counts[r["error"]["code"]] += 1
        if r["error"]["code"] == "unknown-ref":
            self._fault(ProtocolError, f"the engine lists the feature state-ref but has forgotten a state it "
                                       f"was asked to keep less than {proto.KEPT_STATES // 2} kept states ago "
                                       f"(it must keep its last {proto.KEPT_STATES}): {r['error']['message']}",
                        full, kill=False)

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


__all__ = [
    "BATCH_DEADLINE_UNIT", "BREAKER_FAULTS", "BREAKER_LIMIT", "BREAKER_WINDOW", "BudgetExhausted",
    "DEFAULT_CPU_SECONDS", "DEFAULT_MAX_LINE_BYTES", "DEFAULT_MEMORY_MB", "EngineFault", "EngineStartupError",
    "EngineTimeout", "OversizedLine", "SubprocessEngine", "_POOL", "_POOL_MAX", "_READ_CHUNK", "_close_process",
    "_kill_group", "_limits", "drain_pool", "reset_breakers",
]
