"""Why a branch of the engine is reached by no ``must`` case: ``unreached.yaml``.

An entry names functions (an ``fnmatch`` pattern over mutmut's function names, so that one
entry can explain both a function's unreached branches and its mutants) and, optionally,
the text of the line a branch leaves, for a single branch of a function.
"""

from __future__ import annotations

import fnmatch
import linecache
from dataclasses import dataclass
from pathlib import Path

from benchmarks.mutation.branches import Branch
from benchmarks.mutation.results import read_entries

UNREACHED = Path(__file__).with_name("unreached.yaml")
ENGINE = Path(__file__).resolve().parents[2] / "reference_engine"


@dataclass(frozen=True)
class Reason:
    function: str
    line: str  # the stripped text of the branch's source line; empty: every branch
    why: str

    def explains(self, branch: Branch) -> bool:
        if not fnmatch.fnmatchcase(branch.function, self.function):
            return False
        return not self.line or source_line(branch) == self.line


def source_line(branch: Branch) -> str:
    path = ENGINE / Path(*branch.module.split(".")).with_suffix(".py")
    return linecache.getline(str(path), branch.source).strip()


def load_reasons(path: Path = UNREACHED) -> list[Reason]:
    out = []
    for entry in read_entries(path, "unreached", "function"):
        why = " ".join(str(entry["why"]).split())
        out.append(Reason(str(entry["function"]), str(entry.get("line", "")).strip(), why))
    return out


def reason_for(branch: Branch, reasons: list[Reason]) -> Reason | None:
    return next((r for r in reasons if r.explains(branch)), None)
