"""Small timing helpers: the wall time of one run, after collecting what earlier runs left;
a command's wall time and peak memory in a process of its own."""

from __future__ import annotations

import gc
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


#: Starts the command in a process forked from itself and says its peak: a child started
#: straight from the benchmark (vfork, then exec) takes the benchmark's own peak as its
#: ``ru_maxrss`` (Linux keeps the larger across exec), so a benchmark that has grown, or a
#: pytest worker that ran big tests, would report its own size; this launcher is small.
_LAUNCHER = """
import os, sys
pid = os.fork()
if pid == 0:
    os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
    os.execv(sys.executable, [sys.executable, "-m", "fives_tools.cli", *sys.argv[1:]])
_, status, usage = os.wait4(pid, 0)
print(usage.ru_maxrss, os.waitstatus_to_exitcode(status))
"""


def fives(*args: str, stderr: IO[bytes] | None = None) -> ChildRun:
    """``fives ARGS`` (this interpreter's ``fives_tools.cli``) in a process of its own, its
    output dropped: the peak from ``wait4``, so it is the command's own (and its children's,
    a local Dask cluster's workers included), not the benchmark's (see ``_LAUNCHER``)."""
    start = time.perf_counter()
    launcher = subprocess.run(
        [sys.executable, "-c", _LAUNCHER, *args], stdout=subprocess.PIPE, stderr=stderr, check=True
    )
    seconds = time.perf_counter() - start
    peak, status = launcher.stdout.split()
    return ChildRun(int(peak) / 1024, seconds, int(status))  # kB
