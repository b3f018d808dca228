"""The circuit breaker of one command line: after repeated faults, no new engine process.

Across every ``SubprocessEngine`` of one command line (and game), each fault counts, of any
kind, and so does each good answer: after ``BREAKER_LIMIT`` faults in a row, or
``BREAKER_FAULTS`` faults among its last ``BREAKER_WINDOW`` outcomes (a fault rate), the line is
*tripped*: no new process is started and every request fails at once with the last fault, so a
broken candidate cannot make a long run crawl. ``reset_breakers()`` starts afresh.
"""

from __future__ import annotations

import collections

from harness.driver.engine_process import _POOL_LOCK

#: (argv, game) -> [faults in a row without a good answer, the last fault, recent outcomes (1 = fault)]
_BREAKER: dict[tuple, list] = {}
#: after this many faults of one command line in a row (any kind), new requests fail at once
BREAKER_LIMIT = 3
#: ... or after this many faults among the last BREAKER_WINDOW outcomes (faults and good answers)
BREAKER_FAULTS = 6
BREAKER_WINDOW = 30


def reset_breakers() -> None:
    """Forget the faults of every command line (new engines are started again)."""
    with _POOL_LOCK:
        _BREAKER.clear()


def _tripped(entry) -> str | None:
    if entry[0] >= BREAKER_LIMIT:
        return f"the last {entry[0]} requests or starts of this command faulted in a row without one good answer"
    if sum(entry[2]) >= BREAKER_FAULTS:
        return (f"{sum(entry[2])} of the last {len(entry[2])} requests or starts of this command faulted "
                f"(the limit is {BREAKER_FAULTS} of {BREAKER_WINDOW})")
    return None


def fault(key: tuple, what) -> str | None:
    """Count the fault ``what`` against ``key``; why the line is now tripped, or None."""
    with _POOL_LOCK:
        entry = _BREAKER.setdefault(key, [0, None, collections.deque(maxlen=BREAKER_WINDOW)])
        entry[0] += 1
        entry[1] = what
        entry[2].append(1)
        return _tripped(entry)


def good_answer(key: tuple) -> None:
    """A request (other than hello) was answered: the command line works, at least now."""
    if _BREAKER:
        with _POOL_LOCK:
            entry = _BREAKER.get(key)
            if entry is not None:
                entry[0] = 0
                entry[2].append(0)


def tripped(key: tuple) -> tuple[str, object] | None:
    """(why, the last fault) when ``key`` is tripped, else None."""
    with _POOL_LOCK:
        entry = _BREAKER.get(key)
        why = _tripped(entry) if entry is not None else None
    return (why, entry[1]) if why and entry[1] is not None else None
