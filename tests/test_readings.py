"""Every ``implementation-defined`` case depends on its reading: it fails under at least
one alternative reading of the interpretation it names (tests/bent_engines/readings.py).
A case that passes under every reading is a ``must`` case or no case."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from bent_engines.readings import NO_ENGINE, READINGS

from fives_tools.certify.adapters.python import PythonAdapter
from fives_tools.certify.cases import Case, load_cases
from fives_tools.certify.runner import ERROR, FAIL, run_cases

REGISTER = Path(__file__).resolve().parent.parent / "spec" / "interpretations.yaml"


def interpretation_ids() -> list[str]:
    return [e["id"] for e in yaml.safe_load(REGISTER.read_text("utf-8"))["interpretations"]]


@pytest.fixture(scope="module")
def defined() -> list[Case]:
    return [c for c in load_cases() if c.level == "implementation-defined"]


def test_every_interpretation_has_its_other_readings() -> None:
    assert sorted(READINGS) == sorted(interpretation_ids())
    assert {i for i, engines in READINGS.items() if not engines} == set(NO_ENGINE)


@pytest.mark.parametrize("interpretation", sorted(set(READINGS) - set(NO_ENGINE)))
def test_each_case_of_a_reading_fails_under_another_reading(
    interpretation: str, defined: list[Case]
) -> None:
    cases = [c for c in defined if c.interpretation == interpretation]
    failing: set[str] = set()
    for engine in READINGS[interpretation]:
        run = run_cases(PythonAdapter(engine(), engine.__name__), cases)
        failing |= {r.case.id for r in run.results if r.status in (FAIL, ERROR)}
    passing = [c.id for c in cases if c.id not in failing]
    assert passing == [], "passes under every reading: make it a must case, or drop it"


def test_every_implementation_defined_case_names_a_known_interpretation(
    defined: list[Case],
) -> None:
    unknown = {
        c.id for c in defined if c.interpretation not in READINGS or c.interpretation in NO_ENGINE
    }
    assert unknown == set()
