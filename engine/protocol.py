"""The in-process engine protocol (DESIGN: "The engine protocol").

An engine is an object with a ``game``, a ``name``, a ``version``, the ``choices`` it
implements, and six pure functions over states. States are opaque objects inside
an engine; ``to_json``/``from_json`` convert them to and from the game's canonical
JSON (defined by ``specs/<game>/state.schema.json``). Actions are always canonical
JSON values (dicts), in-process and on the wire.

Every canonical state has at least::

    {"game": "opsnorren", "chance": <chance description or null>,
     "to_move": <player index, "chance", or null when the game is over>,
     "result": <null while playing, an object when the game is over>, ...}

At a chance node ``legal_actions`` returns ``[]`` and ``chance`` describes the event;
the driver supplies a chance action (see ``engine.chance``). At the end of the game
``legal_actions`` returns ``[]`` and ``chance`` returns ``None``.

Errors are raised as the classes of ``engine.errors``; never a bare exception.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

State = Any
Action = dict


#: the engine methods that read caller input; a subclass's own versions are guarded (see Engine)
_GUARDED = ("new_game", "legal_actions", "chance", "apply", "from_json", "observation")


def _guard(fn):
    """Input nested deeper than Python can walk (a 5,000-deep list) is ``malformed``, not a
    RecursionError escaping the engine; so is an action that is not an object, in any state
    (a finished game included).

    The wrapper takes the method's own number of positional arguments when it has a plain
    signature (one state, or a state and an action): a ``*args`` wrapper cost three times
    as much per call, on every ``legal_actions`` and ``apply`` of a playout."""
    import functools
    import inspect

    check_action = fn.__name__ == "apply"
    try:
        params = list(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):
        params = None
    plain = params is not None and all(
        p.kind is p.POSITIONAL_OR_KEYWORD and p.default is p.empty for p in params)
    arity = len(params) - 1 if plain else -1

    def too_deep():
        from engine.errors import MalformedError

        return MalformedError("the input is nested too deeply to be a state, action or config of this game")

    def not_an_object(action):
        from engine.errors import MalformedError

        return MalformedError(f"an action is a JSON object, got {type(action).__name__}", path="action")

    if check_action and arity == 2:
        def guarded(self, state, action):
            if not isinstance(action, dict):
                raise not_an_object(action)
            try:
                return fn(self, state, action)
            except RecursionError:
                raise too_deep() from None
    elif not check_action and arity == 1:
        def guarded(self, arg):
            try:
                return fn(self, arg)
            except RecursionError:
                raise too_deep() from None
    elif not check_action and arity == 2:
        def guarded(self, arg, other):
            try:
                return fn(self, arg, other)
            except RecursionError:
                raise too_deep() from None
    else:
        def guarded(self, *args):
            if check_action and len(args) == 2 and not isinstance(args[1], dict):
                raise not_an_object(args[1])
            try:
                return fn(self, *args)
            except RecursionError:
                raise too_deep() from None

    guarded = functools.wraps(fn)(guarded)
    guarded.__rulecheck_guarded__ = True
    return guarded


class Engine(ABC):
    """Base class of in-process engines. Subclasses fill in the abstract methods.

    Every subclass's input-reading methods are wrapped once, at class creation, so that
    input nested too deeply for Python becomes a ``malformed`` error.
    """

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        for name in _GUARDED:
            fn = cls.__dict__.get(name)
            if callable(fn) and not getattr(fn, "__rulecheck_guarded__", False):
                setattr(cls, name, _guard(fn))

    game: str = ""
    name: str = ""
    version: str = "0"

    #: choice id -> option this engine implements (for the reference: its configuration)
    choices: dict[str, str] = {}
    #: the new_game config keys this engine implements (specs/<game>/config.toml); None: all of them
    config_keys: list[str] | None = None

    @abstractmethod
    def new_game(self, config: dict) -> State:
        """The state before the first chance event of a game. Raises BadConfigError."""

    @abstractmethod
    def legal_actions(self, state: State) -> list[Action]:
        """Every legal player action, without duplicates; [] at a chance node or game end."""

    @abstractmethod
    def chance(self, state: State) -> dict | None:
        """The pending chance description (see engine.chance), or None."""

    @abstractmethod
    def apply(self, state: State, action: Action) -> State:
        """The successor state; ``state`` is left untouched.

        Raises MalformedError, IllegalActionError or InvalidOutcomeError.
        """

    @abstractmethod
    def to_json(self, state: State) -> dict:
        """The canonical JSON object of ``state``."""

    @abstractmethod
    def from_json(self, obj: dict) -> State:
        """Load a canonical JSON object. Raises MalformedError naming the bad field."""

    def canonical_text(self, state: State) -> bytes | None:
        """``engine.canonical.dumps(self.to_json(state))`` as UTF-8 bytes, when this engine writes
        it without building the object (a served state goes out as text); None: it does not
        (the default), and the caller writes ``to_json(state)``."""
        return None

    def is_terminal(self, state: State) -> bool:
        return self.result(state) is not None

    def result(self, state: State) -> dict | None:
        """The game's result object once it is over, else None."""
        return self.to_json(state).get("result")

    def observation(self, state: State, player: int) -> dict:
        """What ``player`` may see of ``state`` (hidden information removed).

        The default shows everything; games with hidden hands override it.
        """
        return self.to_json(state)

    def canonical_action(self, action: Action) -> Action:
        """The one spelling of ``action`` (``engine.notation``): a set's parts in canonical order."""
        return action

    def action_variants(self, action: Action, state: State | None = None) -> list[Action]:
        """Other spellings of ``action`` that are the same action when they lead to the same state
        (in ``state``, when given: a spelling the rules forbid there is none)."""
        return []

    def observation_view(self, observation: dict) -> dict:
        """``observation`` with public information in one presentation, optional fields left out."""
        from engine.notation import without_optional

        return without_optional(observation)

    def describe_action(self, state: State, action: Action) -> str:
        """A short human-readable sentence for the play log."""
        from engine.canonical import dumps

        return dumps(action)

    def describe_events(self, before: State, action: Action, after: State) -> list[str]:
        """What happened beyond the action itself (trick won, round scored, ...), for the play log."""
        return []

    def describe_state(self, state: State) -> str:
        """A short text of the position in the game's notation (``red 2 on 17``, ``blue 7``), for witnesses."""
        return ""

    def explainer(self):
        """The provenance of this engine's rulings (see ``engine.provenance``), or None when it has none."""
        return None

    def hello(self) -> dict:
        """What this engine says in the protocol's ``hello`` answer."""
        out = {"name": self.name, "version": self.version, "games": [self.game], "choices": dict(self.choices)}
        if self.config_keys is not None:
            out["config"] = list(self.config_keys)
        return out
