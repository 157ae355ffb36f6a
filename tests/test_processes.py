"""The process layer's run-to-the-end (``processes.output``), used for the headless browser:
a timeout ends the program's whole tree, not only the program (``subprocess.run`` did)."""

from __future__ import annotations

import contextlib
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest
from test_misbehaving_adapters import _gone

from fives_tools import processes

#: A program that leaves a grandchild in a session of its own, then hangs.
LEAVES_A_GRANDCHILD = """
import subprocess, sys, time
child = subprocess.Popen(
    [sys.executable, "-c", "import time; time.sleep(600)"], start_new_session=True
)
open(sys.argv[1], "w").write(str(child.pid))
time.sleep(600)
"""


def test_a_timeout_ends_the_program_and_what_it_started(tmp_path: Path) -> None:
    pid = tmp_path / "grandchild"
    argv = [sys.executable, "-c", LEAVES_A_GRANDCHILD, str(pid)]
    try:
        with pytest.raises(subprocess.TimeoutExpired):
            processes.output(argv, timeout=5)
        assert pid.exists(), "the program did not start its grandchild within 5 s"
        assert _gone(int(pid.read_text()))
    finally:
        if pid.exists() and psutil.pid_exists(int(pid.read_text())):
            psutil.Process(int(pid.read_text())).kill()


def test_the_output_or_the_failure_with_its_stderr() -> None:
    assert processes.output([sys.executable, "-c", "print('é')"], timeout=60) == "é\n"
    with pytest.raises(subprocess.CalledProcessError) as failed:
        processes.output([sys.executable, "-c", "import sys; sys.exit('no')"], timeout=60)
    assert failed.value.returncode == 1 and b"no" in failed.value.stderr


#: A test's process: it starts a command in a session of its own (as the tests that signal
#: a command as a shell job do), with or without the parent-death signal, then waits.
STARTS_A_COMMAND = """
import subprocess, sys, time
from fives_tools.processes import set_parent_death_signal
extra = {"preexec_fn": set_parent_death_signal} if sys.argv[2] == "tied" else {}
child = subprocess.Popen(
    [sys.executable, "-c", "import time; time.sleep(600)"], start_new_session=True, **extra
)
open(sys.argv[1], "w").write(str(child.pid))
time.sleep(600)
"""


@pytest.mark.parametrize("tied", [True, False], ids=["tied", "untied"])
def test_a_command_a_test_starts_ends_when_the_test_run_is_killed(
    tmp_path: Path, tied: bool
) -> None:
    """A test run stopped by ``timeout`` left the commands its tests had started in a
    session of their own running (6 processes). Tied by the parent-death signal, such a
    command ends with the test's process, even one killed outright; untied, it stays
    (the instrument: the check sees what it claims to)."""
    pid_file = tmp_path / "child.pid"
    test = subprocess.Popen(
        [sys.executable, "-c", STARTS_A_COMMAND, str(pid_file), "tied" if tied else "untied"]
    )
    deadline = time.monotonic() + 60
    while not (pid_file.exists() and pid_file.read_text()) and time.monotonic() < deadline:
        time.sleep(0.05)
    child = psutil.Process(int(pid_file.read_text()))
    try:
        test.kill()
        test.wait()
        gone, _ = psutil.wait_procs([child], timeout=10 if tied else 1)
        assert bool(gone) == tied, "the command outlived the test" if tied else "it ended"
    finally:
        with contextlib.suppress(psutil.Error):
            child.kill()
