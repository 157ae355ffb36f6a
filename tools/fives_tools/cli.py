"""The ``fives`` command: certify an implementation, list or dump the suite's cases,
print the coverage matrix."""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path

from fives_tools import coverage, files, levels, options, report_files
from fives_tools.adapter import Adapter, AdapterRefused
from fives_tools.cases import FixtureError, load_cases
from fives_tools.python_adapter import PythonAdapter, load_object
from fives_tools.records_cli import add_record_commands
from fives_tools.reference_adapter import ReferenceAdapter
from fives_tools.render.commands import add_render_commands
from fives_tools.report import print_report
from fives_tools.runner import PASS, Result, read_known_failures, run_cases, select
from fives_tools.subprocess_adapter import SubprocessAdapter

REFERENCE_COMMAND = [sys.executable, "-m", "fives_tools.stdio_server"]


def _filters(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", action="append", default=[], help="only this game (repeatable)")
    parser.add_argument(
        "--rule", action="append", default=[], help="only cases checking this rule ID"
    )
    parser.add_argument(
        "--level",
        action="append",
        default=[],
        choices=list(levels.LEVELS),
        help="only cases of this capability level",
    )
    parser.add_argument(
        "--case",
        action="append",
        default=[],
        metavar="PATTERN",
        help="only case IDs matching this glob, e.g. 'five-up/layout/*'",
    )


def _progress(i: int, n: int, result: Result) -> None:
    mark = {"pass": ".", "fail": "F", "error": "E", "skip": "s"}[result.status]
    sys.stderr.write(mark + ("\n" if i % 72 == 0 or i == n else ""))
    sys.stderr.flush()


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


def cmd_certify(args: argparse.Namespace) -> int:
    cases = select(load_cases(), args.game, args.rule, args.case, args.level)
    if not cases:
        print("fives: no case matches the filters", file=sys.stderr)
        return 2
    try:
        known = read_known_failures(Path(args.known_failures)) if args.known_failures else []
    except (OSError, UnicodeDecodeError) as exc:
        reason = getattr(exc, "strerror", None) or "not UTF-8 text"
        print(f"fives: cannot read {args.known_failures}: {reason}", file=sys.stderr)
        return 2
    adapter, option = _adapter(args)
    rerun = "fives certify" + (f" {option}" if option else "")
    try:
        run = run_cases(
            adapter, cases, progress=None if args.quiet else _progress, known_failures=known
        )
    except AdapterRefused as exc:
        print(f"fives: cannot certify this implementation: {exc}", file=sys.stderr)
        return 2
    print_report(run, sys.stdout, rerun)
    if args.json:
        report_files.write_json(run, Path(args.json))
    if args.junit:
        report_files.write_junit(run, Path(args.junit), rerun)
    if args.markdown:
        report_files.write_markdown(run, Path(args.markdown), rerun)
    if args.badges:
        report_files.write_badges(run, Path(args.badges))
    return 0 if run.ok and run.count(PASS) else 1


def cmd_cases(args: argparse.Namespace) -> int:
    cases = select(load_cases(), args.game, args.rule, args.case, args.level)
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
                "sources": list(c.sources),
                "interpretation": c.interpretation,
                "request": c.request,
                "expect": c.expect,
            }
            for c in cases
        ]
        from fives_tools import protocol

        text = json.dumps(
            {
                "suite": protocol.suite_version(),
                "protocol": protocol.protocol_version(),
                "cases": payload,
            },
            ensure_ascii=False,
            indent=1,
        )
        if args.dump == "-":
            print(text)
        else:
            files.write_text(Path(args.dump), text + "\n")
        return 0
    for case in cases:
        print(f"{case.id}\t{case.level}\t{case.title}")
    return 0


def cmd_coverage(args: argparse.Namespace) -> int:
    matrix = coverage.matrix()
    print(coverage.render(matrix))
    return 1 if any(not refs for rows in matrix.values() for refs in rows.values()) else 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="fives", description=__doc__)
    sub = parser.add_subparsers(dest="command")

    certify = sub.add_parser(
        "certify",
        help="run the suite against an implementation and print the certificate",
        description="With no adapter option, certifies the reference engine through the "
        "subprocess protocol (python -m fives_tools.stdio_server).",
    )
    how = certify.add_mutually_exclusive_group()
    how.add_argument(
        "--adapter",
        metavar="'CMD ARGS'",
        type=options.command,
        help="a program speaking the NDJSON protocol",
    )
    how.add_argument(
        "--python",
        metavar="MODULE:ATTR",
        type=options.command,
        help="a Python adapter object or entry point name",
    )
    how.add_argument(
        "--in-process", action="store_true", help="the reference engine without a subprocess"
    )
    _filters(certify)
    certify.add_argument(
        "--timeout", type=options.seconds, default=10.0, help="seconds per case (default 10)"
    )
    certify.add_argument(
        "--startup-timeout",
        type=options.seconds,
        default=20.0,
        help="seconds for the adapter to start and send ready (default 20)",
    )
    certify.add_argument(
        "--known-failures", metavar="FILE", help="case IDs/globs expected to fail, one per line"
    )
    certify.add_argument("--json", metavar="FILE", help="also write the JSON report")
    certify.add_argument("--junit", metavar="FILE", help="also write JUnit XML")
    certify.add_argument("--markdown", metavar="FILE", help="also write the Markdown certificate")
    certify.add_argument(
        "--badges", metavar="DIR", help="also write one shields.io endpoint badge per game"
    )
    certify.add_argument("-q", "--quiet", action="store_true", help="no progress dots")
    certify.set_defaults(func=cmd_certify)

    cases = sub.add_parser("cases", help="list the suite's cases, or dump them as JSON")
    _filters(cases)
    cases.add_argument(
        "--dump", metavar="FILE", help="write every selected case as one JSON file ('-' for stdout)"
    )
    cases.set_defaults(func=cmd_cases)

    cov = sub.add_parser("coverage", help="print which cases and scenarios exercise each rule")
    cov.set_defaults(func=cmd_coverage)
    add_render_commands(sub)
    add_record_commands(sub)
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
    except AdapterRefused as exc:
        print(f"fives: {exc}", file=sys.stderr)
        return 2
    except files.WriteError as exc:
        print(f"fives: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\nfives: interrupted", file=sys.stderr)
        return 130
    return code


if __name__ == "__main__":
    sys.exit(main())
