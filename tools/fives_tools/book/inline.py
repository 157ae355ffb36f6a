"""What a rule shows of one of its examples, inline under the rule.

Every kind of example has a picture in the book already; the rule shows that one, not the
whole example: a layout's drawing; the table at the end of a hand of a turn-flow or
match example (the last drawing), or a position's layout; a settlement's remaining
hands, events and scores; a play's total and score. The parts are copies renamed with a
prefix, so that the ids of their drawings stay unique in the page beside the example's
own.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from fives_tools.book.model import Example
from fives_tools.book.parts import Cell, Facts, Figure, Part, Picture, Table


@dataclass(frozen=True)
class Inline:
    """An example as a rule shows it: its pictured parts and the drawing's caption."""

    example: Example
    parts: tuple[Part, ...]
    caption: str  #: the drawing's arithmetic; '' for tables and facts


def _renamed_cell(cell: Cell, prefix: str) -> Cell:
    return tuple(
        replace(item, name=f"{prefix}-{item.name}") if isinstance(item, Picture) else item
        for item in cell
    )


def _renamed(part: Part, prefix: str) -> Part:
    """``part`` with its pictures renamed and no row anchors (the example keeps those)."""
    if isinstance(part, Figure):
        return replace(part, name=f"{prefix}-{part.name}")
    if isinstance(part, Table):
        rows = tuple(tuple(_renamed_cell(c, prefix) for c in row) for row in part.rows)
        return replace(part, rows=rows, row_ids=())
    if isinstance(part, Facts):
        items = tuple((term, _renamed_cell(c, prefix)) for term, c in part.items)
        return replace(part, items=items)
    return part


def pictured(ex: Example, prefix: str | None) -> Inline | None:
    """How ``ex`` is drawn under a rule (None for an example with nothing to draw: the
    empty layout), its drawings' ids starting with ``prefix``; with no prefix, the
    drawings keep the example's own names (a Markdown book's image files, shared)."""
    if ex.svg is not None:
        figure = Figure(ex.svg, ex.caption or "", prefix or ex.anchor)
        return Inline(ex, (figure,), figure.caption)
    figures = [p for p in ex.parts if isinstance(p, Figure)]
    tables: list[Part] = [p for p in ex.parts if isinstance(p, Table)]
    facts: list[Part] = [p for p in ex.parts if isinstance(p, Facts)]
    chosen = figures[-1:] or tables or facts[:1]
    if not chosen:
        return None
    shown = tuple(p if prefix is None else _renamed(p, prefix) for p in chosen)
    return Inline(ex, shown, figures[-1].caption if figures else "")


def first_pictured(own: list[Example], prefix: str | None) -> Inline | None:
    """The example a rule draws: the first of ``own`` (the rule's own examples, its
    primary ones first) that has a picture; ``prefix`` as for :func:`pictured`, followed
    by the example's anchor."""
    return next(
        (
            found
            for ex in own
            if (found := pictured(ex, None if prefix is None else f"{prefix}-{ex.anchor}"))
        ),
        None,
    )
