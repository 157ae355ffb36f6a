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

from fives_engine import find_game, game_names
from fives_tools import __version__, files
from fives_tools.certify import places as forms
from fives_tools.certify.adapters import protocol
from fives_tools.certify.cases import levels
from fives_tools.certify.reports import formats
from fives_tools.certify.reports.causes import blamed_rules, cause_texts
from fives_tools.certify.reports.console import (
    AFFECTED,
    counts_text,
    describe_failure,
    table,
    verdict,
)
from fives_tools.certify.reports.readings import HEADING as READINGS_HEADING
from fives_tools.certify.reports.readings import reading_lines
from fives_tools.certify.reports.verdict import decide
from fives_tools.certify.runner import ERROR, FAIL, Result, Run
from fives_tools.rule_links import BOOK, rule_link
from fives_tools.text import clean, code_block, markdown


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
    """An implementation's likely causes, as its certificate opens with them."""
    return cause_texts(entry.run.results) if bad_results(entry.run) else []


def cells(entries: Sequence[Entry]) -> dict[str, dict[str, dict[str, list[Cell]]]]:
    """game -> level -> rule -> one cell per entry, for every rule some case of that game
    and level checks, in the rule book's order."""
    grids = [table(entry.run) for entry in entries]
    blamed = [blamed_rules(entry.run.results) for entry in entries]
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
    return out


def versions_text() -> str:
    return (
        f"suite {protocol.suite_version()}, protocol {protocol.protocol_version()},"
        f" runner {__version__}"
    )


def to_json(entries: Sequence[Entry], command: str) -> str:
    """Every implementation's own JSON report (``spec/schemas/report.schema.json``, as
    ``fives certify --json`` writes it) under the name it is shown by."""
    payload = {
        "command": command,
        "implementations": [
            {"name": entry.label, "report": formats.to_json(entry.run)} for entry in entries
        ],
    }
    return files.json_text(payload)


def _md(text: str) -> str:
    return markdown(text)


def places_note(run: Run) -> str:
    """What a comparison says of an implementation that answers in the pips form."""
    if run.adapter.places != forms.PIPS:
        return ""
    return f"; places in the pips form, {len(run.undecided)} cases not decidable in it"


def _md_cell(entry: Entry, cell: Cell) -> str:
    if cell.failure is None:
        return cell.word
    return f"[{cell.word}](#{failure_anchor(entry.label, cell.failure)})"


def coverage_markdown(entries: Sequence[Entry]) -> list[str]:
    """What each implementation's certificate covers, game by game (:mod:`.covers`)."""
    lines = ["", "What each certificate covers:", ""]
    for entry in entries:
        covered = decide(entry.run).coverage
        lines.append(f"- {_md(entry.label)}: {covered.heading.lower()}")
        lines += [f"  - {_md(line)}" for line in covered.lines()]
    return lines


def started(entries: Sequence[Entry]) -> str:
    """When the first run started; empty when the reports leave the date out."""
    timed = [entry.run.started for entry in entries if entry.run.timestamps]
    return min(timed, default="")


def to_markdown(entries: Sequence[Entry], command: str, book: str = BOOK) -> str:
    """The comparison as Markdown: what ran, each implementation's verdict, the tables per
    game and level, then every failure's details under its own anchor."""
    labels = [entry.label for entry in entries]
    lines = [
        "# Comparison: " + ", ".join(_md(label) for label in labels),
        "",
        f"- command: `{command}`",
        f"- versions: {versions_text()}",
        *([f"- date: {started(entries)}"] if started(entries) else []),
        "- a cell is the certificate's verdict of the rule at that level: pass; FAIL or ERROR"
        " (a failing case blames that rule: of the rules its differing fields implicate, the"
        " likeliest cause); affected (a failing case involves the rule, and blames another);"
        " skip (the implementation does not declare the game,"
        " level or player count); a rule links to its rule book, a failure to its details",
        "",
        "| implementation | version | declared levels | cases | verdict |",
        "|---|---|---|---|---|",
    ]
    for entry in entries:
        info = entry.run.adapter
        lines.append(
            f"| {_md(entry.label)} ({_md(info.name)}) | {_md(info.language)} {_md(info.version)}"
            f" | {', '.join(info.levels) or 'none'}{places_note(entry.run)}"
            f" | {counts_text(entry.run)}"
            f" | **{_md(decide(entry.run).text)}** |"
        )
    for entry in entries:
        causes = causes_of(entry)
        if causes:
            lines += ["", f"## Likely causes: {_md(entry.label)}", ""]
            lines += [f"{i}. {_md(text)}" for i, text in enumerate(causes, 1)]
    lines += coverage_markdown(entries)
    for game, by_level in cells(entries).items():
        lines += ["", f"## {find_game(game).title} (`{game}`)"]
        for level, rows in by_level.items():
            lines += ["", f"### {level}: {levels.LEVELS[level]}", ""]
            lines.append("| rule | " + " | ".join(_md(label) for label in labels) + " |")
            lines.append("|---|" + "---|" * len(labels))
            for rule_id, row in rows.items():
                cols = " | ".join(_md_cell(e, c) for e, c in zip(entries, row, strict=True))
                lines.append(f"| [`{rule_id}`]({rule_link(book, game, rule_id)}) | {cols} |")
    for entry in entries:
        readings = reading_lines(entry.run.declared)
        if readings:
            lines += ["", f"## {READINGS_HEADING}: {_md(entry.label)}", ""]
            lines += [f"- {_md(line)}" for line in readings]
    failing = [e for e in entries if bad_results(e.run)]
    if failing:
        lines += ["", "## Failures"]
    for entry in failing:
        lines += ["", f"### {_md(entry.label)}", ""]
        for result in bad_results(entry.run):
            lines += [
                f'<a id="{failure_anchor(entry.label, result)}"></a>',
                "",
                *code_block(describe_failure(result, entry.rerun)),
                "",
            ]
    return clean("\n".join(lines).rstrip("\n") + "\n", lines=True)
