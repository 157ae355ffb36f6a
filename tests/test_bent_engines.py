"""Every bent engine is caught, by a failing case that names the bent rule; where the
sources state that rule outright (no interpretation), by a failing `must` case."""

from __future__ import annotations

import pytest
from bent_engines.catalog import ALL, Bent

from fives_engine.rules import base_rules
from fives_tools.cases import Case, load_cases
from fives_tools.python_adapter import PythonAdapter
from fives_tools.runner import ERROR, FAIL, run_cases


@pytest.fixture(scope="module")
def cases() -> list[Case]:
    return load_cases()


def catches(bent: Bent, cases: list[Case]) -> list[Case]:
    """The failing cases that name the bent rule (only those are run: it keeps this cheap)."""
    naming = [case for case in cases if bent.BENT_RULE in case.rules]
    run = run_cases(PythonAdapter(bent, type(bent).__name__), naming)
    return [r.case for r in run.results if r.status in (FAIL, ERROR)]


def test_there_are_at_least_forty_bent_engines() -> None:
    assert len(ALL) >= 40
    assert len({b.MISTAKE for b in ALL}) == len(ALL)


@pytest.mark.parametrize("bent_type", ALL, ids=lambda b: b.__name__)
def test_the_suite_catches_the_bent_engine(bent_type: type[Bent], cases: list[Case]) -> None:
    bent = bent_type()
    caught = catches(bent, cases)
    assert caught, f"no case naming {bent.BENT_RULE} catches: {bent.MISTAKE}"
    if "interpretation" not in base_rules()[bent.BENT_RULE]:
        must = [case.id for case in caught if case.level == "must"]
        assert must, f"only cases of a reading catch: {bent.MISTAKE}"
