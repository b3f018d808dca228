"""What a collected test says about itself: its clauses, choices and tags (from the markers
the pytest plugin registers)."""

from __future__ import annotations

#: the skip reason of a test whose choice the engine does not implement
NOT_APPLICABLE = "not applicable"


def item_clauses(item) -> list[str]:
    out: list[str] = []
    for m in item.iter_markers("clause"):
        for a in m.args:
            if a not in out:
                out.append(a)
    return out


def item_choices(item) -> dict[str, str]:
    return {m.args[0]: m.args[1] for m in item.iter_markers("choice")}


def item_tags(item) -> list[str]:
    """The tags a test answers to in --rulecheck-tag: clause:<id>, choice:<id>=<option>, game:<name>."""
    tags = [f"clause:{c}" for c in item_clauses(item)]
    tags += [f"choice:{k}={v}" for k, v in item_choices(item).items()]
    return tags + [f"game:{m.args[0]}" for m in item.iter_markers("game")]
