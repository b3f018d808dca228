"""Z3 proofs and the ambiguity finder: a second, independent reading of the rules.

The models in ``proofs/<game>/`` are written from ``specs/`` (clauses, geometry,
parameters), never by calling ``engine/``; tests show the two readings agree.

- ``proofs.core``: ``Theorem`` (registered with ``@theorem``), ``Outcome``, the
  ``prove``/``find`` helpers (plain ``Solver`` with push/pop, ``unknown`` is a failure,
  every model re-checked), and ``Ambiguity`` items of the register.
- ``proofs/<game>/theorems.py`` registers theorems; ``proofs/<game>/ambiguities.py``
  defines ``register() -> list[Ambiguity]``.
"""
