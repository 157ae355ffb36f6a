"""The reports' templates (``templates/``, Jinja2) and how each format escapes.

Every value a template writes with ``{{ }}`` is escaped for the template's format unless
it is marked safe (:class:`markupsafe.Markup`): the escaping is the default, so a template
cannot forget it. An implementation's text (its name, version, messages, replies) is
untrusted:

* HTML (``*.html.jinja2``): autoescape, each value first made safe to show
  (:func:`fives_tools.text.clean`), then escaped as :func:`html.escape` does, quotes too.
* Markdown (``*.md.jinja2``): each value is literal Markdown on one line
  (:func:`fives_tools.text.markdown`: no tag, link, emphasis, code or table cell of its
  own). The filters ``code`` (a code span) and ``block`` (a fenced code block) set text as
  code whatever backticks it holds.
"""

from __future__ import annotations

import functools
import html
import re
from collections.abc import Callable
from typing import Any
from urllib.parse import quote

import jinja2
from markupsafe import Markup

from fives_tools.text import clean, code_block, markdown


def _html(value: Any) -> Any:
    """An HTML template's value: cleaned and escaped, unless already markup."""
    if isinstance(value, Markup) or value is None:
        return value
    return Markup(html.escape(clean(str(value))))


def _markdown(value: Any) -> Any:
    """A Markdown template's value: literal Markdown, unless already marked safe."""
    if isinstance(value, Markup) or value is None:
        return value
    return Markup(markdown(str(value)))


def code_span(text: str) -> Markup:
    """``text`` as a Markdown code span whose backtick fence no run inside can close."""
    text = clean(str(text))
    longest = max((len(run) for run in re.findall("`+", text)), default=0)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    fence = "`" * (longest + 1)
    return Markup(f"{fence}{pad}{text}{pad}{fence}")


def link_target(url: str) -> Markup:
    """A link's target with every character that could end it or the tag percent-encoded
    (a rule book's folder is the user's option; the anchors are slugs)."""
    return Markup(quote(clean(str(url)), safe="/#:.-_~%?=&+,;@!$"))


def fenced(text: str) -> Markup:
    """``text`` as a fenced Markdown code block (:func:`fives_tools.text.code_block`)."""
    return Markup("\n".join(code_block(str(text))))


def lines_html(text: str) -> Markup:
    """Several lines made safe to show and escaped for HTML, the line breaks kept."""
    return Markup(html.escape(clean(str(text), lines=True)))


def environment(
    package: str, finalize: Callable[[Any], Any], *, autoescape: bool
) -> jinja2.Environment:
    """The templates in ``package``'s ``templates/``, each ``{{ }}`` passed through
    ``finalize`` (which escapes it unless it is :class:`~markupsafe.Markup`); with
    ``autoescape``, HTML. Block tags take their line's indent and newline with them."""
    return jinja2.Environment(
        loader=jinja2.PackageLoader(package, "templates"),
        autoescape=autoescape,
        finalize=finalize,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
    )


@functools.cache
def _environment(markdown_format: bool) -> jinja2.Environment:
    finalize = _markdown if markdown_format else _html
    env = environment("fives_tools.certify.reports", finalize, autoescape=not markdown_format)
    env.filters.update(code=code_span, block=fenced, lines=lines_html, href=link_target)
    return env


def render(name: str, **context: Any) -> str:
    """The template ``name`` (in ``templates/``) filled with ``context``."""
    return _environment(name.endswith(".md.jinja2")).get_template(name).render(**context)
