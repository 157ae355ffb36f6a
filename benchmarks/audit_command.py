"""``python -m benchmarks.audit_command [--size 40M] [--wrong-sizes 40M,120M] [--logs DIR]``:
``fives audit LOG`` as a user runs it (a process of its own, start-up included), beside
the fast path's own random playouts in the same run.

Three kinds of log of random Five Up matches for two (``fives play`` records, JSONL,
every match another):

* ``minimal``: seat and action at each step (the deal with its boneyard and neutral
  draw; no events, no result), at least ``--size`` bytes;
* ``full``: what the engine's self-play writes (:mod:`.adapters.selfplay`): every hand's
  events, the actions offered and the score of each step, the hand's end and scores;
* ``wrong``: the minimal log with each hand's lead given a score of 1 raw point (a legal
  play, a wrong score: a divergence at every hand), at each of ``--wrong-sizes``, to
  show whether the audit's memory grows with what it finds.

Each audit runs ``fives audit LOG --json REPORT``: its wall time, its CPU time
(``wait4``), its peak resident set (``VmHWM``, said by the process as it leaves; Linux),
its exit status, and the report read back (its divergences counted). Before each audit
the fast path plays as many random hands as the log holds
(:func:`.playouts.play_hands_fast`); the best of those rounds is the playouts' pace, and
each audit's ratio is its actions per second of wall time (and of CPU time) over it.
``--logs DIR`` keeps the logs there and reuses them, so two commits are measured on the
same logs.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchmarks.fault_log import size_of
from benchmarks.machine import load_average
from benchmarks.playouts import Table, play_hands_fast
from fives_engine import Setup, find_game
from fives_engine.record import write_record
from fives_tools.certify.adapters import selfplay
from fives_tools.cli.records import random_match

MIB = 2**20


@dataclass(frozen=True)
class Log:
    """A log written for the benchmark: its file, hands and actions."""

    kind: str
    path: Path
    hands: int
    actions: int

    @property
    def mib(self) -> float:
        return self.path.stat().st_size / MIB


def minimal_lines(first: int = 1) -> Iterator[tuple[str, int, int]]:
    """Minimal records, one a line, seeds from ``first`` on: (line, hands, actions)."""
    for seed in range(first, sys.maxsize):
        record = write_record(random_match("five-up", 2, None, seed), seed=seed)
        record.pop("result")
        for hand in record["hands"]:
            hand.pop("events")
        yield _line(record)


def full_lines() -> Iterator[tuple[str, int, int]]:
    """Self-play records (events, offered lists, scores on steps), one a line."""
    ruleset = find_game("five-up")
    setup = Setup.of(ruleset, 2, None)
    for seed in range(1, sys.maxsize):
        yield _line(selfplay.observation(selfplay.play(ruleset, setup, seed, most=None), seed))


def wrong(line: str) -> tuple[str, int, int]:
    """The record of ``line`` with each hand's lead scored 1 raw point (never a score)."""
    record = json.loads(line)
    for hand in record["hands"]:
        hand["actions"][0]["score"] = 1
    return _line(record)


def _line(record: dict[str, Any]) -> tuple[str, int, int]:
    actions = sum(len(hand["actions"]) for hand in record["hands"])
    return json.dumps(record, separators=(",", ":")) + "\n", len(record["hands"]), actions


def write(path: Path, lines: Iterator[tuple[str, int, int]], size: int, kind: str) -> Log:
    """Lines into ``path`` until it holds ``size`` bytes (a file already there, with its
    counts beside it, is reused)."""
    counts = path.with_suffix(".counts")
    if path.exists() and counts.exists():
        hands, actions = map(int, counts.read_text().split())
        return Log(kind, path, hands, actions)
    hands = actions = written = 0
    with path.open("w", encoding="utf-8") as out:
        for text, n_hands, n_actions in lines:
            if written >= size:
                break
            out.write(text)
            written += len(text)
            hands += n_hands
            actions += n_actions
    counts.write_text(f"{hands} {actions}\n")
    return Log(kind, path, hands, actions)


def wrong_of(minimal: Path, size: int, folder: Path) -> Log:
    """The wrong log of ``size`` bytes: the minimal records, each hand's lead misscored
    (matches beyond the minimal log's are played on from the next seed)."""
    with minimal.open(encoding="utf-8") as log:
        matches = sum(1 for _ in log)
    with minimal.open(encoding="utf-8") as log:
        more = (text for text, _, _ in minimal_lines(matches + 1))
        lines = (wrong(line) for line in itertools.chain(log, more))
        return write(folder / f"wrong-{size}.jsonl", lines, size, "wrong")


@dataclass(frozen=True)
class Run:
    """One ``fives audit`` process: how it ran and what its report says."""

    log: Log
    wall: float
    cpu: float  # user and system, its process tree's
    peak: float  # MiB, ``ru_maxrss``
    status: int
    divergences: int


#: ``fives audit`` run so that it says its own peak resident set on leaving (``VmHWM``, of
#: its process alone: ``ru_maxrss`` from ``wait4`` also counts what the benchmark's own
#: process held when it started the command, a report read back before it among them)
PEAK_SAID = """
import atexit, runpy, sys
said = sys.argv.pop(1)
def peak():
    with open("/proc/self/status") as status, open(said, "w") as out:
        out.write(next(line for line in status if line.startswith("VmHWM")))
atexit.register(peak)
sys.argv[0] = "fives"
runpy.run_module("fives_tools.cli", run_name="__main__", alter_sys=True)
"""


def audit(log: Log) -> tuple[float, float, float, int, int]:
    """(wall, CPU, peak MiB, exit status, divergences in the report) of ``fives audit``."""
    with tempfile.TemporaryDirectory() as folder:
        report, peak = Path(folder) / "audit.json", Path(folder) / "peak"
        argv = [sys.executable, "-c", PEAK_SAID, str(peak), "audit", str(log.path)]
        start = time.perf_counter()
        child = subprocess.Popen([*argv, "--json", str(report)], stdout=subprocess.DEVNULL)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
        data = json.loads(report.read_text("utf-8"))
        kib = int(peak.read_text().split()[1])  # VmHWM:   46292 kB
    cpu = usage.ru_utime + usage.ru_stime
    code = os.waitstatus_to_exitcode(status)
    return wall, cpu, kib / 1024, code, len(data["divergences"])


def playouts(hands: int) -> tuple[float, float]:
    """The fast path's random playouts of ``hands`` Five Up hands for two: actions per
    second of wall time and of CPU time."""
    start, cpu = time.perf_counter(), time.process_time()
    count = play_hands_fast(Table("five-up", 2), hands)
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    return count.actions / wall, count.actions / cpu


def decoders(path: Path, lines: int = 60) -> list[tuple[str, float]]:
    """Reading the first ``lines`` records of ``path`` each way, in CPU microseconds an
    action (best of 3): the decoder chosen (:mod:`.observe.decode`) and what it was chosen
    over (the JSON Schema check, compiled, after ``json.loads`` or ``orjson``, with the
    nesting walk orjson does not bound to 64)."""
    from fives_engine.record import _depth, parse_json
    from fives_tools.certify.observe.decode import read_record
    from fives_tools.certify.observe.load import check_record, check_rules, observation_schema

    with path.open(encoding="utf-8") as log:
        texts = list(itertools.islice(log, lines))
    actions = sum(len(hand["actions"]) for text in texts for hand in json.loads(text)["hands"])
    schema = observation_schema()
    ways: dict[str, Callable[[str], object]] = {
        "json.loads, depth walk, schema check, rules (before)": lambda t: check_record(
            parse_json(t)
        ),
        "msgspec typed structs, then untyped, rules (chosen)": read_record,
    }
    try:
        import orjson

        def with_orjson(text: str) -> object:
            data = orjson.loads(text)
            if _depth(data) > 64 or not schema.is_fast_valid(data):
                raise ValueError("refused")
            check_rules(data)
            return data

        ways["orjson, depth walk, schema check, rules"] = with_orjson
    except ImportError:  # not a dependency: measured where it is installed
        pass
    out = []
    for name, read in ways.items():
        best = float("inf")
        for _ in range(3):
            start = time.process_time()
            for text in texts:
                read(text)
            best = min(best, time.process_time() - start)
        out.append((name, best / actions * 1e6))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.audit_command", description=__doc__)
    parser.add_argument("--size", type=size_of, default=size_of("40M"), help="minimal (40M)")
    parser.add_argument("--full-size", type=size_of, default=size_of("40M"), help="full (40M)")
    parser.add_argument(
        "--wrong-sizes", default="40M,120M", help="the wrong logs, comma-separated (40M,120M)"
    )
    parser.add_argument("--logs", type=Path, help="keep the logs here, reuse them if there")
    parser.add_argument("--only", help="audit only these kinds (minimal,full,wrong)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as scratch:
        folder = args.logs or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        start = time.perf_counter()
        minimal = write(folder / "minimal.jsonl", minimal_lines(), args.size, "minimal")
        logs = [minimal, write(folder / "full.jsonl", full_lines(), args.full_size, "full")]
        for size in filter(None, args.wrong_sizes.split(",")):
            logs.append(wrong_of(minimal.path, size_of(size), folder))
        if args.only:
            logs = [log for log in logs if log.kind in args.only.split(",")]
        made = time.perf_counter() - start
        print(f"logs written in {made:.0f} s; load average at start: {load_average()}")
        runs: list[Run] = []
        best = best_cpu = 0.0
        for log in [*logs, logs[0]]:  # the playouts once more at the end
            pace, cpu_pace = playouts(log.hands)
            best, best_cpu = max(best, pace), max(best_cpu, cpu_pace)
            if len(runs) < len(logs):
                wall, cpu, peak, status, found = audit(log)
                runs.append(Run(log, wall, cpu, peak, status, found))
        reading = decoders(minimal.path)
    print(
        f"fast path's random playouts (best of {len(logs) + 1}): {best:,.0f} actions/s of wall"
        f" time, {best_cpu:,.0f} of CPU time\n"
    )
    print(
        "| log | size | actions | wall | CPU | actions/s (wall) | x playouts (wall)"
        " | x playouts (CPU) | peak RSS | divergences | exit |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for run in runs:
        pace = run.log.actions / run.wall
        cells = [
            run.log.kind, f"{run.log.mib:.0f} MiB", f"{run.log.actions:,}",
            f"{run.wall:.1f} s", f"{run.cpu:.1f} s", f"{pace:,.0f}",
            f"{pace / best:.2f}", f"{run.log.actions / run.cpu / best_cpu:.2f}",
            f"{run.peak:.0f} MiB", f"{run.divergences:,}", run.status,
        ]  # fmt: skip
        print("| " + " | ".join(map(str, cells)) + " |")
    print("\n| reading a minimal log's records | CPU µs an action |")
    print("|---|---|")
    for name, micros in reading:
        print(f"| {name} | {micros:.2f} |")
    print(f"\nload average at end: {load_average()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
