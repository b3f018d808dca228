"""A perft position as a conformance check: counts compared, differences located and blamed.

``check_perft_position(engine, pos, cards)`` compares the engine's perft counts of
``pos["state"]`` with ``pos["counts"]``. On a mismatch it walks the engine's and the
reference's trees (``harness.explore.perft.locate``) to the states where they part and records
one finding per difference, blamed through the reference's provenance, with the counts
of both engines for that first action side by side. Nothing located (the reference
itself disagrees with the file) falls back to the position's clauses.
"""

from __future__ import annotations

from engine.canonical import dumps
from harness.verdicts import blame
from harness.verdicts.findings import ClauseFailure, current, record
from harness.explore.perft import divide, locate, perft


def check_perft_position(engine, pos: dict, cards: list[dict]) -> None:
    from harness.engines import oracle

    for depth, want in sorted(pos["counts"].items()):
        got = perft(engine, pos["state"], int(depth), cards)
        if got == want:
            continue
        where = f"perft({pos['name']}, depth {depth}) = {got}, expected {want}"
        reference = oracle(engine.game, {**dict(getattr(engine, "choices", {}) or {}), **pos.get("choices", {})})
        where += "\n" + divide_table(engine, reference, pos["state"], int(depth), cards)
        rows = locate(engine, reference, pos["state"], int(depth), cards)
        for row in rows:
            _record_row(reference, row, where)
        if not rows:
            for c in pos["clauses"]:
                record(c, "perft", where + " (the trees could not be located against the reference)", None, "position")
        raise ClauseFailure(current().clauses(), where)


def divide_table(engine, reference, state: dict, depth: int, cards: list[dict], limit: int = 12) -> str:
    """The first actions whose subtree counts differ, the candidate's and the reference's side by side."""
    try:
        mine = divide(engine, state, depth, cards)
    except Exception as exc:  # noqa: BLE001  (the candidate cannot even divide: say so, keep the finding)
        return f"  (divide failed on the candidate: {exc})"
    theirs = divide(reference, state, depth, cards)
    rows = [(a, mine.get(a), theirs.get(a)) for a in sorted(set(mine) | set(theirs)) if mine.get(a) != theirs.get(a)]
    lines = [f"  {'candidate':>9} {'reference':>9}  first action"]
    lines += [f"  {'-' if c is None else c:>9} {'-' if r is None else r:>9}  {a}" for a, c, r in rows[:limit]]
    if len(rows) > limit:
        lines.append(f"  ... and {len(rows) - limit} more first actions differ")
    return "\n".join(lines)


def _record_row(reference, row: dict, where: str) -> None:
    state, action, kind = row["state"], row["action"], row["kind"]
    if kind == "missing":
        b = blame.rejected_legal(reference, state, action)
        what = "the candidate does not list a legal action"
    elif kind == "extra":
        b = blame.accepted_illegal(reference, state, action)
        what = "the candidate lists an action the rules forbid"
    elif kind == "rejected":
        b = blame.rejected_legal(reference, state, action)
        what = "the candidate lists an action but rejects it"
    else:
        b = blame.successor(reference, state, action, row["reference"], row["candidate"])
        what = "the same action leads to different states"
    if kind in ("missing", "extra"):
        expected = f"{'legal' if kind == 'missing' else 'not legal'}; subtree count {row['reference']}"
        got = f"{'not listed' if kind == 'missing' else 'listed'}; subtree count {row['candidate']}"
        w = blame.witness(reference, state, action, expected, got, diff=False)
        w.observed = blame.observed(reference, "listed", value=kind == "extra")
    else:
        w = blame.witness(reference, state, action, row["reference"], row["candidate"])
        w.observed = (blame.observed(reference, "accepts", value=False) if kind == "rejected"
                      else blame.observed(reference, "apply", value=row["candidate"]))
    depth_note = f" ({len(row['path'])} action(s) below the position: {dumps(row['path'])[:300]})" if row["path"] else ""
    for c in b.clauses:
        record(c, "perft", f"{where}: {what}{depth_note}", w, b.basis, b.alternatives_of(c))
