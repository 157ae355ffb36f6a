"""Fuzz classes are keyed by the kind of error too, and the verdict counts disagreements
on implementation-defined readings apart from the rest (tools/fives_tools/certify/fuzz)."""

from __future__ import annotations

from typing import Any

from fives_tools.certify.adapters.interface import AdapterInfo
from fives_tools.certify.compare import compare
from fives_tools.certify.fuzz.campaign import Outcome
from fives_tools.certify.fuzz.classes import Disagreement
from fives_tools.certify.reports import fuzz as report

INFO = AdapterInfo("bent", "python", "0", "1.0", ("all-fives",), ("match-end",))
MATCH = {"type": "match", "game": "five-up", "players": 2, "hands": []}


def _finding(
    index: int, request: dict[str, Any], reference: dict[str, Any], reply: dict[str, Any]
) -> Disagreement:
    return Disagreement(
        0, index, "test", request, reference, reply, compare(reference, reply), reference
    )


def _refusal(kind: str) -> dict[str, Any]:
    return {"error": {"kind": kind, "message": "no"}}


def test_the_same_fields_with_other_error_kinds_are_other_classes() -> None:
    reference = {"scores": [0, 0]}
    bad = _finding(1, MATCH, reference, _refusal("bad-request"))
    deal = _finding(2, MATCH, reference, _refusal("illegal-deal"))
    assert {m.field for m in bad.mismatches} == {m.field for m in deal.mismatches}
    assert bad.key.errors == ("none", "bad-request")
    assert deal.key.errors == ("none", "illegal-deal")
    outcome = Outcome(INFO, 0, requests=2)
    assert outcome.add(bad) is not None and outcome.add(deal) is not None
    assert len(outcome.classes) == 2
    assert "(reference none, implementation bad-request)" in report.console(outcome, "fives fuzz")


def test_a_disagreement_on_readings_only_is_reported_apart() -> None:
    """Side A before side B is a reading (interpretation layout.symmetric-attach-points):
    a refusal naming layout.side-a-first that the other side lacks implicates only a rule
    that depends on a reading. A differing spinner list implicates a stated rule."""
    side_b = {"type": "layout", "game": "all-fives", "plays": ["[5|5]", "[5|6]@[5|5]:straight-b"]}
    refused = {"error": {"kind": "illegal-play", "rule": "layout.side-a-first", "message": "A"}}
    accepted: dict[str, Any] = {"spinners": ["[5|5]"]}
    reading = _finding(1, side_b, refused, accepted)
    layout = {"type": "layout", "game": "all-fives", "plays": ["[5|5]"]}
    stated = _finding(2, layout, {"spinners": ["[5|5]"]}, {"spinners": []})
    assert reading.interpretations and not stated.interpretations
    outcome = Outcome(INFO, 0, requests=10)
    outcome.add(reading)
    outcome.add(stated)
    outcome.add(_finding(3, side_b, refused, accepted))
    assert outcome.verdict() == (
        "random agreement with the reference engine: 10 requests, 1 disagreement in 1 class,"
        " and 2 on implementation-defined readings in 1 class"
    )
    assert [c.first.index for c in report.ordered(outcome)] == [2, 1]
    text = report.console(outcome, "fives fuzz")
    assert "[implementation-defined]" in text and "readings " + reading.interpretations[0] in text
    data = report.to_json(outcome, "fives fuzz")
    assert data["implementation_defined_disagreements"] == 2
    assert [c["implementation_defined"] for c in data["classes"]] == [False, True]


def test_without_readings_the_verdict_is_unchanged() -> None:
    outcome = Outcome(INFO, 0, requests=5)
    assert outcome.verdict().endswith("5 requests, 0 disagreements in 0 classes")
