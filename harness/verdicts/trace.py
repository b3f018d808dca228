"""Traceability: rulebook sentence -> clauses -> scenarios, machine tests and proofs.

A sentence of the seed is *covered* when the quote of some clause overlaps it
(quotes are exact substrings of their cited lines). ``informative`` clauses cover
headings and prose without a rule; ``not-implemented`` clauses say why we skip a
rule. What no clause quotes is listed as uncovered.

Checks are found without running anything: scenario tags in ``features/<game>``,
``pytest.mark.clause(...)`` markers in the games' suite modules (``harness/games/<game>``), and clause ids named in
``proofs/<game>``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import specs
from harness import games

SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
CLAUSE_ID = re.compile(r"\b((?:" + "|".join(sorted(specs.CLAUSE_PREFIX.values())) + r")(?:-[A-Z0-9]+)+)\b")


@dataclass
class Sentence:
    line: int
    start: int
    end: int
    text: str
    clauses: list[str] = field(default_factory=list)


@dataclass
class Trace:
    game: str
    sentences: list[Sentence]
    checks: dict[str, list[str]]  # clause id -> scenario / test / proof names

    @property
    def uncovered(self) -> list[Sentence]:
        return [s for s in self.sentences if not s.clauses]

    def unchecked_rules(self) -> list[str]:
        spec = specs.load(self.game)
        return [
            c.id for c in spec.clauses.values()
            if c.normative and c.status == "implemented" and not self.checks.get(c.id)
        ]

    def to_json(self) -> dict:
        spec = specs.load(self.game)
        return {
            "game": self.game,
            "seed": spec.seed_file,
            "sentences": [
                {"line": s.line, "text": s.text, "clauses": s.clauses,
                 "kinds": sorted({spec.clauses[c].kind for c in s.clauses}),
                 "checks": sorted({x for c in s.clauses for x in self.checks.get(c, [])})}
                for s in self.sentences
            ],
            "uncovered": [{"line": s.line, "text": s.text} for s in self.uncovered],
            "unchecked_rules": self.unchecked_rules(),
            "not_implemented": [
                {"clause": c.id, "reason": c.reason} for c in spec.clauses.values() if c.status == "not-implemented"
            ],
            "totals": self.totals(),
        }

    def totals(self) -> dict[str, int]:
        spec = specs.load(self.game)
        kinds = {"rule": 0, "example": 0, "informative": 0}
        for s in self.sentences:
            for k in {spec.clauses[c].kind for c in s.clauses}:
                kinds[k] += 1
        checked = sum(1 for s in self.sentences if any(self.checks.get(c) for c in s.clauses))
        return {
            "sentences": len(self.sentences),
            "covered": len(self.sentences) - len(self.uncovered),
            "uncovered": len(self.uncovered),
            "checked": checked,
            "clauses": len(spec.clauses),
            "unchecked_rules": len(self.unchecked_rules()),
            **{f"{k}_sentences": v for k, v in kinds.items()},
        }


def split_sentences(line: str) -> list[tuple[int, int, str]]:
    out, pos = [], 0
    for piece in SENTENCE_END.split(line):
        start = line.index(piece, pos)
        end = start + len(piece)
        pos = end
        if piece.strip():
            out.append((start, end, piece))
    return out


def build(game: str) -> Trace:
    spec = specs.load(game)
    lines = spec.seed_lines()
    # character spans of every quote, located on the clause's lines
    spans: list[tuple[int, int, int, str]] = []  # (line, start, end, clause)
    for cl in spec.clauses.values():
        a, b = cl.lines
        for q in cl.quotes:
            for ln in range(a, min(b, len(lines)) + 1):
                text = lines[ln - 1]
                for part in q.split("\n"):
                    i = text.find(part) if part else -1
                    if i >= 0:
                        spans.append((ln, i, i + len(part), cl.id))
    sentences = []
    for ln, text in enumerate(lines, start=1):
        for start, end, piece in split_sentences(text):
            s = Sentence(ln, start, end, piece)
            for (l2, qs, qe, cid) in spans:
                if l2 == ln and qs < end and qe > start and cid not in s.clauses:
                    s.clauses.append(cid)
            sentences.append(s)
    return Trace(game, sentences, find_checks(game))


def find_checks(game: str) -> dict[str, list[str]]:
    """clause id -> names of scenarios, suite tests and proofs that check it."""
    checks: dict[str, list[str]] = {}
    feats = specs.FEATURES_DIR / game
    if feats.is_dir():
        for f in sorted(feats.glob("*.feature")):
            for name, tags in _scenario_tags(f):
                for t in tags:
                    if t.startswith("clause:"):
                        checks.setdefault(t[7:], []).append(f"scenario {f.stem}: {name}")
    proofs = specs.ROOT / "proofs" / game
    tests = [("test", py) for py in (games.get(game).suite_files() if game in games.names() else [])]
    for kind, py in tests + [("proof", py) for py in (sorted(proofs.glob("*.py")) if proofs.is_dir() else [])]:
        for cid in sorted(set(CLAUSE_ID.findall(py.read_text(encoding="utf-8")))):
            checks.setdefault(cid, []).append(f"{kind} {py.relative_to(specs.ROOT)}")
    return checks


def _scenario_tags(path: Path) -> list[tuple[str, list[str]]]:
    from pytest_bdd.parser import FeatureParser

    feature = FeatureParser(str(path.parent), path.name).parse()
    out = []
    for sc in feature.scenarios.values():
        tags = sorted(set(sc.tags) | set(feature.tags) | set(getattr(getattr(sc, "rule", None), "tags", ()) or ()))
        out.append((sc.name, tags))
    return out
