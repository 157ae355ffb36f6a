"""The ``fives`` script's entry point, apart from :mod:`fives_tools.cli` on purpose.

A worker process that ``--jobs`` starts (multiprocessing's spawn) runs the script it was
started from again, as ``__mp_main__``, before its task: a script importing the CLI would
make every worker import every command (Jinja, jsonschema, the renderers, ...) it never
uses, about half a second each. This module imports the CLI only when the script runs, and
under :func:`processes.starting`, so that a Ctrl-C while it loads ends as interrupted, not
as a traceback.
"""

from __future__ import annotations

from fives_tools import processes


def main() -> int:
    """Run ``fives`` with the command line's arguments; its exit status."""
    with processes.starting():
        from fives_tools.cli import main as run
    return run()
