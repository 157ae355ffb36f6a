"""The certificate and the comparison as self-contained HTML pages.

The comparison page shows what :mod:`fives_tools.certify.reports.comparison` lays out (per game and
level, rules by implementation); a single certificate is the comparison of one
implementation, headed by its own certificate's facts. Every cell links to the rule in its
rule book and, for a failure, to the failure's details further down the page; a cell's
colour is its word. Nothing is decided here: the words and verdicts are the certificate's.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from fives_engine import find_game
from fives_tools.certify import places as forms
from fives_tools.certify.cases import levels
from fives_tools.certify.reports import drawn
from fives_tools.certify.reports.causes import blamed_rules
from fives_tools.certify.reports.comparison import (
    Cell,
    Entry,
    bad_results,
    causes_of,
    cells,
    failure_anchor,
    label_slug,
    places_note,
    started,
    versions_text,
)
from fives_tools.certify.reports.console import (
    AFFECTED,
    counts_text,
    declared_levels,
    describe_failure,
    games_of,
    status_line,
    undecided_lines,
)
from fives_tools.certify.reports.readings import HEADING as READINGS_HEADING
from fives_tools.certify.reports.readings import reading_lines
from fives_tools.certify.reports.refusals import refusal_line
from fives_tools.certify.reports.verdict import CERTIFIED, PARTIAL, decide
from fives_tools.rule_links import BOOK, rule_link
from fives_tools.text import clean

CSS = """
body { font-family: Helvetica, Arial, sans-serif; color: #222; max-width: 80rem;
  margin: 0 auto; padding: 1rem 1.5rem 4rem; line-height: 1.4; }
h2 { border-bottom: 2px solid #e08a1e; padding-bottom: 0.2rem; margin-top: 2.2rem; }
table { border-collapse: collapse; margin: 0.5rem 0; display: block; max-width: 100%;
  overflow-x: auto; }
th, td { border: 1px solid #ddd8c8; padding: 0.2rem 0.4rem; text-align: left; }
th { background: #f3f1ea; }
td.cell { text-align: center; min-width: 4rem; }
td code { white-space: nowrap; }
.pass { background: #dff3df; } .FAIL, .ERROR { background: #f7d4d0; font-weight: bold; }
.affected { background: #fbeccc; } td.cell a { color: inherit; text-decoration: none; }
td.cell a[href^="#"] { text-decoration: underline; } .skip { color: #888; } .none { color: #bbb; }
.certified { color: #17692a; } .partial { color: #8a6200; } .not-certified { color: #a8231a; }
pre { background: #f7f6f1; border: 1px solid #ddd8c8; padding: 0.6rem; overflow-x: auto;
  white-space: pre-wrap; }
nav ul.contents { padding-left: 1.2rem; }
code { background: #f3f1ea; padding: 0 0.2rem; border-radius: 3px; }
"""

LEGEND = (
    "A cell is the certificate's verdict of the rule at that level: <b>pass</b>;"
    " <b>FAIL</b> or <b>ERROR</b>, a failing case blames the rule (of the rules its differing"
    " fields implicate, the likeliest cause); <b>affected</b>, a failing case involves the"
    " rule and blames another; <b>skip</b>, the implementation does"
    " not declare the game, level or player count; <b>-</b>, no case of its run checks the"
    " rule there. A rule and its cells link to its entry in the rule book, a failure to its"
    " details below."
)


def e(text: str) -> str:
    """Text made safe to show (:func:`clean`) and escaped for HTML."""
    return escape(clean(text))


def _verdict_class(entry: Entry) -> str:
    kind = decide(entry.run).kind
    return {CERTIFIED: "certified", PARTIAL: "partial"}.get(kind, "not-certified")


def _cell(entry: Entry, cell: Cell, rule_href: str) -> str:
    """A failure links to its details on the page, any other word to the rule's entry."""
    css = {"-": "none", AFFECTED: "affected"}.get(cell.word, cell.word)
    if cell.failure is not None:
        href = "#" + failure_anchor(entry.label, cell.failure)
    else:
        href = rule_href
    return f'<td class="cell {e(css)}"><a href="{e(href)}">{e(cell.word)}</a></td>'


def _refusals(entry: Entry) -> str:
    line = refusal_line(entry.run.results)
    return f"<br><small>{e(line)}</small>" if line else ""


def _summary(entries: Sequence[Entry]) -> list[str]:
    out = [
        "<table><tr><th>implementation</th><th>version</th><th>declared games, players"
        " and levels</th><th>cases</th><th>verdict</th></tr>"
    ]
    for entry in entries:
        info = entry.run.adapter
        declared = (
            f"{', '.join(info.games) or 'none'}; {', '.join(map(str, info.players))} players;"
            f" {', '.join(info.levels) or 'none'}" + places_note(entry.run)
        )
        out.append(
            f"<tr><td><b>{e(entry.label)}</b> ({e(info.name)})</td>"
            f"<td>{e(info.language)} {e(info.version)}</td><td>{e(declared)}</td>"
            f"<td>{e(counts_text(entry.run))}{_refusals(entry)}</td>"
            f'<td class="{_verdict_class(entry)}"><b>{e(decide(entry.run).text)}</b></td></tr>'
        )
    out.append("</table>")
    return out


def _coverage(entries: Sequence[Entry]) -> list[str]:
    """What each certificate covers, game by game (:mod:`.covers`), named by its entry
    when there are several."""
    out = []
    for entry in entries:
        covered = decide(entry.run).coverage
        label = f"<b>{e(entry.label)}</b>: " if len(entries) > 1 else ""
        items = "".join(f"<li>{e(line)}</li>" for line in covered.lines())
        out.append(f'<p class="coverage">{label}{e(covered.heading)}:</p><ul>{items}</ul>')
    return out


def _tables(entries: Sequence[Entry], book: str) -> list[str]:
    out = []
    for game, by_level in cells(entries).items():
        out.append(f'<h2 id="{e(game)}">{e(find_game(game).title)} (<code>{e(game)}</code>)</h2>')
        for level, rows in by_level.items():
            out.append(f'<h3 id="{e(game)}-{e(level)}">{e(level)}: {e(levels.LEVELS[level])}</h3>')
            head = "".join(f"<th>{e(entry.label)}</th>" for entry in entries)
            out.append(f"<table><tr><th>rule</th>{head}</tr>")
            for rule_id, row in rows.items():
                href = e(rule_link(book, game, rule_id))
                link = f'<a href="{href}"><code>{e(rule_id)}</code></a>'
                tds = "".join(
                    _cell(entry, c, rule_link(book, game, rule_id))
                    for entry, c in zip(entries, row, strict=True)
                )
                out.append(f"<tr><td>{link}</td>{tds}</tr>")
            out.append("</table>")
    return out


def _grid(entry: Entry, book: str) -> list[str]:
    """One implementation's tables as its certificate lays them out: per game, rules by
    levels (the same cells as a comparison of it alone)."""
    out = []
    grid, cols = cells([entry]), declared_levels(entry.run)
    for game in games_of(entry.run):  # the undeclared are a line of the coverage
        by_level, ruleset = grid.get(game, {}), find_game(game)
        results = [r for r in entry.run.declared if r.case.game == game]
        out.append(f'<h2 id="{e(game)}">{e(ruleset.title)} (<code>{e(game)}</code>)</h2>')
        out.append(f"<p>{e(status_line(results))}</p>")
        head = "".join(f"<th>{e(level)}</th>" for level in cols)
        out.append(f"<table><tr><th>rule</th>{head}</tr>")
        for rule_id in ruleset.rules:
            row = [by_level.get(level, {}).get(rule_id) for level in cols]
            if not any(row):
                continue
            href = e(rule_link(book, game, rule_id))
            tds = "".join(
                _cell(entry, found[0], rule_link(book, game, rule_id))
                if found
                else '<td class="cell none">-</td>'
                for found in row
            )
            out.append(f'<tr><td><a href="{href}"><code>{e(rule_id)}</code></a></td>{tds}</tr>')
        out.append("</table>")
    return out


def _causes(entries: Sequence[Entry]) -> list[str]:
    """Each implementation's likely causes, first on the page: they say what to fix."""
    out = []
    for entry in entries:
        causes = causes_of(entry)
        if causes:
            head = "Likely causes" + (f": {entry.label}" if len(entries) > 1 else "")
            items = "".join(f"<li>{e(text)}</li>" for text in causes)
            out += [
                f'<h2 id="causes-{e(label_slug(entry.label))}">{e(head)}</h2>',
                f"<ol>{items}</ol>",
            ]
    return out


def _contents(entries: Sequence[Entry]) -> list[str]:
    """Links to each game's tables by level, and to the failures: the page is long."""
    items = []
    for game, by_level in cells(entries).items():
        links = " · ".join(f'<a href="#{e(game)}-{e(level)}">{e(level)}</a>' for level in by_level)
        items.append(f'<li><a href="#{e(game)}">{e(find_game(game).title)}</a>: {links}</li>')
    if any(bad_results(entry.run) for entry in entries):
        items.append('<li><a href="#failures">Failures</a></li>')
    return ['<nav><ul class="contents">', *items, "</ul></nav>"]


def _failures(entries: Sequence[Entry], pictured: bool = False) -> list[str]:
    """Every failure's text; ``pictured`` (a certificate's) also draws each: the table, the
    expected answer beside the implementation's and the blamed rule's quote (:mod:`.drawn`)."""
    failing = [entry for entry in entries if bad_results(entry.run)]
    out = ['<h2 id="failures">Failures</h2>'] if failing else []
    for entry in failing:
        out.append(f"<h3>{e(entry.label)}</h3>")
        blamed = blamed_rules(entry.run.results) if pictured else {}
        for result in bad_results(entry.run):
            anchor = failure_anchor(entry.label, result)
            text = e_lines(describe_failure(result, entry.rerun))
            if not pictured:
                out.append(f'<pre id="{e(anchor)}">{text}</pre>')
                continue
            case = result.case
            out += [
                f'<section class="failure" id="{e(anchor)}">',
                f"<h4>{e(result.status.upper())} <code>{e(case.id)}</code>: {e(case.title)}</h4>",
                drawn.picture(result, anchor),
                drawn.answers(result),
                drawn.quote(result, blamed.get(result.case.id, "")),
                f"<pre>{text}</pre>",
                "</section>",
            ]
    return out


def e_lines(text: str) -> str:
    """Several lines made safe to show and escaped for HTML, the line breaks kept."""
    return escape(clean(text, lines=True))


def _page(title: str, body: list[str]) -> str:
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{e(title)}</title>\n<style>{CSS}{drawn.CSS}</style>\n</head>\n<body>\n<main>\n"
        + "\n".join(body)
        + "\n</main>\n</body>\n</html>\n"
    )


def comparison_html(entries: Sequence[Entry], command: str, book: str = BOOK) -> str:
    title = "Comparison: " + ", ".join(entry.label for entry in entries)
    body = [
        f"<h1>{e(title)}</h1>",
        f"<p>Command: <code>{e(command)}</code><br>Versions: {e(versions_text())}"
        + (f"<br>Date: {e(started(entries))}" if started(entries) else "")
        + "</p>",
        *_summary(entries),
        *_causes(entries),
        *_coverage(entries),
        f"<p>{LEGEND}</p>",
        *_contents(entries),
        *_tables(entries, book),
        *(line for entry in entries for line in _readings(entry, labelled=True)),
        *_failures(entries),
    ]
    return _page(title, body)


def certificate_html(entry: Entry, book: str = BOOK) -> str:
    """One implementation's certificate: its facts and verdict, then per game its rules by
    level, then its failures."""
    run, found = entry.run, decide(entry.run)
    info = run.adapter
    title = f"Certificate: {info.name}"
    facts = [
        f"command: <code>{e(run.command or 'fives certify')}</code>",
        f"filters: {e(run.filters.options() or 'none')}",
        f"versions: implementation {e(info.version)} (protocol {e(info.protocol)});"
        f" {e(versions_text())}",
        f"places: {e(forms.form_text(info.places))}",
    ]
    if run.timestamps:
        facts.append(f"date: {e(run.started)}; duration {run.seconds:.1f} s")
    if found.left_out:
        facts.append(f"left out by the filters: {e(found.left_out_text())}")
    undecided = [
        f"<h2>Not decidable in the pips form ({len(run.undecided)} cases)</h2><ul>",
        *(f"<li>{e(line)}</li>" for line in undecided_lines(run)),
        "</ul>",
    ]
    body = [
        f"<h1>{e(title)}</h1>",
        f'<p class="{_verdict_class(entry)}"><b>{e(found.text)}</b></p>',
        "<p>" + "<br>".join(facts) + "</p>",
        *_causes([entry]),
        *_coverage([entry]),
        *_summary([entry]),
        f"<p>{LEGEND}</p>",
        *_grid(entry, book),
        *_readings(entry),
        *_failures([entry], pictured=True),
        *(undecided if run.undecided else []),
    ]
    return _page(title, body)


def _readings(entry: Entry, labelled: bool = False) -> list[str]:
    """The other readings the replies showed (:mod:`.readings`), if any; ``labelled`` (a
    comparison's) names the implementation."""
    lines = reading_lines(entry.run.declared)
    if not lines:
        return []
    head = READINGS_HEADING + (f": {entry.label}" if labelled else "")
    items = "".join(f"<li>{e(line)}</li>" for line in lines)
    anchor = "readings" + (f"-{label_slug(entry.label)}" if labelled else "")
    return [f'<h2 id="{e(anchor)}">{e(head)}</h2>', f"<ul>{items}</ul>"]
