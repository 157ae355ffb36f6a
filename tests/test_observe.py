"""The audit of observation records: the reference engine's own games audit clean, and
each hand-made fault is a FAIL on the rule it breaks and on nothing else."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from observed import (
    LEGAL_AT_8,
    minimal_example,
    observed_hand,
    observed_match,
    readme_example,
    to_pips_form,
)

from fives_engine import Action, Deal, MatchState, Play, Setup, find_game
from fives_engine.deal import random_deal
from fives_engine.record import write_record
from fives_tools.certify.findings.status import FAIL, NOT_OBSERVED, PASS
from fives_tools.certify.observe import Observation, audit_records
from fives_tools.certify.observe.replay import prefix
from fives_tools.certify.observe.resolve import offered_difference, resolve
from fives_tools.cli.records import random_match


def failed(obs: Observation) -> list[tuple[str, str]]:
    """(rule, field) of every divergence."""
    return [(d.rule, d.checked) for d in obs.divergences]


def failing_rules(obs: Observation) -> set[str]:
    return {
        rule
        for game in obs.games
        for rule in find_game(game).rules
        if obs.status(game, rule) == FAIL
    }


# -- clean records -------------------------------------------------------------------------
TABLES = [
    ("five-up", 2, None),
    ("five-up", 4, True),
    ("exact-61", 3, None),
    ("exact-61", 4, True),
    ("all-fives", 2, None),
    ("all-fives", 4, False),
]


@pytest.mark.parametrize(("game", "players", "partners"), TABLES)
def test_reference_games_audit_clean_in_both_forms(
    game: str, players: int, partners: bool | None
) -> None:
    records = [observed_match(game, players, partners, seed, hands=4) for seed in (1, 2)]
    obs = audit_records([*records, *map(to_pips_form, records)])
    assert obs.ok, obs.divergences[:3]
    assert not obs.stopped and not obs.undecided
    tally = obs.games[game]
    assert tally.records == 4 and tally.actions == 2 * sum(
        len(h["actions"]) for r in records for h in r["hands"]
    )
    for rule in (
        "turn.clockwise",
        "play.match-attach-point",
        "score.play.multiple-of-five",
        "settle.round-nearest-five",
    ):
        assert obs.status(game, rule) == PASS, rule


def test_a_whole_match_audits_clean_to_its_result() -> None:
    record = observed_match("all-fives", 2, None, 3)
    assert record["result"]["winner"] is not None
    obs = audit_records([record])
    assert obs.ok and obs.status("all-fives", "match.first-to-target") == PASS


def test_full_game_records_written_by_fives_play_audit_clean() -> None:
    records = [
        write_record(random_match(g, 2, None, 5)) for g in ("five-up", "exact-61", "all-fives")
    ]
    obs = audit_records(records)
    assert obs.ok and not obs.stopped
    # a full record has no offered actions nor scores: those are not observed, not passed
    assert obs.status("all-fives", "score.play.multiple-of-five") == NOT_OBSERVED
    assert obs.games["all-fives"].present["offered"] == 0


def test_the_minimal_log_of_records_md_audits_clean() -> None:
    obs = audit_records([minimal_example()])
    assert obs.ok and not obs.stopped and not obs.undecided
    assert obs.status("all-fives", "turn.draw-until-playable") == PASS
    assert obs.games["all-fives"].exercised["turn.draw-until-playable"] == 5
    # nothing in one unfinished hand settles or leads a second hand: not observed
    for rule in ("settle.deduct-each-hand", "lead.went-out-leads", "match.first-to-target"):
        assert obs.status("all-fives", rule) == NOT_OBSERVED
        assert obs.games["all-fives"].exercised[rule] == 0


def test_the_readme_example_audits_clean_with_its_offers_checked() -> None:
    obs = audit_records([readme_example()])
    assert obs.ok and not obs.stopped
    assert obs.games["all-fives"].present["offered"] == 1
    assert obs.status("all-fives", "turn.must-play") == PASS


# -- hand-made faults: FAIL on the right rule and nothing else -------------------------------
def _example_with(index: int, **change: Any) -> dict[str, Any]:
    record = minimal_example()
    record["hands"][0]["actions"][index].update(change)
    return record


def test_an_illegal_play_fails_the_rule_that_forbids_it() -> None:
    # [1|4] has joined the spinner by its 1: its only open end shows 4
    obs = audit_records([_example_with(7, action="[1|5]@[1|4]:small-end")])
    assert failed(obs) == [("play.match-attach-point", "action")]
    assert failing_rules(obs) == {"play.match-attach-point"}
    assert obs.divergences[0].action == 8
    assert any("1 action after action 8 not checked" in n.text for n in obs.stopped)


def test_a_draw_while_holding_a_play_fails_must_play() -> None:
    obs = audit_records([_example_with(8, action="draw", tile="[0|3]")])
    assert failed(obs) == [("turn.must-play", "action")]


def test_a_missing_offered_play_names_the_rule_that_allows_it() -> None:
    offered = [
        "[0|1]@[1|1]:straight-b",
        "[1|3]@[1|1]:straight-b",
        "[1|5]@[1|1]:straight-b",
        "[1|6]@[1|1]:straight-b",
        "[4|5]@[1|4]:big-end",
    ]  # [2|4]@[1|4]:big-end left out
    obs = audit_records([_example_with(7, offered=offered)])
    assert failed(obs) == [("play.match-attach-point", "offered")]
    assert obs.divergences[0].expected == "[2|4]@[1|4]:big-end"
    # and the whole set, in the pips form, is clean
    offered.append("[2|4]@[1|4]:4")
    assert audit_records([_example_with(7, offered=offered)]).ok


def test_an_extra_offered_action_names_the_rule_that_refuses_it() -> None:
    obs = audit_records([_example_with(7, offered=[*LEGAL_AT_8, "draw"])])
    assert failed(obs) == [("turn.must-play", "offered")]
    obs = audit_records([_example_with(7, offered=[*LEGAL_AT_8, "[6|6]@[1|1]:straight-b"])])
    assert failed(obs) == [("play.match-attach-point", "offered")]  # [6|6] shows no 1
    obs = audit_records([_example_with(7, offered=[*LEGAL_AT_8, "[1|2]@[1|1]:1"])])
    assert failed(obs) == [("hand.own-tiles", "offered")]  # seat 1 does not hold [1|2]


def test_a_wrong_score_fails_the_scoring_rule() -> None:
    obs = audit_records([_example_with(8, score=10)])
    # 10 is a multiple of 5 that no misreading gives: the ends were counted otherwise
    assert failed(obs) == [("score.ends.outer-end", "score")]
    assert "score.play.multiple-of-five" not in obs.divergences[0].candidates
    assert (obs.divergences[0].expected, obs.divergences[0].got) == ("5", "10")
    # a total that is no multiple of 5 scored as it stands
    obs = audit_records([_example_with(7, score=9)])
    assert failed(obs) == [("score.play.multiple-of-five", "score")]


def _settled_record() -> dict[str, Any]:
    """Two hands of Five Up, the first gone out, with every field."""
    for seed in range(1, 50):
        record = observed_match("five-up", 2, None, seed, hands=2)
        if record["hands"][0]["ended"] == "out" and len(record["hands"]) == 2:
            return record
    raise AssertionError("no seed gives a hand gone out")


def test_a_wrong_settlement_fails_the_settlement_rule_once() -> None:
    record = _settled_record()
    first = record["hands"][0]
    scores = first["scores"]
    # an engine that forgets to deduct the hand left: the scores the plays made, kept on
    played = [0, 0]
    for action in first["actions"]:
        played[action["seat"]] += action.get("score", 0)
    assert played != scores
    delta = [p - s for p, s in zip(played, scores, strict=True)]
    first["scores"] = played
    for later in [record["hands"][1]["scores"], record["result"]["scores"]]:
        later[:] = [s + d for s, d in zip(later, delta, strict=True)]
    obs = audit_records([record])
    assert failed(obs) == [("settle.deduct-each-hand", "scores")]
    assert failing_rules(obs) == {"settle.deduct-each-hand"}


def test_a_wrong_next_leader_fails_went_out_leads_only() -> None:
    record = _settled_record()
    first = record["hands"][0]
    went_out = first["actions"][-1]["seat"]
    ruleset = find_game("five-up")
    setup = Setup.of(ruleset, 2)
    match = MatchState(ruleset, setup, first["scores"])
    rng = random.Random(5)
    deal = random_deal(ruleset, setup, rng, None)
    match.deal(Deal.of(deal.hands, deal.boneyard, leader=1 - went_out))
    record["hands"][1] = observed_hand(match, rng)  # played on from the wrong leader
    record["result"] = {"scores": list(match.scores), "winner": match.winner}
    obs = audit_records([record])
    assert failed(obs) == [("lead.went-out-leads", "deal.leader")]
    assert (obs.divergences[0].expected, obs.divergences[0].got) == (
        f"seat {went_out}",
        f"seat {1 - went_out}",
    )
    cut = obs.divergences[0].prefix  # the record up to the deal of hand 2
    assert len(cut["hands"]) == 2 and cut["hands"][1]["actions"] == []
    assert failed(audit_records([cut])) == failed(obs)


def test_a_wrong_ending_fails_the_rule_of_the_ending() -> None:
    record = _settled_record()
    record["hands"][0]["ended"] = "block"
    assert failed(audit_records([record])) == [("hand.end.going-out", "ended")]


def test_a_wrong_result_fails_the_end_of_the_match() -> None:
    record = observed_match("all-fives", 2, None, 3)
    record["result"]["winner"] = 1 - record["result"]["winner"]
    assert failed(audit_records([record])) == [("match.first-to-target", "result.winner")]


def test_playing_on_after_the_match_is_won_is_a_divergence() -> None:
    record = observed_match("all-fives", 2, None, 3)
    extra = copy.deepcopy(record["hands"][-1])
    record["hands"].append(extra)
    assert ("match.first-to-target", "hands") in failed(audit_records([record]))


# -- the pips form ------------------------------------------------------------------------
def test_pips_plays_with_or_without_their_anchor_resolve_to_the_one_legal_play() -> None:
    record = _example_with(7, action="[1|5]@1")  # only [1|1]'s straight side B shows 1
    record["hands"][0]["actions"][8]["action"] = "[0|4]@4"
    obs = audit_records([record])
    assert obs.ok and not obs.undecided


AMBIGUOUS = {
    "format": "fives-record",
    "version": 1,
    "game": "all-fives",
    "setup": {"players": 2},
    "hands": [
        {
            "deal": {
                "leader": 0,
                "hands": [
                    [
                        "[1|3]",
                        "[1|6]",
                        "[0|0]",
                        "[0|1]",
                        "[0|2]",
                        "[0|3]",
                        "[0|4]",
                        "[0|5]",
                        "[1|1]",
                    ],
                    [
                        "[3|6]",
                        "[0|6]",
                        "[2|2]",
                        "[2|3]",
                        "[2|4]",
                        "[2|5]",
                        "[3|3]",
                        "[3|4]",
                        "[3|5]",
                    ],
                ],
            },
            "actions": [
                {"seat": 0, "action": "[1|3]"},
                {"seat": 1, "action": "[3|6]@3"},
                {"seat": 0, "action": "[1|6]@1"},
                # both outer ends now show 6, on [3|6] and on [1|6]: two different plays
                {"seat": 1, "action": "[0|6]@6"},
            ],
        }
    ],
}


def test_an_ambiguous_pips_play_could_not_be_decided_and_is_no_fail() -> None:
    obs = audit_records([copy.deepcopy(AMBIGUOUS)])
    assert obs.ok and failing_rules(obs) == set()
    assert len(obs.undecided) == 1 and obs.undecided[0].action == 4
    assert "[0|6]@[1|6]:big-end" in obs.undecided[0].text
    assert "[0|6]@[3|6]:big-end" in obs.undecided[0].text
    named = copy.deepcopy(AMBIGUOUS)
    named["hands"][0]["actions"][3]["action"] = "[0|6]@[1|6]:6"  # the anchor decides it
    assert audit_records([named]).ok and not audit_records([named]).undecided


def test_prefix_is_the_record_cut_after_the_action() -> None:
    record = _example_with(8, score=10)
    obs = audit_records([record])
    cut = obs.divergences[0].prefix
    assert len(cut["hands"][0]["actions"]) == 9 and "result" not in cut
    assert failed(audit_records([cut])) == failed(obs)
    shorter = prefix(record, 1, 8)
    assert audit_records([shorter]).ok


def test_records_handed_over_that_are_no_records_are_noted_not_raised() -> None:
    bad = minimal_example()
    bad["game"] = "six-up"
    obs = audit_records([("reply 1", bad), ("reply 2", {"format": "fives-record"})])
    assert not obs.ok and not obs.divergences
    assert [n.record for n in obs.unreadable] == ["reply 1", "reply 2"]
    assert "field game: unknown game 'six-up'" in obs.unreadable[0].text
    assert "2 records could not be read" in obs.verdict()


def test_a_table_the_game_is_not_played_at_is_a_divergence() -> None:
    record = observed_match("five-up", 4, True, 1, hands=1)
    record["setup"]["partnerships"] = False  # Five Up's four players are always partners
    obs = audit_records([record])
    assert failed(obs) == [("side.partnership", "setup")]


def test_side_b_named_while_side_a_is_open_is_the_move_on_side_a() -> None:
    """layout.symmetric-attach-points: the text names side B, the move is side A's; offered
    alone it covers that move, offered beside it it is the same move twice."""
    legal: list[Action] = [
        Play.parse("[0|5]@[5|5]:straight-a"),
        Play.parse("[5|6]@[5|5]:straight-a"),
    ]
    assert resolve("[0|5]@[5|5]:straight-b", legal).action == legal[0]
    assert offered_difference(["[0|5]@[5|5]:straight-b", "[5|6]@[5|5]:straight-a"], legal) == (
        [],
        [],
    )
    both = ["[0|5]@[5|5]:straight-a", "[0|5]@[5|5]:straight-b", "[5|6]@[5|5]:straight-a"]
    missing, extra = offered_difference(both, legal)
    assert missing == [] and [r.text for r in extra] == ["[0|5]@[5|5]:straight-b"]
