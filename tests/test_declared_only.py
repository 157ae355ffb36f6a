"""A certificate covers what was declared: an implementation of one game at two levels
gets no tables, JUnit cases, badges or progress marks for the games and levels it never
declared (its coverage line says what stays unchecked), and ``--no-timestamps`` leaves the
date and duration out of the reports that get committed."""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from fives_tools.certify.adapters.python import PythonAdapter
from fives_tools.certify.adapters.reference import ReferenceImplementation
from fives_tools.certify.cases import load_cases
from fives_tools.certify.reports import formats
from fives_tools.certify.reports.console import print_report
from fives_tools.certify.runner import Run, run_cases
from fives_tools.cli import main

GAME, LEVELS = "all-fives", ["play-score", "score-table"]
ONE_GAME = f"{__name__}:OneGameTwoLevels"


class OneGameTwoLevels(ReferenceImplementation):
    """The reference engine declaring All Fives at play-score and score-table only."""

    def start(self) -> dict[str, Any]:
        return {**super().start(), "games": [GAME], "levels": LEVELS}


@pytest.fixture(scope="module")
def run() -> Run:
    return run_cases(PythonAdapter(OneGameTwoLevels()), load_cases())


def _declared(run: Run) -> list[str]:
    return [r.case.id for r in run.results if r.case.game == GAME and r.case.capability in LEVELS]


def test_the_console_has_a_table_of_the_declared_game_and_levels_only(run: Run) -> None:
    out = io.StringIO()
    print_report(run, out)
    text = out.getvalue()
    assert "All Fives (all-fives):" in text
    assert "Five Up (five-up):" not in text and "Exact 61 Five Up (exact-61):" not in text
    for title in ("Five Up", "Exact 61 Five Up"):  # one line each, in the coverage
        assert re.search(
            rf"^  {title}: 0 of \d+ cases checked; not checked: game not declared", text, re.M
        )
    lines = text.split("\n  rule ", 1)[1].split("\n\n", 1)[0].splitlines()
    assert lines[0].split() == ["score", "table"]
    assert all(set(line.split()[1:]) <= {"pass", "-"} for line in lines[1:])
    assert all(set(line.split()[1:]) != {"-"} for line in lines[1:])  # no empty rows


def test_junit_and_badges_leave_the_undeclared_out(run: Run, tmp_path: Path) -> None:
    formats.write_junit(run, tmp_path / "j.xml")
    root = ET.parse(tmp_path / "j.xml").getroot()
    names = [case.get("name") for case in root.iter("testcase")]
    assert names == _declared(run) and root.get("tests") == str(len(names))
    assert [suite.get("name") for suite in root.iter("testsuite")] == [GAME]
    paths = formats.write_badges(run, tmp_path / "badges")
    assert [p.name for p in paths] == [f"{GAME}.json"]


def test_the_dots_mark_only_the_declared_cases(capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert main(["certify", "--python", ONE_GAME]) == 0
    marks = capsys.readouterr().err.replace("\n", "")
    declared = sum(c.game == GAME and c.capability in LEVELS for c in load_cases())
    assert marks == "." * declared  # off a terminal: the dots, and no bar


def test_no_timestamps_leaves_the_date_out(run: Run) -> None:
    assert "- date: " in formats.to_markdown(run)
    run.timestamps = False
    try:
        assert "date" not in formats.to_markdown(run)
    finally:
        run.timestamps = True
