"""Every bent engine is caught, by a failing case that names the bent rule (a `must` case
where the sources state that rule outright, with no interpretation); the certificate's
likely causes name the bent rule first, and no other rule carries FAIL (blame by the
fields that differ, tools/fives_tools/certify/judge/blame.py)."""

from __future__ import annotations

import io
import re

import pytest
from bent_engines.catalog import (
    ALL,
    ON_A_READING,
    SUITE_ONLY,
    Bent,
    NonLeadSpinnerCountsInterior,
    RoundsTotalToNearestFive,
)

from fives_engine import find_game, game_names
from fives_engine.rules import base_rules
from fives_tools.certify.adapters.python import PythonAdapter
from fives_tools.certify.cases import Case, load_cases
from fives_tools.certify.findings.status import ERROR, FAIL
from fives_tools.certify.judge.causes import blamed_rules, likely_causes
from fives_tools.certify.reports.comparison import Entry
from fives_tools.certify.reports.console import failure_summary, print_report, table, verdict
from fives_tools.certify.reports.html import comparison_html
from fives_tools.certify.runner import Run, run_cases


@pytest.fixture(scope="module")
def cases() -> list[Case]:
    return load_cases()


_RUNS: dict[type[Bent], Run] = {}


def run_of(bent: Bent, cases: list[Case]) -> Run:
    """The bent engine's run over the whole suite, once per engine for both tests: the
    ranking of likely causes needs the passing cases as well as the failing ones."""
    if type(bent) not in _RUNS:
        _RUNS[type(bent)] = run_cases(PythonAdapter(bent, type(bent).__name__), cases)
    return _RUNS[type(bent)]


def catches(bent: Bent, cases: list[Case]) -> list[Case]:
    """The failing cases that name the bent rule."""
    run = run_of(bent, cases)
    return [
        r.case for r in run.results if r.status in (FAIL, ERROR) and bent.BENT_RULE in r.case.rules
    ]


def test_there_are_at_least_forty_bent_engines() -> None:
    assert len(ALL) >= 40
    assert len({b.MISTAKE for b in ALL}) == len(ALL)


@pytest.mark.parametrize("bent_type", ON_A_READING, ids=lambda b: b.__name__)
def test_a_bent_table_of_a_reading_is_caught_by_that_readings_cases(
    bent_type: type[Bent], cases: list[Case]
) -> None:
    """Four players alone exist in All Fives only under all-fives.four-players: a mistake
    there fails implementation-defined cases of that reading, and is named first."""
    bent = bent_type()
    caught = catches(bent, cases)
    assert caught, f"no case naming {bent.BENT_RULE} catches: {bent.MISTAKE}"
    assert {(c.level, c.interpretation) for c in caught} == {
        ("implementation-defined", "all-fives.four-players")
    }
    ranked = [cause.rule for cause in likely_causes(run_of(bent, cases).results)]
    assert ranked[:1] == [bent.BENT_RULE], f"{bent.MISTAKE}: likely causes {ranked[:3]}"


@pytest.mark.parametrize("bent_type", ALL + SUITE_ONLY, ids=lambda b: b.__name__)
def test_the_suite_catches_the_bent_engine(bent_type: type[Bent], cases: list[Case]) -> None:
    bent = bent_type()
    caught = catches(bent, cases)
    assert caught, f"no case naming {bent.BENT_RULE} catches: {bent.MISTAKE}"
    if "interpretation" not in base_rules()[bent.BENT_RULE]:
        must = [case.id for case in caught if case.level == "must"]
        assert must, f"only cases of a reading catch: {bent.MISTAKE}"


def failing_cells(run: Run) -> set[tuple[str, str, str]]:
    """(game, rule, level) of every FAIL or ERROR cell of the certificate's rule tables."""
    return {
        (game, rule, level)
        for game, rows in table(run).items()
        for rule, by_level in rows.items()
        for level, cell in by_level.items()
        if verdict(cell) in ("FAIL", "ERROR")
    }


@pytest.mark.parametrize("bent_type", ALL + SUITE_ONLY, ids=lambda b: b.__name__)
def test_only_the_bent_rule_is_blamed(bent_type: type[Bent], cases: list[Case]) -> None:
    """The acceptance of blame by what differs: the first likely cause is the bent rule,
    and in every game that states it no other rule carries FAIL. (A game without the rule
    has another for the same mistake, and may blame it.)"""
    bent = bent_type()
    run = run_of(bent, cases)
    ranked = [cause.rule for cause in likely_causes(run.results)]
    assert ranked[:1] == [bent.BENT_RULE], f"{bent.MISTAKE}: likely causes {ranked[:3]}"
    stating = {game for game in game_names() if bent.BENT_RULE in find_game(game).rules}
    others = sorted(
        cell for cell in failing_cells(run) if cell[0] in stating and cell[1] != bent.BENT_RULE
    )
    assert not others, f"{bent.MISTAKE}: FAIL on {others[:5]}"


#: The rules the issue found marked FAIL for a Five Up adapter whose only bug rounds a
#: total to the nearest 5: it gets them all right.
RIGHT_RULES = (
    "layout.double.crosswise",
    "layout.spinner.every-double",
    "layout.attach-points-not-scoring-ends",
    "score.ends.double-outer-both-halves",
)


def test_a_rounded_total_fails_the_scoring_rule_alone(cases: list[Case]) -> None:
    run = run_of(RoundsTotalToNearestFive(), cases)
    assert {rule for _, rule, _ in failing_cells(run)} == {"score.play.multiple-of-five"}
    out = io.StringIO()
    print_report(run, out)
    five_up = out.getvalue().split("Five Up (five-up)")[1].split("\n\n")[0]
    rows = [
        line.split() for line in five_up.splitlines() if line.startswith(("  layout.", "  score."))
    ]
    for row in rows:
        assert ("FAIL" in row) == (row[0] == "score.play.multiple-of-five"), row
    assert {row[0] for row in rows} >= set(RIGHT_RULES)
    page = comparison_html([Entry("rounding", run, "fives certify")], "fives compare")
    failing = re.findall(r'<tr><td><a href="[^"]*"><code>([^<]+)</code></a></td>(.*?)</tr>', page)
    assert failing
    assert {rule for rule, tds in failing if ">FAIL<" in tds} == {"score.play.multiple-of-five"}
    first = likely_causes(run.results)[0]
    assert first.rule == "score.play.multiple-of-five"
    [twelve] = [
        r for r in run.results if r.case.id == "five-up/layout/total-12-scores-nothing#play-score"
    ]
    assert failure_summary(twelve, blamed_rules(run.results)[twelve.case.id]).startswith(
        "score.play.multiple-of-five: your ends total 12, which is right; 12 is not a positive"
        " multiple of 5, so it scores 0; you scored 10"
    )


def test_a_non_lead_spinner_counting_its_interior_is_blamed_on_that_rule(
    cases: list[Case],
) -> None:
    run = run_of(NonLeadSpinnerCountsInterior(), cases)
    cells = failing_cells(run)
    assert ("all-fives", "score.ends.double-interior-zero", "play-score") in cells
    assert not [cell for cell in cells if cell[1] == "layout.spinner.first-double"]
    # the isolating case: a spinner that was not the lead, and nothing else to get wrong
    failed = {r.case.id for r in run.results if r.status == FAIL}
    assert "all-fives/layout/non-lead-spinner-interior#play-score" in failed
