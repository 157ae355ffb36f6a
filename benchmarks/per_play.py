"""The cost of one play plus its scoring, early (plays 1-5) against late (plays 20-28) in a
layout: incremental bookkeeping keeps them equal."""

from __future__ import annotations

import random
import time

from fives_engine import DOUBLE_SIX, find_game


def per_play_cost(game: str, layouts: int, seed: int = 1) -> dict[str, float]:
    ruleset = find_game(game)
    rng = random.Random(seed)
    early: list[int] = []
    late: list[int] = []
    for _ in range(layouts):
        layout = ruleset.new_layout()
        remaining = list(DOUBLE_SIX)
        n = 0
        while plays := layout.legal_plays(remaining):
            play = rng.choice(plays)
            start = time.perf_counter_ns()
            ruleset.play_score(layout.play(play))
            elapsed = time.perf_counter_ns() - start
            n += 1
            if n <= 5:
                early.append(elapsed)
            elif n >= 20:
                late.append(elapsed)
            remaining.remove(play.tile)
    early_us = sum(early) / len(early) / 1000
    late_us = sum(late) / max(len(late), 1) / 1000
    return {
        "early_us": early_us,
        "late_us": late_us,
        "ratio": late_us / early_us,
        "late_plays": len(late),
    }
