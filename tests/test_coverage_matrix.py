"""The coverage matrix by table: every ``must`` rule has a ``must`` case at every game and
table where it applies, except the gaps listed, each with its reason, in
``tests/coverage_known_gaps.yaml``. The list only shrinks: a new gap fails, and so does a
listed gap that a case now fills."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
import yaml

from fives_tools.certify.cases import Case, load_cases
from fives_tools.certify.judge import tables
from fives_tools.cli import main

KNOWN = Path(__file__).with_name("coverage_known_gaps.yaml")


def known_gaps() -> dict[tuple[str, str, str], str]:
    entries = yaml.safe_load(KNOWN.read_text("utf-8"))["gaps"] or []
    return {(e["game"], e["rule"], str(e["table"])): e["reason"] for e in entries}


@pytest.fixture(scope="module")
def cases() -> list[Case]:
    return load_cases()


def test_no_gap_beyond_the_known_ones(cases: list[Case]) -> None:
    new = [g for g in tables.gaps(tables.table_matrix(cases)) if g not in known_gaps()]
    assert new == [], "must rules without a must case at a table where they apply"


def test_every_known_gap_is_still_a_gap(cases: list[Case]) -> None:
    found = set(tables.gaps(tables.table_matrix(cases)))
    filled = [g for g in known_gaps() if g not in found]
    assert filled == [], "filled: remove them from tests/coverage_known_gaps.yaml"


def test_every_known_gap_says_why() -> None:
    assert all(len(reason.split()) >= 5 for reason in known_gaps().values())


def test_a_table_without_its_must_case_is_a_gap(cases: list[Case]) -> None:
    # the three-player turn-flow cases of Five Up made implementation-defined
    changed = [
        replace(c, level="implementation-defined")
        if c.game == "five-up" and tables.table_of(c) == "3" and "turn.clockwise" in c.rules
        else c
        for c in cases
    ]
    assert ("five-up", "turn.clockwise", "3") in tables.gaps(tables.table_matrix(changed))
    assert ("five-up", "turn.clockwise", "3") not in tables.gaps(tables.table_matrix(cases))


def test_where_a_rule_applies() -> None:
    assert tables.tables("all-fives") == ("2", "3", "4 partners", "4 alone")
    assert tables.tables("five-up") == ("2", "3", "4")
    assert tables.applies("five-up", "side.partnership") == ("4",)
    assert tables.applies("all-fives", "side.partnership") == ("4 partners",)
    assert tables.applies("all-fives", "side.alone") == ("2", "3", "4 alone")
    assert tables.applies("exact-61", "settle.exact-61.partner") == ("4",)
    assert tables.applies("exact-61", "layout.double.crosswise") == (tables.ANY,)
    assert tables.applies("exact-61", "turn.clockwise") == ("2", "3", "4")


def test_the_table_of_a_case(cases: list[Case]) -> None:
    by_id = {c.id: c for c in cases}
    assert tables.table_of(by_id["all-fives/turns/all-fives-four-alone#turn-flow"]) == "4 alone"
    assert tables.table_of(by_id["all-fives/turns/four-players-block#turn-flow"]) == "4 partners"
    assert tables.table_of(next(c for c in cases if c.kind == "layout")) is None
    perft = next(c for c in cases if c.kind == "perft")
    assert tables.table_of(perft) == perft.request["position"].split()[1]


def test_the_matrix_command(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["coverage", "--matrix"])
    out = capsys.readouterr().out
    assert code == (1 if known_gaps() else 0)
    assert f"{len(known_gaps())} gaps" in out
    row = next(x for x in out.splitlines() if x.strip().startswith("side.partnership"))
    assert row.split()[1:5] == ["-", "-", "-", row.split()[4]] and row.split()[4] != "GAP"


def test_the_matrix_keeps_to_the_rules_asked_for(capsys: pytest.CaptureFixture[str]) -> None:
    """``--rule`` was dropped under ``--matrix``: the whole matrix, exit 0, even for a rule
    that does not exist."""
    assert main(["coverage", "--matrix", "--rule", "no.such.rule"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "unknown rule 'no.such.rule'" in captured.err
    assert main(["coverage", "--matrix", "--rule", "match.target"]) == 0
    out = capsys.readouterr().out
    rows = [x.split()[0] for x in out.splitlines() if x.endswith(("  must", "-defined"))]
    assert rows and set(rows) == {"match.target"}, out
