"""``fives docs``: write every game's rule book as HTML and Markdown, an index, and the
API reference beside them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from fives_engine import find_game, game_names
from fives_tools import files
from fives_tools.book.api import FOLDER, write_api
from fives_tools.book.html import book_html, index_html
from fives_tools.book.markdown import book_markdown, index_markdown
from fives_tools.book.model import Book, build_book
from fives_tools.certify.cases import coverage, load_cases


def _nothing() -> None:
    return None


def build_books(
    games: list[str] | None = None,
    root: Path | None = None,
    step: Callable[[], None] = _nothing,
) -> list[Book]:
    """The books of ``games`` (default: every game) from the suite (fixtures under ``root``);
    ``step`` is called after each book (a progress bar's)."""
    games = games or game_names()
    for game in games:
        find_game(game)  # an unknown game is named before any work is done
    cases = load_cases(root)
    table = coverage.matrix(cases)
    books = []
    for game in games:
        books.append(build_book(game, cases, table[game]))
        step()
    return books


def write_books(out: Path, books: list[Book], step: Callable[[], None] = _nothing) -> list[Path]:
    """Write ``<game>.html``, ``<game>.md`` with its SVGs, ``index.html``/``index.md`` and
    the API reference in ``api/``; returns every file written, the pictures included
    (``fives docs`` counts them)."""
    files.make_dir(out)
    written = []
    for book in books:
        html_path = out / f"{book.game}.html"
        files.write_text(html_path, book_html(book))
        text, images = book_markdown(book, book.game)
        md_path = out / f"{book.game}.md"
        files.write_text(md_path, text)
        written += [html_path, md_path]
        for rel, svg in images.items():
            target = out / rel
            files.make_dir(target.parent)
            files.write_text(target, svg)
            written.append(target)
        step()
    for name, text in (("index.html", index_html(books)), ("index.md", index_markdown(books))):
        files.write_text(out / name, text)
        written.append(out / name)
    written += write_api(out / FOLDER)  # the books and their index link to it
    step()
    return written
