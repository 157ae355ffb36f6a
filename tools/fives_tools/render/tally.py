"""The sources' optional paper tally, drawn as SVG.

One stroke records one display point (5 raw). Ten strokes make a block of 50 raw: a
large X, then a small x in each of the four spaces the X leaves (top, right, bottom,
left). A score that is not a whole number of blocks draws its last block stroke by
stroke in that order, so every score has exactly one picture.
"""

from __future__ import annotations

from html import escape

BLOCK = 72  #: side of one block, in SVG user units
SPACING = 16
STROKES_PER_BLOCK = 10
INK = "#2b2b2b"

_C = BLOCK / 2
_R = BLOCK / 2 - 4  # half the big X
_S = 5  # half a small x
#: the centre of each small x: top, right, bottom, left space of the big X
_SPACES = ((_C, _C - 23), (_C + 23, _C), (_C, _C + 23), (_C - 23, _C))


def _strokes() -> list[tuple[float, float, float, float]]:
    """The ten strokes of a block in the order they are drawn."""
    out = [(_C - _R, _C - _R, _C + _R, _C + _R), (_C + _R, _C - _R, _C - _R, _C + _R)]
    for x, y in _SPACES:
        out.append((x - _S, y - _S, x + _S, y + _S))
        out.append((x + _S, y - _S, x - _S, y + _S))
    return out


def stroke_count(raw: int, raw_per_stroke: int) -> int:
    """Strokes for a score of ``raw`` points; only whole strokes can be drawn."""
    if raw < 0 or raw % raw_per_stroke:
        raise ValueError(
            f"a paper tally draws whole strokes of {raw_per_stroke} raw; cannot draw {raw}"
        )
    return raw // raw_per_stroke


def tally_svg(raw: int, raw_per_stroke: int, title: str = "") -> str:
    """The tally of ``raw`` points as a standalone SVG document."""
    strokes = stroke_count(raw, raw_per_stroke)
    blocks = max(1, -(-strokes // STROKES_PER_BLOCK))
    width = blocks * BLOCK + (blocks - 1) * SPACING
    lines = []
    template = _strokes()
    for i in range(strokes):
        block, k = divmod(i, STROKES_PER_BLOCK)
        dx = block * (BLOCK + SPACING)
        x1, y1, x2, y2 = template[k]
        width_ = 3.2 if k < 2 else 2.2
        lines.append(
            f'<line x1="{x1 + dx:g}" y1="{y1:g}" x2="{x2 + dx:g}" y2="{y2:g}"'
            f' stroke-width="{width_:g}"/>'
        )
    label = escape(title or f"{raw} raw: {strokes} strokes")
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{BLOCK}"'
        f' viewBox="0 0 {width} {BLOCK}" role="img" aria-label="{label}">'
        f"<title>{label}</title>"
        f'<g stroke="{INK}" stroke-linecap="round" fill="none">{"".join(lines)}</g>'
        "</svg>\n"
    )
