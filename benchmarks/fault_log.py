"""``python -m benchmarks.fault_log [--size 1G] [--every N]``: a long log with faults
injected at known places, audited as ``fives audit`` audits it, and held to them.

The log is ``fives play`` records (JSONL) of every game and table in turn, every match
another (a log of the same matches again would replay faster than a real one: the engine
memoises layouts). Every N-th record gets one fault, the kinds in turn:

* ``score``: the raw points of a play's score event, 5 more;
* ``seat``: an action taken by the wrong seat (out of turn);
* ``winner``: the match's result given to another side.

The audit of the log (one process, its peak resident set from ``wait4``) must find a
divergence of its own at each fault's line, hand and action, and none elsewhere:
consequences of a fault and the steps it leaves unchecked are counted with it. Then the
log is split into 4 shards audited on a Dask cluster (``--dask local:2``, the ``dask``
extra): the same faults at the same places of the log, and the same counts per game and
rule. The run prints the rows of a table for ``benchmarks/results/``.
"""

from __future__ import annotations

import argparse
import itertools
import json
import re
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchmarks.timing import fives
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


LINE = re.compile(r"(.*) line ([0-9]+)$")


def split(path: Path, shards: int) -> dict[str, int]:
    """Split the log at ``path`` into ``shards`` files of whole lines beside it; each
    file's name and the line of the log before its first."""
    lines = sum(1 for _ in path.open("rb"))
    size = -(-lines // shards)
    offsets: dict[str, int] = {}
    with path.open("rb") as log:
        for number in range(shards):
            shard = path.with_name(f"{path.stem}-{number:02d}.jsonl")
            with shard.open("wb") as out:
                out.writelines(itertools.islice(log, size))
            offsets[str(shard)] = number * size
    return offsets


def held_to(
    report: dict[str, Any], faults: Sequence[Fault], offsets: dict[str, int] | None = None
) -> tuple[list[Fault], list[str]]:
    """The faults the audit's JSON report does not find, and its divergences of their own
    (not a consequence) at no fault: both empty when it finds exactly what was put in.
    ``offsets``: where each shard's lines start in the log, when the shards were audited."""
    found = set()
    extra = []
    places = {(f.line, f.hand, f.action) for f in faults}
    for div in report["divergences"]:
        if div["consequence_of"] is not None:
            continue
        label = LINE.fullmatch(div["record"])
        line = int(label.group(2)) + (offsets or {}).get(label.group(1), 0) if label else 0
        place = (line, div["hand"], div["action"])
        if place in places:
            found.add(place)
        else:
            where = f"{div['record']} hand {div['hand']} action {div['action']}"
            extra.append(f"{where}: {div['what']}")
    missed = [f for f in faults if (f.line, f.hand, f.action) not in found]
    return missed, extra


@dataclass(frozen=True)
class Audited:
    """One audit of the log: how it ran and what its JSON report says."""

    how: str
    peak: float  # MiB: the peak resident set of the audit's own process
    seconds: float
    status: int
    report: dict[str, Any]

    @property
    def actions(self) -> int:
        return sum(int(g["actions"]) for g in self.report["games"].values())

    def tallies(self) -> dict[str, Any]:
        """What the certificate counts, per game: records, hands, actions, each rule."""
        return dict(self.report["games"])


def audit(how: str, *args: str) -> Audited:
    """``fives audit ARGS --json`` in a process of its own: the peak resident set of its
    process tree (``ru_maxrss`` from ``wait4``: the largest process, a ``local:N`` Dask
    cluster's workers included), wall time, exit status and report."""
    with tempfile.TemporaryDirectory() as folder:
        report = Path(folder) / "audit.json"
        run = fives("audit", *args, "--json", str(report))
        data = json.loads(report.read_text("utf-8"))
    return Audited(how, run.peak, run.seconds, run.status, data)


def size_of(text: str) -> int:
    """``1G``, ``200M``, ``64K`` or bytes."""
    units = {"K": 2**10, "M": 2**20, "G": 2**30}
    return int(float(text[:-1]) * units[text[-1].upper()]) if text[-1:].isalpha() else int(text)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.fault_log", description=__doc__)
    parser.add_argument("--size", type=size_of, default=size_of("64M"), help="the log (64M)")
    parser.add_argument("--every", type=int, default=500, help="a fault every N records (500)")
    parser.add_argument(
        "--dask", default="local:2", help="audit 4 shards of the log here too (local:2); none: not"
    )
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fault-log.jsonl"
        start = time.perf_counter()
        faults = write_fault_log(path, args.size, args.every)
        made = time.perf_counter() - start
        size = path.stat().st_size / 2**20
        Run = tuple[Audited, dict[str, int] | None]
        runs: list[Run] = [(audit("one process", str(path)), None)]
        if args.dask != "none":
            offsets = split(path, 4)
            path.unlink()  # the shards hold the log now
            how = f"4 shards, --dask {args.dask}"
            runs.append((audit(how, "--dask", args.dask, *offsets), offsets))
    whole = runs[0][0]
    print(f"log: {size:,.0f} MiB, {whole.actions:,} actions, {len(faults)} faults ({made:.0f} s)")
    print("| audit | faults found | elsewhere | peak RSS | wall | actions/s | exit |")
    print("|---|---|---|---|---|---|---|")
    bad = False
    for run, starts in runs:
        missed, extra = held_to(run.report, faults, starts)
        same = run.tallies() == whole.tallies()
        bad |= bool(missed or extra) or run.status != 1 or not same
        cells = [
            run.how, f"{len(faults) - len(missed)} of {len(faults)}", len(extra),
            f"{run.peak:.0f} MiB", f"{run.seconds:.0f} s", f"{run.actions / run.seconds:,.0f}",
            f"{run.status}{'' if same else ' (counts differ from one process)'}",
        ]  # fmt: skip
        print("| " + " | ".join(map(str, cells)) + " |")
        for fault in missed:
            print(f"  missed: {fault}")
        for line in extra[:20]:
            print(f"  elsewhere: {line}")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
