"""Render the ambiguity register (``rulecheck ambiguities``) as Markdown or JSON, ranked by impact.

Sources, per game:
1. the register of ``proofs/<game>/ambiguities.py`` (rule-order conflicts and readings with
   a distinguishing position found by Z3) and of ``specs/<game>/register.toml`` (silent
   defaults; ``not-ambiguous`` items are listed apart as settled), via ``load_register``;
2. every choice in ``specs/<game>/choices.toml`` the register does not already carry;
3. every ``assumed`` parameter: facts the text never gives (``fact:<id>``).

Each item gets one of four kinds (:data:`KINDS`) and its impact in play
(:mod:`harness.verdicts.impact`, issue 11 part 2): items are ranked by the share of games whose
result differs, then the share with any transition difference.
"""

from __future__ import annotations

import concurrent.futures as cf
import json
import multiprocessing

import specs
from harness.verdicts import impact as impact_mod
from proofs.core import Ambiguity, load_register

#: the kinds of a register item in the report
KINDS = ("choice", "silent-default", "fact", "rule-order")
#: register kinds -> report kinds. A joker interaction is a question the engine settles
#: without a declared choice (a silent default); ``not-ambiguous`` items are settled, not ranked
KIND_OF = {"reading": "choice", "choice": "choice", "joker-interaction": "silent-default",
           "silent-default": "silent-default", "fact": "fact", "rule-order": "rule-order"}
SETTLED = ("not-ambiguous",)
TOP = 5


def register_items(game: str) -> list[Ambiguity]:
    """The register of ``game``: proofs and register.toml items, then choices and assumed facts they lack."""
    spec = specs.load(game)
    found = load_register(game)
    have_choice = {a.choice for a in found if a.choice}
    have_id = {a.id for a in found}
    out = list(found)
    for ch in spec.choices.values():
        if ch.id in have_choice or ch.id in have_id:
            continue
        out.append(Ambiguity(
            id=ch.id, game=game, kind="reading", title=ch.question, lines=ch.lines, readings=dict(ch.options),
            status="differs" if len(ch.options) > 1 else "same", default=ch.default, choice=ch.id,
            depends=list(ch.clauses), detail=ch.why,
        ))
    for p in spec.parameters.values():
        if p.provenance != "assumed" or f"fact:{p.id}" in have_id:
            continue
        lines = spec.clauses[p.clauses[0]].lines if p.clauses and p.clauses[0] in spec.clauses else (0, 0)
        out.append(Ambiguity(
            id=f"fact:{p.id}", game=game, kind="fact", title=p.description, lines=lines,
            readings={"assumed": _short(p.value)}, status="assumed", default="assumed", depends=list(p.clauses),
            detail=p.why,
        ))
    return out


def _short(value) -> str:
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    return text if len(text) <= 160 else text[:157] + "..."


def measure_all(games: list[str], n: int, seed: int) -> dict[tuple[str, str], dict]:
    """Impact of every choice of ``games`` (``(game, choice id) -> figures``)."""
    return {(g, cid): impact_mod.measure_choice(g, cid, n, seed) for g in games for cid in specs.load(g).choices}


def _impacts_and_registers(games: list[str], n: int, seed: int, parallel: bool = True):
    """Play while the register's proofs run: with ``parallel`` in a second process (the proofs
    of Opsnorren take longer than all the games), else one after the other."""
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


def build(games: list[str], n: int = impact_mod.DEFAULT_GAMES, seed: int = impact_mod.DEFAULT_SEED,
          parallel: bool = True) -> dict:
    """The register as data: items ranked by impact, counts by game and kind, the top five, settled items."""
    games = [g for g in games if (specs.SPECS_DIR / g / "clauses.toml").exists()]
    impacts, regs = _impacts_and_registers(games, n, seed, parallel)
    items, settled = [], []
    for g in games:
        spec = specs.load(g)
        for a in regs[g]:
            if a.kind in SETTLED:
                settled.append({"id": a.id, "game": g, "title": a.title, "seed_lines": list(a.lines),
                                "why": a.detail})
                continue
            items.append(_item(a, spec, impacts, n))
    items.sort(key=lambda it: (impact_mod.rank_key(it["impact"]), _tie(it)))
    for rank, it in enumerate(items, 1):
        it["rank"] = rank
    counts = {g: {k: sum(1 for it in items if it["game"] == g and it["kind"] == k) for k in KINDS} for g in games}
    top = [{"id": it["id"], "game": it["game"], **{k: it["impact"][k] for k in (
        "games", "result_differs", "transition_differs", "shortest_witness")}}
           for it in items[:TOP] if it["impact"].get("measurable") and not it["impact"].get("no_effect")]
    return {"games_per_reading": n, "seed": seed, "kinds": list(KINDS), "counts": counts, "top": top,
            "items": items, "settled": settled}


def _tie(it: dict) -> tuple:
    urgency = {"conflict": 0, "differs": 1, "unknown": 2, "assumed": 3}
    return (it["impact"].get("shortest_witness") is None, it["impact"].get("shortest_witness") or 0,
            urgency.get(it["status"], 5), KINDS.index(it["kind"]), it["game"], it["id"])


def _item(a: Ambiguity, spec, impacts: dict, n: int) -> dict:
    kind = KIND_OF.get(a.kind, "silent-default")
    if a.choice and (a.game, a.choice) in impacts:
        imp = dict(impacts[(a.game, a.choice)])
    elif a.choice and n <= 0:
        imp = impact_mod.not_measurable("not measured (--games 0)")
    else:
        imp = impact_mod.not_measurable()
    play_witness = imp.pop("witness", None)
    seed_text = spec.seed_lines()[a.lines[0] - 1: a.lines[1]] if a.lines[0] else []
    return {
        "id": a.id, "game": a.game, "kind": kind, "register_kind": a.kind, "title": a.title,
        "seed_lines": list(a.lines), "seed_text": seed_text, "readings": a.readings,
        "engine_reading": a.default, "choice": a.choice, "status": a.status, "depends": a.depends,
        "detail": a.detail, "impact": imp, "witness": play_witness, "position_witness": a.witness,
    }


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
    out = ["# Ambiguity register", "",
           f"Impact: {n} seeded random games per other reading (seed {data['seed']}), played in lockstep with "
           "the engine's reading from a new game; 'result differs' is the share of games whose final result "
           "changes, 'transition differs' the share in which any legal set, chance event or successor differs.",
           "", "## Ranked by impact", "",
           "| # | item | game | kind | result differs | transition differs | shortest divergence (plies) | note |",
           "|---|---|---|---|---|---|---|---|"]
    for it in data["items"]:
        imp = it["impact"]
        short = "-" if imp.get("shortest_witness") is None else str(imp["shortest_witness"])
        out.append(f"| {it['rank']} | `{it['id']}` | {it['game']} | {it['kind']} | {_pct(imp.get('result_differs'))} "
                   f"| {_pct(imp.get('transition_differs'))} | {short} | {_impact_cell(imp)} |")
    out += ["", "## Totals", "", "| game | " + " | ".join(data["kinds"]) + " |",
            "|---|" + "---|" * len(data["kinds"])]
    for g, c in data["counts"].items():
        out.append(f"| {g} | " + " | ".join(str(c[k]) for k in data["kinds"]) + " |")
    out.append("")
    for g in data["counts"]:
        spec = specs.load(g)
        out += [f"## {g} ({spec.seed_file})", ""]
        for it in (i for i in data["items"] if i["game"] == g):
            out += _item_md(it)
        settled = [s for s in data["settled"] if s["game"] == g]
        if settled:
            out += ["### Settled by the text (not ambiguous)", ""]
            out += [f"- `{s['id']}` (lines {s['seed_lines'][0]}-{s['seed_lines'][1]}): {s['title']} {s['why']}"
                    for s in settled]
            out.append("")
    return "\n".join(out)


def _item_md(it: dict) -> list[str]:
    a, b = it["seed_lines"]
    out = [f"### {it['rank']}. {it['id']}: {it['title']}",
           f"- kind: {it['kind']}; status: **{it['status']}**; " + (f"lines {a}-{b}" if a else "no seed line")]
    for r, text in it["readings"].items():
        mark = " (engine's reading)" if it["engine_reading"] == r else ""
        out.append(f"- reading `{r}`{mark}: {text}")
    if it["choice"]:
        out.append(f"- engines declare: `{it['choice']}`")
    if it["depends"]:
        out.append(f"- clauses: {', '.join(it['depends'])}")
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
        out.append(f"- shortest divergence: {w['plies']} plies ({w['steps']} step{'s' if w['steps'] != 1 else ''}) from a new game, config "
                   f"`{json.dumps(w['config'], sort_keys=True)}`, seed {w['seed']}: {w['what']} differs"
                   + (f" at `{w['action_text']}`" if w.get("action_text") else ""))
        if w["position"]:
            out.append(f"  - position: {w['position']}")
        for side in ("default", "other"):
            (cid, opt), = w["choices"][side].items()
            out.append(f"  - `{opt}`: {w['readings'][side]}")
        if w["path"]:
            out.append("  <details><summary>path</summary>\n\n  " + "; ".join(
                f"{i}. {s}" for i, s in enumerate(w["path"], 1)) + "\n\n  </details>")
    if isinstance(it["position_witness"], dict) and it["position_witness"].get("text"):
        out += ["- position witness:", "", "  ```"] + [f"  {line}" for line in
                                                      it["position_witness"]["text"].splitlines()] + ["  ```"]
    elif it["position_witness"] is not None:
        out.append("- position witness: `" + json.dumps(it["position_witness"], ensure_ascii=False,
                                                        sort_keys=True)[:600] + "`")
    if it["detail"]:
        out.append(f"- note: {it['detail']}")
    out.append("")
    return out
