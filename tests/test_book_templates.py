"""The books are built from templates that escape by default (fives_tools.book.templating):
text from the spec or the fixtures reaches a page as text, in an element or an attribute,
wherever a template writes it; only drawings and the templates' own fragments are markup."""

from __future__ import annotations

import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from fives_tools.book import build_books, write_books
from fives_tools.book.parts import Facts, Figure, Note, Para, Part, Picture, Span, Table, Term
from fives_tools.book.templating import html_environment, markdown_environment
from fives_tools.certify.cases import fixtures_dir
from fives_tools.certify.reports.templating import link_target

HOSTILE = '<script>alert(1)</script>" onerror="alert(2)\' &'
ESCAPED = "&lt;script&gt;alert(1)&lt;/script&gt;&quot; onerror=&quot;alert(2)&#x27; &amp;"
DRAWING = '<svg xmlns="http://www.w3.org/2000/svg"><rect id="r" width="1" height="1"/></svg>'


def _unsafe(html: str) -> list[str]:
    return [bad for bad in ("<script", '" onerror', "' &") if bad in html]


PARTS: list[Part] = [
    Table(HOSTILE, (HOSTILE,), (((Span(HOSTILE, code=True, link=HOSTILE),),),), (HOSTILE,)),
    Facts(HOSTILE, ((HOSTILE, (Span(HOSTILE), Picture(DRAWING, HOSTILE, HOSTILE))),)),
    Figure(DRAWING, HOSTILE, HOSTILE),
    Para(HOSTILE, HOSTILE),
    Term(HOSTILE, HOSTILE, HOSTILE, HOSTILE, DRAWING, HOSTILE),
    Note(HOSTILE, (HOSTILE, HOSTILE)),
]


@pytest.mark.parametrize("part", PARTS, ids=lambda p: type(p).__name__)
def test_every_part_escapes_what_it_is_given(part: Part) -> None:
    macros = html_environment().get_template("parts.html.jinja2").module
    html = str(macros.part(part, "\n"))  # type: ignore[attr-defined]
    assert _unsafe(html) == [] and ESCAPED in html
    ET.fromstring(f"<div>{html}</div>")  # well-formed: no attribute or element broken open


def test_a_hostile_fixture_title_stays_text_in_the_book(tmp_path: Path) -> None:
    root = tmp_path / "fixtures"
    shutil.copytree(fixtures_dir() / "layout" / "diagrams", root / "layout")
    fixture = root / "layout" / "1-5.yaml"
    text = fixture.read_text("utf-8")
    title = 'title: "Playing [1|5]'
    assert title in text
    hostile = HOSTILE.replace('"', '\\"')  # a YAML double-quoted scalar
    fixture.write_text(text.replace(title, f'title: "{hostile} Playing [1|5]'), "utf-8")
    out = tmp_path / "out"
    write_books(out, build_books(["five-up"], root=root))
    html = (out / "five-up.html").read_text("utf-8")
    assert _unsafe(html) == []
    # the example's heading, the rule that draws it, and How to play's scoring picture
    assert html.count(ESCAPED) >= 3
    ET.fromstring(html)


#: Markdown that would become markup: an HTML tag, a link, emphasis, a table cell, code.
HOSTILE_MD = "<img src=x onerror=alert(1)> [click](javascript:alert(2)) *em* | `code`"
ESCAPED_MD = (
    "&lt;img src=x onerror=alert(1)&gt; \\[click\\](javascript:alert(2)) \\*em\\* \\| \\`code\\`"
)
MD_PARTS: list[Part] = [
    Table(HOSTILE_MD, (HOSTILE_MD,), (((Span(HOSTILE_MD),),),), (HOSTILE,)),
    Facts(HOSTILE_MD, ((HOSTILE_MD, (Span(HOSTILE_MD), Picture(DRAWING, "p", HOSTILE_MD))),)),
    Figure(DRAWING, HOSTILE_MD, "f"),
    Para(HOSTILE_MD, HOSTILE_MD),
    Term(HOSTILE_MD, HOSTILE_MD, "zh", HOSTILE_MD, DRAWING, HOSTILE),
]


@pytest.mark.parametrize("part", MD_PARTS, ids=lambda p: type(p).__name__)
def test_every_part_is_literal_text_in_markdown(part: Part) -> None:
    images: dict[str, str] = {}

    def image(svg: str, name: str) -> str:  # as book_markdown's: a link target
        images[f"x/{name}.svg"] = svg
        return link_target(f"x/{name}.svg")

    macros = markdown_environment().get_template("parts.md.jinja2").make_module({"image": image})
    text = str(macros.part(part))  # type: ignore[attr-defined]
    assert ESCAPED_MD in text
    assert "<img" not in text and "<script" not in text
    assert not re.search(r"(?<!\\)\]\(javascript|(?<!\\)\*em", text)  # no link, no emphasis
    if isinstance(part, Table | Term):  # an HTML id from the fixtures stays inside its quotes
        assert '<a id="&lt;script&gt;alert(1)&lt;/script&gt;&quot; onerror=' in text


def test_a_code_span_or_a_worked_note_cannot_be_closed_early() -> None:
    macros = markdown_environment().get_template("parts.md.jinja2").make_module({"image": None})
    table = Table("t", ("h",), (((Span("a`b|c", code=True),),),))
    assert "| ``a`b\\|c`` |" in str(macros.part(table))  # type: ignore[attr-defined]
    note = str(macros.part(Note("n", ("```", "<b>x</b>"))))  # type: ignore[attr-defined]
    assert "\n````text\n```\n<b>x</b>\n````\n" in note  # verbatim inside a longer fence


def test_a_code_span_is_set_as_the_reports_set_it() -> None:
    """One way to set code in Markdown: the books once turned a backtick into an
    apostrophe, where the reports fence it; a table cell still escapes its bar."""
    from fives_tools.book.templating import code
    from fives_tools.certify.reports.templating import code_span

    assert str(code("[1|4]@x`y")) == str(code_span("[1|4]@x`y")) == "``[1|4]@x`y``"
    assert str(code("[1|4]", in_table=True)) == "`[1\\|4]`"
