"""Peak memory (tracemalloc) of one piece of work: what Python allocated at most while it
ran, above what was allocated before, and what it still held after. Measured apart from
timing (tracing slows Python)."""

from __future__ import annotations

import functools
import gc
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass

from benchmarks.playouts import TABLES, play_hands

MIB = 2**20


@dataclass(frozen=True)
class Traced:
    peak_mib: float
    retained_mib: float  # still allocated once the work is done and collected


def traced(fn: Callable[[], object]) -> Traced:
    gc.collect()
    tracemalloc.start()
    try:
        fn()
        gc.collect()
        retained, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return Traced(peak / MIB, retained / MIB)


def playout_memory(hands: int) -> tuple[Traced, Traced, int]:
    """One hand (the largest peak over the tables) and ``hands`` hands at every table.

    The rulesets are loaded and a batch is played first: what they leave (rulesets, tile
    states) is kept for the life of the process, not by the playouts measured.
    """
    for table in TABLES:
        play_hands(table, hands)
    one = max(
        (traced(functools.partial(play_hands, table, 1)) for table in TABLES),
        key=lambda t: t.peak_mib,
    )
    batch = traced(lambda: [play_hands(table, hands) for table in TABLES])
    return one, batch, hands * len(TABLES)
