"""``fives fuzz`` throughput: requests compared per second (generated, answered by both
engines, compared), layout requests apart from whole-hand ones (turns, perft, settlement,
match), in process and through the subprocess protocol, one process and ``--jobs 2``."""

from __future__ import annotations

import shutil
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from fives_tools.certify.cases import levels
from fives_tools.certify.fuzz import parallel
from fives_tools.certify.fuzz.campaign import Plan, Slice
from fives_tools.certify.fuzz.scope import ScopeError

ROOT = Path(__file__).resolve().parent.parent
NODE_ADAPTER = ROOT / "examples" / "node-adapter" / "adapter.js"
LAYOUT = tuple(levels.LAYOUT_FIELDS)
HANDS = (levels.TURN_FLOW, levels.SETTLEMENT, levels.MATCH_END)
#: schema-checked replies
IN_PROCESS = "fives_tools.certify.adapters.reference:ReferenceImplementation"


@dataclass(frozen=True)
class FuzzRate:
    path: str  # how the implementation is reached
    requests: str  # layout or whole hands
    jobs: int
    count: int  # requests compared; 0 when the path does not declare them
    seconds: float
    note: str = ""

    @property
    def per_s(self) -> float:
        return self.count / self.seconds if self.seconds else 0.0


def rate(path: str, spec: parallel.AdapterSpec, kind: str, count: int, jobs: int) -> FuzzRate:
    plan = Plan(seed=1, levels=LAYOUT if kind == "layout" else HANDS, shrink=False)
    start = time.perf_counter()
    try:
        outcome = parallel.run(spec, plan, Slice(0, 1, count), jobs=jobs)
    except ScopeError:
        return FuzzRate(path, kind, jobs, 0, 0.0, "not declared by the adapter")
    seconds = time.perf_counter() - start
    if not outcome.ok:
        raise RuntimeError(f"the reference engine disagrees with itself: {outcome.verdict()}")
    return FuzzRate(path, kind, jobs, outcome.requests, seconds)


def python_server() -> parallel.AdapterSpec:
    return parallel.AdapterSpec(f"{sys.executable} -m fives_tools.certify.adapters.stdio_server")


def node_example() -> parallel.AdapterSpec:
    return parallel.AdapterSpec(f"node {NODE_ADAPTER}")


def fuzz_throughput(count: int) -> list[FuzzRate]:
    """Each path, each kind of request; ``count`` requests per measurement."""
    server = python_server()
    paths = [
        ("in process (Python adapter)", parallel.AdapterSpec(python=IN_PROCESS), (1,)),
        ("protocol: python -m fives_tools.certify.adapters.stdio_server", server, (1, 2)),
    ]
    out = []
    for name, spec, jobs in paths:
        for kind in ("layout", "hands"):
            out += [rate(name, spec, kind, count * j, j) for j in jobs]
    node = "protocol: node examples/node-adapter/adapter.js"
    if shutil.which("node") is None:
        return [*out, FuzzRate(node, "layout", 1, 0, 0.0, "node is not installed")]
    spec = node_example()
    for kind in ("layout", "hands"):
        out += [rate(node, spec, kind, count * j, j) for j in (1, 2)]
    return out
