"""``fives certify``: run the suite against an implementation and print its certificate."""

from __future__ import annotations

import argparse
import functools
import os
import sys
import time
from pathlib import Path
from typing import Any, TextIO

from fives_engine.rules import game_names
from fives_tools import files, options, partial
from fives_tools.certify.adapters.factory import IN_PROCESS, Reach
from fives_tools.certify.adapters.interface import Adapter, AdapterRefused
from fives_tools.certify.cases import Case, load_cases
from fives_tools.certify.cases.selection import Filters, split, unmatched_entries
from fives_tools.certify.judge.verdict import decide
from fives_tools.certify.reports import formats
from fives_tools.certify.reports.comparison import Entry
from fives_tools.certify.reports.console import games_of, print_quiet, print_report
from fives_tools.certify.reports.html import certificate_html
from fives_tools.certify.runner import Result, Run, read_known_failures, run_cases
from fives_tools.cli import fuzz, own_games
from fives_tools.cli.base import CannotRun, UsageError, chosen, filters_of, make_adapter, shown_as
from fives_tools.progress import bar, on_terminal
from fives_tools.rerun import command
from fives_tools.rule_links import write_linked

EXIT_STATUSES = """exit status:
  0  certified; also a clean PARTIAL run (filters left declared cases out, everything that
     ran passed) and a run whose every failure is a listed known failure, unless
     --require-certificate is given
  1  not certified: a must case failed or errored, or no case passed, or its own games
     (asked by selfplay, or --games) broke a must rule or could not be had
  2  the run could not happen: bad usage or names, an unreadable file or fixture, an
     adapter that cannot start or dies before it is ready, a report or the printed output
     that cannot be written (a full disk),
     a run interrupted (Ctrl-C, SIGTERM, SIGHUP: its partial --json report says so)"""


def use_colour(stream: TextIO) -> bool:
    """Colour only on a terminal, and never when NO_COLOR is set (https://no-color.org)."""
    return stream.isatty() and not os.environ.get("NO_COLOR")


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


def _adapter(args: argparse.Namespace) -> tuple[Adapter, tuple[str, ...]]:
    """The adapter the options name, and the option that re-selects it."""
    if args.in_process:
        reach = Reach(IN_PROCESS)
        return reach.open(), reach.words()
    impl = chosen(args)
    adapter = make_adapter(impl, args.timeout, args.startup_timeout, args.game_timeout)
    return adapter, () if impl is None else impl.words()


def _known_failures(path: str | None, suite: list[Case]) -> list[str]:
    """The entries of the known-failures file; one that matches no case of ``suite`` is
    refused with the closest case IDs."""
    if not path:
        return []
    try:
        entries = read_known_failures(Path(path))
    except (OSError, UnicodeDecodeError) as exc:
        reason = getattr(exc, "strerror", None) or "not UTF-8 text"
        raise CannotRun(f"cannot read {path}: {reason}") from None
    problems = unmatched_entries(entries, [case.id for case in suite])
    if problems:
        raise UsageError(f"{path}: " + "; ".join(problems))
    return entries


def write_reports(args: argparse.Namespace, run: Run, rerun: str) -> None:
    """The certificate's files the options ask for: of a run, and of one read back
    (``fives report``)."""
    if args.json:
        formats.write_json(run, Path(args.json), rerun)
    if args.junit:
        formats.write_junit(run, Path(args.junit), rerun)
    if args.markdown:
        formats.write_markdown(run, Path(args.markdown), rerun)
    if args.badges:
        formats.write_badges(run, Path(args.badges))
    if args.html:
        entry = Entry(run.adapter.name, run, rerun)
        page = functools.partial(certificate_html, entry)
        write_linked(Path(args.html), args.book, games_of(run), page)


def _outputs(args: argparse.Namespace, *names: str) -> dict[str, str | None]:
    """The output options ``names`` with their paths (for :func:`files.check_outputs`);
    ``badges`` also with each badge file it may write, which another report must not name."""
    outputs = {f"--{name}": getattr(args, name) for name in names}
    if "badges" in names and args.badges:
        for game in game_names():
            path = formats.badge_path(Path(args.badges), game)
            outputs[f"--badges ({path.name})"] = str(path)
    return outputs


def _report_interrupted(
    args: argparse.Namespace, run: Run, filters: Filters, left_out: list[Case]
) -> None:
    """An interrupted run (:mod:`fives_tools.partial`): its partial JSON report, marked
    interrupted, and its partial certificate on the console; the certificate files
    (Markdown, HTML, badges, JUnit) are not written, nor their old versions replaced."""
    run.filters, run.left_out, run.command = filters, left_out, args.command_line
    run.adapter = shown_as(run.adapter, args.name)
    run.timestamps = not args.no_timestamps
    if args.json:
        formats.write_json(run, Path(args.json))
    print_report(run, sys.stdout, "fives certify", colour=use_colour(sys.stdout))


def cmd_certify(args: argparse.Namespace) -> int:
    files.check_outputs(_outputs(args, "json", "junit", "markdown", "badges", "html"))
    filters = filters_of(args)
    suite = load_cases()
    known = _known_failures(args.known_failures, suite)
    cases, left_out = split(suite, filters)
    if not cases:
        raise UsageError("no case matches the filters")
    logs = own_games.preread(args)  # a log that cannot be read stops the run before it starts
    adapter, option = _adapter(args)
    rerun = command("fives", "certify", *option)
    clock = time.perf_counter()
    try:
        with partial.reporting(Run, lambda ran: _report_interrupted(args, ran, filters, left_out)):
            run = _run(adapter, cases, known, quiet=args.quiet)
            run.own_games = logs or own_games.judge(args, chosen(args), run, cases)
            if args.fuzz:
                fuzz.for_certificate(args, run)
            # the certificate's duration is the whole certification: its own games and any
            # fuzz too, not the cases alone (4.4 s of a 402 s run was shown)
            run.seconds = time.perf_counter() - clock
    except AdapterRefused as exc:
        raise CannotRun(f"cannot certify this implementation: {exc}") from None
    run.filters, run.left_out, run.command = filters, left_out, args.command_line
    run.adapter = shown_as(run.adapter, args.name)
    run.timestamps = not args.no_timestamps
    # The files first (a console closed early loses nothing), but the certificate is
    # printed even when one of them cannot be written; that failure then exits 2.
    try:
        write_reports(args, run, rerun)
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


def add(sub: Any) -> None:
    """Declare ``fives certify`` on the ``fives`` subcommands."""
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
    options.add_filters(certify)
    options.add_timeouts(certify)
    own_games.add_options(certify)
    certify.add_argument(
        "--fuzz",
        type=options.whole,
        default=0,
        metavar="N",
        help="also compare N random requests with the reference engine (fives fuzz, seed 1)"
        " and show its disagreements in the certificate, apart from the verdict",
    )
    certify.add_argument(
        "--known-failures",
        metavar="FILE",
        type=options.path,
        help="case IDs/globs expected to fail, one per line",
    )
    options.add_outputs(
        certify,
        json="also write the JSON report",
        junit="also write JUnit XML",
        markdown="also write the Markdown certificate",
        badges="also write one shields.io endpoint badge per game",
        html="also write the certificate as HTML",
    )
    certify.add_argument(
        "--book",
        metavar="PREFIX",
        type=options.book_prefix,
        default="book/",
        help="the rule books' folder or URL the --html links start with (default book/;"
        " a folder without the books is not linked to, and a warning says so)",
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
