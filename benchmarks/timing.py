"""Small timing helpers: the wall time of one run, after collecting what earlier runs left."""

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
