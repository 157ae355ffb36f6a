"""DOT text to SVG or PNG through Graphviz, and files written by their extension."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import graphviz

from fives_tools.render.dot import RenderError

FORMATS = ("dot", "svg", "png")
PNG_DPI = 144


def _need_graphviz() -> None:
    if shutil.which("neato") is None:
        raise RenderError(
            "Graphviz's 'neato' program is not on PATH: install Graphviz "
            "(Debian: apt-get install graphviz) to draw SVG or PNG"
        )


def rasterise(dot: str, fmt: str) -> bytes:
    """Run ``neato`` on ``dot`` (positions are pinned) and return the ``fmt`` output."""
    if fmt not in ("svg", "png"):
        raise RenderError(f"cannot draw {fmt!r}; expected one of svg, png")
    _need_graphviz()
    try:
        data: bytes = graphviz.Source(dot, engine="neato").pipe(format=fmt, quiet=True)
    except (graphviz.ExecutableNotFound, graphviz.CalledProcessError) as exc:
        raise RenderError(f"Graphviz failed to draw the layout: {exc}") from None
    return data


def format_of(path: Path) -> str:
    """The output format named by a file's extension."""
    fmt = path.suffix.lower().lstrip(".")
    if fmt not in FORMATS:
        raise RenderError(
            f"{path}: cannot tell the format from the extension {path.suffix or '(none)'!r};"
            " expected .dot, .svg or .png"
        )
    return fmt


def inline_svg(svg: str, prefix: str) -> str:
    """An SVG document as an element for an HTML page: no prolog, ids unique to ``prefix``."""
    text = re.sub(r"<\?xml[^>]*\?>|<!DOCTYPE[^>]*>|<!--.*?-->", "", svg, flags=re.S)
    text = re.sub(r'\bid="([^"]*)"', lambda m: f'id="{prefix}-{m.group(1)}"', text)
    text = re.sub(r'(href="#|url\(#)', lambda m: f"{m.group(1)}{prefix}-", text)
    return text.strip()
