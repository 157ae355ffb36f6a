"""A rule book as Markdown, with its pictures as separate SVG files.

The same content as the HTML page. Text from the spec and the fixtures is escaped so a
Markdown renderer shows it literally (HTML special characters as entities, Markdown
punctuation with a backslash).
"""

from __future__ import annotations

import re
from html import escape
from typing import Any

from fives_tools.book.groups import Group, citations
from fives_tools.book.howto import how_to_play
from fives_tools.book.html import comparison, rerun
from fives_tools.book.inline import first_pictured
from fives_tools.book.model import EXAMPLES_NOTE, SETTLEMENT_NOTE, Book, Example
from fives_tools.book.names import interpretation_anchor, rule_anchor
from fives_tools.book.parts import Cell, Facts, Figure, Para, Part, Picture, Table, Term
from fives_tools.book.titles import rule_title
from fives_tools.book.words import parameter_words

_MD_SPECIAL = re.compile(r"([\\`*_\[\]|#])")


def md(text: object) -> str:
    """Plain text, escaped for Markdown (and for the HTML a Markdown renderer may emit)."""
    return _MD_SPECIAL.sub(r"\\\1", escape(" ".join(str(text).split()), quote=False))


def code(text: object) -> str:
    return "`" + str(text).replace("`", "'") + "`"


def _codes(items: list[str] | tuple[str, ...], sep: str = " ") -> str:
    return sep.join(code(i) for i in items) or "(none)"


def _rule_links(rule_ids: tuple[str, ...] | list[str]) -> str:
    return ", ".join(f"[{code(r)}](#{rule_anchor(r)})" for r in rule_ids)


def _quote(quote: str, english: str) -> list[str]:
    """The quotation as the source has it, then its English rendering marked as such."""
    return [
        "",
        f"> {md(quote)}",
        *([">", f"> *English translation:* {md(english)}"] if english else []),
    ]


def _citations(sources: list[dict[str, Any]], book: Book) -> list[str]:
    """Each quotation once, after every source that has it."""
    out = []
    for cited, quote, _ in citations(sources):
        heads = (f"*{md(f)}* § {md(h)}" + (f" — diagram {md(d)}" if d else "") for f, h, d in cited)
        out += ["", "; ".join(heads), *(_quote(quote, book.english(quote)) if quote else [])]
    return out


def _for_implementers(lines: list[str]) -> list[str]:
    """Rule and case IDs, levels and requirement words, folded away from a reader."""
    return ["<details><summary>For implementers</summary>", "", *lines, "", "</details>"]


def _anchor(name: str) -> str:
    return f'<a id="{escape(name, quote=True)}"></a>'


def _rules(book: Book, images: dict[str, str], image_dir: str) -> list[str]:
    out = ["", "## Rules"]
    anchors = {ex.id: ex.anchor for ex in book.examples}
    by_id = {ex.id: ex for ex in book.examples}
    cases = {rule_id: ids for rule_id, ids, _ in book.coverage_rows()}
    for rule in book.rules:
        refs = book.coverage.get(rule.id, [])
        n_cases = sum(1 for r in refs if not r.startswith("scenario"))
        title = f"{_anchor(rule_anchor(rule.id))}{md(rule_title(rule.id))}"
        out += ["", f"### {title}", "", md(rule.statement)]
        if rule.cite.quote:
            out += _quote(rule.cite.quote, book.english(rule.cite.quote))
        if rule.note:
            out += ["", f"*Note:* {md(rule.note)}"]
            for cite in rule.note_cites:
                out += ["", f"*{md(cite.file)}* § {md(cite.heading)}"]
                out += _quote(cite.quote, book.english(cite.quote))
        meta = [f"Rule {code(rule.id)} · source: *{md(rule.cite.file)}* § {md(rule.cite.heading)}"]
        if rule.interpretation:
            anchor = interpretation_anchor(rule.interpretation)
            meta += ["", f"Reading: [{code(rule.interpretation)}](#{anchor})"]
        own = [by_id[c] for c in cases.get(rule.id, []) if c in anchors]
        own.sort(key=lambda ex: (ex.case.primary != rule.id, book.number(ex)))
        shown = first_pictured(own, None)  # drawn as the HTML book draws it, files shared
        if shown is not None:
            drawn = shown.example
            for part in shown.parts:
                out += part_md(part, images, image_dir)
            about = f" — {md(shown.caption)}" if shown.caption else ""
            out += [
                "",
                f"[Example {book.number(drawn)}](#{drawn.anchor}): {md(drawn.case.title)}{about}",
                "",
                f"Re-run it against your adapter: {code(rerun(drawn))}",
            ]
        others = [ex for ex in own if shown is None or ex is not shown.example]
        links = ", ".join(f"[Example {book.number(ex)}](#{ex.anchor})" for ex in others)
        more = "More examples" if shown is not None else "Examples"
        out += ["", f"{more}: {links}."] if links else []
        out += [] if own else ["", "Examples: none yet."]
        meta += ["", f"{len(own)} examples; {len(refs) - n_cases} scenarios."]
        out += _for_implementers(meta)
    return out


def cell_md(cell: Cell, images: dict[str, str], image_dir: str, in_table: bool = False) -> str:
    """A cell as Markdown; its pictures are added to ``images``. In a table, ``|`` inside
    code is escaped as GitHub's tables require."""
    out = []
    for item in cell:
        if isinstance(item, Picture):
            path = f"{image_dir}/{item.name}.svg"
            images[path] = item.svg
            out.append(f"![{md(item.alt)}]({path})")
            continue
        if item.code:
            shown = code(item.text)
            shown = shown.replace("|", "\\|") if in_table else shown
        else:  # md() folds whitespace: keep a separator's spaces around it
            lead = " " if item.text[:1].isspace() else ""
            trail = " " if item.text[-1:].isspace() else ""
            shown = f"{lead}{md(item.text)}{trail}" if item.text.strip() else item.text
        out.append(f"[{shown}](#{item.link})" if item.link else shown)
    return "".join(out)


def part_md(part: Part, images: dict[str, str], image_dir: str) -> list[str]:
    """A table, a list of facts, a drawing or a worked note as Markdown."""
    if isinstance(part, Table):
        out = ["", f"**{md(part.title)}**", ""]
        out.append("| " + " | ".join(md(h) for h in part.head) + " |")
        out.append("|" + "---|" * len(part.head))
        ids = part.row_ids or ("",) * len(part.rows)
        for row, row_id in zip(part.rows, ids, strict=True):
            cells = [cell_md(c, images, image_dir, True) for c in row]
            cells[0] = (_anchor(row_id) if row_id else "") + cells[0]
            out.append("| " + " | ".join(cells) + " |")
        return out
    if isinstance(part, Facts):
        out = ["", f"**{md(part.title)}**", ""]
        return out + [f"- {md(term)}: {cell_md(c, images, image_dir)}" for term, c in part.items]
    if isinstance(part, Figure):
        path = f"{image_dir}/{part.name}.svg"
        images[path] = part.svg
        return ["", f"![{md(part.caption)}]({path})", "", f"*{md(part.caption)}*"]
    if isinstance(part, Para):
        return (["", f"### {md(part.title)}"] if part.title else []) + ["", md(part.text)]
    if isinstance(part, Term):
        out = [
            "",
            f"{_anchor(part.name)}**{md(part.term)}** ({md(part.native)}): {md(part.meaning)}",
        ]
        if part.svg:
            path = f"{image_dir}/{part.name}.svg"
            images[path] = part.svg
            out += ["", f"![{md(part.term)}]({path})"]
        return out
    longest = max((len(run) for run in re.findall(r"`+", "\n".join(part.lines))), default=0)
    fence = "`" * max(3, longest + 1)  # a fence no line of the note can close
    return ["", f"**{md(part.title)}**", "", f"{fence}text", *part.lines, fence]


def _layout_facts(ex: Example, image: str | None) -> list[str]:
    """A layout example: its drawing, plays, attach points, scoring ends and score."""
    case = ex.case
    out = []
    if image is not None:
        out += ["", f"![{md(ex.caption)}]({image})", "", f"**{md(ex.caption)}**"]
    plays = case.request.get("plays")
    if plays is not None:
        out += ["", f"- Plays: {_codes(plays)}"]
    if ex.svg is not None:
        out.append(f"- Attach points: {_codes(ex.attach_points, '; ')}")
        out.append(f"- Scoring ends: {_codes(ex.scoring_ends, '; ')}")
        out.append(f"- Play score: {md(ex.caption)}")
    if "reject" in case.request:
        rule = str(ex.expect.get("error", {}).get("rule", ""))
        broken = f"[{md(rule_title(rule))}](#{rule_anchor(rule)})"
        out.append(f"- Rejected play: {code(case.request['reject'])}, breaking {broken}")
    if "hand" in case.request:
        out.append(f"- Hand: {_codes(case.request['hand'])}")
        out.append(f"- Legal plays: {_codes(ex.expect.get('legal_plays', []))}")
    return out


def _example(
    ex: Example, image: str | None, images: dict[str, str], image_dir: str, book: Book
) -> list[str]:
    case = ex.case
    out = [
        "",
        f"**Example {book.number(ex)}**",
        "",
        f"#### {_anchor(ex.anchor)}{md(case.title)}",
        "",
    ]
    meta = f"{code(ex.id)} · level **{md(case.level)}**"
    if case.interpretation:
        meta += (
            f" · reading [{code(case.interpretation)}]"
            f"(#{interpretation_anchor(case.interpretation)})"
        )
    if ex.capabilities:
        meta += f" · checked at levels {md(', '.join(ex.capabilities))}"
    command = code(rerun(ex))
    rules = f"Rules: {_rule_links(case.rules)}"
    out += _for_implementers([meta, "", rules, "", f"Re-run it against your adapter: {command}"])
    for part in ex.parts:
        out += part_md(part, images, image_dir)
    if not ex.parts:
        out += _layout_facts(ex, image)
    return out + _citations(list(case.sources), book)


def _group(group: Group, images: dict[str, str], image_dir: str, book: Book) -> list[str]:
    out = ["", f"#### {_anchor(group.anchor)}{md(group.title)}", ""]
    out += _for_implementers([f"Rules: {_rule_links(group.rules)}"])
    for part in group.parts:
        out += part_md(part, images, image_dir)
    return out + _citations(group.sources, book)


def book_markdown(book: Book, image_dir: str) -> tuple[str, dict[str, str]]:
    """The Markdown text of ``book`` and its images (path relative to the .md -> SVG)."""
    images: dict[str, str] = {}
    out = [
        f"# {md(book.title)}",
        "",
        f"The illustrated rule book of {code(book.game)}, built from the suite's `spec/`, "
        f"`fixtures/` and `features/`. Source: *{md(book.ruleset.source)}* — "
        f"{md(book.source.get('title', ''))}. [All games](index.md)",
        "",
        *(["## Learn to play"] if book.learn else []),
        *[line for part in book.learn for line in part_md(part, images, image_dir)],
        "",
        "## How to play",
        *[line for part in how_to_play(book) for line in part_md(part, images, image_dir)],
        "",
        "## Parameters",
        "",
        "| | |",
        "|---|---|",
    ]
    out += [f"| {md(what)} | {md(words)} |" for what, words in parameter_words(book.ruleset)]
    out += _rules(book, images, image_dir)
    if book.settlement:
        out += ["", "## Settlement", "", md(SETTLEMENT_NOTE)]
        for part in book.settlement:
            out += part_md(part, images, image_dir)
    out += [
        "",
        "## Documented examples",
        "",
        md(EXAMPLES_NOTE),
    ]
    section = None
    for entry in book.entries:
        first = entry.members[0] if isinstance(entry, Group) else entry
        if first.case.section != section:
            section = first.case.section
            out += ["", f"### Section {code(section)}: {md(book.sections.get(section, ''))}"]
        if isinstance(entry, Group):
            out += _group(entry, images, image_dir, book)
            continue
        ex = entry
        image = None
        if ex.svg is not None:
            image = f"{image_dir}/{ex.anchor}.svg"
            images[image] = ex.svg
        out += _example(ex, image, images, image_dir, book)
    if book.has_tally:
        out += ["", "## The optional paper tally", "", md(book.tally_note)]
        for tally in book.tallies:
            image = f"{image_dir}/tally-{tally.raw}.svg"
            images[image] = tally.svg
            label = f"{tally.raw} raw = {tally.display} display"
            out += ["", f"![{label}]({image}) {label} ({md(tally.about)})"]
    out += ["", "## Interpretations register"]
    for item in book.interpretations:
        out += ["", f"### {_anchor(interpretation_anchor(item['id']))}{code(item['id'])}", ""]
        out += [f"- Question: {md(item.get('question', ''))}"]
        out += [f"- Reading: {md(item.get('reading', ''))}"]
        out += [f"- Why: {md(item.get('why', ''))}"]
        out += _citations(item.get("sources", []), book)
    out += ["", "## Coverage: rule → cases", "", "| rule | cases | scenarios |", "|---|---|---|"]
    anchors = {ex.id: ex.anchor for ex in book.examples}
    for rule_id, cases, scenarios in book.coverage_rows():
        links = ", ".join(
            f"[{md(c.split('/', 1)[-1])}](#{anchors[c]})" if c in anchors else md(c) for c in cases
        )
        listed = links or "**not exercised**"
        places = md(", ".join(scenarios))
        out.append(f"| [{code(rule_id)}](#{rule_anchor(rule_id)}) | {listed} | {places} |")
    return "\n".join(out) + "\n", images


def index_markdown(books: list[Book]) -> str:
    head, rows = comparison(books)
    links = [f"[{md(b.title)}]({b.game}.md) ([HTML]({b.game}.html))" for b in books]
    lines = ["# The Fives family: illustrated rule books", "", "The three games side by side:"]
    lines += ["", "| | " + " | ".join(links) + " |", "|---" * len(head) + "|"]
    lines += [
        f"| {md(what)} | " + " | ".join(md(v) for v in values) + " |" for what, values in rows
    ]
    lines += [
        "",
        "[API reference](api/index.html): the Python API of the reference engine and"
        " the tools, generated from their docstrings.",
    ]
    return "\n".join(lines) + "\n"
