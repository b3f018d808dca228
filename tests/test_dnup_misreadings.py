"""The Dnup misreading catalogue (engine.dnup.misreadings): every misreading is a real variant of
the reference, and diagnosis names its clause from one divergence it makes.

A corpus of seeded reference games (a policy that prefers playing sets, so rounds end and
letters are won) is played once; every misreading is compared with the reference on its
positions the way lockstep compares a candidate (new games, legal action sets, the pending deal,
an observation, successors, forbidden actions offered as probes), and its first divergence
becomes a witness with ``observed`` as lockstep records it.
"""

from __future__ import annotations

import functools
import random
import time


from engine import chance as C
from engine.canonical import dumps
from engine.dnup import DnupEngine
from engine.dnup.cards import default_deck
from engine.errors import RulecheckError
from engine.misreading import SOURCES, catalogue
from harness.explore import probes
from harness.explore.lockstep import key_of
from harness.verdicts import blame
from harness.verdicts.diagnosis import _norm_chance, diagnose

SEEDS = {2: 2, 3: 3, 4: 4, 5: 5}
CAP = 400
#: forbidden actions offered per position (lockstep offers two)
PROBES = 4


def _remainder_deck() -> list:
    """The assumed deck without one plain card: 39 cards leave a remainder for 2, 3 and 5 players."""
    cards = default_deck().to_json()
    drop = next(i for i, c in enumerate(cards) if c["mark"] is None)
    return cards[:drop] + cards[drop + 1:]


CONFIGS = [{"players": n, "turn_cap": CAP} for n in SEEDS] + [
    {"players": 3, "turn_cap": 25},
    {"players": 5, "turn_cap": None, "deck": _remainder_deck()},
]


def _policy(rng: random.Random, legal: list) -> dict:
    plays = [a for a in legal if a["type"] in ("play", "add")]
    if plays and rng.random() < 0.8:
        most = max(len(a.get("cards", [0])) for a in plays)
        return rng.choice([a for a in plays if len(a.get("cards", [0])) >= most - 1])
    return rng.choice(legal)


@functools.cache
def corpus() -> tuple[list, list]:
    """(new games, steps): every position of one seeded reference game per playing config, with
    its legal actions, pending deal, an observation, and successors of a few actions."""
    ref = DnupEngine()
    news, steps = [], []
    for config in CONFIGS:
        s = ref.new_game(config)
        news.append((config, dumps(ref.to_json(s))))
        if config.get("turn_cap") is None:
            continue
        rng = random.Random(config["players"] * 100 + config["turn_cap"])
        i, last = 0, []
        while not ref.is_terminal(s):
            rj = ref.to_json(s)
            legal = ref.legal_actions(s)
            ch = ref.chance(s)
            action = C.sample(ch, rng) if ch is not None else _policy(rng, legal)
            tried = [action] + [next(a for a in legal if a["type"] == t) for t in ("add", "take", "play")
                                if t != action["type"] and any(a["type"] == t for a in legal)]
            player = i % config["players"]
            forbidden = [m for m, _ in probes.for_state(ref, s, rj, legal, ch, action, last, random.Random(dumps(rj)),
                                                        PROBES) if m.get("type") != "chance"] + _built_probes(ref, s)
            steps.append({"state": s, "json": rj, "legal": {dumps(a): a for a in legal}, "chance": _norm_chance(ch),
                          "player": player, "observation": dumps(ref.observation(s, player)),
                          "after": [(a, dumps(ref.to_json(ref.apply(s, a)))) for a in tried], "probes": forbidden})
            last = legal or [action]
            s = ref.apply(s, action)
            i += 1
        steps.append({"state": s, "json": ref.to_json(s), "legal": {}, "chance": _norm_chance(None), "player": 0,
                      "observation": dumps(ref.observation(s, 0)), "after": [], "probes": []})
    return news, steps


def _built_probes(ref, s) -> list:
    """Forbidden actions the probes rarely build: a set of two cards with different active values,
    and every addition of a card of the set's value (one's own sets too) that the reference rejects."""
    if s.to_move < 0:
        return []
    g, p = s.g, s.to_move
    ids = g.deck.ids
    hand = s.hands[p]
    out = []
    mixed = next(((a, b) for a in hand for b in hand if a < b and g.val[a] != g.val[b]), None)
    if mixed:
        out.append({"type": "play", "player": p, "cards": sorted(ids[c >> 1] for c in mixed)})
    for slot, cs in enumerate(s.sets):
        for oc in hand:
            if cs and g.val[oc] == g.val[cs[0]]:
                out.append({"type": "add", "player": p, "card": ids[oc >> 1], "owner": g.owner(slot),
                            "area": g.area_of(slot)})
                break
    rejected = []
    for a in out:
        try:
            ref.apply(s, a)
        except RulecheckError:
            rejected.append(a)
    return rejected


def _divergence(eng, step) -> tuple | None:
    """(observed, action) of the first way ``eng`` differs from the reference at ``step``."""
    st = eng.view(step["state"]) if hasattr(eng, "view") else eng.from_json(step["json"])
    try:
        legal = {dumps(a): a for a in eng.legal_actions(st)}
    except RulecheckError:
        legal = {}
    if legal.keys() != step["legal"].keys():
        missing = sorted(set(step["legal"]) - set(legal))
        if missing:
            return {"op": "listed", "value": False}, step["legal"][missing[0]]
        return {"op": "listed", "value": True}, legal[sorted(set(legal) - set(step["legal"]))[0]]
    ch = eng.chance(st)
    if _norm_chance(ch) != step["chance"]:
        return {"op": "chance", "value": ch}, None
    obs = eng.observation(st, step["player"])
    if dumps(obs) != step["observation"]:
        return {"op": "observe", "player": step["player"], "value": obs}, None
    for action, after in step["after"]:
        try:
            got = eng.to_json(eng.apply(st, action))
        except RulecheckError:
            return {"op": "accepts", "value": False}, action
        if dumps(got) != after:
            return {"op": "apply", "value": got}, action
    for action in step["probes"]:  # forbidden actions, offered as lockstep's probes offer them
        try:
            eng.apply(st, action)
        except RulecheckError:
            continue
        return {"op": "accepts", "value": True}, action
    return None


def _new_divergence(eng, config, expected) -> dict | None:
    try:
        got = eng.to_json(eng.new_game(config))
    except RulecheckError:
        return {"op": "new-rejects", "config": config}
    return None if dumps(got) == expected else {"op": "new", "config": config, "value": got}


def first_divergences(m, most: int = 2) -> tuple[list, list]:
    """(witnesses, agreements) of misreading ``m`` on the corpus: its first ``most`` divergences from
    the reference as (observed, state json, action), and positions where it agrees."""
    eng = m.engine({})
    news, steps = corpus()
    agreements, found = [], []
    for config, expected in news:
        obs = _new_divergence(eng, config, expected)
        if obs is None:
            agreements.append({"op": "new", "config": config, "value": expected})
        elif len(found) < most:
            found.append((obs, None, None))
    for step in steps:
        if len(found) >= most:
            break
        got = _divergence(eng, step)
        if got is not None:
            found.append((got[0], step["json"], got[1]))
    return found, (agreements + _agreements(eng, steps) if found else agreements)


def _agreements(eng, steps: list, most: int = 20) -> list:
    """Player positions of ``steps`` where ``eng`` agrees with the reference (as lockstep keeps them)."""
    out = []
    for step in steps[:: max(1, len(steps) // (3 * most))]:
        if step["after"] and step["chance"] == _norm_chance(None) and _divergence(eng, step) is None:
            action = step["after"][0][0]
            out.append({"op": "apply", "state": step["json"], "action": action, "key": key_of(step["json"], action)})
            if len(out) >= most:
                break
    return out


def _failure(observed: dict, state, action) -> tuple[str, dict]:
    """The clause provenance blames for the divergence, and the failure entry lockstep records."""
    ref = DnupEngine()
    op = observed["op"]
    if op in ("new", "new-rejects"):
        b = blame.setup(ref, observed["config"], ref.to_json(ref.new_game(observed["config"])), observed.get("value"))
    elif op == "listed":
        b = blame.legal_sets(ref, state, [] if observed["value"] else [action],
                             [action] if observed["value"] else [])[dumps(action)]
    elif op == "chance":
        b = blame.chance_event(ref, state)
    elif op == "observe":
        st = ref.from_json(state)
        b = blame.observation(ref, state, observed["player"], ref.observation(st, observed["player"]),
                              observed["value"])
    elif op == "accepts" and observed["value"]:
        b = blame.accepted_illegal(ref, state, action)
    elif op == "accepts":
        b = blame.rejected_legal(ref, state, action)
    else:
        after = ref.to_json(ref.apply(ref.from_json(state), action))
        b = blame.successor(ref, state, action, after, observed["value"])
    observed = {**observed, "game": "dnup", "choices": dict(ref.choices)}
    return b.clauses[0], {"check": "differential", "count": 1, "witness": {"state": state, "action": action,
                                                                          "observed": observed}}


@functools.cache
def _reference(choices: tuple) -> DnupEngine:
    return DnupEngine(choices=dict(choices))


def reference_for(choices: dict) -> DnupEngine:
    return _reference(tuple(sorted(choices.items())))


@functools.cache
def divergences() -> dict:
    return {m.id: first_divergences(m) for m in catalogue("dnup", DnupEngine)}


def _choices(agreements: list) -> list:
    return [{**a, "game": "dnup", "choices": dict(DnupEngine().choices)} for a in agreements]


# ---- the catalogue ---------------------------------------------------------------------------------------

def test_every_misreading_names_a_clause_of_dnup_in_words_and_builds():
    import specs

    clauses = set(specs.load("dnup").clauses)
    cat = catalogue("dnup", DnupEngine)
    assert len(cat) >= 90
    for m in cat:
        assert m.clause in clauses and set(m.also) <= clauses, m.id
        assert m.source in SOURCES and m.words, m.id
        assert m.source == "choice" or len(m.words) < 160, m.id  # a short sentence, as a user says the bug
        eng = m.engine({})
        assert isinstance(eng, DnupEngine) and type(eng) is not DnupEngine or m.source == "choice", m.id
        m.engine({"dnup.add-conflict": "consequence"})  # builds under the other reading too
    every_rule = {c.id for c in specs.load("dnup").clauses.values()
                  if getattr(c, "kind", "rule") == "rule" and getattr(c, "status", "") != "not-implemented"}
    missing = every_rule - {m.clause for m in cat} - {a for m in cat for a in m.also}
    assert missing <= {"DNP-DECK-SIZE", "DNP-KEEP-ORIENTATION", "DNP-FAQ-DNUP", "DNP-FAQ-SET", "DNP-FAQ-CONFLICT",
                       "DNP-FAQ-LETTERS", "DNP-FAQ-ANY-COUNT", "DNP-GOAL"}, sorted(missing)


def test_the_reference_through_the_variant_machinery_is_the_reference():
    """The mixins the variants build on change nothing by themselves."""
    from engine.dnup.misreadings_base import Extended, Filtered, RuledPlays, Variant

    news, steps = corpus()
    for cls in (Variant, Filtered, Extended, RuledPlays):
        eng = cls()
        for config, expected in news:
            assert _new_divergence(eng, config, expected) is None, cls.__name__
        for step in steps[::3]:
            assert _divergence(eng, step) is None, (cls.__name__, step["json"]["turn"])


def test_every_misreading_differs_from_the_reference_somewhere():
    never = sorted(mid for mid, (found, _) in divergences().items() if not found)
    assert never == [], f"misreadings that play exactly as the reference on the corpus: {never}"


def test_diagnosis_names_each_misreadings_clause_from_one_divergence():
    """One witness (the misreading's first divergence, blamed by provenance as lockstep blames it)
    and the positions where it agrees: the root cause is a misreading of the same clause (itself,
    or a sibling that plays the same on that witness)."""
    cat = catalogue("dnup", DnupEngine)
    by_id = {m.id: m for m in cat}
    wrong, itself = {}, 0
    for mid, (found, agreements) in divergences().items():
        if not found:
            continue
        clause, failure = _failure(*found[0])
        causes = diagnose("dnup", {clause: [failure]}, _choices(agreements), cat, reference_for)
        top = causes[0] if causes else None
        if top is None or top.clause != by_id[mid].clause:
            wrong[mid] = (top.misreading, top.clause) if top else None
        itself += top is not None and top.misreading == mid
    assert wrong == {}, f"named the wrong clause: {wrong}"
    assert itself >= 0.8 * len(cat), f"only {itself} of {len(cat)} misreadings named themselves"


def test_diagnosis_of_two_hundred_witnesses_stays_cheap():
    """Two divergences of every misreading, each under the clause provenance blames: the whole
    catalogue replays them (at most 12 per clause) and the agreements in a few seconds."""
    cat = catalogue("dnup", DnupEngine)
    failing: dict[str, list] = {}
    agreements = []
    for found, agree in divergences().values():
        for witness in found:
            clause, failure = _failure(*witness)
            failing.setdefault(clause, []).append(failure)
        agreements += _choices(agree[-2:])
    assert sum(map(len, failing.values())) >= 200
    t0 = time.process_time()
    causes = diagnose("dnup", failing, agreements, cat, reference_for)
    took = time.process_time() - t0
    print(f"diagnosis: {sum(map(len, failing.values()))} witnesses on {len(failing)} clauses, "
          f"{len(agreements)} agreements, {len(cat)} misreadings: {took:.2f}s CPU, {len(causes)} root causes")
    assert len(causes) >= 10
    assert took < 10, f"diagnosis of 200 witnesses took {took:.1f}s CPU"
