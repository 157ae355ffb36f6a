"""``fives fuzz``: differential fuzzing against the reference engine (spec/fuzz.md).

Exit status: 0 when every request agrees, 1 on disagreements, 2 when the run cannot
happen (the adapter is refused, the filters leave nothing to ask, a bad option) or is
interrupted (its partial --json report says so).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from fives_tools import files, options, partial, processes, rerun
from fives_tools.certify.adapters.interface import AdapterError, AdapterRefused
from fives_tools.certify.cases import levels
from fives_tools.certify.cases.selection import Filters, unknown_names
from fives_tools.certify.fuzz import candidates, parallel
from fives_tools.certify.fuzz.campaign import DEFAULT_BUDGET, Outcome, Plan, Slice
from fives_tools.certify.fuzz.scope import ScopeError
from fives_tools.certify.reports import fuzz as report
from fives_tools.certify.reports.fuzz_html import fuzz_html
from fives_tools.certify.runner import Run
from fives_tools.cli.base import CannotRun, UsageError, shown_as
from fives_tools.cli.own_games import REFERENCE_PYTHON


def _filters(args: argparse.Namespace) -> list[str]:
    """The filter options, for re-run commands (they change the scope)."""
    chosen = [("--game", g) for g in args.game] + [("--level", lv) for lv in args.level]
    chosen += [("--players", str(n)) for n in args.players]
    return [word for pair in chosen for word in pair]


def prefix(spec: parallel.AdapterSpec, args: argparse.Namespace) -> str:
    """The re-run commands' prefix: ``fives fuzz`` with the implementation and scope."""
    return rerun.command("fives", "fuzz", *spec.words(), *_filters(args))


def for_certificate(args: argparse.Namespace, run: Run) -> None:
    """``fives certify --fuzz N``: N random requests of the run's games, answered by the
    implementation and by the reference engine, into ``run.fuzz`` (seed 1, one process);
    a signal meanwhile goes on carrying the run, the campaign so far with it."""
    python = args.python or (REFERENCE_PYTHON if args.in_process else None)
    spec = parallel.AdapterSpec(args.adapter, python, args.timeout, args.startup_timeout)
    games = tuple(args.game)
    run.fuzz_rerun = rerun.command(
        "fives", "fuzz", *spec.words(), *(w for g in games for w in ("--game", g))
    )
    part = parallel.shard_slice(args.fuzz, (1, 1))
    try:
        run.fuzz = parallel.run(spec, Plan(seed=1, games=games), part)
    except KeyboardInterrupt as exc:
        run.fuzz = partial.carried(exc, Outcome)
        run.interrupted = processes.signal_name(exc)
        partial.carry(exc, run)
        raise
    except (AdapterRefused, AdapterError, ScopeError) as exc:
        raise CannotRun(f"cannot fuzz this implementation: {exc}") from None
    run.fuzz.implementation = run.adapter


def _report(outcome: Outcome, args: argparse.Namespace, spec: parallel.AdapterSpec) -> str:
    """Print the report and write its JSON form; the rest is written only for a campaign
    that ran to its end (an interrupted one: :mod:`fives_tools.partial`). The re-run
    commands' prefix."""
    outcome.implementation = shown_as(outcome.implementation, args.name)
    line = prefix(spec, args)
    sys.stdout.write(report.console(outcome, line))
    if args.json:
        report.write_json(outcome, Path(args.json), line)
    return line


def write_files(args: argparse.Namespace, outcome: Outcome, prefix: str) -> None:
    """The report's files the options ask for but its JSON (``--junit``, ``--markdown``,
    ``--html``): of a campaign run whole, and of one read back (``fives report``)."""
    if args.junit:
        report.write_junit(outcome, Path(args.junit), prefix)
    if args.markdown:
        report.write_markdown(outcome, Path(args.markdown), prefix)
    if args.html:
        files.write_text(Path(args.html), fuzz_html(outcome, prefix))


def cmd_fuzz(args: argparse.Namespace) -> int:
    outputs = {
        "--json": args.json,
        "--junit": args.junit,
        "--markdown": args.markdown,
        "--html": args.html,
    }
    files.check_outputs(outputs)
    problems = unknown_names(Filters.of(args.game, [], args.level, []))
    if problems:  # a typo must not fuzz nothing, nor everything else
        raise UsageError("; ".join(problems))
    spec = parallel.AdapterSpec(args.adapter, args.python, args.timeout)
    try:
        shard = parallel.parse_shard(args.shard) if args.shard else (1, 1)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    if args.index is not None:
        part = Slice(args.index, 1, args.index + 1)
    else:
        budget = None if args.time is not None else (args.budget or DEFAULT_BUDGET)
        part = parallel.shard_slice(budget, shard)
    plan = Plan(
        seed=args.seed,
        games=tuple(args.game),
        levels=tuple(args.level),
        players=tuple(args.players),
        seconds=args.time,
        shrink=not args.no_shrink,
    )
    try:
        with partial.reporting(Outcome, lambda found: _report(found, args, spec)):
            outcome = parallel.run(spec, plan, part, jobs=args.jobs)
    except (AdapterRefused, AdapterError, ScopeError) as exc:  # AdapterError: it died starting
        raise CannotRun(f"cannot fuzz this implementation: {exc}") from None
    prefix = _report(outcome, args, spec)
    write_files(args, outcome, prefix)
    if args.save_candidates:
        paths = candidates.save(report.ordered(outcome), Path(args.save_candidates))
        print(f"{len(paths)} candidate fixtures (reviewed: false) in {args.save_candidates}")
    return 0 if outcome.ok else 1


def add_fuzz_commands(sub: Any) -> None:
    """Register ``fives fuzz`` on the ``fives`` subcommand parser."""
    fuzz = sub.add_parser(
        "fuzz",
        help="random legal requests, answered by the implementation and the reference engine",
        description="Differential fuzzing against the reference engine (spec/fuzz.md). With no"
        " adapter option, fuzzes the reference engine against itself through the protocol.",
    )
    options.add_implementation(
        fuzz, adapter="a program speaking the protocol", python="a Python adapter object"
    )
    size = fuzz.add_mutually_exclusive_group()
    size.add_argument(
        "--budget",
        type=options.count,
        help=f"requests in the campaign (default {DEFAULT_BUDGET})",
    )
    size.add_argument(
        "--time", type=options.seconds, metavar="S", help="fuzz for S seconds instead"
    )
    fuzz.add_argument("--seed", type=int, default=0, help="the campaign's seed (default 0)")
    fuzz.add_argument(
        "--index", type=options.whole, help="only the request of this index (re-runs)"
    )
    fuzz.add_argument("--game", action="append", default=[], help="only this game (repeatable)")
    fuzz.add_argument(
        "--level",
        action="append",
        default=[],
        help=f"only this level ({', '.join(levels.LEVELS)})",
    )
    fuzz.add_argument(
        "--players",
        action="append",
        default=[],
        type=int,
        help="only this player count",
    )
    fuzz.add_argument(
        "--jobs",
        type=options.jobs,
        default=1,
        help=f"adapter processes, at most {options.JOBS_PER_CPU} per CPU (default 1)",
    )
    fuzz.add_argument("--shard", metavar="I/N", help="only shard I of N of the campaign (1-based)")
    fuzz.add_argument(
        "--timeout", type=options.seconds, default=10.0, help="seconds per request (default 10)"
    )
    fuzz.add_argument("--no-shrink", action="store_true", help="report disagreements unshrunk")
    options.add_outputs(
        fuzz,
        json="also write the JSON report",
        junit="also write JUnit XML",
        markdown="also write the Markdown report",
        html="also write the report as HTML",
        save_candidates="write a candidate fixture (reviewed: false) per disagreement class",
    )
    fuzz.set_defaults(func=cmd_fuzz)


__all__ = ["add_fuzz_commands", "write_files"]
