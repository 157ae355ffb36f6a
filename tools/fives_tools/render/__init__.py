"""Pictures of layouts: DOT text, SVG and PNG through Graphviz."""

from __future__ import annotations

from pathlib import Path

from fives_engine import Layout, Ruleset
from fives_tools import files
from fives_tools.render.dot import RenderError, arithmetic, caption, to_dot
from fives_tools.render.output import PNG_DPI, format_of, rasterise

__all__ = ["RenderError", "arithmetic", "caption", "draw", "to_dot", "write"]


def draw(
    layout: Layout,
    ruleset: Ruleset | None,
    fmt: str,
    *,
    name: str = "layout",
    label: str = "legend",
) -> bytes:
    """``layout`` as ``dot``, ``svg`` or ``png`` bytes (``ruleset`` None: see :func:`to_dot`)."""
    if fmt == "dot":
        return to_dot(layout, ruleset, name=name, label=label).encode("utf-8")
    dot = to_dot(layout, ruleset, name=name, label=label, dpi=PNG_DPI if fmt == "png" else 0)
    return rasterise(dot, fmt)


def write(
    layout: Layout, ruleset: Ruleset, path: Path, *, name: str = "layout", label: str = "legend"
) -> None:
    """Write ``layout`` to ``path`` in the format its extension names."""
    files.write_bytes(path, draw(layout, ruleset, format_of(path), name=name, label=label))
