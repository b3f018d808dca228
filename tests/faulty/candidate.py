"""A candidate engine for the toy game that misbehaves on purpose (tests of the referee).

    python tests/faulty/candidate.py MODE [GAME]

(the toy game of toy_engine.py, or with GAME the reference engine of that game)

Answers correctly (through harness.serve.Server) until its fault is due, then:

- ``good``            never misbehaves
- ``hang``            after hello, never answers again (sleeps)
- ``hang-hard``       like hang, and ignores SIGTERM and end of input
- ``crash``           answers hello and new, then dies (exit status 3) with a traceback on stderr
- ``garbage``         after hello, answers with a line that is not JSON
- ``oversized``       after hello, answers with a 2 MB line
- ``endless``         after hello, writes bytes without ever ending the line
- ``wrong-id``        after hello, answers with the wrong id
- ``exit-at-startup`` exits with status 1 before hello, after a message on stderr
- ``bad-state``       answers apply with a state that fails the schema
- ``not-a-list``      answers legal with "actions": "none"
- ``no-read``         never reads its input (and never answers)
- ``orphan``          after hello, starts a grandchild that sleeps, then hangs
- ``stderr-flood``    writes 20 MB to stderr before every answer (answers are correct)
- ``duplicate-key``   answers apply with a state holding the key ``turn`` twice
- ``nan``             answers apply with a state whose ``turn`` is NaN
- ``huge-number``     answers apply with a state whose ``turn`` is 2**70 (past the schema's integers)
"""

import json
import os
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.dirname(os.path.dirname(HERE))]

MODE = sys.argv[1] if len(sys.argv) > 1 else "good"
GAME = sys.argv[2] if len(sys.argv) > 2 else None


def out(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def main() -> None:
    if MODE == "exit-at-startup":
        print("candidate: cannot find my opening book, giving up", file=sys.stderr)
        sys.exit(1)
    if MODE == "no-read":
        print("candidate: I do not read stdin", file=sys.stderr)
        time.sleep(3600)
    if MODE == "hang-hard":
        signal.signal(signal.SIGTERM, signal.SIG_IGN)

    from harness.serve import Server
    from toy_engine import make

    if GAME:
        from harness.engines import reference_engine

        server = Server(lambda choices: reference_engine(GAME, choices))
    else:
        server = Server(lambda choices: make(choices=choices))
    n = 0
    for raw in sys.stdin:
        n += 1
        req = json.loads(raw)
        resp = server.handle(req)
        if n == 1:  # hello is always answered
            out(json.dumps(resp))
            continue
        if MODE in ("hang", "hang-hard"):
            print(f"candidate: thinking hard about request {req.get('id')}...", file=sys.stderr)
            sys.stderr.flush()
            while True:
                time.sleep(3600)
        if MODE == "crash" and n >= 3:
            sys.stderr.write("Traceback (most recent call last):\n  File \"engine.py\", line 42\n"
                             "IndexError: list index out of range\n")
            sys.stderr.flush()
            os._exit(3)
        if MODE == "garbage":
            out("Thinking... best move is e2e4 :)")
            continue
        if MODE == "oversized":
            out('{"id": %d, "state": "%s"}' % (req["id"], "x" * 2_000_000))
            continue
        if MODE == "endless":
            chunk = "y" * 65536
            while True:
                sys.stdout.write(chunk)
        if MODE == "wrong-id":
            resp["id"] = 1000 + n
        if MODE == "bad-state" and req.get("op") == "apply" and "state" in resp:
            resp["state"]["players"] = "many"
        if MODE in ("duplicate-key", "nan", "huge-number") and req.get("op") == "apply" and "state" in resp:
            line = json.dumps(resp)
            if MODE == "duplicate-key":
                line = line.replace('"turn": ', '"turn": 99, "turn": ', 1)
            resp["state"]["turn"] = float("nan") if MODE == "nan" else 2 ** 70
            out(line if MODE == "duplicate-key" else json.dumps(resp))
            continue
        if MODE == "not-a-list" and req.get("op") == "legal":
            resp = {"id": req["id"], "actions": "none"}
        if MODE == "stderr-flood":
            chunk = "log line that nobody reads\n" * 4000
            for _ in range(200):
                sys.stderr.write(chunk)
            sys.stderr.write(f"last words before answering {req.get('id')}\n")
            sys.stderr.flush()
        if MODE == "orphan":
            helper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(3600)"])
            print(f"candidate: started helper {helper.pid}", file=sys.stderr)
            sys.stderr.flush()
            while True:
                time.sleep(3600)
        out(json.dumps(resp))
    if MODE == "hang-hard":
        while True:
            time.sleep(3600)


if __name__ == "__main__":
    main()
