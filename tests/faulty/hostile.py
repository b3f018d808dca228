"""Hostile engines for the referee (tests/test_hostile_engines.py), one fault each.

    python tests/faulty/hostile.py MODE GAME

Modes that need correct answers serve the reference engine of GAME (harness.serve);
the others never import rulecheck, so they start fast. When ``HOSTILE_PIDS`` names a
file, every process the engine starts (itself included) appends its pid there, so a
test can check that none is left behind.

- ``silent-hello``    reads its input and never answers, not even ``hello``
- ``utf8-hello``      answers ``hello`` with bytes that are not UTF-8
- ``surrogate-error`` answers every request after ``hello`` with an error whose message
                      holds a lone surrogate (``\\ud800``)
- ``flood``           after ``hello``, writes to stdout without ever ending the line
- ``control``         after ``hello``, writes NUL, ESC sequences and vertical tabs to
                      stderr and answers with a line of them
- ``leftover``        answers correctly, but at ``hello`` starts a background child in
                      its group, a child in a new session and a double-forked grandchild
                      in a new session (all sleep)
- ``alternate``       answers correctly, every second request too late (after 1.5 s)
- ``alternate-light`` the same without rulecheck: answers ``bad-config`` errors (for the toy game)
- ``slow``            answers correctly, each answer after 1 s
- ``ignore-eof``      answers ``hello`` and one request, then hangs, ignoring SIGTERM and
                      end of input (and creates the file ``HOSTILE_HANG`` names, if any)
"""

import json
import os
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
MODE, GAME = sys.argv[1], sys.argv[2]


def note_pid(pid: int) -> None:
    path = os.environ.get("HOSTILE_PIDS")
    if path:
        try:
            with open(path, "a") as f:
                f.write(f"{pid}\n")
        except OSError:  # in a sandbox (whose PID namespace the test cannot see anyway)
            pass


def out(data) -> None:
    if isinstance(data, str):
        data = data.encode("utf-8")
    sys.stdout.buffer.write(data + b"\n")
    sys.stdout.buffer.flush()


def hello(req) -> str:
    return json.dumps({"id": req["id"], "name": "hostile", "version": "1", "games": [GAME], "choices": {},
                       "protocol": 1})


def sleep_forever() -> None:
    while True:
        time.sleep(3600)


def start_helpers() -> None:
    sleeper = [sys.executable, "-c", "import time; time.sleep(300)"]
    note_pid(subprocess.Popen(sleeper).pid)  # in the engine's group
    note_pid(subprocess.Popen(sleeper, start_new_session=True).pid)  # left the session
    code = ("import os, sys, time\nos.setsid()\npid = os.fork()\nif pid:\n"
            "    open(sys.argv[1], 'a').write(f'{pid}\\n') if sys.argv[1] else None\n    os._exit(0)\n"
            "time.sleep(300)\n")
    subprocess.run([sys.executable, "-c", code, os.environ.get("HOSTILE_PIDS", "")])  # the middle exits at once


def main() -> None:
    note_pid(os.getpid())
    if MODE == "ignore-eof":
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    server = None
    if MODE in ("leftover", "alternate", "slow", "ignore-eof"):
        sys.path[:0] = [os.path.dirname(os.path.dirname(HERE))]
        from harness.engines import reference_engine
        from harness.serve import Server

        server = Server(lambda choices: reference_engine(GAME, choices))
    n = 0
    for raw in sys.stdin.buffer:
        n += 1
        req = json.loads(raw)
        if MODE == "silent-hello":
            continue
        if n == 1 and MODE == "utf8-hello":
            out(b'{"id": 0, "name": "\xff\xfe hostile \xc3", "version": "1", "games": ["' + GAME.encode() + b'"], '
                b'"choices": {}, "protocol": 1}')
            continue
        if n == 1 and server is None:
            out(hello(req))
            continue
        if n == 1 and MODE == "leftover":
            start_helpers()
        if MODE == "surrogate-error":
            out('{"id": %d, "error": {"code": "illegal-action", "message": "no such move \\ud800 here"}}' % req["id"])
            continue
        if MODE == "flood":
            chunk = b"y" * 65536
            while True:
                sys.stdout.buffer.write(chunk)
        if MODE == "control":
            sys.stderr.write("engine log \x1b[31mRED\x1b[0m \x1b]0;pwned\x07 nul:\x00 vt:\x0b end\n")
            sys.stderr.flush()
            out("\x00\x1b[2J\x1b[31mgarbage\x0b\x1b[0m")
            continue
        if MODE == "ignore-eof" and n > 2:
            if os.environ.get("HOSTILE_HANG"):
                open(os.environ["HOSTILE_HANG"], "w").close()
            sleep_forever()
        if MODE == "alternate-light":
            if n % 2 == 1:
                time.sleep(1.5)
            out(json.dumps({"id": req["id"], "error": {"code": "bad-config", "message": "no game today"}}))
            continue
        if MODE == "alternate" and n % 2 == 1:
            time.sleep(1.5)
        if MODE == "slow":
            time.sleep(1.0)  # five tests need more answers than a 2 s budget lets through
        out(json.dumps(server.handle(req)))
    if MODE == "ignore-eof":
        sleep_forever()


if __name__ == "__main__":
    main()
