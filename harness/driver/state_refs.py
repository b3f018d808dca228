"""States sent back by ref (the protocol's optional feature ``state-ref``, docs/protocol.md).

A harness playing many games sends each state back in the next request: the candidate reads
again what it just wrote. With ``state-ref`` a ``new`` or ``apply`` sub-request asks the
engine to keep its answer (``"keep": true``), the answer names the state (``"ref": N``), and a
later ``legal`` or ``apply`` sends ``"state_ref": N`` instead of the state. An engine keeps at
least the states of its last ``KEPT_STATES`` answers with a ref; :class:`StateRefs` sends a ref
only for a state kept less than half that many keeps ago, counting every keep asked since, so a
conforming engine never answers ``unknown-ref`` (an ``unknown-ref`` is the engine's fault).

Only states answered by this process and never changed since are sent by ref: a state is
known by identity (the object is held, so its id is not reused) and callers treat answered
states as values. Every state is still answered whole and checked on arrival; what a ref
saves is writing it, and the engine's reading it again.
"""

from __future__ import annotations

import collections
import os
from typing import Any

import specs.protocol as proto

_REF_OPS = ("legal", "apply")
_KEEP_OPS = ("new", "apply")


def env_flag(name: str) -> bool:
    """Whether the environment variable ``name`` says yes (1, true, yes)."""
    return os.environ.get(name, "").lower() in ("1", "true", "yes")


class StateRefs:
    """The refs an engine process gave to states it answered, and the keeps asked of it."""

    def __init__(self, window: int = proto.KEPT_STATES // 2):
        self.window = window
        #: id(state) -> (state, ref, ordinal of its keep), oldest first
        self.refs: collections.OrderedDict[int, tuple[Any, int, int]] = collections.OrderedDict()
        self.keeps = 0  # keeps asked so far: the ordinal of the next one
        #: request id -> the ordinal of each sub-request's keep (None: no keep asked), until answered
        self.pending: dict[int, list[int | None]] = {}

    def forget(self) -> None:
        """A new engine process: it keeps none of these states."""
        self.refs.clear()
        self.pending.clear()

    def outgoing(self, subs: list[dict], rid: int) -> list[dict]:
        """The sub-requests as sent: a state kept recently enough goes by ref, and every ``new`` and
        ``apply`` asks that its answer be kept. ``subs`` themselves are not changed."""
        out = []
        keeps: list[int | None] = []
        refs, oldest = self.refs, self.keeps - self.window
        for sub in subs:
            op = sub.get("op")
            wire = sub
            if op in _REF_OPS:
                st = sub.get("state")
                got = refs.get(id(st))
                if got is not None and got[0] is st and got[2] > oldest:
                    wire = sub.copy()  # the same keys in the same order, "state" replaced by "state_ref" last
                    del wire["state"]
                    wire["state_ref"] = got[1]
            if op in _KEEP_OPS:
                if wire is sub:
                    wire = dict(sub)
                wire["keep"] = True
                keeps.append(self.keeps)
                self.keeps += 1
                oldest += 1
            else:
                keeps.append(None)
            out.append(wire)
        self.pending[rid] = keeps
        return out

    def incoming(self, rid: int) -> list[int | None] | None:
        """The keeps asked in request ``rid``, one per sub-request (its ordinal, or None), now answered."""
        return self.pending.pop(rid, None)

    def note(self, ref: Any, state: Any, ordinal: int) -> None:
        """The engine kept ``state`` as ``ref`` (an integer, else it is not used)."""
        if type(ref) is not int or type(state) is not dict:
            return
        refs = self.refs
        if len(refs) >= self.window:
            refs.popitem(last=False)
        refs[id(state)] = (state, ref, ordinal)
