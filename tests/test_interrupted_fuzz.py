"""`fives fuzz --jobs N` stopped from outside: SIGTERM, SIGKILL, Ctrl-C or `timeout` to
the main process leave no worker and no adapter running (nor what an adapter started), and
Ctrl-C does not wait for the workers to finish their budget.

The adapter is a real misbehaving program: it leaves a grandchild in a session of its
own, and one of them hangs on its second request (the per-request timeout is 600 s)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest

from fives_tools.processes import set_parent_death_signal

PROGRAM = Path(__file__).parent / "misbehaving" / "adapter.py"
#: generous: the workers are spawned Python processes on a busy machine
UP_S, GONE_S = 120, 30


def _fuzz(tmp_path: Path, *before: str) -> subprocess.Popen[str]:
    command = f"{sys.executable} {PROGRAM} hang {tmp_path / 'state'}"
    fuzz = [sys.executable, "-m", "fives_tools.cli", "fuzz", "--jobs", "2", "--no-shrink"]
    fuzz += ["--budget", "1000000", "--timeout", "600", "--adapter", command]
    return subprocess.Popen(
        [*before, *fuzz],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # a process group of its own, as a shell job has
        preexec_fn=set_parent_death_signal,  # and ends with the test run, killed or not
    )


@pytest.fixture
def seen(tmp_path: Path) -> Iterator[list[psutil.Process]]:
    """The processes a test saw; whatever of them a failing test leaves is killed after it."""
    processes: list[psutil.Process] = []
    yield processes
    pids = tmp_path / "state.pid"
    grandchildren = (
        [_process(int(pid)) for pid in pids.read_text().split()] if pids.exists() else []
    )
    for process in processes + grandchildren:
        if _running(process):
            process.kill()


def _adapters(processes: list[psutil.Process]) -> list[psutil.Process]:
    found = []
    for process in processes:
        try:
            if str(PROGRAM) in process.cmdline():
                found.append(process)
        except psutil.Error:
            continue
    return found


def _everything_once_up(main: subprocess.Popen[str], tmp_path: Path) -> list[psutil.Process]:
    """The main process's descendants once both adapters run and one of them hangs."""
    deadline = time.monotonic() + UP_S
    root = psutil.Process(main.pid)
    while time.monotonic() < deadline and main.poll() is None:
        below = root.children(recursive=True)
        if len(_adapters(below)) >= 2 and (tmp_path / "state.hanging").exists():
            time.sleep(0.5)  # the grandchildren's pids are written after they start
            return [root, *root.children(recursive=True)]
        time.sleep(0.1)
    pytest.fail(f"the fuzz run did not get going: {main.communicate(timeout=GONE_S)}")


def _left_running(processes: list[psutil.Process], tmp_path: Path) -> list[str]:
    grandchildren = (tmp_path / "state.pid").read_text().split()
    every = processes + [_process(int(pid)) for pid in grandchildren]
    processes[:] = every
    deadline = time.monotonic() + GONE_S
    while time.monotonic() < deadline:
        alive = [p for p in every if _running(p)]
        if not alive:
            return []
        time.sleep(0.1)
    return [f"{p.pid}: {' '.join(p.cmdline())}" for p in every if _running(p)]


def _process(pid: int) -> psutil.Process:
    try:
        return psutil.Process(pid)
    except psutil.NoSuchProcess:
        return psutil.Process()  # this one: never counted as left running


def _running(process: psutil.Process) -> bool:
    if process.pid == os.getpid():
        return False
    try:
        return process.is_running() and process.status() != psutil.STATUS_ZOMBIE
    except psutil.Error:
        return False


@pytest.mark.parametrize(
    ("signum", "group"),
    [
        (signal.SIGTERM, False),
        (signal.SIGHUP, False),
        (signal.SIGINT, True),  # Ctrl-C: the terminal signals the whole process group
        (signal.SIGINT, False),
    ],
)
def test_a_signal_to_the_main_process_ends_every_worker_and_adapter(
    signum: int, group: bool, tmp_path: Path, seen: list[psutil.Process]
) -> None:
    main = _fuzz(tmp_path)
    seen.extend(_everything_once_up(main, tmp_path))
    if group:
        os.killpg(main.pid, signum)
    else:
        main.send_signal(signum)
    _, err = main.communicate(timeout=GONE_S)  # not the 600 s the hanging worker waits
    assert main.returncode == 2, err
    assert f"interrupted by {signal.Signals(signum).name}" in err
    assert "Traceback" not in err
    assert _left_running(seen, tmp_path) == []


def test_sigkill_to_the_main_process_leaves_no_worker_and_no_adapter(
    tmp_path: Path, seen: list[psutil.Process]
) -> None:
    """The main process cannot do anything: the workers notice that it died."""
    main = _fuzz(tmp_path)
    seen.extend(_everything_once_up(main, tmp_path))
    main.kill()
    main.communicate(timeout=GONE_S)
    assert _left_running(seen, tmp_path) == []


def test_timeout_leaves_no_worker_and_no_adapter(
    tmp_path: Path, seen: list[psutil.Process]
) -> None:
    """``timeout`` sends SIGTERM to the command (and, not in the foreground, its group).
    Its time runs out when everything is up: GNU timeout takes a SIGALRM as its own alarm
    (the path of a real expiry, exit 124), so the test neither waits out a fixed time nor
    races a slow start on a busy machine."""
    main = _fuzz(tmp_path, "timeout", "600")
    seen.extend(_everything_once_up(main, tmp_path))
    main.send_signal(signal.SIGALRM)  # main is timeout itself
    _, err = main.communicate(timeout=GONE_S)
    assert main.returncode == 124, err  # timeout's own status: it had to end the command
    assert "interrupted by SIGTERM" in err and "Traceback" not in err
    assert _left_running(seen, tmp_path) == []


def test_a_worker_ended_on_its_own_ends_the_run_as_interrupted(
    tmp_path: Path, seen: list[psutil.Process]
) -> None:
    """SIGTERM to one worker (not to the main process): the others and every adapter are
    ended, and the run says it was interrupted instead of a BrokenProcessPool traceback."""
    main = _fuzz(tmp_path)
    seen.extend(_everything_once_up(main, tmp_path))
    workers = [p for p in psutil.Process(main.pid).children() if "spawn_main" in str(p.cmdline())]
    workers[0].terminate()
    _, err = main.communicate(timeout=GONE_S)
    assert main.returncode == 2, err
    assert "interrupted by the end of a worker process" in err and "Traceback" not in err
    assert _left_running(seen, tmp_path) == []
