"""Wall time of the whole suite against the reference engine: in process, and through the
subprocess protocol (the path third parties use)."""

from __future__ import annotations

import sys
import tracemalloc

from benchmarks.timing import best_of
from fives_tools.cases import load_cases
from fives_tools.reference_adapter import ReferenceAdapter
from fives_tools.runner import PASS, run_cases
from fives_tools.subprocess_adapter import SubprocessAdapter


def certification(repeat: int) -> dict[str, float]:
    cases = load_cases()

    def in_process() -> int:
        return run_cases(ReferenceAdapter(), cases).count(PASS)

    def subprocess() -> int:
        adapter = SubprocessAdapter([sys.executable, "-m", "fives_tools.stdio_server"])
        return run_cases(adapter, cases).count(PASS)

    t_in, passed_in = best_of(repeat, in_process)
    t_sub, passed_sub = best_of(repeat, subprocess)
    assert passed_in == passed_sub == len(cases), "both paths must pass every case"
    tracemalloc.start()
    in_process()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {
        "cases": len(cases),
        "in_process_s": t_in,
        "subprocess_s": t_sub,
        "ratio": t_sub / t_in,
        "peak_mib": peak / 2**20,
    }
