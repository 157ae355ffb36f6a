"""The fast path answers the protocol for its turn flow, so the suite certifies it on the
hand-written cases and the fuzzer compares it with the reference engine; a fast path that
bends a rule fails both."""

from __future__ import annotations

import pytest

from fives_tools.certify.adapters.fast import FastImplementation
from fives_tools.certify.adapters.python import PythonAdapter
from fives_tools.certify.cases import levels, load_cases
from fives_tools.certify.findings.status import FAIL, PASS
from fives_tools.certify.fuzz.campaign import Plan, Slice, run_campaign
from fives_tools.certify.judge.verdict import CERTIFIED, decide
from fives_tools.certify.runner import run_cases

FUZZ_BUDGET = 400


def _adapter() -> PythonAdapter:
    return PythonAdapter(FastImplementation(), "fast")


def test_the_fast_path_is_certified_on_every_turn_flow_and_play_score_case() -> None:
    run = run_cases(_adapter(), load_cases())
    declared = [c for c in load_cases() if c.capability in (levels.TURN_FLOW, levels.PLAY_SCORE)]
    assert declared and run.count(PASS) == len(declared)
    assert decide(run).kind == CERTIFIED


def test_the_fuzzer_finds_the_fast_path_agreeing_with_the_reference_engine() -> None:
    outcome = run_campaign(_adapter(), Plan(seed=4), Slice(0, 1, FUZZ_BUDGET))
    assert outcome.requests == FUZZ_BUDGET
    assert outcome.ok and outcome.invalid == [], outcome.verdict()


@pytest.mark.usefixtures("every_double_a_spinner")
def test_a_bent_fast_path_fails_the_cases_and_the_fuzzer() -> None:
    run = run_cases(_adapter(), load_cases())
    failed = [r.case for r in run.results if r.status == FAIL and r.case.level == "must"]
    assert failed and {c.game for c in failed} == {"all-fives"}
    outcome = run_campaign(_adapter(), Plan(seed=4, shrink=False), Slice(0, 1, FUZZ_BUDGET))
    assert not outcome.ok
