"""`fives play` writes a record of a random match, `fives record` validates one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fives_tools.cli import main


@pytest.mark.parametrize(("game", "players"), [("five-up", 4), ("exact-61", 3), ("all-fives", 2)])
def test_a_played_match_is_a_valid_record_and_the_seed_repeats_it(
    game: str, players: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    for path in (first, second):
        assert (
            main(
                ["play", "--game", game, "--players", str(players), "--seed", "5", "-o", str(path)]
            )
            == 0
        )
    assert first.read_bytes() == second.read_bytes()
    record = json.loads(first.read_text("utf-8"))
    assert record["game"] == game and record["result"]["winner"] is not None
    capsys.readouterr()
    assert main(["record", str(first)]) == 0
    assert "valid record" in capsys.readouterr().out


def test_a_tampered_record_is_rejected_with_the_action_number(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "match.json"
    assert main(["play", "--game", "five-up", "--seed", "2", "-o", str(path)]) == 0
    record = json.loads(path.read_text("utf-8"))
    record["hands"][0]["actions"][1]["action"] = "pass"
    path.write_text(json.dumps(record), "utf-8")
    capsys.readouterr()
    assert main(["record", str(path)]) == 1
    err = capsys.readouterr().err
    assert "action 2" in err and "match.json" in err


def test_a_missing_record_file_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["record", str(tmp_path / "nope.json")]) == 2
    assert "cannot read" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b'{"format": "fives-record", "game": "f\xf6"}', "line 1: not UTF-8 text"),
        (b"[" * 100_000 + b"]" * 100_000, "nested deeper than 64 levels"),
        (b'{"version": ' + b"7" * 5000 + b"}", "an integer of 5000 digits"),
        (b'{"version": 1e999}', "a number out of range"),
        (b'{"version": NaN}', "NaN is not JSON"),
    ],
)
def test_a_hostile_record_is_refused_naming_the_file(
    content: bytes, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "match.json"
    path.write_bytes(content)
    assert main(["record", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"fives record: {path}: ") and message in err, err
    assert "Traceback" not in err


def test_a_record_with_a_huge_score_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "match.json"
    assert main(["play", "--seed", "2", "-o", str(path)]) == 0
    record = json.loads(path.read_text("utf-8"))
    text = json.dumps(record).replace('"scores": [0, 0]', '"scores": [' + "9" * 1000 + ", 0]", 1)
    path.write_text(text, "utf-8")
    capsys.readouterr()
    assert main(["record", str(path)]) == 1
    assert "an integer of 1000 digits" in capsys.readouterr().err


def test_a_byte_order_mark_before_a_record_is_read_past(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file saved with a BOM was refused ("decode using utf-8-sig") rather than read."""
    path = tmp_path / "match.json"
    assert main(["play", "--seed", "2", "-o", str(path)]) == 0
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    capsys.readouterr()
    assert main(["record", str(path)]) == 0
    assert "valid record" in capsys.readouterr().out
    assert main(["audit", str(path)]) == 0
    assert "0 divergences" in capsys.readouterr().out
