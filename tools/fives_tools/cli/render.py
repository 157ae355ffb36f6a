"""``fives render``: draw a layout (a fixture, a game record at a move, or plays) as DOT,
SVG or PNG. Bad input raises; :func:`fives_tools.cli.main` prints it on one line, exit 2."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from fives_tools import files, options
from fives_tools.render import draw
from fives_tools.render.dot import LABELS
from fives_tools.render.inputs import InputError, Subject, from_fixture, from_plays
from fives_tools.render.output import format_of
from fives_tools.render.record_input import MOVE_MEANING, from_record
from fives_tools.text import tell


def _subject(args: argparse.Namespace) -> Subject:
    if args.move is not None and args.record is None:
        raise InputError("--move goes with --record: the action of the record to draw after")
    if args.record is not None:
        return from_record(args.record, args.move, args.game)
    if args.fixture is not None:
        return from_fixture(args.fixture, args.game)
    return from_plays(args.plays, args.game)


def cmd_render(args: argparse.Namespace) -> int:
    fmt = "dot" if args.output is None else format_of(Path(args.output))
    subject = _subject(args)
    data = draw(subject.layout, subject.ruleset, fmt, name=subject.name, label=args.label)
    if args.output is None:
        sys.stdout.write(data.decode("utf-8"))
        return 0
    files.write_bytes(Path(args.output), data)
    tell(f"wrote {args.output}")
    return 0


def add_render_commands(sub: argparse._SubParsersAction[Any]) -> None:
    """Declare ``fives render`` on the ``fives`` subcommands."""
    render = sub.add_parser(
        "render",
        help="draw a layout (a fixture, a game record at a move, or plays) as DOT, SVG or PNG",
        description="Draw a layout with Graphviz. The output format follows the extension "
        "of --output (.dot, .svg, .png); without --output the DOT text goes to stdout.",
    )
    source = render.add_mutually_exclusive_group(required=True)
    source.add_argument(
        "--fixture",
        metavar="PATH|ID",
        help="a fixture file, or a fixture or case ID such as layout/diagram-1-5 (a turns or"
        " match fixture draws the table after its last hand's actions)",
    )
    source.add_argument(
        "--plays",
        metavar="PLAYS",
        help='plays in the spec\'s notation, e.g. "[1|4] [1|1]@[1|4]:small-end" (needs --game)',
    )
    source.add_argument(
        "--record",
        metavar="FILE",
        type=options.path,
        help="a game record (spec/records.md): draws the table after action --move",
    )
    render.add_argument(
        "--move",
        metavar="N",
        help=f"with --record: draw the table after action N, where {MOVE_MEANING};"
        " the table is that of the hand action N belongs to (default: the last action)",
    )
    render.add_argument("--game", help="the game whose rules apply (five-up, exact-61, all-fives)")
    render.add_argument(
        "-o", "--output", metavar="FILE", type=options.path, help="out.dot, out.svg or out.png"
    )
    render.add_argument(
        "--label",
        choices=LABELS,
        default="legend",
        help="under the table: the score arithmetic and a legend (default), the arithmetic"
        " only, or nothing",
    )
    render.set_defaults(func=cmd_render)
