"""A rule book as Markdown, with its pictures as separate SVG files.

The same content as the HTML page, from ``templates/*.md.jinja2``, which set every text
from the spec and the fixtures as literal text by default (:mod:`.templating`: HTML
special characters as entities, Markdown punctuation with a backslash).
"""

from __future__ import annotations

from markupsafe import Markup

from fives_tools.book.howto import how_to_play
from fives_tools.book.html import comparison, entries, rerun, rule_entries
from fives_tools.book.model import EXAMPLES_NOTE, SETTLEMENT_NOTE, Book
from fives_tools.book.templating import render_markdown
from fives_tools.book.words import parameter_words
from fives_tools.certify.reports.templating import link_target


def book_markdown(book: Book, image_dir: str) -> tuple[str, dict[str, str]]:
    """The Markdown text of ``book`` and its images (path relative to the .md -> SVG)."""
    images: dict[str, str] = {}

    def image(svg: str, name: str) -> Markup:
        """The file a drawing is written to, beside the book, as a link target."""
        path = f"{image_dir}/{name}.svg"
        images[path] = svg
        return link_target(path)

    text = render_markdown(
        "book.md.jinja2",
        book=book,
        image=image,
        how_to_play=how_to_play(book),
        parameters=parameter_words(book.ruleset),
        rules=rule_entries(book, prefixed=False),  # drawn as in HTML, the files shared
        entries=entries(book),
        anchors={ex.id: ex.anchor for ex in book.examples},
        examples_note=EXAMPLES_NOTE,
        settlement_note=SETTLEMENT_NOTE,
        rerun=rerun,
    )
    return text, images


def index_markdown(books: list[Book]) -> str:
    """The index: the games side by side, each linking its book and its HTML page."""
    head, rows = comparison(books)
    return render_markdown("index.md.jinja2", books=books, head=head, rows=rows)
