"""Render the register of open questions (``rulecheck ambiguities``) as Markdown or JSON.

The questions are ``specs.register`` entries (choices.toml, register.toml, assumed
parameters), of four kinds: ambiguities and gaps are ranked by their impact in play
(:mod:`harness.verdicts.impact`: the share of games whose result differs, then the share
with any transition difference); variants and facts are shown apart; settled questions
and the alternatives pass (``alternatives.toml``: what each decision-point clause was
checked against) follow.

The proofs (``proofs/<game>/ambiguities.py``: rule-order conflicts and readings with a
distinguishing position found by Z3) add their witnesses to the entry they ask about, by
id, older alias or choice; a proof item that asks nothing the register holds is ranked as
an ambiguity when it conflicts and settled when it commutes.
"""

from __future__ import annotations

import concurrent.futures as cf
import json
import multiprocessing

import specs
from harness.verdicts import impact as impact_mod
from proofs.core import Ambiguity, load_register
from specs import register as reg

#: the kinds of a register entry in the report: ranked, then shown apart
KINDS = reg.KINDS
TOP = 5
#: the status of an entry no proof speaks to, by kind
STATUS = {"ambiguity": "open", "gap": "assumed", "variant": "offered", "fact": "assumed"}


def proof_items(game: str) -> list[Ambiguity]:
    """The proofs' register items of ``game`` (Z3 witnesses, rule-order sweep)."""
    return [a for a in load_register(game) if a.id not in specs.load(game).register]


def register_items(game: str, proofs: list[Ambiguity] | None = None) -> tuple[list[dict], list[dict]]:
    """The entries of ``game`` with the proofs' evidence merged in: ``(open questions, settled)``."""
    spec = specs.load(game)
    names = reg.by_id(game)
    proofs = proof_items(game) if proofs is None else proofs
    evidence: dict[str, list[Ambiguity]] = {}
    extra, settled = [], []
    for a in proofs:
        e = names.get(a.id) or (names.get(a.choice) if a.choice else None)
        if e is not None:
            evidence.setdefault(e.id, []).append(a)
        elif a.kind in ("not-ambiguous",) or a.status in ("commutes", "independent", "same", "fixed-order"):
            settled.append({"id": a.id, "game": game, "title": a.title, "seed_lines": list(a.lines), "why": a.detail,
                            "found": "Z3 rule-order sweep" if a.id.startswith(f"{specs.CHOICE_PREFIX[game]}.order.")
                            else "proofs"})
        else:
            extra.append(a)
    out = []
    for e in reg.entries(game):
        if e.kind == "settled":
            settled.append({"id": e.id, "game": game, "title": e.question, "seed_lines": list(e.lines),
                            "why": e.why, "found": e.found, "aliases": list(e.aliases)})
            continue
        out.append(_entry(e, spec, evidence.get(e.id, [])))
    for a in extra:  # a conflict the sweep found that no entry asks about: an ambiguity until one does
        e = reg.Entry(id=a.id, game=game, kind="ambiguity", question=a.title, lines=a.lines, why=a.detail,
                      readings=dict(a.readings), default=a.default, found="Z3 search (proofs)",
                      clauses=tuple(a.depends))
        out.append(_entry(e, spec, [a]))
    return out, settled


def _entry(e: reg.Entry, spec, proofs: list[Ambiguity]) -> dict:
    main = next((a for a in proofs if a.id == e.id or (e.choice and a.choice == e.choice)), None)
    readings = dict(main.readings) if main and main.choice else dict(e.readings)
    if main and not main.choice and e.id.startswith("fact:"):
        readings = dict(main.readings)
    a, b = e.lines
    return {
        "id": e.id, "game": e.game, "kind": e.kind, "title": e.question, "question": e.question,
        "seed_lines": [a, b], "also_lines": list(e.also_lines),
        "seed_text": spec.seed_lines()[a - 1: b] if a else [], "readings": readings, "engine_reading": e.default,
        "why": e.why, "found": e.found, "choice": e.choice, "config": e.config or None, "aliases": list(e.aliases),
        "shown_by": list(e.shown_by), "status": main.status if main else STATUS[e.kind], "depends": list(e.clauses),
        "detail": main.detail if main and main.detail != e.why else "",
        "position_witness": main.witness if main else None,
        "evidence": [{"id": p.id, "status": p.status, "witness": p.witness, "detail": p.detail,
                      "readings": p.readings} for p in proofs if p is not main],
    }


def measure_all(games: list[str], n: int, seed: int) -> dict[tuple[str, str], dict]:
    """Impact of every choice of ``games`` (``(game, choice id) -> figures``)."""
    return {(g, cid): impact_mod.measure_choice(g, cid, n, seed) for g in games for cid in specs.load(g).choices}


def _impacts_and_registers(games: list[str], n: int, seed: int, parallel: bool = True):
    """Play while the register's proofs run: with ``parallel`` in a second process (the proofs
    of one game can take longer than all the games' play), else one after the other."""
    if n <= 0:
        return {}, {g: register_items(g) for g in games}
    if parallel:
        try:
            with cf.ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("fork")) as pool:
                fut = pool.submit(measure_all, games, n, seed)
                regs = {g: register_items(g) for g in games}
                return fut.result(), regs
        except (OSError, cf.process.BrokenProcessPool):  # no second process here: one after the other
            pass
    return measure_all(games, n, seed), {g: register_items(g) for g in games}


def alternatives_summary(game: str) -> dict:
    """The alternatives pass of ``game``: clauses checked, alternatives, how many the text excludes."""
    spec = specs.load(game)
    alts = [a for v in spec.alternatives.values() for a in v]
    return {"decision_clauses": len(reg.decision_clauses(spec)), "clauses_checked": len(spec.alternatives),
            "alternatives": len(alts), "excluded": sum(1 for a in alts if a.excluded),
            "open": sum(1 for a in alts if a.open), "no_effect": sum(1 for a in alts if a.no_effect),
            "per_clause": {cid: [{"reading": a.reading, "class": a.cls,
                                  **({"excluded": a.excluded, "line": a.line or spec.clauses[cid].lines[0]}
                                     if a.excluded else {}),
                                  **({"open": a.open} if a.open else {}),
                                  **({"no_effect": a.no_effect} if a.no_effect else {})} for a in v]
                           for cid, v in spec.alternatives.items()}}


def build(games: list[str], n: int = impact_mod.DEFAULT_GAMES, seed: int = impact_mod.DEFAULT_SEED,
          parallel: bool = True) -> dict:
    """The register as data: ambiguities and gaps ranked by impact (``items``), variants and
    facts apart (``apart``), counts by game and kind, the top five, settled questions, the
    alternatives pass."""
    games = [g for g in games if (specs.SPECS_DIR / g / "clauses.toml").exists()]
    impacts, regs = _impacts_and_registers(games, n, seed, parallel)
    items, apart, settled = [], [], []
    for g in games:
        found, done = regs[g]
        settled += done
        for it in found:
            it["impact"], it["witness"] = _impact(it, impacts, n)
            (items if it["kind"] in reg.RANKED else apart).append(it)
    items.sort(key=lambda it: (impact_mod.rank_key(it["impact"]), _tie(it)))
    for rank, it in enumerate(items, 1):
        it["rank"] = rank
    apart.sort(key=lambda it: (KINDS.index(it["kind"]), it["game"], it["id"]))
    every = items + apart
    counts = {g: {k: sum(1 for it in every if it["game"] == g and it["kind"] == k) for k in KINDS} for g in games}
    top = [{"id": it["id"], "game": it["game"], **{k: it["impact"][k] for k in (
        "games", "result_differs", "transition_differs", "shortest_witness")}}
           for it in items[:TOP] if it["impact"].get("measurable") and not it["impact"].get("no_effect")]
    return {"games_per_reading": n, "seed": seed, "kinds": list(KINDS), "ranked_kinds": list(reg.RANKED),
            "counts": counts, "top": top, "items": items, "apart": apart, "settled": settled,
            "alternatives": {g: alternatives_summary(g) for g in games}}


def _impact(it: dict, impacts: dict, n: int) -> tuple[dict, dict | None]:
    if it["choice"] and (it["game"], it["choice"]) in impacts:
        imp = dict(impacts[(it["game"], it["choice"])])
    elif it["choice"] and n <= 0:
        imp = impact_mod.not_measurable("not measured (--games 0)")
    else:
        imp = impact_mod.not_measurable()
    return imp, imp.pop("witness", None)


def _tie(it: dict) -> tuple:
    urgency = {"conflict": 0, "differs": 1, "open": 2, "unknown": 3, "assumed": 4}
    return (it["impact"].get("shortest_witness") is None, it["impact"].get("shortest_witness") or 0,
            urgency.get(it["status"], 5), KINDS.index(it["kind"]), it["game"], it["id"])


# ------------------------------------------------------------------ rendering
def render(games: list[str], fmt: str, n: int = impact_mod.DEFAULT_GAMES, seed: int = impact_mod.DEFAULT_SEED) -> str:
    data = build(games, n, seed)
    if fmt == "json":
        return json.dumps(data, indent=1, ensure_ascii=False)
    return markdown(data)


def _pct(x) -> str:
    return "-" if x is None else f"{100 * x:.0f}%"


def _impact_cell(imp: dict) -> str:
    if not imp.get("measurable"):
        return imp["reason"]
    return imp.get("flag", "") or (f"option `{imp['option']}`" + (f"; played with {', '.join(imp['variant'])}"
                                                                  if imp.get("variant") else ""))


def markdown(data: dict) -> str:
    n = data["games_per_reading"]
    out = ["# The register of open questions", "",
           "Four kinds: **ambiguity** (one sentence, two or more readings that change play), **gap** (the text is "
           "silent, a default is assumed), **variant** (an option the rulebook offers), **fact** (from outside the "
           "rulebook). Ambiguities and gaps are ranked by impact; variants and facts are shown apart.", "",
           f"Impact: {n} seeded random games per other reading (seed {data['seed']}), played in lockstep with "
           "the engine's reading from a new game; 'result differs' is the share of games whose final result "
           "changes, 'transition differs' the share in which any legal set, chance event or successor differs.",
           "", "## Ambiguities and gaps, ranked by impact", "",
           "| # | item | game | kind | result differs | transition differs | shortest divergence (plies) | note |",
           "|---|---|---|---|---|---|---|---|"]
    for it in data["items"]:
        imp = it["impact"]
        short = "-" if imp.get("shortest_witness") is None else str(imp["shortest_witness"])
        out.append(f"| {it['rank']} | `{it['id']}` | {it['game']} | {it['kind']} | {_pct(imp.get('result_differs'))} "
                   f"| {_pct(imp.get('transition_differs'))} | {short} | {_impact_cell(imp)} |")
    out += ["", "## Variants and facts (not ranked)", "", "| item | game | kind | question |", "|---|---|---|---|"]
    out += [f"| `{it['id']}` | {it['game']} | {it['kind']} | {it['title']} |" for it in data["apart"]]
    out += ["", "## Totals", "", "| game | " + " | ".join(data["kinds"]) + " | settled | clauses checked "
            "| alternatives (excluded / open / no effect) |", "|---|" + "---|" * (len(data["kinds"]) + 3)]
    for g, c in data["counts"].items():
        alt = data["alternatives"][g]
        n_settled = sum(1 for s in data["settled"] if s["game"] == g)
        out.append(f"| {g} | " + " | ".join(str(c[k]) for k in data["kinds"])
                   + f" | {n_settled} | {alt['clauses_checked']}/{alt['decision_clauses']} | {alt['alternatives']} "
                     f"({alt['excluded']} / {alt['open']} / {alt['no_effect']}) |")
    out.append("")
    for g in data["counts"]:
        spec = specs.load(g)
        out += [f"## {g} ({spec.seed_file})", ""]
        for it in (i for i in data["items"] if i["game"] == g):
            out += _item_md(it)
        for kind in ("variant", "fact"):
            apart = [i for i in data["apart"] if i["game"] == g and i["kind"] == kind]
            if apart:
                out += [f"### {kind.capitalize()}s", ""]
                for it in apart:
                    out += _item_md(it)
        settled = [s for s in data["settled"] if s["game"] == g]
        if settled:
            out += ["### Settled by the text (not ambiguous)", ""]
            out += [f"- `{s['id']}` (lines {s['seed_lines'][0]}-{s['seed_lines'][1]}): {s['title']} {s['why']}"
                    for s in settled]
            out.append("")
        out += _alternatives_md(data["alternatives"][g])
    return "\n".join(out)


def _alternatives_md(alt: dict) -> list[str]:
    out = ["### Alternatives checked per clause", "",
           f"{alt['clauses_checked']} of {alt['decision_clauses']} clauses with a decision point, "
           f"{alt['alternatives']} alternative readings: {alt['excluded']} excluded by the text, {alt['open']} "
           f"left open (a register question), {alt['no_effect']} not excluded but changing no play.", ""]
    for cid, alts in alt["per_clause"].items():
        parts = []
        for a in alts:
            if "excluded" in a:
                parts.append(f"{a['reading']} [{a['class']}]: excluded, line {a['line']} \"{a['excluded']}\"")
            elif "open" in a:
                parts.append(f"{a['reading']} [{a['class']}]: not excluded -> `{a['open']}`")
            else:
                parts.append(f"{a['reading']} [{a['class']}]: not excluded, no effect ({a['no_effect']})")
        out.append(f"- {cid}: " + "; ".join(parts))
    out.append("")
    return out


def _item_md(it: dict) -> list[str]:
    a, b = it["seed_lines"]
    lines = (f"lines {a}-{b}" if a else "no seed line") + (
        f" (also {', '.join(map(str, it['also_lines']))})" if it["also_lines"] else "")
    head = f"{it['rank']}. " if "rank" in it else ""
    out = [f"#### {head}{it['id']}: {it['title']}", f"- kind: {it['kind']}; status: **{it['status']}**; {lines}"]
    if it["aliases"]:
        out.append(f"- also known as: {', '.join(f'`{x}`' for x in it['aliases'])}")
    for r, text in it["readings"].items():
        mark = " (default)" if it["engine_reading"] == r else ""
        out.append(f"- reading `{r}`{mark}: {text}")
    if it["why"]:
        out.append(f"- why the default: {it['why']}")
    if it["found"]:
        out.append(f"- found by: {it['found']}")
    if it["choice"]:
        out.append(f"- engines declare: `{it['choice']}`")
    if it["config"]:
        out.append(f"- config key: `{it['config']}`")
    if it["depends"]:
        out.append(f"- clauses: {', '.join(it['depends'])}")
    if it["shown_by"]:
        out.append(f"- the default is shown by: {', '.join(it['shown_by'])}")
    imp = it["impact"]
    if imp.get("measurable"):
        per = "; ".join(f"`{o}`: result {_pct(f['result_differs'])}, transition {_pct(f['transition_differs'])}"
                        for o, f in imp["per_option"].items())
        out.append(f"- impact ({imp['games']} games per reading): {per}" + (f" — **{imp['flag']}**"
                                                                             if imp.get("flag") else ""))
    else:
        out.append(f"- impact: {imp['reason']}")
    w = it["witness"]
    if w:
        out.append(f"- shortest divergence: {w['plies']} plies ({w['steps']} step{'s' if w['steps'] != 1 else ''}) "
                   f"from a new game, config `{json.dumps(w['config'], sort_keys=True)}`, seed {w['seed']}: "
                   f"{w['what']} differs" + (f" at `{w['action_text']}`" if w.get("action_text") else ""))
        if w["position"]:
            out.append(f"  - position: {w['position']}")
        for side in ("default", "other"):
            (cid, opt), = w["choices"][side].items()
            out.append(f"  - `{opt}`: {w['readings'][side]}")
        if w["path"]:
            out.append("  <details><summary>path</summary>\n\n  " + "; ".join(
                f"{i}. {s}" for i, s in enumerate(w["path"], 1)) + "\n\n  </details>")
    for name, pw in [(None, it["position_witness"])] + [(ev["id"], ev["witness"]) for ev in it["evidence"]]:
        label = f"position witness ({name})" if name else "position witness"
        if isinstance(pw, dict) and pw.get("text"):
            out += [f"- {label}:", "", "  ```"] + [f"  {line}" for line in pw["text"].splitlines()] + ["  ```"]
        elif pw is not None:
            out.append(f"- {label}: `" + json.dumps(pw, ensure_ascii=False, sort_keys=True)[:600] + "`")
    if it["detail"]:
        out.append(f"- note: {it['detail']}")
    out.append("")
    return out
