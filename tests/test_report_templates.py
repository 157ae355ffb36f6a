"""The reports' templates escape by default (fives_tools.certify.reports.templating): a
value is text in its format unless marked as markup, and the Markdown filters set any text
as code or as a link target that nothing inside can end early."""

from __future__ import annotations

from markupsafe import Markup

from fives_tools.certify.reports.templating import code_span, link_target, render


def test_a_code_span_is_fenced_longer_than_the_backticks_inside() -> None:
    assert code_span("fives certify") == "`fives certify`"
    assert code_span("x=`rm` y") == "``x=`rm` y``"
    assert code_span("a ``b`` c") == "```a ``b`` c```"
    assert code_span("`edge`") == "`` `edge` ``"  # a space keeps the fence off the text
    assert code_span("evil\x1b[2J") == "`evil\\x1b[2J`"  # made safe to show


def test_a_link_target_cannot_end_its_link_or_its_tag() -> None:
    assert link_target("book/five-up.html#rule-score.unit.raw") == (
        "book/five-up.html#rule-score.unit.raw"
    )
    assert link_target("../my books/x.html") == "../my%20books/x.html"
    assert link_target('a)b"<c>') == "a%29b%22%3Cc%3E"


def test_an_html_page_escapes_what_it_is_given_unless_it_is_markup() -> None:
    page = render("page.html.jinja2", title="<script>'x'\x1b", css=Markup("p { }"))
    assert "<title>&lt;script&gt;&#x27;x&#x27;\\x1b</title>" in page
    assert "<style>p { }</style>" in page
