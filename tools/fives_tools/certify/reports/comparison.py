"""Several implementations in one report: per game and level, a table of rules by
implementation, each cell the certificate's own verdict for that rule and level
(:func:`fives_tools.certify.reports.console.table`), linked to the rule in the rule book and to the
failure's details below.

Nothing is decided here: the cells, the failures and the verdicts are those each
implementation's certificate shows (:mod:`.console`, :mod:`.verdict`); this module only
lays them side by side. The HTML page is :mod:`.html`.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from fives_engine import find_game, game_names
from fives_tools import __version__, files
from fives_tools.certify import places as forms
from fives_tools.certify.adapters import protocol
from fives_tools.certify.cases import levels
from fives_tools.certify.findings.status import ERROR, FAIL
from fives_tools.certify.judge.causes import run_blamed
from fives_tools.certify.judge.verdict import CERTIFIED, PARTIAL, decide
from fives_tools.certify.reports import formats, fuzzed, own_games
from fives_tools.certify.reports.console import (
    AFFECTED,
    all_cause_texts,
    counts_text,
    describe_failure,
    table,
    verdict,
)
from fives_tools.certify.reports.readings import HEADING as READINGS_HEADING
from fives_tools.certify.reports.readings import reading_lines
from fives_tools.certify.reports.refusals import refusal_line
from fives_tools.certify.reports.templating import render
from fives_tools.certify.runner import Result, Run
from fives_tools.partial import Interruption
from fives_tools.rule_links import BOOK, rule_link
from fives_tools.text import clean


@dataclass(frozen=True)
class Entry:
    """One implementation of the comparison: the name it is shown under, its run, and the
    ``fives certify`` command that certifies it alone (each failure's re-run line)."""

    label: str
    run: Run
    rerun: str


@dataclass(frozen=True)
class Cell:
    """One rule at one level for one implementation: the certificate's word and, for a
    failure, the case whose details it links to."""

    word: str
    failure: Result | None = None


def slug(text: str) -> str:
    """An HTML id made of ``text``: letters, digits, dots, dashes."""
    return re.sub(r"[^A-Za-z0-9.-]+", "-", text).strip("-").lower()


def label_slug(label: str) -> str:
    """An implementation's name as part of an HTML id, one id per name: a name the slug
    changes (``Node`` and ``node!`` both slug to ``node``) gets a digest of itself too."""
    plain = slug(label)
    if plain == label:
        return plain
    return f"{plain}-{hashlib.sha256(label.encode('utf-8', 'backslashreplace')).hexdigest()[:8]}"


def failure_anchor(label: str, result: Result) -> str:
    return f"failure-{label_slug(label)}-{slug(result.case.id)}"


def bad_results(run: Run) -> list[Result]:
    return [r for r in run.results if r.status in (FAIL, ERROR)]


def _failure_of(
    run: Run, blamed: dict[str, str], game: str, rule_id: str, level: str, word: str
) -> Result | None:
    """The first failing case the cell's word stands for: one that blames the rule
    (:func:`.causes.blamed_rules`) for FAIL and ERROR, one that involves the rule and
    blames another for ``affected``."""
    for result in bad_results(run):
        case = result.case
        blames = blamed.get(case.id) == rule_id
        if case.game != game or case.capability != level:
            continue
        if rule_id not in case.rules and not blames:
            continue
        if (word == AFFECTED) != blames:
            return result
    return None


def causes_of(entry: Entry) -> list[str]:
    """An implementation's likely causes, as its certificate opens with them: its cases'
    and its own games'."""
    return all_cause_texts(entry.run)


def cells(entries: Sequence[Entry]) -> dict[str, dict[str, dict[str, list[Cell]]]]:
    """game -> level -> rule -> one cell per entry, for every rule some case of that game
    and level checks, in the rule book's order."""
    grids = [table(entry.run) for entry in entries]
    blamed = [run_blamed(entry.run) for entry in entries]
    present = {r.case.game for e in entries for r in e.run.results}
    out: dict[str, dict[str, dict[str, list[Cell]]]] = {}
    for game in [g for g in game_names() if g in present]:
        for level in levels.LEVELS:
            rows: dict[str, list[Cell]] = {}
            for rule_id in find_game(game).rules:
                found = [grid[game].get(rule_id, {}).get(level) for grid in grids]
                if not any(found):
                    continue
                row = []
                for entry, blames, cell in zip(entries, blamed, found, strict=True):
                    word = verdict(cell)
                    bad = word in ("FAIL", "ERROR", AFFECTED)
                    failure = (
                        _failure_of(entry.run, blames, game, rule_id, level, word) if bad else None
                    )
                    row.append(Cell(word, failure))
                rows[rule_id] = row
            if rows:
                out.setdefault(game, {})[level] = rows
        games_rows = {
            rule_id: [Cell(own_games.column(e.run, game, rule_id) or "-", None) for e in entries]
            for rule_id in find_game(game).rules
            if any(own_games.shows(e.run, game, rule_id) for e in entries)
        }
        if games_rows:  # the own games: one more column, as the certificate has
            out.setdefault(game, {})[own_games.COLUMN] = games_rows
    return out


def versions_text() -> str:
    return (
        f"suite {protocol.suite_version()}, protocol {protocol.protocol_version()},"
        f" runner {__version__}"
    )


def to_json(
    entries: Sequence[Entry], command: str, interruption: Interruption | None = None
) -> str:
    """Every implementation's own JSON report (``spec/schemas/report.schema.json``, as
    ``fives certify --json`` writes it) under the name it is shown by; a comparison a
    signal stopped says so, and how many implementations it had run whole."""
    payload: dict[str, Any] = {
        "command": command,
        "implementations": [
            {"name": entry.label, "report": formats.to_json(entry.run, entry.rerun)}
            for entry in entries
        ],
    }
    if interruption is not None:
        payload["interrupted"] = interruption.to_json()
    return files.json_text(payload)


def places_note(run: Run) -> str:
    """What a comparison says of an implementation that answers in the pips form."""
    if run.adapter.places == forms.CANONICAL:
        return ""
    form = "the pips form" if run.adapter.places == forms.PIPS else "the pips form, ends only"
    return f"; places in {form}, {len(run.undecided)} cases not decidable in it"


def started(entries: Sequence[Entry]) -> str:
    """When the first run started; empty when the reports leave the date out."""
    timed = [entry.run.started for entry in entries if entry.run.timestamps]
    return min(timed, default="")


def entry_context(entry: Entry) -> dict[str, Any]:
    """What the reports say of one implementation: its facts, verdict, likely causes,
    coverage and failures (their anchors and texts)."""
    info, found = entry.run.adapter, decide(entry.run)
    return {
        "label": entry.label,
        "slug": label_slug(entry.label),
        "name": info.name,
        "language": info.language,
        "version": info.version,
        "levels": info.levels,
        "places": places_note(entry.run),
        "declared": (
            f"{', '.join(info.games) or 'none'}; {', '.join(map(str, info.players))} players;"
            f" {', '.join(info.levels) or 'none'}" + places_note(entry.run)
        ),
        "counts": counts_text(entry.run),
        "refusals": refusal_line(entry.run.results),
        "verdict": found.text,
        "verdict_class": {CERTIFIED: "certified", PARTIAL: "partial"}.get(
            found.kind, "not-certified"
        ),
        "causes": causes_of(entry),
        "coverage": found.coverage,
        "readings": reading_lines(entry.run.declared),
        "own_games": own_games.block_lines(entry.run),
        "fuzz": fuzzed.block_lines(entry.run),
        "page": None,  # on a conformance site, its certificate's page
        "badges": [],  # on a conformance site, its badges: {"game", "href"} each
        "failures": [
            {
                "anchor": failure_anchor(entry.label, result),
                "text": describe_failure(result, entry.rerun),
            }
            for result in bad_results(entry.run)
        ],
    }


def cell_context(entry: Entry, cell: Cell, rule_href: str | None) -> dict[str, str | None]:
    """A cell as the templates show it: its word, its CSS class, its failure's anchor (or
    None) and where it links: a failure to its details on the page, any other word to the
    rule's entry in its book."""
    anchor = failure_anchor(entry.label, cell.failure) if cell.failure else None
    return {
        "word": cell.word,
        "css": {"-": "none", AFFECTED: "affected"}.get(cell.word, cell.word),
        "anchor": anchor,
        "href": f"#{anchor}" if anchor else rule_href,
    }


def level_tables(entries: Sequence[Entry], book: str | None) -> list[dict[str, Any]]:
    """Per game and level, each rule's cells, one per implementation (both formats)."""
    return [
        {
            "id": game,
            "title": find_game(game).title,
            "levels": [
                {
                    "id": level,
                    "about": levels.LEVELS.get(level, own_games.ABOUT),
                    "rules": [
                        {
                            "id": rule_id,
                            "href": rule_link(book, game, rule_id),
                            "cells": [
                                cell_context(entry, cell, rule_link(book, game, rule_id))
                                for entry, cell in zip(entries, row, strict=True)
                            ],
                        }
                        for rule_id, row in rows.items()
                    ],
                }
                for level, rows in by_level.items()
            ],
        }
        for game, by_level in cells(entries).items()
    ]


def comparison_context(
    entries: Sequence[Entry], command: str, book: str | None, described: list[dict[str, Any]]
) -> dict[str, Any]:
    """What both formats of the comparison show; ``described`` is each entry's
    :func:`entry_context` (or more)."""
    return {
        "entries": described,
        "command": command,
        "versions": versions_text(),
        "date": started(entries),
        "games": level_tables(entries, book),
        "linked": book is not None,
        "failing": [entry for entry in described if entry["failures"]],
        "own_games": [entry for entry in described if len(entry["own_games"]) > 1],
        "readings_heading": READINGS_HEADING,
    }


def to_markdown(entries: Sequence[Entry], command: str, book: str | None = BOOK) -> str:
    """The comparison as Markdown (``templates/comparison.md.jinja2``): what ran, each
    implementation's verdict, the tables per game and level, then every failure's details
    under its own anchor."""
    described = [entry_context(entry) for entry in entries]
    text = render("comparison.md.jinja2", **comparison_context(entries, command, book, described))
    return clean(text.rstrip("\n") + "\n", lines=True)
