"""Test order: the long runs first, so that with ``pytest -n auto --dist worksteal`` no worker
starts a minute-long ``rulecheck check`` subprocess while the other has nothing left to do."""

from __future__ import annotations

#: modules whose tests each run a whole ``rulecheck check`` (or a campaign) in a subprocess
LONG_RUNS = ("test_notation.py", "test_example_engines.py", "test_broken_engines.py", "test_campaign.py",
             "test_hostile_engines.py", "test_sandbox.py", "test_protocol_check.py", "test_wheel_install.py",
             "test_reproducible_exploration.py", "test_protocol_node.py")


def pytest_collection_modifyitems(config, items):
    items.sort(key=lambda item: item.path.name not in LONG_RUNS)  # stable: the order within each group stays
