"""The project's own test suite, with and without pytest-xdist: wall time, and whether
every test has the same outcome either way (compared test by test, from JUnit XML)."""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from importlib.util import find_spec
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: pytest-xdist as `make test` runs it, before the number of workers: a worker that runs
#: out of tests takes some from the other (the suite's slow tests are bunched by file, and
#: the default scheduler left one worker idle for the last half-minute)
XDIST = ("--dist", "worksteal", "-n")


@dataclass(frozen=True)
class SuiteRun:
    seconds: float
    outcomes: dict[str, str]  # test id -> passed / failed / error / skipped

    @property
    def summary(self) -> str:
        counts: dict[str, int] = {}
        for outcome in self.outcomes.values():
            counts[outcome] = counts.get(outcome, 0) + 1
        return ", ".join(f"{n} {outcome}" for outcome, n in sorted(counts.items()))


@dataclass(frozen=True)
class SuiteTime:
    selection: list[str]  # pytest arguments choosing the tests; empty means the whole suite
    serial: SuiteRun
    parallel: SuiteRun | None  # None without pytest-xdist

    @property
    def same_outcomes(self) -> bool:
        return self.parallel is not None and self.serial.outcomes == self.parallel.outcomes


def _outcome(case: ET.Element) -> str:
    for tag in ("failure", "error", "skipped"):
        if case.find(tag) is not None:
            return "failed" if tag == "failure" else tag
    return "passed"


def _pytest(selection: list[str], extra: list[str]) -> SuiteRun:
    with tempfile.TemporaryDirectory() as tmp:
        junit = Path(tmp) / "junit.xml"
        start = time.perf_counter()
        pytest = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
        subprocess.run(
            [*pytest, f"--junitxml={junit}", *extra, *selection],
            cwd=ROOT,
            capture_output=True,
            check=False,
        )
        seconds = time.perf_counter() - start
        cases = ET.parse(junit).getroot().iter("testcase") if junit.exists() else iter(())
        outcomes = {f"{c.get('classname')}::{c.get('name')}": _outcome(c) for c in cases}
    return SuiteRun(seconds, outcomes)


def suite_time(selection: list[str]) -> SuiteTime:
    """Run the selection (the whole suite when empty) once serially, once with ``-n auto``."""
    has_xdist = find_spec("xdist") is not None
    serial = _pytest(selection, ["-p", "no:xdist"] if has_xdist else [])
    parallel = _pytest(selection, [*XDIST, "auto"]) if has_xdist else None
    return SuiteTime(selection, serial, parallel)


def main(argv: list[str] | None = None) -> int:
    """``python -m benchmarks.test_suite_time [-n N] [PYTEST ARGS]``: one run of the suite
    with N pytest-xdist workers as ``make test`` runs it (``--dist worksteal``): its wall
    time and outcomes, as a row of the report's table. One run, not the serial and
    parallel pair of :func:`suite_time`: a shared machine affords the whole suite once."""
    args = list(sys.argv[1:] if argv is None else argv)
    workers = "auto"
    if args[:1] == ["-n"] and len(args) > 1:
        workers, args = args[1], args[2:]
    run = _pytest(args, [*XDIST, workers])
    print(f"| `-n {workers}` (pytest-xdist) | {run.seconds:.1f} | {run.summary} |")
    bad = {"failed", "error"} & set(run.outcomes.values())
    return 0 if run.outcomes and not bad else 1


if __name__ == "__main__":
    sys.exit(main())
