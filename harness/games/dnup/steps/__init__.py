"""Step definitions for features/dnup: reach the engine only through the protocol.

Positions are built as canonical JSON (specs/dnup/state.schema.json) and loaded with
``from_json``. Cards are written with the active value first: ``3/7`` is the card with
values 3 and 7 showing 3, ``7/3`` the same card turned (the assumed deck,
specs/dnup/deck.json, has one card per pair of values). Cards nobody is given are in
the discard pile; a player who is not out and is given no hand gets two filler cards
(the first unused cards by id).

A failed check raises an AssertionError that names the scenario's clauses as
``[DNP-...]``, so the verdict collector blames them.

The card notation and the base position are the game's one position builder
(``harness.games.dnup.positions``). The step definitions are split by concept: ``context``
(the scenario context, the ``dnup`` fixture), ``given``, ``actions`` (player actions,
rejections, legal actions), ``dealing``, ``loading``, ``table`` and ``scoring``.
``import *`` of this package carries every step definition (the ``pytestbdd_stepdef_*``
fixtures pytest-bdd injects into each defining module) and the ``dnup`` fixture into the
suite module.
"""

from harness.games.dnup.steps.context import *  # noqa: F401,F403  (Ctx, the dnup fixture)
from harness.games.dnup.steps.given import *  # noqa: F401,F403
from harness.games.dnup.steps.actions import *  # noqa: F401,F403
from harness.games.dnup.steps.dealing import *  # noqa: F401,F403
from harness.games.dnup.steps.loading import *  # noqa: F401,F403
from harness.games.dnup.steps.table import *  # noqa: F401,F403
from harness.games.dnup.steps.scoring import *  # noqa: F401,F403
