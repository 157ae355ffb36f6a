"""The ``fives render`` and ``fives docs`` subcommands.

Kept apart from ``cli.py`` so the picture commands plug in with one call,
:func:`add_render_commands`. Bad input ends with one clear line on stderr and exit
status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from fives_engine import FivesError, game_names
from fives_tools import files
from fives_tools.book import build_books, write_books
from fives_tools.book.api import ApiError
from fives_tools.certify.cases import FixtureError
from fives_tools.progress import bar
from fives_tools.render import RenderError, draw
from fives_tools.render.dot import LABELS
from fives_tools.render.inputs import InputError, Subject, from_fixture, from_plays
from fives_tools.render.output import format_of
from fives_tools.render.record_input import MOVE_MEANING, from_record

USAGE_ERROR = 2


def _subject(args: argparse.Namespace) -> Subject:
    if args.move is not None and args.record is None:
        raise InputError("--move goes with --record: the action of the record to draw after")
    if args.record is not None:
        return from_record(args.record, args.move, args.game)
    if args.fixture is not None:
        return from_fixture(args.fixture, args.game)
    return from_plays(args.plays, args.game)


def cmd_render(args: argparse.Namespace) -> int:
    try:
        fmt = "dot" if args.output is None else format_of(Path(args.output))
        subject = _subject(args)
        data = draw(subject.layout, subject.ruleset, fmt, name=subject.name, label=args.label)
    except (InputError, RenderError, FixtureError, FivesError) as exc:
        print(f"fives render: {exc}", file=sys.stderr)
        return USAGE_ERROR
    if args.output is None:
        sys.stdout.write(data.decode("utf-8"))
        return 0
    try:
        files.write_bytes(Path(args.output), data)
    except files.WriteError as exc:
        print(f"fives render: {exc}", file=sys.stderr)
        return USAGE_ERROR
    print(f"wrote {args.output}", file=sys.stderr)
    return 0


def cmd_docs(args: argparse.Namespace) -> int:
    games = args.game or game_names()
    try:
        with bar("docs", 2 * len(games) + 1) as step:  # each book built, then written; the API
            books = build_books(games, step=step)
            written = write_books(Path(args.out), books, step=step)
    except (InputError, RenderError, FixtureError, FivesError, ApiError) as exc:
        print(f"fives docs: {exc}", file=sys.stderr)
        return USAGE_ERROR
    except files.WriteError as exc:
        print(f"fives docs: {exc}", file=sys.stderr)
        return USAGE_ERROR
    print(f"wrote {len(written)} files to {args.out} (open {args.out}/index.html)", file=sys.stderr)
    return 0


def add_render_commands(sub: argparse._SubParsersAction[Any]) -> None:
    """Register ``render`` and ``docs`` on the ``fives`` command's subparsers."""
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
        help="a game record (spec/records.md): draws the table after action --move",
    )
    render.add_argument(
        "--move",
        metavar="N",
        help=f"with --record: draw the table after action N, where {MOVE_MEANING};"
        " the table is that of the hand action N belongs to (default: the last action)",
    )
    render.add_argument("--game", help="the game whose rules apply (five-up, exact-61, all-fives)")
    render.add_argument("-o", "--output", metavar="FILE", help="out.dot, out.svg or out.png")
    render.add_argument(
        "--label",
        choices=LABELS,
        default="legend",
        help="under the table: the score arithmetic and a legend (default), the arithmetic"
        " only, or nothing",
    )
    render.set_defaults(func=cmd_render)

    docs = sub.add_parser(
        "docs",
        help="build the illustrated rule books (one HTML page and Markdown per game)",
        description="Write one self-contained HTML rule book per game, the same as Markdown"
        " with its SVG pictures beside it, an index, and the API reference (pdoc) in api/;"
        " prints how many files it wrote.",
    )
    docs.add_argument("--out", required=True, metavar="DIR", help="folder to write the books to")
    docs.add_argument("--game", action="append", default=[], help="only this game (repeatable)")
    docs.set_defaults(func=cmd_docs)
