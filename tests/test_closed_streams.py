"""`fives` started without its standard streams, or with a full stderr, or signalled while
it starts (issue #39): one clear line where one can still be written, the documented exit
status, never a traceback; stderr is only where messages go, so losing it never costs the
certificate or a report."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from observed import minimal_example

FULL = Path("/dev/full")


def _fives(*argv: str, shell: str = "", **run: Any) -> subprocess.CompletedProcess[str]:
    """``fives ARGV`` with the redirections ``shell`` gives (``<&-``, ``>&-``, ``2>&-``)."""
    words = " ".join(f'"${n}"' for n in range(1, len(argv) + 4))
    script = f"exec {words} {shell}"
    command = ["sh", "-c", script, "sh", sys.executable, "-m", "fives_tools.cli", *argv]
    # buffered as a user's shell leaves it: with PYTHONUNBUFFERED set (some CI runners set
    # it) a full stderr failed only at once, never again at exit (exit 120)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    return subprocess.run(command, capture_output=True, text=True, timeout=60, env=env, **run)


@pytest.fixture
def diverging(tmp_path: Path) -> Path:
    """A log whose one record scores a play wrong: a divergence --as-found tells on stderr."""
    record = minimal_example()
    record["hands"][0]["actions"][8]["score"] = 7
    path = tmp_path / "games.jsonl"
    path.write_text(json.dumps(record) + "\n", "utf-8")
    return path


def test_a_closed_stdin_is_a_log_that_cannot_be_read() -> None:
    done = _fives("audit", "-", shell="<&-")
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert done.stderr == "fives audit: -: cannot read: standard input is closed\n"
    assert "1 record could not be read" in done.stdout


@pytest.mark.parametrize("argv", [["audit", "{log}"], ["cases"], ["--version"]], ids=" ".join)
def test_a_closed_stdout_is_one_line_and_exit_2(
    argv: list[str], diverging: Path, tmp_path: Path
) -> None:
    report = tmp_path / "report.json"
    words = [w.format(log=diverging) for w in argv]
    if argv[0] == "audit":
        words += ["--json", str(report)]
    done = _fives(*words, shell=">&-")
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert done.stderr.endswith(": cannot write the output: standard output is closed\n")
    assert done.stderr.count("\n") == 1, done.stderr
    if argv[0] == "audit":  # the reports written before the console's are whole
        assert json.loads(report.read_text("utf-8"))["divergences"]


@pytest.mark.parametrize("stderr", ["closed", "full"])
def test_an_audit_without_a_stderr_still_gives_its_certificate_and_reports(
    stderr: str, diverging: Path, tmp_path: Path
) -> None:
    if stderr == "full" and not FULL.exists():
        pytest.skip("no /dev/full on this system")
    report = tmp_path / "report.json"
    shell = "2>&-" if stderr == "closed" else f"2>{FULL}"
    done = _fives("audit", "--as-found", str(diverging), "--json", str(report), shell=shell)
    assert done.returncode == 1, done.stdout
    assert "observation of 1 game" in done.stdout and "FAIL" in done.stdout
    assert json.loads(report.read_text("utf-8"))["divergences"]


#: A start of ``fives`` that sends itself SIGINT when it first imports ``{target}``.
SIGNALLED = """
import importlib.abc, os, signal, sys

class Signal(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name == {target!r}:
            sys.meta_path.remove(self)
            os.kill(os.getpid(), signal.SIGINT)
        return None

sys.meta_path.insert(0, Signal())
sys.argv = ["fives", "cases"]
from fives_tools.command import main
sys.exit(main())
"""

#: The same, signalled just before the command's handlers are in place.
LATE = """
import os, signal, sys
import fives_tools.text as text

def console_safe():
    os.kill(os.getpid(), signal.SIGINT)

text.console_safe = console_safe
sys.argv = ["fives", "cases"]
from fives_tools.command import main
sys.exit(main())
"""


@pytest.mark.parametrize(
    ("script", "said"),
    [
        (SIGNALLED.format(target="psutil"), "while starting; nothing was run"),
        (SIGNALLED.format(target="fives_tools.cli.audit"), "while starting; nothing was run"),
        (LATE, "interrupted by SIGINT"),
    ],
    ids=["importing the process layer", "importing the commands", "before the handlers"],
)
def test_a_signal_while_fives_starts_is_one_line_and_exit_2(script: str, said: str) -> None:
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert done.stderr.strip().startswith("fives: interrupted by SIGINT"), done.stderr
    assert said in done.stderr and done.stderr.strip().count("\n") == 0, done.stderr
