"""The certificate and the comparison as self-contained HTML pages.

The pages are the templates ``templates/certificate.html.jinja2`` and
``comparison.html.jinja2``, which escape every value they show (:mod:`.templating`); this
module gathers what they show. The comparison page shows what
:mod:`fives_tools.certify.reports.comparison` lays out (per game and level, rules by
implementation); a single certificate is the comparison of one implementation, headed by
its own certificate's facts. Every cell links to the rule in its rule book and, for a
failure, to the failure's details further down the page; a cell's colour is its word.
Nothing is decided here: the words and verdicts are the certificate's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from markupsafe import Markup

from fives_engine import find_game
from fives_tools.certify import places as forms
from fives_tools.certify.judge.causes import run_blamed
from fives_tools.certify.judge.verdict import decide
from fives_tools.certify.reports import drawn, own_games
from fives_tools.certify.reports.comparison import (
    Entry,
    bad_results,
    cell_context,
    cells,
    comparison_context,
    entry_context,
    failure_anchor,
    versions_text,
)
from fives_tools.certify.reports.console import (
    declared_levels,
    describe_failure,
    games_of,
    status_line,
    undecided_lines,
)
from fives_tools.certify.reports.readings import HEADING as READINGS_HEADING
from fives_tools.certify.reports.templating import render
from fives_tools.certify.runner import Result
from fives_tools.rule_links import BOOK, rule_link

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


def _failure(entry: Entry, result: Result, blamed: str) -> dict[str, Any]:
    """A failure drawn (:mod:`.drawn`): the table, the expected answer beside the
    implementation's and the blamed rule's quote, then its text."""
    anchor = failure_anchor(entry.label, result)
    case = result.case
    return {
        "anchor": anchor,
        "text": describe_failure(result, entry.rerun),
        "status": result.status.upper(),
        "case": case.id,
        "title": case.title,
        "picture": Markup(drawn.picture(result, anchor)),
        "answers": drawn.answers(result),
        "rule": drawn.quote(result, blamed),
    }


def _entry(entry: Entry) -> dict[str, Any]:
    """What the certificate says of its implementation: as the comparison does
    (:func:`.comparison.entry_context`), each failure drawn."""
    blamed = run_blamed(entry.run)
    failures = [
        _failure(entry, result, blamed.get(result.case.id, "")) for result in bad_results(entry.run)
    ]
    return {**entry_context(entry), "failures": failures}


def _page(template: str, title: str, **context: Any) -> str:
    return render(template, title=title, css=Markup(CSS + drawn.CSS), **context)


def comparison_html(
    entries: Sequence[Entry],
    command: str,
    book: str | None = BOOK,
    links: Sequence[dict[str, Any]] = (),
) -> str:
    """The comparison page (``templates/comparison.html.jinja2``); ``links``, one per
    entry on a conformance site, give its certificate's ``page`` and its ``badges``."""
    described = [entry_context(entry) for entry in entries]
    for about, link in zip(described, links, strict=False):
        about.update(link)
    return _page(
        "comparison.html.jinja2",
        "Comparison: " + ", ".join(entry.label for entry in entries),
        **comparison_context(entries, command, book, described),
    )


def _grid(entry: Entry, book: str | None) -> list[dict[str, Any]]:
    """One implementation's tables as its certificate lays them out: per game, rules by
    levels (the same cells as a comparison of it alone)."""
    out = []
    grid, cols = cells([entry]), declared_levels(entry.run)
    if own_games.judged(entry.run) is not None:
        cols = [*cols, own_games.COLUMN]
    for game in games_of(entry.run):  # the undeclared are a line of the coverage
        by_level, ruleset = grid.get(game, {}), find_game(game)
        results = [r for r in entry.run.declared if r.case.game == game]
        rules = []
        for rule_id in ruleset.rules:
            row = [by_level.get(level, {}).get(rule_id) for level in cols]
            if any(row):
                href = rule_link(book, game, rule_id)
                tds = [cell_context(entry, found[0], href) if found else None for found in row]
                rules.append({"id": rule_id, "href": href, "cells": tds})
        out.append(
            {"id": game, "title": ruleset.title, "status": status_line(results), "rules": rules}
        )
    return out


def certificate_html(entry: Entry, book: str | None = BOOK) -> str:
    """One implementation's certificate (``templates/certificate.html.jinja2``): its facts
    and verdict, then per game its rules by level, then its failures."""
    run, found = entry.run, decide(entry.run)
    info = run.adapter
    facts = [
        {"label": "command", "value": run.command or "fives certify", "code": True},
        {"label": "filters", "value": run.filters.options() or "none"},
        {
            "label": "versions",
            "value": f"implementation {info.version} (protocol {info.protocol}); {versions_text()}",
        },
        {"label": "places", "value": forms.form_text(info.places)},
    ]
    if run.timestamps:
        facts.append({"label": "date", "value": f"{run.started}; duration {run.seconds:.1f} s"})
    if found.left_out:
        facts.append({"label": "left out by the filters", "value": found.left_out_text()})
    return _page(
        "certificate.html.jinja2",
        f"Certificate: {info.name}",
        entry=_entry(entry),
        facts=facts,
        games=_grid(entry, book),
        linked=book is not None,
        levels=declared_levels(run) + ([own_games.COLUMN] if own_games.judged(run) else []),
        undecided=undecided_lines(run),
        undecided_cases=len(run.undecided),
        readings_heading=READINGS_HEADING,
    )
