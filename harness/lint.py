"""Lint of the Gherkin suite: the traps of TOOLING.md that make a broken scenario pass silently.

- two scenarios with one name in a feature (pytest-bdd keeps one, silently);
- a scenario with no steps, or with description text (a misspelled first keyword
  turns the step into description: the scenario runs without it and passes);
- a step matched by no step definition, or by more than one (one is picked silently);
- a ``*`` step (breaks collection of the whole module);
- a scenario without a ``@clause:<id>`` tag naming a clause of its game, a ``@choice`` tag
  naming an unknown choice or option, or any other tag;
- a ``Rule:`` block without a description (the Dutch quote goes there).
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass
from pathlib import Path

import specs

TYPE_OF = {"Context": "given", "Action": "when", "Outcome": "then"}


@dataclass
class Problem:
    file: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.message}"


def step_parsers(game: str) -> list[tuple[str, object, str]]:
    """(type, parser, where) for every step definition of the game (``harness.games.<game>.steps``)."""
    from pytest_bdd.steps import step_function_context_registry

    from harness import games

    modname = games.get(game).steps
    importlib.import_module(modname)
    out = []
    for ctx in list(step_function_context_registry.values()):
        fn = ctx.step_func
        if fn.__module__ == modname or fn.__module__.startswith(modname + "."):
            out.append((ctx.type, ctx.parser, f"{fn.__module__}:{fn.__code__.co_firstlineno}"))
    return out


def lint_game(game: str) -> list[Problem]:
    from gherkin.parser import Parser

    spec = specs.load(game)
    feats_dir = specs.FEATURES_DIR / game
    problems: list[Problem] = []
    if not feats_dir.is_dir():
        return [Problem(str(feats_dir), 0, "no features directory")]
    try:
        parsers = step_parsers(game)
    except ImportError as exc:
        return [Problem(f"harness/games/{game}/steps", 0, f"cannot import step definitions: {exc}")]
    files = sorted(feats_dir.glob("*.feature"))
    if not files:
        problems.append(Problem(str(feats_dir), 0, "no .feature files"))
    for path in files:
        rel = str(path.relative_to(specs.FEATURES_DIR.parent))
        try:
            doc = Parser().parse(path.read_text(encoding="utf-8"))
        except Exception as exc:  # gherkin raises CompositeParserException and friends
            problems.append(Problem(rel, 0, f"does not parse: {exc}"))
            continue
        feature = doc.get("feature")
        if not feature:
            problems.append(Problem(rel, 0, "no Feature"))
            continue
        seen: dict[str, int] = {}
        ftags = [t["name"] for t in feature.get("tags", [])]
        for child, rule, background in _scenarios(feature):
            if child is None:
                continue
            sc = child
            line = sc["location"]["line"]
            if sc["name"] in seen:
                problems.append(Problem(rel, line, f"scenario name {sc['name']!r} already used at line {seen[sc['name']]} "
                                        "(pytest-bdd would silently drop one)"))
            seen.setdefault(sc["name"], line)
            if sc.get("description", "").strip():
                problems.append(Problem(rel, line, f"scenario {sc['name']!r} has description text "
                                        f"{sc['description'].strip()[:60]!r}: a misspelled step keyword?"))
            if not sc.get("steps"):
                problems.append(Problem(rel, line, f"scenario {sc['name']!r} has no steps"))
            tags = ftags + [t["name"] for t in (rule or {}).get("tags", [])] + [t["name"] for t in sc.get("tags", [])]
            for ex in sc.get("examples", []):
                tags += [t["name"] for t in ex.get("tags", [])]
            problems += _check_tags(rel, line, sc["name"], tags, spec)
            if rule is not None and not rule.get("description", "").strip():
                problems.append(Problem(rel, rule["location"]["line"], f"Rule {rule['name']!r} has no description "
                                        "(quote the Dutch rulebook text there)"))
            rows = _example_rows(sc)
            steps = list(background) + list(sc.get("steps", []))
            prev = None
            for st in steps:
                kt = st.get("keywordType")
                if kt == "Unknown" or st["keyword"].strip() == "*":
                    problems.append(Problem(rel, st["location"]["line"], "'*' steps break collection: use Given/When/Then/And"))
                    continue
                typ = TYPE_OF.get(kt, prev)
                prev = typ
                for row in rows:
                    text = st["text"]
                    for k, v in row.items():
                        text = text.replace(f"<{k}>", v)
                    matches = [where for (t, p, where) in parsers if (t is None or t == typ) and p.is_matching(text)]
                    if not matches:
                        problems.append(Problem(rel, st["location"]["line"], f"no step definition matches {typ} {text!r}"))
                    elif len(matches) > 1:
                        problems.append(Problem(rel, st["location"]["line"],
                                                f"{len(matches)} step definitions match {typ} {text!r}: {matches}"))
    return problems


def _scenarios(feature: dict):
    """(scenario, rule or None, background steps) for every scenario of a feature."""
    fbg: list = []
    for ch in feature.get("children", []):
        if "background" in ch:
            fbg = ch["background"].get("steps", [])
    for ch in feature.get("children", []):
        if "scenario" in ch:
            yield ch["scenario"], None, fbg
        elif "rule" in ch:
            rule = ch["rule"]
            rbg = list(fbg)
            for rc in rule.get("children", []):
                if "background" in rc:
                    rbg = rbg + rc["background"].get("steps", [])
            for rc in rule.get("children", []):
                if "scenario" in rc:
                    yield rc["scenario"], rule, rbg


def _example_rows(sc: dict) -> list[dict[str, str]]:
    rows = []
    for ex in sc.get("examples", []):
        head = [c["value"] for c in (ex.get("tableHeader") or {}).get("cells", [])]
        for body in ex.get("tableBody", []):
            rows.append(dict(zip(head, [c["value"] for c in body["cells"]])))
    return rows or [{}]


CHOICE_TAG = re.compile(r"^@choice:([a-z]+\.[a-z0-9-]+)=([A-Za-z0-9_.-]+)$")


def _check_tags(rel: str, line: int, name: str, tags: list[str], spec) -> list[Problem]:
    out = []
    clauses = [t[len("@clause:"):] for t in tags if t.startswith("@clause:")]
    if not clauses:
        out.append(Problem(rel, line, f"scenario {name!r} has no @clause:<id> tag"))
    for c in clauses:
        if c not in spec.clauses:
            out.append(Problem(rel, line, f"scenario {name!r}: @clause:{c} is not a clause of {spec.game}"))
    for t in tags:
        if t.startswith("@clause:"):
            continue
        m = CHOICE_TAG.match(t)
        if m:
            cid, opt = m.groups()
            if cid not in spec.choices:
                out.append(Problem(rel, line, f"scenario {name!r}: unknown choice {cid}"))
            elif opt not in spec.choices[cid].options:
                out.append(Problem(rel, line, f"scenario {name!r}: choice {cid} has no option {opt!r}"))
            continue
        out.append(Problem(rel, line, f"scenario {name!r}: unknown tag {t} (use @clause:<id> or @choice:<id>=<option>)"))
    return out


def count_scenarios(game: str) -> int:
    """Scenarios as pytest-bdd runs them (each Examples row is one)."""
    from gherkin.parser import Parser

    n = 0
    for path in sorted((specs.FEATURES_DIR / game).glob("*.feature")):
        feature = Parser().parse(path.read_text(encoding="utf-8")).get("feature") or {}
        for sc, _, _ in _scenarios(feature):
            n += len(_example_rows(sc))
    return n


def games_with_features() -> list[str]:
    return [g for g in specs.GAMES if (specs.FEATURES_DIR / g).is_dir()]


