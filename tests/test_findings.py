"""One finding type for every kind of evidence: a failing case's field, a fuzz
disagreement and an audit divergence are each a ``Finding``, written by ``to_json`` and
read back by ``from_json`` to the same value; a text form that is no finding is refused,
naming the field."""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

import pytest
from observed import minimal_example

from fives_tools.certify.cases import load_cases
from fives_tools.certify.compare import Mismatch
from fives_tools.certify.findings.finding import AUDIT, CASE, FUZZ, Finding, FindingError
from fives_tools.certify.findings.status import FAIL
from fives_tools.certify.fuzz.classes import Disagreement
from fives_tools.certify.judge.blame import findings
from fives_tools.certify.observe import audit_records
from fives_tools.certify.runner import Result


def _round_trip(found: Finding) -> None:
    again = Finding.from_json(found.to_json())
    assert again == found
    assert again.prefix == found.prefix and again.kind == found.kind


def test_an_audit_divergence_is_a_finding_that_reads_back() -> None:
    record = minimal_example()
    record["hands"][0]["actions"][7]["score"] = 15
    (found,) = audit_records([record]).divergences
    assert found.kind == AUDIT and found.checked == "score"
    _round_trip(found)


def test_a_failing_case_gives_one_finding_per_differing_field() -> None:
    case = next(c for c in load_cases() if c.kind == "layout" and "score" in c.expect)
    wrong = {**case.expect["score"], "raw": case.expect["score"]["raw"] + 5}
    result = Result(case, FAIL, [Mismatch("score", case.expect["score"], wrong)])
    (found,) = findings(result)
    assert found.kind == CASE and found.record == case.id and found.checked == "score"
    assert found.rule in found.candidates and found.requirement == case.level
    _round_trip(found)
    assert findings(dataclasses.replace(result, status="pass")) == []


def test_a_fuzz_disagreement_is_a_finding_that_reads_back() -> None:
    request = {"type": "layout", "game": "all-fives", "plays": ["[5|5]"]}
    mismatch = Mismatch("score", {"raw": 10, "display": 10}, {"raw": 5, "display": 5})
    found = Disagreement(3, 7, "probe", request, {}, {}, [mismatch]).finding("fives fuzz ...")
    assert found.kind == FUZZ and found.record == "seed 3, request 7" and found.candidates
    _round_trip(found)


@pytest.mark.parametrize(
    ("field", "value", "said"),
    [
        ("hand", True, "field hand: a whole number"),
        ("hand", -1, "field hand: a whole number from 0"),
        ("action", "5", "field action: a whole number from 1 or null"),
        ("consequence_of", 0, "field consequence_of: a whole number from 1"),
        ("rule", 5, "field rule: a string, not a number"),
        ("requirement", "should", "field requirement: one of must, implementation-defined"),
        ("kind", "guess", "field kind: one of audit, case, fuzz"),
        ("candidates", ["a", 1], "field candidates: a list of strings"),
        ("prefix", [], "field prefix: an object"),
    ],
)
def test_a_text_form_that_is_no_finding_is_refused_naming_the_field(
    field: str, value: Any, said: str
) -> None:
    record = minimal_example()
    record["hands"][0]["actions"][7]["score"] = 15
    data = audit_records([record]).divergences[0].to_json()
    bad = copy.deepcopy(data)
    bad[field] = value
    with pytest.raises(FindingError, match=said):
        Finding.from_json(bad)
    with pytest.raises(FindingError, match="a finding is an object"):
        Finding.from_json([data])
