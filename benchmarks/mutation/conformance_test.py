"""The test of every mutant: each ``must`` conformance case, in process, one pytest test per
case, so that mutmut runs only the cases that reach the mutated function.

This module is copied into the staging folder by ``stage.py`` and imports only installed
packages. It is not part of the suite's own tests (``tests/``), whose other checks
(properties, bindings) would kill mutants that no conformance case can see.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from fives_engine import layout, record, rules, terms
from fives_tools.certify.adapters.interface import Adapter
from fives_tools.certify.adapters.reference import ReferenceAdapter
from fives_tools.certify.cases import Case, load_cases
from fives_tools.certify.runner import PASS, run_case

MUST_CASES = [case for case in load_cases() if case.level == "must"]


def clear_engine_caches() -> None:
    """Forget loaded games, tile states and play texts worked out by earlier code."""
    rules.find_game.cache_clear()
    rules._game_names.cache_clear()
    record.record_schema.cache_clear()
    layout._STATES.clear()
    terms._PLAY_TEXT.clear()


@pytest.fixture(scope="session")
def adapter() -> Iterator[Adapter]:
    # mutmut forks every mutant from a process that already ran the cases: memoised games
    # and layout states of the original code would hide mutants of the code that fills them.
    clear_engine_caches()
    engine = ReferenceAdapter()
    engine.start()
    yield engine
    engine.stop()


@pytest.mark.parametrize("case", MUST_CASES, ids=[case.id for case in MUST_CASES])
def test_must_case(adapter: Adapter, case: Case) -> None:
    result = run_case(adapter, case)
    assert result.status == PASS, result.message or [str(m) for m in result.mismatches]
