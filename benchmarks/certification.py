"""Wall time of the whole suite against the reference engine: in process, and through the
subprocess protocol (the path third parties use), with the adapter process's fixed cost
(start-up to ``ready``, and ``stop``) apart from what each case adds."""

from __future__ import annotations

from dataclasses import dataclass

from benchmarks.memory import traced
from benchmarks.timing import best_of
from fives_tools.certify.adapters.program import SubprocessAdapter
from fives_tools.certify.adapters.reference import ReferenceAdapter
from fives_tools.certify.adapters.stdio_server import REFERENCE_COMMAND
from fives_tools.certify.cases import load_cases
from fives_tools.certify.runner import PASS, run_cases

SERVER = REFERENCE_COMMAND  # what `fives certify` runs


@dataclass(frozen=True)
class Certification:
    cases: int
    in_process_s: float
    subprocess_s: float
    start_stop_s: float  # launching the adapter process until `ready`, then `stop`
    peak_mib: float  # an in-process run

    @property
    def ratio(self) -> float:
        return self.subprocess_s / self.in_process_s

    @property
    def per_case_overhead_ms(self) -> float:
        """What the protocol adds to each case, start-up and stop aside."""
        extra = self.subprocess_s - self.start_stop_s - self.in_process_s
        return extra / self.cases * 1000


def certification(repeat: int) -> Certification:
    cases = load_cases()

    def in_process() -> int:
        return run_cases(ReferenceAdapter(), cases).count(PASS)

    def subprocess() -> int:
        return run_cases(SubprocessAdapter(SERVER), cases).count(PASS)

    def start_stop() -> None:
        adapter = SubprocessAdapter(SERVER)
        adapter.start()
        adapter.stop()

    t_in, passed_in = best_of(repeat, in_process)
    t_sub, passed_sub = best_of(repeat, subprocess)
    t_fixed, _ = best_of(repeat, start_stop)
    if not passed_in == passed_sub == len(cases):
        raise RuntimeError(
            f"both paths must pass every case: {passed_in} and {passed_sub} of {len(cases)}"
        )
    return Certification(len(cases), t_in, t_sub, t_fixed, traced(in_process).peak_mib)
