"""Peak memory (tracemalloc) of one piece of work: what Python allocated at most while it
ran, above what was allocated before. Measured apart from timing (tracing slows Python)."""

from __future__ import annotations

import functools
import gc
import tracemalloc
from collections.abc import Callable

from benchmarks.playouts import TABLES, play_hands

MIB = 2**20


def peak_mib(fn: Callable[[], object]) -> float:
    gc.collect()
    tracemalloc.start()
    try:
        fn()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return peak / MIB


def playout_memory(hands: int) -> dict[str, float]:
    """Peak of one hand (the largest over the tables) and of ``hands`` hands at each table:
    a hand that is over is garbage, so the batch should not need more than one hand.
    The rulesets are loaded first: they are kept for the life of the process."""
    for table in TABLES:
        play_hands(table, 1)
    one = max(peak_mib(functools.partial(play_hands, table, 1)) for table in TABLES)
    batch = peak_mib(lambda: [play_hands(table, hands) for table in TABLES])
    return {"one_hand_mib": one, "batch_mib": batch, "batch_hands": hands * len(TABLES)}
