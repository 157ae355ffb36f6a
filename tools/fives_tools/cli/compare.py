"""``fives compare``: run the suite against several implementations and write one report,
rules by implementation per game and level (:mod:`fives_tools.certify.reports.comparison`)."""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path
from typing import Any

from fives_tools import files, options
from fives_tools.certify.adapters.interface import AdapterRefused
from fives_tools.certify.adapters.program import SubprocessAdapter
from fives_tools.certify.adapters.stdio_server import REFERENCE_COMMAND
from fives_tools.certify.cases import load_cases
from fives_tools.certify.cases.selection import Filters, split, unknown_names
from fives_tools.certify.reports.comparison import BOOK, Entry, to_json, to_markdown
from fives_tools.certify.reports.console import counts_text
from fives_tools.certify.reports.html import comparison_html
from fives_tools.certify.reports.verdict import decide
from fives_tools.certify.runner import run_cases
from fives_tools.progress import bar

#: The name the reference engine is shown under.
REFERENCE = "reference"


def named_command(text: str) -> tuple[str, str]:
    """argparse type: ``NAME=COMMAND``, both non-empty (the name heads the report's column)."""
    name, sep, command = text.partition("=")
    if not sep or not name.strip() or not command.strip():
        raise argparse.ArgumentTypeError(
            f"expected NAME=COMMAND, e.g. node='node adapter.js', got {text!r}"
        )
    return name.strip(), options.command(command)


def book_prefix(text: str) -> str:
    """argparse type: where the rule books are, as a folder or URL the links start with."""
    if not text.strip():
        raise argparse.ArgumentTypeError("empty: give the rule books' folder or URL")
    return text if text.endswith("/") else text + "/"


class CompareError(Exception):
    """The comparison cannot run as asked; printed on one line, exit 2."""


def entries_to_run(args: argparse.Namespace) -> list[tuple[str, list[str] | str, str]]:
    """(name, command, re-run prefix) of every implementation, the reference engine first
    unless ``--no-reference``; a name given twice is a usage error."""
    chosen: list[tuple[str, list[str] | str, str]] = []
    if not args.no_reference:
        chosen.append((REFERENCE, REFERENCE_COMMAND, "fives certify"))
    for name, command in args.adapter:
        chosen.append((name, command, f"fives certify --adapter {shlex.quote(command)}"))
    names = [name for name, _, _ in chosen]
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise CompareError(f"--adapter: the name {twice[0]!r} is given twice; name each once")
    if not chosen:
        raise CompareError("nothing to compare: give --adapter NAME=COMMAND or keep the reference")
    return chosen


def run_all(args: argparse.Namespace) -> list[Entry]:
    """Run the selected cases against every implementation, in the order given."""
    filters = Filters.of(args.game, args.rule, args.level, args.case)
    problems = unknown_names(filters)
    if problems:
        raise CompareError("; ".join(problems))
    chosen = entries_to_run(args)
    cases, left_out = split(load_cases(), filters)
    if not cases:
        raise CompareError("no case matches the filters")
    entries = []
    for name, command, rerun in chosen:
        adapter = SubprocessAdapter(
            command, timeout=args.timeout, start_timeout=args.startup_timeout
        )
        try:
            with bar(f"compare: {name}", len(cases)) as step:
                run = run_cases(adapter, cases, lambda i, n, result: step())
        except AdapterRefused as exc:
            raise CompareError(f"cannot compare {name}: {exc}") from None
        run.filters, run.left_out, run.command = filters, left_out, rerun
        run.timestamps = not args.no_timestamps
        entries.append(Entry(name, run, rerun))
        if not args.quiet:
            print(f"{name}: {counts_text(run)}: {decide(run).text}", file=sys.stderr)
    return entries


def cmd_compare(args: argparse.Namespace) -> int:
    outputs = {"--markdown": args.markdown, "--html": args.html, "--json": args.json}
    files.check_outputs(outputs)
    try:
        entries = run_all(args)
    except CompareError as exc:
        print(f"fives compare: {exc}", file=sys.stderr)
        return 2
    if args.markdown:
        files.write_text(Path(args.markdown), to_markdown(entries, args.command_line, args.book))
    if args.html:
        files.write_text(Path(args.html), comparison_html(entries, args.command_line, args.book))
    if args.json:
        files.write_text(Path(args.json), to_json(entries, args.command_line))
    for entry in entries:
        info = entry.run.adapter
        print(
            f"{entry.label} ({info.name} {info.version}): {counts_text(entry.run)}:"
            f" {decide(entry.run).text}"
        )
    return 0


def add_compare_command(sub: Any, filters: Any, timeouts: Any) -> None:
    """The ``compare`` subcommand; ``filters`` adds ``--game/--rule/--level/--case`` and
    ``timeouts`` ``--timeout/--startup-timeout``, as ``fives certify`` has them."""
    compare = sub.add_parser(
        "compare",
        help="run the suite against several implementations and write one report",
        description="Run every case against each implementation (the reference engine, then"
        " each --adapter) and write one report: per game and level, a table of rules by"
        " implementation, each cell the verdict of that implementation's own certificate,"
        " linked to the rule in the rule book and to the failure's details. Exits 0 once"
        " the reports are written, whatever the verdicts; 2 when an implementation cannot"
        " run or a report cannot be written.",
    )
    compare.add_argument(
        "--adapter",
        metavar="NAME=COMMAND",
        type=named_command,
        action="append",
        default=[],
        help="an implementation speaking the NDJSON protocol, shown as NAME (repeatable)",
    )
    compare.add_argument(
        "--no-reference", action="store_true", help="leave the reference engine out"
    )
    filters(compare)
    timeouts(compare)
    compare.add_argument("--markdown", metavar="FILE", help="write the Markdown report")
    compare.add_argument("--html", metavar="FILE", help="write the HTML report")
    compare.add_argument(
        "--json",
        metavar="FILE",
        help="write each implementation's JSON report (spec/schemas/report.schema.json)"
        " under its name",
    )
    compare.add_argument(
        "--book",
        metavar="PREFIX",
        type=book_prefix,
        default=BOOK,
        help=f"the rule books' folder or URL, as the links start (default {BOOK}:"
        " `fives docs --out` beside the reports)",
    )
    options.add_no_timestamps(compare)
    compare.add_argument("-q", "--quiet", action="store_true", help="no line per implementation")
    compare.set_defaults(func=cmd_compare)
