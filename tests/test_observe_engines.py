"""What a real engine's own log can say (issue 27, the records side): each situation as a
record carries it, and the one finding the audit makes of it."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from observed import minimal_example, observed_match

from fives_engine import DOUBLE_SIX
from fives_engine.errors import RecordError
from fives_tools.certify.findings.status import FAIL, IMPLEMENTATION_DEFINED
from fives_tools.certify.judge import misreadings
from fives_tools.certify.observe import Observation, audit_records
from fives_tools.certify.observe.load import ENTRY_FORMS, check_record
from fives_tools.cli import main


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
    (note,) = obs.stopped
    assert note.text == (
        "hand 1: 5 actions after action 4 not checked (what follows a move off the rules is"
        " not judged)"
    )
    # the same place given an action the rules refuse is judged on: more than one finding
    assert len(audit_records([_with_entry({"seat": 0, "action": "pass"})]).divergences) > 1


def test_an_engine_that_crashed_or_stalled_is_an_engine_error_not_a_rule_failure() -> None:
    """A crash or a stall withholds the certificate as a case that errors does, but it is
    no failure of the rule whose move was due there, and never a likely cause."""
    record = _with_entry({"stopped": "crash", "message": "TypeError: tile is None"})
    obs = audit_records([record])
    assert found(obs) == [] and not obs.ok
    (error,) = obs.errors
    assert error.action == 4
    assert "the implementation crashed with the game not over: TypeError: tile is None" in (
        error.text
    )
    assert "engine errors" in obs.verdict()
    assert all(obs.status("all-fives", rule) != FAIL for rule in obs.games["all-fives"].exercised)
    assert misreadings.likely_causes(obs.against) == []
    # a hand that never ends: the log stops there, the stall is the engine's error
    record = copy.deepcopy(minimal_example())
    record["hands"][0]["actions"].append({"seat": 1, "stopped": "stall"})
    obs = audit_records([record])
    assert obs.divergences == [] and len(obs.errors) == 1 and not obs.ok
    assert "stalled" in obs.errors[0].text


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


# -- 10: scores per hand ---------------------------------------------------------------------
def _per_hand(record: dict[str, Any]) -> dict[str, Any]:
    """``record`` as an engine that resets its scores each hand logs it."""
    out = copy.deepcopy(record)
    before = out["setup"].get("scores") or [0, 0]
    for hand in out["hands"]:
        after = hand["scores"]
        hand["scores"] = [a - b for a, b in zip(after, before, strict=True)]
        before = after
    out["setup"]["hand_scores"] = "per-hand"
    return out


def test_scores_reset_each_hand_are_judged_as_the_match_s_once_said_so() -> None:
    record = observed_match("five-up", 2, None, 2, hands=3)
    assert len(record["hands"]) == 3 and audit_records([record]).ok
    per_hand = _per_hand(record)
    assert per_hand["hands"][1]["scores"] != record["hands"][1]["scores"]
    obs = audit_records([per_hand])
    assert obs.ok and obs.games["five-up"].present["scores"] == 3
    # the same numbers read as the match's scores are wrong settlements
    del per_hand["setup"]["hand_scores"]
    assert "scores" in {d.checked for d in audit_records([per_hand]).divergences}
    # a wrong hand is still found, once: hand 2 gives side 0 five points too many
    wrong = _per_hand(record)
    wrong["hands"][1]["scores"][0] += 5
    wrong["result"]["scores"][0] += 5  # the engine's own sum, as it would show it
    assert [(d.hand, d.checked) for d in audit_records([wrong]).divergences] == [(2, "scores")]


# -- 9: the engine's own setup ---------------------------------------------------------------
def _dealt(size: int, **setup: Any) -> dict[str, Any]:
    """Five Up at 4 players, ``size`` tiles each in order of the set, seat 0 leading [0|0]
    and seat 1 playing [0|size] on it (a tile of seat 1's whatever the size)."""
    tiles = [str(t) for t in DOUBLE_SIX]
    hands = [tiles[i * size : (i + 1) * size] for i in range(4)]
    second = next(t for t in hands[1] if t.startswith("[0|"))
    actions = [{"seat": 0, "action": "[0|0]"}, {"seat": 1, "action": f"{second}@[0|0]:straight-a"}]
    return {
        "format": "fives-record",
        "version": 1,
        "game": "five-up",
        "setup": {"players": 4, **setup},
        "hands": [{"deal": {"leader": 0, "hands": hands, "boneyard": tiles[4 * size :]},
                   "actions": actions}],
    }  # fmt: skip


def test_a_deal_no_deal_of_the_game_gives_is_named_once_and_the_hands_judged() -> None:
    assert found(audit_records([_dealt(5, hand_size=5)])) == []  # the rules' deal
    for record in (_dealt(6, hand_size=6), _dealt(6)):  # said, or shown by the first hand
        obs = audit_records([record])
        (div,) = obs.divergences
        assert (div.rule, div.checked) == ("deal.hand-size", "setup.hand_size")
        assert div.what == "deals 6 to 4 players; Five Up deals 5 each"
        assert obs.games["five-up"].actions == 2 and not obs.stopped  # the hand judged on


# -- 7: targets ------------------------------------------------------------------------------
def test_the_target_is_reached_at_or_over_so_a_strict_one_is_written_one_more() -> None:
    at = _won_going_out(ended="out")
    at["setup"]["target"] = 250  # 240 + 10 reaches it: the match is won, not settled
    assert found(audit_records([at])) == []
    strict = _won_going_out(ended="out")
    strict["setup"]["target"] = 251  # "over 250": 250 does not win; the hand is settled
    strict["hands"][0]["scores"] = strict["result"]["scores"] = [250, 5]  # [5|6] deducted
    strict["result"]["winner"] = None
    assert found(audit_records([strict])) == []
    strict["result"]["winner"] = 0  # a strict engine that still declared 250 a win
    assert [d.checked for d in audit_records([strict]).divergences] == ["result.winner"]


# -- 5: what was offered ---------------------------------------------------------------------
def _offered(index: int, offered: list[str]) -> Observation:
    record = copy.deepcopy(minimal_example())
    record["hands"][0]["actions"][index]["offered"] = offered
    return audit_records([record])


def test_offered_is_compared_as_a_set_and_mirror_twins_are_one_play() -> None:
    # seat 0 at action 7 can only play [1|4] on the lone [1|1]: straight side A, or its twin
    for offered in (
        ["[1|4]@[1|1]:straight-a"],
        ["[1|4]@[1|1]:straight-a", "[1|4]@[1|1]:straight-a"],  # a duplicate: one play
        ["[1|4]@[1|1]:1"],  # the pips form stands for both twins
        ["[1|4]@[1|1]:1", "[1|4]@[1|1]:1"],
    ):
        assert found(_offered(6, offered)) == [], offered
    # the twin on side B is the same play named against the notation: refused by the rule
    # that names side A first
    twins = ["[1|4]@[1|1]:straight-b", "[1|4]@[1|1]:straight-a"]
    assert found(_offered(6, twins)) == [("layout.side-a-first", "offered", "must")]


def test_a_move_made_by_itself_offers_what_it_allowed() -> None:
    # an automatic draw: the one legal action, offered or left out, agrees
    assert found(_offered(1, ["draw"])) == []
    # a draw made for a seat holding a play is offered as what the engine allowed: wrong
    assert [d.checked for d in _offered(6, ["draw"]).divergences] == ["offered"]
    # a forced lead (the engine's leader may lead only [1|1]) is one divergence: any tile
    obs = _offered(0, ["[1|1]"])
    assert found(obs) == [("lead.any-tile", "offered", "must")]


def test_fives_audit_names_the_file_and_field_of_an_entry_of_no_form(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "log.json"
    path.write_text(json.dumps(_with_entry({"seat": 0, "stopped": "stall", "house": "x"})))
    assert main(["audit", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert f"{path}: field hands[0].actions[3]: expected an action" in err


def test_the_verdict_counts_rules_not_game_and_rule_pairs() -> None:
    """One rule broken in three games is one rule (it has one ID in every game): the
    verdict said "on 3 rules" where every divergence was on one."""
    obs = Observation()
    for game in ("five-up", "exact-61", "all-fives"):
        obs.tally(game).failed["score.play.multiple-of-five"] = 2
    assert "on 1 rule in 3 games" in obs.verdict()
    obs.tally("all-fives").failed["settle.round-nearest-five"] = 1
    assert "on 2 rules in 3 games" in obs.verdict()
