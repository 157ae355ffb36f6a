"""`fives render` on the command line: inputs, formats, and clear failures (exit status 2)."""

from __future__ import annotations

import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from fives_tools.cli import main

GOLDEN = Path(__file__).resolve().parent / "golden" / "render"


def test_render_a_fixture_id_to_dot_on_stdout(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["render", "--fixture", "layout/diagram-1-5"]) == 0
    golden = (GOLDEN / "five-up" / "layout--diagram-1-5.dot").read_text("utf-8")
    assert capsys.readouterr().out == golden


def test_render_a_fixture_file_under_another_game(tmp_path: Path) -> None:
    fixture = Path(__file__).resolve().parent.parent / "fixtures/layout/diagrams/1-5.yaml"
    out = tmp_path / "diagram.dot"
    assert main(["render", "--fixture", str(fixture), "--game", "exact-61", "-o", str(out)]) == 0
    golden = (GOLDEN / "exact-61" / "layout--diagram-1-5.dot").read_text("utf-8")
    assert out.read_text("utf-8") == golden


def test_render_a_play_sequence_to_svg_and_png(tmp_path: Path) -> None:
    plays = "[1|4] [1|1]@[1|4]:small-end"
    svg, png = tmp_path / "t.svg", tmp_path / "t.png"
    assert main(["render", "--plays", plays, "--game", "five-up", "-o", str(svg)]) == 0
    texts = [t.text for t in ET.parse(svg).getroot().iter("{http://www.w3.org/2000/svg}text")]
    assert "2 + 4 = 6 -> 0 raw (0 display)" in texts
    assert main(["render", "--plays", plays, "--game", "all-fives", "-o", str(png)]) == 0
    assert png.read_bytes()[:4] == b"\x89PNG"


def test_render_a_turns_fixture_draws_the_table_after_its_actions(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Deal H2 played out: the plays of its twelve actions, drawn as a play sequence."""
    plays = (
        "[3|4] [4|5]@[3|4]:big-end [3|6]@[3|4]:small-end [6|6]@[3|6]:big-end"
        " [0|6]@[6|6]:straight-b [0|0]@[0|6]:small-end [5|5]@[4|5]:big-end"
        " [0|1]@[0|0]:straight-b [1|2]@[0|1]:big-end"
    )
    assert main(["render", "--fixture", "turns/two-players-going-out"]) == 0
    fixture = capsys.readouterr().out
    assert main(["render", "--plays", plays, "--game", "five-up"]) == 0
    sequence = capsys.readouterr().out
    assert fixture.split("\n", 1)[1] == sequence.split("\n", 1)[1]
    assert "2 + 10 = 12 -&gt; 0 raw (0 display)" in fixture


def _bad_fixture(tmp_path: Path) -> str:
    path = tmp_path / "bad.yaml"
    path.write_text("id: layout/bad\ntitle: no games\n", "utf-8")
    return str(path)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--plays", "[1|4] [1|1]@[1|4]:smal", "--game", "five-up"],
            "not a place on a tile: 'smal'",
        ),
        (["--plays", "[1|4] [2|2]@[1|4]:small-end", "--game", "five-up"], "play 2: "),
        (["--plays", "[1|4]"], "--plays needs --game"),
        (["--plays", "[1|4]", "--game", "five-down"], "unknown game 'five-down'"),
        (["--plays", " ", "--game", "five-up"], "no plays given"),
        (["--fixture", "layout/no-such-diagram"], "neither a fixture file nor a fixture"),
        (["--fixture", "layout/diagram-1-5", "--game", "all-fives"], "not a case of all-fives"),
        (["--fixture", "missing.yaml"], "no such file: missing.yaml"),
        (["--fixture", "FIFO"], "f.yaml is not a regular file (a FIFO, a device)"),
        (["--fixture", "FOLDER"], "d.yaml is a folder"),
        (["--fixture", "BAD"], "field (top level): 'games' is a required property"),
        (["--fixture", "layout/diagram-1-5", "-o", "table.jpg"], "cannot tell the format"),
        (["--fixture", "settlement/five-up-remainder-two-and-three"], "has no table to draw"),
        (["--fixture", "turns/every-tile-once"], "no tile is played: no table to draw"),
    ],
)
def test_malformed_input_fails_with_a_clear_message(
    args: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    os.mkfifo(tmp_path / "f.yaml")  # was "no such file", of a file that exists
    (tmp_path / "d.yaml").mkdir()
    named = {"BAD": _bad_fixture(tmp_path), "FIFO": str(tmp_path / "f.yaml")}
    args = [named.get(a, str(tmp_path / "d.yaml") if a == "FOLDER" else a) for a in args]
    assert main(["render", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("fives render: ") and message in err
    assert "Traceback" not in err


def test_the_console_script_fails_without_a_traceback() -> None:
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "fives_tools.cli",
            "render",
            "--plays",
            "[9|9]",
            "--game",
            "five-up",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 2
    assert "not a play: '[9|9]'" in proc.stderr and "Traceback" not in proc.stderr
