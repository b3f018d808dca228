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

1. **rule-order** (``proofs.opsnorren.sweep``): every pair of order-dependent cards (trick-play
   and scoring cards) whose two orders occur in a reachable row (2 white then 2 black cards),
   compared under every combination of ``ops.winner-rule-order``, filter place, trigger and
   binding; kind ``rule-order`` when some reading with the late binding conflicts (witness:
   the trick at the table, multi-line), ``not-ambiguous`` when it commutes (proved) or the
   cards act at different stages (independent by structure). One item lists the pairs a row
   holds in one order only (white left of black), one summarises every triple.
2. **reading** (one per choice of specs/opsnorren/choices.toml, ``choice=<id>``): a
   concrete position where the options give different results; trick choices by Z3
   (smallest trick, fewest revealed rule cards), the two setup choices by construction.
3. **joker-interaction**: the monkey's pick when its own team takes the trick.

Every witness is replayed against engines as a test vector (``proofs.opsnorren.vectors``).
"""

from __future__ import annotations


from proofs.core import Ambiguity, fact_items
from proofs.opsnorren import diff as D
from proofs.opsnorren import scoring as SC
from proofs.opsnorren import spec as S
from proofs.opsnorren import sweep as W

GAME = "opsnorren"
WRO = "ops.winner-rule-order"
#: the part of the trick-resolution or scoring procedure each order-dependent card transforms
PART = {"two-wins": "the winner rule (a 2 wins)", "three-lowest": "the winner rule (with a 3, the lowest wins)",
        "colour-reversed": "the colour strength, which every rule reads when the trick is resolved",
        "equal-discarded": "the set-aside filter",
        "new-lead-colour": "the lead rule (legality only)",
        **{c: f"{part} at the end of the round" for c, part in SC.SCORING.items()}}


def sweep() -> dict:
    """The rule-order sweep (``proofs.opsnorren.sweep``)."""
    return W.sweep()


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


def _say(combo: dict) -> str:
    return f"{WRO}={combo[WRO]}, " + ", ".join(f"{k}={combo[k]}" for k in W.SWEEP_READINGS)


def _order_result(w: dict, k: int) -> str:
    """The outcome under the witness's ``k``-th row, one line from its rendering."""
    text = w["text"].split("\n")
    at = [i for i, line in enumerate(text) if line.startswith("Row ")]
    return text[at[k] + 1].strip()


def _pair_item(p: dict) -> Ambiguity:
    a, b = p["cards"]
    cid = [c for c in (a, b) if c in S.TRICK_PLAY or c in SC.SCORING]
    depends = list(S.clauses("OPS-RULES-LEFT-TO-RIGHT", "OPS-SETUP-RULE-ROW")) + [S.rule_clause(c) for c in cid]
    base = dict(id=f"ops.order.{a}+{b}", game=GAME, title=f"Does the row order of '{a}' and '{b}' matter?",
                lines=_lines("OPS-RULES-LEFT-TO-RIGHT", S.rule_clause(a), S.rule_clause(b)), depends=depends)
    rows = " and ".join(" | ".join(r) for r in p["rows"])
    if p["status"] == "independent":
        same = "the same trick and the same round score (the cards act at different stages)"
        return Ambiguity(**base, kind="not-ambiguous", status="independent",
                         readings={f"{a} left of {b}": same, f"{b} left of {a}": same},
                         detail=(f"Independent by structure: '{a}' changes {PART[a]}, '{b}' changes {PART[b]}; "
                                 "every trick of a round is resolved before the round is scored, so neither card "
                                 f"sees what the other changes. Rows compared: {rows}."))
    if p["kind"] == "scoring":
        same = "the same team totals and round winner for every pair of won piles (Z3: unsat)"
        if p["status"] == "conflict":
            text = W.render_scoring(p["witness"], p["orders"])
            return Ambiguity(**base, kind="rule-order", status="conflict",
                             readings={f"{a} left of {b}": text.split("\n")[-2], f"{b} left of {a}": text.split("\n")[-1]},
                             witness={"text": text}, detail=f"Rows compared: {rows}.")
        return Ambiguity(**base, kind="not-ambiguous", status="commutes",
                         readings={f"{a} left of {b}": same, f"{b} left of {a}": same},
                         detail=(f"Commutes (proved): '{a}' changes {PART[a]}, '{b}' changes {PART[b]}; "
                                 f"Z3 compared the rows {rows} over every assignment of the 47 cards to team A, "
                                 f"team B or nobody, and the crown team. Z3 time {p['seconds']:.2f} s."))
    res = p["results"]
    late = {k: r for k, r in res.items() if r["readings"]["binding"] == "late"}
    conflict = [k for k, r in late.items() if r["status"] == "conflict"]
    snap = [k for k, r in res.items() if r["readings"]["binding"] == "snapshot" and r["status"] == "conflict"]
    table = "; ".join(f"{k}: {r['status']}" + (f" ({r['players']} cards)" if r["players"] else "")
                      for k, r in res.items())
    ours = next(iter(res.values()))  # the combinations start with our reading
    if p["status"] == "conflict":
        w = p["main"]
        wit = {"text": w["text"], "readings": w["readings"], "reading": w["reading"], "trick": w["trick"],
               "rows": w["rows"], "per_reading": {k: r["status"] for k, r in res.items()}}
        readings = {f"{a} left of {b}": _order_result(w, 0), f"{b} left of {a}": _order_result(w, 1)}
        if ours["status"] == "conflict":
            what = ("The row order changes the trick under our reading: the rulebook should say which card has the "
                    f"last word (ours: {WRO}={S.default(WRO)}, the rightmost applicable rule decides). Suggested "
                    "sentence for line 55: 'Bepalen meerdere open regels wie de slag wint, dan beslist de regel die "
                    "het meest rechts ligt.'")
        else:
            what = (f"Under our reading ({_say(ours['readings'])}) the order does not matter; it does under "
                    f"{', '.join(conflict)}: {W.SAY[('filter_at', 'row')]}. Line 63 ('voordat je bepaalt wie de slag "
                    "wint') and line 55 ('van links naar rechts') pull apart here; we read line 63 as placing the "
                    "filter first.")
        return Ambiguity(**base, kind="rule-order", status="conflict", readings=readings, witness=wit,
                         detail=f"{what} Per reading ({WRO}/filter_at/trigger/binding): {table}. "
                                f"Z3 time {p['seconds']:.2f} s.")
    same = "the same outcome on every trick of 3-6 cards under every reading (Z3: unsat)"
    what = (f"Commutes (proved): '{a}' changes {PART[a]}, '{b}' changes {PART[b]}, and the result is the same in "
            f"both orders under every combination of {WRO}, filter place and trigger.")
    if snap:
        what += (" They would conflict only if a card kept the colour order in force when it was revealed "
                 "(binding 'snapshot'), which 'Vanaf nu' rules out.")
    return Ambiguity(**base, kind="not-ambiguous", status="commutes",
                     readings={f"{a} left of {b}": same, f"{b} left of {a}": same},
                     detail=f"{what} Rows compared: {rows}. Per reading: {table}. Z3 time {p['seconds']:.2f} s.")


def _fixed_item(sw: dict) -> Ambiguity:
    fixed = [p["cards"] for p in sw["pairs"] if p["status"] == "fixed-order"]
    return Ambiguity(
        id="ops.order.white-before-black", game=GAME, kind="not-ambiguous",
        title="Can a white scoring card and a black rule card lie open in either order?",
        lines=_lines("OPS-SETUP-RULE-ROW", "OPS-REVEAL-RULE", "OPS-RULES-LEFT-TO-RIGHT"),
        readings={"one order": "the white cards always lie left of the black ones (line 13), so each of these pairs "
                               "occurs in one order only: " + ", ".join("+".join(c) for c in fixed)},
        status="fixed-order", depends=list(S.clauses("OPS-SETUP-RULE-ROW", "OPS-REVEAL-RULE")),
        detail=f"{len(fixed)} pairs of order-dependent cards with one reachable order: nothing to compare.")


def _triples_item(sw: dict) -> Ambiguity:
    lines, bad = [], []
    for t in sw["triples"]:
        name = "+".join(t["cards"])
        if t["status"] in ("conflict", "commutes") and t.get("via"):
            lines.append(f"{name}: {t['status']} (as {'+'.join(t['via'])})")
        else:
            lines.append(f"{name}: {t['status']}")
        if t["status"] == "conflict" and not t.get("via"):
            bad.append(t["cards"])
    counts = {s: sum(1 for t in sw["triples"] if t["status"] == s)
              for s in ("conflict", "commutes", "independent", "unreachable")}
    return Ambiguity(
        id="ops.order.triples", game=GAME, kind="not-ambiguous" if not bad else "rule-order",
        title="Do three order-dependent rule cards in a row add order conflicts beyond the pairs?",
        lines=_lines("OPS-RULES-LEFT-TO-RIGHT", "OPS-SETUP-RULE-ROW"),
        readings={"every triple over reachable rows": "; ".join(lines)},
        status="conflict" if bad else "commutes", witness={"new_conflicts": bad},
        depends=list(S.clauses("OPS-RULES-LEFT-TO-RIGHT", "OPS-SETUP-RULE-ROW")),
        detail=(f"{len(sw['triples'])} triples: {counts}. A reachable row holds at most 2 cards of a pile, so three "
                "cards of one pile never lie open together (unreachable), and the two reachable orders of a triple "
                "swap two cards of one pile: the trick or scoring model reads the same rows as for that pair "
                f"('as'), or the swapped cards act at different stages (independent). New conflicts: {bad or 'none'}. "
                f"Whole sweep {sw['seconds']:.1f} s."))


# ------------------------------------------------------------------ readings of the choices
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
    items = [_pair_item(p) for p in sw["pairs"] if p["status"] != "fixed-order"]
    items += [_fixed_item(sw), _triples_item(sw)]
    rw = D.reading_witnesses()
    items += [_reading_item(cid, per) for cid, per in rw.items() if cid in S.spec().choices]
    items.append(_own_team_item(rw["own-team-pick"]))
    items += _setup_items()
    return items + fact_items(GAME, {a.id for a in items})
