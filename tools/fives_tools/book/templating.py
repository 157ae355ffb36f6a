"""The rule books' templates (``templates/``, Jinja2): the engine escapes, not the caller.

Every value a template writes with ``{{ }}`` comes from the spec or the fixtures unless it
is marked safe (:class:`markupsafe.Markup`: a drawing, a fragment a template made), so it
is escaped by default and no page can forget it:

* HTML (``*.html.jinja2``): autoescape, each value made safe to show
  (:func:`fives_tools.text.clean`, line breaks kept: a quotation or a worked note has
  them), then escaped as :func:`html.escape` does, quotes too.
* Markdown (``*.md.jinja2``): each value as literal text on one line (:func:`md`); the
  filters ``code`` (a code span), ``anchor`` (an HTML id) and ``href`` (a link target) set
  a value so that nothing inside it can end it early.

The drawings come in through ``svg`` (:func:`fives_tools.render.output.inline_svg`) in
HTML and ``image`` (a file beside the Markdown) in Markdown: the one place a template
takes markup it did not write.
"""

from __future__ import annotations

import functools
import html
import re
from typing import Any

import jinja2
from markupsafe import Markup

from fives_tools.book.groups import citations
from fives_tools.book.names import interpretation_anchor, rule_anchor
from fives_tools.book.titles import rule_title
from fives_tools.certify.reports.templating import code_span, environment, link_target
from fives_tools.render.output import inline_svg
from fives_tools.text import clean, code_block

_MD_SPECIAL = re.compile(r"([\\`*_\[\]|#])")


def _html(value: Any) -> Any:
    """An HTML template's value: made safe to show and escaped, unless already markup."""
    if isinstance(value, Markup) or value is None:
        return value
    return Markup(html.escape(clean(str(value), lines=True), quote=True))


#: A tile or a play (``[1|4]``, ``[1|1]@[1|4]:small-end``): set as ``code.play``, which the
#: page keeps whole on its line, since a browser may break a line after ``|`` or ``-``.
_NOTATION = re.compile(r"\[\d\|\d\](?:@\[\d\|\d\]:[a-z]+(?:-[a-z]+)?)?")


def notation(value: Any) -> Markup:
    """A paragraph of prose, its tiles and plays set as code (escaped first)."""
    text = str(_html(value))
    return Markup(_NOTATION.sub(lambda m: f'<code class="play">{m.group(0)}</code>', text))


#: A statement's pointer to the interpretations register: "interpretation score.negative".
_READING = re.compile(r"interpretation ([a-z0-9-]+(?:\.[a-z0-9-]+)+)")


def html_statement(value: Any) -> Markup:
    """A rule's statement, each pointer to a reading linked to it in the book."""
    text = str(notation(value))
    return Markup(
        _READING.sub(
            lambda m: (
                f'interpretation <a href="#{interpretation_anchor(m.group(1))}">{m.group(1)}</a>'
            ),
            text,
        )
    )


def md_statement(value: Any) -> Markup:
    """A rule's statement in Markdown, each pointer to a reading linked to it."""
    text = md(value)
    return Markup(
        _READING.sub(
            lambda m: f"interpretation [{m.group(1)}](#{interpretation_anchor(m.group(1))})",
            text,
        )
    )


def html_code(value: Any) -> Markup:
    """A code span; a tile or a play as ``code.play``; in anything longer (a position) each
    tile and play kept whole, the line free to break between them."""
    text = str(_html(value))
    if _NOTATION.fullmatch(text):
        return Markup(f'<code class="play">{text}</code>')
    kept = _NOTATION.sub(lambda m: f'<span class="play">{m.group(0)}</span>', text)
    return Markup(f"<code>{kept}</code>")


#: The least share of its own width a picture is drawn at: a narrower screen scrolls its
#: figure instead (a 1098 pt layout at 390 px was a third of its size, unreadable).
LEAST_SCALE = 0.5

_WIDTH = re.compile(r'(<svg\b[^>]*?\swidth=")([0-9.]+)([a-z]*)(")')


def svg(drawing: str, name: str, least: float = LEAST_SCALE) -> Markup:
    """A drawing inline in the page (markup the suite drew), its ids prefixed with
    ``name``, escaped as every attribute is; never drawn under ``least`` of its width."""
    text = inline_svg(drawing, html.escape(str(name), quote=True))
    if least:
        text = _WIDTH.sub(
            lambda m: (
                f'{m.group(1)}{m.group(2)}{m.group(3)}{m.group(4)} style="min-width: '
                f'{float(m.group(2)) * least:g}{m.group(3) or "px"}"'
            ),
            text,
            count=1,
        )
    return Markup(text)


def kind(value: object) -> str:
    """The class name of a book part (``Table``, ``Figure``...), for a template to choose."""
    return type(value).__name__


#: What both formats' templates call: a part's kind, a source list's citations, anchors.
_NAMES: dict[str, Any] = {
    "kind": kind,
    "cite_groups": citations,
    "rule_anchor": rule_anchor,
    "rule_title": rule_title,
    "interpretation_anchor": interpretation_anchor,
}


@functools.cache
def html_environment() -> jinja2.Environment:
    """The HTML templates, with the names they use: drawings, anchors, rule titles."""
    env = environment("fives_tools.book", _html, autoescape=True)
    env.globals.update(_NAMES, svg=svg)
    env.filters.update(notation=notation, code=html_code, statement=html_statement)
    return env


def render_html(name: str, **context: Any) -> str:
    """The HTML template ``name`` (in ``templates/``) filled with ``context``."""
    return html_environment().get_template(name).render(**context)


def md(text: object) -> str:
    """Plain text on one line, made safe to show (:func:`fives_tools.text.clean`) and
    escaped for Markdown (and for the HTML a Markdown renderer may emit)."""
    text = clean(" ".join(str(text).split()))
    return _MD_SPECIAL.sub(r"\\\1", html.escape(text, quote=False))


def _markdown(value: Any) -> Any:
    """A Markdown template's value: literal text, unless already markup."""
    if isinstance(value, Markup) or value is None:
        return value
    return Markup(md(value))


def code(text: object, in_table: bool = False) -> Markup:
    """A code span as the reports set one (:func:`.reports.templating.code_span`: a fence
    no backtick inside can close); in a table, ``|`` escaped as GitHub's tables require."""
    span = str(code_span(str(text)))
    return Markup(span.replace("|", "\\|") if in_table else span)


def anchor(name: object) -> Markup:
    """An HTML id for a Markdown heading or row to be linked to."""
    return Markup(f'<a id="{html.escape(str(name), quote=True)}"></a>')


def fenced(lines: tuple[str, ...]) -> Markup:
    """A worked note as a fenced block of text, its fence longer than any run of backticks
    inside (:func:`fives_tools.text.code_block`), the lines verbatim."""
    fence, text, _ = code_block(clean("\n".join(lines), lines=True))
    return Markup(f"{fence}text\n{text}\n{fence}")


@functools.cache
def markdown_environment() -> jinja2.Environment:
    """The Markdown templates, with the filters that set a value as code, an id or a link
    target; each render passes ``image``, which writes a drawing beside the book."""
    # autoescape marks what a macro writes as markup, so it is not escaped again as text;
    # every value is made literal Markdown first (``_markdown``), never HTML-escaped twice
    env = environment("fives_tools.book", _markdown, autoescape=True)
    env.filters.update(
        code=code, anchor=anchor, href=link_target, fenced=fenced, statement=md_statement
    )
    env.globals.update(_NAMES)
    return env


def render_markdown(name: str, **context: Any) -> str:
    """The Markdown template ``name`` (in ``templates/``) filled with ``context``."""
    return markdown_environment().get_template(name).render(**context)
