"""The games' stateful machines (harness/machines/<game>.py)."""

from __future__ import annotations

import specs


def declared_choice(engine, game: str, cid: str) -> str:
    """The reading of choice ``cid`` the engine under test declares, else the spec's default.

    Machine invariants that depend on a reading read it here, never assume the default,
    so the reference configured with any option (and a candidate declaring one) passes.
    """
    declared = getattr(engine, "choices", {}) or {}
    return declared.get(cid, specs.load(game).choices[cid].default)
