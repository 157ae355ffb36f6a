"""Pictures in a notebook: the ``_repr_svg_`` of the layout, a hand and a match.

Jupyter shows an object through its ``_repr_svg_`` when it has one, as python-chess shows
a board. Here the drawing is the rule books' own, made by ``fives_tools.render`` with
Graphviz, yet the engine imports nothing of ``fives_tools``, not even lazily, so it stays
a package of its own, with no renderer or Graphviz needed to play, certify or
mutation-test it. The engine only keeps a place for a drawer:

* a drawer registers itself (:func:`register`): ``fives_tools.render.notebook`` does when
  it is imported;
* otherwise the first picture asked for looks the drawer up among the installed entry
  points of the group :data:`GROUP` (the fives-conformance package declares
  ``fives_tools.render.notebook:svg_of`` there), so ``from fives_engine import ...`` alone
  shows pictures in a notebook;
* with no drawer the call raises one :class:`ImportError` naming what to install
  (IPython then falls back to the text representation).
"""

from __future__ import annotations  # pragma: no mutate

from collections.abc import Callable  # pragma: no mutate

#: The entry point group a picture drawer is declared in: ``NAME = "module:function"``,
#: the function taking a Layout, HandState or MatchState and returning an SVG document.
GROUP = "fives_engine.pictures"  # pragma: no mutate

Drawer = Callable[[object], str]  # pragma: no mutate

_drawers: list[Drawer] = []  # pragma: no mutate


def register(drawer: Drawer) -> None:  # pragma: no mutate
    """Make ``drawer`` the one pictures are drawn with (the last registered wins)."""
    if drawer in _drawers:  # pragma: no mutate
        _drawers.remove(drawer)  # pragma: no mutate
    _drawers.append(drawer)  # pragma: no mutate


def _drawer() -> tuple[Drawer | None, list[str]]:  # pragma: no mutate
    """The drawer to use, found through :data:`GROUP` when none registered; with the
    reasons the entry points that would not load gave."""
    problems: list[str] = []  # pragma: no mutate
    if not _drawers:  # pragma: no mutate
        # imported here: importlib.metadata costs every process that imports the engine
        # (an adapter's start-up) about 20 ms, and only a first picture needs it
        from importlib.metadata import entry_points  # pragma: no mutate

        for point in entry_points(group=GROUP):  # pragma: no mutate
            try:  # pragma: no mutate
                register(point.load())  # pragma: no mutate
            except (ImportError, AttributeError) as exc:  # pragma: no mutate
                problems.append(f"{point.value}: {exc}")  # pragma: no mutate
    return (_drawers[-1] if _drawers else None), problems  # pragma: no mutate


def svg(subject: object) -> str:  # pragma: no mutate
    """``subject`` (a Layout, HandState or MatchState) drawn as an SVG document."""
    drawer, problems = _drawer()  # pragma: no mutate
    if drawer is None:  # pragma: no mutate
        why = f" ({'; '.join(problems)})" if problems else ""  # pragma: no mutate
        raise ImportError(  # pragma: no mutate
            f"drawing a {type(subject).__name__} needs a picture drawer"  # pragma: no mutate
            f" (entry point group {GROUP}){why}: install the"  # pragma: no mutate
            " fives-conformance package, and Graphviz"  # pragma: no mutate
        )  # pragma: no mutate
    return drawer(subject)  # pragma: no mutate
