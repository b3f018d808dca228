"""Whatever text an engine sends, every report parses and the terminal obeys none of it.

Hypothesis writes 250 reports of 40 engine messages each (10,000 messages in all) drawn
from all of Unicode, surrogates and non-characters included, with the characters that
break outputs drawn often (ESC, NUL, CR, bidi controls, U+2028/2029, U+FFFE/FFFF, markup).
The messages go where engine text goes: a finding's message, witness, check and test, a
clause's reason, an error, the engine's name. For each report the JUnit XML parses with
junitparser, the HTML page parses and shows each message in its visible form, the JSON
report reads back exactly the data, and the terminal output holds no raw control, bidi or
separator character.
"""

from __future__ import annotations

import dataclasses
import html
import io
import json
import re
from html.parser import HTMLParser

import junitparser
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from rich.console import Console

from harness import sanitize
from harness.verdicts import terminal
from harness.verdicts.diagnosis import RootCause
from harness.verdicts.check import SuiteResult, compute_verdicts
from harness.verdicts.report import html_page, junit_xml

GAME = "dnup"
BASE = compute_verdicts([GAME], [])
CLAUSES = [c for c in BASE if c != "PROTOCOL"][:7] + ["PROTOCOL"]
SPECIAL = ["\x1b[31m", "\x00", "\r", "\x07", "\x0b", "\x7f", "\x85", "\x9b", "\u202e", "\u202a", "\u2066", "\u2069",
           "\u200e", "\u200f", "\u061c", "\u2028", "\u2029", "\ufffe", "\uffff", "\U0010ffff", "\U0001fffe", "\ufdd0",
           "\ud800", "\udfff", "<", ">", "&", "]]>", '"', "'", "<!--", "\n", "\t", "\\u202e"]
PAIR = re.compile("([\ud800-\udbff])(?=[\udc00-\udfff])")


def engine_text() -> st.SearchStrategy[str]:
    """Any code point (all planes, surrogates, non-characters), the troublesome ones often.
    A high surrogate is never followed by a low one: such a pair cannot reach rulecheck from
    an engine (JSON and UTF-8 decode it into one character) and JSON could not tell them apart."""
    anything = st.characters(codec=None, categories=None, exclude_categories=())
    piece = st.one_of(st.sampled_from(SPECIAL), anything, anything)
    return st.lists(piece, max_size=12).map(lambda parts: PAIR.sub("\\1 ", "".join(parts)))


def report_of(texts: list[str]) -> SuiteResult:
    """A failed run whose every engine-sent field is one of ``texts`` (40 of them)."""
    it = iter(texts)
    verdicts = dict(BASE)
    for clause in CLAUSES:
        failure = {"check": next(it), "test": next(it), "message": next(it), "witness_text": next(it),
                   "basis": "protocol", "count": 1}
        verdicts[clause] = dataclasses.replace(BASE[clause], verdict="fail", failures=[failure], reason=next(it))
    return SuiteResult([GAME], "cmd:engine", [], verdicts, 1, [{"nodeid": "(engine)", "message": t} for t in it],
                       {"fault:protocol": 1}, interrupted=None)


def terminal_output(result: SuiteResult, monkeypatch) -> str:
    out = io.StringIO()
    console = Console(file=out, width=4000, color_system=None, force_terminal=False)
    failing = [cv for cv in result.verdicts.values() if cv.failures]
    result.root_causes = [RootCause(cv.clause, "", None, "provenance", {cv.clause: 1}, shortest=cv.failures[0])
                          for cv in failing]  # a root cause's line holds its shortest witness's engine text
    terminal.print_result(console, result, all_clauses=False)  # the failing clauses: every one holding engine text
    return out.getvalue()


class _Page(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.text: list[str] = []

    def handle_data(self, data):
        self.text.append(data)


def test_visible_escapes_every_unsafe_character_and_nothing_else():
    assert sanitize.terminal("a\tb\nc") == "a\tb\nc"
    assert sanitize.terminal("\x1b[2J\u202eabc\u2028\ufffe\ud800\U0010ffff") == \
        "\\x1b[2J\\u202eabc\\u2028\\ufffe\\ud800\\U0010ffff"
    assert sanitize.html("<b>\u2066</b>") == "&lt;b&gt;\\u2066&lt;/b&gt;"
    assert sanitize.visible("fine: é, 漢字, 😀, emoji\u200d") == "fine: é, 漢字, 😀, emoji\u200d"
    assert json.loads(sanitize.json_document({"m": "\ud800\x00\u2028"}).encode("utf-8")) == {"m": "\ud800\x00\u2028"}


@settings(max_examples=250, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.function_scoped_fixture])
@given(st.lists(engine_text(), min_size=40, max_size=40))
def test_every_report_of_any_engine_text_parses_and_the_terminal_obeys_none(monkeypatch, texts):
    result = report_of(texts)
    # JUnit: a real consumer reads it, and each failure carries its message in visible form
    junit = junit_xml(result)
    suites = junitparser.JUnitXml.fromstring(junit.encode("utf-8"))
    cases = {case.name: case for suite in suites for case in suite}
    for clause in CLAUSES:
        failure = [r for r in cases[clause].result if isinstance(r, junitparser.Failure)]
        assert failure and sanitize.visible(result.verdicts[clause].failures[0]["message"]) in failure[0].text
    # HTML: parses; every message is on the page, visible; no raw unsafe character
    page = html_page(result)
    parser = _Page()
    parser.feed(page)
    parser.close()
    shown = html.unescape(page)
    assert not sanitize.UNSAFE.search(page)
    for t in texts[2::5]:  # each finding's message
        assert sanitize.visible(t) in shown
    # JSON: exactly the data, through strict UTF-8
    assert json.loads(sanitize.json_document(result.to_json()).encode("utf-8")) == result.to_json()
    # terminal: nothing raw
    screen = terminal_output(result, monkeypatch)
    assert screen and not sanitize.UNSAFE.search(screen), [c for c in screen if sanitize.UNSAFE.match(c)][:5]


@pytest.mark.parametrize("name", ["\u202eevil", "a\x1b[2Jb", "x\u2028y", "[bold]markup[/]"])
def test_engine_text_in_every_field_reaches_the_terminal_visible(name, monkeypatch):
    result = report_of([name] * 40)
    screen = terminal_output(result, monkeypatch)
    assert not sanitize.UNSAFE.search(screen)
    assert sanitize.visible(name) in screen
