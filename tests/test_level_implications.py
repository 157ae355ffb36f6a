"""Levels imply what they need (spec/protocol.md): a ``ready`` that declares a level
without what it implies is refused in one line, and no bent engine escapes a level its
bug shows at by no longer declaring it while declaring ``turn-flow`` or ``match-end``."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from bent_engines.catalog import ALL, Bent

from fives_tools.certify.adapters.interface import AdapterInfo, AdapterRefused
from fives_tools.certify.adapters.program import SubprocessAdapter
from fives_tools.certify.adapters.python import PythonAdapter
from fives_tools.certify.adapters.reference import ReferenceImplementation
from fives_tools.certify.cases import Case, levels, load_cases
from fives_tools.certify.findings.status import ERROR, FAIL
from fives_tools.certify.judge.verdict import decide
from fives_tools.certify.runner import run_cases
from fives_tools.cli import main

TURN_FLOW, MATCH_END = levels.TURN_FLOW, levels.MATCH_END


class Declaring:
    """An implementation's answers under another declaration of levels."""

    def __init__(self, impl: Any, declared: list[str]) -> None:
        self.impl, self.declared = impl, declared

    def start(self) -> dict[str, Any]:
        return {**self.impl.start(), "levels": self.declared}

    def run(self, request: dict[str, Any]) -> dict[str, Any]:
        reply: dict[str, Any] = self.impl.run(request)
        return reply

    def stop(self) -> None:
        self.impl.stop()


class MatchWithoutSettlement(ReferenceImplementation):
    def start(self) -> dict[str, Any]:
        return {**super().start(), "levels": ["play-score", "turn-flow", "match-end"]}


def test_the_implications_follow_from_the_requests() -> None:
    assert levels.implied(MATCH_END) == [levels.PLAY_SCORE, TURN_FLOW, levels.SETTLEMENT]
    assert levels.implied(TURN_FLOW) == [levels.PLAY_SCORE]
    assert levels.implied(levels.SETTLEMENT) == []  # it is told the last play's score
    assert levels.missing_implied([MATCH_END, TURN_FLOW]) == {
        MATCH_END: [levels.PLAY_SCORE, levels.SETTLEMENT],
        TURN_FLOW: [levels.PLAY_SCORE],
    }
    assert levels.missing_implied(list(levels.LEVELS)) == {}


def test_a_declaration_that_breaks_them_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(AdapterRefused, match="match-end without settlement"):
        PythonAdapter(MatchWithoutSettlement()).start()
    status = main(["certify", "--python", f"{__name__}:MatchWithoutSettlement"])
    err = capsys.readouterr().err
    assert status == 2 and err.count("\n") == 1
    assert "declares match-end without settlement" in err and "Levels imply" in err


def test_a_program_that_breaks_them_is_refused_and_ended(tmp_path: Path) -> None:
    program = tmp_path / "adapter.py"
    program.write_text(
        "import json, sys\n"
        "sys.stdin.readline()\n"
        'print(json.dumps({"type": "ready", "protocol": "1.0", "games": ["five-up"],'
        ' "levels": ["turn-flow"], "implementation": {"name": "x", "language": "py",'
        ' "version": "1"}}), flush=True)\n'
        "sys.stdin.readline()\n",
        encoding="utf-8",
    )
    adapter = SubprocessAdapter([sys.executable, str(program)])
    with pytest.raises(AdapterRefused, match="turn-flow without play-score"):
        adapter.start()
    assert adapter.proc is None  # refused, and the program ended


class Unchecked(PythonAdapter):
    """A Python adapter that skips the check of the implications: what was accepted
    before them."""

    def start(self) -> AdapterInfo:
        return AdapterInfo.from_ready({"type": "ready", **self.impl.start()})


def _caught_at(run_results: list[Any]) -> set[str]:
    return {
        r.case.capability
        for r in run_results
        if r.status in (FAIL, ERROR) and r.case.level == "must"
    }


_CAUGHT: dict[type[Bent], set[str]] = {}


def caught_at(bent_type: type[Bent], cases: list[Case]) -> set[str]:
    """The levels whose must cases catch the engine when it declares every level."""
    if bent_type not in _CAUGHT:
        _CAUGHT[bent_type] = _caught_at(run_cases(PythonAdapter(bent_type()), cases).results)
    return _CAUGHT[bent_type]


@pytest.fixture(scope="module")
def cases() -> list[Case]:
    return load_cases()


@pytest.mark.parametrize("bent_type", ALL, ids=lambda b: b.__name__)
def test_no_bent_engine_escapes_by_declaring_less(bent_type: type[Bent], cases: list[Case]) -> None:
    """Declaring everything, the engine is caught at some levels. Declaring turn-flow or
    match-end without one of those it implies is refused; declaring them with what they
    imply, it is not certified whenever it is caught at one of those levels."""
    caught = caught_at(bent_type, cases)
    for declared in (TURN_FLOW, MATCH_END):
        closed = [declared, *levels.implied(declared)]
        for level in caught & set(levels.implied(declared)):
            without = [lv for lv in closed if lv != level]
            with pytest.raises(AdapterRefused):
                PythonAdapter(Declaring(bent_type(), without)).start()
        run = run_cases(PythonAdapter(Declaring(bent_type(), closed)), cases)
        assert _caught_at(run.results) == caught & set(closed)
        if caught & set(closed):
            assert not decide(run).certified, f"{bent_type.__name__} declaring {closed}"


def test_the_engines_caught_at_settlement_alone_exist(cases: list[Case]) -> None:
    """The test above is not vacuous: some engines are caught only at settlement, and
    before the implications they were CERTIFIED declaring match-end without it."""
    only_settlement = [b for b in ALL if caught_at(b, cases) == {levels.SETTLEMENT}]
    assert len(only_settlement) >= 3
    for bent_type in only_settlement:
        declared = [levels.PLAY_SCORE, TURN_FLOW, MATCH_END]
        before = run_cases(Unchecked(Declaring(bent_type(), declared)), cases)
        assert decide(before).certified, bent_type.__name__
        with pytest.raises(AdapterRefused):
            PythonAdapter(Declaring(bent_type(), declared)).start()
