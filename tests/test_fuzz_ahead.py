"""The fuzzer makes the next request while a program answers the current one: the program
is sent the very same requests in the same order, and every verdict is the same, as when
each request waits for the one before; the wait for a reply keeps its time limit, and the
runner's own line reader its limit on a reply's size."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from bent_engines.catalog import RoundsTwoUp

from fives_tools.certify.adapters.interface import AdapterError
from fives_tools.certify.adapters.program import SubprocessAdapter
from fives_tools.certify.adapters.python import PythonAdapter
from fives_tools.certify.adapters.stdio_server import REFERENCE_COMMAND
from fives_tools.certify.fuzz.campaign import Outcome, Plan, Slice, run_campaign

TESTS = Path(__file__).resolve().parent
SCORE = {"type": "score", "game": "five-up", "total": 15}


class _RecordingProgram(SubprocessAdapter):
    """A program whose requests are kept, in the order they are sent."""

    def __init__(self, command: list[str]) -> None:
        super().__init__(command)
        self.sent: list[dict[str, Any]] = []

    def run(self, request: dict[str, Any], case_id: str = "", meanwhile: Any = None) -> Any:
        self.sent.append(dict(request))
        return super().run(request, case_id, meanwhile)


class _RecordingInProcess(PythonAdapter):
    def __init__(self) -> None:
        super().__init__(RoundsTwoUp(), "RoundsTwoUp")
        self.sent: list[dict[str, Any]] = []

    def run(self, request: dict[str, Any], case_id: str = "") -> dict[str, Any]:
        self.sent.append(dict(request))
        return super().run(request, case_id)


def _found(outcome: Outcome) -> dict[Any, Any]:
    return {
        key: (c.count, c.first.index, c.first.request, c.shrunk and c.shrunk.request)
        for key, c in outcome.classes.items()
    }


def test_a_program_is_sent_what_an_adapter_in_process_is_sent(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Through the protocol (requests made ahead) and in process (one at a time), the same
    bent engine gets the same requests, shrinking's included, and the same verdicts."""
    monkeypatch.setenv("PYTHONPATH", str(TESTS))
    plan = Plan(seed=4)
    program = _RecordingProgram(
        [*REFERENCE_COMMAND, "--python", "bent_engines.catalog:RoundsTwoUp"]
    )
    ahead = run_campaign(program, plan, Slice(0, 1, 150))
    in_process = _RecordingInProcess()
    one_by_one = run_campaign(in_process, plan, Slice(0, 1, 150))
    assert ahead.disagreements > 0, "the bent engine is caught"
    assert program.sent == in_process.sent
    assert (ahead.requests, ahead.invalid) == (one_by_one.requests, one_by_one.invalid)
    assert _found(ahead) == _found(one_by_one)


def test_work_done_meanwhile_neither_loses_a_reply_nor_stretches_the_time_limit() -> None:
    program = SubprocessAdapter(REFERENCE_COMMAND, timeout=0.5)
    program.start()
    try:
        # a reply that came while the caller worked past the time limit is still taken
        reply = program.run(SCORE, "slow caller", lambda: time.sleep(0.8))
        assert reply["score"]["raw"] == 15

        def fails() -> None:
            raise RuntimeError("the caller's own work failed")

        with pytest.raises(RuntimeError, match="own work failed"):
            program.run(SCORE, "failing caller", fails)
        # its reply was read all the same: the next reply is the next request's
        assert program.run({**SCORE, "total": 10}, "after")["score"]["raw"] == 10
    finally:
        program.stop()


def test_a_program_that_never_answers_is_given_up_on_in_its_time_limit(tmp_path: Path) -> None:
    """The limit counts from the request's writing, work done meanwhile included."""
    misbehaving = TESTS / "misbehaving" / "adapter.py"
    program = SubprocessAdapter(
        [sys.executable, str(misbehaving), "hang", str(tmp_path / "state")], timeout=1.0
    )
    program.start()
    try:
        program.run(SCORE, "answered")  # it hangs on its second request
        start = time.monotonic()
        with pytest.raises(AdapterError, match="no answer within 1 s"):
            program.run(SCORE, "hang", lambda: time.sleep(0.6))
        assert time.monotonic() - start < 1.5
    finally:
        program.stop()


def _read_all(data: bytes, limit: int) -> list[object]:
    """What the runner's line reader makes of ``data`` (less than a pipe holds), written
    at once, then closed."""
    from fives_tools.certify.adapters.program import _EOF, _Lines, _TooLong

    read, write = os.pipe()
    os.write(write, data)
    os.close(write)
    lines = _Lines(read, limit)
    out: list[object] = []
    try:
        while True:
            item = lines.next()
            if item is None:
                assert lines.wait(1.0), "the end of the output never came"
                continue
            if item is _EOF:
                return out
            out.append(("too long", item.size) if isinstance(item, _TooLong) else item)
    finally:
        os.close(read)


def test_the_line_reader_keeps_the_reply_size_limit_to_the_byte() -> None:
    """A line of ``limit`` bytes (its newline aside) is read; one byte more is too long,
    skipped to its end with its size counted (newline included); a last line without a
    newline is read as it is, or counted when too long."""
    ok, over = b"a" * 8 + b"\n", b"b" * 9 + b"\n"
    assert _read_all(ok + over + b"{}\n", 8) == [ok, ("too long", 10), b"{}\n"]
    assert _read_all(ok + b"c" * 5, 8) == [ok, b"c" * 5]
    assert _read_all(b"d" * 60_000 + b"\n" + ok, 8) == [("too long", 60_001), ok]
    assert _read_all(b"e" * 9, 8) == [("too long", 9)]
