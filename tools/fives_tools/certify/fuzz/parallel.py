"""Spreading a campaign: ``--jobs`` processes on this machine, ``--shard I/N`` across
machines. Both only choose which indices a process works on (interleaved, so every part
gets the same mix of early and late indices); no request changes, and the outcomes merge.
"""

from __future__ import annotations

import pickle
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from fives_tools import files, partial, processes
from fives_tools.certify.adapters.factory import PROGRAM, PYTHON, Reach
from fives_tools.certify.adapters.interface import Adapter
from fives_tools.certify.fuzz.campaign import Outcome, Plan, Slice, run_campaign
from fives_tools.progress import bar


@dataclass(frozen=True)
class AdapterSpec:
    """How to reach the implementation, in a form each worker process can rebuild."""

    command: str | None = None  # a program speaking the protocol
    python: str | None = None  # MODULE:ATTR of a Python adapter
    timeout: float = 10.0
    start_timeout: float = 20.0

    def make(self) -> Adapter:
        kind, target = (
            (PYTHON, self.python)
            if self.python and not self.command
            else (
                PROGRAM if self.command else None,
                self.command,
            )
        )
        return Reach(kind, target, self.timeout, self.start_timeout).open()

    def words(self) -> tuple[str, ...]:
        """The command-line option that names this implementation again (none for the
        reference engine)."""
        if self.command:
            return ("--adapter", self.command)
        if self.python:
            return ("--python", self.python)
        return ()


def parse_shard(text: str) -> tuple[int, int]:
    """``I/N`` (1 <= I <= N) as a pair; ValueError with the reason otherwise."""
    first, sep, second = text.partition("/")
    if not sep or not first.isdigit() or not second.isdigit():
        raise ValueError(f"--shard expects I/N, e.g. 2/8, got {text!r}")
    shard, shards = int(first), int(second)
    if not 1 <= shard <= shards:
        raise ValueError(f"--shard {text}: I must be 1 to N")
    return shard, shards


def shard_slice(budget: int | None, shard: tuple[int, int] = (1, 1)) -> Slice:
    """Shard I of N takes every N-th index from I - 1, below ``budget`` (no end if None)."""
    index, count = shard
    return Slice(index - 1, count, budget)


def _work(spec: AdapterSpec, plan: Plan, part: Slice, left: Path) -> Outcome:
    """A worker's share; ended from outside, it leaves its outcome so far in ``left``."""
    found: list[Outcome] = []

    def leave() -> None:
        if found:
            files.write_bytes(left, pickle.dumps(found[0]))

    with processes.when_worker_ends(leave):
        return run_campaign(spec.make(), plan, part, watch=found.append)


def _merged(outcomes: list[Outcome]) -> Outcome:
    merged = outcomes[0]
    for other in outcomes[1:]:
        merged.merge(other)
    return merged


def run(spec: AdapterSpec, plan: Plan, part: Slice, jobs: int = 1) -> Outcome:
    """The campaign over ``part`` in ``jobs`` processes (each with its own adapter); in one
    process, with a progress bar on a terminal. Interrupted, it carries what every worker
    had found, marked interrupted (:func:`partial.carry`)."""
    if jobs <= 1:
        with bar("fuzz", part.size()) as step:
            return run_campaign(spec.make(), plan, part, step)
    parts = part.split(jobs)
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="fives-fuzz-") as folder:  # private: 0700
        left = [Path(folder) / f"worker-{j}.pickle" for j in range(jobs)]
        try:
            with bar(f"fuzz ({jobs} processes)", None), processes.workers(jobs) as pool:
                outcomes = list(pool.map(_work, [spec] * jobs, [plan] * jobs, parts, left))
        except KeyboardInterrupt as exc:  # the workers are ended, and have left their part
            found = [pickle.loads(path.read_bytes()) for path in left if path.exists()]
            if found:
                outcome = _merged(found)
                outcome.seconds = round(time.monotonic() - started, 3)
                outcome.interrupted(exc, part)
                partial.carry(exc, outcome)
            raise
    return _merged(outcomes)
