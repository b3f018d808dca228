"""``python -m harness.cli``: the ``rulecheck`` command."""

from harness.cli import main

main()
