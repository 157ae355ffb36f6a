"""The `fives` command as a newcomer runs it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from fives_tools.cli import main


def test_certify_with_no_arguments_certifies_the_reference_engine(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["certify"]) == 0
    out = capsys.readouterr().out
    for title in ("Five Up (five-up)", "Exact 61 Five Up (exact-61)", "All Fives (all-fives)"):
        assert title in out
    assert "layout.spinner.first-double" in out and "CERTIFIED" in out and " 0 failed" in out


def test_certify_filters_by_game_rule_and_case(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["certify", "--game", "all-fives", "--rule", "layout.spinner.first-double"]) == 0
    out = capsys.readouterr().out
    assert "Five Up (five-up)" not in out and "All Fives (all-fives)" in out
    assert main(["certify", "--case", "exact-61/layout/diagram-1-*"]) == 0
    assert "20 passed" in capsys.readouterr().out
    assert main(["certify", "--case", "nothing/*"]) == 2


def test_cases_dump_writes_every_case_as_json(tmp_path: Path) -> None:
    target = tmp_path / "cases.json"
    assert main(["cases", "--dump", str(target)]) == 0
    cases = json.loads(target.read_text("utf-8"))["cases"]
    assert {"id", "game", "rules", "level", "sources", "request", "expect"} <= set(cases[0])
    assert any(c["id"] == "five-up/layout/diagram-1-2#play-score" for c in cases)


def test_the_console_script_runs() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "fives_tools.cli", "coverage"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert "score.unit.raw" in proc.stdout


def test_an_unreadable_known_failures_file_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "known.txt"
    bad.write_bytes(b"\xff\xfe")
    for path, reason in ((tmp_path / "none.txt", "No such file"), (bad, "not UTF-8 text")):
        assert main(["certify", "--in-process", "--known-failures", str(path)]) == 2
        err = capsys.readouterr().err
        assert f"cannot read {path}: {reason}" in err and "Traceback" not in err


def test_a_python_adapter_without_a_module_name_is_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["certify", "--python", ":Adapter"]) == 2
    err = capsys.readouterr().err
    assert "cannot import ''" in err and "Traceback" not in err
