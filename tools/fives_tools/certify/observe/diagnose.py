"""Which rule a wrong number breaks: a wrong score or wrong settled scores are explained
by the first common misreading of one rule that gives exactly the number reported;
failing that, the rule that decides the number as a whole is named.

Only readings that reproduce the reported number are named, never a guess: a double at an
end counted once, an interior double or a spinner's unstarted branches counted, a total
scored that is no multiple of 5, the going-out play left unscored; in settlement, the
deduction left out, pips not rounded or rounded otherwise than to the nearest 5,
partners' pips merged, partners seated side by side, a bonus to the player who
went out, scores kept from going below zero.
"""

from __future__ import annotations

from collections.abc import Callable

from fives_engine import Layout, MatchState, Ruleset, Setup, round_to_five
from fives_engine.events import APPLIED, Event
from fives_tools.certify.observe.exercise import kept

#: roundings of pips to a multiple of 5 that are not to the nearest (remainder 1-2 down,
#: 3-4 up): always down, always up, a remainder of 2 up, a remainder of 3 down
OTHER_ROUNDINGS: list[Callable[[int], int]] = [
    lambda pips: pips // 5 * 5,
    lambda pips: -(-pips // 5) * 5,
    lambda pips: (pips + 3) // 5 * 5,
    lambda pips: (pips + 1) // 5 * 5,
]


def _first(ruleset: Ruleset, readings: list[tuple[str, bool]], default: str) -> str:
    for rule, fits in readings:
        if fits and rule in ruleset.rules:
            return rule
    return default


def play_score(ruleset: Ruleset, layout: Layout, reported: int, went_out: bool) -> str:
    """The rule behind a play's wrong score, on the layout after the play."""
    total = layout.total
    ends = layout.scoring_ends()
    doubles_whole = sum(e.value for e in ends if e.port is None)
    counted = {e.tile for e in ends}
    interior = sum(t.pips for t in layout.tiles if t.is_double and t not in counted)
    branches = sum(p.value for p in layout.attach_points() if p.port.is_branch)
    score: Callable[[int], int] = ruleset.play_raw
    readings = [
        ("score.last-play", went_out and reported == 0 and score(total) != 0),
        ("score.play.multiple-of-five", reported == total),
        (
            "score.ends.double-outer-both-halves",
            doubles_whole > 0 and reported == score(total - doubles_whole // 2),
        ),
        (  # a lone double counted once per open straight side: twice
            "score.ends.double-outer-both-halves",
            doubles_whole > 0 and reported == score(total + doubles_whole),
        ),
        ("score.ends.double-interior-zero", interior > 0 and reported == score(total + interior)),
        ("score.ends.unstarted-branch-zero", branches > 0 and reported == score(total + branches)),
    ]
    return _first(ruleset, readings, "score.play.multiple-of-five")


def _side_by_side(setup: Setup, events: list[Event], expected: list[int]) -> list[int]:
    """The scores had the hand's score events gone to partners seated side by side (seats
    0 and 1 against 2 and 3) instead of across the table."""
    scores = list(expected)
    for e in events:
        if e.kind == "score" and e["result"] == APPLIED:
            scores[e["side"]] -= e["raw"]
            scores[e["seat"] // 2] += e["raw"]
    return scores


def overshoot(setup: Setup, match: MatchState, reported: list[int]) -> bool:
    """Whether wrong scores are an event past an exact target applied up to the target
    instead of discarded (a side reported exactly on it, where an event was discarded)."""
    start = max(i for i, e in enumerate(match.events) if e.kind == "hand")
    sides = {
        e["side"] for e in match.events[start:] if e.kind == "score" and e["result"] != APPLIED
    }
    return any(reported[s] == setup.target != match.scores[s] for s in sides)


def settlement(ruleset: Ruleset, setup: Setup, match: MatchState, reported: list[int]) -> str:
    """The rule behind wrong settled scores of the hand just over."""
    hand = match.hands[-1]
    start = max(i for i, e in enumerate(match.events) if e.kind == "hand")
    items = [
        e
        for e in match.events[start:]
        if e.kind == "score" and e["cause"] != "play" and e["result"] == APPLIED
    ]
    expected = list(match.scores)
    before = list(expected)
    for e in items:
        before[e["side"]] -= e["raw"]
    if setup.partnerships and reported == _side_by_side(setup, match.events[start:], expected):
        return "side.partnership"
    default = kept(
        ruleset,
        [
            "settle.deduct-each-hand",
            "settle.exact-61.opponents",
            "settle.exact-61.block-differences",
        ],
    )
    if ruleset.settlement == "exact-61-differences":
        if hand.went_out is not None and reported == before:  # no going-out event at all
            return _first(ruleset, [("settle.exact-61.going-out-event", True)], default[0])
        return default[0] if hand.went_out is not None else default[-1]
    unrounded = list(before)
    merged = list(before)
    other_ways = [list(before) for _ in OTHER_ROUNDINGS]
    pips_by_side = [0] * setup.sides
    for e in items:
        unrounded[e["side"]] -= e["pips"]
        pips_by_side[e["side"]] += e["pips"]
        for scores, rounding in zip(other_ways, OTHER_ROUNDINGS, strict=True):
            scores[e["side"]] -= rounding(e["pips"])
    for side, pips in enumerate(pips_by_side):
        merged[side] -= round_to_five(pips)
    bonus = list(expected)
    if hand.went_out is not None:
        out_side = setup.side_of(hand.went_out)
        bonus[out_side] += sum(round_to_five(e["pips"]) for e in items if e["side"] != out_side)
    readings = [
        ("settle.deduct-each-hand", reported == before),
        ("settle.round-nearest-five", reported == unrounded),
        ("settle.partners-apart", setup.partnerships and reported == merged),
        ("settle.round-nearest-five", reported in other_ways),
        ("settle.deduct-only", hand.went_out is not None and reported == bonus),
        ("score.negative", reported == [max(0, s) for s in expected]),
    ]
    return _first(ruleset, readings, default[0])
