"""The committed reasons of the mutation report (``benchmarks/mutation/equivalents.yaml`` and
``unreached.yaml``) load, and each names code the engine still has.

A reason whose function was renamed or removed would explain nothing and go unnoticed until
the next (slow) ``make mutation``; these checks are cheap and need no mutmut results.
"""

from __future__ import annotations

import fnmatch
import linecache
from pathlib import Path

import pytest

from benchmarks.mutation import results, unreached
from benchmarks.mutation.branches import _function_names

ENGINE = Path(__file__).resolve().parents[1] / "reference_engine" / "fives_engine"


def _functions() -> dict[str, set[str]]:
    """mutmut's name of every engine function -> the stripped text of its lines."""
    out: dict[str, set[str]] = {}
    for path in sorted(ENGINE.glob("*.py")):
        module = f"fives_engine.{path.stem}"
        for number, name in _function_names(path, module).items():
            out.setdefault(name, set()).add(linecache.getline(str(path), number).strip())
    return out


FUNCTIONS = _functions()
EQUIVALENTS = results.load_equivalents()
REASONS = unreached.load_reasons()


@pytest.mark.parametrize("entry", EQUIVALENTS, ids=lambda e: e.pattern)
def test_every_equivalent_names_an_engine_function(entry: results.Equivalent) -> None:
    function = entry.pattern.partition("__mutmut_")[0]
    assert fnmatch.filter(FUNCTIONS, function), f"{entry.pattern}: no such engine function"


@pytest.mark.parametrize("reason", REASONS, ids=lambda r: f"{r.function} {r.line}".strip())
def test_every_unreached_reason_names_engine_code(reason: unreached.Reason) -> None:
    functions = fnmatch.filter(FUNCTIONS, reason.function)
    assert functions, f"{reason.function}: no such engine function"
    if reason.line:
        assert any(reason.line in FUNCTIONS[f] for f in functions), (
            f"{reason.function}: no line {reason.line!r}"
        )


def test_every_reason_says_why() -> None:
    whys = [e.why for e in EQUIVALENTS] + [r.why for r in REASONS]
    assert all(len(why.split()) >= 4 for why in whys)
