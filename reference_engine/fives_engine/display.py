"""Pictures in a notebook: the ``_repr_svg_`` of the layout, a hand and a match.

Jupyter shows an object through its ``_repr_svg_`` when it has one, as python-chess shows
a board (``Board._repr_svg_`` returns ``chess.svg.board(self)``). Here the drawing is the
rule books' own, made by ``fives_tools.render`` with Graphviz, so the dependency is
chosen to run one way only:

* ``fives_tools`` imports the engine; the engine imports nothing of ``fives_tools`` when
  it is imported, so it stays a package of its own, with no renderer or Graphviz needed
  to play, certify or mutation-test it;
* only when a picture is asked for does :func:`svg` import the renderer, rather than the
  engine carrying a second drawing of its own that could drift from the books' (the
  picture a notebook shows is the one ``fives render`` draws);
* without the renderer the call raises one :class:`ImportError` naming what to install
  (IPython then falls back to the text representation).
"""

from __future__ import annotations  # pragma: no mutate

RENDERER = "fives_tools.render.notebook"  # pragma: no mutate


def svg(subject: object) -> str:  # pragma: no mutate
    """``subject`` (a Layout, HandState or MatchState) drawn as an SVG document."""
    try:  # pragma: no mutate
        from fives_tools.render.notebook import svg_of  # pragma: no mutate
    except ImportError as exc:  # pragma: no mutate
        raise ImportError(  # pragma: no mutate
            f"drawing a {type(subject).__name__} needs the renderer {RENDERER}"  # pragma: no mutate
            f" ({exc}); install the fives-conformance package, and Graphviz"  # pragma: no mutate
        ) from exc  # pragma: no mutate
    return svg_of(subject)  # pragma: no mutate
