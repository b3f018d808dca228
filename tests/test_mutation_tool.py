"""tools/mutation.py: what the mutation score counts, checked without running mutmut.

The score is killed / counted over the rule modules ``specs/<game>/mutation.toml`` lists; a
mutant that only changes an error's words, a function listed as not deciding the game and a
mutant listed as equivalent are not counted; an equivalent whose mutant is gone or whose line
changed is stale and counted again.
"""

from __future__ import annotations

import importlib.util
import tomllib
from pathlib import Path

import pytest

from specs import ROOT

_spec = importlib.util.spec_from_file_location("mutation_tool", ROOT / "tools" / "mutation.py")
mutation = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(mutation)

GAMES = sorted(p.parent.name for p in (ROOT / "specs").glob("*/mutation.toml"))

MUTANTS_SOURCE = '''
def x_check__mutmut_orig(p, n):
    if not 0 <= p < n:
        raise ValueError(f"player {p} is not one of 0..{n - 1}", "player")
    return p

def x_check__mutmut_1(p, n):
    if not 0 <= p < n:
        raise ValueError(None, "player")
    return p

def x_check__mutmut_2(p, n):
    if not 0 <= p <= n:
        raise ValueError(f"player {p} is not one of 0..{n - 1}", "player")
    return p

def x_check__mutmut_3(p, n):
    if not 0 <= p < n:
        raise KeyError(f"player {p} is not one of 0..{n - 1}", "player")
    return p

def x_refusal__mutmut_orig(p):
    if p < 0:
        return MalformedError(f"player {p} is not a seat")
    return IllegalActionError(f"it is not player {p}'s turn")

def x_refusal__mutmut_1(p):
    if p < 0:
        return MalformedError(None)
    return IllegalActionError(f"it is not player {p}'s turn")

def x_refusal__mutmut_2(p):
    if p < 0:
        return MalformedError(f"player {p} is not a seat")
    return IllegalActionError(f"it is not player {p}'s turn") if p else None
'''


@pytest.fixture
def work(tmp_path: Path) -> Path:
    (tmp_path / "mutants" / "engine").mkdir(parents=True)
    (tmp_path / "mutants" / "engine" / "rules.py").write_text(MUTANTS_SOURCE, encoding="utf-8")
    return tmp_path


def test_only_an_error_s_words_changed_is_told_apart_from_a_rule_change(work):
    cache: dict = {}
    assert mutation.message_only(work, "engine.rules.x_check__mutmut_1", "engine/rules.py", cache)
    assert not mutation.message_only(work, "engine.rules.x_check__mutmut_2", "engine/rules.py", cache)  # the bound
    assert not mutation.message_only(work, "engine.rules.x_check__mutmut_3", "engine/rules.py", cache)  # the error
    # an error built to be returned (for the caller to raise): its arguments are words too
    assert mutation.message_only(work, "engine.rules.x_refusal__mutmut_1", "engine/rules.py", cache)
    assert not mutation.message_only(work, "engine.rules.x_refusal__mutmut_2", "engine/rules.py", cache)


def test_the_score_leaves_out_messages_non_rules_and_equivalents_but_counts_a_stale_equivalent(work):
    diff = "--- a\n+++ b\n@@ -1 +1 @@\n-    if not 0 <= p < n:\n+    if not 0 <= p <= n:\n"
    found = {
        "engine.rules.x_check__mutmut_1": {"status": "survived", "file": "engine/rules.py", "diff": "x"},
        "engine.rules.x_check__mutmut_2": {"status": "survived", "file": "engine/rules.py", "diff": diff},
        "engine.rules.x_check__mutmut_3": {"status": "killed", "file": "engine/rules.py", "diff": ""},
        "engine.rules.x_describe__mutmut_1": {"status": "survived", "file": "engine/rules.py", "diff": "x"},
        "engine.rules.x_other__mutmut_1": {"status": "not checked", "file": "engine/rules.py", "diff": ""},
    }
    cfg = {"not_rules": [{"function": "*.x_describe", "reason": "words"}],
           "equivalent": [{"mutant": "engine.rules.x_check__mutmut_2", "line": "if not 0 <= p <= n:", "reason": "r"}]}
    s = mutation.score("g", cfg, found, work)
    assert (s["killed"], s["counted"], s["score"]) == (1, 1, 1.0)
    assert s["message_only"] == 1 and s["equivalent"] == 1 and s["survivors"] == []

    cfg["equivalent"][0]["line"] = "if not 0 < p < n:"  # the code changed since it was judged
    s = mutation.score("g", cfg, found, work)
    assert s["stale_equivalents"] == ["engine.rules.x_check__mutmut_2"]
    assert (s["killed"], s["counted"]) == (1, 2) and s["survivors"][0]["mutant"] == "engine.rules.x_check__mutmut_2"

    only = ["engine.rules.x_check__mutmut_3"]  # a sample: scored on its own mutants only
    assert mutation.score("g", cfg, found, work, only)["counted"] == 1


@pytest.mark.parametrize("game", GAMES)
def test_each_game_lists_its_rule_modules_and_gives_every_exclusion_a_reason(game):
    cfg = tomllib.loads((ROOT / "specs" / game / "mutation.toml").read_text(encoding="utf-8"))
    assert cfg["rule_modules"] and all((ROOT / m).is_file() for m in cfg["rule_modules"])
    assert all(m.startswith(f"engine/{game}/") for m in cfg["rule_modules"])
    for entry in cfg.get("not_rules", []):
        assert entry["function"] and len(entry["reason"]) > 20, entry
    for entry in cfg.get("equivalent", []):
        assert entry["mutant"].startswith(f"engine.{game}.") and entry["line"] and len(entry["reason"]) > 20, entry


def test_the_selection_is_the_suite_rulecheck_check_runs_less_self_comparison():
    sel = mutation.suite_selection("dnup")
    assert "harness/games/dnup/test_dnup_features.py" in sel and "harness/suite/test_all_situations.py" in sel
    assert not any(s.endswith("test_all_differential.py") for s in sel)
    assert sel[-2:] == ["--rulecheck-game", "dnup"]
