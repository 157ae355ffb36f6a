"""``python -m benchmarks.audit_fast [--matches N] [--rounds R] [--full]``: the audit's
replays side by side in one run, on one generated log: the reference replay, the fast
replay (:mod:`fives_tools.certify.observe.fast`, the default of ``fives audit``) and the
fast path's own random playouts, in actions per second of the process's CPU time (one
core; other work on a shared machine slows the wall clock, less this); then what reading
the log costs, and where the fast replay's time goes (cProfile, by module).

The log is N random Five Up matches for two (``fives play`` records), minimal by default
(seat and action at each step: no events, no result); ``--full`` keeps the events. Each
path runs R times, interleaved, and the best run counts. Both replays must give the same
observation, or the benchmark stops.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import pstats
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from benchmarks.audit_stream import write_log
from benchmarks.machine import load_average
from benchmarks.playouts import Table, play_hands_fast
from fives_tools.certify.findings.observation import Observation
from fives_tools.certify.observe.audit import audit_records
from fives_tools.certify.observe.stream import records

Records = list[tuple[str, dict[str, Any]]]


def read(path: Path) -> Records:
    """The log's records as ``fives audit`` reads them: parsed and checked."""
    out = []
    for label, record in records(str(path)):
        if not isinstance(record, dict):
            raise SystemExit(f"{label}: {record}")
        out.append((label, record))
    return out


def replay(log: Records, quick: bool) -> Observation:
    return audit_records(log, checked=True, quick=quick)


def cpu_seconds(fn: Callable[[], object]) -> float:
    """The CPU time of one run of ``fn``, after collecting what earlier runs left."""
    gc.collect()
    start = time.process_time()
    fn()
    return time.process_time() - start


def where(log: Records, top: int = 8) -> tuple[list[tuple[str, float]], list[str]]:
    """The fast replay's own time (cProfile ``tottime``) by module, as shares; and its
    ``top`` functions."""
    profile = cProfile.Profile()
    profile.runcall(replay, log, True)
    stats = pstats.Stats(profile)
    raw: dict[Any, Any] = stats.stats  # type: ignore[attr-defined]
    by_module: Counter[str] = Counter()
    for (filename, _, _), (_, _, tottime, _, _) in raw.items():
        parts = Path(filename).parts
        by_module["/".join(parts[-2:]) if len(parts) > 1 else filename] += tottime
    total = sum(by_module.values()) or 1.0
    shares = [(module, t / total) for module, t in by_module.most_common(top)]
    ranked = sorted(raw.items(), key=lambda item: -item[1][2])[:top]
    functions = [
        f"{Path(f).name}:{line}({name}) {t[2] / total:.0%}" for (f, line, name), t in ranked
    ]
    return shares, functions


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.audit_fast", description=__doc__)
    parser.add_argument("--matches", type=int, default=200, help="matches in the log (200)")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each path (3)")
    parser.add_argument("--full", action="store_true", help="keep each hand's events")
    args = parser.parse_args(argv)
    print(f"load average at start: {load_average()}")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "log.jsonl"
        actions = write_log(path, args.matches, minimal=not args.full)
        log = read(path)
        hands = sum(len(record["hands"]) for _, record in log)
        slow, quick = replay(log, False), replay(log, True)
        if (slow.games, slow.divergences) != (quick.games, quick.divergences):
            raise SystemExit("the fast replay's observation is not the reference's")
        paths: dict[str, Callable[[], object]] = {
            "reference replay": lambda: replay(log, False),
            "fast replay": lambda: replay(log, True),
            "fast playouts": lambda: play_hands_fast(Table("five-up", 2), hands),
            "reading the log (parse, schema check)": lambda: read(path),
            "fives audit, fast (read and replay)": lambda: replay(read(path), True),
        }
        seconds = dict.fromkeys(paths, float("inf"))
        for _ in range(args.rounds):  # interleaved: the machine's load falls on each alike
            for name, fn in paths.items():
                seconds[name] = min(seconds[name], cpu_seconds(fn))
        shares, functions = where(log)
    form = "minimal" if not args.full else "full (with events)"
    print(f"log: {args.matches} matches, {hands} hands, {actions} actions, {form}")
    print(f"{quick.verdict()}\n")
    print("| path | CPU seconds | actions/s |")
    print("|---|---|---|")
    for name, wall in seconds.items():
        print(f"| {name} | {wall:.2f} | {actions / wall:,.0f} |")
    print("\nthe fast replay's own time by module (cProfile tottime):")
    for module, share in shares:
        print(f"  {share:6.1%}  {module}")
    print("its costliest functions: " + "; ".join(functions))
    print(f"load average at end: {load_average()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
