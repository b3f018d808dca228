"""Root causes of a run: diagnosis (``harness.verdicts.diagnosis``) applied to clause verdicts.

After the clause verdicts are computed from the findings, every game's failing findings
are diagnosed. Each root cause's clause reads ``fail`` (even when its own checks found
nothing: a deal dealt wrong shows first in the checks of other clauses); a clause whose
every finding a root cause of another clause explains reads ``affected``, naming it.
"""

from __future__ import annotations

from collections import Counter

from harness.verdicts.diagnosis import FAULTS, RootCause, diagnose


def failure_entry(f: dict) -> dict:
    """A failing finding as a clause verdict lists it."""
    w = f.get("witness") or {}
    return {"test": f.get("test", ""), "check": f.get("check", ""), "message": f.get("message", "")[:4000],
            "basis": f.get("basis", ""), "count": f.get("count") or 1, "witness": w or None,
            "witness_text": w.get("text", "") if w else "", "plies": len(w["path"]) if w and w.get("path") else 0,
            "alternatives": list(f.get("alternatives") or ()),
            "standalone": f.get("standalone", not f.get("alternatives"))}


#: the verdict of a clause whose findings are all consequences of another clause's root cause
AFFECTED = "affected"


def _game_of(failure: dict, clause_game: str) -> str | None:
    if clause_game != "*":
        return clause_game
    return (((failure.get("witness") or {}).get("observed")) or {}).get("game")


def _catalogue(game: str, failing: dict[str, list[dict]]):
    from engine.misreading import catalogue
    from harness.engines import REFERENCE, _load

    seen = Counter()
    for fs in failing.values():
        for f in fs:
            obs = (f.get("witness") or {}).get("observed")
            if obs:
                seen[tuple(sorted((obs.get("choices") or {}).items()))] += 1
    choices = dict(seen.most_common(1)[0][0]) if seen else {}
    return catalogue(game, _load(REFERENCE[game]), choices)


def _dump(game: str, failing: dict, agreements: list) -> None:
    """With ``RULECHECK_DIAGNOSIS_DUMP=<folder>``, keep diagnosis's input per game as a pickle
    (``<folder>/<game>.pickle``): ``python -m harness.verdicts.explain_diagnosis`` replays it."""
    import os
    import pickle

    folder = os.environ.get("RULECHECK_DIAGNOSIS_DUMP")
    if folder:
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, f"{game}.pickle"), "wb") as fh:
            pickle.dump({"game": game, "failing": failing, "agreements": agreements}, fh)


def diagnose_run(games: list[str], verdicts: dict, records: list[dict], stats: dict | None = None) -> list[RootCause]:
    """Root causes of every game's findings; sets ``fail``/``affected`` on ``verdicts``.
    ``stats`` (when given) gets per game the catalogue size and the seconds diagnosis took."""
    import time

    from harness.engines import oracle

    causes: list[RootCause] = []
    for game in games:
        failing: dict[str, list[dict]] = {}
        for c, cv in verdicts.items():
            if c in FAULTS or not cv.failures or cv.verdict not in ("fail", "inconclusive"):
                continue
            fs = [{**f, "kept": True} for f in cv.failures if _game_of(f, cv.game) in (game, None if len(games) == 1 else game)]
            if fs:
                failing[c] = fs
        if not failing:
            continue
        for r in records:  # findings sampled over each test, beside the shortest ones kept
            for f in r.get("sampled") or ():
                if f["clause"] in failing:
                    failing[f["clause"]].append({**failure_entry(f), "count": 0})
        agreements = [a for r in records for a in r.get("agreements") or () if a.get("game") == game]
        t0 = time.perf_counter()
        try:
            cat = _catalogue(game, failing)
        except Exception as exc:  # noqa: BLE001  a broken catalogue must not hide the findings
            cat = []
            causes.append(RootCause("UNEXPLAINED", f"the misreading catalogue of {game} could not be loaded: {exc}",
                                    None, "provenance"))
        _dump(game, failing, agreements)
        causes += diagnose(game, failing, agreements, cat, lambda ch, _g=game: oracle(_g, ch))
        if stats is not None:
            stats[game] = {"misreadings": len(cat), "agreements": len(agreements),
                           "seconds": round(time.perf_counter() - t0, 2)}
    apply(verdicts, causes)
    return causes


def apply(verdicts: dict, causes: list[RootCause]) -> None:
    """Root-cause clauses read ``fail``; a clause explained only by other clauses' root causes
    reads ``affected`` with the reason."""
    roots = {rc.clause for rc in causes}
    explained_by: dict[str, list[RootCause]] = {}
    for rc in causes:
        for c in rc.clauses:
            explained_by.setdefault(c, []).append(rc)
    for rc in causes:
        cv = verdicts.get(rc.clause)
        if cv is None:
            continue
        if cv.verdict != "fail":
            cv.verdict = "fail"
            cv.reason = ""
            if not cv.failures and rc.shortest is not None:
                cv.failures.append(rc.shortest)
        words = f": {rc.words}" if rc.words else ": no known misreading explains it (blamed by provenance)"
        others = {c: n for c, n in rc.clauses.items() if c != rc.clause}
        cv.reason = (f"root cause{words}" + (f"; also explains {sum(others.values())} finding(s) on "
                                              f"{', '.join(sorted(others))}" if others else ""))
    for c, rcs in explained_by.items():
        cv = verdicts.get(c)
        if cv is None or c in roots or cv.verdict not in ("fail", "inconclusive"):
            continue
        cv.verdict = AFFECTED
        cv.reason = "a consequence of " + "; ".join(
            f"{rc.clause} ({rc.words})" if rc.words else rc.clause for rc in rcs)
