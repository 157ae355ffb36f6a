"""`fives audit FILE...`: JSON, JSON lists and JSONL; exit 0 clean, 1 on a divergence,
2 with one line naming the file, line and field on unreadable input."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from observed import minimal_example, observed_match

from fives_tools.cli import main


def _write(path: Path, records: list[dict[str, Any]], form: str) -> Path:
    if form == "jsonl":
        path.write_text("".join(json.dumps(r) + "\n" for r in records), "utf-8")
    elif form == "list":
        path.write_text(json.dumps(records), "utf-8")
    else:
        path.write_text(json.dumps(records[0]), "utf-8")
    return path


@pytest.mark.parametrize("form", ["one", "list", "jsonl"])
def test_clean_records_exit_0_in_every_form(
    form: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records = [observed_match("five-up", 3, None, s, hands=2) for s in (1, 2)]
    path = _write(tmp_path / f"games.{'jsonl' if form == 'jsonl' else 'json'}", records, form)
    assert main(["audit", str(path)]) == 0
    out = capsys.readouterr().out
    games = "1 game " if form == "one" else "2 games "
    assert out.splitlines()[-1].startswith(f"observation of {games}")
    assert "0 divergences" in out.splitlines()[-1]
    assert re.search(r"^  other rules: \d+ pass, \d+ not observed \(listed with -v", out, re.M)
    assert main(["audit", str(path), "-v"]) == 0
    listed = capsys.readouterr().out
    assert re.search(r"^  hand\.end\.block +not observed +0$", listed, re.M)


def test_a_divergence_exits_1_with_its_rule_quote_prefix_picture_and_rerun(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = minimal_example()
    record["hands"][0]["actions"][8]["score"] = 7  # no multiple of 5: its scoring is at fault
    path = _write(tmp_path / "bad.json", [record], "one")
    folder = tmp_path / "prefixes"
    report = tmp_path / "audit.json"
    args = ["audit", str(path), "--prefixes", str(folder), "--json", str(report)]
    args += ["--markdown", str(tmp_path / "audit.md")]
    assert main(args) == 1
    out = capsys.readouterr().out
    assert "divergence 1: " in out and "(score): score.play.multiple-of-five" in out
    assert 'quote: "Ef heildin er nákvæmlega margfeldi af fimm' in out
    assert f"re-run: fives audit {folder / 'divergence-1.json'}" in out
    assert f"fives render --record {folder / 'divergence-1.table.json'} --move 9" in out
    data = json.loads(report.read_text("utf-8"))
    assert data["ok"] is False and data["divergences"][0]["rule"] == "score.play.multiple-of-five"
    assert data["divergences"][0]["source"]["heading"] == "Skora"
    rule_rows = {r["rule"]: r for r in data["games"]["all-fives"]["rules"]}
    assert rule_rows["score.play.multiple-of-five"]["status"] == "fail"
    assert rule_rows["lead.went-out-leads"]["status"] == "not observed"
    # the prefix written shows the same divergence, and the table record draws
    assert main(["audit", str(folder / "divergence-1.json")]) == 1
    assert "score.play.multiple-of-five" in capsys.readouterr().out
    svg = tmp_path / "table.svg"
    table = str(folder / "divergence-1.table.json")
    assert main(["render", "--record", table, "--move", "9", "-o", str(svg)]) == 0
    assert svg.read_text("utf-8").lstrip().startswith("<")
    markdown = (tmp_path / "audit.md").read_text("utf-8")
    assert "## `score.play.multiple-of-five`: 1 divergence\n" in markdown
    assert "### Finding 1" in markdown
    assert f"]({folder / 'divergence-1.svg'})" in markdown
    assert data["divergences"][0]["candidates"] == ["score.play.multiple-of-five"]


def test_what_the_records_could_not_show_is_said(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path / "min.json", [minimal_example()], "one")
    assert main(["audit", str(path)]) == 0
    out = capsys.readouterr().out
    assert "offered: given at 0 of 9 places" in out
    assert "score: given at 2 of 4 places" in out


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "{nope",
            "bad.json: not JSON: Expecting property name enclosed in double quotes: line 1",
        ),
        (
            '{"format": "fives-record", "version": 1, "game": "all-fives", "hands": []}',
            "bad.json: field (top level): 'setup' is a required property",
        ),
        ("[{}, 3]", "bad.json: record 1: field (top level): 'format' is a required property"),
    ],
)
def test_unreadable_json_is_one_line_naming_file_and_field(
    text: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text, "utf-8")
    assert main(["audit", str(path)]) == 2
    err = capsys.readouterr().err
    lines = 2 if text == "[{}, 3]" else 1  # each record that is none is named
    assert err.count("\n") == lines and message in err and "Traceback" not in err


def test_jsonl_names_the_line_and_the_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = minimal_example()
    draw = minimal_example()
    del draw["hands"][0]["actions"][1]["tile"]
    notation = minimal_example()
    notation["hands"][0]["actions"][6]["action"] = "[1|4]@[1|1]:3"
    for bad, message in [
        (draw, "line 3: field hands[0].actions[1].tile: a draw names the tile it took"),
        (notation, "line 3: field hands[0].actions[6].action: not a play in the pips form"),
    ]:
        path = tmp_path / "games.jsonl"
        path.write_text(json.dumps(good) + "\n\n" + json.dumps(bad) + "\n", "utf-8")
        assert main(["audit", str(path)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and f"games.jsonl: {message}" in err


def test_an_unknown_game_or_table_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for change, message in [
        ({"game": "six-up"}, "one.json: field game: unknown game 'six-up'"),
        ({"setup": {"players": 5}}, "one.json: field setup.players: 5 is greater than the maximum"),
        (
            {"setup": {"players": 2, "deal_option": "nine-each"}},
            "one.json: field setup: all-fives: unknown deal option 'nine-each'",
        ),
    ]:
        path = _write(tmp_path / "one.json", [{**minimal_example(), **change}], "one")
        assert main(["audit", str(path)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and message in err, err


@pytest.mark.parametrize("where", ["setup", "hand"])
@pytest.mark.parametrize("extra", [1, -1])
def test_scores_of_the_wrong_length_are_one_line_naming_file_and_field(
    where: str, extra: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A hand's settled scores with a score too many or too few were a ``zip`` traceback;
    a setup's, a line naming neither the file nor the field."""
    record = observed_match("five-up", 2, None, 1, hands=2)
    scores = [0] * (2 + extra)
    if where == "setup":
        record["setup"]["scores"] = scores
    else:
        record["hands"][1]["scores"] = scores
    path = _write(tmp_path / "bad.json", [record], "list")
    assert main(["audit", str(path)]) == 2
    err = capsys.readouterr().err
    field = "setup.scores" if where == "setup" else "hands[1].scores"
    message = f"bad.json: record 1: field {field}: 2 sides need 2 scores, got {2 + extra}\n"
    assert err.count("\n") == 1 and err.endswith(message), err


def test_a_huge_list_is_refused_in_one_short_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """180,000 offered actions are refused rightly, but the line quoted the whole list:
    1.6 MB of the schema library's repr."""
    record = observed_match("five-up", 2, None, 1, hands=1)
    record["hands"][0]["actions"][0]["offered"] = ["[1|4]"] * 180_000
    path = _write(tmp_path / "big.json", [record], "one")
    assert main(["audit", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and len(err) < 400, len(err)
    assert "big.json: field hands[0].actions[0].offered: ['[1|4]', " in err
    assert "... (180000 long) is too long" in err


def test_a_missing_file_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["audit", str(tmp_path / "nope.json")]) == 2
    err = capsys.readouterr().err
    assert "nope.json: cannot read" in err and err.count("\n") == 1


def test_the_markdown_report_shows_the_shortest_few_divergences_of_each_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Five wrong play scores of one rule: the Markdown shows the three of the shortest
    prefixes (the fourth record's is one action shorter) and counts the other two; the
    JSON keeps all five."""
    records = []
    for at in (8, 8, 8, 7, 8):
        record = minimal_example()
        record["hands"][0]["actions"][at]["score"] = 7
        records.append(record)
    path = _write(tmp_path / "five.jsonl", records, "jsonl")
    md, js = tmp_path / "audit.md", tmp_path / "audit.json"
    assert main(["audit", str(path), "--markdown", str(md), "--json", str(js)]) == 1
    capsys.readouterr()
    markdown = md.read_text("utf-8")
    heading = "## `score.play.multiple-of-five`: 5 divergences; the 3 shortest shown, 2 more"
    assert heading in markdown
    assert re.findall(r"^### Finding (\d+)$", markdown, re.M) == ["1", "2", "4"]
    assert len(json.loads(js.read_text("utf-8"))["divergences"]) == 5
