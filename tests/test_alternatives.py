"""Cases neutral to a reading (spec/protocol.md, "Cases neutral to a reading"): a must case
that lists its expectation under another reading of an interpretation passes a reply equal
to either, says which reading the reply showed, and still fails an engine that breaks the
sentence it checks. Each alternative is worked by hand; the engines of the other readings
(tests/bent_engines/readings.py) are held to them here, which checks both."""

from __future__ import annotations

import copy
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from bent_engines.catalog import (
    Bent,
    BlockComparedWithLighterHands,
    BlockComparedWithPartner,
    BlockEventsInSeatOrder,
    BlockWhenBoneyardRunsDry,
    LastPlayNotScored,
    LeadRotates,
    OvershootAppliedInPart,
    PartnersSideBySide,
    RoundsThreeDown,
    RoundsTwoUp,
    TargetCheckedBeforeSettlement,
    TargetMustBePassed,
    TieAtTheTopWins,
    TiedBlockGoesToTheFirstSeat,
    WentOutTeamNotDeducted,
    ZeroPipHandSkippedInBlock,
)
from bent_engines.readings import READINGS, BlockZeroEventsKept

from fives_tools.certify.adapters.python import PythonAdapter
from fives_tools.certify.adapters.reference import ReferenceImplementation
from fives_tools.certify.cases import Case, FixtureError, fixtures_dir, load_cases
from fives_tools.certify.compare import Mismatch, distance, held_against
from fives_tools.certify.findings.status import ERROR, FAIL, PASS
from fives_tools.certify.judge.verdict import decide
from fives_tools.certify.reports.console import describe_failure, print_report
from fives_tools.certify.reports.formats import to_json, to_markdown
from fives_tools.certify.runner import Run, run_cases
from fives_tools.json_schema import Schema

ROOT = Path(__file__).resolve().parent.parent

#: Every fixture with alternatives, and an engine that breaks the sentence it checks
#: (a bent engine of tests/bent_engines/catalog.py): it must still fail the case.
SENTENCE_BROKEN_BY: dict[str, type[Bent]] = {
    "match/all-fives-three-players-block-leader-named": RoundsTwoUp,
    "match/all-fives-two-players-block": BlockWhenBoneyardRunsDry,
    "match/all-fives-two-players-hand": LeadRotates,
    "match/exact-61-three-players-four-hands": OvershootAppliedInPart,
    "match/five-up-61-mid-hand-is-not-a-win": TargetCheckedBeforeSettlement,
    "match/five-up-three-players-block": RoundsThreeDown,
    "match/five-up-tie-plays-on": TieAtTheTopWins,
    "settlement/all-fives-partners-share-a-score": PartnersSideBySide,
    "settlement/exact-61-block-discard-others-count": OvershootAppliedInPart,
    "settlement/exact-61-block-equal-hands-tie": TiedBlockGoesToTheFirstSeat,
    "settlement/exact-61-block-equal-opponents-give-nothing": BlockComparedWithLighterHands,
    "settlement/exact-61-block-lightest-first-not-seat-order": BlockEventsInSeatOrder,
    "settlement/exact-61-block-never-against-the-partner": BlockComparedWithPartner,
    "settlement/exact-61-block-three-players": BlockComparedWithLighterHands,
    "settlement/exact-61-block-zero-pip-hand": ZeroPipHandSkippedInBlock,
    "settlement/five-up-61-display-wins": TargetMustBePassed,
    "settlement/five-up-last-play-scores": LastPlayNotScored,
    "settlement/five-up-partner-of-the-player-out-deducted": WentOutTeamNotDeducted,
    "settlement/five-up-settle-before-the-target": TargetCheckedBeforeSettlement,
    "settlement/five-up-tie-at-the-top-plays-on": TieAtTheTopWins,
    "settlement/five-up-unique-highest-wins": TargetCheckedBeforeSettlement,
}


@pytest.fixture(scope="module")
def neutral() -> list[Case]:
    return [c for c in load_cases() if c.alternatives]


def _run(engine: type[Bent] | type[ReferenceImplementation], cases: list[Case]) -> Run:
    return run_cases(PythonAdapter(engine(), engine.__name__), cases)


def test_only_must_and_should_cases_have_alternatives(neutral: list[Case]) -> None:
    assert {c.fixture_id for c in neutral} == set(SENTENCE_BROKEN_BY)
    assert all(c.level in ("must", "should") for c in neutral)


def test_the_reference_engine_passes_each_on_the_main_reading(neutral: list[Case]) -> None:
    run = _run(ReferenceImplementation, neutral)
    assert [(r.case.id, r.status, r.reading) for r in run.results if r.status != PASS] == []
    assert all(r.reading is None for r in run.results)


def test_each_alternative_is_what_an_engine_of_its_reading_answers(neutral: list[Case]) -> None:
    """Each hand-worked alternative is the whole answer of the other reading: some engine of
    that reading passes the case on it (and no other expectation)."""
    shown: set[tuple[str, str]] = set()
    for interpretation in {a.interpretation for c in neutral for a in c.alternatives}:
        cases = [
            c for c in neutral if any(a.interpretation == interpretation for a in c.alternatives)
        ]
        for engine in READINGS[interpretation]:
            for r in _run(engine, cases).results:
                assert r.status == PASS, f"{engine.__name__} fails {r.case.id}"
                if r.reading is not None:
                    shown.add((r.case.id, r.reading.reading))
    wanted = {(c.id, a.reading) for c in neutral for a in c.alternatives}
    assert wanted - shown == set(), "alternatives no engine of their reading answers"


@pytest.mark.parametrize("fixture", sorted(SENTENCE_BROKEN_BY))
def test_an_engine_that_breaks_the_sentence_still_fails(fixture: str, neutral: list[Case]) -> None:
    engine = SENTENCE_BROKEN_BY[fixture]
    cases = [c for c in neutral if c.fixture_id == fixture]
    assert cases and all(engine.BENT_RULE in c.rules for c in cases)
    for r in _run(engine, cases).results:
        # ERROR counts: a match that engine ends early refuses the hands scripted after it
        assert r.status in (FAIL, ERROR), f"{engine.MISTAKE} passes {r.case.id}"


def test_a_reading_shown_is_said_and_claims_no_more() -> None:
    cases = [c for c in load_cases() if c.game == "exact-61" and c.capability == "settlement"]
    run = _run(BlockZeroEventsKept, cases)
    shown = [r for r in run.results if r.reading is not None and r.status == PASS]
    assert len(shown) == 7
    out = io.StringIO()
    print_report(run, out)
    text = out.getvalue()
    assert "reads exact-61.block-zero-event the other way: a blocked hand" in text
    assert "(7 cases)" in text
    assert decide(run).text.endswith("7 cases passed under another reading")
    assert "reads exact-61.block-zero-event the other way" in to_markdown(run)
    report = to_json(run)
    schema = Schema(json.loads((ROOT / "spec/schemas/report.schema.json").read_text("utf-8")))
    assert schema.errors(report) == []
    (entry,) = report["readings"]
    assert entry["interpretation"] == "exact-61.block-zero-event"
    assert sorted(entry["cases"]) == sorted(r.case.id for r in shown)


def test_a_failure_is_held_against_the_nearest_expectation(neutral: list[Case]) -> None:
    """A reply of the other reading with one more mistake is held against the alternative,
    so its differences are that mistake's alone, and the failure says so."""
    case = next(c for c in neutral if c.fixture_id.endswith("exact-61-block-three-players"))
    (alternative,) = case.alternatives
    reply = json.loads(json.dumps(alternative.expect))
    reply["block_winner"] = 1
    which, mismatches = held_against(case.expectations, reply)
    assert which == 1 and [m.field for m in mismatches] == ["block_winner"]

    class Answers(ReferenceImplementation):
        def run(self, request: dict[str, Any]) -> dict[str, Any]:
            return reply

    run = run_cases(PythonAdapter(Answers(), "answers"), [case])
    (result,) = run.results
    assert result.status == FAIL and result.reading == alternative
    assert "held against the expectation under another reading" in describe_failure(result)


def test_on_a_tie_the_main_expectation_is_the_one_held_against() -> None:
    main = {"scores": [0, 0], "winner": None}
    other = {"scores": [0, 5], "winner": None}
    reply = {"scores": [0, 1], "winner": None}  # 2 items off either
    assert held_against([main, other], reply)[0] == 0
    assert held_against([main, other], {"scores": [0, 5], "winner": 1})[0] == 1
    assert held_against([main, other], {"scores": [0, 5], "winner": None}) == (1, [])


def test_distance_counts_the_items_of_a_list() -> None:
    assert distance([]) == 0
    assert distance([Mismatch("winner", 0, 1)]) == 1
    assert distance([Mismatch("events", [1, 2, 3], [1])]) == 2
    assert distance([Mismatch("events", [1, 2], [2, 1])]) == 1  # order alone still differs


# --- the loader ---------------------------------------------------------------------------

BASE = fixtures_dir() / "settlement" / "exact-61-block-three-players.yaml"


def _fixture(tmp_path: Path, change: Any) -> Path:
    data = yaml.safe_load(BASE.read_text("utf-8"))
    change(data)
    folder = tmp_path / "fixtures"
    folder.mkdir()
    (folder / "probe.yaml").write_text(yaml.safe_dump(data, allow_unicode=True), "utf-8")
    return folder


def _alt(data: dict[str, Any]) -> dict[str, Any]:
    alternative: dict[str, Any] = data["alternatives"][0]
    return alternative


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda d: _alt(d).update(interpretation="no.such-reading"),
            r"alternatives\[0\]\.interpretation: no.such-reading is not in spec/interpretations",
        ),
        (
            lambda d: _alt(d).update(interpretation="all-fives.settlement-partners"),
            r"interpretation: all-fives.settlement-partners does not hold for exact-61",
        ),
        (
            lambda d: d["alternatives"].append(copy.deepcopy(_alt(d))),
            r"alternatives\[1\]\.reading: the same reading is listed twice",
        ),
        (
            lambda d: _alt(d)["expect"].update(block_winner=0) or d["expect"].pop("block_winner"),
            r"alternatives\[0\]\.expect: block_winner: not a field of the main expectation",
        ),
        (
            lambda d: _alt(d).update(expect={"events": copy.deepcopy(d["expect"]["events"])}),
            r"alternatives\[0\]\.expect: the same as the main expectation",
        ),
        (
            lambda d: _alt(d).update(rounded=True),
            r"field alternatives\[0\]: Additional properties are not allowed \('rounded'",
        ),
        (
            lambda d: _alt(d)["expect"].update(tally=1),
            r"field alternatives\[0\]\.expect: Additional properties are not allowed \('tally'",
        ),
        (
            lambda d: _alt(d).pop("worked"),
            r"field alternatives\[0\]: 'worked' is a required property",
        ),
        (
            lambda d: d.update(
                level="implementation-defined", interpretation="exact-61.block-zero-event"
            ),
            r"field alternatives: an implementation-defined case exists to tell the readings apart",
        ),
    ],
    ids=[
        "unknown",
        "other-game",
        "twice",
        "new-field",
        "no-change",
        "stray-key",
        "stray-field",
        "unworked",
        "reading-case",
    ],
)
def test_a_wrong_alternative_is_refused_naming_its_field(
    tmp_path: Path, change: Any, message: str
) -> None:
    with pytest.raises(FixtureError, match=r"probe\.yaml: line \d+: .*" + message):
        load_cases(_fixture(tmp_path, change))


def test_the_alternatives_of_a_fixture_are_its_own_level(tmp_path: Path) -> None:
    """A layout of alternatives is split by level like the expectation: a level whose fields
    the reading leaves alone gets no alternative."""
    cases = load_cases(_fixture(tmp_path, lambda d: None))
    (case,) = cases
    (alternative,) = case.alternatives
    assert set(alternative.expect) == set(case.expect)
    assert alternative.expect["events"] != case.expect["events"]
    assert {k: v for k, v in alternative.expect.items() if k != "events"} == {
        k: v for k, v in case.expect.items() if k != "events"
    }
    assert re.match(r"reads exact-61\.block-zero-event the other way: ", alternative.label)


def test_the_protocols_example_is_the_fixtures_own() -> None:
    """spec/protocol.md shows the alternatives of a fixture as they are written there."""
    text = (ROOT / "spec" / "protocol.md").read_text("utf-8")
    section = text[text.index("### Cases neutral to a reading") :]
    snippet = section[section.index("```yaml\n") + 8 : section.index("```\n", 8)]
    fixture = yaml.safe_load(BASE.read_text("utf-8"))
    assert yaml.safe_load(snippet) == {"alternatives": fixture["alternatives"]}
