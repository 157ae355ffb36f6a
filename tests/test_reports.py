"""The certificate's files and the known-failures file, on a bent engine's run."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from bent_engines.catalog import DisplayNotDivided

from fives_tools import report_files
from fives_tools.cases import load_cases
from fives_tools.cli import main
from fives_tools.python_adapter import PythonAdapter
from fives_tools.runner import FAIL, Run, read_known_failures, run_cases


@pytest.fixture(scope="module")
def bent_run() -> Run:
    return run_cases(PythonAdapter(DisplayNotDivided()), load_cases())


def test_json_report_lists_every_case_with_its_status(bent_run: Run, tmp_path: Path) -> None:
    path = tmp_path / "report.json"
    report_files.write_json(bent_run, path)
    data = json.loads(path.read_text("utf-8"))
    assert data["certified"] is False
    assert data["counts"]["fail"] == bent_run.count(FAIL) > 0
    failed = [c for c in data["cases"] if c["status"] == "fail"]
    assert all(c["mismatches"] for c in failed)
    assert {"score"} == {m["field"] for c in failed for m in c["mismatches"]}


def test_junit_report_is_valid_xml_with_one_suite_per_game(bent_run: Run, tmp_path: Path) -> None:
    path = tmp_path / "junit.xml"
    report_files.write_junit(bent_run, path)
    root = ET.parse(path).getroot()
    assert [s.get("name") for s in root] == ["five-up", "exact-61", "all-fives"]
    failures = root.findall(".//failure")
    assert len(failures) == bent_run.count(FAIL)
    assert "re-run: fives certify" in (failures[0].text or "")


def test_markdown_certificate_and_badges(bent_run: Run, tmp_path: Path) -> None:
    text = report_files.to_markdown(bent_run)
    assert "**NOT CERTIFIED**" in text and "## Failures" in text and "`score.unit.display`" in text
    badges = {
        p.stem: json.loads(p.read_text("utf-8"))
        for p in report_files.write_badges(bent_run, tmp_path)
    }
    assert badges["five-up"]["color"] == "red"
    assert badges["all-fives"]["color"] == "brightgreen"  # All Fives keeps no display points
    assert badges["five-up"]["schemaVersion"] == 1


def test_known_failures_do_not_fail_the_run_and_fixed_ones_are_reported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bent = "tests.bent_engines.catalog:DisplayNotDivided"
    args = ["certify", "-q", "--python", bent, "--game", "five-up"]
    assert main(args) == 1
    known = tmp_path / "known.txt"
    known.write_text(
        "# display is still raw\n*#play-score  # all of them\n*#score-table\n"
        "five-up/layout/diagram-1-4#connections\n",
        "utf-8",
    )
    assert read_known_failures(known) == [
        "*#play-score",
        "*#score-table",
        "five-up/layout/diagram-1-4#connections",
    ]
    capsys.readouterr()
    assert main([*args, "--known-failures", str(known)]) == 0
    out = capsys.readouterr().out
    assert "FAIL (known failure)" in out
    assert (
        "now passing, remove from the known failures: five-up/layout/diagram-1-4#connections" in out
    )


def test_cli_writes_every_report(tmp_path: Path) -> None:
    code = main(
        [
            "certify",
            "-q",
            "--in-process",
            "--game",
            "all-fives",
            "--json",
            str(tmp_path / "r.json"),
            "--junit",
            str(tmp_path / "r.xml"),
            "--markdown",
            str(tmp_path / "r.md"),
            "--badges",
            str(tmp_path / "badges"),
        ]
    )
    assert code == 0
    assert json.loads((tmp_path / "r.json").read_text("utf-8"))["certified"] is True
    assert (tmp_path / "badges" / "all-fives.json").exists()
    assert "**CERTIFIED**" in (tmp_path / "r.md").read_text("utf-8")
