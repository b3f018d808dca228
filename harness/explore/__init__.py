"""Exploration: how rulecheck walks an engine's game tree against the reference.

- ``playout``: seeded random games; ``machine``: the Hypothesis stateful machine that checks
  the rules' invariants on every transition (the per-game machines are in
  ``harness.games.<game>.machine``);
- ``lockstep``: candidate and reference side by side in every explored state (legal sets,
  chance, every player's observation, negative probes from ``probes``, re-asked requests,
  successors), shared by ``differential`` play and the ``situations`` built around a rule
  (the per-game position builders are in ``harness.games.<game>.positions``);
- ``perft``: move-path enumeration and divide; ``coverage``: per-clause counts of the
  transitions explored (``python -m harness.explore.coverage``);
- ``pairs``: pair coverage, the clause pairs met in one transition against those
  ``specs/<game>/pairs.toml`` declares, and the situation rebuilding the ones marked ``replay``;
  ``pair_search``: the long exploration that writes that file
  (``python -m harness.explore.pair_search``).
"""
