"""`fives audit` reads its logs as a stream (tools/fives_tools/certify/observe/stream.py):
one record at a time, from files or standard input, gzipped or not, JSONL or a JSON list;
a record that is none is named and the rest is audited; `--follow` reads a growing log."""

from __future__ import annotations

import gzip
import io
import itertools
import json
from pathlib import Path
from typing import Any

import pytest
from observed import minimal_example, observed_match

from fives_tools.certify.findings.observation import KEPT_PER_RULE
from fives_tools.certify.judge import shown
from fives_tools.certify.observe import Observation, audit_records, stream
from fives_tools.certify.observe.load import LoadError
from fives_tools.cli import main


def _games(n: int = 3) -> list[dict[str, Any]]:
    return [observed_match("five-up", 2, None, seed, hands=2) for seed in range(1, n + 1)]


def _jsonl(records: list[Any]) -> str:
    return "".join(json.dumps(r) + "\n" for r in records)


def _audited(capsys: pytest.CaptureFixture[str]) -> str:
    out = capsys.readouterr().out
    return out.strip().splitlines()[-1]


def test_a_record_that_is_none_is_named_and_the_records_after_it_are_audited(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = _games(2)
    path = tmp_path / "games.jsonl"
    path.write_text(_jsonl([good[0], {"format": "nope"}, good[1]]), "utf-8")
    after = tmp_path / "after.json"
    after.write_text(json.dumps(good[0]), "utf-8")
    assert main(["audit", str(path), str(after)]) == 2
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1 and "games.jsonl: line 2: field" in captured.err
    assert "observation of 3 games" in captured.out
    assert "1 record could not be read" in captured.out


@pytest.mark.parametrize("form", ["jsonl", "list", "pretty list", "one pretty"])
def test_every_form_gzipped_or_from_standard_input_reads_the_same_records(
    form: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    games = _games(1 if form == "one pretty" else 3)
    text = {
        "jsonl": _jsonl(games),
        "list": json.dumps(games),
        "pretty list": json.dumps(games, indent=2),
        "one pretty": json.dumps(games[0], indent=2),
    }[form]
    plain = tmp_path / "games.json"
    plain.write_text(text, "utf-8")
    zipped = tmp_path / "games.json.gz"
    zipped.write_bytes(gzip.compress(text.encode()))
    read = {
        name: [r for _, r in stream.records(str(p))] for name, p in [("a", plain), ("b", zipped)]
    }
    assert read["a"] == read["b"] == games
    assert main(["audit", str(zipped)]) == 0
    from_file = _audited(capsys)
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(gzip.compress(text.encode()))))
    assert main(["audit", "-"]) == 0
    assert _audited(capsys) == from_file


class Endless(io.RawIOBase):
    """A log that never ends: ``head``, then ``item`` again and again."""

    def __init__(self, head: bytes, item: bytes) -> None:
        self.data = itertools.chain([head], itertools.repeat(item))
        self.left = b""

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        while len(self.left) < len(buffer):
            self.left += next(self.data)
        n = len(buffer)
        buffer[:n], self.left = self.left[:n], self.left[n:]
        return n


@pytest.mark.parametrize("form", ["jsonl", "list"])
def test_records_are_given_one_at_a_time_from_a_log_that_never_ends(form: str) -> None:
    """Read whole, an endless log would never give its first record."""
    game = json.dumps(_games(1)[0]).encode()
    head, item = (b"", game + b"\n") if form == "jsonl" else (b"[" + game, b",\n" + game)
    raw = io.BufferedReader(Endless(head, item))
    found = list(itertools.islice(stream._documents(raw, form == "jsonl", False, print), 3))
    assert [where for where, _ in found] == (
        ["line 1", "line 2", "line 3"] if form == "jsonl" else ["record 1", "record 2", "record 3"]
    )
    assert all(data == json.loads(game) for _, data in found)


def test_a_line_too_long_is_named_and_the_next_line_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(stream, "MAX_BYTES", 2000)
    game = _games(1)[0]
    small = {k: v for k, v in game.items() if k != "hands"} | {"hands": []}
    path = tmp_path / "games.jsonl"
    path.write_text(_jsonl([game, small]), "utf-8")
    read = list(stream.records(str(path)))
    assert isinstance(read[0][1], LoadError) and "line 1: larger than 2000 bytes" in str(read[0][1])
    assert read[1] == (f"{path} line 2", small)


def test_a_broken_list_names_the_record_after_the_last_whole_one(tmp_path: Path) -> None:
    games = _games(2)
    path = tmp_path / "games.json"
    path.write_text(json.dumps(games)[:-40], "utf-8")
    read = list(stream.records(str(path)))
    assert read[0] == (f"{path} record 1", games[0])
    assert isinstance(read[1][1], LoadError) and "record 2: not JSON" in str(read[1][1])


def test_follow_reads_each_line_once_it_is_written(tmp_path: Path) -> None:
    """A record written in two pieces is judged once its line break comes; a signal ends
    the reading."""
    games = _games(2)
    path = tmp_path / "live.jsonl"
    path.write_text(json.dumps(games[0]) + "\n", "utf-8")
    second = json.dumps(games[1]) + "\n"
    writes = iter([second[:100], second[100:]])

    def wait(_: float) -> None:
        piece = next(writes, None)
        if piece is None:
            raise KeyboardInterrupt
        with path.open("a", encoding="utf-8") as log:
            log.write(piece)

    read = []
    with pytest.raises(KeyboardInterrupt):
        for label, record in stream.records(str(path), follow=True, wait=wait):
            read.append((label, record))
    assert read == [(f"{path} line 1", games[0]), (f"{path} line 2", games[1])]


def test_follow_reads_one_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["audit", "--follow", str(tmp_path / "a"), str(tmp_path / "b")]) == 2
    assert "--follow reads one growing log" in capsys.readouterr().err


def test_an_audit_keeps_the_record_prefixes_of_the_shortest_divergences_of_each_rule() -> None:
    """30 wrong scores of one rule: the record prefixes of the 10 shortest are kept (the
    reports show 3 of them), the others keep their words and re-run commands; a log of any
    size keeps no more."""
    records = []
    for n in range(30):
        record = minimal_example()
        record["hands"][0]["actions"][8 if n % 3 else 7]["score"] = 7
        records.append(record)
    obs = Observation()
    for record in records:  # as fives audit feeds them, one at a time
        audit_records([record], obs)
    assert len(obs.divergences) == 30 and KEPT_PER_RULE == 10
    kept = [n for n, d in enumerate(obs.divergences, 1) if d.prefix]
    assert len(kept) == 10
    assert all(obs.divergences[n - 1].prefix for n in shown.shown(obs))
    shortest = sorted(range(1, 31), key=lambda n: (length_of(records[n - 1]), n))[:10]
    assert sorted(kept) == sorted(shortest)
    assert all(d.what and d.expected for d in obs.divergences)


def length_of(record: dict[str, Any]) -> int:
    """Where the wrong score stands: the prefix that shows it ends there."""
    actions = record["hands"][0]["actions"]
    return next(i for i, a in enumerate(actions) if a.get("score") == 7)


def test_the_merged_reports_of_shards_give_the_certificate_of_the_whole_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two shards audited apart, their --json reports merged: the same console, the same
    JSON report (divergences numbered on, the consequence still at its cause) as the two
    audited together."""
    wrong = []
    for at in (8, 7, 8, 8):
        record = minimal_example()
        record["hands"][0]["actions"][at]["score"] = 7
        wrong.append(record)
    won = observed_match("five-up", 2, None, 4, hands=None)
    won["result"]["winner"] = 1 - won["result"]["winner"]  # a result of its own
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    a.write_text(_jsonl([*wrong[:2], won]), "utf-8")
    b.write_text(_jsonl(wrong[2:] + _games(1)), "utf-8")
    whole, shards = tmp_path / "whole.json", [tmp_path / "a.json", tmp_path / "b.json"]
    assert main(["audit", str(a), str(b), "--json", str(whole)]) == 1
    together = capsys.readouterr().out
    for shard, report in zip((a, b), shards, strict=True):
        main(["audit", str(shard), "--json", str(report)])
    capsys.readouterr()
    merged = tmp_path / "merged.json"
    assert main(["audit", "--merge", *map(str, shards), "--json", str(merged)]) == 1
    assert capsys.readouterr().out.replace(str(merged), str(whole)) == together
    assert json.loads(merged.read_text("utf-8")) == json.loads(whole.read_text("utf-8"))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{}", "not a JSON report of fives audit (KeyError: 'games')"),
        ('{"games": {}, "divergences": [], "interrupted": {}}', "field interrupted"),
        ("[", "not JSON"),
    ],
)
def test_a_report_that_cannot_be_merged_is_named(
    text: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "shard.json"
    path.write_text(text, "utf-8")
    assert main(["audit", "--merge", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{path}: " in err and message in err, err


def test_as_found_says_each_divergence_once_its_record_is_audited(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A referee watching a log hears of a divergence when its record is read, not at the
    end; a consequence is not said again, and the certificate is the same."""
    records = _games(1)
    for at in (8, 7):
        record = minimal_example()
        record["hands"][0]["actions"][at]["score"] = 7
        records.append(record)
    won = observed_match("five-up", 2, None, 4)
    won["result"]["winner"] = 1 - won["result"]["winner"]
    path = tmp_path / "games.jsonl"
    path.write_text(_jsonl([*records, won]), "utf-8")
    assert main(["audit", str(path)]) == 1
    quiet = capsys.readouterr()
    heard: list[str] = []
    real_audit = stream.records

    def spy(name: str, follow: bool = False) -> Any:  # note what was said before each record
        for item in real_audit(name, follow=follow):
            heard.append(capsys.readouterr().err)
            yield item

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("fives_tools.certify.observe.shards.records", spy)
        assert main(["audit", "--as-found", str(path)]) == 1
    said = capsys.readouterr()
    assert said.out == quiet.out and quiet.err == ""
    lines = "".join([*heard, said.err]).splitlines()
    assert len(lines) == 3
    assert all(line.startswith("fives audit: found divergence") for line in lines)
    assert [bool(h) for h in heard] == [False, False, True, True]  # each said by the next record
    assert "line 4" in said.err and "line 2" in lines[0] and "line 3" in lines[1]
