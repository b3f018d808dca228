"""Why a diagnosis came out as it did: ``python -m harness.verdicts.explain_diagnosis <pickle>``.

Replays the input a run kept with ``RULECHECK_DIAGNOSIS_DUMP=<folder>`` and prints, per
misreading that reproduced a witness, how many witnesses of which clauses it reproduced,
the share of those clauses' witnesses that is, and how many agreeing positions contradict
it; then the root causes. For maintainers tuning a game's misreading catalogue.
"""

from __future__ import annotations

import pickle
import sys
from collections import Counter

from harness.verdicts.diagnosis import MAX_CONTRADICTED, MIN_SHARE, diagnose


def explain(path: str, top: int = 25, out=sys.stdout) -> None:
    from harness.engines import oracle
    from harness.verdicts.root_causes import _catalogue

    data = pickle.load(open(path, "rb"))
    game, failing = data["game"], data["failing"]
    cat = _catalogue(game, failing)
    trace: dict = {}
    causes = diagnose(game, failing, data["agreements"], cat, lambda ch: oracle(game, ch), trace)
    items, replay = trace["items"], trace["replay"]
    per_clause = Counter(items[i].clause for i in replay)
    print(f"{game}: {len(cat)} misreadings; replayable witnesses per clause: {dict(per_clause)}; "
          f"agreements sampled: {trace['sample']}", file=out)
    words = {m.id: (m.clause, m.words) for m in cat}
    rows = sorted(trace["hits"].items(), key=lambda kv: -len(kv[1]))[:top]
    for mid, got in rows:
        on = Counter(items[i].clause for i in got)
        share = len(got) / sum(per_clause[c] for c in on)
        c = trace["contradicted"][mid]
        flag = "" if share >= MIN_SHARE and c <= MAX_CONTRADICTED * trace["sample"] else "  (not taken alone)"
        print(f"  {mid} [{words[mid][0]}] {len(got)} of {sum(per_clause[c] for c in on)} ({share:.0%}); "
              f"contradicted {c}/{trace['sample']}{flag}: {dict(on)}", file=out)
        print(f"      {words[mid][1]}", file=out)
    print("root causes:", file=out)
    for rc in causes:
        print(f"  {rc.clause} [{rc.misreading or 'provenance'}] {rc.findings} findings on {rc.clauses}", file=out)


if __name__ == "__main__":
    explain(sys.argv[1], *(int(a) for a in sys.argv[2:3]))
