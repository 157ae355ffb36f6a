"""What a real engine's own log can say (issue 27, the records side): each situation as a
record carries it, and the one finding the audit makes of it."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from observed import minimal_example

from fives_engine.errors import RecordError
from fives_tools.certify.observe import Observation, audit_records
from fives_tools.certify.observe.load import ENTRY_FORMS, check_record
from fives_tools.certify.observe.model import IMPLEMENTATION_DEFINED


def found(obs: Observation) -> list[tuple[str, str, str]]:
    return [(d.rule, d.checked, d.requirement) for d in obs.divergences]


def _drawn(draws: list[list[str | None]], leader: int | None) -> dict[str, Any]:
    record = copy.deepcopy(minimal_example())  # seat 1 leads
    deal = record["hands"][0]["deal"]
    deal["draws"] = draws
    if leader is None:
        deal.pop("leader")
    else:
        deal["leader"] = leader
    return record


# -- 12: leaders and draws -----------------------------------------------------------------
def test_a_draw_the_lowest_tile_wins_is_a_reading_of_the_neutral_draw_not_a_failure() -> None:
    # seat 1 drew [0|1] against [6|6] and led: the engine's draw is won by the lowest tile
    for leader in (1, None):
        obs = audit_records([_drawn([["[6|6]", "[0|1]"]], leader)])
        assert found(obs) == [("lead.neutral-draw", "deal.draws", IMPLEMENTATION_DEFINED)]
        assert obs.divergences[0].interpretation == "lead.neutral-draw"
        assert obs.ok


def test_a_draw_neither_end_wins_or_a_leader_it_does_not_give_is_still_judged() -> None:
    # the highest tile leads here: no reading to report
    assert found(audit_records([_drawn([["[0|1]", "[6|6]"]], 1)])) == []
    # a tie (7 and 7) decides nothing either way: the draw is refused
    obs = audit_records([_drawn([["[1|6]", "[3|4]"]], 1)])
    assert found(obs) == [("lead.neutral-draw", "deal", "must")]
    # the lowest tile wins, but the record lets the other seat lead: out of turn
    obs = audit_records([_drawn([["[0|1]", "[6|6]"]], None)])
    assert found(obs) == []  # the highest, seat 1, led
    obs = audit_records([_drawn([["[6|6]", "[0|1]"]], 0)])
    assert found(obs) == [("turn.clockwise", "seat", "must")]


def _won_going_out(**hand: Any) -> dict[str, Any]:
    """All Fives from 240-0: seat 0's last tile, [3|5], scores 10 and wins (spec/protocol.md's
    example of a match won by going out)."""
    deal = {
        "leader": 0,
        "hands": [
            ["[0|3]", "[0|4]", "[2|2]", "[3|4]", "[3|5]"],
            ["[1|4]", "[2|3]", "[2|4]", "[4|4]", "[5|6]"],
        ],
    }
    plays = ["[0|3]", "[2|3]@[0|3]:big-end", "[0|4]@[0|3]:small-end", "[4|4]@[0|4]:big-end",
             "[2|2]@[2|3]:small-end", "[1|4]@[4|4]:straight-b", "[3|4]@[4|4]:branch-a",
             "[2|4]@[2|2]:straight-b", "[3|5]@[3|4]:small-end"]  # fmt: skip
    actions = [{"seat": i % 2, "action": a} for i, a in enumerate(plays)]
    return {
        "format": "fives-record",
        "version": 1,
        "game": "all-fives",
        "setup": {"players": 2, "deal_option": "five-each", "scores": [240, 0]},
        "hands": [{"deal": deal, "actions": actions, "scores": [250, 15], **hand}],
        "result": {"scores": [250, 15], "winner": 0},
    }


def test_a_going_out_play_that_wins_the_match_ended_the_hand_out() -> None:
    assert found(audit_records([_won_going_out(ended="out")])) == []
    obs = audit_records([_won_going_out(ended="block")])
    assert found(obs) == [("hand.end.going-out", "ended", "must")]


# -- 4 and 8: house moves, and where the engine stopped ---------------------------------------
def _with_entry(entry: dict[str, Any], at: int = 3) -> dict[str, Any]:
    """The minimal log with ``entry`` in place of seat 0's first draw (action 4): what
    follows it (draws and plays the rules would judge from another position) stays."""
    record = copy.deepcopy(minimal_example())
    record["hands"][0]["actions"][at] = entry
    return record


def test_a_house_move_is_one_divergence_not_its_consequences() -> None:
    obs = audit_records([_with_entry({"seat": 0, "house": "[5|5] played closed"})])
    assert found(obs) == [("turn.draw-until-playable", "house", "must")]
    (div,) = obs.divergences
    assert div.action == 4 and "a move the rules do not have ([5|5] played closed)" in div.what
    assert div.expected == "seat 0: a legal action: draw"
    # the same place given an action the rules refuse is judged on: more than one finding
    assert len(audit_records([_with_entry({"seat": 0, "action": "pass"})]).divergences) > 1


def test_an_engine_that_crashed_or_stalled_fails_where_it_stopped() -> None:
    record = _with_entry({"stopped": "crash", "message": "TypeError: tile is None"})
    obs = audit_records([record])
    assert found(obs) == [("turn.draw-until-playable", "stopped", "must")]
    assert obs.divergences[0].got == "crash: TypeError: tile is None"
    assert not obs.ok
    # a hand that never ends: the log stops there, the stall is the finding
    record = copy.deepcopy(minimal_example())
    record["hands"][0]["actions"].append({"seat": 1, "stopped": "stall"})
    (div,) = audit_records([record]).divergences
    assert (div.checked, div.got) == ("stopped", "stall")
    assert div.rule == "play.match-attach-point"  # seat 1 had plays: the rules' next move


def test_a_stop_once_the_match_is_won_is_only_noted() -> None:
    record = _won_going_out(ended="out")
    record["hands"][0]["actions"].append({"stopped": "stopped", "message": "game over"})
    obs = audit_records([record])
    assert found(obs) == [] and obs.ok
    assert any("after the match was won, stopped: game over" in n.text for n in obs.stopped)
    assert obs.games["all-fives"].exercised["match.first-to-target"]  # the result judged


def test_an_entry_that_is_none_of_the_three_forms_is_named_with_what_was_expected() -> None:
    for entry in ({"seat": 0}, {"seat": 0, "action": "draw", "house": "closed"}):
        with pytest.raises(RecordError) as caught:
            check_record(_with_entry(entry))
        assert str(caught.value) == f"field hands[0].actions[3]: {ENTRY_FORMS}"
