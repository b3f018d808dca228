"""The calibration workload ``rulecheck bench`` measures in the same run as the engines.

Absolute speeds on a shared machine swing by half from hour to hour; a speed divided by
the speed of a fixed workload measured in the same process, minutes apart, holds. The
workload is, in order of preference:

- ``hearts``: OpenSpiel's C++ hearts (``pip install 'rulecheck[anchors]'``), random
  playouts driven from Python the way ``rulecheck bench`` drives an engine: uniformly
  random legal actions and chance outcomes from ``random.Random``, and pure transitions
  (``state.child(action)``, a new state each step, as our engines' ``apply``). The figure
  is player decisions (plies) per CPU-second; chance events are not counted.
- ``python``: without OpenSpiel, a small fixed pure-Python workload (:func:`python_workload`,
  a four-player trick-taking playout on tuples), in units per CPU-second, turned into a
  hearts-equivalent figure by :data:`HEARTS_PER_PYTHON_UNIT`, the ratio of the two measured
  side by side on the development machine (``python -m harness.calibration`` measures it
  again).

Every figure is CPU time of this process (``time.process_time``): what another process does
on a shared core changes it far less than wall time.
"""

from __future__ import annotations

import random
import statistics
import time

#: hearts plies per CPU-second / python-workload plies per CPU-second, measured side by side
#: on the 2-core development machine (``python -m harness.calibration``, twice, 16 interleaved
#: pairs of 1 s: median 0.595, pairs from 0.46 to 0.83 under load). Only used without OpenSpiel.
HEARTS_PER_PYTHON_UNIT = 0.6


def hearts_available() -> bool:
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return False
    return True


# ---- C++ hearts ---------------------------------------------------------------------
_HEARTS = None


def _hearts_game():
    global _HEARTS
    if _HEARTS is None:
        import pyspiel

        _HEARTS = pyspiel.load_game("hearts")
    return _HEARTS


def hearts_workload(seconds: float, seed: int = 0) -> dict:
    """Random playouts of OpenSpiel's C++ hearts for ``seconds`` of CPU: plies per CPU-second."""
    game = _hearts_game()
    rng = random.Random(seed)
    plies = games = 0
    t0 = time.process_time()
    elapsed = 0.0
    while elapsed < seconds:
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                outcomes = s.chance_outcomes()
                s = s.child(outcomes[rng.randrange(len(outcomes))][0])
            else:
                legal = s.legal_actions()
                s = s.child(legal[rng.randrange(len(legal))])
                plies += 1
        games += 1
        elapsed = time.process_time() - t0
    return {"units": plies, "cpu_seconds": elapsed, "per_s": plies / elapsed, "games": games}


# ---- the pure-Python stand-in ---------------------------------------------------------
_DECK = tuple((suit, rank) for suit in range(4) for rank in range(13))


def _python_playout(rng: random.Random) -> int:
    """One four-player trick-taking game on tuples: deal, then 13 tricks of following suit
    when able; each play makes a new state tuple (pure transitions). Returns its plies."""
    deck = list(_DECK)
    rng.shuffle(deck)
    hands = tuple(tuple(sorted(deck[i * 13:(i + 1) * 13])) for i in range(4))
    state = (hands, 0, (), (0, 0, 0, 0))  # hands, player to move, trick so far, points
    plies = 0
    while state[0][0] or state[2]:
        hands, player, trick, points = state
        hand = hands[player]
        if trick:
            led = trick[0][1][0]
            legal = [c for c in hand if c[0] == led] or list(hand)
        else:
            legal = list(hand)
        card = legal[rng.randrange(len(legal))]
        plies += 1
        hands = hands[:player] + (tuple(c for c in hand if c != card),) + hands[player + 1:]
        trick = trick + ((player, card),)
        if len(trick) == 4:
            led = trick[0][1][0]
            winner = max((p for p in trick if p[1][0] == led), key=lambda p: p[1][1])[0]
            won = sum(1 for _, c in trick if c[0] == 3) + (13 if (2, 10) in [c for _, c in trick] else 0)
            points = tuple(v + won if i == winner else v for i, v in enumerate(points))
            state = (hands, winner, (), points)
        else:
            state = (hands, (player + 1) % 4, trick, points)
    return plies


def python_workload(seconds: float, seed: int = 0) -> dict:
    """The fixed pure-Python workload for ``seconds`` of CPU: plies per CPU-second."""
    rng = random.Random(seed)
    plies = games = 0
    t0 = time.process_time()
    elapsed = 0.0
    while elapsed < seconds:
        plies += _python_playout(rng)
        games += 1
        elapsed = time.process_time() - t0
    return {"units": plies, "cpu_seconds": elapsed, "per_s": plies / elapsed, "games": games}


# ---- the calibrator the bench uses --------------------------------------------------------
class Calibration:
    """Measures the calibration workload in slices between the engine measurements.

    ``measure(seconds)`` runs one slice and remembers it; ``hearts_per_s_around(i)`` is the
    hearts-equivalent speed of slices ``i`` and ``i + 1`` (the ones just before and just after
    a measurement), so every ratio is taken against the machine of that moment."""

    def __init__(self, kind: str | None = None):
        if kind is None:
            kind = "hearts" if hearts_available() else "python"
        if kind == "hearts" and not hearts_available():
            raise RuntimeError("the hearts calibration needs OpenSpiel: pip install 'rulecheck[anchors]'")
        self.kind = kind
        self.slices: list[dict] = []

    @property
    def factor(self) -> float:
        """hearts-equivalent per unit of the workload (1 for hearts itself)."""
        return 1.0 if self.kind == "hearts" else HEARTS_PER_PYTHON_UNIT

    def measure(self, seconds: float) -> int:
        run = hearts_workload if self.kind == "hearts" else python_workload
        r = run(seconds, seed=len(self.slices))
        r["hearts_per_s"] = r["per_s"] * self.factor
        self.slices.append(r)
        return len(self.slices) - 1

    def hearts_per_s_around(self, i: int) -> float:
        near = self.slices[i:i + 2] or self.slices[-1:]
        return statistics.fmean(s["hearts_per_s"] for s in near)

    def describe(self) -> str:
        if self.kind == "hearts":
            return "OpenSpiel C++ hearts random playouts (pure transitions), plies per CPU-second"
        return (f"no OpenSpiel: a fixed pure-Python trick-taking playout (harness.calibration), "
                f"x {self.factor:.3f} hearts-equivalent per unit as measured on the development machine; "
                f"pip install 'rulecheck[anchors]' for C++ hearts")

    def summary(self) -> dict:
        per_s = [s["per_s"] for s in self.slices]
        return {
            "kind": self.kind,
            "workload": self.describe(),
            "unit": "hearts plies" if self.kind == "hearts" else "python-workload plies",
            "hearts_equivalent_per_unit": self.factor,
            "slices": [{"per_s": round(s["per_s"]), "cpu_seconds": round(s["cpu_seconds"], 3)} for s in self.slices],
            "median_per_s": round(statistics.median(per_s)) if per_s else None,
            "median_hearts_per_s": round(statistics.median(per_s) * self.factor) if per_s else None,
        }


def measure_factor(seconds: float = 1.0, runs: int = 9) -> dict:
    """Hearts plies/s over python-workload plies/s, interleaved pairs on this machine."""
    ratios, hearts, python = [], [], []
    for i in range(runs):
        h = hearts_workload(seconds, seed=i)["per_s"]
        p = python_workload(seconds, seed=i)["per_s"]
        hearts.append(h)
        python.append(p)
        ratios.append(h / p)
    return {"hearts_per_s": [round(x) for x in hearts], "python_per_s": [round(x) for x in python],
            "ratios": [round(x, 4) for x in ratios], "median_ratio": round(statistics.median(ratios), 4)}


def main(argv: list[str] | None = None) -> int:
    import argparse
    import json

    ap = argparse.ArgumentParser(prog="python -m harness.calibration",
                                 description="measure HEARTS_PER_PYTHON_UNIT on this machine (needs OpenSpiel)")
    ap.add_argument("--seconds", type=float, default=1.0)
    ap.add_argument("--runs", type=int, default=9)
    args = ap.parse_args(argv)
    print(json.dumps(measure_factor(args.seconds, args.runs), indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
