"""``fives audit FILE...``: audit observation records offline (JSON: one record or a list;
JSONL: one record a line) and print the observation certificate.

Records are read as a stream (:mod:`.observe.stream`), each audited as it is read; a
record that cannot be read is one line on stderr naming the file, the line or record, and
the field, and the others are audited all the same.

Exit status: 0 when no step fails a rule (readings answered otherwise and consequences
of an earlier divergence alone exit 0), 1 on a divergence that fails a rule, 2 when some
input cannot be read (after the rest is audited and reported), a report cannot be
written, or the audit is interrupted (its partial --json report says so).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path
from typing import Any

from fives_engine import FivesError, find_game
from fives_engine.record import dumps_record, replay_record
from fives_tools import files, options, partial
from fives_tools.certify.findings.finding import Finding
from fives_tools.certify.findings.observation import Observation
from fives_tools.certify.judge import shown
from fives_tools.certify.observe import asked
from fives_tools.certify.observe.merge import merged
from fives_tools.certify.observe.on_dask import audit_on_dask
from fives_tools.certify.observe.shards import audit_files
from fives_tools.certify.reports import audit as report
from fives_tools.certify.reports.audit_console import console
from fives_tools.certify.reports.audit_html import audit_html
from fives_tools.certify.reports.audit_junit import write_junit
from fives_tools.cli.base import UsageError
from fives_tools.files import WriteError
from fives_tools.partial import Interruption
from fives_tools.progress import bar
from fives_tools.render import RenderError, draw
from fives_tools.text import tell

EXIT_CLEAN, EXIT_DIVERGED, EXIT_UNREADABLE = 0, 1, 2
#: the names of the files ``--prefixes`` writes, and of an earlier run's it clears
PREFIX_FILE = re.compile(r"divergence-[0-9]+(\.json|\.table\.json|\.svg)")


def _picture(div: Finding, path: Path) -> str | None:
    """Draw the table of the divergence as SVG; None when it cannot be drawn here."""
    assert div.table_record is not None
    try:
        layout = replay_record(div.table_record).hands[-1].layout
        data = draw(layout, find_game(div.game), "svg", name="divergence")
    except (RenderError, FivesError, OSError):
        return None  # Graphviz missing or refusing: the command to draw it is still given
    files.write_bytes(path, data)
    return str(path)


def write_prefixes(obs: Observation, folder: Path) -> list[report.Files | None]:
    """The record prefix, the reference's table as a game record and its picture of each
    divergence the reports show (:func:`.shown.shown`), in ``folder``:
    ``divergence-N.json``, ``.table.json`` and ``.svg``. Writing them for every divergence
    of a real engine took minutes and tens of megabytes; any other divergence's prefix is
    in the JSON report, with its re-run command. An earlier run's ``divergence-N`` files
    that this run does not write are removed (:func:`_clear_earlier`)."""
    written: list[report.Files | None] = [None] * len(obs.divergences)
    for number in sorted(shown.shown(obs)):
        div = obs.divergences[number - 1]
        prefix = folder / f"divergence-{number}.json"
        files.write_text_making_folder(prefix, dumps_record(div.prefix))
        table, moves, picture = None, 0, None
        record = div.table_record
        moves = sum(len(h["actions"]) for h in record["hands"]) if record else 0
        if record is not None and moves:
            table_path = folder / f"divergence-{number}.table.json"
            files.write_text(table_path, dumps_record(record))
            table = str(table_path)
            picture = _picture(div, folder / f"divergence-{number}.svg")
        written[number - 1] = report.Files(str(prefix), table, moves, picture)
    names = {Path(p).name for w in written if w for p in (w.prefix, w.table, w.picture) if p}
    _clear_earlier(folder, names)
    return written


def _clear_earlier(folder: Path, kept: set[str]) -> None:
    """Remove the ``divergence-N`` files of an earlier run that this one did not write: left
    beside the new ones they looked like this run's, and no report names them."""
    if not folder.is_dir():
        return
    for old in folder.iterdir():
        if PREFIX_FILE.fullmatch(old.name) and old.name not in kept and not old.is_dir():
            try:
                old.unlink()
            except OSError as exc:
                raise WriteError(f"cannot remove {old}: {exc.strerror or exc}") from None


def check_prefixes(args: argparse.Namespace) -> None:
    """Refuse a report on the ``--prefixes`` folder or on a name it writes there
    (``--json P/divergence-1.json``): the prefix would replace the report, or the report
    the record its re-run command audits."""
    if not args.prefixes:
        return
    folder = os.path.realpath(args.prefixes)
    for option in ("json", "markdown", "html"):
        value = getattr(args, option)
        real = value and os.path.realpath(value)
        if real == folder:
            raise WriteError(f"--{option} {value} is the --prefixes folder: one of each")
        if real and os.path.dirname(real) == folder and PREFIX_FILE.fullmatch(Path(real).name):
            raise WriteError(
                f"--{option} {value} is a file --prefixes {args.prefixes} writes"
                " (divergence-N.json, .table.json, .svg): name the report otherwise"
            )


def finish(obs: Observation, args: argparse.Namespace) -> int:
    """Write the reports asked for, print the certificate and return the exit status:
    what every way of feeding the audit (files, a self-play adapter) ends with."""
    written: list[report.Files | None] | None = None
    if args.prefixes:
        written = write_prefixes(obs, Path(args.prefixes))
    if args.json:
        report.write_json(Path(args.json), obs, written)
    if args.markdown:
        files.write_text(Path(args.markdown), report.markdown(obs, written, args.json))
    if args.html:
        files.write_text(Path(args.html), audit_html(obs, written, args.json))
    if args.junit:
        write_junit(obs, Path(args.junit), written)
    sys.stdout.write(console(obs, written, verbose=args.verbose, json_path=args.json))
    return EXIT_CLEAN if obs.ok else EXIT_DIVERGED


def _report_interrupted(obs: Observation, args: argparse.Namespace) -> None:
    """The games audited before the signal: the JSON report, marked interrupted, and the
    console's; the Markdown, HTML and JUnit reports and the prefixes are not written
    (fives_tools.partial), and an earlier run's are removed: left beside the interrupted
    JSON report they read as this run's verdict (a stopped ``--follow`` always ends so)."""
    for stale in (args.markdown, args.html, args.junit):
        if stale:
            files.remove(Path(stale))
    if args.prefixes:
        _clear_earlier(Path(args.prefixes), set())
    if args.json:
        report.write_json(Path(args.json), obs)
    sys.stdout.write(console(obs, verbose=args.verbose, json_path=args.json))


def cmd_audit(args: argparse.Namespace) -> int:
    outputs = {"--json": args.json, "--markdown": args.markdown, "--html": args.html}
    outputs["--junit"] = args.junit
    files.check_outputs(outputs)
    check_prefixes(args)
    if args.follow:  # it runs until stopped: a report that cannot be written is said now
        for path in filter(None, outputs.values()):
            files.check_writable(Path(path))
    with partial.reporting(Observation, lambda obs: _report_interrupted(obs, args)):
        obs = _observe(args)
    status = finish(obs, args)
    return EXIT_UNREADABLE if args.files and obs.unreadable else status


def _observe(args: argparse.Namespace) -> Observation:
    """The audit of the records the arguments give, or of the games the implementation
    gives when asked; a signal carries the audit so far (:mod:`fives_tools.partial`)."""
    if args.adapter is not None or args.python is not None:
        if args.files or args.merge:
            raise UsageError("give record files (or --merge reports) or an adapter, not both")
        if args.follow or args.dask is not None:
            raise UsageError("--follow and --dask read record files: not with an adapter")
        with bar("audit: asking for games", None):  # how many it gives is not known ahead
            return asked.observe(args)  # an adapter that cannot start: exit 2
    if args.merge:
        if args.files:
            raise UsageError("give record files or --merge reports, not both")
        if args.follow or args.dask is not None:
            raise UsageError("--merge adds up reports already audited: not with --follow or --dask")
        return merged([Path(name) for name in args.merge])  # a report that is none: exit 2
    if not args.files:
        raise UsageError("give record files, or --adapter / --python")
    if args.follow and len(args.files) != 1:
        raise UsageError("--follow reads one growing log: give one file")
    quick = False if args.reference_replay else None
    if args.dask is not None:
        if args.follow or "-" in args.files:
            raise UsageError("--dask audits files by name: not --follow, not standard input")
        obs = audit_on_dask(args.files, args.dask, quick)
        for note in obs.unreadable:  # said as one process says it (stream.records' place)
            place = re.sub(r" ((?:line|record) \d+)$", r": \1", note.record)
            tell(f"fives audit: {place}: {note.text}" if place else f"fives audit: {note.text}")
        return obs
    obs = Observation()
    counted = told = 0  # records audited; divergences said as found
    as_found = args.as_found or args.follow

    def step() -> None:
        nonlocal counted, told
        counted += 1
        tick()
        if as_found:  # each divergence of its own, once its record is audited
            for number in range(told + 1, len(obs.divergences) + 1):
                div = obs.divergences[number - 1]
                if div.consequence_of is None:
                    tell(f"fives audit: found {report.summary(number, div)}")
            told = len(obs.divergences)

    try:
        with bar("audit", None) as tick:  # how many records a stream holds is not known
            audit_files(args.files, obs, args.follow, tell, step, quick)
    except KeyboardInterrupt as exc:
        obs.interruption = Interruption.of(exc, counted, None, "game")
        partial.carry(exc, obs)
        raise
    return obs


def add_report_options(parser: argparse.ArgumentParser) -> None:
    options.add_outputs(
        parser,
        json="also write the certificate as JSON",
        markdown="also write it as Markdown",
        html="also write it as an HTML page",
        junit="also write it as JUnit XML (per game a test case per rule; engine errors)",
        prefixes="write the record prefix, the table as a game record and its picture (SVG)"
        f" of the divergences the reports show ({shown.PER_RULE} of each rule; any other's"
        " prefix is in the --json report)"
        " here; the re-run commands then name them (an earlier run's divergence-N files"
        " there are removed)",
    )
    parser.add_argument(
        "-v",
        "--verbose",
        action="store_true",
        help="print every rule and every divergence, not the first of each rule",
    )


def add_audit_command(sub: Any) -> None:
    """Declare ``fives audit`` on the ``fives`` subcommands."""
    audit = sub.add_parser(
        "audit",
        help="audit an implementation's own game records against the rules",
        description="Replay observation records (spec/records.md) under the rules with the"
        " reference engine and check every step; print the observation certificate (per"
        " rule: pass, FAIL, reading or not observed; the first divergence of each rule, the"
        " rest counted: all with -v). With --adapter or --python the implementation"
        " is asked for its own games instead (selfplay requests, spec/protocol.md). Exit 0"
        " when no step fails a rule, 1 on a divergence that fails one (a reading answered"
        " otherwise or a consequence of another alone exits 0), 2 on unreadable input, an"
        " implementation that cannot"
        " be asked, or a signal (the --json report then holds the games audited so far,"
        " marked interrupted).",
    )
    audit.add_argument(
        "files",
        nargs="*",
        metavar="FILE",
        type=options.path,
        help="JSON (a record or a list) or JSONL, gzipped or not; - for standard input."
        " Read as a stream, one record at a time: a log of any length",
    )
    audit.add_argument(
        "--merge",
        nargs="+",
        metavar="REPORT",
        type=options.path,
        help="merge the --json reports of shards of a log, each audited anywhere, into the"
        " certificate the whole log gives (every value of a report is checked: a report that"
        " holds one it cannot, or one given twice, is refused)",
    )
    audit.add_argument(
        "--follow",
        action="store_true",
        help="read on as the one JSONL log FILE grows (as tail -f; a log truncated under it,"
        " as log rotation does, is read again from its start), judging each line once it"
        " is written; stop with Ctrl-C (the report then says how many games were read; an"
        " earlier run's --markdown, --html and --prefixes files are removed, not left stale)",
    )
    audit.add_argument(
        "--as-found",
        action="store_true",
        help="say each divergence on stderr, one line, as soon as its record is audited"
        " (with --follow always); the certificate may rank its rule otherwise at the end",
    )
    audit.add_argument(
        "--dask",
        metavar="WHERE",
        help="audit each FILE as a shard on a Dask cluster and merge them (the dask extra):"
        " local, local:N workers, or a scheduler's address (tcp://host:8786)",
    )
    audit.add_argument(
        "--reference-replay",
        action="store_true",
        help="replay every record with the reference engine; by default a record is replayed"
        " on the fast path first and by the reference only where that sees anything but"
        " agreement (the observation is the same; FIVES_AUDIT_REFERENCE=1 says so too)",
    )
    asked.add_selfplay_options(audit, options.add_timeouts)
    add_report_options(audit)
    audit.set_defaults(func=cmd_audit)


__all__ = ["add_audit_command", "add_report_options", "cmd_audit", "finish"]
