"""The register of a game's open questions, as data: one entry per question, of four kinds.

- ``ambiguity``: one sentence (or two that meet) with two or more readings that change play;
- ``gap``: the text is silent about a situation that occurs, so a default is assumed;
- ``variant``: an option the rulebook itself offers (a config key or a table's choice);
- ``fact``: from outside the rulebook (component tables, another edition, other sources).

``settled`` entries look open but the text settles them: they are listed apart, as are the
alternatives of ``alternatives.toml`` the text excludes.

Entries come from ``choices.toml`` (readings engines declare: ``hello``, ``--choice``),
``register.toml`` and the assumed parameters of ``parameters.toml`` (``fact:<id>``, kind
``register_kind``). Every question has one id; older ids of a merged question stay valid
as ``aliases`` (:func:`resolve`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import specs

#: the ranked kinds (``rulecheck ambiguities`` ranks them by impact) and the kinds shown apart
RANKED = ("ambiguity", "gap")
APART = ("variant", "fact")
KINDS = RANKED + APART


@dataclass(frozen=True)
class Entry:
    """One question of the register."""

    id: str
    game: str
    kind: str  # ambiguity | gap | variant | fact | settled
    question: str
    lines: tuple[int, int]
    why: str
    readings: dict[str, str] = field(default_factory=dict)
    default: str | None = None
    found: str = ""
    clauses: tuple[str, ...] = ()
    also_lines: tuple[int, ...] = ()
    aliases: tuple[str, ...] = ()
    shown_by: tuple[str, ...] = ()
    choice: str | None = None  # engines declare this reading (choices.toml)
    config: str = ""  # a variant played by this new_game config key

    @property
    def cited_lines(self) -> tuple[int, ...]:
        a, b = self.lines
        return tuple(sorted({*range(a, b + 1), *self.also_lines}))


def _clause_lines(spec: specs.GameSpec, clause_ids) -> tuple[int, int]:
    ls = [spec.clauses[c].lines for c in clause_ids if c in spec.clauses]
    return (min(a for a, _ in ls), max(b for _, b in ls)) if ls else (0, 0)


def entries(game: str) -> list[Entry]:
    """Every question of ``game``'s register, settled ones included."""
    spec = specs.load(game)
    out = [Entry(id=ch.id, game=game, kind=ch.kind, question=ch.question, lines=ch.lines, why=ch.why,
                 readings=dict(ch.options), default=ch.default, found=ch.found, clauses=ch.clauses,
                 also_lines=ch.also_lines, aliases=ch.aliases, shown_by=ch.shown_by or (f"choice:{ch.id}",),
                 choice=ch.id)
           for ch in spec.choices.values()]
    out += [Entry(id=it.id, game=game, kind=it.kind, question=it.question, lines=it.lines, why=it.why,
                  readings=dict(it.readings), default=it.default, found=it.found, clauses=it.clauses,
                  also_lines=it.also_lines, aliases=it.aliases, shown_by=it.shown_by, config=it.config)
            for it in spec.register.values()]
    for p in spec.parameters.values():
        if p.provenance != "assumed":
            continue
        readings = dict(p.readings) or {"assumed": p.description}
        out.append(Entry(id=f"fact:{p.id}", game=game, kind=p.register_kind, question=p.question or p.description,
                         lines=_clause_lines(spec, p.clauses), why=p.why, readings=readings,
                         default=p.default if p.readings else "assumed",
                         found=p.found or "FACTS.md: no public source gives it", clauses=p.clauses,
                         shown_by=p.shown_by))
    return out


def by_id(game: str) -> dict[str, Entry]:
    """Id and every alias -> entry."""
    out = {}
    for e in entries(game):
        out[e.id] = e
        out.update({a: e for a in e.aliases})
    return out


def resolve(game: str, rid: str) -> Entry | None:
    """The entry an id or an older alias names (None when it names none)."""
    return by_id(game).get(rid)


def counts(games=specs.GAMES) -> dict[str, dict[str, int]]:
    """Entries per game and kind (settled included)."""
    return {g: {k: sum(1 for e in entries(g) if e.kind == k) for k in (*KINDS, "settled")} for g in games}


# ------------------------------------------------------------------ checks
_WORD = re.compile(r"[a-z0-9]+")
_STOP = frozenset("a an the of or and is are be to in on by it its does do may must what which when who with "
                  "that this for as at from one".split())


def normalized(text: str) -> frozenset[str]:
    """The content words of a text (lower case, stop words and quoted Dutch left in)."""
    return frozenset(w for w in _WORD.findall(text.lower()) if w not in _STOP)


def _similar(a: frozenset, b: frozenset) -> float:
    return len(a & b) / len(a | b) if a and b else 0.0


#: two questions whose content words overlap this much (Jaccard) ask the same thing
SAME_QUESTION = 0.8


def duplicates(items: list[Entry]) -> list[str]:
    """Pairs of entries that pose one question twice: the same normalized question text, or
    the same clauses, lines and normalized readings."""
    out = []
    for i, a in enumerate(items):
        for b in items[i + 1:]:
            if a.game != b.game or "settled" in (a.kind, b.kind):
                continue
            qa, qb = normalized(a.question), normalized(b.question)
            same_q = _similar(qa, qb) >= SAME_QUESTION
            ra = {normalized(t) for t in a.readings.values()}
            rb = {normalized(t) for t in b.readings.values()}
            same_r = len(ra) > 1 and ra == rb and set(a.clauses) == set(b.clauses)
            if same_q or same_r:
                out.append(f"{a.id} and {b.id} pose the same question"
                           + (f" ({_similar(qa, qb):.0%} of the question's words)" if same_q else " (same readings)"))
    return out


def problems(game: str) -> list[str]:
    """What keeps the register of ``game`` from being well formed."""
    spec = specs.load(game)
    n = len(spec.seed_lines())
    items = entries(game)
    out = duplicates(items)
    for e in items:
        where = f"{game} {e.id} ({e.kind})"
        if e.kind not in (*KINDS, "settled"):
            out.append(f"{where}: unknown kind")
        a, b = e.lines
        if not (1 <= a <= b <= n) or any(not 1 <= x <= n for x in e.also_lines):
            out.append(f"{where}: cites lines outside {spec.seed_file}")
        if not e.question.rstrip().endswith("?") and e.kind in RANKED:
            out.append(f"{where}: the question is not one question ending in '?'")
        if e.kind in RANKED:
            if len(e.readings) < 2 or e.default not in e.readings:
                out.append(f"{where}: needs two or more readings and the default among them")
            if not e.found:
                out.append(f"{where}: does not say how it was found")
            if not e.clauses:
                out.append(f"{where}: names no clause")
        if e.kind == "gap" and not e.shown_by:
            out.append(f"{where}: no scenario, theorem, vector or played choice shows what the default decides")
        if e.kind == "variant" and not (e.config or e.choice or e.id.startswith("fact:")):
            out.append(f"{where}: a variant names no config key or choice that plays it")
    return out


# ------------------------------------------------------------------ the alternatives pass
def decision_clauses(spec: specs.GameSpec) -> list[str]:
    """Clauses with a decision point of their own: normative rules that do not only restate
    or illustrate others (``exercised_with``)."""
    return [c.id for c in spec.clauses.values() if c.kind == "rule" and not c.exercised_with]


def _squash(text: str) -> str:
    return " ".join(text.lower().replace("’", "'").split())


def alternative_problems(game: str) -> list[str]:
    """Decision-point clauses without alternatives; an ``excluded`` quote that is not on the
    clause's (or its ``line``'s) seed text; an ``open`` alternative naming no register entry;
    an ambiguity or gap that no alternative raises (nothing shows the text leaves it open)."""
    spec = specs.load(game)
    seed = spec.seed_lines()
    reg = by_id(game)
    out = [f"{game} clause {c} has a decision point and no alternatives (alternatives.toml)"
           for c in decision_clauses(spec) if not spec.alternatives.get(c)]
    raised = set()
    for cid, alts in spec.alternatives.items():
        a, b = spec.clauses[cid].lines
        for alt in alts:
            if alt.excluded:
                lines = range(alt.line, alt.line + 1) if alt.line else range(a, b + 1)
                text = _squash(" ".join(seed[i - 1] for i in lines if 1 <= i <= len(seed)))
                if _squash(alt.excluded) not in text:
                    out.append(f"{game} {cid}: excluded by {alt.excluded!r}, which is not on line(s) "
                               f"{lines.start}-{lines.stop - 1}")
            if alt.open:
                e = reg.get(alt.open)
                if e is None:
                    out.append(f"{game} {cid}: alternative {alt.reading!r} raises {alt.open!r}, not on the register")
                elif e.kind == "settled":
                    out.append(f"{game} {cid}: alternative {alt.reading!r} is open, yet {e.id} is settled: "
                               "quote the words that exclude it")
                else:
                    raised.add(e.id)
    out += [f"{game} {e.id} ({e.kind}): no alternative in alternatives.toml raises it"
            for e in entries(game) if e.kind in RANKED and e.id not in raised]
    return out
