"""Illustrated rule books generated from the suite: one HTML page and one Markdown file per game."""

from __future__ import annotations

from fives_tools.book.build import build_books, write_books

__all__ = ["build_books", "write_books"]
