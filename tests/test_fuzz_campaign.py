"""Campaigns: every bent engine is caught by the fuzzer alone; the reference engine agrees
with itself through the protocol; shrinking and splitting keep what was found."""

from __future__ import annotations

import shutil
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from bent_engines.catalog import ALL, Bent, TieGoesToTheSideThatWentOut

from fives_tools import partial, processes
from fives_tools.certify.adapters.program import SubprocessAdapter
from fives_tools.certify.adapters.python import PythonAdapter
from fives_tools.certify.adapters.reference import ReferenceAdapter
from fives_tools.certify.fuzz import differ
from fives_tools.certify.fuzz.campaign import (
    DEFAULT_BUDGET,
    Judge,
    Outcome,
    Plan,
    Slice,
    run_campaign,
)
from fives_tools.certify.fuzz.generate import generate
from fives_tools.certify.fuzz.reference import FAST_TYPES, ReferenceEngine
from fives_tools.certify.fuzz.scope import Scope
from fives_tools.certify.fuzz.shrink import size
from fives_tools.certify.reports import fuzz as report

ROOT = Path(__file__).resolve().parent.parent


def _bent(bent_type: type[Bent]) -> PythonAdapter:
    return PythonAdapter(bent_type(), bent_type.__name__)


@pytest.mark.parametrize("bent_type", ALL, ids=lambda b: b.__name__)
def test_the_fuzzer_alone_catches_the_bent_engine(bent_type: type[Bent]) -> None:
    plan = Plan(seed=0, first_class_only=True, shrink=False)
    outcome = run_campaign(_bent(bent_type), plan, Slice(0, 1, DEFAULT_BUDGET))
    assert not outcome.ok, f"{DEFAULT_BUDGET} requests agree with: {bent_type.MISTAKE}"
    assert outcome.invalid == []


def test_a_five_up_tie_at_the_top_mistake_is_found_by_matches_ending_near_the_target() -> None:
    """The recipe match-ends starts the sides where a hand leaves two of them tied on or over
    61: a Five Up tie mistake is found by it within the first requests of a fixed seed, a
    small part of the 1,700 or so that `fives fuzz --time 30` sends on this suite's machine."""
    plan = Plan(seed=0, games=("five-up",), levels=("match-end",), first_class_only=True)
    outcome = run_campaign(_bent(TieGoesToTheSideThatWentOut), plan, Slice(0, 1, 60))
    assert not outcome.ok, "60 match requests agree with a tie won by the side that went out"
    [found] = outcome.classes.values()
    assert found.first.recipe == "match-ends"
    assert found.key.rules == ("match.tie-plays-on",)


def test_the_reference_engine_agrees_with_itself_through_the_protocol() -> None:
    adapter = SubprocessAdapter([sys.executable, "-m", "fives_tools.certify.adapters.stdio_server"])
    outcome = run_campaign(adapter, Plan(seed=1), Slice(0, 1, 250))
    assert outcome.requests == 250
    assert outcome.ok, outcome.verdict()
    assert outcome.invalid == []
    assert outcome.verdict().endswith("250 requests, 0 disagreements in 0 classes")


def test_the_node_example_agrees_with_the_reference_engine_at_its_levels() -> None:
    node = shutil.which("node")
    assert node, "Node.js is needed to fuzz the example adapter (apt-get install nodejs)"
    adapter = SubprocessAdapter([node, str(ROOT / "examples" / "node-adapter" / "adapter.js")])
    outcome = run_campaign(adapter, Plan(seed=2), Slice(0, 1, 120))
    assert outcome.ok, outcome.verdict()


def test_shrinking_gives_a_smaller_request_that_still_disagrees() -> None:
    outcome = run_campaign(_bent(ALL[0]), Plan(seed=0, first_class_only=True), Slice(0, 1, 200))
    shrunk = [c for c in outcome.classes.values() if c.shrunk is not None]
    assert shrunk
    reference = ReferenceAdapter()
    impl = _bent(ALL[0])
    judge = Judge(impl, reference, reference.start().levels)
    impl.start()
    for cls in shrunk:
        assert cls.shrunk is not None
        assert size(cls.shrunk.request) < size(cls.first.request)
        again = judge(cls.shrunk.request)
        assert again is not None and again.key == cls.key


def test_split_slices_merge_into_the_whole_campaign() -> None:
    bent = next(b for b in ALL if b.__name__ == "RoundsTwoUp")
    plan = Plan(seed=4, shrink=False)
    whole = run_campaign(_bent(bent), plan, Slice(0, 1, 120))
    parts = [run_campaign(_bent(bent), plan, part) for part in Slice(0, 1, 120).split(3)]
    merged = parts[0]
    for other in parts[1:]:
        merged.merge(other)
    assert merged.requests == whole.requests == 120
    assert merged.disagreements == whole.disagreements > 0
    assert {k: c.first.index for k, c in merged.classes.items()} == {
        k: c.first.index for k, c in whole.classes.items()
    }


def test_the_fast_expectation_is_the_reference_engines_on_what_it_answers() -> None:
    """Turns and perft requests are answered on the fast path: as the reference engine
    answers them, in every field an implementation is held to."""
    fast, plain = ReferenceEngine(fast_path=True), ReferenceEngine()
    scope = Scope.of(plain.start())
    asked = 0
    for index in range(300):
        request = generate(6, index, scope).request
        if request["type"] not in FAST_TYPES:
            continue
        asked += 1
        want = differ.expectation(request, plain.run(request), scope.levels)
        assert differ.expectation(request, fast.run(request), scope.levels) == want, request
    assert asked > 50


@pytest.mark.usefixtures("every_double_a_spinner")
def test_a_disagreement_never_rests_on_the_fast_path() -> None:
    """With the fast path bent, the reference engine (which agrees with itself) is still
    found agreeing: every disagreement is judged again on the reference engine alone."""
    plan = Plan(seed=4, games=("all-fives",), levels=("turn-flow",), shrink=False)
    outcome = run_campaign(ReferenceAdapter(), plan, Slice(0, 1, 150))
    assert outcome.ok, outcome.verdict()
    fast, plain = ReferenceEngine(fast_path=True), ReferenceEngine()
    scope = Scope.of(plain.start(), plan.games, plan.levels)
    requests = [generate(4, i, scope).request for i in range(60)]
    assert any(fast.run(r) != plain.run(r) for r in requests)  # the bend shows


class _Stopped(PythonAdapter):
    """A bent engine that is interrupted (as by SIGTERM) on its ``after + 1``-th request."""

    def __init__(self, bent_type: type[Bent], after: int) -> None:
        super().__init__(bent_type(), bent_type.__name__)
        self.asked, self.after = 0, after

    def run(self, request: dict[str, Any], case_id: str = "") -> dict[str, Any]:
        self.asked += 1
        if self.asked > self.after:
            raise processes.Interrupted("SIGTERM")
        return super().run(request, case_id)


def test_an_interrupted_campaign_carries_what_it_found_and_claims_no_verdict() -> None:
    plan = Plan(seed=0, first_class_only=True, shrink=False)
    counted = _Stopped(ALL[0], 10**9)
    found = run_campaign(counted, plan, Slice(0, 1, DEFAULT_BUDGET))
    assert found.classes
    with pytest.raises(KeyboardInterrupt) as stopped:  # a request after the first class
        run_campaign(_Stopped(ALL[0], counted.asked), replace(plan, first_class_only=False))
    outcome = partial.carried(stopped.value, Outcome)
    assert outcome is not None and not outcome.ok
    assert len(outcome.classes) == len(found.classes) and outcome.requests == found.requests
    assert outcome.verdict().startswith(f"INTERRUPTED: by SIGTERM after {found.requests} request")
    assert "random agreement" not in outcome.verdict()
    written = report.to_json(outcome, "fives fuzz")
    assert written["interrupted"] == {
        "signal": "SIGTERM",
        "requests_run": found.requests,
        "requests_selected": None,
    }
    assert len(written["classes"]) == len(found.classes)
