"""A deliberately misbehaving protocol adapter, for the harness's own tests.

    python adapter.py MODE [STATE_FILE]

It answers like the reference engine except in the one way MODE names. STATE_FILE
records how many times the program was started, so modes can misbehave only once;
beside it, ``.adapter-pid`` holds the pid of the latest start, ``.pid`` the pids of the
grandchildren the ``grandchild`` modes, ``orphan`` and ``hang`` leave behind, and
``.hanging`` appears when ``hang`` starts to hang.
"""

from __future__ import annotations

import fcntl
import json
import math
import os
import subprocess
import sys
import time
from pathlib import Path

from fives_tools.certify.adapters.reference import ReferenceImplementation

MODE = sys.argv[1]
STATE = Path(sys.argv[2]) if len(sys.argv) > 2 else None
SLEEPER = [sys.executable, "-c", "import time; time.sleep(600)"]
#: the control characters a hostile adapter puts in its name and stderr
HOSTILE = "\x1b[2J\x1b[31m\rCERTIFIED\x00\x07\u202e\x85\ud800"
#: the markup a hostile adapter puts in its name, version and messages
MARKUP = (
    "<script>alert(1)</script><img src=x onerror=alert(2)>[site](javascript:alert(3))"
    " *em* _u_ <a href=javascript:alert(4)>x</a>"
)


def starts() -> int:
    """How many times this program has started (this start included)."""
    if STATE is None:
        return 1
    n = int(STATE.read_text()) + 1 if STATE.exists() else 1
    STATE.write_text(str(n))
    STATE.with_suffix(".adapter-pid").write_text(str(os.getpid()))
    return n


def send(message: object, prefix: str = "") -> None:
    sys.stdout.write(prefix + json.dumps(message) + "\n")
    sys.stdout.flush()


def flood_stderr() -> None:
    """Twenty megabytes on stderr without a line break, then a marker."""
    chunk = b"x" * (1 << 20)
    for _ in range(20):
        os.write(2, chunk)
    os.write(2, b" END-OF-FLOOD\n")


def answer_without_reading() -> None:
    """Shrink the input pipe, then answer run after run without reading a byte of it."""
    fcntl.fcntl(0, fcntl.F_SETPIPE_SZ, 4096)
    for seq in range(1, 100_000):
        send({"type": "result", "seq": seq, "reply": {}})
        time.sleep(0.002)


def leave_grandchild(new_session: bool) -> None:
    child = subprocess.Popen(SLEEPER, start_new_session=new_session)
    assert STATE is not None
    with STATE.with_suffix(".pid").open("a") as pids:
        pids.write(f"{child.pid}\n")


def on_start(ready: dict[str, object]) -> int | None:
    """Misbehave at start-up; an exit code ends the program."""
    if MODE == "no-ready":
        return 3
    if MODE == "slow-start":
        time.sleep(600)
    if MODE == "bad-version":
        ready["protocol"] = "2.0"
    if MODE == "no-players":
        ready["players"] = []
    if MODE in ("hostile-text", "hostile-reply"):
        ready["implementation"] = {"name": "evil" + HOSTILE, "version": "1" + HOSTILE}
    if MODE == "markup":
        ready["implementation"] = {"name": "evil" + MARKUP, "version": "1|" + MARKUP}
    if MODE in ("grandchild", "grandchild-setsid", "hang", "orphan"):
        leave_grandchild(MODE != "grandchild")
    send(ready, prefix="\ufeff" if MODE == "bom" else "")
    if MODE == "no-read":
        answer_without_reading()
    return None


def misbehave(seq: int, reply: dict[str, object]) -> int | None:
    """Misbehave on the second run of the first life; an exit code ends the program."""
    if MODE in ("crash", "orphan"):
        print("adapter: simulated crash", file=sys.stderr)
        return 7
    if MODE == "stderr-flood":
        flood_stderr()
        return 7
    if MODE == "hostile-text":
        print("adapter:" + HOSTILE.replace("\ud800", "?"), file=sys.stderr)
        return 7
    if MODE == "markup":
        reply = {"error": {"kind": "bad-request", "message": "no\n```\n" + MARKUP}}
    if MODE == "hostile-reply":
        reply = {"error": {"kind": "bad-request", "message": "no\n\nCERTIFIED" + HOSTILE}}
    if MODE == "hang":
        if STATE is not None:
            STATE.with_suffix(".hanging").touch()
        time.sleep(600)
    if MODE == "pause":  # a window in which to signal the runner, then a right answer
        if STATE is not None:
            STATE.with_suffix(".hanging").touch()
        time.sleep(2)
    if MODE == "endless-line":  # a reply that never ends: its line is cut off at the limit
        sys.stdout.write(f'{{"type": "result", "seq": {seq}, "reply": {{"x": "')
        while True:
            sys.stdout.write("a" * (1 << 16))
    if MODE == "close-stdout":
        os.close(1)
        time.sleep(600)
    if MODE == "deep-json":
        sys.stdout.write(
            f'{{"type": "result", "seq": {seq}, "reply": ' + "[" * 100_000 + "]" * 100_000 + "}\n"
        )
        sys.stdout.flush()
        return None
    if MODE == "nan":  # Python's json writes and reads NaN; JSON has none
        sys.stdout.write(json.dumps({"type": "result", "seq": seq, "reply": {"total": math.nan}}))
        sys.stdout.write("\n")
        sys.stdout.flush()
        return None
    if MODE == "bad-utf8":  # a byte that is not UTF-8 in the first string of a list
        line = json.dumps({"type": "result", "seq": seq, "reply": reply}).encode()
        head, _, body = line.partition(b'"reply": ')
        sys.stdout.buffer.write(head + b'"reply": ' + body.replace(b'["', b'["\xff', 1) + b"\n")
        sys.stdout.flush()
        return None
    if MODE == "invalid-json":
        sys.stdout.write('{"type": "result", "seq": ' + str(seq) + ', "reply": {\n')
        sys.stdout.flush()
        return None
    if MODE == "stray-stdout":
        sys.stdout.write("computing the layout...\n")
        sys.stdout.flush()
    if MODE == "wrong-seq":
        seq += 1
    if MODE == "schema":
        reply["total"] = "five"
    if MODE == "huge":
        reply["tiles"] = ["[0|0]"] * 400_000
    if MODE in ("long-hand-scores", "long-setup-scores"):  # one score a side too many
        record = reply["record"]
        assert isinstance(record, dict)
        where = record["hands"][0] if MODE == "long-hand-scores" else record["setup"]
        where["scores"] = [0] * (record["setup"]["players"] + 1)
    if MODE == "logged-crash":  # the engine crashed at its 4th action: the log says so
        record = reply["record"]
        assert isinstance(record, dict)
        hand = record["hands"][0]
        hand["actions"] = [*hand["actions"][:3], {"stopped": "crash", "message": "engine: boom"}]
        for key in ("ended", "scores", "events"):
            hand.pop(key, None)
        record["hands"] = [hand]
        record.pop("result", None)
    send({"type": "result", "seq": seq, "reply": reply})
    return None


def main() -> int:
    impl = ReferenceImplementation()
    start_number = starts()
    runs = 0
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "start":
            code = on_start({"type": "ready", **impl.start()})
            if code is not None:
                return code
            continue
        if message["type"] == "stop":
            return 0
        runs += 1
        seq = message["seq"]
        reply = impl.run(message["request"])
        if MODE == "score-note" and isinstance(reply.get("score"), dict):
            reply["score"]["note"] = "a field of the implementation's own"
        if MODE == "markup" and runs == 3:  # a wrong answer made of markup: a failure shown
            reply = {k: [MARKUP] if isinstance(v, list) else v for k, v in reply.items()}
        if MODE == "refuse-all":
            reply = {"error": {"kind": "unsupported", "message": "refuses every request"}}
        if MODE == "crash-all":
            return 9
        if MODE == "python-raise" and runs == 2:
            raise RuntimeError("simulated bug")
        if start_number == 1 and runs == 2:
            code = misbehave(seq, reply)
            if code is not None:
                return code
            continue
        send({"type": "result", "seq": seq, "reply": reply})
    return 0


if __name__ == "__main__":
    sys.exit(main())
