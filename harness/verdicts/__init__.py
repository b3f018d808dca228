"""Verdicts and reports: what a check found, which clause it blames, and how it is told.

- ``findings``: a finding (clause, check, message, witness, basis) recorded as a value;
  ``attribution``: an escaped exception attributed by its type; ``blame`` and
  ``violations``: the reference's provenance turned into the clauses a divergence breaks;
  ``jsondiff``: the parts two states differ in; ``vectors`` and ``perft_check``: replayed
  vectors and perft counts as findings;
- ``check``: runs the suite and judges a verdict per clause; ``check_outcome``: how a run
  ends (signals, startup failures, reports written together); ``report``: JSON, JUnit, HTML;
- ``trace``: rulebook sentence -> clauses -> checks; ``impact`` and ``ambiguity_report``:
  the ambiguity register ranked by how much each reading changes play.
"""
