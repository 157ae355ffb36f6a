"""The project's own test suite, with and without pytest-xdist: wall time and outcome."""

from __future__ import annotations

import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _pytest(extra: list[str]) -> tuple[float, str]:
    start = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *extra],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    elapsed = time.perf_counter() - start
    summary = re.findall(r"^(\d+ passed.*?) in [\d.]+s", proc.stdout, re.M)
    return elapsed, summary[-1] if summary else proc.stdout[-300:]


def suite_time() -> dict[str, float | str]:
    serial_s, serial = _pytest(["-p", "no:xdist"])
    parallel_s, parallel = _pytest(["-n", "auto"])
    return {
        "serial_s": serial_s,
        "parallel_s": parallel_s,
        "serial": serial,
        "parallel": parallel,
        "same_outcome": "yes" if serial == parallel else "NO",
    }
