"""The ``fives`` command: certify an implementation, list or dump the suite's cases,
print the coverage matrix, draw layouts and build the rule books."""

from __future__ import annotations

import argparse
import os
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn, TextIO

from fives_tools import __version__, files, options, processes
from fives_tools.certify.adapters import protocol
from fives_tools.certify.adapters.interface import Adapter, AdapterRefused
from fives_tools.certify.adapters.program import SubprocessAdapter
from fives_tools.certify.adapters.python import PythonAdapter, load_object
from fives_tools.certify.adapters.reference import ReferenceAdapter
from fives_tools.certify.adapters.stdio_server import REFERENCE_COMMAND
from fives_tools.certify.cases import Case, FixtureError, coverage, levels, load_cases, tables
from fives_tools.certify.cases.selection import Filters, split, unknown_names, unmatched_entries
from fives_tools.certify.fuzz.cli import add_fuzz_commands
from fives_tools.certify.observe.cli import add_audit_command
from fives_tools.certify.reports import formats
from fives_tools.certify.reports.comparison import Entry
from fives_tools.certify.reports.console import print_quiet, print_report
from fives_tools.certify.reports.html import certificate_html
from fives_tools.certify.reports.verdict import EXIT_CANNOT_RUN, decide
from fives_tools.certify.runner import Result, Run, read_known_failures, run_cases
from fives_tools.compare_cli import add_compare_command, book_prefix
from fives_tools.progress import bar, on_terminal
from fives_tools.records_cli import add_record_commands
from fives_tools.render.commands import add_render_commands
from fives_tools.text import console_safe

EXIT_STATUSES = """exit status:
  0  certified; also a clean PARTIAL run (filters left declared cases out, everything that
     ran passed) and a run whose every failure is a listed known failure, unless
     --require-certificate is given
  1  not certified: a must case failed or errored, or no case passed
  2  the run could not happen: bad usage or names, an unreadable file or fixture, an
     adapter that cannot start or dies before it is ready, a report that cannot be written,
     a run interrupted (Ctrl-C, SIGTERM, SIGHUP: its partial --json report says so)"""


class Parser(argparse.ArgumentParser):
    """argparse's parser (its subcommands' too), but a usage error is one line with a
    pointer to ``--help``, not the usage block before it."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_CANNOT_RUN, f"{self.prog}: {message} (see {self.prog} --help)\n")


class UsageError(Exception):
    """The command cannot run as given; the message is printed on one line."""


def version_text() -> str:
    return (
        f"fives {__version__}: suite {protocol.suite_version()},"
        f" protocol {protocol.protocol_version()}, reference engine {__version__}"
    )


def use_colour(stream: TextIO) -> bool:
    """Colour only on a terminal, and never when NO_COLOR is set (https://no-color.org)."""
    return stream.isatty() and not os.environ.get("NO_COLOR")


def _filters(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", action="append", default=[], help="only this game (repeatable)")
    parser.add_argument(
        "--rule", action="append", default=[], help="only cases checking this rule ID"
    )
    parser.add_argument(
        "--level",
        action="append",
        default=[],
        help="only cases of this capability level: " + ", ".join(levels.LEVELS),
    )
    parser.add_argument(
        "--case",
        action="append",
        default=[],
        metavar="PATTERN",
        help="only case IDs matching this glob, e.g. 'five-up/layout/*'",
    )


def _timeouts(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--timeout", type=options.seconds, default=10.0, help="seconds per case (default 10)"
    )
    parser.add_argument(
        "--startup-timeout",
        type=options.seconds,
        default=20.0,
        help="seconds for an adapter to start and send ready (default 20)",
    )


#: The mark of each status among the dots.
MARKS = {"pass": ".", "fail": "F", "error": "E", "skip": "s"}


class _Dots:
    """The progress of a run off a terminal: a mark per case that ran (``.``, ``F``,
    ``E``, ``s`` for a player count left out), 72 to a line; the cases of games and levels
    the implementation does not declare make no mark."""

    def __init__(self) -> None:
        self.on_line = 0

    def __call__(self, i: int, n: int, result: Result) -> None:
        if result.declared:
            sys.stderr.write(MARKS[result.status])
            self.on_line += 1
        if self.on_line and (self.on_line == 72 or i == n):
            sys.stderr.write("\n")
            self.on_line = 0
        sys.stderr.flush()


def _run(adapter: Adapter, cases: list[Case], known: list[str], quiet: bool) -> Run:
    """The run, with a bar on a terminal, the dots elsewhere, nothing with ``-q``."""
    if quiet or not on_terminal(sys.stderr):
        return run_cases(adapter, cases, None if quiet else _Dots(), known_failures=known)
    with bar("certify", len(cases)) as step:
        return run_cases(adapter, cases, lambda i, n, result: step(), known_failures=known)


def _adapter(args: argparse.Namespace) -> tuple[Adapter, str]:
    """The adapter the options name, and the option text that re-selects it."""
    timeouts = {"timeout": args.timeout, "start_timeout": args.startup_timeout}
    if args.adapter is not None:
        return SubprocessAdapter(args.adapter, **timeouts), f"--adapter {shlex.quote(args.adapter)}"
    if args.python is not None:
        return PythonAdapter(
            load_object(args.python), args.python
        ), f"--python {shlex.quote(args.python)}"
    if args.in_process:
        return ReferenceAdapter(), "--in-process"
    return SubprocessAdapter(REFERENCE_COMMAND, **timeouts), ""


def _filters_of(args: argparse.Namespace) -> Filters:
    filters = Filters.of(args.game, args.rule, args.level, args.case)
    problems = unknown_names(filters)
    if problems:
        raise UsageError("; ".join(problems))
    return filters


def _known_failures(path: str | None, suite: list[Case]) -> list[str]:
    """The entries of the known-failures file; one that matches no case of ``suite`` is
    refused with the closest case IDs."""
    if not path:
        return []
    try:
        entries = read_known_failures(Path(path))
    except (OSError, UnicodeDecodeError) as exc:
        reason = getattr(exc, "strerror", None) or "not UTF-8 text"
        raise UsageError(f"cannot read {path}: {reason}") from None
    problems = unmatched_entries(entries, [case.id for case in suite])
    if problems:
        raise UsageError(f"{path}: " + "; ".join(problems))
    return entries


def _write_reports(args: argparse.Namespace, run: Run, rerun: str) -> None:
    if args.json:
        formats.write_json(run, Path(args.json))
    if args.junit:
        formats.write_junit(run, Path(args.junit), rerun)
    if args.markdown:
        formats.write_markdown(run, Path(args.markdown), rerun)
    if args.badges:
        formats.write_badges(run, Path(args.badges))
    if args.html:
        page = certificate_html(Entry(run.adapter.name, run, rerun), args.book)
        files.write_text(Path(args.html), page)


def _report_interrupted(
    args: argparse.Namespace, run: Run | None, filters: Filters, left_out: list[Case]
) -> None:
    """An interrupted run: its partial JSON report, marked interrupted, and its partial
    certificate on the console; the certificate files (Markdown, HTML, badges, JUnit) are
    not written, nor their old versions replaced by a verdict that was never reached."""
    if run is None:
        return
    run.filters, run.left_out, run.command = filters, left_out, args.command_line
    run.timestamps = not args.no_timestamps
    if args.json:
        formats.write_json(run, Path(args.json))
    print_report(run, sys.stdout, "fives certify", colour=use_colour(sys.stdout))


def _outputs(args: argparse.Namespace, *names: str) -> dict[str, str | None]:
    """The output options ``names`` with their paths (for :func:`files.check_outputs`)."""
    return {f"--{name}": getattr(args, name) for name in names}


def cmd_certify(args: argparse.Namespace) -> int:
    files.check_outputs(_outputs(args, "json", "junit", "markdown", "badges", "html"))
    filters = _filters_of(args)
    suite = load_cases()
    known = _known_failures(args.known_failures, suite)
    cases, left_out = split(suite, filters)
    if not cases:
        raise UsageError("no case matches the filters")
    adapter, option = _adapter(args)
    rerun = "fives certify" + (f" {option}" if option else "")
    try:
        run = _run(adapter, cases, known, quiet=args.quiet)
    except AdapterRefused as exc:
        raise UsageError(f"cannot certify this implementation: {exc}") from None
    except KeyboardInterrupt as exc:
        _report_interrupted(args, getattr(exc, "run", None), filters, left_out)
        raise
    run.filters, run.left_out, run.command = filters, left_out, args.command_line
    run.timestamps = not args.no_timestamps
    # The files first (a console closed early loses nothing), but the certificate is
    # printed even when one of them cannot be written; that failure then exits 2.
    try:
        _write_reports(args, run, rerun)
    except files.WriteError as exc:
        unwritten: files.WriteError | None = exc
    else:
        unwritten = None
    if args.quiet:
        print_quiet(run, sys.stdout, colour=use_colour(sys.stdout))
    else:
        print_report(run, sys.stdout, rerun, colour=use_colour(sys.stdout))
    if unwritten is not None:
        raise unwritten
    return decide(run).exit_status(args.require_certificate)


def cmd_cases(args: argparse.Namespace) -> int:
    filters = _filters_of(args)  # a misspelt name is answered before the suite is read
    cases, _ = split(load_cases(), filters)
    if args.dump:
        payload = [
            {
                "id": c.id,
                "game": c.game,
                "level": c.capability,
                "requirement": c.level,
                "title": c.title,
                "kind": c.kind,
                "rules": list(c.rules),
                "primary": c.primary,
                "sources": list(c.sources),
                "interpretation": c.interpretation,
                "request": c.request,
                "expect": c.expect,
                # the expectations under other readings the case is neutral to: a reply
                # equal to one of them passes too (spec/protocol.md)
                "alternatives": [
                    {"interpretation": a.interpretation, "reading": a.reading, "expect": a.expect}
                    for a in c.alternatives
                ],
            }
            for c in cases
        ]
        from fives_tools.certify.adapters import protocol

        text = files.json_text(
            {
                "suite": protocol.suite_version(),
                "protocol": protocol.protocol_version(),
                "cases": payload,
            }
        )
        if args.dump == "-":
            sys.stdout.write(text)
        else:
            files.write_text(Path(args.dump), text)
        return 0
    for case in cases:
        print(f"{case.id}\t{case.level}\t{case.title}")
    return 0


def cmd_coverage(args: argparse.Namespace) -> int:
    if args.matrix:
        table = tables.table_matrix()
        print(tables.render(table))
        return 1 if tables.gaps(table) else 0
    matrix = coverage.matrix()
    if args.rule:
        _filters_of(args)  # a misspelt rule is refused with the closest IDs
        print(coverage.render_which(matrix, args.rule))
        return 0
    print(coverage.render(matrix, coverage.own_must_cases()))
    unexercised = any(not refs for rows in matrix.values() for refs in rows.values())
    return 1 if unexercised or coverage.without_own_must_case() else 0


MATRIX_HELP = """\
which rules depend on the table (--matrix):
  table-free       equipment, play, layout, scoring ends, a play's score and its unit:
                   answered by layout and score requests, which name no table; one
                   column, "any"
  table-dependent  deal, lead, turns, the end of a hand, settlement, the target: each
                   needs a must case at every table where it applies
  where it applies a rule about partners only where partners sit (4 players; All Fives
                   "4 partners"); side.alone only where nobody has a partner;
                   in Exact 61 score.negative only where partners sit (only a
                   partner's hand is ever deducted)
  "4 alone"        four All Fives players alone is itself a reading
                   (all-fives.four-players): its cases are implementation-defined, the
                   column counts them and is never a gap
A cell counts the must cases naming the rule at that table; GAP marks a must rule with
none; "-" a table where the rule does not apply."""


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="fives",
        description=__doc__,
        epilog=EXIT_STATUSES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--version", action="version", version=version_text(), help="print the versions and exit"
    )
    sub = parser.add_subparsers(dest="command")

    certify = sub.add_parser(
        "certify",
        help="run the suite against an implementation and print the certificate",
        description="Run every case of the suite the implementation declares (its games,"
        " player counts and levels) and print the certificate, ending in its verdict:"
        " CERTIFIED when every declared case ran and no must case failed; PARTIAL when"
        " filters left declared cases out; NOT CERTIFIED otherwise, with the reasons. With no"
        " adapter option, certifies the reference engine through the subprocess protocol"
        " (python -m fives_tools.certify.adapters.stdio_server).",
        epilog=EXIT_STATUSES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    how = options.add_implementation(
        certify,
        adapter="a program speaking the NDJSON protocol",
        python="a Python adapter object or entry point name",
    )
    how.add_argument(
        "--in-process", action="store_true", help="the reference engine without a subprocess"
    )
    _filters(certify)
    _timeouts(certify)
    certify.add_argument(
        "--known-failures", metavar="FILE", help="case IDs/globs expected to fail, one per line"
    )
    certify.add_argument("--json", metavar="FILE", help="also write the JSON report")
    certify.add_argument("--junit", metavar="FILE", help="also write JUnit XML")
    certify.add_argument("--markdown", metavar="FILE", help="also write the Markdown certificate")
    certify.add_argument(
        "--badges", metavar="DIR", help="also write one shields.io endpoint badge per game"
    )
    certify.add_argument("--html", metavar="FILE", help="also write the certificate as HTML")
    certify.add_argument(
        "--book",
        metavar="PREFIX",
        type=book_prefix,
        default="book/",
        help="the rule books' folder or URL the --html links start with (default book/)",
    )
    certify.add_argument(
        "--require-certificate",
        action="store_true",
        help="exit 1 unless the verdict is CERTIFIED (a PARTIAL or known-failures run too)",
    )
    options.add_no_timestamps(certify)
    certify.add_argument(
        "-q",
        "--quiet",
        action="store_true",
        help="no progress; print only the verdict line and, when a case fails, the most"
        " likely cause (the report files are written in full)",
    )
    certify.set_defaults(func=cmd_certify)

    cases = sub.add_parser(
        "cases",
        help="list the suite's cases, or dump them as JSON",
        description="List the selected cases (ID, requirement, title), or dump them with"
        " their requests and expectations as one JSON file to use without this runner.",
    )
    _filters(cases)
    cases.add_argument(
        "--dump", metavar="FILE", help="write every selected case as one JSON file ('-' for stdout)"
    )
    cases.set_defaults(func=cmd_cases)

    cov = sub.add_parser(
        "coverage",
        help="print which cases and scenarios exercise each rule",
        description="Print, per game, every rule with how many cases and scenarios exercise"
        " it; exits 1 when a rule has none. With --rule, list which ones, by ID. With"
        " --matrix, print rule x game x table instead: the must cases of each cell and the"
        " gaps (exits 1 when there is one).",
        epilog=MATRIX_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    cov.add_argument(
        "--matrix",
        action="store_true",
        help="rule x game x table (2, 3, 4 players; 4 partners and 4 alone where both exist)",
    )
    cov.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="ID",
        help="list the cases and scenarios that exercise this rule (repeatable)",
    )
    cov.set_defaults(game=[], level=[], case=[])
    cov.set_defaults(func=cmd_coverage)
    add_compare_command(sub, _filters, _timeouts)
    add_render_commands(sub)
    add_record_commands(sub)
    add_fuzz_commands(sub)
    add_audit_command(sub, _timeouts)
    return parser


def _command_parser(parser: argparse.ArgumentParser, args: argparse.Namespace) -> Parser:
    """The parser of the subcommand ``args`` ran (``parser`` itself without one)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction) and args.command in action.choices:
            chosen: Parser = action.choices[args.command]
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
    console_safe()
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    if extra:  # said by the subcommand, whose --help lists its options
        _command_parser(parser, args).error(f"unrecognized arguments: {' '.join(extra)}")
    if not hasattr(args, "func"):
        parser.print_help()
        return EXIT_CANNOT_RUN
    args.command_line = shlex.join(["fives", *(sys.argv[1:] if argv is None else argv)])
    try:
        with processes.interruptible():
            code: int = args.func(args)
        sys.stdout.flush()
    except BrokenPipeError:
        return _quiet_closed_pipe()
    except FixtureError as exc:
        print(f"fives: bad fixture: {exc}", file=sys.stderr)
        return EXIT_CANNOT_RUN
    except (AdapterRefused, UsageError) as exc:
        print(f"fives: {exc}", file=sys.stderr)
        return EXIT_CANNOT_RUN
    except files.WriteError as exc:
        print(f"fives: {exc}", file=sys.stderr)
        return EXIT_CANNOT_RUN
    except KeyboardInterrupt as exc:
        print(f"\nfives: {processes.interruption(exc)}", file=sys.stderr)
        return EXIT_CANNOT_RUN
    return code


if __name__ == "__main__":
    sys.exit(main())
