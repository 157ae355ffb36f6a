"""Logs as a hostile user feeds them to `fives audit` (issue #39): a damaged gzip, a bad first
line on standard input, a line that never ends, a log truncated under `--follow`. Each is one
clear line naming the input, the documented exit status, no traceback, and the records that
can be read are audited all the same."""

from __future__ import annotations

import gzip
import io
import json
import subprocess
import sys
import zlib
from pathlib import Path
from typing import Any

import pytest
from observed import observed_match

from fives_tools.certify.observe import stream
from fives_tools.certify.observe.load import LoadError
from fives_tools.cli import main


def _games(n: int = 3) -> list[dict[str, Any]]:
    return [observed_match("five-up", 2, None, seed, hands=2) for seed in range(1, n + 1)]


def _jsonl(records: list[Any]) -> str:
    return "".join(json.dumps(r) + "\n" for r in records)


def _corrupt(data: bytes) -> bytes:
    """``data`` gzipped, with its deflate stream broken where zlib itself refuses it."""
    packed = gzip.compress(data)
    for at in range(20, len(packed) - 16):
        bad = bytearray(packed)
        bad[at : at + 8] = b"\xff" * 8
        try:
            gzip.decompress(bytes(bad))
        except zlib.error:
            return bytes(bad)
        except (OSError, EOFError):
            continue
    raise AssertionError("no corruption zlib refuses")


def _fives(*args: str, stdin: Any = subprocess.DEVNULL, timeout: float = 8) -> Any:
    """``fives ARGS`` in a process of its own, bounded: a hang fails the test, not the run."""
    command = [sys.executable, "-m", "fives_tools.cli", *args]
    return subprocess.run(command, stdin=stdin, capture_output=True, text=True, timeout=timeout)


@pytest.mark.parametrize("damage", ["truncated", "corrupt"])
def test_a_damaged_gzip_is_one_line_and_the_certificate_is_still_written(
    damage: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = _jsonl(_games()).encode()
    packed = gzip.compress(text)
    data = packed[: len(packed) // 2] if damage == "truncated" else _corrupt(text)
    path = tmp_path / "games.jsonl.gz"
    path.write_bytes(data)
    report = tmp_path / "report.json"
    assert main(["audit", str(path), "--json", str(report)]) == 2
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1, captured.err
    assert f"{path}: cannot read: " in captured.err and "gzip" in captured.err
    assert "could not be read" in captured.out
    assert json.loads(report.read_text("utf-8"))["unreadable"]


def test_a_damaged_gzip_given_to_certify_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "games.jsonl.gz"
    path.write_bytes(_corrupt(_jsonl(_games()).encode()))
    assert main(["certify", "--in-process", "--game", "five-up", "--games", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{path}: cannot read: corrupt gzip data" in err, err


@pytest.mark.parametrize("source", ["stdin", "games.txt"])
def test_a_bad_first_line_costs_that_line_alone(
    source: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``zcat log.gz | fives audit -``: a log whose first line is garbage is still a log of
    lines, not one record spread over them."""
    text = "not a record\n" + _jsonl(_games())
    if source == "stdin":
        monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
        name = "-"
    else:
        name = str(tmp_path / source)
        Path(name).write_text(text, "utf-8")
    assert main(["audit", name]) == 2
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1 and f"{name}: line 1: not JSON" in captured.err
    assert "observation of 3 games" in captured.out


def test_a_record_over_several_lines_is_still_read_whole(tmp_path: Path) -> None:
    game = _games(1)[0]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game, indent=2), "utf-8")
    assert list(stream.records(str(path))) == [(str(path), game)]


@pytest.mark.parametrize("how", ["file", "stdin"])
def test_a_line_that_never_ends_is_refused_without_reading_it_to_its_end(how: str) -> None:
    """``/dev/zero`` never ends: the line is refused once it is far past the limit, and the
    file with it (no record can follow a line that has no end)."""
    if how == "file":
        done = _fives("audit", "/dev/zero")
    else:
        with open("/dev/zero", "rb") as zeros:
            done = _fives("audit", "-", stdin=zeros)
    name = "/dev/zero" if how == "file" else "-"
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and done.stderr.count("\n") == 1, done.stderr
    assert f"fives audit: {name}: larger than {stream.MAX_BYTES} bytes" in done.stderr
    assert "the rest of the file is not read" in done.stderr


class Counted(io.BytesIO):
    """A log that counts how often it is asked for bytes."""

    calls = 0

    def read(self, size: int | None = -1) -> bytes:
        self.calls += 1
        return super().read(size)

    def read1(self, size: int = -1) -> bytes:
        self.calls += 1
        return super().read1(size)

    def readline(self, size: int | None = -1) -> bytes:
        self.calls += 1
        return super().readline(size)


def test_empty_lines_are_passed_over_in_bulk() -> None:
    """1 GiB of empty lines (1 MiB gzipped) was read one line at a time, one call each: it
    did not finish in 400 s. A run of blank lines is passed over a buffer at a time, and the
    record after it is read at its own line."""
    game = json.dumps(_games(1)[0]).encode()
    log = Counted(b"\n" * (1 << 20) + game + b"\n" + b"\r\n \t" * (1 << 18))
    read = list(stream._lines(log, False, print))
    assert read == [((1 << 20) + 1, game.decode())]
    assert log.calls < 100, log.calls


def test_an_over_long_line_is_skipped_to_its_end_and_the_next_line_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(stream, "MAX_BYTES", 20000)
    game = _games(1)[0]
    path = tmp_path / "games.jsonl"
    path.write_bytes(b"x" * 70000 + b"\n" + json.dumps(game).encode() + b"\n")
    read = list(stream.records(str(path)))
    assert isinstance(read[0][1], LoadError)
    assert "line 1: larger than 20000 bytes" in str(read[0][1])
    assert read[1] == (f"{path} line 2", game)


def test_follow_reads_a_log_truncated_under_it_from_its_start(tmp_path: Path) -> None:
    """Log rotation (``copytruncate``): the log is emptied and written again; the records
    written after are read, from the new line 1."""
    games = _games(3)
    path = tmp_path / "live.jsonl"
    path.write_text(_jsonl(games[:2]), "utf-8")
    steps = iter(["truncate", "write", "stop"])

    def wait(_: float) -> None:
        step = next(steps)
        if step == "truncate":
            path.write_text("", "utf-8")
        elif step == "write":
            path.write_text(_jsonl(games[2:]), "utf-8")
        else:
            raise KeyboardInterrupt

    read = []
    with pytest.raises(KeyboardInterrupt):
        for label, record in stream.records(str(path), follow=True, wait=wait):
            read.append((label, record))
    assert read == [
        (f"{path} line 1", games[0]),
        (f"{path} line 2", games[1]),
        (f"{path} line 1", games[2]),
    ]


def test_a_record_that_could_not_be_read_names_its_file_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "games.jsonl"
    path.write_text(_jsonl([_games(1)[0], {"format": "nope"}]), "utf-8")
    report = tmp_path / "report.json"
    assert main(["audit", str(path), "--json", str(report)]) == 2
    out = capsys.readouterr().out
    [line] = [line for line in out.splitlines() if "line 2" in line]
    assert line.count(str(path)) == 1, line
    [note] = json.loads(report.read_text("utf-8"))["unreadable"]
    assert note["record"] == f"{path} line 2" and str(path) not in note["text"]
