"""The certificate names the broken rule: FAIL only on a failing case's primary rule,
"affected" on the rules it touches, and a likely causes block ranking the rules that
explain the failures (tools/fives_tools/certify/reports/causes.py)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from bent_engines.catalog import DisplayNotDivided

from fives_tools.certify.adapters.python import PythonAdapter
from fives_tools.certify.cases import Case, levels, load_cases
from fives_tools.certify.reports import formats
from fives_tools.certify.reports.causes import TOUCH, likely_causes
from fives_tools.certify.reports.console import AFFECTED, print_report, table, verdict
from fives_tools.certify.runner import ERROR, FAIL, PASS, Result, Run, run_cases


def _case(
    n: int, primary: str, rules: tuple[str, ...], capability: str = levels.PLAY_SCORE
) -> Case:
    return Case(
        id=f"five-up/probe/{n}#{capability}",
        game="five-up",
        fixture_id=f"probe/{n}",
        title="probe",
        kind="layout",
        level="must",
        rules=rules,
        sources=(),
        request={},
        expect={},
        path=Path("probe.yaml"),
        capability=capability,
        primary=primary,
    )


def _result(
    n: int, status: str, primary: str, *others: str, level: str = levels.PLAY_SCORE
) -> Result:
    return Result(_case(n, primary, (primary, *others), level), status)


def test_a_rule_whose_own_cases_all_fail_ranks_above_one_they_merely_touch() -> None:
    results = [
        _result(1, FAIL, "a", "b"),
        _result(2, FAIL, "a", "b"),
        _result(3, PASS, "b"),
    ]
    causes = likely_causes(results)
    assert [c.rule for c in causes] == ["a", "b"]
    assert (causes[0].failing_primary, causes[0].passing) == (2, 0)
    # b: touched twice (support 2 * TOUCH), its own case passes (1 against)
    assert causes[1].score == pytest.approx((2 * TOUCH) ** 2 / (2 * TOUCH + 1))


def test_passing_cases_of_the_same_level_clear_a_rule_and_others_do_not() -> None:
    # "a" and "b" each the primary of two failing play-score cases; "a" also has a passing
    # case at play-score, "b" one at connections, which cannot speak for play-score.
    results = [
        _result(1, FAIL, "a"),
        _result(2, ERROR, "a"),
        _result(3, FAIL, "b"),
        _result(4, FAIL, "b"),
        _result(5, PASS, "a"),
        _result(6, PASS, "b", level=levels.CONNECTIONS),
    ]
    causes = likely_causes(results)
    assert [c.rule for c in causes] == ["b", "a"]
    assert [c.passing for c in causes] == [0, 1]


def test_a_level_blind_to_a_rule_neither_accuses_nor_clears_it() -> None:
    # attach points do not depend on scoring: a failing attach-point case cannot be caused
    # by score.unit.display, and its other rule takes the blame whole.
    results = [_result(1, FAIL, "score.unit.display", "layout.x", level=levels.ATTACH_POINTS)]
    assert [c.rule for c in likely_causes(results)] == ["layout.x"]


def test_no_failures_no_causes() -> None:
    assert likely_causes([_result(1, PASS, "a")]) == []


@pytest.fixture(scope="module")
def bent_run() -> Run:
    return run_cases(PythonAdapter(DisplayNotDivided()), load_cases())


def test_the_rule_table_fails_only_primary_rules(bent_run: Run) -> None:
    grid = table(bent_run)["five-up"]
    cells = {rule: verdict(grid[rule].get(levels.PLAY_SCORE)) for rule in grid}
    assert cells["score.unit.display"] == "FAIL"
    # diagram 1-4 fails on its score; it is about the outer ends, which it only shows
    assert cells["score.ends.outer-end"] == "FAIL"
    # every layout case joins tiles, but none whose primary rule it is has a score to fail
    assert cells["play.match-attach-point"] == AFFECTED
    failing = {r.case.primary for r in bent_run.results if r.status == FAIL}
    touched_only = {
        rule for r in bent_run.results if r.status == FAIL for rule in r.case.rules
    } - failing
    assert touched_only
    for game, rows in table(bent_run).items():
        for rule in touched_only:
            assert all(verdict(cell) != "FAIL" for cell in rows.get(rule, {}).values()), (
                game,
                rule,
            )


def test_every_report_ends_with_the_likely_causes(bent_run: Run) -> None:
    out = io.StringIO()
    print_report(bent_run, out)
    console = out.getvalue()
    block = console[console.index("Likely causes") :]
    assert block.splitlines()[1].strip().startswith("1. score.unit.display: primary rule of")
    assert "## Likely causes\n\n1. score.unit.display" in formats.to_markdown(bent_run)
    data = json.loads(json.dumps(formats.to_json(bent_run)))
    assert data["likely_causes"][0]["rule"] == "score.unit.display"
    assert data["likely_causes"][0]["failing_primary"] > 0
    assert all("primary" in case for case in data["cases"])
