"""Every certificate says what it covers: a one-game, one-level, two-player adapter shows
the counts of its own cases and of every level and game it leaves out, in every format;
the reference engine shows every case of the suite. The expected counts are taken from the
cases themselves, not from the coverage module."""

from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET
from collections import Counter
from html import escape
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from fives_engine import find_game
from fives_tools.certify.adapters.python import PythonAdapter
from fives_tools.certify.adapters.reference import ReferenceImplementation
from fives_tools.certify.cases import Case, levels, load_cases
from fives_tools.certify.judge.verdict import CERTIFIED, decide
from fives_tools.certify.reports import comparison, formats, html
from fives_tools.certify.reports.comparison import Entry
from fives_tools.certify.reports.console import print_report
from fives_tools.certify.runner import Run, run_cases

SCHEMA = Path(__file__).resolve().parent.parent / "spec" / "schemas" / "report.schema.json"
GAME, LEVEL = "exact-61", levels.SETTLEMENT


class OneLevel(ReferenceImplementation):
    """The reference engine declaring Exact 61 at two players and the settlement level
    alone (settlement implies no other level)."""

    def start(self) -> dict[str, Any]:
        return {**super().start(), "games": [GAME], "levels": [LEVEL], "players": [2]}


def _players(case: Case) -> object:
    return case.request.get("players")


@pytest.fixture(scope="module")
def every() -> list[Case]:
    return load_cases()


@pytest.fixture(scope="module")
def one_level(every: list[Case]) -> Run:
    run = run_cases(PythonAdapter(OneLevel()), every)
    run.command = "fives certify --python tests.test_coverage_line:OneLevel"
    return run


@pytest.fixture(scope="module")
def reference(every: list[Case]) -> Run:
    return run_cases(PythonAdapter(ReferenceImplementation()), every)


def expected_game_line(every: list[Case]) -> str:
    """The Exact 61 line worked out from the cases: what ran, then each undeclared level,
    then the undeclared player counts of the settlement cases."""
    mine = [c for c in every if c.game == GAME]
    ran = [c for c in mine if c.capability == LEVEL and _players(c) in (2, None)]
    by_level = Counter(c.capability for c in mine if c.capability != LEVEL)
    by_players = Counter(
        _players(c) for c in mine if c.capability == LEVEL and _players(c) not in (2, None)
    )
    assert ran and by_level and set(by_players) == {3, 4}  # the case set the test needs
    skipped = [f"{level} ({by_level[level]})" for level in levels.LEVELS if by_level[level]]
    skipped += [f"{n} players ({by_players[n]})" for n in (3, 4)]
    return (
        f"{find_game(GAME).title}: {len(ran)} of {len(mine)} cases checked"
        f" (levels {LEVEL}; 2 players); not checked: {', '.join(skipped)}"
    )


def expected_verdict(every: list[Case]) -> str:
    ran = sum(c.game == GAME and c.capability == LEVEL and _players(c) in (2, None) for c in every)
    return (
        f"CERTIFIED for what it declares: {ran} of {len(every)} cases ({ran * 100 // len(every)}%)"
    )


def test_the_console_shows_each_game_and_the_verdict_carries_the_coverage(
    one_level: Run, every: list[Case]
) -> None:
    out = io.StringIO()
    print_report(one_level, out)
    text = out.getvalue()
    assert expected_game_line(every) + "\n" in text
    n = sum(c.game == "five-up" for c in every)
    assert f"Five Up: 0 of {n} cases checked; not checked: game not declared ({n})\n" in text
    assert decide(one_level).kind == CERTIFIED
    assert text.rstrip().endswith(": " + expected_verdict(every))


def test_the_json_report_carries_the_coverage_by_game(
    one_level: Run, every: list[Case], tmp_path: Path
) -> None:
    path = tmp_path / "report.json"
    formats.write_json(one_level, path)
    data = json.loads(path.read_text("utf-8"))
    jsonschema.Draft202012Validator(json.loads(SCHEMA.read_text("utf-8"))).validate(data)
    covered = data["coverage"]
    games = {g["game"]: g for g in covered["games"]}
    assert covered["cases"] == len(every) and not covered["whole"]
    assert (
        covered["checked"]
        == games[GAME]["checked"]
        == sum(r.status != "skip" for r in one_level.results)
    )
    assert games[GAME]["text"] == expected_game_line(every)
    assert games[GAME]["players_not_declared"] == [3, 4]
    assert games["five-up"]["not_checked"] == [
        {"kind": "game", "what": "game not declared", "cases": games["five-up"]["cases"]}
    ]
    assert data["verdict"]["text"] == expected_verdict(every)


def test_markdown_html_junit_and_badges_say_what_they_cover(
    one_level: Run, every: list[Case], tmp_path: Path
) -> None:
    line = expected_game_line(every)
    markdown = formats.to_markdown(one_level)
    assert f"  - {line}\n" in markdown and f"**{expected_verdict(every)}**" in markdown
    page = html.certificate_html(Entry("one level", one_level, "fives certify"))
    assert f"<li>{escape(line)}</li>" in page and escape(expected_verdict(every)) in page
    formats.write_junit(one_level, tmp_path / "junit.xml")
    root = ET.parse(tmp_path / "junit.xml").getroot()
    assert expected_verdict(every) in root.attrib["name"]
    suite = next(s for s in root.iter("testsuite") if s.attrib["name"] == GAME)
    props = {p.attrib["name"]: p.attrib["value"] for p in suite.iter("property")}
    assert props["coverage.game"] == line
    ran = sum(r.case.game == GAME and r.status != "skip" for r in one_level.results)
    mine = sum(c.game == GAME for c in every)
    badge = formats.badge(one_level, GAME)
    assert badge["message"] == f"certified, {ran}/{ran} of {mine} cases"


def test_fives_compare_shows_each_implementations_coverage(
    one_level: Run, reference: Run, every: list[Case]
) -> None:
    entries = [Entry("reference", reference, "r"), Entry("one", one_level, "o")]
    markdown = comparison.to_markdown(entries, "fives compare")
    ran = sum(r.status != "skip" for r in one_level.results)
    assert f"- one: covers {ran} of {len(every)} cases ({ran * 100 // len(every)}%)" in markdown
    assert f"- reference: covers all {len(every)} cases" in markdown
    assert f"  - {expected_game_line(every)}" in markdown
    assert f"**{expected_verdict(every)}**" in markdown
    page = html.comparison_html(entries, "fives compare")
    assert f"<li>{escape(expected_game_line(every))}</li>" in page
    data = json.loads(comparison.to_json(entries, "fives compare"))
    reports = {i["name"]: i["report"] for i in data["implementations"]}
    assert reports["one"]["coverage"]["games"][1]["text"] == expected_game_line(every)
    assert reports["reference"]["coverage"]["whole"] is True


def test_the_reference_engine_covers_every_case(reference: Run, every: list[Case]) -> None:
    found = decide(reference)
    assert found.text == "CERTIFIED"  # nothing to add: the whole suite ran
    assert found.coverage.checked == found.coverage.cases == len(every)
    out = io.StringIO()
    print_report(reference, out)
    assert f"Covers all {len(every)} cases:\n" in out.getvalue()
    for game in ("five-up", "exact-61", "all-fives"):
        n = sum(c.game == game for c in every)
        assert f"  {find_game(game).title}: all {n} cases checked\n" in out.getvalue()
    assert formats.to_json(reference)["coverage"]["percent"] == 100
    assert (
        formats.badge(reference, "all-fives")["message"].endswith(
            f"{sum(c.game == 'all-fives' for c in every)} cases"
        )
        and " of " not in formats.badge(reference, "all-fives")["message"]
    )
