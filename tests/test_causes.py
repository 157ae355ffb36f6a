"""The certificate names the broken rule: a failure implicates the rules that decide the
fields that differ (tools/fives_tools/certify/judge/blame.py), FAIL marks only the one
the run blames, "affected" the others, and the likely causes, which open every report,
rank the rules that explain the failures (tools/fives_tools/certify/judge/causes.py)."""

from __future__ import annotations

import dataclasses
import io
import json
from pathlib import Path

import pytest
from bent_engines.catalog import DisplayNotDivided

from fives_tools.certify.adapters.python import PythonAdapter
from fives_tools.certify.cases import Case, levels, load_cases
from fives_tools.certify.compare import Mismatch
from fives_tools.certify.findings.status import ERROR, FAIL, PASS
from fives_tools.certify.judge.blame import implicated
from fives_tools.certify.judge.causes import TOUCH, blamed_rules, likely_causes
from fives_tools.certify.reports import formats
from fives_tools.certify.reports.comparison import Entry
from fives_tools.certify.reports.console import AFFECTED, print_report, table, verdict
from fives_tools.certify.reports.html import certificate_html
from fives_tools.certify.runner import Result, Run, run_cases


def _case(
    n: int, primary: str, rules: tuple[str, ...], capability: str = levels.PLAY_SCORE
) -> Case:
    return Case(
        id=f"five-up/probe/{n}#{capability}",
        game="five-up",
        fixture_id=f"probe/{n}",
        title="probe",
        kind="layout",
        level="must",
        rules=rules,
        sources=(),
        request={},
        expect={},
        path=Path("probe.yaml"),
        capability=capability,
        primary=primary,
    )


def _result(
    n: int, status: str, primary: str, *others: str, level: str = levels.PLAY_SCORE
) -> Result:
    return Result(_case(n, primary, (primary, *others), level), status)


def test_a_rule_whose_own_cases_all_fail_ranks_above_one_they_merely_touch() -> None:
    results = [
        _result(1, FAIL, "a", "b"),
        _result(2, FAIL, "a", "b"),
        _result(3, PASS, "b"),
    ]
    causes = likely_causes(results)
    assert [c.rule for c in causes] == ["a", "b"]
    assert (causes[0].failing_primary, causes[0].passing) == (2, 0)
    # b: touched twice (support 2 * TOUCH), its own case passes (1 against)
    assert causes[1].score == pytest.approx((2 * TOUCH) ** 2 / (2 * TOUCH + 1))


def test_passing_cases_of_the_same_level_clear_a_rule_and_others_do_not() -> None:
    # "a" and "b" each the primary of two failing play-score cases; "a" also has a passing
    # case at play-score, "b" one at connections, which cannot speak for play-score.
    results = [
        _result(1, FAIL, "a"),
        _result(2, ERROR, "a"),
        _result(3, FAIL, "b"),
        _result(4, FAIL, "b"),
        _result(5, PASS, "a"),
        _result(6, PASS, "b", level=levels.CONNECTIONS),
    ]
    causes = likely_causes(results)
    assert [c.rule for c in causes] == ["b", "a"]
    assert [c.passing for c in causes] == [0, 1]


def test_a_level_blind_to_a_rule_neither_accuses_nor_clears_it() -> None:
    # attach points do not depend on scoring: a failing attach-point case cannot be caused
    # by score.unit.display, and its other rule takes the blame whole.
    results = [_result(1, FAIL, "score.unit.display", "layout.x", level=levels.ATTACH_POINTS)]
    assert [c.rule for c in likely_causes(results)] == ["layout.x"]


def test_no_failures_no_causes() -> None:
    assert likely_causes([_result(1, PASS, "a")]) == []


def _layout_case(primary: str, rules: tuple[str, ...], capability: str, **facts: object) -> Case:
    """A layout case of a lone [6|6] with the fixture's facts of every level."""
    request = {"type": "layout", "game": "five-up", "plays": ["[6|6]"]}
    return dataclasses.replace(_case(0, primary, rules, capability), request=request, facts=facts)


LAYOUT_RULES = (
    "layout.double.crosswise",
    "layout.spinner.every-double",
    "score.ends.double-outer-both-halves",
    "score.play.multiple-of-five",
    "score.unit.display",
)


def _scored(raw: int, display: int, total: int) -> Result:
    """A play-score case of a lone [6|6] (ends total 12, scoring 0), answered otherwise."""
    case = _layout_case(
        "layout.double.crosswise",
        LAYOUT_RULES,
        levels.PLAY_SCORE,
        total=12,
        scoring_ends=["[6|6]: 12"],
        attach_points=["[6|6] (straight side A, 6)"],
    )
    mismatch = Mismatch("score", {"raw": 0, "display": 0}, {"raw": raw, "display": display})
    reply = {"score": {"raw": raw, "display": display}, "total": total}
    return Result(case, FAIL, [mismatch], reply=reply)


def test_a_right_total_with_a_wrong_raw_implicates_the_scoring_rule_alone() -> None:
    blame = implicated(_scored(10, 2, 12))
    assert blame.rules == ("score.play.multiple-of-five",)
    assert blame.why == (
        "your ends total 12, which is right; 12 is not a positive multiple of 5,"
        " so it scores 0; you scored 10",
    )


def test_a_right_raw_with_wrong_display_points_implicates_the_display_rule() -> None:
    case = _scored(0, 0, 12).case
    mismatch = Mismatch("score", {"raw": 15, "display": 3}, {"raw": 15, "display": 15})
    blame = implicated(Result(case, FAIL, [mismatch], reply={"total": 15}))
    assert blame.rules == ("score.unit.display",)


def test_a_wrong_total_implicates_the_rules_of_the_ends_not_the_scoring() -> None:
    result = _scored(5, 1, 6)
    result.reply = {**(result.reply or {}), "scoring_ends": ["[6|6]: 6"]}
    rules = set(implicated(result).rules)
    assert "score.play.multiple-of-five" not in rules and "score.unit.display" not in rules
    assert "score.ends.double-outer-both-halves" in rules


def test_an_attach_point_list_implicates_the_rules_of_the_places_that_differ() -> None:
    rules = (
        "layout.attach-points-not-scoring-ends",
        "layout.double.crosswise",
        "layout.side-a-first",
        "layout.spinner.every-double",
        "play.match-attach-point",
    )
    case = _layout_case("layout.double.crosswise", rules, levels.ATTACH_POINTS)
    missing = Mismatch(
        "attach_points",
        ["[4|4] (side branch A, 4)", "[4|4] (side branch B, 4)"],
        [],
    )
    blame = implicated(Result(case, FAIL, [missing]))
    assert "layout.spinner.every-double" in blame.rules
    assert "layout.side-a-first" in blame.rules  # side B
    assert "layout.double.crosswise" not in blame.rules  # no straight side differs


def test_a_place_on_a_double_in_the_pips_form_implicates_the_double_rules() -> None:
    """The pips form names no place: an attach point or play on [4|4] that differs is a
    straight side or a side branch of it; one on a tile's end is neither."""
    rules = (
        "layout.attach-points-not-scoring-ends",
        "layout.double.crosswise",
        "layout.spinner.every-double",
        "play.match-attach-point",
    )
    case = _layout_case("layout.spinner.every-double", rules, levels.ATTACH_POINTS)
    on_double = implicated(Result(case, FAIL, [Mismatch("attach_points", ["[4|4] (4)"], [])]))
    assert {"layout.spinner.every-double", "layout.double.crosswise"} <= set(on_double.rules)
    play = Mismatch("legal_plays", ["[3|4]@[4|4]:4"], [])
    assert "layout.spinner.every-double" in implicated(Result(case, FAIL, [play])).rules
    on_end = implicated(Result(case, FAIL, [Mismatch("attach_points", ["[3|4] (3)"], [])]))
    assert not {"layout.spinner.every-double", "layout.double.crosswise"} & set(on_end.rules)


def test_a_refusal_gives_the_rule_it_names_a_whole_share() -> None:
    """A case refused though it expects an answer: the rule the refusal names, if the
    case lists it, carries the case's whole weight, as its primary rule does."""
    reply = {"error": {"kind": "bad-request", "message": "the hand is over [rule b]"}}
    refused = Result(_case(1, "a", ("a", "b", "c")), ERROR, message="refused", reply=reply)
    support = {c.rule: c.score for c in likely_causes([refused])}
    assert support == {"a": 1.0, "b": 1.0, "c": TOUCH}
    named = {"error": {"kind": "bad-request", "rule": "c", "message": "refused"}}
    other = Result(_case(2, "a", ("a", "b", "c")), ERROR, message="refused", reply=named)
    assert {c.rule: c.score for c in likely_causes([other])}["c"] == 1.0


def test_a_refused_deal_implicates_the_rule_it_names_though_the_case_does_not_list_it() -> None:
    """A deal refused where the case expects an answer: every expected field is missing
    because of the rule the refusal names, a rule of the game the case does not list; it
    carries the case's whole weight, as the case's primary rule does. A refusal of a rule
    the game does not state, or one the case expects, is not such a refusal."""
    case = dataclasses.replace(
        _case(1, "lead.went-out-leads", ("lead.went-out-leads",), levels.MATCH_END),
        kind="match",
        facts={"leaders": [0, 0]},
    )
    error = {"kind": "illegal-deal", "rule": "deal.hand-size", "message": "5 tiles: deals 7"}
    missing = [Mismatch("leaders", [0, 0], "(missing)")]
    refused = Result(case, FAIL, missing, reply={"error": error})
    assert implicated(refused).rules == ("deal.hand-size", "lead.went-out-leads")
    support = {c.rule: c.score for c in likely_causes([refused])}
    assert support == {"deal.hand-size": 1.0, "lead.went-out-leads": 1.0}
    unknown = Result(case, FAIL, missing, reply={"error": {**error, "rule": "no.such-rule"}})
    assert implicated(unknown).rules == ("lead.went-out-leads",)
    expected = dataclasses.replace(case, facts={"error": {"kind": "illegal-deal"}})
    assert (
        "deal.hand-size"
        not in implicated(Result(expected, FAIL, missing, reply={"error": error})).rules
    )


def test_a_refused_scripted_action_implicates_the_rules_of_the_turn_without_a_primary_share() -> (
    None
):
    """A case's own action refused as illegal where it comes (a bad-request naming a turn
    rule): the case never reached its point, so its rules of whose turn it is and what
    they may do share the case's weight, its primary no more than the others; the score
    and the end of the hand are not implicated. Refused for a reason it does not name
    ("the match is over"), every rule the case sees stays implicated."""
    rules = ("hand.end.block", "turn.draw-until-playable", "turn.clockwise", "score.negative")
    case = dataclasses.replace(_case(1, "hand.end.block", rules, levels.TURN_FLOW), kind="turns")
    said = "seat 0 draw: a player with a legal play must play [rule turn.must-play]"
    refused = Result(
        case, ERROR, message="refused", reply={"error": {"kind": "bad-request", "message": said}}
    )
    blame = implicated(refused)
    assert blame.rules == ("turn.draw-until-playable", "turn.clockwise")
    assert {c.rule: c.score for c in likely_causes([refused])} == {
        "turn.draw-until-playable": 0.5,
        "turn.clockwise": 0.5,
    }
    over = {"error": {"kind": "bad-request", "message": "the match is over"}}
    assert implicated(Result(case, ERROR, message="over", reply=over)).rules == rules


def test_legal_actions_differing_by_a_pass_alone_implicate_the_passing_rule() -> None:
    rules = ("turn.draw-until-playable", "turn.pass-empty-boneyard", "turn.clockwise")
    case = dataclasses.replace(_case(1, rules[0], rules, levels.TURN_FLOW), kind="turns")
    offered = Mismatch("legal_actions", ["draw"], ["draw", "pass"])
    assert implicated(Result(case, FAIL, [offered])).rules == ("turn.pass-empty-boneyard",)
    # a play offered for a seat that must draw: the draw's rule, and whose turn it is (the
    # seat holds no such tile); not the pass, which neither list holds
    other_seat = Mismatch("legal_actions", ["draw"], ["[1|2]@[2|4]:small-end"])
    assert set(implicated(Result(case, FAIL, [other_seat])).rules) == {
        "turn.draw-until-playable",
        "turn.clockwise",
    }


def test_a_changed_rounding_in_an_event_implicates_the_rounding_rule() -> None:
    case = dataclasses.replace(
        _case(
            1,
            "settle.deduct-each-hand",
            ("settle.deduct-each-hand", "settle.round-nearest-five", "side.alone"),
            levels.SETTLEMENT,
        ),
        kind="settlement",
    )
    event = {"event": "score", "cause": "deduction", "seat": 1, "pips": 2, "rounded": 0, "raw": 0}
    got = {**event, "rounded": 5, "raw": -5}
    blame = implicated(Result(case, FAIL, [Mismatch("events", [event], [got])]))
    assert blame.rules == ("settle.round-nearest-five",)


def test_must_failures_rank_above_implementation_defined_ones() -> None:
    # "b" fails three implementation-defined cases, "a" one must case that also passes once
    results = [_result(n, FAIL, "b") for n in (1, 2, 3)]
    results = [
        Result(dataclasses.replace(r.case, level="implementation-defined"), FAIL) for r in results
    ]
    results += [_result(4, FAIL, "a"), _result(5, PASS, "a")]
    causes = likely_causes(results)
    assert [c.rule for c in causes] == ["a", "b"]
    assert causes[1].score > causes[0].score


@pytest.fixture(scope="module")
def bent_run() -> Run:
    return run_cases(PythonAdapter(DisplayNotDivided()), load_cases())


def test_fail_only_on_the_blamed_rule_and_the_primary_rule_affected(bent_run: Run) -> None:
    grid = table(bent_run)["five-up"]
    cells = {rule: verdict(grid[rule].get(levels.PLAY_SCORE)) for rule in grid}
    assert cells["score.unit.display"] == "FAIL"
    # diagram 1-4 fails on its display points; its primary rule is the outer ends, which
    # its fields do not implicate: affected, not FAIL
    assert cells["score.ends.outer-end"] == AFFECTED
    blamed = blamed_rules(bent_run.results)
    assert set(blamed.values()) == {"score.unit.display"}
    for game, rows in table(bent_run).items():
        for rule, by_level in rows.items():
            if rule != "score.unit.display":
                assert all(verdict(cell) != "FAIL" for cell in by_level.values()), (game, rule)


def test_every_report_opens_with_the_likely_causes(bent_run: Run) -> None:
    out = io.StringIO()
    print_report(bent_run, out)
    console = out.getvalue()
    causes = console.index("Likely causes")
    assert causes < console.index("Five Up (five-up)") < console.index("\nFailures")
    assert console[causes:].splitlines()[1].strip().startswith("1. score.unit.display: implicated")
    markdown = formats.to_markdown(bent_run)
    assert "## Likely causes\n\n1. score.unit.display" in markdown
    assert markdown.index("## Likely causes") < markdown.index("## Five Up")
    page = certificate_html(Entry("bent", bent_run, "fives certify"))
    assert page.index("Likely causes") < page.index('<h2 id="five-up">')
    assert "<li>score.unit.display: implicated" in page
    data = json.loads(json.dumps(formats.to_json(bent_run)))
    assert data["likely_causes"][0]["rule"] == "score.unit.display"
    assert data["likely_causes"][0]["failing_must"] > 0
    assert "is right; in display points it is" in data["likely_causes"][0]["example"]
    assert all("primary" in case for case in data["cases"])


def test_a_wrong_seat_to_act_in_a_hand_that_goes_on_implicates_the_turn_not_its_end() -> None:
    """A turn-order fault was blamed on hand.end.block by the certificate, where the audit
    names the order of play: both name a seat, so the hand goes on for both."""
    rules = ("turn.clockwise", "hand.end.block", "match.target", "lead.any-tile")
    case = dataclasses.replace(_case(1, rules[0], rules, levels.TURN_FLOW), kind="turns")
    wrong_seat = Mismatch("current_player", 1, 2)
    assert set(implicated(Result(case, FAIL, [wrong_seat])).rules) == {
        "turn.clockwise",
        "lead.any-tile",
    }
    hand_over = Mismatch("current_player", 1, None)  # the reply ends the hand
    assert "hand.end.block" in implicated(Result(case, FAIL, [hand_over])).rules
