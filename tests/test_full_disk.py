"""Printing to a full disk (``> /dev/full``): every command that prints ends with one line
naming what failed and exit 2, not a traceback (one guard, in ``fives_tools.cli.main``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from fives_tools.cli import main

FULL = Path("/dev/full")
pytestmark = pytest.mark.skipif(not FULL.exists(), reason="no /dev/full on this system")

COMMANDS = [
    ["audit", "{record}"],
    ["coverage", "--matrix"],
    ["coverage"],
    ["cases"],
    ["cases", "--dump", "-"],
    ["play", "--seed", "3"],
    ["record", "{record}"],
    ["certify", "--in-process", "--case", "exact-61/layout/diagram-1-1*"],
    ["render", "--plays", "[1|4]", "--game", "five-up"],
    ["--version"],
    ["audit", "--help"],
]


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("full") / "match.json"
    assert main(["play", "--seed", "3", "-o", str(path)]) == 0
    return path


@pytest.mark.parametrize("argv", COMMANDS, ids=" ".join)
def test_printing_to_a_full_disk_is_one_line_and_exit_2(argv: list[str], record: Path) -> None:
    words = [w.format(record=record) for w in argv]
    with FULL.open("w") as full:
        proc = subprocess.run(
            [sys.executable, "-m", "fives_tools.cli", *words],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            check=False,
        )
    lines = [line for line in proc.stderr.splitlines() if line.strip(".")]  # certify's dots
    assert proc.returncode == 2, proc.stderr
    assert len(lines) == 1 and "Traceback" not in proc.stderr, proc.stderr
    assert lines[0].endswith(": cannot write the output: No space left on device"), lines
