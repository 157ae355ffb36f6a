"""``fives audit FILE...``: audit observation records offline (JSON: one record or a list;
JSONL: one record a line) and print the observation certificate.

Exit status: 0 when no step diverges from the rules, 1 on a divergence, 2 when the input
cannot be read (one line naming the file, the line or record, and the field) or a report
cannot be written.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fives_engine import FivesError, find_game
from fives_engine.record import dumps_record, replay_record
from fives_tools import files
from fives_tools.certify.observe import asked, report
from fives_tools.certify.observe.audit import audit_records
from fives_tools.certify.observe.load import LoadError, read_file
from fives_tools.certify.observe.model import Divergence, Observation
from fives_tools.progress import bar
from fives_tools.render import RenderError, draw

EXIT_CLEAN, EXIT_DIVERGED, EXIT_CANNOT_RUN = 0, 1, 2


def _picture(div: Divergence, path: Path) -> str | None:
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
    """Each divergence's record prefix, the reference's table as a game record and its
    picture, in ``folder``: ``divergence-N.json``, ``.table.json`` and ``.svg``."""
    written: list[report.Files | None] = []
    for number, div in enumerate(obs.divergences, 1):
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
        written.append(report.Files(str(prefix), table, moves, picture))
    return written


def finish(obs: Observation, args: argparse.Namespace) -> int:
    """Write the reports asked for, print the certificate and return the exit status:
    what every way of feeding the audit (files, a self-play adapter) ends with."""
    written: list[report.Files | None] | None = None
    if args.prefixes:
        written = write_prefixes(obs, Path(args.prefixes))
    if args.json:
        files.write_json(Path(args.json), report.to_json(obs, written))
    if args.markdown:
        files.write_text(Path(args.markdown), report.markdown(obs, written))
    sys.stdout.write(report.console(obs, written))
    return EXIT_CLEAN if obs.ok else EXIT_DIVERGED


def cmd_audit(args: argparse.Namespace) -> int:
    files.check_outputs({"--json": args.json, "--markdown": args.markdown})
    if args.adapter is not None or args.python is not None:
        if args.files:
            print("fives audit: give record files or an adapter, not both", file=sys.stderr)
            return EXIT_CANNOT_RUN
        with bar("audit: asking for games", None):  # how many it gives is not known ahead
            obs = asked.observe(args)  # an adapter that cannot start: exit 2
        return finish(obs, args)
    if not args.files:
        print("fives audit: give record files, or --adapter / --python", file=sys.stderr)
        return EXIT_CANNOT_RUN
    records: list[tuple[str, dict[str, Any]]] = []
    try:
        for name in args.files:
            records += read_file(Path(name))
    except LoadError as exc:
        print(f"fives audit: {exc}", file=sys.stderr)
        return EXIT_CANNOT_RUN
    obs = Observation()
    with bar("audit", len(records)) as step:
        for record in records:
            audit_records([record], obs)
            step()
    try:
        return finish(obs, args)
    except files.WriteError as exc:
        print(f"fives audit: {exc}", file=sys.stderr)
        return EXIT_CANNOT_RUN


def add_report_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", metavar="FILE", help="also write the certificate as JSON")
    parser.add_argument("--markdown", metavar="FILE", help="also write it as Markdown")
    parser.add_argument(
        "--prefixes",
        metavar="DIR",
        help="write each divergence's record prefix, its table as a game record and its"
        " picture (SVG) here; the re-run commands then name them",
    )


def add_audit_command(sub: Any, timeouts: Callable[[argparse.ArgumentParser], None]) -> None:
    """Register ``fives audit`` on the ``fives`` subcommand parser."""
    audit = sub.add_parser(
        "audit",
        help="audit an implementation's own game records against the rules",
        description="Replay observation records (spec/records.md) under the rules with the"
        " reference engine and check every step; print the observation certificate (per"
        " rule: pass, FAIL or not observed). With --adapter or --python the implementation"
        " is asked for its own games instead (selfplay requests, spec/protocol.md). Exit 0"
        " clean, 1 on a divergence, 2 on unreadable input or an implementation that cannot"
        " be asked.",
    )
    audit.add_argument(
        "files", nargs="*", metavar="FILE", help="JSON (a record or a list) or JSONL"
    )
    asked.add_selfplay_options(audit, timeouts)
    add_report_options(audit)
    audit.set_defaults(func=cmd_audit)


__all__ = ["add_audit_command", "add_report_options", "cmd_audit", "finish"]
