"""Hypothesis settings profiles: ``ci`` (default, fast) and ``thorough`` (long campaigns).

TOOLING.md: under CI=true Hypothesis loads a built-in ``ci`` profile at import, and a
profile registered without a parent inherits the active one. So every profile names
its parent explicitly, all are registered first, and one is loaded last, from
``HYPOTHESIS_PROFILE`` (default ``ci``). No test hard-codes ``max_examples``.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, Phase, settings

_base = settings.get_profile("default")

settings.register_profile(
    "ci",
    parent=_base,
    max_examples=25,
    stateful_step_count=40,
    deadline=None,
    derandomize=True,
    database=None,
    print_blob=True,
    phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.target, Phase.shrink],  # no explain
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "thorough",
    parent=_base,
    max_examples=2000,
    stateful_step_count=200,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "failfast",
    parent=_base,
    max_examples=10,
    stateful_step_count=30,
    deadline=None,
    derandomize=True,
    database=None,
    phases=[Phase.explicit, Phase.generate],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "ci")
settings.load_profile(PROFILE)

# Shrinking budget. Hypothesis stops shrinking after MAX_SHRINKING_SECONDS (300 s by default),
# an internal constant with no public setting. A conformance run must stay bounded, so the
# fast profiles allow 60 s (a failure is still shrunk, usually within seconds). Override with
# RULECHECK_MAX_SHRINK_SECONDS. Guarded: if Hypothesis renames the constant, nothing breaks.
try:
    from hypothesis.internal.conjecture import engine as _conjecture_engine

    if hasattr(_conjecture_engine, "MAX_SHRINKING_SECONDS"):
        _default = "300" if PROFILE == "thorough" else "60"
        _conjecture_engine.MAX_SHRINKING_SECONDS = int(os.environ.get("RULECHECK_MAX_SHRINK_SECONDS", _default))
except ImportError:  # pragma: no cover
    pass

# Reproducible exploration (TOOLING.md): Hypothesis mixes constants found in local source
# modules into its draws, so which modules happen to be imported (in-process engine vs
# protocol, an unrelated plugin) changed what a derandomized run explored. rulecheck's
# exploration must depend on the engine, the seed and the profile only: local constants
# are switched off (its built-in global constants stay). Guarded like the one above.
try:
    from hypothesis.internal.conjecture import providers as _providers

    if hasattr(_providers, "_get_local_constants") and hasattr(_providers, "Constants"):
        _NO_LOCAL_CONSTANTS = _providers.Constants()
        _providers._get_local_constants = lambda: _NO_LOCAL_CONSTANTS
except ImportError:  # pragma: no cover
    pass
