"""The cost of one play plus its scoring, early (plays 1-5) against late (plays 20-28) in a
layout: incremental bookkeeping keeps them equal.

Each layout takes the whole double-six set, one random legal play at a time, so the late
plays are made on layouts of 20 tiles and more. A first batch of layouts is played and not
counted: the tile states a layout meets are worked out once per process, and that one-off
cost falls on whichever plays meet them first.

The fast path is timed the same way: one seat of a ``FastHand`` holds the whole set (no
boneyard) and makes one random legal play at a time; each ``apply_action`` is timed with
its scoring (``Ruleset.play_raw`` of the new total) until nobody can play.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable

from fives_engine import DOUBLE_SIX, Ruleset, find_game
from fives_engine.layout import EVERY_DOUBLE
from fives_fast import FastHand

EARLY = range(1, 6)
LATE = range(20, 29)


def _keep(number: int, elapsed: int, early: list[int], late: list[int]) -> None:
    """File the time of play ``number`` of a layout as early, late, or neither."""
    if number in EARLY:
        early.append(elapsed)
    elif number in LATE:
        late.append(elapsed)


def _play_layouts(game: str, layouts: int, rng: random.Random) -> tuple[list[int], list[int]]:
    ruleset = find_game(game)
    early: list[int] = []
    late: list[int] = []
    for _ in range(layouts):
        layout = ruleset.new_layout()
        remaining = list(DOUBLE_SIX)
        number = 0
        while plays := layout.legal_plays(remaining):
            play = rng.choice(plays)
            start = time.perf_counter_ns()
            ruleset.play_score(layout.play(play))
            elapsed = time.perf_counter_ns() - start
            number += 1
            _keep(number, elapsed, early, late)
            remaining.remove(play.tile)
    return early, late


def _play_layouts_fast(game: str, layouts: int, rng: random.Random) -> tuple[list[int], list[int]]:
    every_double = find_game(game).spinners == EVERY_DOUBLE
    play_raw = Ruleset.play_raw
    early: list[int] = []
    late: list[int] = []
    for _ in range(layouts):
        hand = FastHand(every_double, [list(range(len(DOUBLE_SIX)))], [], 0)
        number = 0
        while not hand.is_terminal:
            action = rng.choice(hand.legal_actions())
            start = time.perf_counter_ns()
            hand.apply_action(action)
            play_raw(hand.total)
            elapsed = time.perf_counter_ns() - start
            number += 1
            _keep(number, elapsed, early, late)
    return early, late


def per_play_cost(game: str, layouts: int, seed: int = 1, fast: bool = False) -> dict[str, float]:
    """Median time of a play early and late in a layout: the plain engine, or the fast path.

    The median, not the mean: on a shared machine a few plays timed across a preemption
    take milliseconds, and a handful of them among thousands moved the mean by a third
    (Five Up and Exact 61 make the very same layouts, yet their late / early means came
    out 1.64x and 0.81x in one run)."""
    play: Callable[[str, int, random.Random], tuple[list[int], list[int]]]
    play = _play_layouts_fast if fast else _play_layouts
    rng = random.Random(seed)
    play(game, max(layouts // 10, 10), rng)  # warm-up, not counted
    early, late = play(game, layouts, rng)
    early_us = statistics.median(early) / 1000
    late_us = statistics.median(late or [0]) / 1000
    return {
        "early_us": early_us,
        "late_us": late_us,
        "ratio": late_us / early_us,
        "early_plays": len(early),
        "late_plays": len(late),
    }
