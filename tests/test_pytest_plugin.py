"""`pytest --fives-adapter` / `--fives-python` run the suite's cases inside any pytest run."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _pytest(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """pytest in an empty folder: the only tests are the ones the plugin adds."""
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "-p",
            "no:xdist",
            *args,
            str(tmp_path),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )


def test_a_protocol_adapter_is_certified_case_by_case(tmp_path: Path) -> None:
    proc = _pytest(
        tmp_path,
        "--fives-adapter",
        f"{sys.executable} -m fives_tools.stdio_server",
        "--fives-case",
        "all-fives/layout/all-fives-diagram-1-*",
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "20 passed" in proc.stdout  # five fixtures, four levels each


def test_a_bent_engine_fails_with_the_certificate_text(tmp_path: Path) -> None:
    proc = _pytest(
        tmp_path,
        "--fives-python",
        "tests.bent_engines.catalog:DisplayNotDivided",
        "--fives-game",
        "five-up",
        "--fives-level",
        "play-score",
    )
    assert proc.returncode == 1
    assert "FAILED" in proc.stdout and "fives::five-up/scoring/total-15#play-score" in proc.stdout
    assert "score.unit.display" in proc.stdout


def test_undeclared_levels_are_skipped_with_a_reason(tmp_path: Path) -> None:
    node = ROOT / "examples" / "node-adapter" / "adapter.js"
    proc = _pytest(
        tmp_path, "--fives-adapter", f"node {node}", "--fives-case", "exact-61/settlement/*", "-rs"
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "does not declare the level settlement" in proc.stdout


def test_an_adapter_that_cannot_be_loaded_is_a_usage_error(tmp_path: Path) -> None:
    proc = _pytest(tmp_path, "--fives-python", "no_such_module:Adapter")
    assert proc.returncode == 4
    assert "cannot import 'no_such_module'" in proc.stderr


def test_a_failed_start_is_tried_once_and_errors_every_case(tmp_path: Path) -> None:
    state = tmp_path / "state"
    (tmp_path / "empty").mkdir()
    program = ROOT / "tests" / "misbehaving" / "adapter.py"
    proc = _pytest(
        tmp_path / "empty",
        "--fives-adapter",
        f"{sys.executable} {program} no-ready {state}",
        "--fives-case",
        "five-up/layout/diagram-1-2#*",
    )
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert state.read_text() == "1"  # started once, not once per case
    assert "4 errors" in proc.stdout and "Traceback" not in proc.stdout
    assert "cannot certify this implementation: it did not start" in proc.stdout


def test_bad_timeouts_and_an_empty_adapter_are_usage_errors(tmp_path: Path) -> None:
    bad = (
        ("--fives-timeout", "nan"),
        ("--fives-startup-timeout", "0"),
        ("--fives-adapter", " "),
        ("--fives-python", ""),
    )
    for args in bad:
        proc = _pytest(tmp_path, *args)
        assert proc.returncode == 4, args
