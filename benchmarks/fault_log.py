"""``python -m benchmarks.fault_log [--size 1G] [--every N]``: a long log with faults
injected at known places, audited as ``fives audit`` audits it, and held to them.

The log is ``fives play`` records (JSONL) of every game and table in turn, every match
another (a log of the same matches again would replay faster than a real one: the engine
memoises layouts). Every N-th record gets one fault, the kinds in turn:

* ``score``: the raw points of a play's score event, 5 more;
* ``seat``: an action taken by the wrong seat (out of turn);
* ``winner``: the match's result given to another side.

Each fault is written to a manifest beside the log (its line, hand and action). The audit
of the log (one process, its own peak resident set from ``wait4``) must find a divergence
of its own at each, and none elsewhere: consequences of a fault and the steps it leaves
unchecked are counted with it. The run prints a row for ``benchmarks/results/``.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from fives_engine import find_game, game_names
from fives_engine.record import write_record
from fives_tools.cli.records import random_match

KINDS = ("score", "seat", "winner")


@dataclass(frozen=True)
class Fault:
    """One fault injected: the record's line in the log, the hand (1 on) and the action
    (numbered over the match from 1) where the audit must find it; None where it is the
    match's result."""

    line: int
    kind: str
    hand: int
    action: int | None


def tables() -> Iterator[tuple[str, int]]:
    """Every game and player count, in turn, for ever."""
    every = [(g, p) for g in game_names() for p in find_game(g).players]
    return itertools.cycle(every)


def inject(record: dict[str, Any], kind: str, line: int) -> Fault:
    """Put a fault of ``kind`` into ``record`` (in place); where the audit must find it."""
    hands = record["hands"]
    if kind == "winner":
        sides = len(record["result"]["scores"])
        record["result"]["winner"] = (record["result"]["winner"] + 1) % sides
        return Fault(line, kind, len(hands), None)
    before = 0
    for number, hand in enumerate(hands, 1):
        if kind == "score":
            for event in hand["events"]:
                if event.get("event") == "score" and event.get("cause") == "play":
                    event["raw"] += 5
                    return Fault(line, kind, number, None)
        elif len(hand["actions"]) >= 4:
            action = hand["actions"][3]
            players = len(hand["deal"]["hands"])
            action["seat"] = (action["seat"] + 1) % players
            return Fault(line, kind, number, before + 4)
        before += len(hand["actions"])
    raise ValueError(f"line {line}: no place for a {kind} fault")


def write_fault_log(path: Path, size: int, every: int, first_seed: int = 1) -> list[Fault]:
    """Write matches to ``path`` until it holds ``size`` bytes, a fault in every
    ``every``-th record; the faults, in order."""
    faults: list[Fault] = []
    kinds = itertools.cycle(KINDS)
    written = 0
    with path.open("w", encoding="utf-8") as log:
        for line, (seed, (game, players)) in enumerate(
            zip(itertools.count(first_seed), tables()), 1
        ):
            if written >= size:
                break
            record = write_record(random_match(game, players, None, seed), seed=seed)
            if line % every == 0:
                faults.append(inject(record, next(kinds), line))
            text = json.dumps(record, separators=(",", ":")) + "\n"
            written += len(text.encode())
            log.write(text)
    return faults


LINE = re.compile(r" line ([0-9]+)$")


def held_to(report: dict[str, Any], faults: Sequence[Fault]) -> tuple[list[Fault], list[str]]:
    """The faults the audit's JSON report does not find, and its divergences of their own
    (not a consequence) at no fault: both empty when it finds exactly what was put in."""
    found = set()
    extra = []
    places = {(f.line, f.hand, f.action) for f in faults}
    for div in report["divergences"]:
        if div["consequence_of"] is not None:
            continue
        line = LINE.search(div["record"])
        place = (int(line.group(1)) if line else 0, div["hand"], div["action"])
        if place in places:
            found.add(place)
        else:
            where = f"{div['record']} hand {div['hand']} action {div['action']}"
            extra.append(f"{where}: {div['what']}")
    missed = [f for f in faults if (f.line, f.hand, f.action) not in found]
    return missed, extra


def audit(path: Path, report: Path) -> tuple[float, float, int]:
    """(peak resident MiB, seconds, exit status) of ``fives audit path --json report`` in a
    process of its own."""
    start = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, "-m", "fives_tools.cli", "audit", str(path), "--json", str(report)],
        stdout=subprocess.DEVNULL,
    )
    _, status, usage = os.wait4(child.pid, 0)
    return usage.ru_maxrss / 1024, time.perf_counter() - start, os.waitstatus_to_exitcode(status)


def size_of(text: str) -> int:
    """``1G``, ``200M``, ``64K`` or bytes."""
    units = {"K": 2**10, "M": 2**20, "G": 2**30}
    return int(float(text[:-1]) * units[text[-1].upper()]) if text[-1:].isalpha() else int(text)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.fault_log", description=__doc__)
    parser.add_argument("--size", type=size_of, default=size_of("64M"), help="the log (64M)")
    parser.add_argument("--every", type=int, default=500, help="a fault every N records (500)")
    parser.add_argument("--keep", type=Path, help="write the log and manifest here, and keep them")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        path = (args.keep or Path(folder)) / "fault-log.jsonl"
        path.parent.mkdir(parents=True, exist_ok=True)
        start = time.perf_counter()
        faults = write_fault_log(path, args.size, args.every)
        made = time.perf_counter() - start
        path.with_suffix(".faults.json").write_text(
            json.dumps([asdict(f) for f in faults], indent=1), "utf-8"
        )
        report = Path(folder) / "audit.json"
        peak, seconds, status = audit(path, report)
        data = json.loads(report.read_text("utf-8"))
        missed, extra = held_to(data, faults)
        records = sum(g["records"] for g in data["games"].values())
        actions = sum(g["actions"] for g in data["games"].values())
        size = path.stat().st_size / 2**20
    print(f"log: {size:,.0f} MiB, {records:,} records, {actions:,} actions, made in {made:.0f} s")
    print("| log | records | actions | faults | found | elsewhere | peak RSS | wall | actions/s |")
    print("|---|---|---|---|---|---|---|---|---|")
    cells = [
        f"{size:,.0f} MiB", f"{records:,}", f"{actions:,}", len(faults),
        len(faults) - len(missed), len(extra), f"{peak:.0f} MiB", f"{seconds:.0f} s",
        f"{actions / seconds:,.0f}",
    ]  # fmt: skip
    print("| " + " | ".join(map(str, cells)) + " |")
    for fault in missed:
        print(f"missed: {fault}")
    for line in extra[:20]:
        print(f"elsewhere: {line}")
    return 0 if status == 1 and not missed and not extra else 1


if __name__ == "__main__":
    raise SystemExit(main())
