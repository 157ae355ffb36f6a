"""The ``fives`` command: certify an implementation, list or dump the suite's cases."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from fives_tools import coverage
from fives_tools.cases import FixtureError, load_cases
from fives_tools.reference_adapter import ReferenceAdapter
from fives_tools.report import print_report
from fives_tools.runner import PASS, Result, run_cases, select


def _filters(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", action="append", default=[], help="only this game (repeatable)")
    parser.add_argument(
        "--rule", action="append", default=[], help="only cases checking this rule ID"
    )
    parser.add_argument(
        "--case",
        action="append",
        default=[],
        metavar="PATTERN",
        help="only case IDs matching this glob, e.g. 'five-up/layout/*'",
    )


def _progress(i: int, n: int, result: Result) -> None:
    mark = "." if result.status == PASS else result.status[0].upper()
    sys.stderr.write(mark + ("\n" if i % 60 == 0 or i == n else ""))
    sys.stderr.flush()


def cmd_certify(args: argparse.Namespace) -> int:
    cases = select(load_cases(), args.game, args.rule, args.case)
    if not cases:
        print("no case matches the filters", file=sys.stderr)
        return 2
    run = run_cases(ReferenceAdapter(), cases, progress=_progress)
    print_report(run, sys.stdout)
    return 0 if run.ok else 1


def cmd_cases(args: argparse.Namespace) -> int:
    cases = select(load_cases(), args.game, args.rule, args.case)
    if args.dump:
        payload = [
            {
                "id": c.id,
                "game": c.game,
                "title": c.title,
                "kind": c.kind,
                "level": c.level,
                "rules": list(c.rules),
                "sources": list(c.sources),
                "interpretation": c.interpretation,
                "request": c.request,
                "expect": c.expect,
            }
            for c in cases
        ]
        text = json.dumps({"cases": payload}, ensure_ascii=False, indent=1)
        if args.dump == "-":
            print(text)
        else:
            with open(args.dump, "w", encoding="utf-8") as fh:
                fh.write(text + "\n")
        return 0
    for case in cases:
        print(f"{case.id}\t{case.level}\t{case.title}")
    return 0


def cmd_coverage(args: argparse.Namespace) -> int:
    table = coverage.matrix()
    print(coverage.render(table))
    return 1 if any(not refs for rows in table.values() for refs in rows.values()) else 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="fives", description=__doc__)
    sub = parser.add_subparsers(dest="command")
    certify = sub.add_parser(
        "certify", help="run the suite against an implementation and print the certificate"
    )
    _filters(certify)
    certify.set_defaults(func=cmd_certify)
    cases = sub.add_parser("cases", help="list the suite's cases, or dump them as JSON")
    _filters(cases)
    cases.add_argument(
        "--dump", metavar="FILE", help="write every selected case as one JSON file ('-' for stdout)"
    )
    cases.set_defaults(func=cmd_cases)
    cov = sub.add_parser("coverage", help="print which cases and scenarios exercise each rule")
    cov.set_defaults(func=cmd_coverage)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not hasattr(args, "func"):
        parser.print_help()
        return 2
    try:
        code: int = args.func(args)
    except FixtureError as exc:
        print(f"fives: bad fixture: {exc}", file=sys.stderr)
        return 2
    return code


if __name__ == "__main__":
    sys.exit(main())
