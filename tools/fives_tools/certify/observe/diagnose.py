"""Which rule a wrong number breaks: a wrong score or wrong settled scores are explained
by the first common misreading of one rule that gives exactly the number reported;
failing that, the rule that decides the number as a whole is named.

Only readings that reproduce the reported number are named, never a guess: a double at an
end counted once, an interior double or a spinner's unstarted branches counted, a total
scored that is no multiple of 5, the going-out play left unscored; in settlement, the
deduction left out, pips not rounded, partners' pips merged, a bonus to the player who
went out, scores kept from going below zero.
"""

from __future__ import annotations

from collections.abc import Callable

from fives_engine import Layout, MatchState, Ruleset, Setup, round_to_five
from fives_engine.events import APPLIED
from fives_tools.certify.observe.exercise import kept


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
        ("score.ends.double-interior-zero", interior > 0 and reported == score(total + interior)),
        ("score.ends.unstarted-branch-zero", branches > 0 and reported == score(total + branches)),
    ]
    return _first(ruleset, readings, "score.play.multiple-of-five")


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
    default = kept(
        ruleset,
        [
            "settle.deduct-each-hand",
            "settle.exact-61.opponents",
            "settle.exact-61.block-differences",
        ],
    )
    if ruleset.settlement == "exact-61-differences":
        return default[0] if hand.went_out is not None else default[-1]
    unrounded = list(before)
    merged = list(before)
    pips_by_side = [0] * setup.sides
    for e in items:
        unrounded[e["side"]] -= e["pips"]
        pips_by_side[e["side"]] += e["pips"]
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
        ("settle.deduct-only", hand.went_out is not None and reported == bonus),
        ("score.negative", reported == [max(0, s) for s in expected]),
    ]
    return _first(ruleset, readings, default[0])
