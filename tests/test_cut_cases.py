"""A case's script the implementation refuses is cut where it first went wrong (the most
actions it answers) to narrow the blame; cutting asks again, so an implementation that
crashes or hangs on a prefix ends the cutting at once, and the case errs as it did."""

from __future__ import annotations

from typing import Any

from fives_tools.certify import cut
from fives_tools.certify.adapters.interface import AdapterError, AdapterInfo
from fives_tools.certify.cases import load_cases
from fives_tools.certify.findings.status import ERROR
from fives_tools.certify.runner import run_case

CASE = "five-up/match/five-up-two-players-five-hands-leaders#match-end"


class RefusesThenHangs:
    """Refuses the whole script (``bad-request``) and times out on anything shorter."""

    def __init__(self, full: dict[str, Any]) -> None:
        self.full, self.asked = full, 0

    def start(self) -> AdapterInfo:
        raise AssertionError("not started: run_case is given it started")

    def run(self, request: dict[str, Any], case_id: str = "") -> dict[str, Any]:
        self.asked += 1
        if request == self.full:
            return {"error": {"kind": "bad-request", "message": "seat 0 does not hold it"}}
        raise AdapterError("no reply within 10 s")

    def stop(self) -> None:
        pass


def test_a_hang_while_cutting_ends_the_cutting_at_once() -> None:
    case = next(c for c in load_cases() if c.id == CASE)
    assert cut.length(case.request) > 8  # a bisection would ask about 6 times
    adapter = RefusesThenHangs(dict(case.request))
    result = run_case(adapter, case)
    assert result.status == ERROR and result.cut is None
    assert adapter.asked == 2, "one prefix asked, then the cutting stops"
