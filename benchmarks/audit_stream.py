"""``python -m benchmarks.audit_stream [--matches N] [--copies K]``: the memory and speed of
``fives audit`` on a growing log, side by side in one run.

A log of N random Five Up matches (``fives play`` records, JSONL) is audited, and a log of
N x K other matches: memory that grows with the log's length shows as a larger peak for
the longer log; a streaming audit keeps the same peak. Each audit runs as its own
process, so its peak resident set (``ru_maxrss`` of the child) is its own.
"""

from __future__ import annotations

import argparse
import json
import tempfile
from collections.abc import Sequence
from pathlib import Path

from benchmarks.timing import fives
from fives_engine.record import write_record
from fives_tools.cli.records import random_match


def write_log(path: Path, matches: int, first: int = 1, minimal: bool = False) -> int:
    """Write ``matches`` random matches (seeds from ``first``), one a line; returns the
    actions. Every match is another: a log of the same matches again would replay faster
    than a real one, its layouts already met (the engine memoises them). ``minimal``: the
    records without their events and result (only seat and action at each step)."""
    actions = 0
    with path.open("w", encoding="utf-8") as log:
        for seed in range(first, first + matches):
            match = random_match("five-up", 2, None, seed)
            actions += sum(len(hand.actions) for hand in match.hands)
            record = write_record(match, seed=seed)
            if minimal:
                record.pop("result")
                for hand in record["hands"]:
                    hand.pop("events")
            log.write(json.dumps(record) + "\n")
    return actions


def audit(path: Path) -> tuple[float, float]:
    """(peak resident MiB, seconds) of ``fives audit path`` in a process of its own."""
    with tempfile.TemporaryFile() as err:
        run = fives("audit", str(path), stderr=err)
        if run.status != 0:
            err.seek(0)
            raise SystemExit(f"the audit of {path} failed: {err.read().decode().strip()}")
    return run.peak, run.seconds


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.audit_stream", description=__doc__
    )
    parser.add_argument("--matches", type=int, default=90, help="matches in the log (90)")
    parser.add_argument(
        "--copies", type=int, default=4, help="the long log holds this many times the matches (4)"
    )
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        short, long = Path(folder) / "log.jsonl", Path(folder) / "long.jsonl"
        actions = write_log(short, args.matches)
        more = write_log(long, args.matches * args.copies)
        rows = []
        for path, n in ((short, actions), (long, more)):
            peak, seconds = audit(path)
            size = path.stat().st_size / 2**20
            rate = n / seconds
            cells = (f"{size:.1f} MiB", n, f"{peak:.0f} MiB", f"{seconds:.1f} s", f"{rate:,.0f}")
            rows.append("| " + " | ".join(map(str, cells)) + " |")
    print("| log | actions | peak RSS | wall | actions/s |")
    print("|---|---|---|---|---|")
    print("\n".join(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
