"""A settlement fault is said in plain words, with its numbers: whose hand, its pips,
their rounding, the points, then what the implementation made of them (as a layout's fault
reads "your ends total 5; they total 6"); events right but out of order are one fault of
their order. One place says it for certify, fuzz and the audit (``judge.events``)."""

from __future__ import annotations

from typing import Any

from fives_tools.certify.judge.events import event_rules


def deduction(seat: int, pips: int, rounded: int) -> dict[str, Any]:
    return {
        "event": "score",
        "cause": "deduction",
        "seat": seat,
        "side": seat,
        "pips": pips,
        "rounded": rounded,
        "raw": -rounded,
        "result": "applied",
    }


def block(seat: int, pips: int, differences: list[int], rounded: int) -> dict[str, Any]:
    return {
        "event": "score",
        "cause": "block",
        "seat": seat,
        "side": seat,
        "pips": pips,
        "differences": differences,
        "rounded": rounded,
        "raw": rounded,
        "display": rounded // 5,
        "result": "applied",
    }


def test_a_wrong_rounding_says_the_pips_the_remainder_and_both_roundings() -> None:
    rules, what = event_rules([deduction(3, 22, 20)], [deduction(3, 22, 25)])
    assert rules == {"settle.round-nearest-five"}
    assert what == [
        "seat 3 holds 22 pips, which round to 20 (a remainder of 2 rounds down): 20 deducted;"
        " you rounded them to 25 and deducted 25"
    ]


def test_a_hand_left_out_and_one_miscounted_are_each_said() -> None:
    want = [deduction(0, 3, 5), deduction(2, 6, 5)]
    _, what = event_rules(want, [deduction(0, 7, 5)])
    assert what == [
        "seat 0 holds 3 pips, which round to 5 (a remainder of 3 rounds up): 5 deducted;"
        " you counted 7 pips",
        "you left out: seat 2 holds 6 pips, which round to 5 (a remainder of 1 rounds down):"
        " 5 deducted",
    ]


def test_a_block_event_says_its_differences_and_their_rounding() -> None:
    _, what = event_rules([block(2, 1, [11, 4], 15)], [block(2, 1, [11, 3], 15)])
    assert what == [
        "seat 2 holds 1 pip, lighter than the opposing hands by 11 and 4: 15 together,"
        " rounded to 15: 15 scored; you found the differences [11, 3]"
    ]


def test_block_events_in_another_order_are_a_fault_of_their_order_alone() -> None:
    """Each event right, in seat order instead of lightest first: the order's rule, not
    the differences, the winner or the rounding, which the events show right."""
    lightest, heavier = block(2, 1, [11, 4], 15), block(1, 5, [7], 5)
    rules, what = event_rules([lightest, heavier], [heavier, lightest])
    assert rules == {"settle.exact-61.block-events"}
    assert what == [
        "the same events in another order: the rules give seat 2, seat 1; you gave seat 1, seat 2"
    ]
