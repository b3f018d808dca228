"""Driving foreign engines: a candidate in any language, run as a process that speaks the
JSON-lines protocol of docs/protocol.md (the way ``chess.engine`` drives UCI engines apart
from python-chess's rules).

- ``subprocess_engine``: ``SubprocessEngine``, the candidate behind the Engine interface;
  batching, pipelining, the fault-rate breaker.
- ``engine_process``: the process itself: limits, reading lines without unbounded memory,
  parking for reuse, reaping, the run budget.
- ``process_tree``: finding and killing every descendant, even those that left the session.
- ``sandbox``: ``--sandbox`` (unshare namespaces; what holds is probed from inside), with
  ``sandbox_init`` (the sandbox's first process), ``sandbox_probe`` (the guarantees checked
  from inside) and ``pids_cgroup`` (the process limit where RLIMIT_NPROC does not hold).
- ``referee``: the faults (``EngineFault`` and kin), checking answers against the protocol's
  and the game's schemas, text from an engine made printable (``harness.sanitize``).
- ``protocol_bench``: checked transitions per second over the protocol (``rulecheck bench
  --protocol``).

Our own engines are served over the same protocol by ``harness.serve``.
"""
