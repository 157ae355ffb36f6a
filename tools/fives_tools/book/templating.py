"""The rule books' templates (``templates/``, Jinja2): the engine escapes, not the caller.

Every value a template writes with ``{{ }}`` comes from the spec or the fixtures unless it
is marked safe (:class:`markupsafe.Markup`: a drawing, a fragment a template made), so it
is escaped by default and no page can forget it:

* HTML (``*.html.jinja2``): autoescape, each value made safe to show
  (:func:`fives_tools.text.clean`, line breaks kept: a quotation or a worked note has
  them), then escaped as :func:`html.escape` does, quotes too.
* Markdown (``*.md.jinja2``): each value as literal text on one line
  (:func:`fives_tools.book.markdown.md`).

The drawings come in through ``svg`` (:func:`fives_tools.render.output.inline_svg`), the
one place a template takes markup it did not write.
"""

from __future__ import annotations

import functools
import html
from typing import Any

import jinja2
from markupsafe import Markup

from fives_tools.book.groups import citations
from fives_tools.book.names import interpretation_anchor, rule_anchor
from fives_tools.book.titles import rule_title
from fives_tools.certify.reports.templating import environment
from fives_tools.render.output import inline_svg
from fives_tools.text import clean


def _html(value: Any) -> Any:
    """An HTML template's value: made safe to show and escaped, unless already markup."""
    if isinstance(value, Markup) or value is None:
        return value
    return Markup(html.escape(clean(str(value), lines=True), quote=True))


def svg(drawing: str, name: str) -> Markup:
    """A drawing inline in the page (markup the suite drew), its ids prefixed with
    ``name``, escaped as every attribute is."""
    return Markup(inline_svg(drawing, html.escape(str(name), quote=True)))


def kind(value: object) -> str:
    """The class name of a book part (``Table``, ``Figure``...), for a template to choose."""
    return type(value).__name__


@functools.cache
def html_environment() -> jinja2.Environment:
    """The HTML templates, with the names they use: drawings, anchors, rule titles."""
    env = environment("fives_tools.book", _html, autoescape=True)
    env.globals.update(
        svg=svg,
        kind=kind,
        cite_groups=citations,
        rule_anchor=rule_anchor,
        rule_title=rule_title,
        interpretation_anchor=interpretation_anchor,
    )
    return env


def render_html(name: str, **context: Any) -> str:
    """The HTML template ``name`` (in ``templates/``) filled with ``context``."""
    return html_environment().get_template(name).render(**context)
