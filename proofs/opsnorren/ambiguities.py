"""The Opsnorren ambiguity register (``rulecheck ambiguities --game opsnorren``).

What "applying a rule card" means here (full statement in ``model.py``): each revealed
card is a transformer of the trick-resolution procedure (lead rule, set-aside filter,
colour strength, winner rule), applied to it in row order, left to right (line 55).
``new-lead-colour`` replaces the lead rule; ``equal-discarded`` adds a filter that runs
before the winner is determined (its own text); ``colour-reversed`` reverses the
strength, which every part reads when the trick is resolved (binding ``late``, "Vanaf
nu"); ``two-wins`` and ``three-lowest`` wrap the winner rule, so the row order decides
which of them has the last word (``ops.winner-rule-order``).

Items:

1. **rule-order** (one per unordered pair of trick-play rule cards, so both ordered
   pairs; kind ``not-ambiguous`` when the pair commutes under our reading): Z3 compares the row ``[a, b]`` with ``[b, a]`` on one symbolic trick, for each
   option of ``ops.winner-rule-order`` and each binding (``late``, ours; ``snapshot``,
   the reading that a card keeps the colour order in force when it was revealed), every
   other trick choice left symbolic. ``conflict``: a minimal witness trick (fewest
   cards, then no jokers, then default readings); ``commutes``: unsat for 3-6 cards.
   Triples are summarised in one item (a real row holds 2 black cards, and every
   trick-play card is black, so a triple never occurs with the known cards).
2. **reading** (one per choice of specs/opsnorren/choices.toml, ``choice=<id>``): a
   concrete position where the options give different results; trick choices by Z3
   (smallest trick, fewest revealed rule cards), the two setup choices by construction.
3. **joker-interaction**: the monkey's pick when its own team takes the trick.

Every witness is replayed against engines as a test vector (``proofs.opsnorren.vectors``).
"""

from __future__ import annotations

import functools
import itertools
import time

from proofs.core import Ambiguity
from proofs.opsnorren import diff as D
from proofs.opsnorren import spec as S

GAME = "opsnorren"
WRO = "ops.winner-rule-order"
BINDINGS = ("late", "snapshot")
#: the part of the trick-resolution procedure each trick-play card transforms (model.py)
PART = {"two-wins": "the winner rule (a 2 wins)", "three-lowest": "the winner rule (with a 3, the lowest wins)",
        "colour-reversed": "the colour strength, which every rule reads when the trick is resolved",
        "equal-discarded": "the set-aside filter, which runs before any winner rule (its own text)",
        "new-lead-colour": "the lead rule (legality only)"}
#: triples are checked "where cheap": tricks of 3 and 4 cards (6 row orders each)
TRIPLE_NS = (3, 4)


def _pair_variants(order_a, order_b, wro, binding):
    """Rows ``order_a`` and ``order_b`` under ``wro`` (None: the reading stays symbolic)."""
    fix = {WRO: wro} if wro else {}
    return [lambda rd, row: D.Variant({**rd, **fix}, list(order_a), binding),
            lambda rd, row: D.Variant({**rd, **fix}, list(order_b), binding)]


def _compare(variants_for, tag, ns=D.NS):
    """Status and witness per option of ops.winner-rule-order: one query with the option
    symbolic first (unsat: commutes under every option), per option only when sat."""
    t1 = time.perf_counter()
    try:
        if D.differ(variants_for(None), tag=tag, ns=ns) is None:
            secs = round((time.perf_counter() - t1) / len(S.options(WRO)), 3)  # one query for every option
            return {wro: {"status": "commutes", "witness": None, "seconds": secs} for wro in S.options(WRO)}
        out = {}
        for wro in S.options(WRO):
            w, secs = D.timed(D.differ, variants_for(wro), tag=tag + wro, ns=ns)
            out[wro] = {"status": "conflict" if w else "commutes", "witness": w, "seconds": secs}
        return out
    except D.Unknown as exc:
        return {wro: {"status": f"unknown ({exc})", "witness": None, "seconds": round(time.perf_counter() - t1, 3)}
                for wro in S.options(WRO)}


@functools.cache
def sweep() -> dict:
    """Every pair (and triple) of trick-play rule cards, both orders, each reading."""
    t0 = time.perf_counter()
    cards = S.trick_play_cards()
    pairs = []
    for a, b in itertools.combinations(cards, 2):
        results = {}
        for binding in BINDINGS:
            if binding != "late" and "colour-reversed" not in (a, b):
                # without colour-reversed in the row every strength flag is False under both bindings:
                # model.resolve builds the very same formulas, so the late result holds as it is
                for wro in S.options(WRO):
                    results[f"{wro}/{binding}"] = {**results[f"{wro}/late"], "seconds": 0.0, "same_as": "late"}
                continue
            got = _compare(lambda wro: _pair_variants((a, b), (b, a), wro, binding), f"p{a}{b}{binding}")
            for wro, r in got.items():
                results[f"{wro}/{binding}"] = r
        pairs.append({"cards": [a, b], "results": results})
    pair_time = round(time.perf_counter() - t0, 3)
    triples = []
    for trio in itertools.combinations(cards, 3):
        orders = list(itertools.permutations(trio))

        def variants_for(wro, orders=orders):
            fix = {WRO: wro} if wro else {}
            return [(lambda o: (lambda rd, row: D.Variant({**rd, **fix}, list(o), "late")))(o) for o in orders]

        results = {f"{wro}/late": r for wro, r in _compare(variants_for, "t" + ".".join(trio), TRIPLE_NS).items()}
        inner = [p for p in pairs if set(p["cards"]) <= set(trio)
                 and any(r["status"] == "conflict" for k, r in p["results"].items() if k.endswith("/late"))]
        triples.append({"cards": list(trio), "results": results,
                        "conflicting_pairs_inside": [p["cards"] for p in inner]})
    return {"pairs": pairs, "triples": triples, "pair_seconds": pair_time,
            "seconds": round(time.perf_counter() - t0, 3)}


def _lines(*clause_ids) -> tuple[int, int]:
    sp = S.spec()
    ls = [sp.clauses[c].lines for c in clause_ids]
    return min(a for a, _ in ls), max(b for _, b in ls)


def _short(d: dict) -> str:
    """One line: who wins and where the cards go."""
    if not d.get("legal", True):
        return f"play {d['first_illegal_play'] + 1} ({d['cards'][d['first_illegal_play']]}) is illegal"
    who = f"position {d['winner'] + 1} ({d['cards'][d['winner']]}) wins" if d["winner"] is not None else "no winner"
    where = ", ".join(f"{c}->{t}" for c, t in d["dest"].items())
    extra = f"; monkey may take {d['monkey_candidates']}" if d["monkey_candidates"] else ""
    aside = f"; set aside {d['set_aside']}" if d["set_aside"] else ""
    held = [f"position {i + 1} must follow {c}" for i, c in enumerate(d["must_follow"]) if c]
    follow = f"; {', '.join(held)}" if held else "; nobody is held to a colour"
    return f"{who}{aside}{extra}; {where}{follow}"


def _compact(w: dict) -> dict:
    outs = D.outcomes(w)
    base = w["variants"][0]["reading"]
    return {"trick": w["trick"], "reading": base,
            "outcomes": [{"row": v["row"], "binding": v["binding"],
                          **({"choice": {k: v["reading"][k] for k in v["reading"] if v["reading"][k] != base[k]}}
                             if any(v["reading"][k] != base[k] for k in v["reading"]) else {}),
                          **({} if v.get("own_team_pick", True) else {"monkey": "skips the pick for its own team"}),
                          "result": _short(o)} for v, o in zip(w["variants"], outs)]}


def _pair_item(p: dict) -> Ambiguity:
    a, b = p["cards"]
    res = p["results"]
    ours = {k: r for k, r in res.items() if k.endswith("/late")}
    conflict = [k for k, r in ours.items() if r["status"] == "conflict"]
    unknown = [k for k, r in res.items() if r["status"].startswith("unknown")]
    status = "unknown" if unknown else "conflict" if conflict else "commutes"
    main = res[f"{S.default(WRO)}/late"] if res[f"{S.default(WRO)}/late"]["witness"] else (
        ours[conflict[0]] if conflict else None)
    witness = _compact(main["witness"]) if main and main["witness"] else None
    per = "; ".join(f"{k}: {r['status']}" + (f" ({r['witness']['trick']['players']} cards)" if r["witness"] else "")
                    for k, r in res.items())
    secs = sum(r["seconds"] for r in res.values())  # both options of the choice, both bindings
    if status == "conflict":
        readings = {f"{a} left of {b}": witness["outcomes"][0]["result"],
                    f"{b} left of {a}": witness["outcomes"][1]["result"]}
        what = ("The row order changes who wins: the rulebook should say which card has the last word "
                f"(our reading: {WRO}={S.default(WRO)}, the rightmost applicable rule decides). Suggested "
                "sentence for line 55: 'Bepalen meerdere open regels wie de slag wint, dan beslist de regel die "
                "het meest rechts ligt.'")
    else:
        same = "the same outcome on every trick of 3-6 cards (Z3: unsat)"
        readings = {f"{a} left of {b}": same, f"{b} left of {a}": same}
        snap = [k for k, r in res.items() if k.endswith("/snapshot") and r["status"] == "conflict"]
        what = (f"Nothing to decide: '{a}' changes {PART[a]}, '{b}' changes {PART[b]}, and the composition is "
                "the same in both orders.")
        if snap:
            what += (" They would conflict only if a card kept the colour order in force when it was revealed "
                     "(binding 'snapshot'), which 'Vanaf nu' rules out.")
    return Ambiguity(  # a pair that commutes under our reading settles itself: not an ambiguity
        id=f"ops.order.{a}+{b}", game=GAME, kind="not-ambiguous" if status == "commutes" else "rule-order",
        title=f"Does the row order of '{a}' and '{b}' matter?",
        lines=_lines("OPS-RULES-LEFT-TO-RIGHT", S.rule_clause(a), S.rule_clause(b)),
        readings=readings, status=status, witness=witness,
        depends=list(S.clauses("OPS-RULES-LEFT-TO-RIGHT")) + [S.rule_clause(a), S.rule_clause(b)],
        detail=f"{what} Per reading ({WRO}/binding): {per}. Z3 time {secs:.2f} s.")


def _triples_item(sw: dict) -> Ambiguity:
    lines = []
    bad = []
    for t in sw["triples"]:
        st = {k: r["status"] for k, r in t["results"].items()}
        conflict = any(s == "conflict" for s in st.values())
        explained = bool(t["conflicting_pairs_inside"])
        if conflict and not explained:
            bad.append(t["cards"])
        lines.append(f"{'+'.join(t['cards'])}: {'conflict' if conflict else 'commutes'}"
                     + (" (a conflicting pair inside)" if conflict and explained else ""))
    # the question is whether a third card adds a conflict: triples that only contain a conflicting
    # pair are listed, but the item conflicts only when some triple conflicts without one
    status = "conflict" if bad else "commutes"
    return Ambiguity(
        id="ops.order.triples", game=GAME, kind="not-ambiguous" if not bad else "rule-order",
        title="Do three trick-play rule cards in a row add order conflicts beyond the pairs?",
        lines=_lines("OPS-RULES-LEFT-TO-RIGHT"),
        readings={"all 6 orders compared (tricks of 3 and 4 cards)": "; ".join(lines)},
        status=status,
        witness={"new_conflicts": bad},
        depends=list(S.clauses("OPS-RULES-LEFT-TO-RIGHT", "OPS-SETUP-RULE-ROW")),
        detail=("Not reachable with the known cards: a row holds 2 black cards and every trick-play card is black "
                "(parameter rule-piles, assumed); relevant if one of the 5 unknown cards touches trick play. "
                f"Conflicts not explained by a conflicting pair inside: {bad or 'none'}. "
                f"Z3 time {sum(r['seconds'] for t in sw['triples'] for r in t['results'].values()):.2f} s."))


# ------------------------------------------------------------------ readings of the choices
def _choice_variants(cid, o1, o2):
    return [lambda rd, row: D.Variant({**rd, cid: o1}, row),
            lambda rd, row: D.Variant({**rd, cid: o2}, row)]


@functools.cache
def reading_witnesses() -> dict:
    """For each trick choice and each pair of its options: the smallest differing trick."""
    out = {}
    for cid in S.TRICK_CHOICES:
        opts = S.options(cid)
        per = []
        for o1, o2 in itertools.combinations(opts, 2):
            w, secs = D.timed(D.differ, _choice_variants(cid, o1, o2), tag=f"c{cid}{o1}{o2}", symbolic_row=True)
            per.append({"options": [o1, o2], "witness": w, "seconds": secs})
        out[cid] = per
    # the monkey's pick when its own team takes the trick: harmless to skip?
    per = []
    for opt in S.options("ops.monkey-discarded"):
        variants = [lambda rd, row, o=opt: D.Variant({**rd, "ops.monkey-discarded": o}, row),
                    lambda rd, row, o=opt: D.Variant({**rd, "ops.monkey-discarded": o}, row, own_team_pick=False)]
        w, secs = D.timed(D.differ, variants, tag=f"own{opt}", symbolic_row=True, pick_matters=False,
                          compare="dest")
        per.append({"options": ["pick", "skip"], "fixed": {"ops.monkey-discarded": opt}, "witness": w,
                    "seconds": secs})
    out["own-team-pick"] = per
    return out


def _reading_item(cid: str, per: list) -> Ambiguity:
    ch = S.spec().choices[cid]
    found = [p for p in per if p["witness"]]
    witness = {f"{p['options'][0]} vs {p['options'][1]}": _compact(p["witness"]) for p in found}
    missing = [p["options"] for p in per if not p["witness"]]
    readings = dict(ch.options)
    if found:
        w = found[0]
        for o, res in zip(w["options"], _compact(w["witness"])["outcomes"]):
            readings[o] = f"{readings[o]}. On the witness: {res['result']}"
    detail = ch.why
    if missing:
        detail += f" Options that never differ on a trick of 3-6 cards (Z3: unsat): {missing}."
    detail += f" Z3 time {sum(p['seconds'] for p in per):.2f} s."
    return Ambiguity(id=cid, game=GAME, kind="reading", title=ch.question, lines=ch.lines, readings=readings,
                     status="differs" if found else "same", witness=witness or None, default=ch.default, choice=cid,
                     depends=list(ch.clauses), detail=detail)


def _own_team_item(per: list) -> Ambiguity:
    st = {p["fixed"]["ops.monkey-discarded"]: p for p in per}
    witness = {f"ops.monkey-discarded={k}": _compact(p["witness"]) for k, p in st.items() if p["witness"]}
    same = [k for k, p in st.items() if not p["witness"]]
    return Ambiguity(
        id="ops.joker.monkey-own-team", game=GAME, kind="joker-interaction",
        title="When the monkey's own team takes the trick, does its pick still matter?",
        lines=_lines("OPS-MONKEY", "OPS-RULE-EQUAL-DISCARDED"),
        readings={"pick": "the monkey's player always picks a card ('kies je als speler van de aap één kaart')",
                  "skip": "no pick when the own team takes the trick (the card would stay in the team anyway)"},
        status="differs" if witness else "same", witness=witness or None,
        depends=list(S.clauses("OPS-MONKEY", "OPS-TEAM-PILES", "OPS-RULE-EQUAL-DISCARDED")),
        detail=("Skipping is harmless (Z3: unsat) under ops.monkey-discarded=" + ", ".join(same) + "; "
                if same else "") + ("it changes the team piles under " + ", ".join(
                    k for k in st if st[k]["witness"]) + ": the monkey could take back a card set aside for its "
                                                         "value. An engine that skips the pick there is wrong."
                                    if witness else "never changes a team pile."))


# ------------------------------------------------------------------ the two setup choices
def _setup_items() -> list[Ambiguity]:
    from proofs.opsnorren import vectors as V

    out = []
    for cid, make in (("ops.pass-jokers", V.pass_jokers_case), ("ops.beginner-setup", V.beginner_case)):
        if cid not in S.spec().choices:
            continue
        ch = S.spec().choices[cid]
        info = make()
        out.append(Ambiguity(id=cid, game=GAME, kind="reading", title=ch.question, lines=ch.lines,
                             readings={o: f"{t}. On the witness: {info['summary'][o]}" for o, t in ch.options.items()},
                             status="differs", witness=info["witness"], default=ch.default, choice=cid,
                             depends=list(ch.clauses), detail=ch.why + " Witness built directly (no trick involved)."))
    return out


def register() -> list[Ambiguity]:
    sw = sweep()
    items = [_pair_item(p) for p in sw["pairs"]]
    items.append(_triples_item(sw))
    rw = reading_witnesses()
    items += [_reading_item(cid, per) for cid, per in rw.items() if cid in S.spec().choices]
    items.append(_own_team_item(rw["own-team-pick"]))
    items += _setup_items()
    return items
