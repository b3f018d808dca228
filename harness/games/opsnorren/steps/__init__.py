"""Step definitions for features/opsnorren/*.feature.

They reach the engine only through the protocol (``rulecheck_engine("opsnorren")``:
new_game, legal_actions, chance, apply, to_json, from_json, observation), building
positions as canonical JSON, so the same scenarios run against any engine. Cards are
written as in the canonical notation: ``blue 7``, ``unicorn``. Players are ``player 2``
or a name given with "the players ... sit in that order".

Star counts are written as expressions over the assumed star table of the specs
(``stars(blue 10) - stars(green 5)``), so a user who replaces the table keeps a
working suite; trophy values are checked against the pending chance description.

The card notation is the game's one position builder (``harness.games.opsnorren.positions``).
The step definitions are split by concept: ``context`` (the scenario context, the ``ops``
fixture), ``given``, ``actions`` (player actions and rejections),
``chance_events``, ``passing``, ``tricks``, ``visibility`` and ``scoring``. ``import *`` of
this package carries every step definition (the ``pytestbdd_stepdef_*`` fixtures pytest-bdd
injects into each defining module) and the ``ops`` fixture into the suite module.
"""

from harness.games.opsnorren.steps.context import *  # noqa: F401,F403  (Ops, the ops fixture)
from harness.games.opsnorren.steps.given import *  # noqa: F401,F403
from harness.games.opsnorren.steps.actions import *  # noqa: F401,F403
from harness.games.opsnorren.steps.chance_events import *  # noqa: F401,F403
from harness.games.opsnorren.steps.passing import *  # noqa: F401,F403
from harness.games.opsnorren.steps.tricks import *  # noqa: F401,F403
from harness.games.opsnorren.steps.visibility import *  # noqa: F401,F403
from harness.games.opsnorren.steps.scoring import *  # noqa: F401,F403
