"""Command-line values checked where they are read: a usage error, never a quiet default.

Shared by ``fives certify`` and the pytest plugin.
"""

from __future__ import annotations

import argparse
import math
import os
import shlex


def check_seconds(value: float, what: str = "timeout") -> float:
    """A finite, positive number of seconds (``nan``, ``inf``, 0 and negatives refused)."""
    if not (isinstance(value, (int, float)) and math.isfinite(value) and value > 0):
        raise ValueError(f"a {what} is a finite number of seconds above 0, got {value!r}")
    return float(value)


def seconds(text: str) -> float:
    """argparse type: a finite, positive number of seconds."""
    try:
        return check_seconds(float(text))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected a finite number of seconds above 0, got {text!r}"
        ) from None


def command(text: str) -> str:
    """argparse type: an adapter command or ``module:attr`` that names something (an empty
    one is refused, so an unset variable in CI cannot silently certify something else)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("empty: name the adapter to certify")
    try:
        shlex.split(text)  # as SubprocessAdapter splits it, later and with a traceback
    except ValueError as exc:
        raise argparse.ArgumentTypeError(
            f"{str(exc).lower()} in {text!r}: close the quote, or quote it for your shell"
        ) from None
    return text


def count(text: str) -> int:
    """argparse type: a whole number above 0 (a budget, a number of jobs)."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value <= 0:
        raise argparse.ArgumentTypeError(f"expected a whole number above 0, got {text!r}")
    return value


#: Processes per CPU that ``--jobs`` may ask for: each job is a worker and its adapter.
JOBS_PER_CPU = 4


def jobs(text: str) -> int:
    """argparse type: a number of worker processes, above 0 and at most
    :data:`JOBS_PER_CPU` per CPU (``--jobs 10000`` would fork the machine out of memory)."""
    value = count(text)
    limit = JOBS_PER_CPU * (os.cpu_count() or 1)
    if value > limit:
        raise argparse.ArgumentTypeError(
            f"expected at most {limit} ({JOBS_PER_CPU} per CPU), got {text!r}"
        )
    return value


def index(text: str) -> int:
    """argparse type: a whole number from 0 (a request's index in a campaign)."""
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a whole number from 0, got {text!r}")
    return value


def add_no_timestamps(parser: argparse.ArgumentParser) -> None:
    """``--no-timestamps``, of ``fives certify`` and ``fives compare``."""
    parser.add_argument(
        "--no-timestamps",
        action="store_true",
        help="leave the date and duration out of the Markdown and HTML reports, so that"
        " committed reports change only when a result does",
    )


def add_implementation(
    parser: argparse.ArgumentParser, adapter: str, python: str
) -> argparse._MutuallyExclusiveGroup:
    """``--adapter 'CMD ARGS'`` or ``--python MODULE:ATTR``, one or the other: how every
    command names the implementation it talks to (``adapter`` and ``python`` are the help
    texts). The group is returned for a command that offers one more way."""
    how = parser.add_mutually_exclusive_group()
    how.add_argument("--adapter", metavar="'CMD ARGS'", type=command, help=adapter)
    how.add_argument("--python", metavar="MODULE:ATTR", type=command, help=python)
    return how
