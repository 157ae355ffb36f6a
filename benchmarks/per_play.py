"""The cost of one play plus its scoring, early (plays 1-5) against late (plays 20-28) in a
layout: incremental bookkeeping keeps them equal.

Each layout takes the whole double-six set, one random legal play at a time, so the late
plays are made on layouts of 20 tiles and more. A first batch of layouts is played and not
counted: the tile states a layout meets are worked out once per process, and that one-off
cost falls on whichever plays meet them first.
"""

from __future__ import annotations

import random
import time

from fives_engine import DOUBLE_SIX, find_game

EARLY = range(1, 6)
LATE = range(20, 29)


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
            if number in EARLY:
                early.append(elapsed)
            elif number in LATE:
                late.append(elapsed)
            remaining.remove(play.tile)
    return early, late


def per_play_cost(game: str, layouts: int, seed: int = 1) -> dict[str, float]:
    rng = random.Random(seed)
    _play_layouts(game, max(layouts // 10, 10), rng)  # warm-up, not counted
    early, late = _play_layouts(game, layouts, rng)
    early_us = sum(early) / len(early) / 1000
    late_us = sum(late) / max(len(late), 1) / 1000
    return {
        "early_us": early_us,
        "late_us": late_us,
        "ratio": late_us / early_us,
        "early_plays": len(early),
        "late_plays": len(late),
    }
