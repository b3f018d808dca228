"""A readable diff of two canonical JSON values: the paths where they differ.

Kept by hand rather than deepdiff: deepdiff is as strict on types (``1`` vs ``True``), but it
reports a list of another length item by item and in six kinds of change with its own path
syntax; turning that into these rows (``$.hands[2]``, both values, the first ``limit`` only)
takes as many lines as this module, plus a dependency."""

from __future__ import annotations

import json
from typing import Any

MISSING = object()


def diff(left: Any, right: Any, path: str = "$", limit: int = 20) -> list[tuple[str, Any, Any]]:
    out: list[tuple[str, Any, Any]] = []
    _diff(left, right, path, out, limit)
    return out


def _diff(a, b, path, out, limit):
    if len(out) >= limit:
        return
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b), key=str):
            _diff(a.get(k, MISSING), b.get(k, MISSING), f"{path}.{k}", out, limit)
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            _diff(x, y, f"{path}[{i}]", out, limit)
    elif a != b or type(a) is not type(b):
        out.append((path, a, b))


def render(left: Any, right: Any, left_name: str = "candidate", right_name: str = "reference", limit: int = 20) -> str:
    rows = diff(left, right, limit=limit)
    if not rows:
        return "(no difference)"

    def show(v):
        return "(missing)" if v is MISSING else json.dumps(v, ensure_ascii=False, sort_keys=True)[:300]

    lines = [f"  {p}:\n    {left_name:>9}: {show(a)}\n    {right_name:>9}: {show(b)}" for p, a, b in rows]
    if len(rows) >= limit:
        lines.append(f"  ... (first {limit} differences shown)")
    return "\n".join(lines)
