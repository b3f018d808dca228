from pytest_bdd import scenarios

from harness.steps.opsnorren import *  # noqa: F401,F403  (step definitions)
from specs import ROOT

scenarios(str(ROOT / "features" / "opsnorren"))
