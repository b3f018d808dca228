"""docs/protocol.md promises that conformance checks read an error's code, never its
wording: no feature file may ask for message text (the steps 'rejected as <code> naming
"..."' and 'the error message mentions "..."')."""

from __future__ import annotations

import re
from pathlib import Path

FEATURES = Path(__file__).resolve().parent.parent / "features"
WORDING = re.compile(r'(rejected as [a-z-]+ naming "|error message mentions ")')


def test_no_scenario_requires_error_message_wording():
    hits = [f"{p.relative_to(FEATURES.parent)}:{n}: {line.strip()}"
            for p in sorted(FEATURES.rglob("*.feature"))
            for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
            if WORDING.search(line) and not line.lstrip().startswith("#")]
    assert not hits, "scenarios must check the error code only (docs/protocol.md):\n" + "\n".join(hits)
