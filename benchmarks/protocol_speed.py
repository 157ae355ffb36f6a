"""``python -m benchmarks.protocol_speed [ROUNDS]``: the protocol's two speed aims side by
side, in interleaved rounds (on a machine shared with other work a burst of load hits one
round of every measurement alike), as Markdown.

Each round: certification in process, through the subprocess protocol and the adapter's
start and stop (:mod:`benchmarks.certification`, one round); then ``fives fuzz`` layout
requests with ``--jobs 2`` against the Python protocol server and against the Node example
(:mod:`benchmarks.fuzzing`). The figures are the medians of the rounds (a ratio is the
median of the rounds' ratios).

The measurements are imported when they run: ``fives fuzz --jobs`` workers import this
module again (multiprocessing's spawn runs the main module), and ``python -m benchmarks``,
the full run, costs its workers no such import either."""

from __future__ import annotations

import shutil
import statistics
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from benchmarks.certification import Certification

#: fuzz requests per process per round, as ``python -m benchmarks`` (FULL workload)
FUZZ_REQUESTS = 3000
JOBS = 2


@dataclass(frozen=True)
class Round:
    certification: Certification
    python_per_s: float
    node_per_s: float | None  # None without node


def one_round() -> Round:
    from benchmarks.certification import certification
    from benchmarks.fuzzing import node_example, python_server, rate

    cert = certification(1, memory=False)
    count = FUZZ_REQUESTS * JOBS
    python = rate("python", python_server(), "layout", count, JOBS).per_s
    node = None
    if shutil.which("node") is not None:
        node = rate("node", node_example(), "layout", count, JOBS).per_s
    return Round(cert, python, node)


def _row(label: str, cells: list[str]) -> str:
    return "| " + " | ".join([label, *cells]) + " |"


def render(rounds: list[Round], facts: dict[str, str]) -> str:
    median = statistics.median
    certs = [r.certification for r in rounds]
    nodes = [r.node_per_s for r in rounds if r.node_per_s is not None]
    ratio = median(c.ratio for c in certs)
    python = median(r.python_per_s for r in rounds)
    node = median(nodes) if nodes else 0.0

    def met(ok: bool) -> str:
        return "yes" if ok else "**no**"

    lines = [
        "| measure | target | measured (median) | met |",
        "|---|---|---|---|",
        _row(
            "certification, subprocess protocol against in-process",
            ["within 3x", f"{ratio:.2f}x", met(ratio <= 3)],
        ),
        _row(
            f"fives fuzz, layout requests, --jobs {JOBS}, python stdio server",
            ["at least 2,000/s", f"{python:,.0f}/s", met(python >= 2000)],
        ),
    ]
    if nodes:
        lines.append(
            _row(
                f"fives fuzz, layout requests, --jobs {JOBS}, node examples/node-adapter",
                ["at least 2,000/s", f"{node:,.0f}/s", met(node >= 2000)],
            )
        )
    lines += ["", "| fact | value |", "|---|---|"]
    lines += [f"| {k} | {v} |" for k, v in facts.items()]
    lines += [
        "",
        "| round | in process (ms) | subprocess (ms) | adapter start + stop (ms) | ratio"
        " | fuzz, python server (/s) | fuzz, node example (/s) |",
        "|---|---|---|---|---|---|---|",
    ]
    for i, r in enumerate([*rounds, None], 1):
        if r is None:
            cells = [
                f"{median(c.in_process_s for c in certs) * 1000:.0f}",
                f"{median(c.subprocess_s for c in certs) * 1000:.0f}",
                f"{median(c.start_stop_s for c in certs) * 1000:.0f}",
                f"{ratio:.2f}x",
                f"{python:,.0f}",
                f"{node:,.0f}" if nodes else "-",
            ]
            lines.append(_row("**median**", cells))
            continue
        c = r.certification
        cells = [
            f"{c.in_process_s * 1000:.0f}",
            f"{c.subprocess_s * 1000:.0f}",
            f"{c.start_stop_s * 1000:.0f}",
            f"{c.ratio:.2f}x",
            f"{r.python_per_s:,.0f}",
            "-" if r.node_per_s is None else f"{r.node_per_s:,.0f}",
        ]
        lines.append(_row(str(i), cells))
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    from benchmarks.machine import load_average, machine
    from fives_tools import options

    parser = options.Parser(prog="python -m benchmarks.protocol_speed", description=__doc__)
    parser.add_argument(
        "rounds", nargs="?", type=options.count, default=7, help="interleaved rounds (7)"
    )
    count = parser.parse_args(argv).rounds
    facts = machine()
    rounds = []
    for i in range(count):
        print(f"protocol speed: round {i + 1} of {count} ...", file=sys.stderr, flush=True)
        rounds.append(one_round())
    facts["load average at end"] = load_average()
    sys.stdout.write(render(rounds, facts))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
