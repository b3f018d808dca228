"""Mutation testing of a reference engine's rule modules against the default check's oracles.

    python tools/mutation.py dnup                # mutate, run, print the score (resumes a run)
    python tools/mutation.py dnup --survivors    # re-run only the last run's survivors
    python tools/mutation.py dnup --report       # the score of the last run, nothing run
    python tools/mutation.py dnup --fresh        # forget the last run and start again

mutmut (``pip install -e '.[mutation]'``) mutates the modules ``specs/<game>/mutation.toml``
lists as the game's rule modules, and runs against each mutant the suite ``rulecheck check``
runs on the reference: the game's scenarios, vectors, perft counts and stateful machines
(``harness/games/<game>/``) and the generic situations and differential play
(``harness/suite/``), which are oracles that do not depend on the reference's answers. Hypothesis
runs its ``failfast`` profile (TOOLING.md: no shrink, derandomized; 30+ minutes per game with
the default settings) and pytest runs without xdist.

The run happens in ``.mutation/<game>/``, a copy of the checkout with a ``[tool.mutmut]``
section of its own, so the three games can run side by side and the checkout stays clean. The
score is killed / (mutants - listed equivalents); a timeout is a kill (the mutant hangs the
game), a mutant no test reaches is a survivor. Every mutant runs against the whole selection (until its
first failure), not only the tests mutmut saw call the mutated function, because the engines
cache across tests. ``[[equivalent]]`` entries of the game's
``mutation.toml`` name a mutant and its changed line and say why it cannot change any game; an
entry whose mutant no longer exists, or whose line changed, is reported as stale.
"""

from __future__ import annotations

import argparse
import ast
import copy
import fnmatch
import json
import os
import random
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / ".mutation"
#: what the suite needs besides ``engine/`` (mutmut copies the mutated source itself)
ALSO_COPY = ["harness", "specs", "features", "proofs", "seeds", "docs", "examples", "setup.py"]
TARGET = 0.90
#: suite modules that only compare the engine with the reference: a mutant of the reference is
#: compared with itself there, so they are no independent oracle (and cost half the run)
SELF_COMPARING = {"test_all_differential.py"}


def game_config(game: str) -> dict:
    path = ROOT / "specs" / game / "mutation.toml"
    if not path.is_file():
        known = sorted(p.parent.name for p in (ROOT / "specs").glob("*/mutation.toml"))
        raise SystemExit(f"no {path.relative_to(ROOT)}: games with rule modules declared: {', '.join(known)}")
    return tomllib.loads(path.read_text(encoding="utf-8"))


def suite_selection(game: str) -> list[str]:
    """The files ``rulecheck check --game <game>`` runs, and its per-game filter."""
    files = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "harness" / "games" / game).glob(f"test_{game}_*.py"))
    files += sorted(str(p.relative_to(ROOT)) for p in (ROOT / "harness" / "suite").glob("test_all_*.py")
                    if p.name not in SELF_COMPARING)
    return files + ["--rulecheck-game", game]


def mutmut_section(game: str, cfg: dict) -> str:
    q = lambda items: "[" + ", ".join(json.dumps(i) for i in items) + "]"  # noqa: E731
    return "\n".join([
        "", "[tool.mutmut]",
        'source_paths = ["engine"]',
        f"only_mutate = {q(cfg['rule_modules'])}",
        f"also_copy = {q(ALSO_COPY)}",
        f"pytest_add_cli_args_test_selection = {q(suite_selection(game))}",
        'pytest_add_cli_args = ["-p", "no:cacheprovider", "-p", "no:xdist", "-q"]',
        "use_git_change_detection = false",
        # a worker forked from a process that ran the suite (mutmut's default) or collected it would
        # inherit the engines' caches, filled by the unmutated code: each worker imports afresh
        'process_isolation = "forkserver"',
        'forkserver_warmup = "none"',
        "",
    ])


def sync(game: str, cfg: dict, fresh: bool) -> Path:
    """Copy the checkout's files (tracked and untracked, not ignored) into ``.mutation/<game>``."""
    work = WORK / game
    if fresh and work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True, exist_ok=True)
    listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard"], cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout.split("\n")
    for rel in filter(None, listed):
        src = ROOT / rel
        if not src.is_file() or rel.startswith(".mutation/"):
            continue
        dst = work / rel
        if dst.exists() and dst.stat().st_mtime_ns == src.stat().st_mtime_ns:
            continue
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, dst)
        if rel.startswith("engine/") and (work / "mutants" / rel).exists():
            (work / "mutants" / rel).unlink()  # mutmut mutates a changed rule module afresh
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    (work / "pyproject.toml").write_text(pyproject + mutmut_section(game, cfg), encoding="utf-8")
    return work


#: ``mutmut run``, with every mutant run against the whole selection (stopping at its first
#: failure) instead of only the tests mutmut saw call the mutated function: the engines cache
#: across tests (a Dnup ``Game`` per config, Opsnorren's rule-card flags, Sorry!'s rules), so a
#: test that reads a cached value never calls the function that made it and per-test coverage
#: would send a mutant to too few tests (it "survived" scenarios that catch it)
_WIDENED_RUN = r"""
import sys
import mutmut.__main__ as M
from mutmut.utils.format_utils import mangled_name_from_mutant_name

_collect = M.collect_or_load_stats


def _every_test(runner, **kwargs):
    _collect(runner, **kwargs)
    st = M.state()
    everyone = set(st.duration_by_test)
    for name in set(st.tests_by_mangled_function_name) | {mangled_name_from_mutant_name(n) for n in MUTANTS}:
        st.tests_by_mangled_function_name[name] = set(everyone)


M.collect_or_load_stats = _every_test
sys.argv = ["mutmut", *ARGS]
M.cli()
"""


def run_mutmut(work: Path, names: list[str], children: int, every: list[str]) -> None:
    env = dict(os.environ, HYPOTHESIS_PROFILE="failfast", PYTHONHASHSEED="0")
    env.pop("CI", None)  # CI=true makes Hypothesis load its own ci profile first (TOOLING.md)
    args = ["run", "--max-children", str(children), *names]
    code = _WIDENED_RUN.replace("MUTANTS", repr(every)).replace("ARGS", repr(args))
    # a file, not ``-c``: the list of every mutant's name passes Linux's 128 KiB limit on one argument
    script = work / "widened_run.py"
    script.write_text(code, encoding="utf-8")
    done = subprocess.run([sys.executable, str(script)], cwd=work, env=env)
    if done.returncode:
        raise SystemExit(f"mutmut exited {done.returncode} (in {work})")


def generated(work: Path) -> list[str]:
    """Every mutant's name, generating them first (what ``mutmut run`` does before it runs any)."""
    code = r"""
import json, os, sys
from mutmut.__main__ import (copy_also_copy_files, copy_src_dir, create_mutants, setup_source_paths,
                             store_lines_covered_by_tests)
from mutmut.mutation.data import SourceFileMutationData
from mutmut.utils.file_utils import walk_mutatable_files
os.makedirs("mutants", exist_ok=True)
copy_src_dir(); copy_also_copy_files(); setup_source_paths(); store_lines_covered_by_tests(); create_mutants(2)
names = []
for path in walk_mutatable_files():
    m = SourceFileMutationData(path=path)
    m.load()
    names += list(m.exit_code_by_key)
print(json.dumps(names))
"""
    done = subprocess.run([sys.executable, "-c", code], cwd=work, capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"mutmut could not generate the mutants in {work}:\n{done.stderr[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def _defs(work: Path, path: str) -> dict[str, ast.AST]:
    tree = ast.parse((work / "mutants" / path).read_text(encoding="utf-8"))
    return {n.name: n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}


def message_only(work: Path, name: str, path: str, cache: dict) -> bool:
    """The mutant changes only what an error says (the arguments of a ``raise`` of the same
    exception class, or of an error built to be returned, ``return MalformedError(...)``, for a
    caller to raise): the error's code, which the protocol checks, stays; its words and JSON path
    are notation (docs/protocol.md N4), not a rule."""
    if path not in cache:
        cache[path] = _defs(work, path)
    func = name.rsplit(".", 1)[1]
    orig, mutant = cache[path].get(func.rsplit("__mutmut_", 1)[0] + "__mutmut_orig"), cache[path].get(func)
    if orig is None or mutant is None:
        return False

    def shape(node: ast.AST) -> str:
        node = copy.deepcopy(node)
        node.name = "f"
        for n in ast.walk(node):
            if isinstance(n, ast.Raise) and isinstance(n.exc, ast.Call):
                n.exc.args, n.exc.keywords = [], []
            elif isinstance(n, ast.Return) and isinstance(n.value, ast.Call) and _is_error_class(n.value.func):
                n.value.args, n.value.keywords = [], []
        return ast.dump(node)

    return shape(orig) == shape(mutant)


def _is_error_class(func: ast.expr) -> bool:
    """``MalformedError`` or ``errors.MalformedError``: by the project's naming, an exception class."""
    name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
    return name.endswith("Error")


def not_rules(cfg: dict, name: str) -> bool:
    """A mutant of a function the game's ``[[not_rules]]`` entries exclude (descriptions, tools)."""
    func = name.rsplit("__mutmut_", 1)[0]
    return any(fnmatch.fnmatchcase(func, e["function"]) for e in cfg.get("not_rules", []))


def results(work: Path) -> dict[str, dict]:
    """{mutant: {status, diff}} of the last run, read through mutmut's own result files."""
    code = r"""
import json, sys
from mutmut.configuration import config
from mutmut.mutation.data import SourceFileMutationData
from mutmut.mutation.diff_apply import get_diff_for_mutant
from mutmut.stats import status_by_exit_code
from mutmut.utils.file_utils import walk_mutatable_files
out = {}
for path in walk_mutatable_files():
    m = SourceFileMutationData(path=path)
    m.load()
    for name, exit_code in m.exit_code_by_key.items():
        status = status_by_exit_code[exit_code]
        diff = get_diff_for_mutant(name, path=path) if status not in ("killed", "timeout", "not checked") else ""
        out[name] = {"status": status, "file": str(path), "diff": diff}
json.dump(out, sys.stdout)
"""
    done = subprocess.run([sys.executable, "-c", code], cwd=work, capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"could not read mutmut's results in {work}:\n{done.stderr[-2000:]}")
    return json.loads(done.stdout)


def changed_lines(diff: str) -> list[str]:
    return [line[1:].strip() for line in diff.splitlines() if line.startswith("+") and not line.startswith("+++")]


def score(game: str, cfg: dict, found: dict[str, dict], work: Path, only: list[str] | None = None) -> dict:
    """The score over ``found`` (or over the mutants ``only`` names: one sample, unbiased by others)."""
    equivalents = {e["mutant"]: e for e in cfg.get("equivalent", [])}
    stale = []
    for name, entry in equivalents.items():
        got = found.get(name)
        if got is None or (got["diff"] and entry.get("line", "").strip() not in changed_lines(got["diff"])):
            stale.append(name)
    if only is not None:
        found = {n: r for n, r in found.items() if n in set(only)}
    cache: dict = {}
    messages = {n for n, r in found.items() if r["status"] != "not checked" and message_only(work, n, r["file"], cache)}
    checked = {n: r for n, r in found.items()
               if r["status"] != "not checked" and not not_rules(cfg, n) and n not in messages}
    counted = {n: r for n, r in checked.items() if n not in equivalents or n in stale}
    killed = [n for n, r in counted.items() if r["status"] in ("killed", "timeout")]
    survived = sorted(n for n, r in counted.items() if r["status"] not in ("killed", "timeout"))
    per_file: dict[str, list[int]] = {}
    for n, r in counted.items():
        k = per_file.setdefault(r["file"], [0, 0])
        k[0] += r["status"] in ("killed", "timeout")
        k[1] += 1
    total = len(counted)
    return {"game": game, "mutants": len(found), "checked": len(checked),
            "not_rules": sum(not_rules(cfg, n) for n in found),
            "message_only": len(messages), "equivalent": sum(n in equivalents and n not in stale for n in checked),
            "killed": len(killed), "counted": total, "score": round(len(killed) / total, 4) if total else None,
            "target": TARGET, "per_file": {f: {"killed": k, "counted": t} for f, (k, t) in sorted(per_file.items())},
            "survivors": [{"mutant": n, "status": counted[n]["status"], "lines": changed_lines(counted[n]["diff"])}
                          for n in survived],
            "stale_equivalents": stale}


def show(summary: dict, work: Path) -> None:
    print(f"\n{summary['game']}: {summary['killed']} of {summary['counted']} mutants killed "
          f"(score {summary['score']}, target {summary['target']}; {summary['mutants']} made, "
          f"{summary['checked']} run and counted, {summary['not_rules']} outside the rules, "
          f"{summary['message_only']} run ones change only an error's words, "
          f"{summary['equivalent']} listed equivalent)")
    for f, k in summary["per_file"].items():
        print(f"  {f:40} {k['killed']:4} / {k['counted']:4}")
    for s in summary["survivors"]:
        print(f"  {s['status']:9} {s['mutant']}: {' | '.join(s['lines'])[:160]}")
    for n in summary["stale_equivalents"]:
        print(f"  stale equivalent (mutant gone or its line changed; counted): {n}")
    print(f"JSON: {work / 'score.json'}; a mutant's diff: cd {work} && mutmut show <mutant>")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game")
    ap.add_argument("--fresh", action="store_true", help="forget the last run")
    ap.add_argument("--survivors", action="store_true", help="run only the last run's survivors again")
    ap.add_argument("--report", action="store_true", help="only print the last run's score")
    ap.add_argument("--sample", type=int, metavar="N", help="run only N mutants drawn at random (seeded)")
    ap.add_argument("--seed", type=int, default=0, help="the seed of --sample")
    ap.add_argument("--max-children", type=int, default=os.cpu_count() or 2)
    args = ap.parse_args(argv)
    cfg = game_config(args.game)
    work = sync(args.game, cfg, args.fresh)
    every = generated(work)  # also makes again the mutants of a rule module sync found changed
    sample: list[str] | None = None
    if args.sample:  # the names a sample ran are kept, so that --report scores exactly those
        kept = work / f"sample-{args.sample}-seed-{args.seed}.json"
        if kept.is_file():
            sample = json.loads(kept.read_text(encoding="utf-8"))
        elif args.report:
            raise SystemExit(f"no sample of {args.sample} with seed {args.seed} was run in {work}")
        else:
            pool = sorted(every)  # every mutant: listing a function as not_rules keeps the sample
            sample = random.Random(args.seed).sample(pool, min(args.sample, len(pool)))
            kept.write_text(json.dumps(sample), encoding="utf-8")
    if not args.report:
        names = sample or []
        if args.survivors:
            names = [s["mutant"] for s in score(args.game, cfg, results(work), work, sample)["survivors"]]
            if not names:
                print("no survivors to run again")
        if names or not (args.survivors or args.sample):
            run_mutmut(work, names, args.max_children, every)
    summary = score(args.game, cfg, results(work), work, sample)
    (work / "score.json").write_text(json.dumps(summary, indent=1), encoding="utf-8")
    show(summary, work)
    return 0 if summary["score"] is not None and summary["score"] >= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
