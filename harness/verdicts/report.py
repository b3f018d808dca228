"""Reports of a check run: JSON for tools, JUnit XML for CI, one static HTML page for people.

Every writer goes through ``write_atomic``: a crash or Ctrl-C never leaves half a report.
The HTML page has the clause-by-verdict table, each clause linked to its rulebook lines
(the rulebook text is on the same page with one anchor per line), and each failure
with its message (the shrunk program, the witness, the diff).
"""

from __future__ import annotations

import json
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import specs
from harness.verdicts.check import SuiteResult
from harness.files import write_atomic
from harness import sanitize

COLOURS = {
    "pass": "#1a7f37",
    "fail": "#cf222e",
    "unexpected-pass": "#cf222e",
    "affected": "#bc4c00",
    "inconclusive": "#8250df",
    "expected-fail": "#9a6700",
    "not-applicable": "#0969da",
    "not-covered": "#8250df",
    "not-implemented": "#57606a",
}


class ExpectationsError(ValueError):
    """The --expect file is malformed."""


def load_expectations(path: str | Path) -> dict[str, str]:
    """Known deviations of an engine: ``{clause id: reason}``.

    TOML (``[[deviation]] clause = "<clause id>" reason = "..."``) or JSON
    (``{"deviations": [{"clause": ..., "reason": ...}]}``).
    """
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise ExpectationsError(f"cannot read expectations file {p}: {exc.strerror}") from exc
    try:
        data = json.loads(text) if p.suffix == ".json" else tomllib.loads(text)
    except (json.JSONDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ExpectationsError(f"{p}: not valid {'JSON' if p.suffix == '.json' else 'TOML'}: {exc}") from exc
    items = data.get("deviation", data.get("deviations"))
    if not isinstance(items, list):
        raise ExpectationsError(f"{p}: expected a list of deviations ([[deviation]] tables with clause and reason)")
    out = {}
    for i, it in enumerate(items):
        if not isinstance(it, dict) or not isinstance(it.get("clause"), str) or not str(it.get("reason", "")).strip():
            raise ExpectationsError(f"{p}: deviation {i + 1} needs a 'clause' id and a non-empty 'reason'")
        game = specs.game_of_clause(it["clause"])
        if game is None or it["clause"] not in specs.load(game).clauses:
            raise ExpectationsError(f"{p}: deviation {i + 1} names unknown clause {it['clause']!r}")
        out[it["clause"]] = it["reason"].strip()
    return out


def safe_text(text: str) -> str:
    """A whole XML or HTML document made safe (``harness.sanitize.xml``): every character
    XML 1.0 cannot hold, and every bidi control, becomes a visible escape such as ``\\x1b``."""
    return sanitize.xml(text)


def run_problem(result: SuiteResult) -> str | None:
    """Why the run is partial (interrupted, or its time budget used up), or None."""
    why = []
    if getattr(result, "interrupted", None):
        why.append(f"INTERRUPTED ({result.interrupted}): the verdicts are of a partial run")
    if getattr(result, "not_run", 0):
        why.append(f"{result.not_run} test(s) not run: the run's time budget was used up")
    return "; ".join(why) or None


def junit_xml(result: SuiteResult) -> str:
    """One <testsuite> per game, one <testcase> per clause (plus ``rulecheck.run`` with an
    error when the run was interrupted or ran out of time). Engine text is made XML-valid."""
    suites = ET.Element("testsuites", name="rulecheck", tests=str(len(result.verdicts)))
    problem = run_problem(result)
    if problem:
        run = ET.SubElement(suites, "testsuite", name="rulecheck.run", tests="1", failures="0", skipped="0",
                            errors="1")
        ET.SubElement(ET.SubElement(run, "testcase", classname="rulecheck.run", name="complete run"), "error",
                      type="interrupted" if getattr(result, "interrupted", None) else "budget",
                      message=problem).text = "\n".join(e["message"] for e in result.errors)
    causes = getattr(result, "root_causes", None) or []
    if causes:  # first: one failing case per root cause, its line as the message
        from harness.verdicts.terminal import root_cause_line

        rcs = ET.SubElement(suites, "testsuite", name="rulecheck.root-causes", tests=str(len(causes)),
                            failures=str(len(causes)), skipped="0", errors="0")
        for rc in causes:
            case = ET.SubElement(rcs, "testcase", classname="rulecheck.root-causes", name=rc.clause)
            fail = ET.SubElement(case, "failure", type="root-cause", message=root_cause_line(rc)[:1000])
            fail.text = "\n".join([root_cause_line(rc), "findings explained, per clause: " + ", ".join(
                f"{c} {n}" for c, n in rc.clauses.items())] + ([finding_text(rc.shortest)] if rc.shortest else []))
    by_game: dict[str, list] = {}
    for cv in result.verdicts.values():
        by_game.setdefault(cv.game if cv.game != "*" else "protocol", []).append(cv)
    for game, cvs in by_game.items():
        fails = sum(cv.verdict in ("fail", "not-covered", "unexpected-pass") for cv in cvs)
        skips = sum(cv.verdict in ("not-applicable", "not-implemented", "expected-fail") for cv in cvs)
        suite = ET.SubElement(suites, "testsuite", name=f"rulecheck.{game}", tests=str(len(cvs)),
                              failures=str(fails), skipped=str(skips), errors="0")
        props = ET.SubElement(suite, "properties")
        ET.SubElement(props, "property", name="engine", value=result.engine)
        for k, v in result.engine_counts.items():
            ET.SubElement(props, "property", name=k, value=str(v))
        for cv in cvs:
            case = ET.SubElement(suite, "testcase", classname=f"rulecheck.{game}", name=cv.clause)
            if cv.verdict == "fail":
                msg = cv.failures[0]["message"] if cv.failures else "failed"
                head = msg.strip().splitlines()[0][:400] if msg.strip() else "failed"
                f = ET.SubElement(case, "failure", type="clause-violation",
                                  message=f"{cv.finding_count} finding(s) by {', '.join(cv.checks) or 'a check'}: {head}")
                f.text = "\n\n".join(finding_text(x) for x in cv.failures)
            elif cv.verdict == "not-covered":
                ET.SubElement(case, "failure", message="no test checks this clause", type="not-covered")
            elif cv.verdict == "unexpected-pass":
                ET.SubElement(case, "failure", message=f"listed as a known deviation but passes: {cv.reason}",
                              type="unexpected-pass")
            elif cv.verdict in ("not-applicable", "not-implemented", "expected-fail"):
                ET.SubElement(case, "skipped", message=f"{cv.verdict}: {cv.reason}".strip(": "))
            out = ET.SubElement(case, "system-out")
            out.text = f"{cv.summary}\nrulebook lines {cv.lines[0]}-{cv.lines[1]}; tests: {len(cv.tests)}"
    ET.indent(suites)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + safe_text(ET.tostring(suites, encoding="unicode"))


BASIS = {
    "invariant": "an invariant of the clause broke",
    "provenance": "blamed through the reference engine's provenance",
    "scenario": "the failing scenario checks this clause",
    "position": "the position checks this clause",
    "protocol": "a breach of the engine protocol",
    "fallback": "the reference's provenance names no clause for this difference",
}


def finding_text(f: dict) -> str:
    """One finding as plain text: check, how it was blamed, count, message, witness."""
    n = f.get("count") or 1
    lines = [f"{f.get('check') or 'check'} ({BASIS.get(f.get('basis', ''), f.get('basis', ''))}; "
             f"{n} occurrence{'s' if n != 1 else ''}) in {f.get('test', '')}", f.get("message", "")]
    if f.get("witness_text"):
        lines.append(f["witness_text"])
    return "\n".join(lines)


def html_page(result: SuiteResult) -> str:
    e = sanitize.html
    t = result.totals
    parts = [
        "<!doctype html><html lang='en'><meta charset='utf-8'><title>rulecheck report</title>",
        "<style>body{font:14px/1.4 system-ui,sans-serif;margin:2em;max-width:1200px}"
        "table{border-collapse:collapse;width:100%;margin:1em 0}td,th{border-bottom:1px solid #ddd;padding:4px 8px;"
        "text-align:left;vertical-align:top;overflow-wrap:anywhere}th{background:#f6f8fa;white-space:nowrap}"
        ".v,.id,.ln{font-weight:600;white-space:nowrap}.id,.ln{font-weight:normal}code{white-space:nowrap}"
        "pre{white-space:pre-wrap;background:#f6f8fa;padding:8px;max-height:30em;overflow:auto}"
        ".seed td{border:none;padding:1px 6px}.seed td:first-child{color:#57606a;text-align:right}"
        ":target{background:#fff8c5}</style>",
        f"<h1>rulecheck report</h1><p>engine <code>{e(result.engine)}</code>; games {e(', '.join(result.games))}; "
        f"<b>{'PASS' if result.ok else 'FAIL'}</b></p>",
        (f"<p id='partial' style='background:#ffebe9;border:2px solid #cf222e;padding:8px'><b>"
         f"{e(run_problem(result))}</b></p>" if run_problem(result) else ""),
        "<p>" + ", ".join(f"<span class='v' style='color:{COLOURS.get(k, '#000')}'>{v} {e(k)}</span>"
                          for k, v in t.items() if v) + "</p>",
    ]
    counts = {k: v for k, v in result.engine_counts.items() if v}
    if counts:
        parts.append("<p>engine process: " + e(", ".join(f"{k} {v}" for k, v in counts.items())) + "</p>")
    cov = result.coverage
    if cov["transitions"]:
        thin = cov["thinly_covered"]
        parts.append(f"<p>coverage: {cov['transitions']} transitions explored; "
                     + (f"<b>thinly covered</b> (exercised fewer than {cov['threshold']} times): "
                        + ", ".join(f"<code>{e(c)}</code> ({result.verdicts[c].exercised})" for c in thin)
                        if thin else f"every judged clause exercised at least {cov['threshold']} times") + "</p>")
        config = cov.get("config") or {}
        if config.get("values"):
            gaps = config.get("not_reached") or []
            parts.append(f"<p>config coverage: {len(config['values']) - len(gaps)} of {len(config['values'])} declared "
                         "config values and choice options played"
                         + ("; <b>never reached</b>: " + ", ".join(f"<code>{e(v)}</code>" for v in gaps) if gaps else "")
                         + "</p>")
        pairs = cov.get("pairs") or {}
        if pairs.get("declared") or pairs.get("undeclared"):
            gaps = pairs.get("not_reached") or []
            parts.append(f"<p>pair coverage: {pairs['reached']} of {pairs['declared']} declared clause pairs reached "
                         "in one transition"
                         + ("; <b>never reached</b>: " + ", ".join(f"<code>{e(p)}</code>" for p in gaps) if gaps else "")
                         + (f"; {pairs['undeclared']} pair(s) reached that no <code>pairs.toml</code> declares"
                            if pairs.get("undeclared") else "")
                         + "</p>")
    causes = getattr(result, "root_causes", None) or []
    if causes:
        parts.append(f"<h2>Root causes</h2><table><tr><th>clause</th><th>the misreading</th><th>findings explained"
                     "</th><th>shortest witness</th></tr>")
        for rc in causes:
            words = rc.words or "no known misreading explains it (blamed by provenance)"
            spread = ", ".join(f"<a href='#clause-{e(c)}'><code>{e(c)}</code></a> {n}" for c, n in rc.clauses.items())
            best = rc.shortest or {}
            parts.append(f"<tr><td class='id'><a href='#clause-{e(rc.clause)}'>{e(rc.clause)}</a></td><td>{e(words)}"
                         f"</td><td>{rc.findings}: {spread}</td><td><pre>"
                         f"{e((best.get('witness_text') or best.get('message') or '')[:1500])}</pre></td></tr>")
        parts.append("</table>")
    failing = [cv for cv in result.verdicts.values() if cv.verdict in ("fail", "unexpected-pass", "not-covered")]
    if failing:
        parts.append("<p><b>Needs attention:</b> " + ", ".join(
            f"<a href='#clause-{e(cv.clause)}'><code>{e(cv.clause)}</code></a> ({e(cv.verdict)})" for cv in failing)
            + "</p>")
    for g in result.games + ["*"]:
        cvs = [cv for cv in result.verdicts.values() if cv.game == g]
        if not cvs:
            continue
        parts.append(f"<h2>{e(g if g != '*' else 'protocol')}</h2><table><tr><th>clause</th><th>verdict</th>"
                     "<th>lines</th><th>tests</th><th>exercised</th><th>summary and failures</th></tr>")
        for cv in cvs:
            span = str(cv.lines[0]) if cv.lines[0] == cv.lines[1] else f"{cv.lines[0]}-{cv.lines[1]}"
            lines = f"<a href='#{g}-L{cv.lines[0]}'>{span}</a>" if g != "*" else ""
            detail = e(cv.summary)
            if cv.reason:
                detail += f"<br><i>{e(cv.reason)}</i>"
            if cv.failures:
                detail += (f"<br><b>{cv.finding_count} finding(s)</b> by {e(', '.join(cv.checks) or 'a check')}; "
                           "shortest witness first")
            for i, f in enumerate(cv.failures):
                opened = " open" if i == 0 else ""
                detail += (f"<details{opened}><summary>{e(f.get('check') or 'check')}: {e(f['message'].splitlines()[0][:200] if f['message'] else '')}"
                           f" <small>({e(f['test'])})</small></summary><pre>{e(finding_text(f))}</pre></details>")
            parts.append(f"<tr id='clause-{e(cv.clause)}'><td class='id'><code>{e(cv.clause)}</code></td>"
                         f"<td class='v' style='color:{COLOURS.get(cv.verdict, '#000')}'>{e(cv.verdict)}</td>"
                         f"<td class='ln'>{lines}</td><td>{len(cv.tests)}</td>"
                         f"<td>{cv.exercised}{' <b>thin</b>' if cv.thin else ''}</td><td>{detail}</td></tr>")
        parts.append("</table>")
    for g in result.games:
        spec = specs.load(g)
        parts.append(f"<h2>Rulebook: {e(spec.seed_file)}</h2><table class='seed'>")
        for i, line in enumerate(spec.seed_lines(), start=1):
            parts.append(f"<tr id='{g}-L{i}'><td>{i}</td><td>{e(line)}</td></tr>")
        parts.append("</table>")
    for err in result.errors:
        parts.append(f"<h2>Error</h2><pre>{e(str(err.get('nodeid', '')))}\n{e(err['message'])}</pre>")
    parts.append("</html>")
    return safe_text("\n".join(parts))  # escaped HTML, and no control characters from an engine


def write_reports(result: SuiteResult, json_path: str | None = None, junit_path: str | None = None,
                  html_path: str | None = None) -> list[str]:
    written = []
    if json_path:
        write_atomic(Path(json_path), sanitize.json_document(result.to_json()))
        written.append(json_path)
    if junit_path:
        write_atomic(Path(junit_path), junit_xml(result))
        written.append(junit_path)
    if html_path:
        write_atomic(Path(html_path), html_page(result))
        written.append(html_path)
    return written
