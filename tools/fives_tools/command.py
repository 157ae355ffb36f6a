"""The ``fives`` script's entry point, apart from :mod:`fives_tools.cli` on purpose.

A worker process that ``--jobs`` starts (multiprocessing's spawn) runs the script it was
started from again, as ``__mp_main__``, before its task: a script importing the CLI would
make every worker import every command (Jinja, jsonschema, the renderers, ...) it never
uses, about half a second each. This module imports the CLI only when the script runs.

It imports nothing of its own beyond the standard library's signals either: while the
command's modules load (the process layer and psutil first), SIGINT, SIGTERM and SIGHUP
end it as interrupted (exit 2, one line), not with the traceback of whichever import it
was in, until :func:`fives_tools.processes.interruptible` puts the command's own handlers
in place (the first thing :func:`fives_tools.cli.main` does). Signals ignored at start
(``nohup``) stay ignored.
"""

from __future__ import annotations

import contextlib
import os
import signal
from collections.abc import Iterator
from types import FrameType

SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


def _interrupted_while_starting(signum: int, frame: FrameType | None) -> None:
    name = signal.Signals(signum).name
    with contextlib.suppress(OSError):  # started without a stderr
        os.write(2, f"fives: interrupted by {name} while starting; nothing was run\n".encode())
    os._exit(2)  # nothing is started or written yet; an exception here is a traceback


@contextlib.contextmanager
def starting() -> Iterator[None]:
    """While inside, a signal ends the command at once as interrupted (see the module)."""
    previous = {}
    for signum in SIGNALS:
        if signal.getsignal(signum) != signal.SIG_IGN:
            previous[signum] = signal.signal(signum, _interrupted_while_starting)
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def main() -> int:
    """Run ``fives`` with the command line's arguments; its exit status."""
    with starting():
        from fives_tools.cli import main as run

        return run()
