"""Small timing helpers: best-of-N wall time, so one noisy run does not decide."""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def timed(fn: Callable[[], T]) -> tuple[float, T]:
    """Wall time of one run of ``fn`` (seconds), after collecting what earlier runs left."""
    gc.collect()
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def best_of(repeat: int, fn: Callable[[], T]) -> tuple[float, T]:
    """The fastest of ``repeat`` runs of ``fn`` (seconds) and its last result."""
    best = float("inf")
    result: T
    for _ in range(repeat):
        seconds, result = timed(fn)
        best = min(best, seconds)
    return best, result
