"""Every command that starts programs, stopped by a signal, keeps what it had found: it
ends as interrupted (exit 2) with every program it started ended, and writes its partial
``--json`` report marked ``interrupted`` (never a verdict), no other report file and no
temporary file. One rule for all (fives_tools/partial.py).

The adapter is a real misbehaving program: it answers its first request and hangs on its
second (the per-request timeout is 600 s), leaving a grandchild in a session of its own."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import psutil
import pytest

from fives_tools.processes import set_parent_death_signal

PROGRAM = Path(__file__).parent / "misbehaving" / "adapter.py"
#: generous: ``--jobs`` workers are spawned Python processes on a busy machine
UP_S, GONE_S = 120, 30
SIGNALS = [signal.SIGINT, signal.SIGTERM]


def _interrupt(tmp_path: Path, signum: int, *command: str) -> tuple[dict[str, Any], str, str]:
    """Run ``fives COMMAND --adapter HANG --json report.json``, signal it once the adapter
    hangs, and check the way out every command shares; the partial report and the output."""
    hang = f"{sys.executable} {PROGRAM} hang {tmp_path / 'state'}"
    report, markdown = tmp_path / "report.json", tmp_path / "report.md"
    outputs = ["--json", str(report), "--markdown", str(markdown)]
    runner = subprocess.Popen(
        [sys.executable, "-m", "fives_tools.cli", *command, "--adapter", hang, *outputs],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=set_parent_death_signal,  # ends with the test run, killed or not
    )
    try:
        deadline = time.monotonic() + UP_S
        hanging = tmp_path / "state.hanging"
        while not hanging.exists() and time.monotonic() < deadline and runner.poll() is None:
            time.sleep(0.05)
        time.sleep(0.3)  # the grandchild's pid is written, the other workers are busy
        seen = psutil.Process(runner.pid).children(recursive=True)
        runner.send_signal(signum)
        out, err = runner.communicate(timeout=GONE_S)
    finally:
        if runner.poll() is None:
            runner.kill()
    name = signal.Signals(signum).name
    assert runner.returncode == 2, out + err
    assert f"interrupted by {name}" in err and "Traceback" not in err, err
    grandchildren = [int(pid) for pid in (tmp_path / "state.pid").read_text().split()]
    assert [p.pid for p in seen if _alive(p.pid)] == [] and not any(map(_alive, grandchildren))
    assert not markdown.exists()  # no verdict was reached to write up
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")) == []
    partial = json.loads(report.read_text(encoding="utf-8"))
    assert partial["interrupted"]["signal"] == name
    return partial, out, name


def _alive(pid: int) -> bool:
    deadline = time.monotonic() + 5  # SIGKILL is delivered asynchronously
    while time.monotonic() < deadline:
        try:
            if psutil.Process(pid).status() == psutil.STATUS_ZOMBIE:
                return False
        except psutil.NoSuchProcess:
            return False
        time.sleep(0.05)
    return True


@pytest.mark.parametrize("signum", SIGNALS, ids=lambda s: signal.Signals(s).name)
def test_an_interrupted_compare_writes_what_ran(signum: int, tmp_path: Path) -> None:
    """The reference engine's run is whole, the hanging implementation's partial."""
    partial, out, name = _interrupt(
        tmp_path, signum, "compare", "--timeout", "600", "--case", "five-up/layout/diagram-1-*"
    )
    assert partial["interrupted"] == {
        "signal": name,
        "implementations_run": 1,
        "implementations_selected": 2,
    }
    whole, cut = (entry["report"] for entry in partial["implementations"])
    assert "interrupted" not in whole and whole["counts"]["pass"] == 20
    assert cut["verdict"]["kind"] == "interrupted" and cut["counts"]["error"] == 0
    assert cut["interrupted"] == {"signal": name, "cases_run": 1, "cases_selected": 20}
    assert f"INTERRUPTED: by {name} after 1 of 20 cases" in out


@pytest.mark.parametrize("signum", SIGNALS, ids=lambda s: signal.Signals(s).name)
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_an_interrupted_fuzz_writes_what_it_found(signum: int, jobs: str, tmp_path: Path) -> None:
    """Each worker's requests are counted (the one that hangs answered one); the verdict
    is never the clean one."""
    partial, out, name = _interrupt(
        tmp_path, signum, "fuzz", "--jobs", jobs, "--no-shrink", "--budget", "100000",
        "--timeout", "600",
    )  # fmt: skip
    assert partial["interrupted"]["requests_run"] == partial["requests"] >= 1
    assert partial["interrupted"]["requests_selected"] == 100000
    assert partial["verdict"].startswith(f"INTERRUPTED: by {name} after")
    assert partial["verdict"] in out and "random agreement" not in out


@pytest.mark.parametrize("signum", SIGNALS, ids=lambda s: signal.Signals(s).name)
def test_an_interrupted_audit_writes_the_games_audited(signum: int, tmp_path: Path) -> None:
    partial, out, name = _interrupt(
        tmp_path, signum, "audit", "--timeout", "600", "--unit", "hand", "--games", "5",
        "--game", "five-up", "--players", "2", "--no-steered",
    )  # fmt: skip
    assert partial["interrupted"] == {"signal": name, "games_run": 1, "games_selected": 5}
    assert partial["ok"] is False and partial["verdict"].startswith(f"INTERRUPTED: by {name}")
    assert partial["verdict"] in out
