"""A layout as Graphviz DOT text: tiles with their pips, pinned where geometry put them.

The output is deterministic (same layout, same bytes) so it can be golden-tested. Every
fact drawn comes from the engine: the tiles, spinners and connections of the
:class:`~fives_engine.Layout`, its ``attach_points()`` and ``scoring_ends()`` and its
``total``, and the game's ``play_score``. The sources' visual language: a spinner is
outlined in orange (an outline, not a score); each counted scoring end is a solid disc
with the value it contributes; each attach point that does not score is a hollow dot.
"""

from __future__ import annotations

from html import escape

import graphviz

from fives_engine import Layout, Port, Ruleset, ScoringEnd, Tile
from fives_tools.render.geometry import HALF, PlacedTile, Spot, Table, Vec, place

INCH_PER_UNIT = 0.125  #: a tile half is HALF units = half an inch (36 pt)
PIP_STEP = 0.14  #: inches between pip rows and columns inside a half
FONT = "Helvetica,Arial,sans-serif"
BOLD = "Helvetica-Bold"  #: a PostScript name: SVG gets Helvetica in bold, PNG a bold sans
MARKER_UNITS = 2.6  #: from an open place to the centre of its marker

INK = "#222222"
IVORY = "#fffdf3"
ORANGE = "#f28c00"
SCORE = "#1b4f8a"

#: pip positions on a 3 x 3 grid (column, row), row +1 at the top
_PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    0: (),
    1: ((0, 0),),
    2: ((-1, 1), (1, -1)),
    3: ((-1, 1), (0, 0), (1, -1)),
    4: ((-1, 1), (1, 1), (-1, -1), (1, -1)),
    5: ((-1, 1), (1, 1), (0, 0), (-1, -1), (1, -1)),
    6: ((-1, 1), (-1, 0), (-1, -1), (1, 1), (1, 0), (1, -1)),
}


class RenderError(ValueError):
    """A layout that cannot be drawn, or Graphviz missing or failing."""


def _pos(x: float, y: float) -> str:
    return f"{x:.3f},{y:.3f}!"


def _at(v: Vec) -> str:
    return _pos(v[0] * INCH_PER_UNIT, v[1] * INCH_PER_UNIT)


def _marker_at(spot: Spot) -> str:
    x = spot.at[0] + spot.facing[0] * MARKER_UNITS
    y = spot.at[1] + spot.facing[1] * MARKER_UNITS
    return _pos(x * INCH_PER_UNIT, y * INCH_PER_UNIT)


def arithmetic(layout: Layout) -> str:
    """The sum of the scoring ends as the sources write it: ``2 + 5 + 3 = 10`` (an empty
    layout, which has none: ``0 = 0``)."""
    terms = " + ".join(str(end.value) for end in layout.scoring_ends()) or "0"
    return f"{terms} = {layout.total}"


def caption(layout: Layout, ruleset: Ruleset | None) -> str:
    """The play's score arithmetic: ``2 + 5 + 3 = 10 -> 10 raw (2 display)``; without a
    game (a bare layout, in a notebook) the sum alone, the score being the game's."""
    if ruleset is None:
        return arithmetic(layout)
    return f"{arithmetic(layout)} -> {ruleset.play_score(layout.total)}"


def _pips(placed: PlacedTile) -> list[tuple[str, str]]:
    """(node name, pos) of every pip of the tile."""
    out = []
    half = HALF * INCH_PER_UNIT / 2
    cx, cy = placed.centre[0] * INCH_PER_UNIT, placed.centre[1] * INCH_PER_UNIT
    for i, pips in enumerate(placed.halves):
        sign = -1 if i == 0 else 1  # first half: left, or top
        hx, hy = (cx + sign * half, cy) if placed.horizontal else (cx, cy - sign * half)
        for col, row in _PIPS[pips]:
            if pips == 6 and placed.horizontal:
                col, row = row, col  # a six runs along the tile
            name = f"{placed.tile} pip {i + 1}.{col + 1}{row + 1}"
            out.append((name, _pos(hx + col * PIP_STEP, hy + row * PIP_STEP)))
    return out


def _tile_nodes(g: graphviz.Graph, placed: PlacedTile) -> None:
    long_, short = 2 * HALF * INCH_PER_UNIT, HALF * INCH_PER_UNIT
    width, height = (long_, short) if placed.horizontal else (short, long_)
    g.node(
        str(placed.tile),
        label="|" if placed.horizontal else "{|}",
        shape="Mrecord",
        style="filled",
        fillcolor=IVORY,
        color=ORANGE if placed.spinner else INK,
        penwidth="3.5" if placed.spinner else "1.4",
        width=f"{width:.3f}",
        height=f"{height:.3f}",
        fixedsize="true",
        pos=_at(placed.centre),
    )
    for name, pos in _pips(placed):
        g.node(name, pos=pos)


Place = tuple[Tile, Port]


def _badge_place(table: Table, end: ScoringEnd, open_places: set[Place]) -> Place | None:
    """Where a scoring end is drawn: at its own end, or a double's first open straight side."""
    placed = table[end.tile]
    ports = [end.port] if end.port is not None else [Port.STRAIGHT_SIDE_A, Port.STRAIGHT_SIDE_B]
    return next(
        ((end.tile, p) for p in ports if (end.tile, p) in open_places and p in placed.spots),
        None,
    )


def _markers(g: graphviz.Graph, layout: Layout, table: Table) -> None:
    points = layout.attach_points()
    open_places: set[Place] = {(p.tile, p.port) for p in points}
    badged: set[Place] = set()
    for end in layout.scoring_ends():
        where = _badge_place(table, end, open_places)
        if where is None:  # not at an open place: drawn on the tile itself
            at = _at(table[end.tile].centre)
        else:
            badged.add(where)
            at = _marker_at(table[end.tile].spots[where[1]])
        g.node(
            f"{end} (scoring end)",
            label=str(end.value),
            fontname=BOLD,
            shape="circle",
            style="filled",
            fillcolor=SCORE,
            color=SCORE,
            fontcolor="white",
            fontsize="13",
            width="0.3",
            fixedsize="true",
            pos=at,
        )
    for point in points:
        if (point.tile, point.port) in badged:
            continue
        g.node(
            f"{point} (attach point)",
            label="",
            shape="circle",
            style="filled",
            fillcolor="white",
            color=SCORE,
            penwidth="1.6",
            width="0.17",
            fixedsize="true",
            pos=_marker_at(table[point.tile].spots[point.port]),
        )


def _jumps(g: graphviz.Graph, table: Table) -> None:
    for placed in table.tiles:
        if placed.jump is None:
            continue
        start, end = placed.jump
        a, b = f"{placed.tile} link from", f"{placed.tile} link to"
        for name, at in ((a, start), (b, end)):
            g.node(name, shape="point", width="0.01", style="invis", pos=_at(at))
        g.edge(a, b, style="dashed", color=INK, penwidth="1.2")


#: The legend's markers are sized as the drawing's: a scoring disc 0.3 in (22 pt) across,
#: an attach point's ring 0.17 in (12 pt), a spinner's orange outline as thick as a tile's.
_LEGEND = (
    '<TABLE BORDER="0" CELLSPACING="3" CELLPADDING="1">'
    '<TR><TD COLSPAN="6"><FONT POINT-SIZE="15">{caption}</FONT></TD></TR>'
    "<TR>"
    f'<TD BGCOLOR="{SCORE}" STYLE="rounded" FIXEDSIZE="TRUE" WIDTH="22" HEIGHT="22">'
    '<FONT COLOR="white" POINT-SIZE="13"><B>n</B></FONT></TD>'
    '<TD ALIGN="LEFT"><FONT POINT-SIZE="11">counted scoring end, its value   </FONT></TD>'
    f'<TD BORDER="2" COLOR="{SCORE}" STYLE="rounded" FIXEDSIZE="TRUE" WIDTH="12" HEIGHT="12">'
    "</TD>"
    '<TD ALIGN="LEFT"><FONT POINT-SIZE="11">attach point, not scoring   </FONT></TD>'
    f'<TD BORDER="3" COLOR="{ORANGE}" BGCOLOR="{IVORY}" STYLE="rounded" FIXEDSIZE="TRUE"'
    ' WIDTH="36" HEIGHT="18"></TD>'
    '<TD ALIGN="LEFT"><FONT POINT-SIZE="11">spinner (an outline, not a score)</FONT></TD>'
    "</TR>{jump}</TABLE>"
)
_JUMP_ROW = (
    '<TR><TD COLSPAN="6" ALIGN="LEFT"><FONT POINT-SIZE="11">- - - a dashed line joins a tile'
    " set further out for room to the tile it touches in play</FONT></TD></TR>"
)


#: What the picture carries under the table: the caption and the legend, the caption, nothing.
LABELS = ("legend", "caption", "none")


def _label(layout: Layout, ruleset: Ruleset | None, label: str, table: Table) -> dict[str, str]:
    if label not in LABELS:
        raise RenderError(f"unknown label {label!r}; expected one of {', '.join(LABELS)}")
    text = caption(layout, ruleset)
    if label == "legend":
        jump = _JUMP_ROW if any(p.jump for p in table.tiles) else ""
        return {"label": f"<{_LEGEND.format(caption=escape(text), jump=jump)}>"}
    return {"label": text} if label == "caption" else {}


def to_dot(
    layout: Layout,
    ruleset: Ruleset | None,
    *,
    name: str = "layout",
    label: str = "legend",
    dpi: int = 0,
) -> str:
    """The DOT text of ``layout`` under ``ruleset`` (None: no game, the caption is the sum
    alone), positions pinned for ``neato``."""
    if not layout.tiles:
        raise RenderError("nothing to draw: the layout has no tiles (give at least a lead)")
    table = place(layout)
    labels = _label(layout, ruleset, label, table)
    g = graphviz.Graph(name=name, engine="neato")
    g.attr(
        "graph",
        layout="neato",
        overlap="true",
        splines="line",
        outputorder="edgesfirst",
        bgcolor="white",
        pad="0.25",
        fontname=FONT,
        fontsize="15",
        labelloc="b",
        **labels,
        **({"dpi": str(dpi)} if dpi else {}),
    )
    g.attr("node", fontname=FONT, shape="circle", label="", fixedsize="true")
    g.attr("node", style="filled", color=INK, fillcolor=INK, width="0.085", penwidth="0")
    for placed in table.tiles:
        _tile_nodes(g, placed)
    _markers(g, layout, table)
    _jumps(g, table)
    return str(g.source)
