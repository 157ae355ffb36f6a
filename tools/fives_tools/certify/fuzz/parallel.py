"""Spreading a campaign: ``--jobs`` processes on this machine, ``--shard I/N`` across
machines. Both only choose which indices a process works on (interleaved, so every part
gets the same mix of early and late indices); no request changes, and the outcomes merge.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass

from fives_tools import processes
from fives_tools.certify.adapters.interface import Adapter
from fives_tools.certify.adapters.program import SubprocessAdapter
from fives_tools.certify.adapters.python import PythonAdapter, load_object
from fives_tools.certify.adapters.stdio_server import REFERENCE_COMMAND
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
        if self.python and not self.command:
            return PythonAdapter(load_object(self.python), self.python)
        return SubprocessAdapter(
            self.command or REFERENCE_COMMAND,
            timeout=self.timeout,
            start_timeout=self.start_timeout,
        )

    def option(self) -> str:
        """The command-line option that names this implementation again."""
        if self.command:
            return f"--adapter {shlex.quote(self.command)}"
        if self.python:
            return f"--python {shlex.quote(self.python)}"
        return ""


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


def _work(spec: AdapterSpec, plan: Plan, part: Slice) -> Outcome:
    return run_campaign(spec.make(), plan, part)


def run(spec: AdapterSpec, plan: Plan, part: Slice, jobs: int = 1) -> Outcome:
    """The campaign over ``part`` in ``jobs`` processes (each with its own adapter); in one
    process, with a progress bar on a terminal."""
    if jobs <= 1:
        with bar("fuzz", part.size()) as step:
            return run_campaign(spec.make(), plan, part, step)
    parts = part.split(jobs)
    with bar(f"fuzz ({jobs} processes)", None), processes.workers(jobs) as pool:
        outcomes = list(pool.map(_work, [spec] * jobs, [plan] * jobs, parts))
    merged = outcomes[0]
    for other in outcomes[1:]:
        merged.merge(other)
    return merged
