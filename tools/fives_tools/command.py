"""The ``fives`` script's entry point, apart from :mod:`fives_tools.cli` on purpose.

A worker process that ``--jobs`` starts (multiprocessing's spawn) runs the script it was
started from again, as ``__mp_main__``, before its task: a script importing the CLI would
make every worker import every command (Jinja, jsonschema, the renderers, ...) it never
uses, about half a second each. This module imports the CLI only when the script runs.
"""

from __future__ import annotations


def main() -> int:
    """Run ``fives`` with the command line's arguments; its exit status."""
    from fives_tools.cli import main as run

    return run()
