"""The ``fives`` command: certify an implementation, list or dump the suite's cases,
print the coverage matrix, draw layouts and build the rule books.

Every subcommand is declared here, in :data:`COMMANDS`; each module of this package
declares one command's own options (the shared ones come from :mod:`fives_tools.options`)
and raises its errors, which :func:`main` alone prints: one line on stderr, exit 2.
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
from collections.abc import Callable, Sequence
from typing import Any

from fives_tools import __version__, processes
from fives_tools.certify.adapters import protocol
from fives_tools.cli import audit, certify, compare, docs, fuzz, records, render, suite
from fives_tools.cli.base import CANNOT_RUN, UsageError, message
from fives_tools.cli.certify import EXIT_STATUSES, use_colour
from fives_tools.options import EXIT_CANNOT_RUN, Parser
from fives_tools.text import console_safe

__all__ = ["COMMANDS", "build_parser", "main", "use_colour"]

#: Every subcommand, in the order ``fives --help`` lists them: each adds its parsers.
COMMANDS: tuple[Callable[[Any], None], ...] = (
    certify.add,
    suite.add,  # cases, coverage
    compare.add_compare_command,
    render.add_render_commands,
    docs.add,
    records.add_record_commands,  # play, record
    fuzz.add_fuzz_commands,
    audit.add_audit_command,
)


def version_text() -> str:
    return (
        f"fives {__version__}: suite {protocol.suite_version()},"
        f" protocol {protocol.protocol_version()}, reference engine {__version__}"
    )


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="fives",
        description=__doc__.split("\n\n", 1)[0],
        epilog=EXIT_STATUSES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--version", action="version", version=version_text(), help="print the versions and exit"
    )
    sub = parser.add_subparsers(dest="command")
    for add in COMMANDS:
        add(sub)
    return parser


def _command_parser(parser: argparse.ArgumentParser, command: str | None) -> Parser:
    """The parser of the subcommand ``command`` (``parser`` itself without one)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction) and command in action.choices:
            chosen: Parser = action.choices[command]
            return chosen
    assert isinstance(parser, Parser)
    return parser


def _quiet_closed_pipe() -> int:
    """The reader went away (``fives cases | head``): stop without a traceback, and keep
    Python from failing again when it flushes stdout at exit."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``fives`` with ``argv`` (the command line's own by default) and return its exit
    status; every error a command raises ends here, as one line on stderr."""
    console_safe()
    try:
        with processes.interruptible():  # from the parsing on: a Ctrl-C is never a traceback
            return _run(argv)
    except KeyboardInterrupt as exc:  # as spec/protocol.md says
        print(f"\nfives: {processes.interruption(exc)}", file=sys.stderr)
        return EXIT_CANNOT_RUN


def _run(argv: Sequence[str] | None) -> int:
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    command = _command_parser(parser, args.command)
    if extra:  # said by the subcommand, whose --help lists its options
        command.error(f"unrecognized arguments: {' '.join(extra)}")
    if not hasattr(args, "func"):
        parser.print_help()
        return EXIT_CANNOT_RUN
    args.command_line = shlex.join(["fives", *(sys.argv[1:] if argv is None else argv)])
    try:
        code: int = args.func(args)
        sys.stdout.flush()
    except BrokenPipeError:
        return _quiet_closed_pipe()
    except UsageError as exc:
        print(command.usage_line(str(exc)), file=sys.stderr)
        return EXIT_CANNOT_RUN
    except CANNOT_RUN as exc:
        print(f"{command.prog}: {message(exc)}", file=sys.stderr)
        return EXIT_CANNOT_RUN
    return code
