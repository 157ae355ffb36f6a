"""A deliberately misbehaving protocol adapter, for the harness's own tests.

    python adapter.py MODE [STATE_FILE]

It answers like the reference engine except in the one way MODE names. STATE_FILE
records how many times the program was started, so modes can misbehave only once.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

from fives_tools.reference_adapter import ReferenceImplementation

MODE = sys.argv[1]
STATE = Path(sys.argv[2]) if len(sys.argv) > 2 else None


def starts() -> int:
    """How many times this program has started (this start included)."""
    if STATE is None:
        return 1
    n = int(STATE.read_text()) + 1 if STATE.exists() else 1
    STATE.write_text(str(n))
    return n


def send(message: object) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main() -> int:
    impl = ReferenceImplementation()
    start_number = starts()
    runs = 0
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "start":
            ready = {"type": "ready", **impl.start()}
            if MODE == "no-ready":
                return 3
            if MODE == "bad-version":
                ready["protocol"] = "2.0"
            if MODE == "grandchild":
                child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
                assert STATE is not None
                STATE.with_suffix(".pid").write_text(str(child.pid))
            send(ready)
            continue
        if message["type"] == "stop":
            return 0
        runs += 1
        seq = message["seq"]
        reply = impl.run(message["request"])
        first_life = start_number == 1
        if first_life and runs == 2:
            if MODE == "crash":
                print("adapter: simulated crash", file=sys.stderr)
                return 7
            if MODE == "hang":
                time.sleep(600)
            if MODE == "invalid-json":
                sys.stdout.write('{"type": "result", "seq": ' + str(seq) + ', "reply": {\n')
                sys.stdout.flush()
                continue
            if MODE == "stray-stdout":
                sys.stdout.write("computing the layout...\n")
                sys.stdout.flush()
            if MODE == "wrong-seq":
                seq += 1
            if MODE == "schema":
                reply["total"] = "five"
            if MODE == "huge":
                reply["tiles"] = ["[0|0]"] * 400_000
        if MODE == "python-raise" and runs == 2:
            raise RuntimeError("simulated bug")
        send({"type": "result", "seq": seq, "reply": reply})
    return 0


if __name__ == "__main__":
    sys.exit(main())
