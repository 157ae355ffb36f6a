"""Error lines show paths and command-line values as given: an ESC, an OSC title ended by
BEL or a U+202E in one reached the terminal raw. Every line a command prints on stderr
goes through ``fives_tools.text.tell``, which escapes them as the reports do."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: an OSC window title ended by BEL, a clear-screen and a right-to-left override
HOSTILE = "a\x1b]0;pwned\x07\x1b[2J\u202eb"
RAW = ("\x1b", "\x07", "\u202e")


def _fives(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "fives_tools.cli", *argv],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )


def _cases(tmp_path: Path) -> dict[str, list[str]]:
    hostile = str(tmp_path / HOSTILE)
    return {
        "audit cannot read": ["audit", hostile + ".json"],
        "record cannot read": ["record", hostile + ".json"],
        "known failures": ["certify", "--in-process", "--known-failures", hostile + ".txt"],
        "docs --out": ["docs", "--out", str(tmp_path / "file" / HOSTILE)],
        "compare cannot compare": ["compare", "--quiet", "--adapter", f"{hostile}/adapter"],
    }


NAMES = list(_cases(Path("/x")))


@pytest.mark.parametrize("name", NAMES)
def test_an_error_line_escapes_control_characters(name: str, tmp_path: Path) -> None:
    (tmp_path / "file").touch()  # no folder can be made in it
    proc = _fives(*_cases(tmp_path)[name])
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr, proc.stderr
    assert not [c for c in RAW if c in proc.stderr], repr(proc.stderr)
    assert "\\x1b]0;pwned\\x07\\x1b[2J\\u202eb" in proc.stderr
