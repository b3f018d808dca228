"""Render the ambiguity register (``rulecheck ambiguities``) as Markdown or JSON.

Three sources, per game:
1. rule-ordering and joker-interaction conflicts found by Z3 (``proofs/<game>/ambiguities.py``);
2. every choice in ``specs/<game>/choices.toml``: readings the text allows, with a
   distinguishing position where a proof module or a test vector supplies one;
3. every ``assumed`` parameter: facts the text never gives, and what depends on them.
"""

from __future__ import annotations

import json

import specs
from proofs.core import Ambiguity, load_register


def items_for(game: str) -> list[Ambiguity]:
    spec = specs.load(game)
    found = load_register(game)
    have_choice = {a.choice for a in found if a.choice}
    have_fact = {a.id for a in found if a.kind == "fact"}
    out = list(found)
    for ch in spec.choices.values():
        if ch.id in have_choice:
            continue
        out.append(Ambiguity(
            id=ch.id, game=game, kind="reading", title=ch.question, lines=ch.lines, readings=dict(ch.options),
            status="differs" if len(ch.options) > 1 else "same", default=ch.default, choice=ch.id,
            depends=list(ch.clauses), detail=ch.why,
        ))
    for p in spec.parameters.values():
        if p.provenance != "assumed" or f"fact:{p.id}" in have_fact:
            continue
        lines = spec.clauses[p.clauses[0]].lines if p.clauses and p.clauses[0] in spec.clauses else (0, 0)
        out.append(Ambiguity(
            id=f"fact:{p.id}", game=game, kind="fact", title=p.description, lines=lines,
            readings={"assumed": _short(p.value)}, status="assumed", depends=list(p.clauses), detail=p.why,
        ))
    order = {"rule-order": 0, "joker-interaction": 1, "reading": 2, "fact": 3}
    urgency = {"conflict": 0, "differs": 1, "unknown": 2, "assumed": 3}  # what an editor must act on first
    return sorted(out, key=lambda a: (order.get(a.kind, 9), urgency.get(a.status, 5), a.id))


def _short(value) -> str:
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    return text if len(text) <= 160 else text[:157] + "..."


def render(games: list[str], fmt: str) -> str:
    data = {g: [a.to_json() for a in items_for(g)] for g in games if (specs.SPECS_DIR / g / "clauses.toml").exists()}
    if fmt == "json":
        return json.dumps(data, indent=1, ensure_ascii=False)
    out = ["# Ambiguity register", ""]
    for g, items in data.items():
        spec = specs.load(g)
        counts: dict[str, int] = {}
        for a in items:
            counts[f"{a['kind']}/{a['status']}"] = counts.get(f"{a['kind']}/{a['status']}", 0) + 1
        out += [f"## {g} ({spec.seed_file})", "", "Totals: " + ", ".join(f"{k}: {v}" for k, v in sorted(counts.items())), ""]
        for a in items:
            lines = f"lines {a['lines'][0]}-{a['lines'][1]}" if a["lines"][0] else "no seed line"
            out.append(f"### {a['id']}: {a['title']}")
            out.append(f"- kind: {a['kind']}; status: **{a['status']}**; {lines}")
            for r, text in a["readings"].items():
                mark = " (default)" if a["default"] == r else ""
                out.append(f"- reading `{r}`{mark}: {text}")
            if a["choice"]:
                out.append(f"- engines declare: `{a['choice']}`")
            if a["depends"]:
                out.append(f"- clauses: {', '.join(a['depends'])}")
            if a["witness"] is not None:
                out.append("- witness: `" + json.dumps(a["witness"], ensure_ascii=False, sort_keys=True) + "`")
            if a["detail"]:
                out.append(f"- note: {a['detail']}")
            out.append("")
    return "\n".join(out)
