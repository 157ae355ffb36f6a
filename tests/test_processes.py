"""The process layer's run-to-the-end (``processes.output``), used for the headless browser:
a timeout ends the program's whole tree, not only the program (``subprocess.run`` did)."""

from __future__ import annotations

import subprocess
import sys
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
