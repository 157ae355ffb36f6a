"""The building blocks of the book's hand examples: tables, lists of facts and figures.

The book's model fills them with the fixtures' own text and numbers; the HTML and the
Markdown writers only lay them out, so both books say the same thing. A cell is a run of
spans (plain text or code) and pictures (the paper tally).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Span:
    """Text in a cell; ``code`` for tiles, plays and actions in the spec's notation."""

    text: str
    code: bool = False
    link: str = ""  #: an anchor inside the book to link the text to


@dataclass(frozen=True)
class Picture:
    """An SVG picture in a cell; ``name`` is unique in the book (its file for Markdown)."""

    svg: str
    name: str
    alt: str


Cell = tuple[Span | Picture, ...]


def text(value: object) -> Cell:
    return (Span(str(value)),)


def codes(items: Iterable[object], sep: str = " ") -> Cell:
    """Code spans separated by ``sep``; ``(none)`` for an empty list."""
    out: list[Span | Picture] = []
    for i, item in enumerate(items):
        if i:
            out.append(Span(sep))
        out.append(Span(str(item), code=True))
    return tuple(out) or text("(none)")


@dataclass(frozen=True)
class Table:
    title: str
    head: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]
    row_ids: tuple[str, ...] = ()  #: an anchor per row, where each row is an example


@dataclass(frozen=True)
class Facts:
    """A titled list of (term, description) pairs."""

    title: str
    items: tuple[tuple[str, Cell], ...]


@dataclass(frozen=True)
class Figure:
    """A layout drawing with its caption; ``name`` is unique in the book."""

    svg: str
    caption: str
    name: str


@dataclass(frozen=True)
class Note:
    """A fixture's worked arithmetic, kept line for line."""

    title: str
    lines: tuple[str, ...]


@dataclass(frozen=True)
class Para:
    """A paragraph of the book's own prose, under its own heading if ``title``."""

    text: str
    title: str = ""


@dataclass(frozen=True)
class Steps:
    """Numbered steps told in words (a hand play by play), numbered from ``start`` so a
    picture between two runs of steps keeps the count."""

    items: tuple[Cell, ...]
    start: int = 1


@dataclass(frozen=True)
class Term:
    """A glossary entry: the English term, the sources' word (``native`` in ``lang``),
    what it means and its picture (None for what is not on the table)."""

    term: str
    native: str
    lang: str
    meaning: str
    svg: str | None
    name: str  #: unique in the book: the entry's anchor and its picture's file


Part = Table | Facts | Figure | Note | Para | Steps | Term
