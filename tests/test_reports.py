"""The certificate's files and the known-failures file, on a bent engine's run: each file
says what was checked, and the JSON report follows its schema."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from bent_engines.catalog import DisplayNotDivided

from fives_tools.certify.adapters.python import PythonAdapter
from fives_tools.certify.cases import load_cases
from fives_tools.certify.cases.selection import Filters
from fives_tools.certify.findings.status import FAIL
from fives_tools.certify.reports import formats, junit
from fives_tools.certify.runner import Run, apply_known_failures, read_known_failures, run_cases
from fives_tools.cli import main

SCHEMA = Path(__file__).resolve().parent.parent / "spec" / "schemas" / "report.schema.json"


def valid_report(path: Path) -> dict[str, Any]:
    """The JSON report at ``path``, checked against spec/schemas/report.schema.json."""
    data: dict[str, Any] = json.loads(path.read_text("utf-8"))
    schema = json.loads(SCHEMA.read_text("utf-8"))
    jsonschema.Draft202012Validator(schema).validate(data)
    return data


@pytest.fixture(scope="module")
def bent_run() -> Run:
    run = run_cases(PythonAdapter(DisplayNotDivided()), load_cases())
    run.command = "fives certify --python tests.bent_engines.catalog:DisplayNotDivided"
    return run


def test_json_report_lists_every_case_with_its_status(bent_run: Run, tmp_path: Path) -> None:
    apply_known_failures(bent_run, [])
    path = tmp_path / "report.json"
    formats.write_json(bent_run, path)
    data = valid_report(path)
    assert data["verdict"]["certified"] is False
    assert data["verdict"]["text"] == f"NOT CERTIFIED: {bent_run.count(FAIL)} failed"
    assert data["counts"]["fail"] == bent_run.count(FAIL) > 0
    failed = [c for c in data["cases"] if c["status"] == "fail"]
    assert all(c["mismatches"] for c in failed)
    assert {"score"} == {m["field"] for c in failed for m in c["mismatches"]}
    assert data["command"] == bent_run.command and data["date"] == bent_run.started
    assert data["implementation"]["levels"][0] == "play-score"
    assert data["implementation"]["players"] == [2, 3, 4]
    assert set(data["versions"]) == {"suite", "protocol", "runner"}


def test_junit_report_has_times_properties_and_field_messages(
    bent_run: Run, tmp_path: Path
) -> None:
    apply_known_failures(bent_run, [])
    path = tmp_path / "junit.xml"
    formats.write_junit(bent_run, path)
    root = ET.parse(path).getroot()
    suites = list(root)
    assert [s.get("name") for s in suites] == ["five-up", "exact-61", "all-fives"]
    assert all(s.get("timestamp") == bent_run.started for s in suites)
    assert all(float(c.get("time", "-1")) >= 0 for c in root.iter("testcase"))
    props = {p.get("name"): p.get("value") for p in suites[0].iter("property")}
    assert props["implementation.name"] == bent_run.adapter.name
    assert props["verdict"] == f"NOT CERTIFIED: {bent_run.count(FAIL)} failed"
    assert props["version.protocol"] == "1.0" and props["command"] == bent_run.command
    failures = root.findall(".//failure")
    assert len(failures) == bent_run.count(FAIL) == int(root.get("failures", "0"))
    messages = [f.get("message", "") for f in failures]
    # the rule the run blames, what differs in the implementation's terms, then the field
    assert any(
        m.startswith("score.unit.display: your raw score ") and "(score: display: expected " in m
        for m in messages
    )
    assert all(", got " in m for m in messages)
    assert "re-run: fives certify" in (failures[0].text or "")


def test_known_failures_are_skipped_in_junit_with_the_reason(bent_run: Run, tmp_path: Path) -> None:
    apply_known_failures(bent_run, ["*#play-score", "*#score-table"])
    path = tmp_path / "junit.xml"
    formats.write_junit(bent_run, path)
    root = ET.parse(path).getroot()
    assert root.findall(".//failure") == [] and root.get("failures") == "0"
    known = [s for s in root.iter("skipped") if s.get("message", "").startswith("known failure")]
    assert len(known) == bent_run.count(FAIL) > 0
    assert "score: display: expected 1, got 5" in known[0].get("message", "")
    formats.write_json(bent_run, tmp_path / "r.json")
    data = valid_report(tmp_path / "r.json")
    assert data["verdict"]["kind"] == "known-failures"
    assert data["verdict"]["known_failures"]["still_failing"] == bent_run.count(FAIL)
    assert f"NOT CERTIFIED: {bent_run.count(FAIL)} known failures" in formats.to_markdown(bent_run)


def test_markdown_certificate_says_what_was_checked(bent_run: Run) -> None:
    apply_known_failures(bent_run, [])
    text = formats.to_markdown(bent_run)
    assert f"**NOT CERTIFIED: {bent_run.count(FAIL)} failed**" in text and "## Failures" in text
    assert "`score.unit.display`" in text
    assert f"- command: `{bent_run.command}`" in text and "- filters: none" in text
    assert "- declared: games five-up, exact-61, all-fives; players 2, 3, 4; levels" in text
    assert f"- date: {bent_run.started}; duration" in text and "; suite 0.1.0;" in text


def test_badges_name_the_game_and_levels_and_show_partial_runs(
    bent_run: Run, tmp_path: Path
) -> None:
    apply_known_failures(bent_run, [])
    badges = {
        p.stem: json.loads(p.read_text("utf-8")) for p in formats.write_badges(bent_run, tmp_path)
    }
    assert badges["five-up"]["color"] == "red"
    assert badges["five-up"]["message"].startswith("not certified, ")
    assert badges["all-fives"]["color"] == "brightgreen"  # All Fives keeps no display points
    assert badges["all-fives"]["label"] == (
        "All Fives (score, table, ends, attach, conn, turns, settle, match)"
    )
    assert badges["five-up"]["schemaVersion"] == 1
    partial = Run(
        bent_run.adapter,
        [r for r in bent_run.results if r.case.id.endswith("#attach-points")],
        filters=Filters.of(levels=["attach-points"]),
        left_out=[r.case for r in bent_run.results if not r.case.id.endswith("#attach-points")],
    )
    badge = formats.badge(partial, "five-up")
    ran = sum(r.case.game == "five-up" for r in partial.results)
    every = sum(r.case.game == "five-up" for r in bent_run.results)
    assert badge == {
        "schemaVersion": 1,
        "label": "Five Up (attach)",
        "message": f"partial, {ran}/{ran} of {every} cases",
        "color": "yellow",
    }


def test_known_failures_do_not_fail_the_run_and_fixed_ones_are_reported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bent = "tests.bent_engines.catalog:DisplayNotDivided"
    args = ["certify", "--python", bent, "--game", "five-up"]
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
        "1 known-failures entry now passes: remove from the known failures\n"
        "  five-up/layout/diagram-1-4#connections\n" in out
    )


def test_quiet_prints_the_verdict_and_the_likely_cause_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``-q`` is quiet: no progress, no tables, no failure blocks; the verdict line and,
    when a case fails, the rule to look at first. The report files stay whole."""
    args = ["--python", "tests.bent_engines.catalog:DisplayNotDivided", "--game", "five-up"]
    capsys.readouterr()
    assert main(["certify", *args]) == 1
    full = capsys.readouterr().out
    assert main(["certify", "-q", *args, "--markdown", str(tmp_path / "c.md")]) == 1
    out, err = capsys.readouterr()
    verdict, cause = out.splitlines()
    assert err == "" and verdict == full.rstrip().splitlines()[-1]  # the certificate's own
    assert "NOT CERTIFIED" in verdict and " 0 failed" not in verdict
    first = next(line.strip() for line in full.splitlines() if line.startswith("  1. "))
    assert cause == "likely cause: " + first.removeprefix("1. ")
    assert cause.startswith("likely cause: score.unit.display: implicated by ")
    assert "Failures" in (tmp_path / "c.md").read_text("utf-8")
    assert main(["certify", "-q", "--in-process", "--case", "all-fives/layout/*"]) == 0
    out, err = capsys.readouterr()
    assert err == "" and len(out.splitlines()) == 1 and "failed" not in out.split(":")[1]


def test_a_misspelt_known_failure_is_refused_with_the_closest_case(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    known = tmp_path / "known.txt"
    known.write_text("five-up/layout/diagram-1-4#conections\n*#score-table\n", "utf-8")
    capsys.readouterr()
    assert main(["certify", "-q", "--in-process", "--known-failures", str(known)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert (
        f"fives certify: {known}: known-failures entry"
        " 'five-up/layout/diagram-1-4#conections' matches no case;"
        " did you mean five-up/layout/diagram-1-4#connections"
    ) in err


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
    assert code == 0  # a clean partial run
    data = valid_report(tmp_path / "r.json")
    assert data["verdict"]["kind"] == "partial" and data["filters"]["game"] == ["all-fives"]
    assert data["command"].startswith("fives certify -q --in-process --game all-fives")
    badge = json.loads((tmp_path / "badges" / "all-fives.json").read_text("utf-8"))
    assert badge["message"].startswith("certified, ")  # the one game ran in full
    markdown = (tmp_path / "r.md").read_text("utf-8")
    every = load_cases()
    ran = [c for c in every if c.game == "all-fives"]
    assert f"**PARTIAL: {len(ran)} of {len(every)} declared cases ran**" in markdown
    assert "- filters: --game all-fives" in markdown
    five_up_scores = sum(c.game == "five-up" and c.capability == "play-score" for c in every)
    assert f"left out by the filters: five-up (play-score {five_up_scores}" in markdown
    # a test case per case that ran, and per rule its own games exercised
    observed = [
        rule
        for game in data["own_games"]["audit"]["games"].values()
        for rule in game["rules"]
        if rule["status"] != "not observed"
    ]
    assert observed and data["own_games"]["source"].startswith("asked: 1 match")
    assert ET.parse(tmp_path / "r.xml").getroot().get("tests") == str(len(ran) + len(observed))


def test_the_one_junit_writer_cleans_what_xml_cannot_carry(tmp_path: Path) -> None:
    """certify and fuzz write JUnit through reports/junit.py; what an implementation said
    may hold control characters, which XML 1.0 cannot carry at all."""
    said = "no\x00\x07\x1b[31mCERTIFIED"

    def tree() -> ET.Element:
        root = ET.Element("testsuites", name="fives")
        suite = ET.SubElement(root, "testsuite", name="five-up")
        junit.case(suite, "five-up.layout", said, "0", "failure", said, said)
        return root

    with pytest.raises(ET.ParseError):  # written as it is, the file is no XML
        ET.fromstring(ET.tostring(tree(), encoding="unicode"))
    path = tmp_path / "r.xml"
    junit.write(tree(), path)
    case = ET.parse(path).getroot().find("testsuite/testcase")
    assert case is not None and case.get("name", "").endswith("CERTIFIED")
    failure = case.find("failure")
    assert failure is not None and failure.get("type") == "fail"
    assert failure.text is not None and "\x07" not in failure.text
