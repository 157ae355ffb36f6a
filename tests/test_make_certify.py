"""`make certify`, the README's first command, installs only what `fives certify` needs:
the package and its own dependencies, not the test extras (mypy, ruff, hypothesis, pytest's
plugins) nor the third-party engine the tests certify (Flask, a top-level ``src``), nor
Dask."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: what only the tests need: none of it may be imported by a certification
TEST_ONLY = (
    "mypy", "ruff", "hypothesis", "flask", "src", "xdist", "dominoes", "dask", "distributed"
)  # fmt: skip


def _planned_installs(target: str, venv: Path) -> list[str]:
    """The pip commands ``make TARGET`` would run on a fresh machine (a dry run, -n, of
    every step, -B, into a venv that does not exist)."""
    make = shutil.which("make")
    if make is None:
        pytest.skip("no make here")
    plan = subprocess.run(
        [make, "-n", "-B", target, f"VENV={venv}"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return [line.strip() for line in plan.stdout.splitlines() if "pip install" in line]


def test_make_certify_installs_the_package_alone(tmp_path: Path) -> None:
    assert _planned_installs("certify", tmp_path / "venv") == ["python -m pip install -q -e ."]


def test_make_test_still_installs_the_extras(tmp_path: Path) -> None:
    assert _planned_installs("test", tmp_path / "venv") == [
        "python -m pip install -q -e .",
        "python -m pip install -q -e '.[test,thirdparty,dask]'",
    ]


_BLOCKED = f"""
import sys
class Blocked:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {TEST_ONLY!r}:
            raise ImportError(f"{{name}} is a test extra's")
sys.meta_path.insert(0, Blocked())
from fives_tools.cli import main
sys.exit(main(["certify", "-q", "--game", "all-fives"]))
"""


def test_fives_certify_needs_no_test_extra() -> None:
    """Certifying the reference engine (in a process of its own, as `make certify` does)
    with every test-only package unimportable."""
    run = subprocess.run(
        [sys.executable, "-c", _BLOCKED], capture_output=True, text=True, check=False, timeout=300
    )
    assert run.returncode == 0, run.stderr
    assert "0 failed, 0 errors" in run.stdout and "Traceback" not in run.stderr
