"""A rule book as one self-contained HTML page: inline SVG and CSS, no script, no network.

The page is written as well-formed XHTML-compatible HTML (every element closed, only
the XML entities used) so that it parses as XML as well as HTML. Its structure is in
``templates/*.html.jinja2``, which escape every text that comes from the spec or the
fixtures by default (:mod:`.templating`); this module chooses what each part shows.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup

from fives_engine import Rule
from fives_tools.book.groups import Group
from fives_tools.book.howto import how_to_play
from fives_tools.book.inline import Inline, first_pictured
from fives_tools.book.model import EXAMPLES_NOTE, SETTLEMENT_NOTE, Book, Example
from fives_tools.book.names import rule_anchor
from fives_tools.book.templating import render_html
from fives_tools.book.words import parameter_words
from fives_tools.render.dot import INK, IVORY, ORANGE, SCORE
from fives_tools.rerun import command

CSS = f"""
body {{ font-family: Helvetica, Arial, sans-serif; color: {INK}; max-width: 60rem;
  margin: 0 auto; padding: 1rem 1.5rem 4rem; line-height: 1.45; }}
body.with-toc {{ max-width: 78rem; display: grid; gap: 2rem;
  grid-template-columns: 15rem minmax(0, 1fr); }}
main {{ min-width: 0; }}
nav.toc {{ position: sticky; top: 0; align-self: start; max-height: 100vh; overflow-y: auto;
  font-size: 0.85rem; padding: 1rem 0.5rem 1rem 0; border-right: 1px solid #e4dfcf; }}
nav.toc ol {{ padding-left: 1.1rem; margin: 0.2rem 0; }}
nav.toc ol ol {{ font-size: 0.8rem; }}
.toc-title {{ font-weight: bold; margin: 0.3rem 0; }}
details.toc-phone {{ display: none; border: 1px solid #e4dfcf; border-radius: 6px;
  padding: 0.3rem 0.7rem; margin: 0.6rem 0; font-size: 0.9rem; }}
details.toc-phone summary, details.impl summary {{ cursor: pointer; font-weight: bold; }}
details.impl {{ margin: 0.3rem 0; font-size: 0.9rem; color: #555; }}
details.impl summary {{ font-weight: normal; }}
main, p, dd, dt, li, figcaption, blockquote, h1, h2, h3, h4 {{
  overflow-wrap: anywhere; }}
td, th {{ overflow-wrap: break-word; }}
div.term {{ display: flex; flex-wrap: wrap; gap: 0 1rem; align-items: center;
  border-top: 1px solid #eee8d8; padding: 0.4rem 0; }}
div.term figure {{ flex: 0 1 14rem; margin: 0; }}
div.term p {{ flex: 1 1 16rem; margin: 0.2rem 0; }}
a.permalink {{ color: #b9b3a0; text-decoration: none; font-size: 0.8em; margin-left: 0.3rem;
  visibility: hidden; }}
h1:hover a.permalink, h2:hover a.permalink, h3:hover a.permalink, h4:hover a.permalink,
a.permalink:focus {{ visibility: visible; }}
h3 small {{ font-weight: normal; color: #666; font-size: 0.8rem; margin-left: 0.4rem; }}
table.compare td, table.compare th {{ min-width: 8rem; }}
h1 {{ margin-bottom: 0.2rem; }}
h2 {{ border-bottom: 2px solid {ORANGE}; padding-bottom: 0.2rem; margin-top: 2.5rem; }}
h3 {{ margin: 0 0 0.4rem; font-size: 1.1rem; }}
code {{ background: #f3f1ea; padding: 0 0.2rem; border-radius: 3px; }}
/* a tile or a play is read whole: a line breaks between them, never inside one */
.play {{ white-space: nowrap; }}
ol.steps li {{ margin: 0.2rem 0; }}
article {{ border: 1px solid #ddd8c8; border-radius: 6px; padding: 0.6rem 1rem;
  margin: 0.8rem 0; background: white; }}
article p {{ margin: 0.3rem 0; }}
.sources {{ font-size: 0.9rem; }}
blockquote {{ margin: 0.3rem 0 0.3rem 1rem; padding-left: 0.7rem;
  border-left: 3px solid #d9d2bd; color: #4a4a4a; }}
div.quote {{ display: grid; grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr));
  gap: 0 1rem; }}
p.translation {{ margin: 0.3rem 0; padding-left: 0.7rem; border-left: 3px dashed #d9d2bd;
  color: #4a4a4a; font-style: italic; }}
p.translation .label {{ font-style: normal; font-size: 0.8rem; color: #777; }}
/* a wide picture keeps at least half its size (its min-width) and scrolls in its figure */
figure {{ margin: 0.6rem 0; text-align: center; overflow-x: auto; }}
figure svg {{ max-width: 100%; height: auto; }}
figcaption {{ font-size: 1.05rem; font-weight: bold; margin-top: 0.2rem; }}
dl {{ display: grid; grid-template-columns: max-content 1fr; gap: 0.2rem 1rem; }}
dt {{ font-weight: bold; }}
dd {{ margin: 0; }}
/* a table wider than the page scrolls; a shadow at the edge it hides is the cue to scroll
   (the white covers move with the content, the shadows stay at the box's edges) */
table {{ border-collapse: collapse; margin: 0.5rem 0; display: block; max-width: 100%;
  overflow-x: auto;
  background: linear-gradient(to right, white 30%, rgba(255, 255, 255, 0)) left / 2rem 100%
      no-repeat local,
    linear-gradient(to left, white 30%, rgba(255, 255, 255, 0)) right / 2rem 100%
      no-repeat local,
    radial-gradient(farthest-side at 0 50%, rgba(0, 0, 0, 0.25), transparent) left / 0.9rem
      100% no-repeat scroll,
    radial-gradient(farthest-side at 100% 50%, rgba(0, 0, 0, 0.25), transparent) right /
      0.9rem 100% no-repeat scroll; }}
th, td {{ border: 1px solid #d9d2bd; padding: 0.25rem 0.5rem; text-align: left;
  vertical-align: top; }}
th {{ background: #f3f1ea; }}
.meta {{ color: #555; font-size: 0.92rem; }}
.level {{ font-variant: small-caps; font-weight: bold; }}
.legend svg {{ vertical-align: middle; max-width: 100%; height: auto; }}
.tally {{ display: flex; flex-wrap: wrap; gap: 1.5rem; }}
.tally figure {{ margin: 0; }}
.missing {{ color: #b00020; font-weight: bold; }}
p.number {{ margin: 0; font-size: 0.85rem; font-weight: bold; color: {ORANGE}; }}
p.number a {{ color: inherit; text-decoration: none; }}
p.rerun code {{ overflow-wrap: anywhere; }}
figure.rule-example figcaption {{ font-size: 0.95rem; font-weight: normal; }}
h4 {{ margin: 0.8rem 0 0.2rem; font-size: 0.98rem; }}
table caption {{ caption-side: top; text-align: left; font-weight: bold; padding: 0.2rem 0; }}
td.num, th.num {{ text-align: right; }}
/* a tally in a table keeps its size (a rule card's figure squeezed it to a quarter) */
td .tally svg {{ height: 4.5rem; width: auto; min-width: 3rem; max-width: none;
  vertical-align: middle; }}
pre.worked {{ background: #f7f5ee; border-left: 3px solid {ORANGE}; padding: 0.4rem 0.7rem;
  white-space: pre-wrap; font-size: 0.9rem; margin: 0.3rem 0; }}
/* The phone's rules come last: an earlier rule loses to a later one of the same weight
   (dl's grid after them made "How to play" a word a line at 390 px). */
@media (max-width: 56rem) {{ body.with-toc {{ display: block; }}
  nav.toc {{ display: none; }}
  details.toc-phone {{ display: block; }}
  body {{ padding: 0.5rem 0.7rem 3rem; }}
  dl {{ display: block; }} dd {{ margin: 0 0 0.4rem 0.6rem; }}
  article {{ padding: 0.5rem 0.6rem; }} }}
"""

LEGEND_SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="470" height="34" viewBox="0 0 470 34"'
    ' role="img" aria-label="legend">'
    f'<circle cx="14" cy="17" r="11" fill="{SCORE}"/>'
    '<text x="14" y="22" text-anchor="middle" font-size="13" font-weight="bold"'
    ' fill="white" font-family="Helvetica, Arial, sans-serif">5</text>'
    '<text x="32" y="22" font-size="13" font-family="Helvetica, Arial, sans-serif">'
    "scoring end, its value</text>"
    f'<circle cx="186" cy="17" r="6" fill="white" stroke="{SCORE}" stroke-width="1.6"/>'
    '<text x="199" y="22" font-size="13" font-family="Helvetica, Arial, sans-serif">'
    "attach point, no score</text>"
    f'<rect x="340" y="8" width="36" height="18" rx="5" fill="{IVORY}" stroke="{ORANGE}"'
    ' stroke-width="3.5"/>'
    '<text x="384" y="22" font-size="13" font-family="Helvetica, Arial, sans-serif">'
    "spinner</text></svg>"
)
_CSS = Markup(CSS)


def rerun(ex: Example) -> str:
    """The command that runs one example, at every level, against a reader's adapter."""
    return command("fives", "certify", "--adapter", "YOUR ADAPTER", "--case", f"{ex.id}#*")


@dataclass(frozen=True)
class RuleEntry:
    """A rule as its entry shows it: its own examples (its primary ones first), the one
    drawn inline (:mod:`.inline`), the others listed by number, its count of scenarios."""

    rule: Rule
    own: list[Example]
    shown: Inline | None
    others: list[Example]
    scenarios: int


def rule_entries(book: Book, prefixed: bool = True) -> list[RuleEntry]:
    """Each rule's entry; its drawing's ids start with the rule's anchor when ``prefixed``
    (HTML: unique in the page), else keep the example's names (Markdown: shared files)."""
    by_id = {ex.id: ex for ex in book.examples}
    cases = {rule_id: ids for rule_id, ids, _ in book.coverage_rows()}
    out = []
    for rule in book.rules:
        refs = book.coverage.get(rule.id, [])
        own = [by_id[c] for c in cases.get(rule.id, []) if c in by_id]
        own.sort(key=lambda ex: (ex.case.primary != rule.id, book.number(ex)))
        shown = first_pictured(own, rule_anchor(rule.id) if prefixed else None)
        others = [ex for ex in own if shown is None or ex is not shown.example]
        scenarios = sum(1 for r in refs if r.startswith("scenario"))
        out.append(RuleEntry(rule, own, shown, others, scenarios))
    return out


def entries(book: Book) -> list[tuple[Example | Group, str | None, list[int]]]:
    """Each example or group, the section it opens (None if it continues one) and, for a
    group, its members' numbers."""
    out: list[tuple[Example | Group, str | None, list[int]]] = []
    section = None
    for entry in book.entries:
        first = entry.members[0] if isinstance(entry, Group) else entry
        opens = first.case.section if first.case.section != section else None
        section = first.case.section
        numbers = [book.number(m) for m in entry.members] if isinstance(entry, Group) else []
        out.append((entry, opens, numbers))
    return out


_HEADING = re.compile(
    r'(<(?:section|article)[^>]*\sid="([^"]+)"[^>]*>)?<(h[1-4])((?:\s[^>]*)?)>(.*?)</\3>', re.S
)


def permalinks(html: str) -> str:
    """Every heading gets a permalink: to its section's or article's anchor, or to an id
    of its own made from its text."""
    used = set(re.findall(r'\sid="([^"]+)"', html))

    def link(m: re.Match[str]) -> str:
        opening, owner, tag, attrs, inner = m.groups()
        own = re.search(r'\sid="([^"]+)"', attrs or "")
        anchor = own.group(1) if own else owner
        if anchor is None:
            slug = re.sub(r"[^a-z0-9]+", "-", re.sub(r"<[^>]+>", "", inner).lower()).strip("-")
            anchor, n = f"h-{slug[:48]}", 1
            while anchor in used:
                n += 1
                anchor = f"h-{slug[:48]}-{n}"
            used.add(anchor)
            attrs = f'{attrs or ""} id="{anchor}"'
        # the anchor is an id as the page has it (escaped already) or a slug
        mark = f'<a class="permalink" href="#{anchor}" aria-label="Permalink">#</a>'
        return f"{opening or ''}<{tag}{attrs or ''}>{inner} {mark}</{tag}>"

    return _HEADING.sub(link, html)


def page(template: str, title: str, toc: str = "", **context: Any) -> str:
    """The page ``template`` (which extends ``page.html.jinja2``) in the books' style, with
    a sidebar of contents if ``toc`` (markup) is given, every heading given its permalink."""
    return permalinks(render_html(template, title=title, css=_CSS, toc=toc, **context))


def book_html(book: Book) -> str:
    """The rule book of one game as one HTML page."""
    toc = render_html(
        "toc.html.jinja2",
        book=book,
        sections=list(dict.fromkeys(ex.case.section for ex in book.examples)),
    )
    return page(
        "book.html.jinja2",
        f"{book.title} — rule book",
        Markup(toc),
        book=book,
        how_to_play=how_to_play(book),
        parameters=parameter_words(book.ruleset),
        rules=rule_entries(book),
        entries=entries(book),
        anchors={ex.id: ex.anchor for ex in book.examples},
        legend=Markup(LEGEND_SVG),
        examples_note=EXAMPLES_NOTE,
        settlement_note=SETTLEMENT_NOTE,
        rerun=rerun,
    )


def comparison(books: list[Book]) -> tuple[tuple[str, ...], list[tuple[str, list[str]]]]:
    """The games side by side: a row per parameter in words, a column per game."""
    head = ("", *(b.title for b in books))
    words = [dict(parameter_words(b.ruleset)) for b in books]
    rows = [(what, [w[what] for w in words]) for what, _ in parameter_words(books[0].ruleset)]
    rows.append(("Rules", [str(len(b.rules)) for b in books]))
    rows.append(("Documented examples", [str(len(b.examples)) for b in books]))
    rows.append(("Source", [b.ruleset.source for b in books]))
    return head, rows


def index_html(books: list[Book]) -> str:
    """The index page: the games compared side by side, each linking its book."""
    _, rows = comparison(books)
    return page("index.html.jinja2", "The Fives family — rule books", books=books, rows=rows)
