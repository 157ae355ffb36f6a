"""Branch coverage of ``fives_engine`` by the conformance cases alone (coverage.py, in process).

The measurement runs in a fresh interpreter (``python -m benchmarks.mutation branches``) so
that importing the engine is measured too. Coverage contexts keep apart what runs while the
engine is imported (``import``), while the fixtures are read and checked (``load``, not
counted: the loader validates plays, which no conformance case then needs to reach), and
while the ``must`` and ``implementation-defined`` cases run.
"""

from __future__ import annotations

import ast
import importlib
import json
import pkgutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fives_tools import files

MUST_CONTEXTS = ["^import$", "^must$"]
ALL_CONTEXTS = [*MUST_CONTEXTS, "^implementation-defined$"]


@dataclass(frozen=True)
class Branch:
    """One branch (``line -> line``; a negative target leaves the function) and where."""

    module: str  # fives_engine.layout
    function: str  # mutmut's name of the enclosing function, e.g. fives_engine.layout.x_f
    source: int
    target: int
    reached_by_implementation_defined: bool


@dataclass(frozen=True)
class BranchCoverage:
    branches: int
    covered: int
    per_file: dict[str, tuple[int, int]]  # module -> (branches, covered by must cases)
    missed: list[Branch]

    @property
    def percent(self) -> float:
        return 100.0 * self.covered / self.branches if self.branches else 100.0


def _measure(json_out: str) -> None:
    """Run in a fresh interpreter: import, load, run the cases under coverage contexts."""
    import coverage

    cov = coverage.Coverage(branch=True, source_pkgs=["fives_engine"], data_file=None)
    cov.start()
    cov.switch_context("import")
    engine = importlib.import_module("fives_engine")
    for info in pkgutil.iter_modules(engine.__path__, "fives_engine."):
        importlib.import_module(info.name)
    cov.switch_context("load")
    from benchmarks.mutation.conformance_test import clear_engine_caches
    from fives_tools.certify.adapters.reference import ReferenceAdapter
    from fives_tools.certify.cases import load_cases
    from fives_tools.certify.runner import run_cases

    cases = load_cases()
    for level in ("must", "implementation-defined"):
        clear_engine_caches()  # the games the loader read: the cases must load them again
        cov.switch_context(level)
        run_cases(ReferenceAdapter(), [c for c in cases if c.level == level])
    cov.stop()
    reports = {}
    for name, contexts in (("must", MUST_CONTEXTS), ("all", ALL_CONTEXTS)):
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "coverage.json"
            cov.json_report(outfile=str(out), contexts=contexts)
            reports[name] = json.loads(out.read_text(encoding="utf-8"))
    files.write_json(Path(json_out), reports, compact=True)


def _function_names(path: Path, module: str) -> dict[int, str]:
    """Each line of ``path`` -> mutmut's name of the innermost function holding it."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: dict[int, str] = {}

    def visit(node: ast.AST, owner: str | None) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef):
                visit(child, child.name)
            elif isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                name = (
                    f"{module}.x{chr(0x01C1)}{owner}{chr(0x01C1)}{child.name}"
                    if owner
                    else f"{module}.x_{child.name}"
                )
                end = child.end_lineno or child.lineno
                for line in range(child.lineno, end + 1):
                    out[line] = name
                visit(child, None)  # a nested function is named on its own

    visit(tree, None)
    return out


def _module(path: str) -> str:
    parts = Path(path).with_suffix("").parts
    return ".".join(parts[parts.index("fives_engine") :])


def branch_coverage() -> BranchCoverage:
    """Measure in a child interpreter and summarise: what the ``must`` cases leave unreached."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "reports.json"
        subprocess.run(
            [sys.executable, "-c", f"from {__name__} import _measure; _measure({str(out)!r})"],
            check=True,
        )
        reports: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    must, every = reports["must"], reports["all"]
    per_file: dict[str, tuple[int, int]] = {}
    missed: list[Branch] = []
    for path, data in sorted(must["files"].items()):
        module = _module(path)
        summary = data["summary"]
        per_file[module] = (summary["num_branches"], summary["covered_branches"])
        names = _function_names(Path(path), module)
        reached_elsewhere = {tuple(a) for a in every["files"][path]["executed_branches"]}
        for source, target in data["missing_branches"]:
            missed.append(
                Branch(
                    module,
                    names.get(source, f"{module}.<module>"),
                    source,
                    target,
                    (source, target) in reached_elsewhere,
                )
            )
    totals = must["totals"]
    return BranchCoverage(totals["num_branches"], totals["covered_branches"], per_file, missed)
