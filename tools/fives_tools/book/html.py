"""A rule book as one self-contained HTML page: inline SVG and CSS, no script, no network.

The page is written as well-formed XHTML-compatible HTML (every element closed, only
the XML entities used) so that it parses as XML as well as HTML. Every text that comes
from the spec or the fixtures is escaped.
"""

from __future__ import annotations

import re
from html import escape
from typing import Any

from fives_tools.book.groups import Group, citations
from fives_tools.book.howto import how_to_play
from fives_tools.book.inline import first_pictured
from fives_tools.book.model import EXAMPLES_NOTE, SETTLEMENT_NOTE, Book, Example
from fives_tools.book.names import interpretation_anchor, rule_anchor
from fives_tools.book.parts import Cell, Facts, Figure, Para, Part, Picture, Span, Table, Term
from fives_tools.book.titles import rule_title
from fives_tools.book.words import parameter_words
from fives_tools.render.dot import INK, IVORY, ORANGE, SCORE
from fives_tools.render.output import inline_svg

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
@media (max-width: 56rem) {{ body.with-toc {{ display: block; }}
  nav.toc {{ display: none; }}
  details.toc-phone {{ display: block; }}
  body {{ padding: 0.5rem 0.7rem 3rem; }}
  dl {{ display: block; }} dd {{ margin: 0 0 0.4rem 0.6rem; }}
  article {{ padding: 0.5rem 0.6rem; }} }}
main, p, dd, dt, td, th, li, figcaption, blockquote, h1, h2, h3, h4 {{
  overflow-wrap: anywhere; }}
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
figure {{ margin: 0.6rem 0; text-align: center; }}
figure svg {{ max-width: 100%; height: auto; }}
figcaption {{ font-size: 1.05rem; font-weight: bold; margin-top: 0.2rem; }}
dl {{ display: grid; grid-template-columns: max-content 1fr; gap: 0.2rem 1rem; }}
dt {{ font-weight: bold; }}
dd {{ margin: 0; }}
table {{ border-collapse: collapse; margin: 0.5rem 0; display: block; max-width: 100%;
  overflow-x: auto; }}
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
td .tally svg {{ height: 4.5rem; width: auto; min-width: 3rem; vertical-align: middle; }}
pre.worked {{ background: #f7f5ee; border-left: 3px solid {ORANGE}; padding: 0.4rem 0.7rem;
  white-space: pre-wrap; font-size: 0.9rem; margin: 0.3rem 0; }}
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


#: The API reference that ``fives docs`` writes beside the books (:mod:`fives_tools.book.api`).
API_LINK = '<a href="api/index.html">API reference</a>'


def e(text: object) -> str:
    return escape(str(text), quote=True)


def _codes(items: list[str] | tuple[str, ...], sep: str = " ") -> str:
    return sep.join(f"<code>{e(i)}</code>" for i in items) or "(none)"


def _rule_links(rule_ids: tuple[str, ...] | list[str]) -> str:
    return ", ".join(f'<a href="#{e(rule_anchor(r))}"><code>{e(r)}</code></a>' for r in rule_ids)


def _rule_titled(rule_id: str) -> str:
    """A link to a rule by its title: its ID is for implementers, under the rule."""
    return f'<a href="#{e(rule_anchor(rule_id))}">{e(rule_title(rule_id))}</a>'


def _quote(text: str, lang: str, english: str) -> str:
    """The quotation as the source has it, and beside it its English rendering, marked as
    a translation (each in its own language)."""
    original = f'<blockquote lang="{e(lang)}">{e(text)}</blockquote>'
    if not english or lang == "en":
        return f'<div class="quote">{original}</div>'
    return (
        f'<div class="quote">{original}<p class="translation" lang="en">'
        f'<span class="label">English translation:</span> {e(english)}</p></div>'
    )


def _citations(sources: list[dict[str, Any]], book: Book) -> str:
    """Each quotation once, after every source that has it."""
    out = []
    for cited, quote, file in citations(sources):
        heads = (
            f"<cite>{e(f)}</cite> § {e(h)}" + (f" — diagram {e(d)}" if d else "")
            for f, h, d in cited
        )
        out.append(f"<p>{'; '.join(heads)}</p>")
        out.append(_quote(quote, book.language_of(file), book.english(quote)) if quote else "")
    return "".join(out)


def _for_implementers(meta: str) -> str:
    """Rule and case IDs, levels and requirement words, folded away from a reader."""
    return (
        '<details class="impl"><summary>For implementers</summary>'
        f'<p class="meta">{meta}</p></details>'
    )


def rerun(ex: Example) -> str:
    """The command that runs one example, at every level, against a reader's adapter."""
    return f"fives certify --adapter 'YOUR ADAPTER' --case '{ex.id}#*'"


def _example_label(ex: Example, book: Book) -> str:
    return f'<a href="#{e(ex.anchor)}">Example {book.number(ex)}</a>'


def _rule_examples(rule_id: str, own: list[Example], book: Book) -> list[str]:
    """A rule's examples: the first with a picture (its own primary first) drawn inline
    as the book pictures its kind (:mod:`.inline`), numbered, with the command that
    re-runs it; then every other one by its number."""
    if not own:
        return ['<p class="meta">No documented example yet.</p>']
    own = sorted(own, key=lambda ex: (ex.case.primary != rule_id, book.number(ex)))
    shown = first_pictured(own, rule_anchor(rule_id))
    out = []
    if shown is not None:
        drawn = shown.example
        body = "".join(
            inline_svg(part.svg, part.name)
            if isinstance(part, Figure)
            else "".join(part_html(part))
            for part in shown.parts
        )
        about = f" — {e(shown.caption)}" if shown.caption else ""
        out.append(
            f'<figure class="rule-example">{body}'
            f"<figcaption>{_example_label(drawn, book)}: {e(drawn.case.title)}{about}"
            "</figcaption></figure>"
            f'<p class="rerun">Re-run it against your adapter: <code>{e(rerun(drawn))}</code></p>'
        )
    others = [ex for ex in own if shown is None or ex is not shown.example]
    if others:
        labels = ", ".join(_example_label(ex, book) for ex in others)
        more = "More examples" if shown is not None else "Examples"
        out.append(f'<p class="examples">{more}: {labels}</p>')
    return out


def _rules(book: Book) -> list[str]:
    out = ['<section id="rules"><h2>Rules</h2>']
    anchors = {ex.id: ex.anchor for ex in book.examples}
    by_id = {ex.id: ex for ex in book.examples}
    cases = {rule_id: ids for rule_id, ids, _ in book.coverage_rows()}
    for rule in book.rules:
        refs = book.coverage.get(rule.id, [])
        n_cases = sum(1 for r in refs if not r.startswith("scenario"))
        out.append(f'<article class="rule" id="{e(rule_anchor(rule.id))}">')
        out.append(f"<h3>{e(rule_title(rule.id))}</h3><p>{e(rule.statement)}</p>")
        if rule.cite.quote:
            quote = rule.cite.quote
            out.append(_quote(quote, book.language_of(rule.cite.file), book.english(quote)))
        if rule.note:
            out.append(f'<p class="note"><span class="label">Note:</span> {e(rule.note)}</p>')
            for cite in rule.note_cites:
                out.append(f"<p><cite>{e(cite.file)}</cite> § {e(cite.heading)}</p>")
                quote = cite.quote
                out.append(_quote(quote, book.language_of(cite.file), book.english(quote)))
        meta = f"Rule <code>{e(rule.id)}</code> · "
        meta += f"source: <cite>{e(rule.cite.file)}</cite> § {e(rule.cite.heading)}"
        if rule.interpretation:
            anchor = interpretation_anchor(rule.interpretation)
            meta += f' · reading <a href="#{e(anchor)}">{e(rule.interpretation)}</a>'
        own = [c for c in cases.get(rule.id, []) if c in anchors]
        meta += f" · {len(own)} examples · {len(refs) - n_cases} scenarios"
        out += _rule_examples(rule.id, [by_id[c] for c in own], book)
        out.append(f"{_for_implementers(meta)}</article>")
    out.append("</section>")
    return out


def cell_html(cell: Cell) -> str:
    out = []
    for item in cell:
        if isinstance(item, Picture):
            out.append(f'<span class="tally">{inline_svg(item.svg, item.name)}</span>')
            continue
        html = f"<code>{e(item.text)}</code>" if item.code else e(item.text)
        out.append(f'<a href="#{e(item.link)}">{html}</a>' if item.link else html)
    return "".join(out)


def _td(cell: Cell) -> str:
    """A table cell; a lone number is set right-aligned."""
    first = cell[0] if len(cell) == 1 else None
    number = isinstance(first, Span) and first.text.lstrip("-").isdigit()
    return f'<td class="num">{cell_html(cell)}</td>' if number else f"<td>{cell_html(cell)}</td>"


def part_html(part: Part) -> list[str]:
    """A table, a list of facts, a drawing or a worked note as HTML."""
    if isinstance(part, Table):
        head = "".join(f"<th>{e(h)}</th>" for h in part.head)
        out = [f"<table><caption>{e(part.title)}</caption><thead><tr>{head}</tr></thead><tbody>"]
        ids = part.row_ids or ("",) * len(part.rows)
        for row, row_id in zip(part.rows, ids, strict=True):
            attr = f' id="{e(row_id)}"' if row_id else ""
            out.append(f"<tr{attr}>{''.join(_td(c) for c in row)}</tr>")
        out.append("</tbody></table>")
        return out
    if isinstance(part, Facts):
        items = "".join(f"<dt>{e(term)}</dt><dd>{cell_html(c)}</dd>" for term, c in part.items)
        return [f"<h4>{e(part.title)}</h4><dl>{items}</dl>"]
    if isinstance(part, Figure):
        return [
            f"<figure>{inline_svg(part.svg, part.name)}"
            f"<figcaption>{e(part.caption)}</figcaption></figure>"
        ]
    if isinstance(part, Para):
        head = f"<h3>{e(part.title)}</h3>" if part.title else ""
        return [f"{head}<p>{e(part.text)}</p>"]
    if isinstance(part, Term):
        picture = f"<figure>{inline_svg(part.svg, part.name)}</figure>" if part.svg else ""
        return [
            f'<div class="term" id="{e(part.name)}">{picture}<p><dfn>{e(part.term)}</dfn> '
            f'(<span lang="{e(part.lang)}">{e(part.native)}</span>): {e(part.meaning)}</p></div>'
        ]
    lines = "\n".join(e(line) for line in part.lines)
    return [f'<h4>{e(part.title)}</h4><pre class="worked">{lines}</pre>']


def _layout_facts(ex: Example) -> list[str]:
    """A layout example: its drawing, plays, attach points, scoring ends and score."""
    case = ex.case
    out = []
    if ex.svg is not None:
        out.append(
            f"<figure>{inline_svg(ex.svg, ex.anchor)}"
            f"<figcaption>{e(ex.caption)}</figcaption></figure>"
        )
    out.append("<dl>")
    plays = case.request.get("plays")
    if plays is not None:
        out.append(f"<dt>Plays</dt><dd>{_codes(plays)}</dd>")
    if ex.svg is not None:
        out.append(f"<dt>Attach points</dt><dd>{_codes(ex.attach_points, '; ')}</dd>")
        out.append(f"<dt>Scoring ends</dt><dd>{_codes(ex.scoring_ends, '; ')}</dd>")
        out.append(f"<dt>Play score</dt><dd>{e(ex.caption)}</dd>")
    if "reject" in case.request:
        error = ex.expect.get("error", {})
        out.append(
            f"<dt>Rejected play</dt><dd><code>{e(case.request['reject'])}</code>, breaking "
            f"{_rule_titled(str(error.get('rule', '')))}</dd>"
        )
    if "hand" in case.request:
        out.append(
            f"<dt>Hand</dt><dd>{_codes(case.request['hand'])}</dd>"
            f"<dt>Legal plays</dt><dd>{_codes(ex.expect.get('legal_plays', []))}</dd>"
        )
    out.append("</dl>")
    return out


def _example(ex: Example, book: Book) -> list[str]:
    case = ex.case
    out = [
        f'<article class="example" id="{e(ex.anchor)}">',
        f'<p class="number"><a href="#{e(ex.anchor)}">Example {book.number(ex)}</a></p>',
        f"<h3>{e(case.title)}</h3>",
    ]
    meta = f'<code>{e(ex.id)}</code> · level <span class="level">{e(case.level)}</span>'
    if case.interpretation:
        meta += (
            f' · reading <a href="#{e(interpretation_anchor(case.interpretation))}">'
            f"{e(case.interpretation)}</a>"
        )
    if ex.capabilities:
        meta += f" · checked at levels {e(', '.join(ex.capabilities))}"
    meta += f"<br/>Rules: {_rule_links(case.rules)}"
    meta += f"<br/>Re-run it against your adapter: <code>{e(rerun(ex))}</code>"
    out.append(_for_implementers(meta))
    for part in ex.parts:
        out += part_html(part)
    if not ex.parts:
        out += _layout_facts(ex)
    out.append(f'<div class="sources">{_citations(list(case.sources), book)}</div></article>')
    return out


def _group(group: Group, book: Book) -> list[str]:
    numbers = [book.number(m) for m in group.members]
    out = [
        f'<article class="example" id="{e(group.anchor)}">',
        f'<p class="number"><a href="#{e(group.anchor)}">Examples {min(numbers)}–'
        f"{max(numbers)}</a></p>",
        f"<h3>{e(group.title)}</h3>",
    ]
    out.append(_for_implementers(f"Rules: {_rule_links(group.rules)}"))
    for part in group.parts:
        out += part_html(part)
    out.append(f'<div class="sources">{_citations(group.sources, book)}</div></article>')
    return out


def _examples(book: Book) -> list[str]:
    out = ['<section id="examples"><h2>Documented examples</h2>']
    out.append(f'<p>{e(EXAMPLES_NOTE)}</p><p class="legend">{LEGEND_SVG}</p>')
    section = None
    for entry in book.entries:
        first = entry.members[0] if isinstance(entry, Group) else entry
        if first.case.section != section:
            section = first.case.section
            about = book.sections.get(section, "")
            out.append(
                f'<h3 id="section-{e(section)}">Section <code>{e(section)}</code>: {e(about)}</h3>'
            )
        out += _group(entry, book) if isinstance(entry, Group) else _example(entry, book)
    out.append("</section>")
    return out


def _settlement(book: Book) -> list[str]:
    if not book.settlement:
        return []
    out = ['<section id="settlement"><h2>Settlement</h2>', f"<p>{e(SETTLEMENT_NOTE)}</p>"]
    for part in book.settlement:
        out += part_html(part)
    out.append("</section>")
    return out


def _tally(book: Book) -> list[str]:
    if not book.has_tally:
        return []
    out = [
        '<section id="tally"><h2>The optional paper tally</h2>',
        f"<p>{e(book.tally_note)}</p>",
        '<div class="tally">',
    ]
    for tally in book.tallies:
        out.append(
            f"<figure>{inline_svg(tally.svg, f'tally-{tally.raw}')}"
            f"<figcaption>{tally.raw} raw = {tally.display} display</figcaption>"
            f'<p class="meta">{e(tally.about)}</p></figure>'
        )
    out.append("</div></section>")
    return out


def _interpretations(book: Book) -> list[str]:
    out = ['<section id="interpretations"><h2>Interpretations register</h2>']
    out.append(
        "<p>Where the sources are silent or ambiguous, the reading this suite chose and why "
        "(<code>spec/interpretations.yaml</code>).</p>"
    )
    for item in book.interpretations:
        out.append(f'<article id="{e(interpretation_anchor(item["id"]))}">')
        out.append(f"<h3><code>{e(item['id'])}</code></h3>")
        out.append(f"<dl><dt>Question</dt><dd>{e(item.get('question', ''))}</dd>")
        out.append(f"<dt>Reading</dt><dd>{e(item.get('reading', ''))}</dd>")
        out.append(f"<dt>Why</dt><dd>{e(item.get('why', ''))}</dd></dl>")
        out.append(_citations(item.get("sources", []), book))
        out.append("</article>")
    out.append("</section>")
    return out


def _coverage(book: Book) -> list[str]:
    anchors = {ex.id: ex.anchor for ex in book.examples}
    out = [
        '<section id="coverage"><h2>Coverage: rule → cases</h2>',
        "<p>Cases are the documented examples above (fixture IDs); scenarios are places in "
        "<code>features/</code> (× the rows of an outline).</p>",
        "<table><thead><tr><th>Rule</th><th>Cases</th><th>Scenarios</th></tr></thead><tbody>",
    ]
    for rule_id, cases, scenarios in book.coverage_rows():
        links = ", ".join(
            f'<a href="#{e(anchors[c])}">{e(c.split("/", 1)[-1])}</a>' if c in anchors else e(c)
            for c in cases
        )
        missing = '<span class="missing">not exercised</span>'
        out.append(
            f'<tr><td><a href="#{e(rule_anchor(rule_id))}"><code>{e(rule_id)}</code></a></td>'
            f"<td>{links or missing}</td><td>{e(', '.join(scenarios))}</td></tr>"
        )
    out.append("</tbody></table></section>")
    return out


def _parameters(book: Book) -> list[str]:
    out = [
        '<section id="parameters"><h2>Parameters</h2>',
        "<table><tbody>",
    ]
    for what, words in parameter_words(book.ruleset):
        out.append(f"<tr><th>{e(what)}</th><td>{e(words)}</td></tr>")
    out.append("</tbody></table></section>")
    return out


def _learn(book: Book) -> list[str]:
    if not book.learn:
        return []
    out = ['<section id="learn-to-play"><h2>Learn to play</h2>']
    for part in book.learn:
        out += part_html(part)
    out.append("</section>")
    return out


def _how_to_play(book: Book) -> list[str]:
    out = ['<section id="how-to-play"><h2>How to play</h2>']
    for part in how_to_play(book):
        out += part_html(part)
    out.append("</section>")
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
        mark = f'<a class="permalink" href="#{e(anchor)}" aria-label="Permalink">#</a>'
        return f"{opening or ''}<{tag}{attrs or ''}>{inner} {mark}</{tag}>"

    return _HEADING.sub(link, html)


def page(title: str, body: list[str], toc: str = "") -> str:
    """A complete HTML document around ``body``, with a sidebar table of contents."""
    main = permalinks("\n".join(body))
    side = f'<nav class="toc" aria-label="Contents">{toc}</nav>\n' if toc else ""
    return (
        '<!DOCTYPE html>\n<html lang="en" xmlns="http://www.w3.org/1999/xhtml">\n<head>'
        '<meta charset="utf-8"/>'
        '<meta name="viewport" content="width=device-width, initial-scale=1"/>'
        f"<title>{e(title)}</title><style>{CSS}</style></head>\n"
        f'<body class="{"with-toc" if toc else "plain"}">\n{side}<main>\n'
        + main
        + "\n</main>\n</body>\n</html>\n"
    )


def _toc(book: Book) -> str:
    sections = list(dict.fromkeys(ex.case.section for ex in book.examples))
    rules = "".join(
        f'<li><a href="#{e(rule_anchor(r.id))}">{e(rule_title(r.id))}</a></li>' for r in book.rules
    )
    examples = "".join(f'<li><a href="#section-{e(s)}">{e(s)}</a></li>' for s in sections)
    items = [
        '<li><a href="#learn-to-play">Learn to play</a></li>',
        '<li><a href="#how-to-play">How to play</a></li>',
        '<li><a href="#parameters">Parameters</a></li>',
        f'<li><a href="#rules">Rules ({len(book.rules)})</a><ol>{rules}</ol></li>',
        *(['<li><a href="#settlement">Settlement</a></li>'] if book.settlement else []),
        f'<li><a href="#examples">Documented examples ({len(book.examples)})</a>'
        f"<ol>{examples}</ol></li>",
        *(['<li><a href="#tally">The optional paper tally</a></li>'] if book.has_tally else []),
        f'<li><a href="#interpretations">Interpretations ({len(book.interpretations)})</a></li>',
        '<li><a href="#coverage">Coverage: rule → cases</a></li>',
    ]
    return (
        f'<p><a href="index.html">All games</a> · {API_LINK}</p>'
        f'<p class="toc-title">{e(book.title)}</p><ol>{"".join(items)}</ol>'
    )


def _source_title(source: dict[str, object]) -> str:
    """The source's title, its name in the source's own language (the part before " (",
    when it is not ASCII) marked with that language, so it is shaped and checked as such."""
    title = str(source.get("title", ""))
    name, sep, rest = title.partition(" (")
    lang = str(source.get("language", ""))
    if not sep or not lang or name.isascii():
        return e(title)
    return f'<span lang="{e(lang)}">{e(name)}</span>{e(sep + rest)}'


def book_html(book: Book) -> str:
    """The rule book of one game as one HTML page."""
    source = book.source
    body = [
        f"<h1>{e(book.title)}</h1>",
        f'<p class="meta">The illustrated rule book of <code>{e(book.game)}</code>, built from '
        "the suite's <code>spec/</code>, <code>fixtures/</code> and <code>features/</code>. "
        f"Source: <cite>{e(book.ruleset.source)}</cite> — {_source_title(source)}.</p>",
        f'<details class="toc-phone"><summary>Contents</summary>{_toc(book)}</details>',
        *_learn(book),
        *_how_to_play(book),
        *_parameters(book),
        *_rules(book),
        *_settlement(book),
        *_examples(book),
        *_tally(book),
        *_interpretations(book),
        *_coverage(book),
    ]
    return page(f"{book.title} — rule book", body, _toc(book))


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
    links = "".join(
        f'<th><a href="{e(b.game)}.html">{e(b.title)}</a>'
        f' <small>(<a href="{e(b.game)}.md">Markdown</a>)</small></th>'
        for b in books
    )
    body_rows = "".join(
        f"<tr><th>{e(what)}</th>{''.join(f'<td>{e(v)}</td>' for v in values)}</tr>"
        for what, values in rows
    )
    body = [
        "<h1>The Fives family: illustrated rule books</h1>",
        "<p>One book per game, generated from the conformance suite: how to play, every "
        "rule with its source, every documented example drawn, the interpretations and the "
        "coverage. The three games side by side:</p>",
        f'<table class="compare"><thead><tr><th></th>{links}</tr></thead>'
        f"<tbody>{body_rows}</tbody></table>",
        f"<p>{API_LINK}: the Python API of the reference engine and the tools, generated "
        "from their docstrings.</p>",
    ]
    return page("The Fives family — rule books", body)
