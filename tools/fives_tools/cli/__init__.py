"""The ``fives`` command: certify an implementation, list or dump the suite's cases,
print the coverage matrix, draw layouts and build the rule books.

Every subcommand is declared here, in :data:`COMMANDS`; each module of this package
declares one command's own options (the shared ones come from :mod:`fives_tools.options`)
and raises its errors, which :func:`main` alone prints: one line on stderr (its control
characters escaped, :func:`fives_tools.text.tell`), exit 2; so is a failure to write
stdout (``> /dev/full``), whichever command printed.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import io
import os
import shlex
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO, cast

from fives_tools import __version__, processes
from fives_tools.certify.adapters import protocol
from fives_tools.cli import audit, certify, compare, docs, fuzz, records, render, report, suite
from fives_tools.cli.base import CANNOT_RUN, UsageError, message
from fives_tools.cli.certify import EXIT_STATUSES, use_colour
from fives_tools.options import EXIT_CANNOT_RUN, Parser
from fives_tools.text import console_safe, tell

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
    report.add,
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


class OutputError(Exception):
    """Standard output could not be written (``> /dev/full``, a quota): one line, exit 2."""


class _Closed(io.TextIOBase):
    """A standard stream the command was started without (``>&-``): writing to it fails."""

    def __init__(self, name: str) -> None:
        self._name = name

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, f"{self._name} is closed")


class _GuardedOutput:
    """Standard output whose write failures are :class:`OutputError`, so that every
    command's printing fails the one way :func:`main` reports; a closed pipe stays a
    :class:`BrokenPipeError` (the reader went away: not an error)."""

    def __init__(self, stream: TextIO | None) -> None:
        self._stream: Any = _Closed("standard output") if stream is None else stream

    def _guarded(self, call: Callable[[], int | None]) -> int | None:
        try:
            return call()
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise OutputError(f"cannot write the output: {exc.strerror or exc}") from None

    def write(self, text: str) -> int | None:
        return self._guarded(lambda: self._stream.write(text))

    def flush(self) -> None:
        self._guarded(self._stream.flush)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


class _QuietErrors:
    """Standard error that never fails the command: closed (``2>&-``) or full, a message
    is lost, not the certificate or a report (there is nowhere left to say so)."""

    def __init__(self, stream: TextIO | None) -> None:
        self._stream: Any = _Closed("standard error") if stream is None else stream

    def write(self, text: str) -> int:
        try:
            self._stream.write(text)
        except OSError:
            self._drop()
        except ValueError:
            pass
        return len(text)

    def flush(self) -> None:
        try:
            self._stream.flush()
        except OSError:
            self._drop()
        except ValueError:
            pass

    def _drop(self) -> None:
        """Point stderr at the null device once it fails (``2>/dev/full``): what is still
        buffered is dropped when Python flushes it at exit, which else fails there and
        exits 120 instead of the command's own status (with ``PYTHONUNBUFFERED`` unset)."""
        with contextlib.suppress(OSError, ValueError, AttributeError):
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, self._stream.fileno())
            os.close(devnull)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def _discard_output() -> None:
    """Point stdout at the null device, so that what is still buffered is dropped when
    Python flushes stdout at exit instead of failing there again."""
    try:
        fd = sys.stdout.fileno()
    except (OSError, ValueError):
        return  # started without a stdout: nothing is buffered for it
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)


def _output_failed(prog: str, exc: OutputError) -> int:
    tell(f"{prog}: {exc}")
    _discard_output()
    return EXIT_CANNOT_RUN


def _parse(parser: argparse.ArgumentParser, argv: Sequence[str] | None) -> Any:
    """``parser.parse_known_args``; ``--help`` and ``--version`` print and exit, so their
    text is flushed first, for a failed write to be reported rather than lost at exit."""
    try:
        return parser.parse_known_args(argv)
    except SystemExit:
        sys.stdout.flush()
        raise


def _quiet_closed_pipe() -> int:
    """The reader went away (``fives cases | head``): stop without a traceback."""
    _discard_output()
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``fives`` with ``argv`` (the command line's own by default) and return its exit
    status; every error a command raises ends here, as one line on stderr."""
    stdout, stderr = sys.stdout, sys.stderr
    try:
        with processes.interruptible():  # first: from here on a Ctrl-C is never a traceback
            console_safe()
            sys.stdout = cast(TextIO, _GuardedOutput(stdout))
            sys.stderr = cast(TextIO, _QuietErrors(stderr))
            return _run(argv)
    except KeyboardInterrupt as exc:  # as spec/protocol.md says
        print(file=sys.stderr)  # ends the progress line
        tell(f"fives: {processes.interruption(exc)}")
        return EXIT_CANNOT_RUN
    except OutputError as exc:  # printing the help or the version
        return _output_failed("fives", exc)
    finally:
        sys.stdout, sys.stderr = stdout, stderr


def _run(argv: Sequence[str] | None) -> int:
    parser = build_parser()
    args, extra = _parse(parser, argv)
    command = _command_parser(parser, args.command)
    if extra:  # said by the subcommand, whose --help lists its options
        command.error(f"unrecognized arguments: {' '.join(extra)}")
    if not hasattr(args, "func"):
        parser.print_help()
        sys.stdout.flush()
        return EXIT_CANNOT_RUN
    args.command_line = shlex.join(["fives", *(sys.argv[1:] if argv is None else argv)])
    try:
        code: int = args.func(args)
        sys.stdout.flush()
    except BrokenPipeError:
        return _quiet_closed_pipe()
    except OutputError as exc:
        return _output_failed(command.prog, exc)
    except UsageError as exc:
        tell(command.usage_line(str(exc)))
        return EXIT_CANNOT_RUN
    except CANNOT_RUN as exc:
        tell(f"{command.prog}: {message(exc)}")
        return EXIT_CANNOT_RUN
    return code
