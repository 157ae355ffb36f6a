"""``fives cases`` lists or dumps the suite's cases; ``fives coverage`` prints which cases
and scenarios exercise each rule."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from fives_tools import files, options
from fives_tools.certify.adapters import protocol
from fives_tools.certify.cases import coverage, load_cases
from fives_tools.certify.cases.selection import split
from fives_tools.certify.judge import tables
from fives_tools.cli.base import filters_of


def cmd_cases(args: argparse.Namespace) -> int:
    filters = filters_of(args)  # a misspelt name is answered before the suite is read
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
    if args.rule:
        filters_of(args)  # a misspelt rule is refused with the closest IDs
    if args.matrix:  # the rows of the rules asked for (--rule), with their gaps
        table = tables.table_matrix()
        if args.rule:
            table = {
                g: {r: c for r, c in rows.items() if r in args.rule} for g, rows in table.items()
            }
            table = {g: rows for g, rows in table.items() if rows}
        print(tables.render(table))
        return 1 if tables.gaps(table) else 0
    matrix = coverage.matrix()
    if args.rule:
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


def add(sub: Any) -> None:
    """Declare ``fives cases`` and ``fives coverage`` on the ``fives`` subcommands."""
    cases = sub.add_parser(
        "cases",
        help="list the suite's cases, or dump them as JSON",
        description="List the selected cases (ID, requirement, title), or dump them with"
        " their requests and expectations as one JSON file to use without this runner.",
    )
    options.add_filters(cases)
    cases.add_argument(
        "--dump",
        metavar="FILE",
        type=options.path,
        help="write every selected case as one JSON file ('-' for stdout)",
    )
    cases.set_defaults(func=cmd_cases)

    cov = sub.add_parser(
        "coverage",
        help="print which cases and scenarios exercise each rule",
        description="Print, per game, every rule with how many cases and scenarios exercise"
        " it; exits 1 when a rule has none. With --rule, list which ones, by ID. With"
        " --matrix, print rule x game x table instead (the --rule rows only, when given):"
        " the must cases of each cell and the gaps (exits 1 when there is one).",
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
