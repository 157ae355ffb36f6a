"""Where a rule is in the rule books: its anchor inside its game's book and the link to it.

The books (:mod:`fives_tools.book`) write these anchors and the reports link to them, so
both take them from here; a report never imports the book builder to name a rule.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from fives_tools import files
from fives_tools.text import tell

#: The rule books' folder (``fives docs --out``) as the reports link to it by default:
#: beside the reports.
BOOK = "book/"


def rule_anchor(rule_id: str) -> str:
    """The HTML id of a rule's entry inside its game's book."""
    return f"rule-{rule_id}"


def rule_link(book: str | None, game: str, rule_id: str) -> str | None:
    """The rule's entry in its game's book, under ``book`` (a folder or URL ending in ``/``);
    None where there is no book to link to (:func:`linked_book`)."""
    return None if book is None else f"{book}{game}.html#{rule_anchor(rule_id)}"


def write_linked(
    report: Path, book: str, games: Iterable[str], page: Callable[[str | None], str]
) -> None:
    """Write ``page`` (of the book prefix it links with: :func:`linked_book`) to ``report``,
    then warn on stderr if its rules could not be linked."""
    linked, warning = linked_book(book, report, games)
    files.write_text(report, page(linked))
    if warning:
        tell(warning)


def linked_book(book: str, report: Path, games: Iterable[str]) -> tuple[str | None, str | None]:
    """The prefix a report at ``report`` links its rules with (None: none), and the
    warning to print when the books are not there.

    A URL is trusted. A folder is looked for from the report's own folder, as a reader's
    browser resolves the links: without each game's book there, every link would be dead,
    so the rules are shown unlinked and the warning says how to write the books (they need
    Graphviz, which certifying does not, so ``fives certify`` never writes them itself)."""
    if "://" in book:
        return book, None
    folder = report.parent / book
    missing = [folder / f"{game}.html" for game in games if not (folder / f"{game}.html").is_file()]
    if not missing:
        return book, None
    return None, (
        f"warning: {report}: no rule book at {missing[0]}, so its rules are not linked;"
        f" write the books there with `fives docs --out {folder}`, or give --book their URL"
    )
