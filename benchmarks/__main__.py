"""``python -m benchmarks [--quick] [--out FILE] [--skip-pytest]``: run every measurement and
print one Markdown report (progress goes to stderr)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

from benchmarks.certification import certification
from benchmarks.fuzzing import fuzz_throughput
from benchmarks.machine import load_average, machine
from benchmarks.memory import playout_memory
from benchmarks.openspiel_bot import bot_runs
from benchmarks.openspiel_games import openspiel_games
from benchmarks.per_play import per_play_cost
from benchmarks.perft import perft_speed
from benchmarks.report import Results, render
from benchmarks.side_by_side import side_by_side
from benchmarks.test_suite_time import suite_time
from benchmarks.workload import FULL, QUICK
from fives_tools import files

T = TypeVar("T")


def _step(what: str, fn: Callable[[], T]) -> T:
    print(f"benchmarks: {what} ...", file=sys.stderr, flush=True)
    return fn()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a tiny workload (seconds)")
    parser.add_argument("--out", type=Path, metavar="FILE", help="also write the report here")
    parser.add_argument("--skip-pytest", action="store_true", help="skip the test-suite timing")
    args = parser.parse_args(argv)
    work = QUICK if args.quick else FULL
    games = ("five-up", "exact-61", "all-fives")
    results = Results(
        workload=work,
        machine=machine(),
        playouts=_step(
            "random playouts: the plain engine, the fast path and the peers",
            lambda: side_by_side(work.hands, work.peer_games, work.rounds, work.openspiel_games),
        ),
        openspiel_games=_step(
            "our OpenSpiel games, OpenSpiel's dominoes and the floor through pyspiel's loop",
            lambda: openspiel_games(work.openspiel_table_games, work.rounds),
        ),
        per_play=_step("per-play cost", lambda: {g: per_play_cost(g, work.layouts) for g in games}),
        per_play_fast=_step(
            "per-play cost, fast path",
            lambda: {g: per_play_cost(g, work.layouts, fast=True) for g in games},
        ),
        perft=_step("perft", lambda: perft_speed(work.perft_budget_s)),
        certification=_step("certification", lambda: certification(work.certify_repeat)),
        fuzzing=_step("fuzz throughput", lambda: fuzz_throughput(work.fuzz_requests)),
        suite=None
        if args.skip_pytest
        else _step("the test suite, serial and -n auto", lambda: suite_time(work.suite)),
        memory=_step("peak memory", lambda: playout_memory(work.memory_hands)),
        bot=_step(
            "OpenSpiel's MCTS and IS-MCTS bots against random",
            lambda: bot_runs(work.bot_games, work.bot_simulations),
        ),
    )
    results.machine["load average at end"] = load_average()  # the load the run met, both ends
    text = render(results)
    sys.stdout.write(text)
    if args.out is not None:
        files.write_text_making_folder(args.out, text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
