"""Serve a notation test engine with every answer's object keys in reverse order (N3).

    python tests/notation/serve_reordered.py GAME FACTORY     (FACTORY in tests.notation.engines)
"""

import os
import sys

import orjson

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


def reversed_keys(value):
    if isinstance(value, dict):
        return {k: reversed_keys(value[k]) for k in reversed(list(value))}
    if isinstance(value, list):
        return [reversed_keys(v) for v in value]
    return value


class Reordering:
    """A binary output that rewrites each answer line with its keys reversed."""

    def __init__(self, out):
        self.out, self.pending = out, b""

    def write(self, data: bytes) -> None:
        self.pending += data
        while b"\n" in self.pending:
            line, self.pending = self.pending.split(b"\n", 1)
            self.out.write(orjson.dumps(reversed_keys(orjson.loads(line))) + b"\n")  # the served engines write no float

    def flush(self) -> None:
        self.out.flush()


def main() -> int:
    from harness.serve import serve
    from tests.notation import engines

    game, factory = sys.argv[1], sys.argv[2]
    make = getattr(engines, factory)
    return serve(lambda choices: make(game, choices), sys.stdin.buffer, Reordering(sys.stdout.buffer))


if __name__ == "__main__":
    sys.exit(main())
