"""A static conformance site of saved certificates (``fives report A.json B.json --site
DIR``): ``index.html``, the comparison of every implementation (its rules by
implementation, per game and level), each name linked to its own page; one page per
implementation, its certificate as ``fives certify --html`` writes it; and its badges
(``badges/NAME/GAME.json``, shields.io endpoints, as ``--badges`` writes them). Every
page is one of the existing forms: nothing is judged or ranked here, and no adapter runs.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from fives_tools import files
from fives_tools.certify.reports import formats
from fives_tools.certify.reports.comparison import Entry, label_slug
from fives_tools.certify.reports.console import games_of
from fives_tools.certify.reports.html import certificate_html, comparison_html
from fives_tools.rule_links import linked_book
from fives_tools.text import tell

INDEX = "index.html"


def write(folder: Path, entries: Sequence[Entry], command: str, book: str) -> list[Path]:
    """Write the site into ``folder`` (made if missing); the paths written, index first.
    The pages lie side by side, so the rule books link alike from each."""
    files.make_dir(folder)
    games = sorted({game for entry in entries for game in games_of(entry.run)})
    linked, warning = linked_book(book, folder / INDEX, games)
    if warning:
        tell(warning)
    written, links = [folder / INDEX], []
    for entry in entries:
        slug = label_slug(entry.label)
        page = folder / f"{slug}.html"
        files.write_text(page, certificate_html(entry, linked))
        badges = formats.write_badges(entry.run, folder / "badges" / slug)
        links.append(
            {
                "page": page.name,
                "badges": [
                    {"game": path.stem, "href": path.relative_to(folder).as_posix()}
                    for path in badges
                ],
            }
        )
        written += [page, *badges]
    files.write_text(folder / INDEX, comparison_html(entries, command, linked, links))
    return written


__all__ = ["INDEX", "write"]
