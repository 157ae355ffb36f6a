"""``fives report REPORT.json...``: render saved JSON reports again, without an adapter.

One report (a certificate, a fuzz report or an audit report) is read back into the model
its writers render (:mod:`fives_tools.certify.saved`) and written in the forms asked, the
same console, Markdown, HTML and JUnit the run wrote. Two or more certificates combine into
one comparison (the forms ``fives compare`` writes, by the same combine) and into a small
static conformance site. Nothing is judged here: the forms say what the reports hold.

Exit status: a report's own (0 certified, or no fuzz disagreement, or no audit divergence
that fails a rule; else 1), 0 for a comparison or a site once written, 2 when a report
cannot be read or a file cannot be written.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from fives_tools import files, options
from fives_tools.certify import saved
from fives_tools.certify.judge.verdict import decide
from fives_tools.certify.observe.load import LoadError
from fives_tools.certify.reports import audit
from fives_tools.certify.reports import fuzz as report
from fives_tools.certify.reports.audit_console import console as audit_console
from fives_tools.certify.reports.audit_html import audit_html
from fives_tools.certify.reports.audit_junit import write_junit
from fives_tools.certify.reports.console import print_report
from fives_tools.cli import certify, compare, fuzz, site
from fives_tools.cli.base import UsageError
from fives_tools.cli.certify import use_colour
from fives_tools.rule_links import BOOK

#: The files one report renders to, and those of a comparison.
ONE = ("markdown", "html", "junit", "badges")
MANY = ("markdown", "html", "json", "site")


def _console(args: argparse.Namespace, names: tuple[str, ...]) -> bool:
    """Print on the console: asked, or no file asked."""
    return args.console or not any(getattr(args, name) for name in names)


def _certificate(args: argparse.Namespace, found: saved.Certificate) -> int:
    run, rerun = found.run, found.rerun
    certify.write_reports(args, run, rerun)
    if _console(args, ONE):
        print_report(run, sys.stdout, rerun, colour=use_colour(sys.stdout))
    return decide(run).exit_status(False)


def _fuzz(args: argparse.Namespace, found: saved.Fuzzed) -> int:
    if args.badges:
        raise UsageError("--badges are a certificate's; this is a fuzz report")
    fuzz.write_files(args, found.outcome, found.prefix)
    if _console(args, ONE):
        sys.stdout.write(report.console(found.outcome, found.prefix))
    return 0 if found.outcome.ok else 1


def _audit(args: argparse.Namespace, found: saved.Audited, path: str) -> int:
    """The audit's forms; where they say the rest of the divergences are is this report."""
    obs, written = found.observation, found.files
    if args.badges:
        raise UsageError("--badges are a certificate's; this is an audit report")
    if args.junit:
        write_junit(obs, Path(args.junit), written)
    if args.markdown:
        files.write_text(Path(args.markdown), audit.markdown(obs, written, path))
    if args.html:
        files.write_text(Path(args.html), audit_html(obs, written, path))
    if _console(args, ONE):
        sys.stdout.write(audit_console(obs, written, verbose=args.verbose, json_path=path))
    return 0 if obs.ok else 1


def _one(args: argparse.Namespace, path: str) -> int:
    for name in ("json", "site"):
        if getattr(args, name):
            raise UsageError(f"--{name} combines two or more certificates; give them all")
    found = saved.load(Path(path))
    if isinstance(found, saved.Fuzzed):
        return _fuzz(args, found)
    if isinstance(found, saved.Audited):
        return _audit(args, found, path)
    return _certificate(args, found)


def _combined(args: argparse.Namespace) -> int:
    """Two or more certificates: one comparison, a site, each implementation's line."""
    for name in ("junit", "badges"):
        if getattr(args, name):
            raise UsageError(
                f"--{name} renders one report; a comparison has none (--site has badges)"
            )
    runs = []
    for path in args.reports:
        found = saved.load(Path(path))
        if not isinstance(found, saved.Certificate):
            kind = "a fuzz report" if isinstance(found, saved.Fuzzed) else "an audit report"
            raise LoadError(f"{path}: field report: {kind}; a comparison combines certificates")
        runs.append((None, found.run, found.rerun))
    entries = compare.combine(runs)
    compare.write_comparison(args, entries)
    if args.site:
        site.write(Path(args.site), entries, args.command_line, args.book)
    if _console(args, MANY):
        compare.print_lines(entries)
    return 0


def cmd_report(args: argparse.Namespace) -> int:
    outputs = {f"--{name}": getattr(args, name) for name in ("markdown", "html", "junit", "json")}
    files.check_outputs(outputs)
    if len(args.reports) == 1:
        return _one(args, args.reports[0])
    return _combined(args)


def add(sub: Any) -> None:
    """Declare ``fives report`` on the ``fives`` subcommands."""
    report = sub.add_parser(
        "report",
        help="render saved JSON reports again, or combine certificates, without an adapter",
        description="Render a saved JSON report (fives certify, fuzz or audit --json) again:"
        " the same console, Markdown, HTML and JUnit the run wrote, with no adapter run."
        " Two or more certificates combine into one comparison (as fives compare writes it)"
        " and, with --site, into a static conformance site: an index with the rules by"
        " implementation, one certificate page per implementation, and its badges. Exit"
        " status: the report's own verdict (0, or 1 when not certified, a fuzz disagreement"
        " or an audit divergence that fails a rule); 0 for a comparison; 2 for a report that"
        " cannot be read (one line naming the file and the field) or a file not written.",
    )
    report.add_argument(
        "reports", nargs="+", metavar="REPORT", type=options.path, help="a JSON report"
    )
    report.add_argument(
        "--console",
        action="store_true",
        help="print it on the console (the default when no file is asked)",
    )
    options.add_outputs(
        report,
        markdown="write it as Markdown",
        html="write it as an HTML page",
        junit="write it as JUnit XML (one report)",
        badges="write a certificate's shields.io endpoint badges, one per game, here",
        json="write the comparison's JSON (two or more certificates), as fives compare does",
        site="write a static conformance site here (two or more certificates)",
    )
    report.add_argument(
        "--book",
        metavar="PREFIX",
        type=options.book_prefix,
        default=BOOK,
        help=f"the rule books' folder or URL the HTML links start with (default {BOOK})",
    )
    report.add_argument(
        "-v", "--verbose", action="store_true", help="an audit: every rule and every divergence"
    )
    report.set_defaults(func=cmd_report)


__all__ = ["add"]
