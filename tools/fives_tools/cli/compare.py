"""``fives compare``: run the suite against several implementations and write one report,
rules by implementation per game and level (:mod:`fives_tools.certify.reports.comparison`)."""

from __future__ import annotations

import argparse
import functools
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fives_tools import files, options, partial
from fives_tools.certify.adapters.interface import AdapterRefused
from fives_tools.certify.cases import load_cases
from fives_tools.certify.cases.selection import split
from fives_tools.certify.judge.verdict import decide
from fives_tools.certify.reports.comparison import Entry, to_json, to_markdown
from fives_tools.certify.reports.console import counts_text, games_of
from fives_tools.certify.reports.html import comparison_html
from fives_tools.certify.runner import Run, run_cases
from fives_tools.cli import own_games
from fives_tools.cli.base import CannotRun, UsageError, filters_of, make_adapter
from fives_tools.options import Implementation
from fives_tools.partial import Interruption
from fives_tools.progress import bar
from fives_tools.rerun import command
from fives_tools.rule_links import BOOK, write_linked
from fives_tools.text import tell

#: The name the reference engine is shown under.
REFERENCE = "reference"


def entries_to_run(args: argparse.Namespace) -> list[Implementation | None]:
    """Every implementation, the reference engine (None) first unless ``--no-reference``;
    a name given twice is a usage error."""
    chosen: list[Implementation | None] = list(args.implementations)
    if not args.no_reference:
        chosen.insert(0, None)
    names = [name for name in map(_name, chosen) if name is not None]
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise UsageError(f"the name {twice[0]!r} is given twice; name each once")
    if not chosen:
        raise UsageError("nothing to compare: give --adapter or --python, or keep the reference")
    return chosen


def _name(impl: Implementation | None) -> str | None:
    return REFERENCE if impl is None else impl.name


def combine(runs: Sequence[tuple[str | None, Run, str]]) -> list[Entry]:
    """The one comparison of runs, each with the name it was given (None: the one the
    implementation says in its hello) and its re-run command: what ``fives compare``
    builds of the runs it makes and ``fives report`` of saved certificates. A name
    another column already has is numbered, so each column (and its anchors) is its own."""
    entries: list[Entry] = []
    taken: set[str] = set()
    for name, run, rerun in runs:
        first = name or run.adapter.name
        label, number = first, 2
        while label in taken:
            label, number = f"{first} #{number}", number + 1
        taken.add(label)
        entries.append(Entry(label, run, rerun))
    return entries


@dataclass
class Compared:
    """The implementations run so far, and how far the comparison got when a signal
    stopped it (the run it was in is the last entry, itself marked interrupted)."""

    entries: list[Entry]
    interruption: Interruption | None = None


def run_all(args: argparse.Namespace) -> list[Entry]:
    """Run the selected cases against every implementation, in the order given; an
    interruption carries the implementations run so far (:mod:`fives_tools.partial`)."""
    filters = filters_of(args)
    chosen = entries_to_run(args)
    cases, left_out = split(load_cases(), filters)
    if not cases:
        raise UsageError("no case matches the filters")
    runs: list[tuple[str | None, Run, str]] = []

    def add(impl: Implementation | None, run: Run, rerun: str) -> None:
        run.filters, run.left_out, run.command = filters, left_out, rerun
        run.timestamps = not args.no_timestamps
        runs.append((_name(impl), run, rerun))

    for impl in chosen:
        shown = _name(impl) or (impl.target if impl else REFERENCE)
        adapter = make_adapter(impl, args.timeout, args.startup_timeout, args.game_timeout)
        rerun = command("fives", "certify", *(impl.words() if impl else ()))
        try:
            with bar(f"compare: {shown}", len(cases)) as step:
                run = run_cases(adapter, cases, lambda i, n, result: step())
            own_games.judge(args, impl, run, cases)
        except AdapterRefused as exc:
            raise CannotRun(f"cannot compare {shown}: {exc}") from None
        except KeyboardInterrupt as exc:
            done = len(runs)
            ran = partial.carried(exc, Run)
            if ran is not None:
                add(impl, ran, rerun)
            if runs:
                stop = Interruption.of(exc, done, len(chosen), "implementation")
                partial.carry(exc, Compared(combine(runs), stop))
            raise
        add(impl, run, rerun)
        if not args.quiet:
            label = combine(runs)[-1].label
            tell(f"{label}: {counts_text(run)}: {decide(run).text}")
    return combine(runs)


def print_lines(entries: Sequence[Entry]) -> None:
    """Each implementation's line: its name, its counts and its verdict."""
    for entry in entries:
        info = entry.run.adapter
        print(
            f"{entry.label} ({info.name} {info.version}): {counts_text(entry.run)}:"
            f" {decide(entry.run).text}"
        )


def _report_interrupted(args: argparse.Namespace, compared: Compared) -> None:
    """The implementations run before the signal: the JSON report, marked interrupted,
    and their lines; the Markdown and HTML reports are not written (fives_tools.partial)."""
    if args.json:
        text = to_json(compared.entries, args.command_line, compared.interruption)
        files.write_text(Path(args.json), text)
    print_lines(compared.entries)
    if compared.interruption is not None:
        print(compared.interruption.line)


def cmd_compare(args: argparse.Namespace) -> int:
    outputs = {"--markdown": args.markdown, "--html": args.html, "--json": args.json}
    files.check_outputs(outputs)
    with partial.reporting(Compared, lambda compared: _report_interrupted(args, compared)):
        entries = run_all(args)
    write_comparison(args, entries)
    print_lines(entries)
    return 0


def write_comparison(args: argparse.Namespace, entries: Sequence[Entry]) -> None:
    """The comparison's files the options ask for (``--markdown``, ``--html``,
    ``--json``), of ``fives compare`` and of ``fives report`` alike."""
    games = sorted({game for entry in entries for game in games_of(entry.run)})
    if args.markdown:
        page = functools.partial(to_markdown, entries, args.command_line)
        write_linked(Path(args.markdown), args.book, games, page)
    if args.html:
        page = functools.partial(comparison_html, entries, args.command_line)
        write_linked(Path(args.html), args.book, games, page)
    if args.json:
        files.write_text(Path(args.json), to_json(entries, args.command_line))


def add_compare_command(sub: Any) -> None:
    """Declare ``fives compare`` on the ``fives`` subcommands."""
    compare = sub.add_parser(
        "compare",
        help="run the suite against several implementations and write one report",
        description="Run every case against each implementation (the reference engine, then"
        " each --adapter) and write one report: per game and level, a table of rules by"
        " implementation, each cell the verdict of that implementation's own certificate,"
        " linked to the rule in the rule book and to the failure's details. Exits 0 once"
        " the reports are written, whatever the verdicts; 2 when an implementation cannot"
        " run, a report cannot be written, or a signal stops it (the --json report then holds"
        " the implementations run so far, marked interrupted).",
    )
    options.add_implementation(
        compare,
        adapter="an implementation speaking the NDJSON protocol, shown as NAME (by default"
        " the name it gives in its hello)",
        python="a Python adapter object or entry point name, shown as NAME",
        many=True,
    )
    compare.add_argument(
        "--no-reference", action="store_true", help="leave the reference engine out"
    )
    options.add_filters(compare)
    options.add_timeouts(compare)
    own_games.add_options(compare, logs=False)
    options.add_outputs(
        compare,
        markdown="write the Markdown report",
        html="write the HTML report",
        json="write each implementation's JSON report (spec/schemas/report.schema.json)"
        " under its name",
    )
    compare.add_argument(
        "--book",
        metavar="PREFIX",
        type=options.book_prefix,
        default=BOOK,
        help=f"the rule books' folder or URL, as the links start (default {BOOK}:"
        " `fives docs --out` beside the reports)",
    )
    options.add_no_timestamps(compare)
    compare.add_argument("-q", "--quiet", action="store_true", help="no line per implementation")
    compare.set_defaults(func=cmd_compare)
