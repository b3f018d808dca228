"""Step definitions for features/opsnorren/*.feature.

They reach the engine only through the protocol (``rulecheck_engine("opsnorren")``:
new_game, legal_actions, chance, apply, to_json, from_json, observation), building
positions as canonical JSON, so the same scenarios run against any engine. Cards are
written as in the canonical notation: ``blue 7``, ``unicorn``. Players are ``player 2``
or a name given with "the players ... sit in that order".

Star counts are written as expressions over the assumed star table of the specs
(``stars(blue 10) - stars(green 5)``), so a user who replaces the table keeps a
working suite; trophy values are checked against the pending chance description.

The step definitions are split by concept: ``positions`` (notation, the scenario context,
the ``ops`` fixture), ``given``, ``actions`` (player actions and rejections),
``chance_events``, ``passing``, ``tricks``, ``visibility`` and ``scoring``. ``import *`` of
this package carries every step definition (the ``pytestbdd_stepdef_*`` fixtures pytest-bdd
injects into each defining module) and the ``ops`` fixture into the suite module.
"""

from harness.steps.opsnorren.positions import *  # noqa: F401,F403  (notation, Ops, the ops fixture)
from harness.steps.opsnorren.given import *  # noqa: F401,F403
from harness.steps.opsnorren.actions import *  # noqa: F401,F403
from harness.steps.opsnorren.chance_events import *  # noqa: F401,F403
from harness.steps.opsnorren.passing import *  # noqa: F401,F403
from harness.steps.opsnorren.tricks import *  # noqa: F401,F403
from harness.steps.opsnorren.visibility import *  # noqa: F401,F403
from harness.steps.opsnorren.scoring import *  # noqa: F401,F403
