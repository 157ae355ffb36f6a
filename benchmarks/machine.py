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
    }
