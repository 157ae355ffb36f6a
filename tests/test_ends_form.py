"""Engines that keep only end values (issue #27, items 1 and 3): ``"places": "ends"`` writes
the pips form with no tiles (attach points ``(1)``, scoring ends ``2``, plays ``[1|2]@1``).
What that form can say is compared; what it cannot is not decidable; and which of two
open ends showing the same pips such an engine plays on cannot change its verdict."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path
from typing import Any

import pytest
from bent_engines.catalog import EveryDoubleSpinsInAllFives
from reply_forms import Scripted, exchange, form_engine

from fives_engine import Layout, PipsPlay, Play, find_game
from fives_tools.certify import places
from fives_tools.certify.adapters import protocol
from fives_tools.certify.adapters.program import SubprocessAdapter
from fives_tools.certify.adapters.python import PythonAdapter
from fives_tools.certify.adapters.reference import ReferenceImplementation
from fives_tools.certify.cases import Case, levels, load_cases
from fives_tools.certify.findings.status import ERROR, FAIL, PASS, SKIP
from fives_tools.certify.judge.verdict import CERTIFIED, decide
from fives_tools.certify.reports.comparison import places_note
from fives_tools.certify.runner import Run, run_cases

ROOT = Path(__file__).resolve().parent.parent


def ends_engine(base: type[ReferenceImplementation]) -> ReferenceImplementation:
    return form_engine(base, places.ENDS)


class OtherEnd(ReferenceImplementation):
    """Plays each tile of a ``layout`` request on the *last* open end (canonical order)
    showing the pips it names, whatever tile that end belongs to: what an adapter of an
    engine that keeps only end values may do when two ends show the same pips."""

    moved = 0

    def run(self, request: dict[str, Any]) -> dict[str, Any]:
        if request.get("type") != "layout":
            return super().run(request)
        spinners = find_game(request["game"]).parameters["spinners"]
        layout, plays = Layout(spinners), []
        for text in request["plays"]:
            play = Play.parse(text)
            if play.anchor is not None:
                anywhere = PipsPlay(play.tile, None, PipsPlay.of(play).pips)
                fits = [p for p in layout.legal_plays(play.tile) if anywhere.matches(p)]
                OtherEnd.moved += fits[-1] != play
                play = fits[-1]
            layout.play(play)
            plays.append(str(play))
        return super().run({**request, "plays": plays})


@pytest.fixture(scope="module")
def layout_cases() -> list[Case]:
    return [c for c in load_cases() if c.kind == "layout"]


@pytest.fixture(scope="module")
def ends_run() -> Run:
    return run_cases(PythonAdapter(ends_engine(ReferenceImplementation)), load_cases())


def test_the_reference_in_the_ends_form_passes_all_it_can_decide(ends_run: Run) -> None:
    assert ends_run.adapter.places == places.ENDS
    assert [r.case.id for r in ends_run.results if r.status in (FAIL, ERROR)] == []
    skipped = [r for r in ends_run.results if r.status == SKIP]
    assert skipped == ends_run.undecided
    passed = {r.case.capability for r in ends_run.results if r.status == PASS}
    assert {levels.ATTACH_POINTS, levels.SCORING_ENDS, levels.TURN_FLOW} <= passed
    lone = [r for r in ends_run.results if r.case.id.endswith("lone-led-double-5-5#attach-points")]
    assert lone and lone[0].reply is not None and lone[0].reply["attach_points"] == ["(5)", "(5)"]


def test_a_rejection_some_open_end_could_take_is_not_decidable_in_the_ends_form(
    ends_run: Run,
) -> None:
    """``[2|5]@[1|2]:big-end`` once ``[1|2]``'s big end is taken: the pips form decides it
    (no open end of ``[1|2]`` shows 2), but an engine that knows no tiles plays it on the
    other end showing 2, so in the ends form it is not decidable."""
    [case] = [c for c in load_cases() if c.id == "five-up/layout/two-ends-same-pips#attach-points"]
    taken = dataclasses.replace(
        case,
        request={**case.request, "reject": "[2|5]@[1|2]:big-end"},
        expect={**case.expect, "error": {"kind": "illegal-play"}},
    )
    assert places.expectation(taken, None, places.PIPS)[1] is None
    expect, reason = places.expectation(taken, None, places.ENDS)
    assert reason is not None and reason.startswith(f"{places.UNDECIDABLE} (ends only)")
    assert "error" not in expect and expect["attach_points"] == ["(3)", "(2)"]
    assert all(r.message.startswith(places.UNDECIDABLE) for r in ends_run.undecided)
    decided = {r.case.fixture_id for r in ends_run.results if r.status == PASS}
    assert "layout/tile-played-twice-rejected" in decided  # no form lets a tile play twice


def test_a_bent_attach_point_fails_in_the_ends_form(layout_cases: list[Case]) -> None:
    run = run_cases(PythonAdapter(ends_engine(EveryDoubleSpinsInAllFives)), layout_cases)
    failed = [r for r in run.results if r.status == FAIL]
    assert failed and all(r.case.game == "all-fives" for r in failed)
    assert any(m.field == "attach_points" for r in failed for m in r.mismatches)


def test_which_of_two_equal_ends_is_played_cannot_change_the_ends_verdict(
    layout_cases: list[Case],
) -> None:
    """The same engine, on the other of two ends showing the same pips: in the ends form
    it passes every case as the reference does; in the canonical form, whose facts name
    tiles, the choice shows, so the form (not the adapter) decides what is compared."""
    OtherEnd.moved = 0
    ends = run_cases(PythonAdapter(ends_engine(OtherEnd)), layout_cases)
    assert OtherEnd.moved > 0  # some case had two ends showing the same pips
    assert [r.case.id for r in ends.results if r.status in (FAIL, ERROR)] == []
    canonical = run_cases(PythonAdapter(OtherEnd()), layout_cases)
    assert any(r.status == FAIL for r in canonical.results)


def test_the_ends_form_is_declared_in_ready() -> None:
    ready = {"type": "ready", "protocol": "1.0", "implementation": {"name": "ends-engine"}}
    ready |= {"games": ["five-up"], "players": [2]}
    ready |= {"levels": ["play-score"], "places": "ends"}
    assert not protocol.problems("ready", ready)
    assert protocol.problems("ready", {**ready, "places": "values"})


def test_the_node_example_in_the_ends_form_is_certified_on_what_the_form_decides() -> None:
    node = shutil.which("node")
    assert node, "Node.js is needed to certify the example adapter (apt-get install nodejs)"
    script = str(ROOT / "examples" / "node-adapter" / "adapter.js")
    run = run_cases(SubprocessAdapter([node, script, "--places=ends"]), load_cases())
    assert run.adapter.places == places.ENDS
    assert [r.case.id for r in run.results if r.status in (FAIL, ERROR)] == []
    assert run.undecided and decide(run).kind == CERTIFIED
    [two] = [
        r for r in run.results if r.case.id == "five-up/layout/two-ends-same-pips#attach-points"
    ]
    assert two.reply is not None and two.reply["attach_points"] == ["(3)", "(2)"]
    assert two.reply["legal_plays"] == ["[2|6]@2", "[3|5]@3"]


def test_the_documented_exchange_passes_in_the_ends_form() -> None:
    lines = exchange("### Engines that keep only end values")
    ready, run, result = lines["ready"], lines["run"], lines["result"]
    [case] = [c for c in load_cases() if c.id == run["case"]]
    assert case.request == run["request"]
    [answered] = run_cases(PythonAdapter(Scripted(ready, result["reply"])), [case]).results
    assert answered.status == PASS
    wrong = {**result["reply"], "attach_points": ["(3)", "(1)"]}  # 1 where 2 shows
    assert run_cases(PythonAdapter(Scripted(ready, wrong)), [case]).results[0].status == FAIL


def test_a_comparison_names_the_ends_form(ends_run: Run) -> None:
    undecided = len(ends_run.undecided)
    expected = f"; places in the pips form, ends only, {undecided} cases not decidable in it"
    assert places_note(ends_run) == expected
