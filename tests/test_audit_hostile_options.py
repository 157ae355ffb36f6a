"""`fives audit` options as a hostile user combines them (issue #39): an option the command
would ignore is refused, a report `--follow` cannot write is said at its start, a stopped
`--follow` leaves no earlier run's verdict beside its interrupted report, and a setup field
given as `null` is read as absent, as spec/records.md says."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest
from observed import observed_match

from fives_tools.certify.observe import Observation, audit_records
from fives_tools.certify.observe.load import check_record
from fives_tools.cli import main

ADAPTER = f"{sys.executable} -m fives_tools.certify.adapters.stdio_server"


def _log(tmp_path: Path) -> Path:
    path = tmp_path / "games.jsonl"
    path.write_text(json.dumps(observed_match("five-up", 2, None, 1, hands=2)) + "\n", "utf-8")
    return path


@pytest.mark.parametrize(
    ("given", "said"),
    [
        (["--follow", "--adapter", ADAPTER], "--follow and --dask read record files"),
        (["--dask", "local:1", "--adapter", ADAPTER], "--follow and --dask read record files"),
        (["--follow", "--merge", "{report}"], "--merge adds up reports already audited"),
        (["--dask", "local:1", "--merge", "{report}"], "--merge adds up reports already audited"),
    ],
    ids=["follow adapter", "dask adapter", "follow merge", "dask merge"],
)
def test_an_option_the_audit_would_ignore_is_refused(
    given: list[str], said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "report.json"
    assert main(["audit", str(_log(tmp_path)), "--json", str(report)]) == 0
    capsys.readouterr()
    argv = ["audit", *[word.format(report=report) for word in given]]
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1 and said in captured.err


def _follow(log: Path, *outputs: str) -> subprocess.Popen[str]:
    command = [sys.executable, "-m", "fives_tools.cli", "audit", "--follow", str(log), *outputs]
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _reading(proc: subprocess.Popen[str], log: Path) -> bool:
    """Whether ``proc`` holds ``log`` open: it is following it, its handlers in place."""
    try:
        return any(f.path == str(log) for f in psutil.Process(proc.pid).open_files())
    except psutil.Error:
        return False


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="needs /proc, where no file is made")
def test_follow_says_at_once_that_its_report_cannot_be_written(tmp_path: Path) -> None:
    """Told only once the follow was stopped, hours of judging ended with no report."""
    proc = _follow(_log(tmp_path), "--json", "/proc/self/report.json")
    try:
        out, err = proc.communicate(timeout=8)  # it ends by itself, at once
    finally:
        proc.kill()
        proc.wait()
    assert proc.returncode == 2, (out, err)
    assert err.startswith("fives audit: cannot write /proc/self/report.json: "), err
    assert err.count("\n") == 1 and out == ""


def test_a_stopped_follow_leaves_no_earlier_verdict_beside_its_report(tmp_path: Path) -> None:
    log = _log(tmp_path)
    json_path, md, html, prefixes = (tmp_path / n for n in ("r.json", "r.md", "r.html", "p"))
    outputs = ["--json", str(json_path), "--markdown", str(md), "--html", str(html)]
    outputs += ["--prefixes", str(prefixes)]
    for path in (md, html):
        path.write_text("an earlier run's verdict: CERTIFIED\n", "utf-8")
    prefixes.mkdir()
    (prefixes / "divergence-1.json").write_text("{}", "utf-8")
    proc = _follow(log, *outputs)
    try:
        deadline = time.monotonic() + 8
        while not _reading(proc, log) and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=8)
    finally:
        proc.kill()
        proc.wait()
    assert proc.returncode == 2, (out, err)
    assert "interrupted" in json.loads(json_path.read_text("utf-8")), err
    assert not md.exists() and not html.exists()
    assert list(prefixes.iterdir()) == []


FIELDS = ["partnerships", "deal_option", "target", "hand_size", "hand_scores", "scores", "seed"]


@pytest.mark.parametrize("field", FIELDS)
def test_a_setup_field_given_as_null_is_read_as_absent(field: str) -> None:
    """spec/records.md, "setup.deal_option": ``null`` counts as absent here and in every
    ``setup`` field."""
    record = observed_match("five-up", 2, None, 1, hands=2)
    record["setup"].pop(field, None)
    nulled = {**record, "setup": {**record["setup"], field: None}}
    audits = []
    for form in (record, nulled):
        obs = Observation()
        audit_records([check_record(form)], obs)
        audits.append((obs.verdict(), sorted(obs.games["five-up"].exercised.items())))
    assert audits[0] == audits[1]
    assert "0 divergences" in audits[1][0]
