"""The implementation's side of the NDJSON protocol, for any Python implementation.

``python -m fives_tools.certify.adapters.stdio_server`` serves the reference engine over
stdin/stdout; ``--python module:attr`` serves another Python implementation the same way.
This is the program ``fives certify`` runs by default, so the subprocess path is exercised
every day.
"""

from __future__ import annotations

import gc
import io
import json
import sys
from collections.abc import Sequence
from typing import Any, TextIO

#: The reference engine as a program: what ``fives certify`` and ``fives fuzz`` run by default.
REFERENCE_COMMAND = [sys.executable, "-m", "fives_tools.certify.adapters.stdio_server"]


def _write(out: TextIO, message: dict[str, Any]) -> None:
    out.write(json.dumps(message, ensure_ascii=False, separators=(",", ":")) + "\n")
    out.flush()


def serve(impl: Any, inp: TextIO, out: TextIO) -> int:
    """Answer ``start``, ``run`` and ``stop`` lines until ``stop`` or end of input."""
    for line in inp:
        if not line.strip():
            continue
        try:
            message = json.loads(line)
        except json.JSONDecodeError as exc:
            print(f"stdio_server: not JSON: {exc}: {line[:200]!r}", file=sys.stderr)
            return 2
        kind = message.get("type")
        if kind == "start":
            _write(out, {"type": "ready", **impl.start()})
            # What is loaded by now (modules, rulesets) lives until exit: keep it out of the
            # garbage collector, so collections while serving and the one at exit are short.
            gc.freeze()
        elif kind == "run":
            try:
                reply = impl.run(message["request"])
            except Exception as exc:  # report, keep serving
                reply = {"error": {"kind": "crash", "message": f"{type(exc).__name__}: {exc}"}}
            _write(out, {"type": "result", "seq": message.get("seq"), "reply": reply})
        elif kind == "stop":
            impl.stop()
            return 0
        else:
            print(f"stdio_server: unknown message type {kind!r}", file=sys.stderr)
    impl.stop()
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    python = None
    if argv:  # the option parser (argparse, shutil) only for an option: start-up counts
        from fives_tools.options import Parser

        parser = Parser(description=__doc__)
        parser.add_argument(
            "--python", metavar="MODULE:ATTR", help="serve this implementation instead"
        )
        python = parser.parse_args(argv).python
    if python:
        from fives_tools.certify.adapters.python import load_object

        impl = load_object(python)
    else:
        from fives_tools.certify.adapters.reference import ReferenceImplementation

        impl = ReferenceImplementation()
    # The protocol is UTF-8 whatever the console: the inherited encoding (an ASCII locale,
    # cp1252 on Windows) could not write every reply, or wrote bytes that read as others.
    for stream in (sys.stdin, sys.stdout):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(encoding="utf-8", newline="\n")
    return serve(impl, sys.stdin, sys.stdout)


if __name__ == "__main__":
    sys.exit(main())
