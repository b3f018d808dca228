"""Diagnosis: which single misreading of the rules explains a run's findings (root causes).

One bug shows in many places: a deal dealt wrong fails every check that starts from a
deal, a zone that begins one square late fails every card whose moves cross it. A clause
list then names the consequences beside the cause. Diagnosis groups a run's findings
into root causes, as mutation-based fault localization does (MUSE, Metallaxis-FL) with
rulebook clauses in place of program statements:

- every finding whose witness says what the candidate did (``Witness.observed``: the
  action it listed or left out, accepted or rejected, the successor, setup, chance event
  or observation it produced) is replayed on each misreading of the game's catalogue
  (``engine.misreading``): a misreading *reproduces* it when it does what the candidate did;
- positions where the candidate agreed with the reference (``FindingSink.agreements``) are
  replayed too: a misreading that differs from the reference there *contradicts* the
  candidate, so it is not the candidate's reading;
- misreadings are taken greedily, the one whose witnesses reproduced less agreed positions
  contradicted is largest first (then the most explained, then the fewest contradictions), as
  long as it explains at least half of what is left on the
  clauses it touches and contradicts at most ``MAX_CONTRADICTED`` of the agreeing positions;
  each taken one is a root cause naming its clause and saying the misreading in words;
- provenance's own blame competes with the misreadings: a clause with findings no other
  clause explains (``Finding.alternatives``) explains those and every finding naming it as
  an alternative; it stands unless a misreading explains at least as much and differs from
  the reference nowhere the candidate agreed, or also explains findings of clauses that
  provenance's clause does not reach (then the misreading says the bug in words).
  A contradicted misreading, such as a broader reading of another clause that reproduces a
  rare bug's witnesses, never displaces the clause provenance names. Such a root cause says no known misreading explains
  it. Findings without a replayable witness follow the root cause of their clause.

A clause whose every finding a root cause of another clause explains reads ``affected``
(not ``fail``), naming that root cause. Faults of the protocol are never diagnosed: a
crash is not a reading of the rules.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from engine.canonical import dumps
from engine.errors import RulecheckError
from engine.notation import observation_views

#: the pseudo-clauses a diagnosis never takes as a reading of the rules
FAULTS = ("PROTOCOL",)
#: a misreading is taken as a root cause only when it reproduces at least this share of the witnesses
#: left on the clauses it touches (else it reproduces a few by coincidence)
MIN_SHARE = 0.5
#: ... and differs from the reference on at most this share of the positions where the candidate agreed
MAX_CONTRADICTED = 0.15
#: witnesses of a clause no root cause reproduces follow the root cause reproducing at least this
#: share of the clause's witnesses (a candidate's bug rarely matches a catalogued reading in every
#: detail); fewer explained, the rest is a cause of its own
NEAR_SHARE = 2 / 3
#: at most this many witnesses of one clause are replayed (shortest first); the rest follow their clause
WITNESSES_PER_CLAUSE = 12
#: the first pass replays this many witnesses of each clause on every misreading (see ``diagnose``)
PROBES_PER_CLAUSE = 2
#: at most this many agreeing positions are replayed per misreading
AGREEMENTS = 120
#: readings that explain the same evidence alike are told apart on at most this many agreed positions
FOOTPRINT = 400


@dataclass
class RootCause:
    """One cause of a run's findings: the clause misread and what it explains."""

    clause: str
    words: str
    #: the misreading's id, or None when the cause is the provenance's blame alone
    misreading: str | None
    source: str
    #: findings explained, per clause they were recorded on
    clauses: dict[str, int] = field(default_factory=dict)
    checks: set = field(default_factory=set)
    shortest: dict | None = None
    #: witnesses replayed and reproduced, agreeing positions replayed and contradicted
    reproduced: int = 0
    contradicted: int = 0
    agreements_checked: int = 0

    @property
    def findings(self) -> int:
        return sum(self.clauses.values())

    def take(self, clause: str, failure: dict) -> None:
        n = failure.get("count")
        self.clauses[clause] = self.clauses.get(clause, 0) + (1 if n is None else n)  # 0: a sample, counted elsewhere
        if failure.get("check"):
            self.checks.add(failure["check"])
        if self.shortest is None or _size(failure) < _size(self.shortest):
            self.shortest = failure

    def to_json(self) -> dict:
        return {"clause": self.clause, "misreading": self.misreading, "words": self.words, "source": self.source,
                "findings": self.findings, "clauses": dict(sorted(self.clauses.items(), key=lambda kv: -kv[1])),
                "checks": sorted(self.checks), "reproduced": self.reproduced, "contradicted": self.contradicted,
                "agreements_checked": self.agreements_checked, "shortest_witness": self.shortest}


def _size(f: dict) -> tuple:
    return (f.get("witness") is None, f.get("plies") or 0, len(f.get("witness_text") or f.get("message") or ""))


# ---- replaying one witness on an engine ---------------------------------------------------

def _state(engine, state_json, cache: dict):
    # by identity: a cache lives for one diagnose call, whose witnesses and agreements hold every
    # state object it sees (a canonical text per misreading and witness cost most of the replay)
    key = id(state_json)
    if key not in cache:
        try:
            cache[key] = engine.from_json(state_json)
        except RulecheckError:
            cache[key] = None
    return cache[key]


def _norm_chance(ch):
    if not isinstance(ch, dict):
        return dumps(ch)
    draws = [{**d, "pool": sorted(map(dumps, d.get("pool") or []))} for d in ch.get("draws", []) or []]
    return dumps({**ch, "draws": draws})


def reproduces(engine, observed: dict, state_json, action, cache: dict | None = None) -> bool:
    """Whether ``engine`` does what the candidate did (``observed``, see ``Witness.observed``)
    in ``state_json`` with ``action``. An engine that cannot load the state does not."""
    cache = {} if cache is None else cache
    op = observed.get("op")
    try:
        if op == "new":
            got = engine.to_json(engine.new_game(observed["config"]))
            return dumps(got) == dumps(observed["value"])
        if op == "new-rejects":
            try:
                engine.new_game(observed["config"])
            except RulecheckError:
                return True
            return False
        st = _state(engine, state_json, cache)
        if st is None:
            return False
        if op == "legal":  # compared as sets of canonical actions (docs/protocol.md, "Notation")
            canon = getattr(engine, "canonical_action", lambda a: a)
            return (sorted({dumps(canon(a)) for a in engine.legal_actions(st)})
                    == sorted({dumps(canon(a)) for a in observed["value"]}))
        if op == "listed":
            listed = dumps(action) in {dumps(a) for a in engine.legal_actions(st)}
            return listed == bool(observed["value"])
        if op == "accepts":
            try:
                engine.apply(st, action)
                ok = True
            except RulecheckError:
                ok = False
            return ok == bool(observed["value"])
        if op == "apply":
            return dumps(engine.to_json(engine.apply(st, action))) == dumps(observed["value"])
        if op == "chance":
            return _norm_chance(engine.chance(st)) == _norm_chance(observed["value"])
        if op == "result":
            return dumps(engine.result(st)) == dumps(observed["value"])
        if op == "observe":  # compared in the game's view: public information shown either way is the same
            mine, theirs = observation_views(engine, state_json, engine.observation(st, observed["player"]),
                                             observed["value"])
            return dumps(mine) == dumps(theirs)
    except RulecheckError:
        return False
    except Exception:  # noqa: BLE001  a misreading that breaks on a position explains nothing there
        return False
    return False


def agrees(engine, reference, agreement: dict, cache: dict, ref_cache: dict) -> bool:
    """Whether ``engine`` agrees with the reference on a position the candidate agreed on."""
    try:
        if agreement.get("op") == "new":
            cfg = agreement["config"]
            return dumps(engine.to_json(engine.new_game(cfg))) == agreement["value"]
        st = _state(engine, agreement["state"], cache)
        if st is None:
            return False
        key = agreement["key"]
        if key not in ref_cache:
            rs = reference.from_json(agreement["state"])
            ref_cache[key] = (sorted(dumps(a) for a in reference.legal_actions(rs)),
                              dumps(reference.to_json(reference.apply(rs, agreement["action"]))))
        legal, after = ref_cache[key]
        if sorted(dumps(a) for a in engine.legal_actions(st)) != legal:
            return False
        return dumps(engine.to_json(engine.apply(st, agreement["action"]))) == after
    except Exception:  # noqa: BLE001
        return False


# ---- grouping a run's findings ----------------------------------------------------------

@dataclass
class _Item:
    clause: str
    failure: dict
    observed: dict | None


def _items(failing: dict[str, list[dict]]) -> list[_Item]:
    out = []
    for clause, failures in sorted(failing.items()):
        replayable = [f for f in failures if (f.get("witness") or {}).get("observed")]
        kept = [f for f in replayable if f.get("kept")]
        spread = [f for f in replayable if not f.get("kept")]
        mixed = [f for pair in zip(kept, spread) for f in pair] + kept[len(spread):] + spread[len(kept):]
        chosen = {id(f) for f in mixed[:WITNESSES_PER_CLAUSE]}
        for f in failures:
            obs = (f.get("witness") or {}).get("observed") if id(f) in chosen else None
            out.append(_Item(clause, f, obs))
    return out


def diagnose(game: str, failing: dict[str, list[dict]], agreements: list[dict], catalogue: list,
             reference_for, trace: dict | None = None) -> list[RootCause]:
    """Root causes of the findings ``failing`` (clause -> failure entries) of ``game``.

    ``catalogue``: the game's misreadings; ``reference_for(choices)``: the reference engine
    configured so; ``agreements``: positions where the candidate agreed with the reference.
    ``trace`` (a dict, when given) receives the replay's evidence: the findings (``items``),
    which misreading reproduced which (``hits``) and its contradictions (``contradicted``)."""
    items = _items({c: fs for c, fs in failing.items() if c not in FAULTS})
    ref_caches: dict[tuple, dict] = {}
    for it in items:  # a witness the reference itself reproduces shows no divergence in that form
        if it.observed is not None:
            ch = tuple(sorted((it.observed.get("choices") or {}).items()))
            w = it.failure.get("witness") or {}
            obs = it.observed
            try:
                same = reproduces(reference_for(dict(ch)), obs, obs.get("state", w.get("state")),
                                  obs.get("action", w.get("action")), ref_caches.setdefault(ch, {}))
            except Exception:  # noqa: BLE001
                same = True
            if same:
                it.observed = None
    replay = [i for i, it in enumerate(items) if it.observed is not None]
    hits: dict[str, set[int]] = {}
    engines: dict[tuple, Any] = {}
    by_id = {m.id: m for m in catalogue}

    def engine_of(m, ch: tuple):
        key = (m.id, ch)
        if key not in engines:
            try:
                engines[key] = m.engine(dict(ch))
            except Exception:  # noqa: BLE001  a variant that cannot be built under these choices
                engines[key] = None
        return engines[key]

    def replayed(m, among: list[int], caches: dict) -> set[int]:
        got: set[int] = set()
        for i in among:
            obs = items[i].observed
            ch = tuple(sorted((obs.get("choices") or {}).items()))
            eng = engine_of(m, ch)
            w = items[i].failure.get("witness") or {}
            if eng is not None and reproduces(eng, obs, obs.get("state", w.get("state")),
                                              obs.get("action", w.get("action")), caches.setdefault(ch, {})):
                got.add(i)
        return got

    # two passes: every misreading on the first witnesses of each clause, then every witness only on
    # the misreadings that reproduced one of those (a catalogue of hundreds stays a matter of seconds)
    probes, per_clause = [], Counter()
    for i in replay:
        if per_clause[items[i].clause] < PROBES_PER_CLAUSE:
            probes.append(i)
            per_clause[items[i].clause] += 1
    rest = [i for i in replay if i not in set(probes)]
    for m in catalogue:
        caches: dict[tuple, dict] = {}
        got = replayed(m, probes, caches)
        if got:
            hits[m.id] = got | replayed(m, rest, caches)
    sample = agreements[:: max(1, math.ceil(len(agreements) / AGREEMENTS))] if agreements else []
    # misreadings whose every reproduced witness is an action accepted against the rules: the
    # candidate may accept what it does not list, playing the reference where it agreed (its
    # listing and its successors), so no agreeing position contradicts it; the words say so
    accepting = {mid for mid, got in hits.items()
                 if all(items[i].observed.get("op") == "accepts" and items[i].observed.get("value") for i in got)}
    contra: dict[str, int] = {}
    ref_cache: dict = {}

    def contradictions(mid: str) -> int:
        """Agreeing positions where ``mid`` differs from the reference; counting stops once there
        are too many for it to be taken (``MAX_CONTRADICTED``)."""
        if mid in accepting:  # it lists and plays as the reference does; it accepts more when asked
            contra[mid] = 0
        if mid not in contra:
            n, enough = 0, MAX_CONTRADICTED * len(sample)
            caches: dict = {}
            for a in sample:
                ch = tuple(sorted((a.get("choices") or {}).items()))
                eng = engine_of(by_id[mid], ch)
                if eng is None or not agrees(eng, reference_for(dict(ch)), a, caches.setdefault(ch, {}),
                                             ref_cache.setdefault(ch, {})):
                    n += 1
                    if n > enough:
                        break
            contra[mid] = n
        return contra[mid]

    spots: dict[str, int] = {}
    states = list({a["key"]: a for a in agreements if a.get("state") is not None and a.get("key")}.values())
    states = states[:: max(1, math.ceil(len(states) / FOOTPRINT))]

    def footprint(mid: str) -> int:
        """Agreed positions where ``mid`` plays otherwise than the reference: its legal actions,
        or the successor of any of them."""
        if mid not in spots:
            n, caches = 0, {}
            for a in states:
                ch = tuple(sorted((a.get("choices") or {}).items()))
                eng, ref = engine_of(by_id[mid], ch), reference_for(dict(ch))
                try:
                    st, rs = _state(eng, a["state"], caches.setdefault(ch, {})), ref.from_json(a["state"])
                    legal = sorted(ref.legal_actions(rs), key=dumps)
                    same = st is not None and sorted(map(dumps, eng.legal_actions(st))) == [dumps(x) for x in legal]
                    same = same and all(dumps(eng.to_json(eng.apply(st, x))) == dumps(ref.to_json(ref.apply(rs, x)))
                                        for x in legal)
                except Exception:  # noqa: BLE001  a reading that breaks on a position plays otherwise there
                    same = False
                n += not same
            spots[mid] = n
        return spots[mid]

    # provenance's own blame competes too: a clause with findings no other clause explains,
    # explaining those and every finding that names it as an alternative (no words to say)
    own = {items[i].clause for i in replay if items[i].failure.get("standalone", not items[i].failure.get("alternatives"))}
    blamed = {c: {i for i in replay if items[i].clause == c or c in (items[i].failure.get("alternatives") or ())}
              for c in sorted(own)}
    if trace is not None:
        trace.update(items=items, replay=replay, hits=hits, sample=len(sample), blamed=blamed,
                     contradicted={mid: contradictions(mid) for mid in hits})
    causes: list[RootCause] = []
    left = set(replay)
    owner: dict[int, RootCause] = {}
    order = {m.id: k for k, m in enumerate(catalogue)}
    of_clause: dict[str, list[int]] = {}
    for i in replay:
        of_clause.setdefault(items[i].clause, []).append(i)

    def mostly_explained(c: str) -> bool:
        """Most witnesses of ``c`` (``NEAR_SHARE``) follow one root cause already taken: the rest
        are that cause's too (see ``_fallback``), not a clause of its own."""
        mine = of_clause.get(c, [])
        top = Counter(id(owner[i]) for i in mine if i in owner).most_common(1)
        return bool(top) and top[0][1] >= NEAR_SHARE * len(mine)

    while left:
        prov, prov_key = None, None
        for c, got in blamed.items():
            if mostly_explained(c):
                continue
            mine = got & left
            key = (len(mine), -sorted(blamed).index(c))
            if mine and (prov_key is None or key > prov_key):
                prov, prov_key = c, key
        best, best_key = None, None
        qualified = []
        for mid, got in hits.items():
            mine = got & left
            if not mine:
                continue
            touched = {items[i].clause for i in mine}
            share = len(mine) / sum(1 for i in left if items[i].clause in touched)
            if share < MIN_SHARE:
                continue  # a coincidence on a few witnesses of clauses whose other witnesses it does not explain
            c = contradictions(mid)
            if c > MAX_CONTRADICTED * len(sample):
                continue
            # a witness reproduced speaks for a reading as much as an agreed position it contradicts
            # speaks against it: a broader reading explaining a few more witnesses at the price of
            # as many contradictions does not displace a narrower one that contradicts nothing
            qualified.append(((len(mine) - c, len(mine), -c), mid))
        if qualified:
            top = max(k for k, _ in qualified)
            tied = [mid for k, mid in qualified if k == top]
            # readings explaining the same evidence alike: the one departing from the rules at the
            # fewest agreed positions (the smallest change that explains it), then catalogue order
            best = min(tied, key=lambda mid: (footprint(mid) if len(tied) > 1 else 0, order[mid]))
            best_key = (top[1], top[2], -order[best])
        # provenance's clause stands unless a misreading explains at least as much and differs from the
        # reference nowhere the candidate agreed: a contradicted misreading is not the candidate's
        # reading (a broader reading of another clause reproducing a rare bug's witnesses, say)
        # -- unless it also explains findings on clauses provenance's clause does not reach: one
        # reading tying together what provenance would blame apart (fewer causes for the same findings)
        if prov is not None and (best is None or best_key[0] < prov_key[0]
                                 or (best_key[1] < 0 and not _reaches_further(items, hits[best] & left,
                                                                               blamed[prov] & left))):
            best = f"provenance:{prov}"
        if best is None:
            break
        if best.startswith("provenance:"):
            c = best.removeprefix("provenance:")
            rc = RootCause(c, "", None, "provenance")
            for i in sorted(blamed[c] & left):
                rc.take(items[i].clause, items[i].failure)
                owner[i] = rc
            left -= blamed[c]
            causes.append(rc)
            continue
        m = by_id[best]
        words = m.words + (" (accepted when asked, though not listed)" if best in accepting else "")
        rc = RootCause(m.clause, words, m.id, m.source, reproduced=len(hits[best] & left),
                       contradicted=contradictions(best), agreements_checked=len(sample))
        for i in sorted(hits[best] & left):
            rc.take(items[i].clause, items[i].failure)
            owner[i] = rc
        left -= hits[best]
        causes.append(rc)
    _fallback(items, owner, causes)
    return _merged(causes)


def _reaches_further(items: list[_Item], mine: set[int], prov: set[int]) -> bool:
    """Whether the findings ``mine`` a misreading explains include findings of a clause none of
    provenance's ``prov`` is on (a second root cause provenance would need)."""
    return bool({items[i].clause for i in mine - prov} - {items[i].clause for i in prov})


def _fallback(items: list[_Item], owner: dict[int, RootCause], causes: list[RootCause]) -> None:
    """Findings no misreading explains: to the root cause that explained every replayed
    witness of their clause (``NEAR_SHARE`` of them, for a replayed one), or a root cause of
    their own clause, or of a clause their witness names as an alternative; else to a root
    cause by provenance of their clause."""
    by_clause = {rc.clause: rc for rc in causes}
    owners: dict[str, Counter] = {}
    for i, it in enumerate(items):
        if it.observed is not None:
            rc = owner.get(i)
            owners.setdefault(it.clause, Counter())[id(rc) if rc is not None else None] += 1
    by_id = {id(rc): rc for rc in causes}
    for i, it in enumerate(items):  # a few witnesses a near reading misses follow the cause of most of their clause
        if it.observed is not None and i not in owner and it.clause not in by_clause:
            top = [(k, n) for k, n in owners[it.clause].most_common() if k is not None][:1]
            if top and top[0][1] >= NEAR_SHARE * sum(owners[it.clause].values()):
                owner[i] = by_id[top[0][0]]
                owner[i].take(it.clause, it.failure)
    follows: dict[str, RootCause | None] = {}
    for i, it in enumerate(items):
        if it.observed is not None:
            rc = owner.get(i)
            follows[it.clause] = rc if follows.get(it.clause, rc) is rc else None
    pending: dict[str, list[dict]] = {}
    for i, it in enumerate(items):
        if i in owner:
            continue
        rc = by_clause.get(it.clause) or (follows.get(it.clause) if it.observed is None else None)
        if rc is not None:
            rc.take(it.clause, it.failure)
            continue
        alt = next((c for c in it.failure.get("alternatives") or () if c in by_clause), None)
        if alt is not None:
            by_clause[alt].take(it.clause, it.failure)
            continue
        pending.setdefault(it.clause, []).append(it.failure)
    # a clause whose every pending finding another pending clause explains as well follows it
    own = {c for c, fs in pending.items() if any(f.get("standalone", not f.get("alternatives")) for f in fs)}
    own |= _either_heads(pending, own)
    for clause in sorted(pending, key=lambda c: (c not in own, c)):
        fs = pending[clause]
        alts = [set(f.get("alternatives") or ()) & own - {clause} for f in fs]
        target = clause
        if clause not in own and all(alts):
            target = sorted(set().union(*alts))[0]
        rc = by_clause.get(target)
        if rc is None:
            rc = RootCause(target, "", None, "provenance")
            by_clause[target] = rc
            causes.append(rc)
        for f in fs:
            rc.take(clause, f)


def _either_heads(pending: dict[str, list[dict]], own: set[str]) -> set[str]:
    """Clauses that only ever explain witnesses together (each finding names the others as
    alternatives: the provenance said "either"), none with a finding of its own: one of each
    such group stands for it -- the one with most findings, then the one named first."""
    linked = {c: {a for f in fs for a in f.get("alternatives") or () if a in pending} for c, fs in pending.items()
              if c not in own}
    heads, seen = set(), set()
    for c in sorted(linked):
        if c in seen:
            continue
        group, todo = set(), [c]
        while todo:
            x = todo.pop()
            if x in group or x not in linked:
                continue
            group.add(x)
            todo += sorted(linked[x])
        seen |= group
        if any(linked[x] & own for x in group):
            continue  # a clause with findings of its own explains them
        first: dict[str, int] = {}
        for x in group:
            for f in pending[x]:
                for k, a in enumerate(f.get("alternatives") or ()):
                    first[a] = min(first.get(a, k), k)
        heads.add(max(sorted(group), key=lambda x: (len(pending[x]), -first.get(x, 0))))
    return heads


def _merged(causes: list[RootCause]) -> list[RootCause]:
    """One root cause per clause: a misreading's words win over provenance alone."""
    out: dict[str, RootCause] = {}
    for rc in causes:
        have = out.get(rc.clause)
        if have is None:
            out[rc.clause] = rc
            continue
        for c, n in rc.clauses.items():
            have.clauses[c] = have.clauses.get(c, 0) + n
        have.checks |= rc.checks
        if rc.shortest is not None and (have.shortest is None or _size(rc.shortest) < _size(have.shortest)):
            have.shortest = rc.shortest
    return sorted(out.values(), key=lambda rc: -rc.findings)
