"""The observation certificate as JUnit XML (``fives audit --junit``, ``fives report
AUDIT.json --junit``), for a CI page: per game one test suite, one test case per rule its
records exercised or broke (a failure for FAIL with its first divergence in full, a skip
for a reading answered otherwise, else a pass), and one error per engine error and per
record that could not be read. Nothing is decided here: the statuses are the audit's
(:meth:`.Observation.status`), the texts those of the other forms (:mod:`.audit`).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from fives_tools.certify.findings.observation import Note, Observation
from fives_tools.certify.findings.status import FAIL, READING, TAKEN
from fives_tools.certify.reports import junit
from fives_tools.certify.reports.audit import Files, describe, note_lines, rule_rows, summary


def rule_cases(obs: Observation, game: str) -> list[tuple[str, str, int | None]]:
    """(rule, status, the number of its first divergence of its own or None) per rule of
    ``game`` that its records exercised, or that FAIL or are readings."""
    firsts: dict[str, int] = {}
    for number, div in enumerate(obs.divergences, 1):
        if div.counted and div.game == game:
            firsts.setdefault(div.rule, number)
    return [
        (rule, status, firsts.get(rule))
        for rule, status, exercised, _failed in rule_rows(obs, game)
        if status in (FAIL, READING) or exercised
    ]


def _counts(tests: int, failures: int, errors: int, skipped: int) -> dict[str, str]:
    return {
        "tests": str(tests),
        "failures": str(failures),
        "errors": str(errors),
        "skipped": str(skipped),
        "time": "0",
    }


def _game(root: ET.Element, obs: Observation, game: str, files: list[Files | None]) -> None:
    cases = rule_cases(obs, game)
    failures = sum(status == FAIL for _, status, _ in cases)
    readings = sum(status in (READING, TAKEN) for _, status, _ in cases)
    suite = ET.SubElement(
        root, "testsuite", {"name": game, **_counts(len(cases), failures, 0, readings)}
    )
    classname = f"{game}.audit"
    for rule, status, first in cases:
        if status == TAKEN:  # never a pass: the records supplied its value themselves
            junit.case(suite, classname, rule, "0", "skipped", f"{rule}: {TAKEN}")
            continue
        div = obs.divergences[first - 1] if first is not None else None
        if div is None or first is None or status not in (FAIL, READING):
            junit.case(suite, classname, rule)
            continue
        text = "\n".join(describe(first, div, files[first - 1]))
        if status == FAIL:
            junit.case(suite, classname, rule, "0", "failure", summary(first, div), text)
        else:
            message = f"a reading answered otherwise: {summary(first, div)}"
            junit.case(suite, classname, rule, "0", "skipped", message, text)


def _errors(root: ET.Element, title: str, notes: list[Note]) -> None:
    """One test case erring per note (an engine error, a record that could not be read)."""
    if not notes:
        return
    suite = ET.SubElement(
        root, "testsuite", {"name": title, **_counts(len(notes), 0, len(notes), 0)}
    )
    for note, line in zip(notes, note_lines(notes), strict=True):
        junit.case(suite, title, note.record, "0", "error", line)


def to_junit(obs: Observation, files: list[Files | None] | None = None) -> ET.Element:
    written = files or [None] * len(obs.divergences)
    root = ET.Element("testsuites", name=f"fives audit: {obs.verdict()}")
    for game in sorted(obs.games):
        _game(root, obs, game, written)
    _errors(root, "engine errors", obs.errors)
    _errors(root, "records that could not be read", obs.unreadable)
    totals = [0, 0, 0, 0]
    for suite in root:
        for i, name in enumerate(("tests", "failures", "errors", "skipped")):
            totals[i] += int(suite.get(name, "0"))
    root.attrib.update(_counts(*totals))
    return root


def write_junit(obs: Observation, path: Path, files: list[Files | None] | None = None) -> None:
    junit.write(to_junit(obs, files), path)


__all__ = ["rule_cases", "to_junit", "write_junit"]
