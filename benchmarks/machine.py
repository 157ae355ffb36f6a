"""The facts of the machine a report was measured on: results only compare within a run."""

from __future__ import annotations

import datetime
import os
import platform
import sys


def machine() -> dict[str, str]:
    return {
        "date": datetime.date.today().isoformat(),
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "platform": platform.platform(terse=True),
        "processor": platform.machine(),
        "cpus": str(os.cpu_count()),
        "bytecode cache": "off (PYTHONDONTWRITEBYTECODE)" if sys.dont_write_bytecode else "on",
        "load average at start": load_average(),
    }


def load_average() -> str:
    """Other work on the machine slows the runs; interleaved ratios are affected least."""
    if not hasattr(os, "getloadavg"):
        return "unknown"
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f} / {five:.2f} / {fifteen:.2f} (1 / 5 / 15 min)"
