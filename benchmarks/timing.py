"""Small timing helpers: the wall time of one run, after collecting what earlier runs left;
a command's wall time and peak memory in a process of its own."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import IO, TypeVar

T = TypeVar("T")


def timed(fn: Callable[[], T]) -> tuple[float, T]:
    """Wall time of one run of ``fn`` (seconds), after collecting what earlier runs left."""
    gc.collect()
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


@dataclass(frozen=True)
class ChildRun:
    """How one command ran in a process of its own."""

    peak: float  # MiB: the largest resident set of its process tree (``ru_maxrss``)
    seconds: float  # wall time
    status: int  # its exit status


def fives(*args: str, stderr: IO[bytes] | None = None) -> ChildRun:
    """``fives ARGS`` (this interpreter's ``fives_tools.cli``) in a process of its own, its
    output dropped: the peak from ``wait4``, so it is the command's own (and its children's,
    a local Dask cluster's workers included), not the benchmark's."""
    start = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, "-m", "fives_tools.cli", *args], stdout=subprocess.DEVNULL, stderr=stderr
    )
    _, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - start
    return ChildRun(usage.ru_maxrss / 1024, seconds, os.waitstatus_to_exitcode(status))  # kB
