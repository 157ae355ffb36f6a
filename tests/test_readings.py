"""Every ``implementation-defined`` case depends on its reading: it fails under at least
one alternative reading of the interpretation it names (tests/bent_engines/readings.py).
A case that passes under every reading is a ``must`` case or no case. Conversely a
``must`` case passes under every reading of its game's interpretations, but for the ones
still listed, with the reading they lean on, in tests/must_cases_on_a_reading.yaml."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from bent_engines.readings import NO_ENGINE, READINGS

from fives_tools.certify.adapters.python import PythonAdapter
from fives_tools.certify.cases import Case, load_cases
from fives_tools.certify.findings.status import ERROR, FAIL
from fives_tools.certify.runner import run_cases

REGISTER = Path(__file__).resolve().parent.parent / "spec" / "interpretations.yaml"
LEANING = Path(__file__).with_name("must_cases_on_a_reading.yaml")


def register() -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = yaml.safe_load(REGISTER.read_text("utf-8"))["interpretations"]
    return entries


def interpretation_ids() -> list[str]:
    return [e["id"] for e in register()]


def leaning() -> set[tuple[str, str]]:
    """The must cases known to lean on a reading, as (case ID, interpretation): a case may
    lean on more than one."""
    return {
        (e["case"], e["interpretation"])
        for e in yaml.safe_load(LEANING.read_text("utf-8"))["cases"]
    }


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


@pytest.mark.parametrize("interpretation", sorted(set(READINGS) - set(NO_ENGINE)))
def test_no_new_must_case_leans_on_a_reading(interpretation: str) -> None:
    games = next(e["games"] for e in register() if e["id"] == interpretation)
    cases = [c for c in load_cases() if c.level == "must" and c.game in games]
    failing: set[str] = set()
    for engine in READINGS[interpretation]:
        run = run_cases(PythonAdapter(engine(), engine.__name__), cases)
        failing |= {r.case.id for r in run.results if r.status in (FAIL, ERROR)}
    known = {c for c, i in leaning() if i == interpretation}
    assert sorted(failing - known) == [], "must cases that fail under another reading"
    assert sorted(known - failing) == [], "no longer lean on it: remove them from the list"
