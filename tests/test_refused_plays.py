"""An engine that refuses a legal play (issue #27, item 2): ``error.kind: refused``, with
the play and its reason, fails the case on the rule that allows the play, where
``unsupported`` made it an error that no rule carries."""

from __future__ import annotations

import io
import shutil
from pathlib import Path
from typing import Any

import pytest
from reply_forms import Scripted, exchange

from fives_tools.certify.adapters.program import SubprocessAdapter
from fives_tools.certify.adapters.python import PythonAdapter
from fives_tools.certify.adapters.reference import ReferenceImplementation
from fives_tools.certify.cases import Case, load_cases
from fives_tools.certify.compare import Mismatch
from fives_tools.certify.findings.status import ERROR, FAIL
from fives_tools.certify.fuzz.campaign import Plan, Slice, run_campaign
from fives_tools.certify.judge.causes import likely_causes, run_blamed
from fives_tools.certify.judge.fields import Evidence, allowing_rules, field_rules
from fives_tools.certify.refusals import ACCEPTED, REFUSED, request_plays
from fives_tools.certify.reports.console import print_report
from fives_tools.certify.runner import Run, run_cases

ROOT = Path(__file__).resolve().parent.parent
ARMS = "a two-ended engine has no spinner's arms"


class TwoEnded(ReferenceImplementation):
    """Refuses every play on a side branch, as an engine with two open ends must; ``kind``
    is how it says so."""

    kind = REFUSED

    def run(self, request: dict[str, Any]) -> dict[str, Any]:
        arms = [p for p in request_plays(request) if ":branch-" in p]
        if arms:
            return {"error": {"kind": self.kind, "play": arms[0], "message": ARMS}}
        return super().run(request)


class Unsupported(TwoEnded):
    kind = "unsupported"


@pytest.fixture(scope="module")
def cases() -> list[Case]:
    return load_cases()


@pytest.fixture(scope="module")
def refused_run(cases: list[Case]) -> Run:
    return run_cases(PythonAdapter(TwoEnded()), cases)


def test_a_refused_legal_play_fails_on_the_rule_that_allows_it(refused_run: Run) -> None:
    failed = [r for r in refused_run.results if r.status == FAIL]
    assert failed and not [r for r in refused_run.results if r.status == ERROR]
    assert all([m.field for m in r.mismatches] == ["refused"] for r in failed)
    assert all(r.mismatches[0].got["message"] == ARMS for r in failed)
    blamed = run_blamed(refused_run)
    assert set(blamed) == {r.case.id for r in failed}
    assert {rule.rsplit(".", 1)[0] for rule in blamed.values()} == {"layout.spinner"}
    documented = "five-up/layout/non-lead-spinner-interior#play-score"
    assert blamed[documented] == "layout.spinner.every-double"  # as spec/protocol.md says
    assert likely_causes(refused_run.results)[0].rule.startswith("layout.spinner.")
    out = io.StringIO()
    print_report(refused_run, out)
    assert f"you refused [1|5]@[1|1]:branch-a, a legal play: {ARMS}" in out.getvalue()


def test_unsupported_is_an_error_no_rule_carries(cases: list[Case], refused_run: Run) -> None:
    run = run_cases(PythonAdapter(Unsupported()), cases)
    errors = {r.case.id for r in run.results if r.status == ERROR}
    assert errors == {r.case.id for r in refused_run.results if r.status == FAIL}
    assert not [r for r in run.results if r.status == FAIL]  # a failure nowhere


def test_a_refusal_of_a_play_the_request_does_not_make_is_an_error(cases: list[Case]) -> None:
    class Confused(ReferenceImplementation):
        def run(self, request: dict[str, Any]) -> dict[str, Any]:
            return {"error": {"kind": REFUSED, "play": "[6|6]@[0|0]:branch-a"}}

    [case] = [c for c in cases if c.id == "five-up/layout/two-ends-same-pips#attach-points"]
    [result] = run_cases(PythonAdapter(Confused()), [case]).results
    assert result.status == ERROR
    assert result.message == (
        "the implementation refused [6|6]@[0|0]:branch-a, which is not a play of the request"
    )


def test_the_documented_refusal_is_valid_and_fails_its_case(cases: list[Case]) -> None:
    lines = exchange("### My engine refuses this play")
    run, result = lines["run"], lines["result"]
    [case] = [c for c in cases if c.id == run["case"]]
    assert case.request == run["request"]
    assert TwoEnded().run(run["request"]) == result["reply"]
    ready = {"type": "ready", **TwoEnded().start()}
    one = run_cases(PythonAdapter(Scripted(ready, result["reply"])), [case])
    assert one.results[0].status == FAIL
    assert run_blamed(one)[case.id].startswith("layout.spinner.")


def test_the_node_example_two_ended_fails_on_the_spinner_rules(
    cases: list[Case], refused_run: Run
) -> None:
    node = shutil.which("node")
    assert node, "Node.js is needed to certify the example adapter (apt-get install nodejs)"
    script = str(ROOT / "examples" / "node-adapter" / "adapter.js")
    run = run_cases(SubprocessAdapter([node, script, "--two-ended"]), cases)
    failed = {r.case.id for r in run.results if r.status == FAIL}
    assert failed == {r.case.id for r in refused_run.results if r.status == FAIL}
    assert not [r for r in run.results if r.status == ERROR]
    assert run_blamed(run) == run_blamed(refused_run)


@pytest.mark.parametrize(
    ("play", "rules"),
    [
        ("[1|3]@[1|1]:branch-a", {"layout.spinner."}),
        # side A first forbids side B before A; it allows nothing the branch rules do not
        ("[1|3]@[1|1]:branch-b", {"layout.spinner."}),
        ("[1|3]@[3|3]:straight-a", {"layout.double.crosswise"}),
        ("[1|3]@[3|4]:small-end", {"play.match-attach-point"}),
        ("[1|3]", {"lead.any-tile"}),
        ("pass", {"turn.pass-empty-boneyard"}),
    ],
)
def test_a_refusal_implicates_the_rules_that_allow_the_play(play: str, rules: set[str]) -> None:
    refused = Mismatch(REFUSED, ACCEPTED, {"play": play, "message": "no"})
    assert allowing_rules(refused) == rules
    assert field_rules(refused, Evidence())[1] == f"you refused {play}, a legal play: no"


def test_fuzz_takes_a_refused_play_as_a_case_does() -> None:
    """The fuzzer judges a refusal as the cases do (one judgement): one difference, on
    ``refused``, blamed on the rules that allow the play; ``unsupported`` stays an answer
    that answers nothing, on ``error``."""
    plan = Plan(seed=3, shrink=False)
    seen = {}
    for engine in (TwoEnded, Unsupported):
        outcome = run_campaign(PythonAdapter(engine(), engine.__name__), plan, Slice(0, 1, 300))
        seen[engine] = [c.first for c in outcome.classes.values()]
    refused = seen[TwoEnded]
    assert refused and all([m.field for m in f.mismatches] == ["refused"] for f in refused)
    for finding in refused:  # a side branch: the spinner's rules (and side A first, for B)
        play = finding.mismatches[0].got["play"]
        families = tuple(allowing_rules(finding.mismatches[0]))
        assert all(rule.startswith(families) for rule in finding.rules), play
        assert any(rule.startswith("layout.spinner.") for rule in finding.rules), play
    assert all([m.field for m in f.mismatches] == ["error"] for f in seen[Unsupported])
    assert len(seen[Unsupported]) >= 1
