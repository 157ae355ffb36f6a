"""`make test-openspiel` fails when pyspiel cannot be imported; `make test`, which does not
install the openspiel extra, skips the OpenSpiel games' tests instead."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests" / "openspiel"
REQUIRED = "FIVES_REQUIRE_OPENSPIEL"
#: pytest run on the OpenSpiel tests with pyspiel made unimportable (as where the extra is
#: missing), whether or not this environment has it.
WITHOUT_PYSPIEL = (
    "import sys; sys.modules['pyspiel'] = None; import pytest; raise SystemExit("
    "pytest.main(['-q', '-p', 'no:xdist', '-p', 'no:cacheprovider', sys.argv[1]]))"
)


def _run(required: bool) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != REQUIRED}
    if required:
        env[REQUIRED] = "1"
    return subprocess.run(
        [sys.executable, "-c", WITHOUT_PYSPIEL, str(TESTS)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )


def test_the_ci_step_fails_without_pyspiel() -> None:
    done = _run(required=True)
    assert done.returncode == pytest.ExitCode.INTERRUPTED, done.stdout  # a collection error
    summary = done.stdout.splitlines()[-1]
    assert "error" in summary and "skipped" not in summary, summary
    assert "ModuleNotFoundError" in done.stdout or "ImportError" in done.stdout


def test_make_test_skips_without_pyspiel() -> None:
    done = _run(required=False)
    # the module is skipped whole, so pytest may also say no test was collected
    assert done.returncode in (pytest.ExitCode.OK, pytest.ExitCode.NO_TESTS_COLLECTED)
    assert "1 skipped" in done.stdout.splitlines()[-1], done.stdout


def test_the_makefile_step_requires_pyspiel() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipe = re.search(r"^test-openspiel:.*\n((?:\t.*\n)+)", makefile, re.MULTILINE)
    assert recipe is not None
    assert re.search(rf"{REQUIRED}=1 python -m pytest .*tests/openspiel", recipe.group(1))
