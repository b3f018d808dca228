"""The settings of one check, carried whole from the command line (``rulecheck check``) to the
suite run (``harness.run.run_suite``) and the reports."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class CheckSettings:
    """What one check is asked to do: which games, which engine under which readings, which
    tests, how a ``cmd:`` engine is run, and which reports are written."""

    games: tuple[str, ...]
    #: ``reference``, ``py:<module>:<factory>`` or ``cmd:<command line>``
    engine: str = "reference"
    #: readings of ambiguous rules (choice id -> option), for every game of the run
    choices: dict[str, str] = field(default_factory=dict)
    #: only the tests of these clauses (prefix match) / with a matching tag (globs)
    clauses: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    #: Hypothesis profile (None: the one in force, ``ci`` by default)
    profile: str | None = None
    #: known deviations of this engine (clause id -> reason), from ``--expect``
    expected: dict[str, str] | None = None
    #: seconds for the whole run (None: no limit); tests not run by then are reported as not run
    budget: float | None = None
    #: a folder of campaign vectors replayed first (``rulecheck fuzz --out``)
    vectors: str | None = None
    #: ``cmd:`` engines: seconds allowed per request (None: the driver's default)
    deadline: float | None = None
    #: ``cmd:`` engines: a new process for every test instead of reusing a healthy one
    fresh_process: bool = False
    #: ``cmd:`` engines: no network, a read-only file system but a scratch folder
    sandbox: bool = False
    json_path: str | None = None
    junit_path: str | None = None
    html_path: str | None = None
    #: the terminal lists every clause, or only those not passing
    all_clauses: bool = True

    def __post_init__(self):
        object.__setattr__(self, "games", tuple(self.games))
        object.__setattr__(self, "clauses", tuple(self.clauses))
        object.__setattr__(self, "tags", tuple(self.tags))
        object.__setattr__(self, "choices", dict(self.choices or {}))

    def environment(self) -> dict[str, str]:
        """What the suite's engine drivers read from the environment (they run inside pytest)."""
        env = {"RULECHECK_REUSE_ENGINES": "0" if self.fresh_process else "1"}
        if self.deadline is not None:
            env["RULECHECK_DEADLINE"] = str(self.deadline)
        if self.sandbox:
            env["RULECHECK_SANDBOX"] = "1"
        if self.profile:
            env["HYPOTHESIS_PROFILE"] = self.profile
        return env

    @property
    def filtered(self) -> bool:
        """Only some tests run (clauses or tags chosen)."""
        return bool(self.clauses or self.tags)
