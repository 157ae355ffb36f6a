"""Every bent engine is caught, by a failing case that names the bent rule (a `must` case
where the sources state that rule outright, with no interpretation), and the
certificate's likely causes name the bent rule first."""

from __future__ import annotations

import pytest
from bent_engines.catalog import ALL, Bent

from fives_engine.rules import base_rules
from fives_tools.certify.adapters.python import PythonAdapter
from fives_tools.certify.cases import Case, load_cases
from fives_tools.certify.reports.causes import likely_causes
from fives_tools.certify.runner import ERROR, FAIL, Run, run_cases


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


@pytest.mark.parametrize("bent_type", ALL, ids=lambda b: b.__name__)
def test_the_suite_catches_the_bent_engine(bent_type: type[Bent], cases: list[Case]) -> None:
    bent = bent_type()
    caught = catches(bent, cases)
    assert caught, f"no case naming {bent.BENT_RULE} catches: {bent.MISTAKE}"
    if "interpretation" not in base_rules()[bent.BENT_RULE]:
        must = [case.id for case in caught if case.level == "must"]
        assert must, f"only cases of a reading catch: {bent.MISTAKE}"


@pytest.mark.parametrize("bent_type", ALL, ids=lambda b: b.__name__)
def test_likely_causes_name_the_bent_rule_first(bent_type: type[Bent], cases: list[Case]) -> None:
    bent = bent_type()
    ranked = [cause.rule for cause in likely_causes(run_of(bent, cases).results)]
    assert ranked[:1] == [bent.BENT_RULE], f"{bent.MISTAKE}: likely causes {ranked[:3]}"
