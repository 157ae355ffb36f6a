"""``fives docs``: the illustrated rule books and the API reference, built by the book
package (:mod:`fives_tools.book`)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from fives_engine import game_names
from fives_tools import files, options
from fives_tools.book import build_books, write_books
from fives_tools.progress import bar
from fives_tools.text import tell


def cmd_docs(args: argparse.Namespace) -> int:
    games = args.game or game_names()
    files.writable_folder(Path(args.out))  # before the build, which takes seconds
    with bar("docs", 2 * len(games) + 1) as step:  # each book built, then written; the API
        books = build_books(games, step=step)
        written = write_books(Path(args.out), books, step=step)
    tell(f"wrote {len(written)} files to {args.out} (open {args.out}/index.html)")
    return 0


def add(sub: Any) -> None:
    """Declare ``fives docs`` on the ``fives`` subcommands."""
    docs = sub.add_parser(
        "docs",
        help="build the illustrated rule books (one HTML page and Markdown per game)",
        description="Write one self-contained HTML rule book per game, the same as Markdown"
        " with its SVG pictures beside it, an index, and the API reference (pdoc) in api/;"
        " prints how many files it wrote.",
    )
    docs.add_argument(
        "--out",
        required=True,
        metavar="DIR",
        type=options.path,
        help="folder to write the books to",
    )
    docs.add_argument("--game", action="append", default=[], help="only this game (repeatable)")
    docs.set_defaults(func=cmd_docs)
