"""The mutation test starts every case from an engine with no memos
(``benchmarks/mutation/conformance_test.clear_engine_caches``): a memo left filled hides
the mutants of the code that fills it, since the cases then never run that code. Two
memos added to the engine and forgotten there (parsed tiles and plays) let about a hundred
mutants of the parsers survive; this test finds such a memo by emptying each of the
engine's module-level containers and caches in turn and seeing which the cases fill again.
"""

from __future__ import annotations

import functools
import importlib
import json
import pkgutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import fives_engine


def containers() -> dict[str, Any]:
    """Every module-level dict, set and list, and every functools cache, of the engine."""
    found: dict[str, Any] = {}
    for info in pkgutil.iter_modules(fives_engine.__path__, "fives_engine."):
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if name.startswith("__"):  # __builtins__, __all__: not the engine's data
                continue
            if isinstance(value, dict | set | list | functools._lru_cache_wrapper):
                found[f"{info.name}.{name}"] = value
    return found


def size(container: Any) -> int:
    if isinstance(container, functools._lru_cache_wrapper):
        return int(container.cache_info().currsize)
    return len(container)


def empty(container: Any) -> Any:
    """Empty ``container``; what it held, to put back."""
    if isinstance(container, functools._lru_cache_wrapper):
        container.cache_clear()
        return None
    held = container.copy()
    container.clear()
    return held


def refill(container: Any, held: Any) -> None:
    if held is None:
        return
    container.clear()
    if isinstance(container, list):
        container.extend(held)
    else:
        container.update(held)


PROBE = """
import json
from tests.test_mutation_memos import containers, empty, refill, size
from benchmarks.mutation.conformance_test import MUST_CASES, clear_engine_caches
from fives_tools.certify.adapters.reference import ReferenceAdapter
from fives_tools.certify.runner import run_case

def run_cases():
    engine = ReferenceAdapter()
    engine.start()
    try:
        for case in MUST_CASES[::7]:
            run_case(engine, case)
    finally:
        engine.stop()

memos = []
for name, container in containers().items():
    held = empty(container)
    try:
        run_cases()
    except Exception:  # a table the engine needs, not a memo: it is not filled again
        pass
    if size(container) > 0:
        memos.append(name)
    refill(container, held)
run_cases()
clear_engine_caches()
found = containers()
print(json.dumps({name: size(found[name]) for name in memos}))
"""


def test_every_memo_the_cases_fill_is_emptied_before_each_case() -> None:
    """Memos are what the engine fills again by itself once emptied; each must be empty
    after clear_engine_caches, since mutmut forks every mutant from a process in which the
    original code filled them."""
    root = Path(__file__).resolve().parents[1]
    out = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, cwd=root, check=True
    ).stdout
    after_clearing = json.loads(out.splitlines()[-1])
    assert "fives_engine.layout._STATES" in after_clearing, "the probe finds no memo"
    left = sorted(name for name, n in after_clearing.items() if n)
    assert left == [], f"memos not emptied by clear_engine_caches: {left}"
