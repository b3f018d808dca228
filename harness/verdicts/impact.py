"""Impact of each ambiguity in play (part 2): does the reading ever matter?

For a choice with the engine's reading A (the default) and another option B, the same
seeded random games are played by two reference engines in lockstep, one per reading.
From a new game, at every state both reach (their canonical JSON equal), the legal sets,
the pending chance event and the successor of every legal action are compared; the
action played (or chance outcome drawn) comes from one seeded ``random.Random`` and the
default reading's legal list, so both games stay the same game until the readings part.
The first difference is the game's *divergence*. From there each reading plays on alone
with a copy of the same generator, and the final results are compared.

Per option: the share of games whose result differs, the share with any transition
difference, and the shortest divergence (fewest player plies from a new game) as a
witness in the game's notation, with the raw actions to replay it.

A choice whose clauses belong to a config key (``specs/<game>/config.toml``: a scoring
variant's key) is only played in configs with that key set: elsewhere it cannot matter.
An item with no other reading implemented gets ``measurable: false`` and a reason,
never a 0. Deterministic (no cache, no clock): the same ``games`` and ``seed`` give the
same figures, byte for byte.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from pathlib import Path

import specs
from engine import chance as chance_mod
from engine.canonical import dumps
from engine.errors import RulecheckError
from harness import capabilities
from harness.verdicts import jsondiff
from harness.engines import random_config, reference_engine

#: games per option in ``rulecheck ambiguities`` (``--games N`` raises it)
DEFAULT_GAMES = 12
DEFAULT_SEED = 0
#: player actions per game before it counts as unfinished (every game here ends far sooner)
MAX_PLIES = 5_000
NOT_IMPLEMENTED = "not measurable (no other reading implemented)"
ENGINE_DIR = Path(__file__).resolve().parents[2] / "engine"


@dataclass
class Divergence:
    """Where two readings first part in one game."""

    what: str  # setup | legal | chance | successor
    plies: int  # player actions before the differing step
    path: list[dict]  # every action (chance outcomes included) from the new game to the state
    state: dict  # canonical JSON of the state both readings share there (setup: the default's new game)
    action: dict | None = None  # the action whose successor differs
    detail: dict = field(default_factory=dict)  # per reading: what it does there


@dataclass
class GameRun:
    config: dict
    seed: int
    divergence: Divergence | None
    results: tuple  # (default reading's result, other reading's result); None when unfinished


def _key(a) -> str:
    return dumps(a)


def _game_seed(seed: int, i: int) -> int:
    return random.Random(f"rulecheck impact {seed} {i}").randrange(2**32)


def compare_step(a, b, sa, sb, la: list, check_all: bool = True, skip: dict | None = None):
    """Compare two engines at states with equal canonical JSON (``la``: ``a``'s legal actions).

    Returns ``(what, action, detail)`` for the first difference, else None. ``check_all``
    compares the successor of every legal action but ``skip`` (the one about to be played,
    compared when it is), not only the one played.
    """
    lb = b.legal_actions(sb)
    if la != lb:
        ka, kb = {_key(x): x for x in la}, {_key(x): x for x in lb}
        if ka.keys() != kb.keys():
            only_a = [ka[k] for k in sorted(ka.keys() - kb.keys())]
            only_b = [kb[k] for k in sorted(kb.keys() - ka.keys())]
            return "legal", None, {"only_default": only_a, "only_other": only_b}
    if not la:
        ca, cb = a.chance(sa), b.chance(sb)
        if ca != cb:
            return "chance", None, {"default": ca, "other": cb}
        return None
    for act in (la if check_all else ()):
        if act is skip:
            continue
        ja, jb = a.to_json(a.apply(sa, act)), b.to_json(b.apply(sb, act))
        if ja != jb:
            return "successor", act, {"default": ja, "other": jb}
    return None


def play_pair(a, b, config: dict, seed: int, check_all: bool = True, max_plies: int = MAX_PLIES) -> GameRun:
    """One seeded game under two engines (readings) in lockstep until they part, then each alone."""
    rng = random.Random(seed)
    sa, sb = a.new_game(config), b.new_game(config)
    ja, jb = a.to_json(sa), b.to_json(sb)
    path: list[dict] = []
    plies = 0
    div = None
    if ja != jb:
        div = Divergence("setup", 0, [], ja, None, {"default": ja, "other": jb})
    while div is None:
        legal = a.legal_actions(sa)
        if legal and plies >= max_plies:
            break
        # the action is drawn before the comparison, so the generator is used the same way
        # whether or not the readings differ here
        act = legal[rng.randrange(len(legal))] if legal else None
        found = compare_step(a, b, sa, sb, legal, check_all, skip=act)
        if found:
            what, bad, detail = found
            div = Divergence(what, plies, list(path), a.to_json(sa), bad, detail)
            break
        if act is None:
            pending = a.chance(sa)
            if pending is None:
                break  # over, the same game under both readings
            act = chance_mod.sample(pending, rng)
        na, nb = a.apply(sa, act), b.apply(sb, act)
        ja, jb = a.to_json(na), b.to_json(nb)
        if ja != jb:
            div = Divergence("successor", plies, list(path), a.to_json(sa), act, {"default": ja, "other": jb})
            break
        if legal:
            plies += 1
        path.append(act)
        sa, sb = na, nb
    if div is None:
        res = a.result(sa)
        return GameRun(config, seed, None, (res, res))
    state = rng.getstate()
    ra = _finish(a, sa, _rng_at(state), max_plies - plies)
    rb = _finish(b, sb, _rng_at(state), max_plies - plies)
    return GameRun(config, seed, div, (ra, rb))


def _rng_at(state) -> random.Random:
    r = random.Random()
    r.setstate(state)
    return r


def _finish(engine, state, rng: random.Random, max_plies: int):
    from harness.explore.playout import playout_steps

    for _, _, state, _ in playout_steps(engine, state, rng, max(max_plies, 0)):
        pass
    return engine.result(state)


# ------------------------------------------------------------------ configs
def variant_keys(game: str, clauses) -> list[str]:
    """Config keys whose clauses (``config.toml``) a choice's clauses touch: it only matters with them set."""
    return sorted(k for k, v in capabilities.config_keys(game).items()
                  if not v.get("required") and set(v.get("clauses", ())) & set(clauses))


def configs(game: str, n: int, seed: int = DEFAULT_SEED, needs: list[str] = ()) -> list[dict]:
    """``n`` seeded random configs of ``game`` (every variant it supports), each with the
    ``needs`` keys set (drawn until one has them, else set on the last draw)."""
    out = []
    for i in range(n):
        rng = random.Random(f"rulecheck impact config {game} {seed} {i}")
        for _ in range(200):
            cfg = random_config(game, rng)
            if all(cfg.get(k) for k in needs):
                break
        else:
            cfg = {**cfg, **{k: True for k in needs}}
        out.append(cfg)
    return out


# ------------------------------------------------------------------ measuring
def engine_reads(game: str, choice_id: str) -> bool:
    """Whether the reference engine's source names the choice at all: a choice it never reads
    would show a fake 'no effect'."""
    needle = f'"{choice_id}"'
    return any(needle in p.read_text(encoding="utf-8") for p in (ENGINE_DIR / game).rglob("*.py"))


def measure_option(game: str, choice_id: str, option: str, games: int = DEFAULT_GAMES, seed: int = DEFAULT_SEED,
                   config_list: list[dict] | None = None, check_all: bool = True) -> dict:
    """Impact figures of ``option`` against the default reading of ``choice_id``."""
    ch = specs.load(game).choices[choice_id]
    a = reference_engine(game, {choice_id: ch.default})
    b = reference_engine(game, {choice_id: option})
    cfgs = config_list if config_list is not None else configs(game, games, seed, variant_keys(game, ch.clauses))
    runs = []
    for i, cfg in enumerate(cfgs):
        runs.append(play_pair(a, b, cfg, _game_seed(seed, i), check_all))
    return summarise(a, runs, {choice_id: ch.default}, {choice_id: option})


def summarise(a, runs: list[GameRun], default_choices: dict, other_choices: dict) -> dict:
    n = len(runs)
    diverged = [r for r in runs if r.divergence]
    results = [r for r in runs if r.results[0] != r.results[1]]
    shortest = min(diverged, key=lambda r: (r.divergence.plies, len(r.divergence.path), r.seed), default=None)
    return {
        "games": n,
        "result_differs": round(len(results) / n, 3) if n else 0.0,
        "transition_differs": round(len(diverged) / n, 3) if n else 0.0,
        "result_differs_games": len(results),
        "transition_differs_games": len(diverged),
        "shortest_witness": shortest.divergence.plies if shortest else None,
        "configs": [json.loads(c) for c in sorted({dumps(r.config) for r in runs})],
        "witness": witness(a, shortest, default_choices, other_choices) if shortest else None,
    }


def witness(a, run: GameRun, default_choices: dict, other_choices: dict) -> dict:
    """The divergence of ``run`` in the game's notation, with the raw actions to replay it."""
    d = run.divergence
    notation = []
    st = a.new_game(run.config)
    for act in d.path:
        notation.append(_safe(lambda: a.describe_action(st, act)) or dumps(act)[:120])
        st = a.apply(st, act)
    position = _safe(lambda: a.describe_state(a.from_json(d.state))) or ""
    out = {
        "config": run.config, "seed": run.seed, "plies": d.plies, "steps": len(d.path), "what": d.what,
        "choices": {"default": default_choices, "other": other_choices},
        "path": notation, "actions": d.path, "position": position,
        "results": {"default": run.results[0], "other": run.results[1]},
    }
    if d.action is not None:
        out["action"] = d.action
        out["action_text"] = _safe(lambda: a.describe_action(a.from_json(d.state), d.action)) or dumps(d.action)
    out["readings"] = _readings(a, d)
    return out


def _readings(a, d: Divergence) -> dict:
    """What each reading does at the divergence, in words."""
    if d.what == "legal":
        st = _safe(lambda: a.from_json(d.state))

        def show(acts):
            return [(_safe(lambda: a.describe_action(st, x)) if st is not None else "") or dumps(x)[:160]
                    for x in acts[:6]] + ([f"... {len(acts) - 6} more"] if len(acts) > 6 else [])

        return {"default": "allows " + ("; ".join(show(d.detail["only_default"])) or "nothing more"),
                "other": "allows " + ("; ".join(show(d.detail["only_other"])) or "nothing more")}
    rows = jsondiff.diff(d.detail["default"], d.detail["other"], limit=6)
    if d.what == "chance":
        return {"default": f"chance {dumps(d.detail['default'])[:300]}",
                "other": f"chance {dumps(d.detail['other'])[:300]}"}
    return {"default": "; ".join(f"{p} = {_short(x)}" for p, x, _ in rows),
            "other": "; ".join(f"{p} = {_short(y)}" for p, _, y in rows)}


def _short(v) -> str:
    return "(missing)" if v is jsondiff.MISSING else dumps(v)[:120]


def _safe(fn):
    try:
        return fn()
    except (RulecheckError, KeyError, IndexError, TypeError, ValueError, AttributeError):
        return None


def not_measurable(reason: str = NOT_IMPLEMENTED) -> dict:
    return {"measurable": False, "reason": reason, "games": 0, "result_differs": None,
            "transition_differs": None, "shortest_witness": None}


def measure_choice(game: str, choice_id: str, games: int = DEFAULT_GAMES, seed: int = DEFAULT_SEED,
                   check_all: bool = True, config_list: list[dict] | None = None) -> dict:
    """Impact of a choice: per other option, and the headline (the option that matters most).
    ``no_effect`` and ``flag`` say when no option changed anything in any game."""
    spec = specs.load(game)
    ch = spec.choices.get(choice_id)
    if ch is None or len(ch.options) < 2:
        return not_measurable()
    if not engine_reads(game, choice_id):
        return not_measurable(f"not measurable (the reference engine does not read {choice_id})")
    per = {}
    for opt in ch.options:
        if opt != ch.default:
            try:
                per[opt] = measure_option(game, choice_id, opt, games, seed, config_list, check_all)
            except RulecheckError as exc:  # a config the variant needs is refused, or a reading fails in play
                return not_measurable(f"not measured: under {choice_id}={opt} the reference engine raised "
                                      f"{str(exc)[:200]}")
    top = max(per, key=lambda o: (per[o]["result_differs"], per[o]["transition_differs"],
                                  -(per[o]["shortest_witness"] or 0)))
    head = {k: v for k, v in per[top].items() if k != "witness"}
    head["measurable"] = True
    head["option"] = top
    head["variant"] = variant_keys(game, ch.clauses)
    head["per_option"] = {o: {k: v for k, v in f.items() if k not in ("witness", "configs")} for o, f in per.items()}
    head["no_effect"] = all(f["transition_differs_games"] == 0 for f in per.values())
    if head["no_effect"]:
        head["flag"] = f"no effect in {head['games']} games"
    return {**head, "witness": per[top]["witness"]}


def rank_key(impact: dict) -> tuple:
    """Sort key (ascending): measured items by result-differs share then transition-differs
    share (largest first), then measured items without effect, then unmeasurable ones."""
    if not impact.get("measurable"):
        return (2, 0.0, 0.0)
    return (1 if impact["no_effect"] else 0, -impact["result_differs"], -impact["transition_differs"])


def replay(game: str, w: dict) -> tuple[dict, dict]:
    """Replay a witness under both readings: the two canonical states (or successors, or
    legal-action lists) where it says they part. For tests and users checking a witness."""
    out = []
    for side in ("default", "other"):
        eng = reference_engine(game, w["choices"][side])
        st = eng.new_game(w["config"])
        for act in w["actions"]:
            st = eng.apply(st, act)
        if w["what"] == "legal":
            out.append(sorted(_key(x) for x in eng.legal_actions(st)))
        elif w["what"] == "chance":
            out.append(eng.chance(st))
        elif w.get("action") is not None:
            out.append(eng.to_json(eng.apply(st, w["action"])))
        else:
            out.append(eng.to_json(st))
    return out[0], out[1]
