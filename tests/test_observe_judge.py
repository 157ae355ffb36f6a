"""How the audit judges what it finds: the rule it blames, one finding per fault, the
consequences of a fault kept apart from it, readings of an interpretation kept apart from
failures, replays going on past an illegal action, and the numbers explained."""

from __future__ import annotations

from typing import Any

from observed import minimal_example

from fives_tools.certify.observe import Observation, audit_records

#: The legal plays of seat 1 at action 8 of the minimal log, in the pips form.
LEGAL_AT_8 = [
    "[0|1]@[1|1]:1",
    "[1|3]@[1|1]:1",
    "[1|5]@[1|1]:1",
    "[1|6]@[1|1]:1",
    "[2|4]@[1|4]:4",
    "[4|5]@[1|4]:4",
]


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
    assert div.candidates == (
        "layout.double.crosswise",
        "play.match-attach-point",
        "turn.must-play",
    )
    for play in ("[0|1]@[1|1]:straight-b", "[4|5]@[1|4]:big-end"):
        assert play in div.expected
    assert div.got == "draw"
    assert sum(obs.games["all-fives"].failed.values()) == 1
