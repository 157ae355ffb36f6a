"""How the audit judges what it finds: the rule it blames, one finding per fault, the
consequences of a fault kept apart from it, readings of an interpretation kept apart from
failures, replays going on past an illegal action, and the numbers explained."""

from __future__ import annotations

import contextlib
import copy
import re
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from bent_engines import catalog
from bent_engines.readings import AllFivesTargetAfterSettlement
from observed import LEGAL_AT_8, minimal_example, observed_match

from fives_engine.layout import _STATES
from fives_tools.certify.findings.status import FAIL
from fives_tools.certify.observe import Observation, audit_records
from fives_tools.certify.observe.stream import read_file
from fives_tools.certify.reports.audit import causes, markdown
from fives_tools.certify.reports.audit_console import console

#: A real engine's own games, as `make comparison` writes them.
COMPARISON_GAMES = "docs/comparisons/all-fives-domino-games.jsonl"


def _example_with(index: int, **change: Any) -> dict[str, Any]:
    record = minimal_example()
    record["hands"][0]["actions"][index].update(change)
    return record


def rules(obs: Observation) -> list[tuple[str, str]]:
    return [(d.rule, d.checked) for d in obs.divergences]


# -- blame ---------------------------------------------------------------------------------
def test_an_offer_on_an_end_already_taken_blames_the_attach_point_not_crosswise() -> None:
    # [1|4] joined [1|1] by its 1: the end showing 1 is taken; [1|4] is no double
    obs = audit_records([_example_with(7, offered=[*LEGAL_AT_8, "[1|5]@[1|4]:1"])])
    assert rules(obs) == [("play.match-attach-point", "offered")]
    assert "already taken" in obs.divergences[0].what


def test_a_score_no_misreading_gives_blames_the_scoring_ends_not_multiple_of_five() -> None:
    obs = audit_records([_example_with(8, score=15)])  # the ends total 5
    (div,) = obs.divergences
    assert div.rule.startswith("score.ends.")
    assert "score.play.multiple-of-five" not in div.candidates
    # a number no multiple of 5 is the scoring of the total at fault
    obs = audit_records([_example_with(8, score=7)])
    assert rules(obs) == [("score.play.multiple-of-five", "score")]


# -- one fault, one finding ------------------------------------------------------------------
def test_a_forced_offer_is_one_divergence_for_the_step_however_much_it_leaves_out() -> None:
    # one play offered on each end, and a draw the rules refuse: four plays missing
    obs = audit_records([_example_with(7, offered=["[1|5]@[1|1]:1", "[2|4]@[1|4]:4", "draw"])])
    (div,) = obs.divergences
    assert div.checked == "offered" and div.action == 8
    # three missing on the double's straight side, one on [1|4]'s end, the draw refused
    # (as often named as the end, the refusal first: the position names it)
    assert div.candidates == (
        "layout.double.crosswise",
        "turn.must-play",
        "play.match-attach-point",
    )
    for play in ("[0|1]@[1|1]:straight-b", "[4|5]@[1|4]:big-end"):
        assert play in div.expected
    assert div.got == "draw"
    assert sum(obs.games["all-fives"].failed.values()) == 1


# -- going on past an illegal action ---------------------------------------------------------
def _leader_plays_twice() -> dict[str, Any]:
    """The minimal log as an engine logs it whose leader plays again at action 2: seat 0
    then plays on the [1|5] (it holds [0|5]) and seat 1 on the spinner's other side."""
    record = minimal_example()
    record["hands"][0]["actions"] = [
        {"seat": 1, "action": "[1|1]"},
        {"seat": 1, "action": "[1|5]@[1|1]:1"},
        {"seat": 0, "action": "[0|5]@[1|5]:5", "score": 0},
        {"seat": 1, "action": "[1|3]@[1|1]:1", "score": 0},
    ]
    return record


def test_a_play_out_of_turn_is_applied_as_the_engine_did_and_the_hand_judged_on() -> None:
    record = _leader_plays_twice()
    obs = audit_records([record])
    assert rules(obs) == [("turn.clockwise", "seat")]
    assert obs.divergences[0].action == 2
    (note,) = obs.followed
    assert note.action == 2
    assert note.text.startswith("hand 1: seat 1 [1|5]@[1|1]:straight-a out of turn")
    assert obs.games["all-fives"].actions == 4
    # the actions after it are judged: a wrong score there is found
    record["hands"][0]["actions"][3]["score"] = 5  # the ends show 3 and 0
    assert [d.action for d in audit_records([record]).divergences] == [2, 4]


def test_a_draw_while_holding_a_play_is_applied_and_the_hand_judged_on() -> None:
    record = minimal_example()
    actions = record["hands"][0]["actions"]
    # seat 1 draws [0|3] instead of playing; seat 0 then plays [0|4] as before
    actions[7:] = [
        {"seat": 1, "action": "draw", "tile": "[0|3]"},
        {"seat": 1, "action": "[1|5]@[1|1]:1", "score": 0},
        {"seat": 0, "action": "[0|4]@[1|4]:4", "score": 10},
    ]
    obs = audit_records([record])
    assert rules(obs)[0] == ("turn.must-play", "action")
    assert [d.checked for d in obs.divergences] == ["action", "score"]  # 5, not 10


def _match() -> dict[str, Any]:
    """A whole All Fives match of 16 hands, every field given; side 1 wins in the last."""
    record = observed_match("all-fives", 2, None, 3)
    assert record["result"]["winner"] == 1 and len(record["hands"]) == 16
    return record


def _stop_at_second_action(hand: dict[str, Any]) -> None:
    """A play of a tile the player does not hold (the boneyard's first) on the lead: no
    position to go on from in that hand."""
    tile, lead = hand["deal"]["boneyard"][0], hand["actions"][0]["action"]
    hand["actions"][1]["action"] = f"{tile}@{lead}:small-end"


def test_a_hand_cut_short_is_followed_by_the_next_hand_from_its_deal() -> None:
    record = _match()
    _stop_at_second_action(record["hands"][0])
    wrong = record["hands"][1]["actions"][3]
    wrong["score"] += 5
    obs = audit_records([record])
    found = [(d.hand, d.checked) for d in obs.divergences]
    assert found[:2] == [(1, "action"), (2, "score")]
    assert any("hand 2 is judged from its deal" in n.text for n in obs.stopped)
    assert obs.ok is False and obs.games["all-fives"].hands == 16


def test_without_reported_scores_nothing_is_settled_until_a_hand_reports_them() -> None:
    record = _match()
    _stop_at_second_action(record["hands"][0])
    del record["hands"][0]["scores"]
    record["hands"][1]["scores"][0] += 5
    obs = audit_records([record])
    assert any("no scores known" in n.text for n in obs.stopped)
    # hand 2's scores are not judged (what it starts from is not known); hand 3 starts
    # from them, and its scores, 5 short of them, are
    assert [(d.hand, d.checked) for d in obs.divergences] == [(1, "action"), (3, "scores")]


def test_the_match_result_after_a_stopped_hand_is_not_judged() -> None:
    record = _match()
    _stop_at_second_action(record["hands"][-1])
    obs = audit_records([record])
    assert [d.checked for d in obs.divergences] == ["action"]  # no result.winner
    (note,) = [n for n in obs.stopped if "match result" in n.text]
    assert note.text.startswith("match result not judged: hand 16 stopped at action")


# -- consequences --------------------------------------------------------------------------
def _won_on_a_wrong_score() -> dict[str, Any]:
    """The match as an engine logs it that scores side 1's first play of the last hand
    high enough to reach the target of 250 there, and so ends the match at that play."""
    record = _match()
    last = record["hands"][-1]
    start = record["hands"][-2]["scores"]
    play = next(i for i, a in enumerate(last["actions"]) if a["seat"] == 1 and "@" in a["action"])
    scores = list(start)
    for action in last["actions"][:play]:
        scores[action["seat"]] += action.get("score", 0)
    wrong = 250 - scores[1]
    assert wrong % 5 == 0 and wrong != last["actions"][play]["score"]
    last["actions"][play]["score"] = wrong
    scores[1] = 250
    del last["actions"][play + 1 :]
    last["scores"] = scores
    record["result"] = {"winner": 1, "scores": scores}
    return record


def test_a_winner_after_a_wrong_score_is_its_consequence_and_counts_for_no_rule() -> None:
    obs = audit_records([_won_on_a_wrong_score()])
    score, winner = obs.divergences
    assert (score.checked, winner.checked) == ("score", "result.winner")
    assert winner.rule == "match.first-to-target" and winner.consequence_of == 1
    assert score.counted and not winner.counted
    tally = obs.games["all-fives"]
    assert tally.failed["match.first-to-target"] == 0 and tally.failed[score.rule] == 1
    assert obs.status("all-fives", "match.first-to-target") != FAIL
    assert "match.first-to-target" not in [rule for rule, _, _ in causes(obs)]
    assert obs.against == [score]
    assert "(1 following from an earlier one)" in obs.verdict()


# -- readings of an interpretation -----------------------------------------------------------
def _target_after_settlement(seed: int = 1) -> dict[str, Any]:
    """An All Fives match of an engine that checks the target once the hand is settled
    (the other reading of all-fives.target-immediate): it plays on past the target."""
    with contextlib.ExitStack() as stack:
        stack.enter_context(mock.patch.dict(_STATES, clear=True))
        for patch in AllFivesTargetAfterSettlement().patches():
            stack.enter_context(patch)
        return observed_match("all-fives", 2, None, seed)


@pytest.mark.parametrize(
    ("seed", "hand", "checked"),
    [(1, 10, "action"), (16, 13, "scores")],  # played on; the last play reached it, settled
)
def test_playing_on_past_the_target_to_the_hand_s_end_is_a_reading_not_a_failure(
    seed: int, hand: int, checked: str
) -> None:
    obs = audit_records([_target_after_settlement(seed)])
    (div,) = obs.divergences  # judged under that reading from there: nothing piles up
    assert (div.rule, div.hand, div.checked) == ("match.first-to-target", hand, checked)
    assert div.requirement == "implementation-defined"
    assert div.interpretation == "all-fives.target-immediate"
    assert obs.ok and obs.status("all-fives", "match.first-to-target") == "reading"
    assert obs.games["all-fives"].failed["match.first-to-target"] == 0
    assert not obs.stopped  # the rest of the hand and the result were judged


def test_playing_on_past_the_target_against_the_other_reading_too_is_a_failure() -> None:
    record = _target_after_settlement()
    at = audit_records([copy.deepcopy(record)]).divergences[0].action
    assert at is not None
    hand = record["hands"][9]
    played_before = sum(len(h["actions"]) for h in record["hands"][:9])
    later = hand["actions"][at - played_before]  # the action after the one played on
    later["seat"] = 1 - later["seat"]  # out of turn under either reading
    obs = audit_records([record])
    assert obs.divergences[0].action == at
    assert obs.divergences[0].requirement == "must" and not obs.ok
    assert obs.status("all-fives", "match.first-to-target") == FAIL


def test_a_two_player_deduction_bug_in_all_fives_is_no_reading() -> None:
    """settle.deduct-each-hand carries all-fives.settlement-partners, a question of
    partnerships only: leaving the deduction out at two players is a plain failure."""
    record = _match()
    first = record["hands"][0]
    kept = [0, 0]
    for action in first["actions"]:
        kept[action["seat"]] += action.get("score", 0)
    assert kept != first["scores"]
    delta = [k - s for k, s in zip(kept, first["scores"], strict=True)]
    first["scores"] = kept
    for later in record["hands"][1:]:
        later["scores"] = [s + d for s, d in zip(later["scores"], delta, strict=True)]
    record["result"]["scores"] = record["hands"][-1]["scores"]
    obs = audit_records([record])
    div = obs.divergences[0]
    assert (div.rule, div.requirement, div.interpretation) == (
        "settle.deduct-each-hand",
        "must",
        None,
    )
    assert obs.status("all-fives", "settle.deduct-each-hand") == FAIL


# -- the numbers explained -----------------------------------------------------------------
def test_a_play_score_is_explained_by_its_ends_and_the_misreading_that_gives_it() -> None:
    (div,) = audit_records([_example_with(8, score=15)]).divergences
    assert div.explain[0] == (
        "the scoring ends: [0|4]: 0, [1|5]: 5; they total 5, a multiple of 5: it scores 5"
    )
    assert div.explain[1] == "recorded 15: no known misreading of the ends gives it"
    (div,) = audit_records([_example_with(7, score=9)]).divergences
    assert "they total 9, no multiple of 5: it scores 0" in div.explain[0]
    assert div.explain[1].startswith("recorded 9: the total 9 scored as it stands")


def test_a_spinner_s_unstarted_branches_counted_is_named_with_the_total_they_make() -> None:
    with contextlib.ExitStack() as stack:
        stack.enter_context(mock.patch.dict(_STATES, clear=True))
        for patch in catalog.CountsUnstartedBranch().patches():
            stack.enter_context(patch)
        records = [observed_match("five-up", 2, None, seed, hands=4) for seed in (1, 2, 3)]
    scores = [d for d in audit_records(records).divergences if d.checked == "score"]
    assert scores
    for div in scores:
        hows = [line for line in div.explain if line.startswith(f"recorded {div.got}:")]
        assert any("unstarted branches counted, the ends total" in how for how in hows)


def test_settled_scores_are_explained_by_each_hand_s_pips_and_rounding() -> None:
    record = _match()
    record["hands"][0]["scores"][0] -= 5
    div = audit_records([record]).divergences[0]
    assert div.checked == "scores"
    assert any(
        re.fullmatch(r"seat \d holds \d+ pips, rounded to \d+: -\d+ to side \d", line)
        for line in div.explain
    )
    assert div.explain[-1].startswith("the scores by side [")


def test_a_winner_is_explained_by_the_scores_against_the_target() -> None:
    winner = audit_records([_won_on_a_wrong_score()]).divergences[1]
    assert winner.explain[0].endswith("the target is 250")
    assert winner.explain[1] == "no side has won: the match goes on"
    assert winner.explain[2] == f"the record's own scores are {winner.prefix['result']['scores']}"


def test_playing_on_after_a_wrong_score_kept_the_target_away_is_no_reading() -> None:
    """The reference reaches the target (260) at a play of 15 the record left unscored
    (245): the record plays on because of its score, which no reading excuses."""
    record = _target_after_settlement()
    at = audit_records([copy.deepcopy(record)]).divergences[0].action
    assert at is not None
    hand = record["hands"][9]
    played_before = sum(len(h["actions"]) for h in record["hands"][:9])
    winning = hand["actions"][at - played_before - 2]
    assert winning["score"] == 15
    winning["score"] = 0
    obs = audit_records([record])
    score, played_on = obs.divergences[:2]
    assert score.checked == "score" and score.action == at - 1
    assert played_on.requirement == "must" and played_on.consequence_of == 1


def test_the_report_calls_every_cause_a_reading_when_every_divergence_is_one() -> None:
    """As the certificate lists implementation-defined cases answered otherwise: named,
    and said to be no failure."""
    obs = audit_records([_target_after_settlement()])
    reading = "(a reading answered otherwise, not a failure)"
    for text in (console(obs), markdown(obs)):
        causes = [line for line in text.splitlines() if line.lstrip().startswith("1. ")]
        assert causes and all(reading in line for line in causes), text
        assert "FAIL" not in text


def test_draws_repeated_while_holding_a_play_are_one_fault_and_the_hand_goes_on() -> None:
    record = minimal_example()
    actions = record["hands"][0]["actions"]
    # seat 1 holds plays on both ends yet draws twice, then plays; seat 0 answers
    actions[7:] = [
        {"seat": 1, "action": "draw", "tile": "[0|3]"},
        {"seat": 1, "action": "draw", "tile": "[2|6]"},
        {"seat": 1, "action": "[1|5]@[1|1]:1", "score": 0},
        {"seat": 0, "action": "[0|4]@[1|4]:4", "score": 10},
    ]
    obs = audit_records([record])
    assert [(d.rule, d.action) for d in obs.divergences] == [
        ("turn.must-play", 8),
        (obs.divergences[1].rule, 11),  # the score: 5, not 10
    ]
    assert obs.divergences[1].checked == "score"
    assert not any("not checked" in n.text for n in obs.stopped)


def test_a_real_engine_s_own_games_are_judged_to_their_last_action() -> None:
    """The all-fives-domino package's committed games (docs/comparisons): its players draw
    while holding plays and pass with a tile left; every action is judged all the same,
    and the ends of hands and matches that follow from those actions fail no rule."""
    games = Path(__file__).resolve().parent.parent / COMPARISON_GAMES
    records = read_file(games)
    obs = audit_records(records)
    assert obs.games["all-fives"].actions == sum(
        len(hand["actions"]) for _, record in records for hand in record["hands"]
    )
    assert obs.followed and not obs.undecided
    after = [d for d in obs.divergences if d.rule in ("hand.end.block", "match.first-to-target")]
    assert after and not any(d.counted for d in after)
    assert all(obs.divergences[d.consequence_of - 1].counted for d in after if d.consequence_of)


def _partners_rounded_together(game: str) -> list[dict[str, Any]]:
    """Matches of four players in partnerships from an engine that adds partners' pips up
    and rounds them once."""
    with contextlib.ExitStack() as stack:
        stack.enter_context(mock.patch.dict(_STATES, clear=True))
        for patch in catalog.PartnersRoundedTogether().patches():
            stack.enter_context(patch)
        return [observed_match(game, 4, True, seed, hands=8) for seed in (1, 2, 3)]


def test_partners_pips_rounded_together_is_a_reading_where_the_game_leaves_it_open() -> None:
    # All Fives leaves it open (all-fives.settlement-partners): a reading
    obs = audit_records(_partners_rounded_together("all-fives"))
    assert obs.divergences and obs.ok
    assert {(d.rule, d.requirement, d.interpretation) for d in obs.divergences} == {
        ("settle.deduct-each-hand", "implementation-defined", "all-fives.settlement-partners")
    }
    # Five Up says it (settle.partners-apart): a failure
    obs = audit_records(_partners_rounded_together("five-up"))
    assert obs.divergences and not obs.ok
    assert {(d.rule, d.requirement) for d in obs.divergences} == {("settle.partners-apart", "must")}


def _draw_then_its_play() -> tuple[dict[str, Any], int, int]:
    """A record with a draw followed by its seat's play of a tile, that draw's hand and
    its action number over the match."""
    for seed in range(1, 40):
        record = observed_match("five-up", 2, None, seed, hands=3)
        before = 0
        for number, hand in enumerate(record["hands"], 1):
            steps = hand["actions"]
            for i in range(1, len(steps) - 1):
                drawn, nxt = steps[i], steps[i + 1]
                played = nxt["action"] != "draw" and nxt["seat"] == drawn["seat"]
                if drawn["action"] == "draw" and played:
                    return record, number, before + i + 1
            before += len(steps)
    raise AssertionError("no draw followed by its seat's play in 39 matches")


def test_a_draw_logged_for_the_wrong_seat_is_one_fault_not_two() -> None:
    """A draw written for the other seat, then its seat plays the tile it drew: the replay
    applies the draw as the log says, and the play straight after it, from a position the
    rules never reach, is that fault's consequence, counted for no rule of its own (a
    long log's benchmark, benchmarks/fault_log.py, first counted it twice)."""
    record, number, action = _draw_then_its_play()
    before = sum(len(h["actions"]) for h in record["hands"][: number - 1])
    step = record["hands"][number - 1]["actions"][action - before - 1]
    for key in ("offered", "score", "tile"):
        step.pop(key, None)
    step["seat"] = 1 - step["seat"]
    obs = audit_records([record])
    own = [(d.hand, d.action, d.rule) for d in obs.divergences if d.consequence_of is None]
    assert own == [(number, action, "turn.clockwise")]
    following = [d for d in obs.divergences if d.consequence_of is not None]
    assert following and all(d.consequence_of == 1 for d in following)
    assert following[0].action == action + 1
