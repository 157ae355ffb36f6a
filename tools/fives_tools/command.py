"""The ``fives`` script's entry: loads the command line under :func:`processes.starting`,
so that a Ctrl-C in the first part of a second ends as interrupted, not as a traceback."""

from __future__ import annotations

from fives_tools import processes


def main() -> int:
    with processes.starting():
        from fives_tools.cli import main as run
    return run()
