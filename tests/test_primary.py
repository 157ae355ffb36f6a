"""Primary rules: every case names the one rule it exists to check, and every rule a game
states has a must case of its own, so that a failure can be pinned on the rule broken."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from fives_tools.certify.cases import Case, FixtureError, coverage, load_cases
from fives_tools.cli import main

HANDS = (
    "[0|0],[0|1],[0|2],[0|3],[0|4],[0|5],[1|1],[1|2],[1|3],[1|4],[1|5],[2|2],[2|3],[2|4],"
    "[2|5],[3|3],[3|4],[3|5],[4|4],[4|5],[5|5]/[0|6],[1|6],[2|6],[3|6],[4|6],[5|6]"
)
PERFT = """\
id probe
title a lone [6|6]: the player to act holds no 6 and the boneyard is empty
rules turn.pass-empty-boneyard turn.must-play
primary {primary}
position exact-61 2 [6|6] {hands} - 0
perft 1 1
"""


@pytest.fixture(scope="module")
def cases() -> list[Case]:
    return load_cases()


def test_every_case_names_a_primary_rule_among_its_rules(cases: list[Case]) -> None:
    assert all(case.primary in case.rules for case in cases)


def test_every_must_rule_has_a_must_case_of_its_own(cases: list[Case]) -> None:
    assert coverage.without_own_must_case(cases) == []


def test_coverage_flags_a_must_rule_without_a_case_of_its_own(cases: list[Case]) -> None:
    # the own-tiles cases made implementation-defined: the rule is still exercised, but
    # no must case has it as its primary rule any more
    changed = [
        replace(c, level="implementation-defined") if c.primary == "hand.own-tiles" else c
        for c in cases
    ]
    assert ("five-up", "hand.own-tiles") in coverage.without_own_must_case(changed)
    text = coverage.render(coverage.matrix(changed, []), coverage.own_must_cases(changed))
    line = next(x for x in text.splitlines() if x.strip().startswith("hand.own-tiles"))
    assert line.endswith("<- NO MUST CASE OF ITS OWN")
    # a reading is not a must rule: it needs no must case of its own
    assert ("five-up", "layout.side-a-first") not in coverage.without_own_must_case(changed)


@pytest.mark.parametrize(
    ("primary", "message"),
    [
        ("hand.own-tiles", r"line 4: field primary: hand.own-tiles is not one of the fixture's"),
        ("turn.must-play", None),
    ],
)
def test_the_perft_file_checks_its_primary_rule(
    tmp_path: Path, primary: str, message: str | None
) -> None:
    (tmp_path / "probe.perft").write_text(
        PERFT.format(primary=primary, hands=HANDS), encoding="utf-8"
    )
    if message is None:
        assert {c.primary for c in load_cases(tmp_path)} == {primary}
        return
    with pytest.raises(FixtureError, match=message):
        load_cases(tmp_path)


def test_a_perft_record_without_a_primary_rule_is_named(tmp_path: Path) -> None:
    text = PERFT.format(primary="x", hands=HANDS).replace("primary x\n", "")
    (tmp_path / "probe.perft").write_text(text, encoding="utf-8")
    with pytest.raises(FixtureError, match=r"probe.perft: line 1: the record has no 'primary'"):
        load_cases(tmp_path)


def test_the_case_dump_carries_each_primary_rule(tmp_path: Path) -> None:
    target = tmp_path / "cases.json"
    assert main(["cases", "--dump", str(target)]) == 0
    dumped = json.loads(target.read_text("utf-8"))["cases"]
    by_id = {c["id"]: c for c in dumped}
    case = by_id["five-up/turns/nobody-acts-out-of-turn#turn-flow"]
    assert case["primary"] == "turn.clockwise" and "turn.clockwise" in case["rules"]
    assert all(c["primary"] in c["rules"] for c in dumped)
