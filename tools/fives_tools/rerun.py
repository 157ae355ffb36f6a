"""Re-run commands: the command line, printed in a report, that runs again what the report
shows (one failing case, one fuzz class), for a reader to paste into a POSIX shell.

Each is a prefix (the command, the options that name the implementation and the scope)
and what picks the one thing to run again, and every word of both is quoted here, by
:mod:`shlex`, as the shell needs: an adapter command with spaces and quotes, a case ID
with ``#`` (a comment to the shell), come back whole from ``shlex.split`` of the line.
``fives certify``, ``fives fuzz``, ``fives audit`` (a record file, a prefix written, a
game asked of an implementation, a picture to draw), the pytest plugin and the rule books
build theirs with these two functions.
"""

from __future__ import annotations

import shlex


def command(*words: str) -> str:
    """``words`` as one command line, each quoted as the shell needs."""
    return shlex.join(words)


def more(prefix: str, *words: str) -> str:
    """The command line ``prefix`` (already quoted) followed by ``words``, each quoted."""
    return f"{prefix} {command(*words)}" if words else prefix
