"""Places in the engine's own terms: an implementation that answers in the pips form is
held to what that form can say (its attach points and plays as the pips form of the
hand-written expectation), and what it cannot say is reported as not decidable: never a
pass, never a failure."""

from __future__ import annotations

import contextlib
import io
import json
from typing import Any

import pytest
from bent_engines.catalog import (
    Bent,
    EveryDoubleSpinsInAllFives,
    TilePlayedTwice,
    _ignoring,
)
from reply_forms import Scripted, exchange, form_engine, in_form

from fives_tools.certify import places
from fives_tools.certify.adapters.python import PythonAdapter
from fives_tools.certify.adapters.reference import ReferenceImplementation
from fives_tools.certify.cases import Case, levels, load_cases
from fives_tools.certify.compare import compare
from fives_tools.certify.findings.status import FAIL, PASS, SKIP
from fives_tools.certify.fuzz.campaign import Plan, Slice, run_campaign
from fives_tools.certify.fuzz.scope import Scope
from fives_tools.certify.reports.comparison import Entry
from fives_tools.certify.reports.console import print_report
from fives_tools.certify.reports.formats import to_json, to_markdown
from fives_tools.certify.reports.html import certificate_html
from fives_tools.certify.runner import Run, run_cases


def in_pips_form(reply: dict[str, Any]) -> dict[str, Any]:
    """A reply as an engine without place names would give it."""
    return in_form(reply, places.PIPS)


def pips_engine(base: type[ReferenceImplementation]) -> ReferenceImplementation:
    return form_engine(base, places.PIPS)


@pytest.fixture(scope="module")
def layout_cases() -> list[Case]:
    return [c for c in load_cases() if c.kind == "layout"]


@pytest.fixture(scope="module")
def pips_run(layout_cases: list[Case]) -> Run:
    return run_cases(PythonAdapter(pips_engine(ReferenceImplementation)), layout_cases)


def test_the_reference_in_the_pips_form_passes_all_it_can_decide(pips_run: Run) -> None:
    assert pips_run.adapter.places == places.PIPS
    assert [r.case.id for r in pips_run.results if r.status not in (PASS, SKIP)] == []
    skipped = [r for r in pips_run.results if r.status == SKIP]
    assert skipped == pips_run.undecided  # every skip is one the form cannot decide
    conn = [r for r in pips_run.results if r.case.capability == levels.CONNECTIONS]
    assert conn and all(r.status == SKIP and r.reply is None for r in conn)  # never sent
    rejects = {r.case.fixture_id for r in skipped if r.case.capability != levels.CONNECTIONS}
    assert rejects == {  # illegal only for their place, or not writable in the form
        "layout/branch-before-straights",
        "layout/double-has-no-end",
        "layout/unmatched-pips-rejected",
        "layout/straight-side-only-on-a-double-rejected",
    }
    decided = {r.case.fixture_id for r in pips_run.results if "reject" in r.case.request}
    assert {"layout/tile-played-twice-rejected", "layout/place-taken-rejected"} <= decided - (
        rejects
    )


def test_a_bent_attach_point_fails_in_the_pips_form(layout_cases: list[Case]) -> None:
    run = run_cases(PythonAdapter(pips_engine(EveryDoubleSpinsInAllFives)), layout_cases)
    failed = [r for r in run.results if r.status == FAIL]
    assert failed and all(r.case.game == "all-fives" for r in failed)
    assert any(m.field == "attach_points" for r in failed for m in r.mismatches)


def test_a_decidable_rejection_accepted_is_a_failure(layout_cases: list[Case]) -> None:
    run = run_cases(PythonAdapter(pips_engine(TilePlayedTwice)), layout_cases)
    failed = {r.case.id for r in run.results if r.status == FAIL}
    assert "all-fives/layout/tile-played-twice-rejected#attach-points" in failed


class BranchTakenBeforeStraights(Bent):
    """Accepts a side branch before both straight sides are filled, and changes nothing else."""

    BENT_RULE = "layout.spinner.straights-first"
    MISTAKE = "a play on a side branch before both straight sides are filled is accepted"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        return [_ignoring(self.BENT_RULE)]


def test_a_place_only_rejection_is_never_a_pass_nor_a_failure(layout_cases: list[Case]) -> None:
    """A side branch before both straight sides is illegal only for its place: the pips
    form cannot tell it from the open straight side, so an engine that accepts it is neither
    failed nor passed on it."""
    run = run_cases(PythonAdapter(pips_engine(BranchTakenBeforeStraights)), layout_cases)
    bent = [r for r in run.results if r.case.fixture_id == "layout/branch-before-straights"]
    attach = [r for r in bent if r.case.capability == levels.ATTACH_POINTS]
    assert attach and all(r.status == SKIP for r in attach)
    assert all(r.message.startswith(places.UNDECIDABLE) for r in attach)
    assert all(r.reply is not None and r.reply["error"] is None for r in attach)


def test_pips_form_sets_allow_repeats_and_plays_without_anchors() -> None:
    want = {"legal_plays": ["[0|5]@[5|5]:5", "[5|6]@[5|5]:5"]}
    twice = {"legal_plays": ["[0|5]@[5|5]:5", "[0|5]@[5|5]:5", "[5|6]@[5|5]:5"]}
    assert not compare(want, twice, places.PIPS)
    assert compare(want, twice)  # the canonical form counts a repeat against the reply
    assert not compare(want, {"legal_plays": ["[0|5]@5", "[5|6]@5"]}, places.PIPS)
    assert compare(want, {"legal_plays": ["[0|5]@5"]}, places.PIPS)
    assert compare(want, {"legal_plays": ["[0|5]@[5|5]:5", "[5|6]@[0|5]:5"]}, places.PIPS)


def test_the_certificate_states_the_form_and_the_undecided(pips_run: Run) -> None:
    out = io.StringIO()
    print_report(pips_run, out)
    text = out.getvalue()
    assert "Places: the pips form" in text
    assert f"Not decidable in the pips form ({len(pips_run.undecided)} cases)" in text
    assert "layout/branch-before-straights#attach-points" in text
    markdown = to_markdown(pips_run)
    assert "- places: the pips form" in markdown
    assert "## Not decidable in the pips form" in markdown
    data = to_json(pips_run)
    assert data["implementation"]["places"] == "pips"
    assert data["undecided"] == [r.case.id for r in pips_run.undecided]
    json.dumps(data)
    page = certificate_html(Entry("pips", pips_run, ""))
    assert "places: the pips form" in page and "Not decidable in the pips form" in page


def test_the_documented_exchange_is_what_the_runner_does() -> None:
    lines = exchange("## Places in the pips form")
    ready, run, result = lines["ready"], lines["run"], lines["result"]
    assert ready["places"] == places.PIPS
    [case] = [c for c in load_cases() if c.id == run["case"]]
    assert case.request == run["request"]
    [answered] = run_cases(PythonAdapter(Scripted(ready, result["reply"])), [case]).results
    assert answered.status == SKIP and answered.message.startswith(places.UNDECIDABLE)
    expect, _ = places.expectation(case)
    assert not compare({k: v for k, v in expect.items() if k != "error"}, result["reply"], "pips")


@pytest.mark.parametrize("form", [places.PIPS, places.ENDS])
def test_fives_fuzz_compares_in_the_engines_form(form: str) -> None:
    """The reference engine's replies are rewritten in the engine's form: the reference
    itself, answering in that form, agrees everywhere, and is asked nothing at the level
    the form cannot decide (connections)."""
    engine = PythonAdapter(form_engine(ReferenceImplementation, form))
    info = engine.start()
    assert levels.CONNECTIONS in info.levels
    assert levels.CONNECTIONS not in Scope.of(info).levels
    outcome = run_campaign(engine, Plan(seed=2), Slice(0, 1, 120))
    assert outcome.disagreements == 0


def test_only_declared_levels_are_listed_as_not_decidable(layout_cases: list[Case]) -> None:
    """An engine that does not declare ``connections`` never tried those cases: they are
    skipped as undeclared, not listed as if the form had been unable to decide them."""

    class NoConnections(ReferenceImplementation):
        def start(self) -> dict[str, Any]:
            ready = super().start()
            kept = [lvl for lvl in ready["levels"] if lvl != levels.CONNECTIONS]
            return {**ready, "places": "pips", "levels": kept}

        def run(self, request: dict[str, Any]) -> dict[str, Any]:
            return in_pips_form(super().run(request))

    run = run_cases(PythonAdapter(NoConnections()), layout_cases)
    assert run.undecided and all(r.case.capability != levels.CONNECTIONS for r in run.undecided)
    conn = [r for r in run.results if r.case.capability == levels.CONNECTIONS]
    assert conn and all("does not declare the level" in r.message for r in conn)
