from pytest_bdd import scenarios

from harness.games.opsnorren.steps import *  # noqa: F401,F403  (step definitions)
from specs import FEATURES_DIR

scenarios(str(FEATURES_DIR / "opsnorren"))
