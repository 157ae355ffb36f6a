"""``python -m benchmarks.mutation run | report | branches``: mutation testing of the reference
engine with the ``must`` conformance cases as its only test (``make mutation``).

* ``run [MUTANT ...] [--survivors]`` stages the engine (see ``stage.py``) and runs mutmut,
  niced, on every mutant not yet tested (or the named ones, and with ``--survivors`` every
  one the last run left alive); mutmut keeps its verdicts under ``build/mutation/mutants/``.
* ``report [--out FILE]`` writes the Markdown report: the score, every survivor with its
  diff or the committed reason it needs no fixture, the game-parameter mutations and the
  branch coverage of the engine by the ``must`` cases.
* ``branches`` prints the branch coverage alone.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from benchmarks.mutation import results
from benchmarks.mutation.report import render
from benchmarks.mutation.stage import STAGE, stage
from fives_tools import files

RUN_LOG = "run.json"


def run(mutants: Sequence[str], children: int, survivors: bool = False) -> int:
    folder = stage()
    if survivors:  # retest what the last run left alive, e.g. after new fixtures
        status = results.read_status(folder)
        mutants = [*mutants, *(m for m, s in status.items() if s != results.KILLED)]
    started = time.monotonic()
    command = [sys.executable, "-m", "mutmut", "run", "--max-children", str(children), *mutants]
    done = subprocess.run(["nice", "-n", "10", *command], cwd=folder, check=False)
    seconds = time.monotonic() - started
    log = {"seconds": round(seconds, 1), "children": children, "retested": len(mutants)}
    path = folder / RUN_LOG
    runs = results.read_runs(path)
    files.write_json(path, [*runs, log], compact=True)
    print(f"mutmut finished in {seconds:.0f} s (exit status {done.returncode})", file=sys.stderr)
    return done.returncode


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.mutation", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    run_parser = sub.add_parser("run", help="stage the engine and run mutmut")
    run_parser.add_argument("mutants", nargs="*", help="mutant names or glob patterns")
    run_parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    run_parser.add_argument(
        "--survivors", action="store_true", help="retest every mutant the last run left alive"
    )
    report_parser = sub.add_parser("report", help="write the Markdown report")
    report_parser.add_argument("--out", type=Path, help="also write the report here")
    report_parser.add_argument(
        "--baseline", type=Path, help="the summary.json of an earlier report, to compare with"
    )
    sub.add_parser("branches", help="branch coverage of the engine by the must cases")
    args = parser.parse_args(argv)
    if args.command == "run":
        return run(args.mutants, args.jobs, args.survivors)
    if args.command == "branches":
        print(render(STAGE, mutation=False))
        return 0
    text = render(STAGE, baseline=args.baseline)
    if args.out is not None:
        files.write_text(args.out, text)
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
