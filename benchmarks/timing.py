"""Small timing helpers: best-of-N wall time, so one noisy run does not decide."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def best_of(repeat: int, fn: Callable[[], T]) -> tuple[float, T]:
    """The fastest of ``repeat`` runs of ``fn`` (seconds) and its last result."""
    best = float("inf")
    result: T
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - start)
    return best, result
