"""Real misbehaving adapter programs: each misbehaviour costs only the case at hand, is
diagnosed in words, never hangs the run, and no child process outlives it."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

from fives_tools.adapter import AdapterRefused
from fives_tools.cases import Case, load_cases
from fives_tools.runner import ERROR, PASS, run_cases, select
from fives_tools.subprocess_adapter import SubprocessAdapter

PROGRAM = Path(__file__).parent / "misbehaving" / "adapter.py"


@pytest.fixture(scope="module")
def cases() -> list[Case]:
    return select(load_cases(), games=["five-up"], patterns=["five-up/layout/diagram-*"])[:5]


def adapter(mode: str, tmp_path: Path, **kw: float) -> SubprocessAdapter:
    return SubprocessAdapter([sys.executable, str(PROGRAM), mode, str(tmp_path / "state")], **kw)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("mode", "diagnosis"),
    [
        ("crash", "the adapter exited (code 7)"),
        ("hang", "no answer within 1 s"),
        ("invalid-json", "invalid JSON on stdout"),
        ("stray-stdout", "stray output on stdout"),
        ("wrong-seq", "wrong sequence number: expected 2, got 3"),
        ("schema", "reply breaks the schema: total: 'five' is not of type 'integer'"),
        ("huge", "exceeds the limit of 1048576 bytes"),
    ],
)
def test_one_misbehaviour_costs_one_case_and_the_run_goes_on(
    mode: str, diagnosis: str, cases: list[Case], tmp_path: Path
) -> None:
    run = run_cases(adapter(mode, tmp_path, timeout=1.0), cases)
    statuses = [r.status for r in run.results]
    assert statuses == [PASS, ERROR, PASS, PASS, PASS], [(r.status, r.message) for r in run.results]
    assert diagnosis in run.results[1].message


def test_a_crash_shows_the_tail_of_stderr(cases: list[Case], tmp_path: Path) -> None:
    run = run_cases(adapter("crash", tmp_path), cases)
    assert "simulated crash" in run.results[1].message


def test_an_unknown_protocol_version_is_refused_with_a_clear_message(tmp_path: Path) -> None:
    with pytest.raises(AdapterRefused, match=r"speaks protocol 2.0, this runner speaks 1.0"):
        adapter("bad-version", tmp_path).start()


def test_an_adapter_that_never_gets_ready_is_refused(tmp_path: Path) -> None:
    with pytest.raises(Exception, match="exited"):
        adapter("no-ready", tmp_path, start_timeout=5).start()


def test_a_command_that_does_not_exist_is_refused() -> None:
    with pytest.raises(AdapterRefused, match="cannot start"):
        SubprocessAdapter(["/nonexistent/fives-adapter"]).start()


def _running(pid: int) -> bool:
    status = Path(f"/proc/{pid}/status")
    if not status.exists():
        return False
    state = next(line for line in status.read_text().splitlines() if line.startswith("State:"))
    return "Z" not in state.split()[1]


def test_no_child_process_outlives_the_run(cases: list[Case], tmp_path: Path) -> None:
    run = run_cases(adapter("grandchild", tmp_path), cases)
    assert all(r.status == PASS for r in run.results)
    pid = int((tmp_path / "state.pid").read_text())
    deadline = time.monotonic() + 5  # SIGKILL is delivered asynchronously
    while _running(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _running(pid)
