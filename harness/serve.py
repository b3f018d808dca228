"""``rulecheck serve``: an in-process engine spoken to over the engine protocol (docs/protocol.md).

``serve(engine_or_factory, infile, outfile)`` reads one JSON request per line from
``infile`` and writes one JSON response per line to ``outfile`` (flushed after each
line) until end of file. It never dies on bad input: a line that is not a request gets
``{"id": null, "error": {"code": "malformed", ...}}`` (or the request's id when it could
be read), an engine error gets its code, an unexpected exception in the engine gets
code ``internal`` (with the traceback on stderr), and the server keeps going.

``serve_main(game, choices, infile, outfile)`` serves the reference engine of ``game``
(what ``rulecheck serve --game G --choice id=opt`` runs); ``python -m harness.serve
--game G [--choice id=opt] [--engine py:module:factory]`` does the same without the CLI.
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
import traceback
from typing import Any, Callable, Union

import orjson

import specs.protocol as proto
from engine.canonical import dumps, float_free, float_free_bytes, loads_checked, same, vouched_float_free
from engine.errors import MalformedError, RulecheckError, UnknownChoiceError, UnknownRefError
from engine.protocol import Engine

#: a factory gets the choices asked for in ``hello`` (None: the engine's defaults)
EngineFactory = Callable[[Union[dict, None]], Engine]

#: a request line longer than this is answered ``malformed`` (and skipped)
MAX_REQUEST_BYTES = 64 * 1024 * 1024


def _dumps(obj: Any, no_nan: bool = False) -> str:
    """One response line: canonical text (``engine.canonical.dumps``: orjson, exactly as json
    writes it). Text UTF-8 cannot carry (a lone surrogate in a request's id, echoed back) is
    written as a JSON escape instead, so no answer can crash the server."""
    try:
        text = dumps(obj, no_nan=no_nan)
    except TypeError:  # json (the fallback for what orjson writes otherwise) does not know a Fragment
        obj = _unfragment(obj)
        text = dumps(obj, no_nan=no_nan)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(_unfragment(obj), sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return text


def _unfragment(obj: Any) -> Any:
    """``obj`` with every ``orjson.Fragment`` read back into its value."""
    if type(obj) is orjson.Fragment:
        return orjson.loads(orjson.dumps(obj))  # a fragment is written as its bytes
    if type(obj) is dict:
        return {k: _unfragment(v) for k, v in obj.items()}
    if type(obj) is list:
        return [_unfragment(v) for v in obj]
    return obj


class Server:
    """Answers protocol requests (as dicts) with an in-process engine."""

    def __init__(self, engine_or_factory: Engine | EngineFactory, *, validate: bool = True):
        if isinstance(engine_or_factory, Engine):
            self.engine = engine_or_factory
            self.factory = None
        else:
            self.factory = engine_or_factory
            self.engine = engine_or_factory(None)
        self.validate = validate
        self.requests = 0
        self.memo = StateMemo()
        #: states answered to a request with ``"keep": true``, by their ref (feature state-ref), oldest first
        self.kept: collections.OrderedDict[int, Any] = collections.OrderedDict()
        self._next_ref = 0
        self._ref_engine = self._ref = self._text = None
        self._wire = False  # answering a line: a remembered state goes out as its canonical bytes

    @property
    def reference(self) -> bool:
        """Whether the engine is one of ours (``engine.*``): its output holds no NaN or infinity.
        Asked twice a transition: worked out once per engine, with its ``canonical_text`` when it
        writes its own (``self._text``, else None)."""
        eng = self.engine
        if self._ref_engine is not eng:
            self._ref_engine, self._ref = eng, type(eng).__module__.startswith("engine.")
            own = getattr(type(eng), "canonical_text", Engine.canonical_text) is not Engine.canonical_text
            self._text = eng.canonical_text if self._ref and own else None
        return self._ref

    # ---- one request ---------------------------------------------------------------
    def handle(self, req: Any) -> dict:
        """The response to one request object (never raises)."""
        self.requests += 1
        rid = req.get("id") if isinstance(req, dict) else None
        if not isinstance(rid, (int, str)) or isinstance(rid, bool):
            rid = None
        try:
            if not isinstance(req, dict):
                raise MalformedError(f"a request is a JSON object, got {type(req).__name__}")
            if self.validate:
                problems = proto.errors("request", req)
                if problems:
                    raise MalformedError("not a valid request: " + "; ".join(problems))
            elif rid is None:
                raise MalformedError("a request needs an id (an integer or a string)")
            op = req.get("op")
            if op == "hello":
                return {"id": rid, **self._hello(req)}
            if op == "batch":
                return {"id": rid, "responses": self._subs(req["requests"])}
            return {"id": rid, **self._op(op, req)}
        except RulecheckError as exc:
            return {"id": rid, "error": exc.to_wire()}
        except RecursionError:
            return {"id": rid, "error": _too_deep()}
        except Exception as exc:  # noqa: BLE001  (the server must never die on a request)
            return {"id": rid, "error": _internal(exc)}

    def _subs(self, reqs: list) -> list:
        """The answers to a batch's sub-requests, each as if it came alone (an error stays in its slot)."""
        out = []
        op = self._op
        for req in reqs:
            try:
                out.append(op(req["op"], req))
            except RulecheckError as exc:
                out.append({"error": exc.to_wire()})
            except RecursionError:
                out.append({"error": _too_deep()})
            except Exception as exc:  # noqa: BLE001
                out.append({"error": _internal(exc)})
        return out

    def _hello(self, req: dict) -> dict:
        wanted = req.get("choices")
        if wanted is not None:
            if self.factory is not None:
                self.engine = self.factory(wanted)  # UnknownChoiceError travels as unknown-choice
            else:
                have = dict(self.engine.choices)
                for cid in wanted:
                    if cid not in have:
                        raise UnknownChoiceError(f"this engine has no choice {cid!r}; it has: {', '.join(sorted(have)) or '(none)'}")
        self.kept.clear()  # refs name states of the session's engine: a new hello starts afresh
        info = dict(self.engine.hello())
        return {"protocol": proto.PROTOCOL_VERSION, **info,
                "ops": [*proto.REQUIRED_OPS, *proto.OPTIONAL_OPS, *proto.FEATURES]}

    def _keep(self, state, answer: dict, actions: list | None = None) -> dict:
        """``answer`` with the ref of ``state``, kept for later requests (feature state-ref: at least
        the ``proto.KEPT_STATES`` most recent are kept), with ``actions``, the legal actions answered
        for it, when the engine is a reference one (``StateMemo.twin``: the action sent back with the
        ref is handed to ``apply`` as the object listed)."""
        kept = self.kept
        if len(kept) >= proto.KEPT_STATES:
            kept.popitem(last=False)
        self._next_ref += 1
        kept[self._next_ref] = (state, actions if self.reference else None)
        answer["ref"] = self._next_ref
        return answer

    def _kept(self, ref) -> tuple:
        """(the kept state ``ref`` names, the legal actions answered with it or None)."""
        got = self.kept.get(ref) if type(ref) is int else None
        if got is None:
            raise UnknownRefError(f"no kept state has ref {ref!r}: this engine keeps the states of its last "
                                  f"{proto.KEPT_STATES} answers to requests with \"keep\": true", path="state_ref")
        return got

    def _state_of(self, req: dict):
        """The state a request names: its ``state``, or the kept state its ``state_ref`` names."""
        if "state_ref" not in req:
            return self._state(req["state"])
        return self._kept(req["state_ref"])[0]

    def _state(self, obj: dict):
        game = obj.get("game")
        if game != self.engine.game:
            raise MalformedError(f"this engine plays {self.engine.game!r}, the state is of game {game!r}", path="state/game")
        if self.reference and vouched_float_free(obj):
            hit = self.memo.find(obj, self.engine)
            if hit is not None:
                return hit
        return self.engine.from_json(obj)

    def _out(self, state, remember: bool = True) -> dict | orjson.Fragment:
        """``to_json(state)``, remembered (a reference engine's own output) for the next request.

        While a line is answered, a reference engine's state is its canonical text (the memo's
        key) as an ``orjson.Fragment``: the answer line embeds those bytes instead of writing the
        state again (``_dumps`` reads fragments back into values when it must fall back to
        ``json``). ``remember`` False: the request named its state by ref (feature state-ref), so
        its harness names this one by ref too; the memo, for states sent back whole, is left as
        it is (a cache: a state sent whole anyway is read by ``from_json``, to the same answer).

        A reference engine that writes its states' canonical text itself (``Engine.canonical_text``)
        is not asked for the object while a line is answered: that text is the memo's key and the
        answer's."""
        eng = self.engine
        if not self.reference:
            return eng.to_json(state)
        if self._wire and self._text is not None:
            key = self._text(state)
            if key is not None:
                if remember:
                    self.memo.keep(key, state, eng)
                return orjson.Fragment(key)
        obj = eng.to_json(state)
        key = self.memo.put(obj, state, eng) if remember else self.memo.key(obj, eng)
        if key is not None and self._wire:
            return orjson.Fragment(key)
        return obj

    def _listed(self, state, actions: list) -> list:
        """``actions``, the legal actions answered for ``state``, remembered with it (a reference
        engine's own state) so that one of them sent back is handed to ``apply`` as the very
        object listed (``StateMemo.listed_twin``)."""
        if self.reference:
            self.memo.listed(state, actions, self.engine)
        return actions

    def _op(self, op: str, req: dict) -> dict:
        eng = self.engine
        if op == "apply":  # the usual request first
            action = req.get("action")
            if not isinstance(action, dict):
                raise MalformedError(f"an action is a JSON object, got {type(action).__name__}", path="action")
            if "state_ref" in req:  # by ref (feature state-ref): the actions listed with it are kept with it
                state, listed = self._kept(req["state_ref"])
                twin = self.memo.twin(listed, action) if listed is not None else self.memo.listed_twin(state, action)
            else:
                state = self._state(req["state"])
                twin = self.memo.listed_twin(state, action)
            new = eng.apply(state, twin)
            answer = {"state": self._out(new, "state_ref" not in req)}
            keep = req.get("keep") is True
            actions = None
            if req.get("legal"):
                actions = eng.legal_actions(new)
                answer["actions"] = actions if keep else self._listed(new, actions)
            return self._keep(new, answer, actions) if keep else answer
        if op == "legal":
            state = self._state_of(req)
            return {"actions": self._listed(state, eng.legal_actions(state))}
        if op == "new":
            if req["game"] != eng.game:
                from engine.errors import BadConfigError

                raise BadConfigError(f"this engine plays {eng.game!r}, not {req['game']!r}", path="game")
            new = eng.new_game(req["config"])
            answer = {"state": self._out(new)}
            return self._keep(new, answer) if req.get("keep") is True else answer
        if op == "load":
            return {"state": eng.to_json(self._state(req["state"]))}
        if op == "chance":
            return {"chance": eng.chance(self._state(req["state"]))}
        if op == "observe":
            state = self._state(req["state"])
            player, n = req.get("player"), _player_count(req["state"])
            if not isinstance(player, int) or isinstance(player, bool) or not (n is None or 0 <= player < n):
                raise MalformedError(f"no player {player!r} in this game (players are 0..{(n or 1) - 1})", path="player")
            return {"observation": eng.observation(state, player)}
        raise MalformedError(f"unknown op {op!r}; ops: {', '.join(proto.REQUIRED_OPS + proto.OPTIONAL_OPS)}", path="op")

    # ---- one line ------------------------------------------------------------------
    def handle_line(self, line: str | bytes) -> str | None:
        """The response line (without newline) to one request line; None for a blank line."""
        out = self.answer_line(line)
        return None if out is None else out.decode("utf-8")

    def answer_line(self, line: str | bytes) -> bytes | None:
        """:meth:`handle_line`'s answer as UTF-8 bytes (what ``serve`` writes)."""
        raw = line
        try:
            if isinstance(line, bytes):
                line = line.decode("utf-8")
        except UnicodeDecodeError as exc:
            return _dumps({"id": None, "error": {"code": "malformed", "message": f"the line is not UTF-8: {exc}"}}).encode()
        if not line.strip():
            return None
        try:
            req, no_floats = loads_checked(raw, line)
        except (ValueError, RecursionError) as exc:
            return _dumps({"id": None, "error": {"code": "malformed",
                                                 "message": f"the line is not JSON: {exc}; line starts {line[:80]!r}"}}).encode()
        self._wire = True
        try:
            if no_floats:  # the engine's from_json need not look for a float in the states again
                with float_free(_states(req)):
                    resp = self.handle(req)
            else:
                resp = self.handle(req)
        finally:
            self._wire = False
        if self.reference:  # our engines answer integers, never a float: orjson's text is exact
            try:
                return float_free_bytes(resp)
            except TypeError:
                pass
        try:
            return _dumps(resp, no_nan=self.reference).encode("utf-8")
        except (TypeError, ValueError) as exc:  # an engine returned something that is not JSON
            return _dumps({"id": resp.get("id"), "error": _internal(exc)}).encode("utf-8")


class StateMemo:
    """The internal states a reference engine recently answered with, by canonical text.

    A harness sends back the states it was just given (the next ply of each game), so
    ``from_json`` (schema check, float check, parse: most of a served transition) is mostly
    redone on the engine's own output. A state whose canonical text is one the engine
    produced is that state: its internal form is reused. Only for reference engines
    (``engine.*``, whose ``from_json(to_json(s))`` is ``s``: the canonical round trip their
    tests hold them to) and only for states from a line without floats (orjson's text of
    such a value is exact). Bounded; forgets the oldest first; emptied when the engine
    changes (``hello`` with choices).

    It also keeps, for the states it holds, the legal actions answered for them (``listed``):
    the harness sends back one of them with the state, as a fresh object read from the line;
    ``listed_twin`` hands the engine the object it listed instead, when the two have the same
    canonical text (the same JSON value), so the engine's own fast path for an action it
    listed is taken rather than reading and checking the action again. For reference engines
    only (the memo's engines), whose ``apply`` gives the same answer for equal actions."""

    def __init__(self, size: int = 2048):
        self.size = size
        # oldest first; OrderedDict.popitem(last=False) forgets it in constant time (a dict's
        # next(iter(d)) walks the holes its earlier deletions left: 1.4 us against 0.3 here)
        self.states: collections.OrderedDict[bytes, Any] = collections.OrderedDict()
        #: id(state) -> (state, its listed actions): the state is held, so its id is not reused
        self.actions: collections.OrderedDict[int, tuple] = collections.OrderedDict()
        self.engine = None

    def key(self, obj: dict, engine) -> bytes | None:
        """The canonical text of ``obj`` (sorted keys), or None when orjson's text would not be exact."""
        self._engine_is(engine)
        try:
            return orjson.dumps(obj, option=orjson.OPT_SORT_KEYS)
        except TypeError:  # not JSON orjson writes exactly (a big integer, a lone surrogate): no memo
            return None

    def find(self, obj: dict, engine):
        """The remembered state whose canonical text ``obj`` is, or None.

        A harness mostly sends back a state as it was answered (keys already in canonical
        order): its text in its own key order is tried first (cheaper than sorting), then the
        sorted text (a state built elsewhere, keys in another order)."""
        self._engine_is(engine)
        try:
            hit = self.states.get(orjson.dumps(obj))
            if hit is None:
                hit = self.states.get(orjson.dumps(obj, option=orjson.OPT_SORT_KEYS))
        except TypeError:
            return None
        return hit

    def put(self, obj: dict, state, engine) -> bytes | None:
        """Remember ``state`` under the canonical text of ``obj``; returns that text (None: not kept)."""
        key = self.key(obj, engine)  # a reference engine's output: no float, so orjson's text is exact
        if key is not None:
            self.keep(key, state, engine)
        return key

    def keep(self, key: bytes, state, engine) -> None:
        """Remember ``state`` under ``key``, the canonical text of its JSON."""
        self._engine_is(engine)
        if len(self.states) >= self.size:
            self.states.popitem(last=False)
        self.states[key] = state

    def listed(self, state, actions: list, engine) -> None:
        """Remember ``actions`` as the legal actions ``engine`` answered for ``state``."""
        self._engine_is(engine)
        kept = self.actions
        if len(kept) >= self.size:
            kept.popitem(last=False)
        kept[id(state)] = (state, actions)

    def listed_twin(self, state, action: dict) -> dict:
        """The action listed for ``state`` that is ``action`` (equal, and the same canonical text:
        ``True`` is not ``1``), else ``action`` itself."""
        got = self.actions.get(id(state))
        if got is None or got[0] is not state:
            return action
        return self.twin(got[1], action)

    @staticmethod
    def twin(actions: list, action: dict) -> dict:
        """The action of ``actions`` (a reference engine's legal actions) that is ``action`` (equal,
        and the same canonical text), else ``action`` itself."""
        for listed in actions:
            if listed == action:
                return listed if same(listed, action) else action
        return action

    def _engine_is(self, engine) -> None:
        if engine is not self.engine:
            self.states.clear()
            self.actions.clear()
            self.engine = engine


def _states(req: Any) -> list:
    """The states a request carries (its own, its sub-requests')."""
    if not isinstance(req, dict):
        return []
    subs = req.get("requests") if req.get("op") == "batch" else [req]
    return [r["state"] for r in subs if isinstance(r, dict) and isinstance(r.get("state"), dict)] \
        if isinstance(subs, list) else []


def _too_deep() -> dict:
    return {"code": "malformed", "message": "the request is nested too deeply to be a state, action or config"}


def _player_count(state: dict) -> int | None:
    n = state.get("players")
    if isinstance(n, int) and not isinstance(n, bool):
        return n
    return len(n) if isinstance(n, list) else None


def _internal(exc: BaseException) -> dict:
    traceback.print_exception(exc, file=sys.stderr)
    from engine.errors import encodable

    return {"code": "internal", "message": encodable(f"{type(exc).__name__}: {exc}"[:2000])}


def serve(engine_or_factory: Engine | EngineFactory, infile, outfile, *,
          max_request_bytes: int = MAX_REQUEST_BYTES, validate: bool = True) -> int:
    """Answer requests from ``infile`` on ``outfile`` until EOF; returns the exit status (0).

    ``infile``/``outfile`` may be text or binary files. ``engine_or_factory`` is an engine
    or a callable ``factory(choices_or_None) -> Engine`` (then ``hello`` may reconfigure it).
    """
    server = Server(engine_or_factory, validate=validate)
    # text streams (sys.stdin/sys.stdout): use their byte layer, so bad UTF-8 is an error answer, not a crash
    if hasattr(infile, "buffer"):
        infile = infile.buffer
    if hasattr(outfile, "buffer"):
        outfile.flush()
        outfile = outfile.buffer
    binary_out = not hasattr(outfile, "encoding")
    while True:
        try:
            line = infile.readline(max_request_bytes + 1)
        except KeyboardInterrupt:
            return 130
        if not line:
            return 0
        nl = b"\n" if isinstance(line, bytes) else "\n"
        if len(line) > max_request_bytes and not line.endswith(nl):
            while True:  # skip the rest of the oversized line
                more = infile.readline(1 << 20)
                if not more or more.endswith(nl):
                    break
            out = _dumps({"id": None, "error": {"code": "malformed",
                                                "message": f"request line longer than {max_request_bytes} bytes; skipped"}}).encode()
        else:
            out = server.answer_line(line)
            if out is None:
                continue
        try:
            if binary_out:
                outfile.write(out + b"\n")
            else:
                outfile.write(out.decode("utf-8") + "\n")
            outfile.flush()
        except (BrokenPipeError, OSError):
            return 0


def reference_factory(game: str, choices: dict | None = None, spec: str = "reference") -> EngineFactory:
    """A factory for ``serve``: the engine named by ``spec`` for ``game``; ``hello`` choices
    override ``choices``."""
    from harness.engines import open_engine

    base = dict(choices or {})

    def make(wanted: dict | None) -> Engine:
        return open_engine(spec, game, {**base, **(wanted or {})})

    return make


def serve_main(game: str, choices: dict, infile, outfile, *, engine: str = "reference") -> int:
    """``rulecheck serve --game G --choice id=opt``: serve the reference engine; exit status."""
    from harness import fewer_gc_pauses
    from harness.engines import EngineSpecError

    fewer_gc_pauses()

    factory = reference_factory(game, choices, engine)
    try:
        first = factory(None)
    except (EngineSpecError, RulecheckError) as exc:
        print(f"rulecheck serve: {exc}", file=sys.stderr)
        return 2
    return serve(lambda wanted: first if wanted is None else factory(wanted), infile, outfile)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m harness.serve", description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", required=True)
    ap.add_argument("--choice", action="append", default=[], metavar="ID=OPTION")
    ap.add_argument("--engine", default="reference", help="reference (default) or py:module:factory")
    args = ap.parse_args(argv)
    choices = {}
    for c in args.choice:
        cid, sep, opt = c.partition("=")
        if not sep:
            ap.error(f"--choice {c!r}: write ID=OPTION")
        choices[cid] = opt
    return serve_main(args.game, choices, sys.stdin.buffer, sys.stdout.buffer, engine=args.engine)


if __name__ == "__main__":
    sys.exit(main())
