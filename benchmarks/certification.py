"""Wall time of the whole suite against the reference engine: in process, and through the
subprocess protocol (the path third parties use), with the adapter process's fixed cost
(start-up to ``ready``, and ``stop``) apart from what each case adds.

The paths run in interleaved rounds (in process, subprocess, start and stop; again), and
the ratio is the median of the rounds' ratios: on a shared machine a burst of load hits
one round of both paths alike, and one noisy round cannot decide the figure."""

from __future__ import annotations

import statistics
from dataclasses import dataclass

from benchmarks.memory import traced
from benchmarks.mutation.conformance_test import clear_engine_caches
from benchmarks.timing import timed
from fives_tools.certify.adapters.program import SubprocessAdapter
from fives_tools.certify.adapters.reference import ReferenceAdapter
from fives_tools.certify.adapters.stdio_server import REFERENCE_COMMAND
from fives_tools.certify.cases import load_cases
from fives_tools.certify.findings.status import PASS
from fives_tools.certify.runner import run_cases

SERVER = REFERENCE_COMMAND  # what `fives certify` runs


@dataclass(frozen=True)
class Certification:
    cases: int
    in_process_s: float  # the median round
    subprocess_s: float  # the median round
    start_stop_s: float  # launching the adapter process until `ready`, then `stop` (median)
    peak_mib: float  # an in-process run
    ratios: tuple[float, ...] = ()  # subprocess against in-process, round by round

    @property
    def ratio(self) -> float:
        """The median of the rounds' ratios."""
        if not self.ratios:
            return self.subprocess_s / self.in_process_s
        return statistics.median(self.ratios)

    @property
    def per_case_overhead_ms(self) -> float:
        """What the protocol adds to each case, start-up and stop aside."""
        extra = self.subprocess_s - self.start_stop_s - self.in_process_s
        return extra / self.cases * 1000


def certification(rounds: int, memory: bool = True) -> Certification:
    """``rounds`` interleaved rounds of both paths and of the adapter's start and stop;
    then, with ``memory``, the peak memory of an in-process run."""
    cases = load_cases()

    def in_process() -> int:
        # From an engine with no memos, as the adapter program starts: else every round
        # after the first runs on the games, tile states and parsed plays of the last.
        clear_engine_caches()
        return run_cases(ReferenceAdapter(), cases).count(PASS)

    def subprocess() -> int:
        return run_cases(SubprocessAdapter(SERVER), cases).count(PASS)

    def start_stop() -> None:
        adapter = SubprocessAdapter(SERVER)
        adapter.start()
        adapter.stop()

    t_in, t_sub, t_fixed = [], [], []
    for _ in range(rounds):
        seconds, passed_in = timed(in_process)
        t_in.append(seconds)
        seconds, passed_sub = timed(subprocess)
        t_sub.append(seconds)
        t_fixed.append(timed(start_stop)[0])
        if not passed_in == passed_sub == len(cases):
            raise RuntimeError(
                f"both paths must pass every case: {passed_in} and {passed_sub} of {len(cases)}"
            )
    median = statistics.median
    return Certification(
        len(cases),
        median(t_in),
        median(t_sub),
        median(t_fixed),
        traced(in_process).peak_mib if memory else 0.0,
        tuple(sub / inp for sub, inp in zip(t_sub, t_in, strict=True)),
    )


def main(argv: list[str] | None = None) -> int:
    """``python -m benchmarks.certification [ROUNDS]``: this measurement alone."""
    import sys

    args = sys.argv[1:] if argv is None else argv
    c = certification(int(args[0]) if args else 7)
    rounds = ", ".join(f"{x:.2f}x" for x in c.ratios)
    print(
        f"{c.cases} cases: in process {c.in_process_s * 1000:.0f} ms, subprocess"
        f" {c.subprocess_s * 1000:.0f} ms, adapter start + stop {c.start_stop_s * 1000:.0f} ms"
        f" (medians); ratio {c.ratio:.2f}x, the median of {rounds}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
