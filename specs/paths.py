"""Where rulecheck's files live, in a checkout and in an installed wheel (packaging).

The one place that knows it. Python packages (``engine``, ``harness``, ``specs``, ``proofs``,
with the suite ``harness/suite``) sit side by side in both cases, under ``CODE_ROOT``: the
checkout, or ``site-packages``. The data that is no Python package (``seeds/``,
``features/``, ``docs/``) sits at the top of a checkout; a wheel carries it inside this
package as ``specs/_data/<folder>`` (``setup.py`` maps the folders there), so
``DATA_ROOT`` is the one or the other.
"""

from __future__ import annotations

from pathlib import Path

SPECS_DIR = Path(__file__).resolve().parent
#: the folder holding the packages: the checkout, or site-packages of an installed wheel
CODE_ROOT = SPECS_DIR.parent
#: where a wheel puts the top-level data folders (``setup.py``: ``specs._data.<folder>``)
BUNDLED = SPECS_DIR / "_data"
#: True when running from an installed wheel rather than a checkout
INSTALLED = (BUNDLED / "seeds").is_dir()
DATA_ROOT = BUNDLED if INSTALLED else CODE_ROOT

SEEDS_DIR = DATA_ROOT / "seeds"
FEATURES_DIR = DATA_ROOT / "features"
DOCS_DIR = DATA_ROOT / "docs"
SUITE_DIR = CODE_ROOT / "harness" / "suite"
#: the pytest configuration the conformance suite runs with (``-c``), wherever it is installed,
#: so a user's own ``pytest.ini``/``pyproject.toml``/``conftest.py`` never leaks into a check
SUITE_INI = SUITE_DIR / "suite.ini"
