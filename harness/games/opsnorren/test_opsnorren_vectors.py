"""Replay the Opsnorren Z3 witnesses (specs/opsnorren/vectors/*.json) against the engine
under test, through the protocol fixture only.

Each case holds under one reading (``choices``): the reference engine is configured with
it (``pytest.mark.choice``); a third-party engine that declares another option is
skipped as not applicable. Regenerate the vectors with ``python -m proofs.opsnorren.vectors``.
"""

from __future__ import annotations

import pytest

from engine.errors import BadConfigError, IllegalActionError
from harness.verdicts.findings import ClauseFailure
from harness.games.opsnorren.positions import with_every_card
from harness.verdicts.vectors import load_vectors, vector_params
from harness.verdicts.violations import ClauseViolation, Recording, require, through_provenance


def _play_cards(eng, state, player) -> list[str]:
    return sorted(a["card"] for a in eng.legal_actions(state) if a.get("type") == "play" and a["player"] == player)


def _first(clauses, *prefer):
    return next((c for c in prefer if c in clauses), clauses[0])


class LegalCardsDiffer(ClauseViolation):
    """A vector step's legal cards differ: blamed through the reference's provenance of each
    missing or extra card (what makes it legal, what forbids it), not on the vector's clause."""

    def __init__(self, clause: str, message: str, state_json: dict, player: int, got: list, want: list):
        super().__init__(clause, message)
        self.state_json, self.player = state_json, player
        self.missing = [{"type": "play", "player": player, "card": c} for c in want if c not in got]
        self.extra = [{"type": "play", "player": player, "card": c} for c in got if c not in want]
        self.got, self.want = got, want


def _require_legal(eng, s, p, want, clause, message, came_from=None):
    got = _play_cards(eng, s, p)
    if got != sorted(want):
        exc = LegalCardsDiffer(clause, message.format(got=got, want=sorted(want)), eng.to_json(s), p, got, sorted(want))
        exc.listed = eng.legal_actions(s)  # the candidate's whole legal list (diagnosis replays it)
        exc.came_from = came_from  # (state before, action) of the step that led here, on the candidate
        raise exc


def replay_trick(eng, vec, case):
    cl = vec["clauses"]
    follow = _first(cl, "OPS-FOLLOW-SUIT", "OPS-JOKER-LEAD", "OPS-RULE-NEW-LEAD-COLOUR")
    s = eng.from_json(with_every_card(case["state"]))
    came_from = None
    for k, step in enumerate(case["steps"]):
        p = step["action"]["player"]
        _require_legal(eng, s, p, step["legal"], follow,
                       f"play {k + 1} (player {p}, rule row {case['row']}): legal cards {{got}}, expected {{want}}",
                       came_from)
        came_from = (eng.to_json(s), step["action"])
        s = eng.apply(s, step["action"])
    if case["illegal"]:
        bad = case["illegal"]
        p = bad["action"]["player"]
        _require_legal(eng, s, p, bad["legal"], follow,
                       f"player {p} (rule row {case['row']}): legal cards {{got}}, expected {{want}}", came_from)
        with pytest.raises(IllegalActionError):
            eng.apply(s, bad["action"])
        return
    pending = [a for a in eng.legal_actions(s) if a.get("type") == "monkey"]
    monkey = case["monkey"]
    if monkey:
        got = sorted(a["card"] for a in pending)
        require(got == sorted(monkey["candidates"]), "OPS-MONKEY",
                f"the monkey's player {monkey['player']} may take {got}, expected {sorted(monkey['candidates'])} "
                f"(rule row {case['row']})")
        s = eng.apply(s, monkey["action"])
    else:
        require(not pending, "OPS-MONKEY", f"the engine asks for a monkey pick {pending}; none is expected here")
    j = eng.to_json(s)
    exp = case["expect"]
    winner_clause = _first(cl, "OPS-RULE-TWO-WINS", "OPS-RULE-THREE-LOWEST", "OPS-MONKEY", "OPS-DOVE",
                           "OPS-ALL-DISCARDED-STARTER", "OPS-WINNER-LEADS")
    require(j["trick"] == [], winner_clause, f"the trick is still on the table: {j['trick']}")
    require(j["leader"] == exp["leader"], winner_clause,
            f"player {j['leader']} leads the next trick, expected player {exp['leader']} "
            f"(winner {exp['winner']}; rule row {case['row']})")
    team = {p: t[0] for p, t in enumerate(j["team_cards"])}
    where = {}
    for p, pile in enumerate(j["won"]):
        for c in pile:
            where[c] = team[p]
    for c in j["discarded"]:
        where[c] = "discarded"
    got = {c: where.get(c, "nowhere") for c in exp["cards"]}
    require(got == exp["cards"], _first(cl, "OPS-MONKEY", "OPS-DOVE", "OPS-RULE-EQUAL-DISCARDED", "OPS-WINNER-TAKES",
                                        winner_clause),
            f"cards went {got}, expected {exp['cards']} (rule row {case['row']})")


def replay_pass(eng, vec, case):
    s = eng.from_json(with_every_card(case["state"]))
    legal = [a for a in eng.legal_actions(s) if a.get("type") == "pass"]
    require(len(legal) == case["legal_count"], "OPS-RULE-PASS-THREE",
            f"{len(legal)} legal passes, expected {case['legal_count']}")
    if case["accepted"]:
        eng.apply(s, case["action"])
    else:
        with pytest.raises(IllegalActionError):
            eng.apply(s, case["action"])


def replay_setup(eng, vec, case):
    s = eng.new_game(case["config"])
    ch = eng.chance(s)
    pools = [sorted(d["pool"]) for d in ch["draws"]]
    want = [sorted(case["pools"]["white"]), sorted(case["pools"]["black"])]
    require(pools == want, "OPS-BEGINNER", f"rule-card piles {pools}, expected {want}")
    if case["row_accepted"]:
        eng.new_game(case["row_config"])
    else:
        with pytest.raises(BadConfigError):
            eng.new_game(case["row_config"])


# Readings a case depends on beyond its own choices (harness.verdicts.vectors.case_choices): a trick
# with a monkey and a dove gives no monkey pick only when the dove goes first; the monkey's
# candidates include jokers only under monkey-pick=any; a trick that nobody wins under
# no-winner=nobody is the starter's under no-winner=starter (no pick); and a discarded
# card is no monkey candidate under monkey-discarded=remaining.
ASSUMES = {
    "equal-values-jokers-never-vs-pairs/ops.equal-values-jokers=never": {"ops.dove-with-monkey": "dove-first"},
    "joker-lead-colour-first-animal-vs-none": {"ops.dove-with-monkey": "dove-first"},
    "dove-with-monkey-dove-first-vs-monkey-first/ops.dove-with-monkey=monkey-first": {"ops.monkey-pick": "any"},
    "monkey-discarded-remaining-vs-any": {"ops.monkey-pick": "any"},
    "monkey-discarded-remaining-vs-any/ops.monkey-discarded=remaining": {"ops.no-winner": "nobody"},
    "no-winner-nobody-vs-starter": {"ops.monkey-discarded": "remaining"},
}


@pytest.mark.parametrize("vec, case", vector_params("opsnorren", by_name=True, assumes=ASSUMES))
def test_opsnorren_vector(rulecheck_engine, request, vec, case):
    eng = Recording(rulecheck_engine("opsnorren"))
    try:
        {"trick": replay_trick, "pass": replay_pass, "setup": replay_setup}[case["kind"]](eng, vec, case)
    except LegalCardsDiffer as exc:
        clauses = _legal_blame(request.node, exc)
        if not clauses:
            raise
        raise ClauseFailure(clauses, str(exc)) from exc
    except ClauseViolation as exc:
        clauses = through_provenance(request.node, eng, str(exc), "vector")
        if not clauses:
            raise
        raise ClauseFailure(clauses, str(exc)) from exc


def _legal_blame(node, exc: LegalCardsDiffer) -> list[str]:
    """Record the differing legal cards as findings blamed through the reference's provenance
    (the reference configured with this case's readings); ``[]`` when it names nothing."""
    from harness.verdicts import blame
    from harness.engines import open_engine
    from harness.verdicts.findings import record
    from harness.verdicts.items import item_choices

    reference = open_engine("reference", "opsnorren", item_choices(node))
    per_action = blame.legal_sets(reference, exc.state_json, exc.missing, exc.extra)
    clauses = list(dict.fromkeys(c for b in per_action.values() if b.basis == "provenance" for c in b.clauses))
    w = blame.witness(reference, exc.state_json, None, exc.want, exc.got)
    w.observed = _observed(reference, exc)
    if not clauses:  # provenance names nothing: the vector's own clause, with the witness
        record(exc.clause, "vector", str(exc), w, "position")
        return [exc.clause]
    for c in clauses:
        alts = [b.alternatives_of(c) for b in per_action.values() if c in b.clauses]
        record(c, "vector", str(exc), w, "provenance",  # alternatives only when every action blamed on c has some
               tuple(dict.fromkeys(a for x in alts for a in x)) if all(alts) else ())
    return clauses


def _observed(reference, exc: LegalCardsDiffer) -> dict | None:
    """What the candidate did, for diagnosis: the step before, when its successor differs from
    the reference's (the divergence is there: the legal list only shows it), else the legal list."""
    from engine.canonical import dumps
    from harness.verdicts import blame

    if exc.came_from is not None:
        before, action = exc.came_from
        try:
            after = reference.to_json(reference.apply(reference.from_json(before), action))
        except Exception:  # noqa: BLE001  (the reference cannot replay it: the legal list stands)
            after = exc.state_json
        if dumps(after) != dumps(exc.state_json):
            return blame.observed(reference, "apply", value=exc.state_json, state=before, action=action)
    return blame.observed(reference, "legal", value=exc.listed)


def test_vectors_exist():
    """The Z3 witnesses have been written (python -m proofs.opsnorren.vectors)."""
    vecs = load_vectors("opsnorren")
    kinds = {v["kind"] for v in vecs}
    assert {"rule-order", "reading"} <= kinds, f"vector kinds {kinds}"
    assert all(v["cases"] for v in vecs)
