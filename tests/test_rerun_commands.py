"""Every re-run line a report prints is quoted for the shell by one builder
(tools/fives_tools/rerun.py): pasted into a shell, an adapter command with spaces and
quotes, and a case ID, reach ``fives`` (or pytest) whole, the words ``shlex.split`` gives."""

from __future__ import annotations

import argparse
import json
import shlex
from pathlib import Path
from typing import Any

import pytest
from observed import minimal_example

from fives_tools import options, pytest_plugin
from fives_tools.certify.cases import Case, levels
from fives_tools.certify.compare import Mismatch
from fives_tools.certify.findings.status import FAIL
from fives_tools.certify.fuzz.classes import Disagreement, DisagreementClass
from fives_tools.certify.fuzz.parallel import AdapterSpec
from fives_tools.certify.reports.console import describe_failure
from fives_tools.certify.reports.fuzz import rerun
from fives_tools.certify.runner import Result
from fives_tools.cli import main
from fives_tools.cli.fuzz import prefix
from fives_tools.cli.own_games import read_logs
from fives_tools.rerun import command

ADAPTER = """node "my adapter.js" --say 'hello world' --quote "it's" --hash '#1'"""
#: a case ID with what a shell would read otherwise: a comment (#), a quote
CASE_ID = "five-up/it's a case#play-score"


#: how a certificate's failure says its re-run command
RERUN_LINE = "re-run: "


def _result() -> Result:
    case = Case(
        id=CASE_ID,
        game="five-up",
        fixture_id="it's a case",
        title="probe",
        kind="layout",
        level="must",
        rules=("score.play.multiple-of-five",),
        sources=(),
        request={"type": "layout", "game": "five-up", "plays": ["[2|3]"]},
        expect={"score": {"raw": 5}},
        path=Path("probe.yaml"),
        capability=levels.PLAY_SCORE,
    )
    return Result(case, FAIL, [Mismatch("score", {"raw": 5}, {"raw": 0})], reply={})


def _rerun_words(text: str) -> list[str]:
    line = next(x for x in text.splitlines() if x.strip().startswith(RERUN_LINE))
    return shlex.split(line.strip()[len(RERUN_LINE) :])


def test_the_adapter_command_is_one_the_shell_reads() -> None:
    words = ["node", "my adapter.js", "--say", "hello world", "--quote", "it's", "--hash", "#1"]
    assert shlex.split(ADAPTER) == words


def test_a_certify_rerun_line_gives_back_the_adapter_command_and_the_case() -> None:
    impl = options.implementation("adapter", ADAPTER)
    text = describe_failure(_result(), command("fives", "certify", *impl.words()))
    assert _rerun_words(text) == ["fives", "certify", "--adapter", ADAPTER, "--case", CASE_ID]


class _Config:
    def __init__(self, **given: str | None) -> None:
        self.given = given

    def getoption(self, name: str) -> str | None:
        return self.given.get(name)


def test_the_pytest_plugins_rerun_line_gives_back_the_adapter_command() -> None:
    config: Any = _Config(**{"--fives-adapter": ADAPTER})
    text = describe_failure(_result(), pytest_plugin._rerun_prefix(config), "--fives-case")
    want = ["pytest", "--fives-adapter", ADAPTER, "-m", "fives", "--fives-case", CASE_ID]
    assert _rerun_words(text) == want


@pytest.mark.parametrize(
    ("spec", "named"),
    [
        (AdapterSpec(command=ADAPTER), ["--adapter", ADAPTER]),
        (AdapterSpec(python="my module:it's"), ["--python", "my module:it's"]),
        (AdapterSpec(), []),
    ],
)
def test_a_fuzz_rerun_line_gives_back_the_adapter_and_the_scope(
    spec: AdapterSpec, named: list[str]
) -> None:
    args = argparse.Namespace(game=["five-up"], level=["play-score"], players=[2])
    request = {"type": "layout", "game": "five-up", "plays": ["[2|3]"]}
    mismatch = Mismatch("score", {"raw": 5}, {"raw": 0})
    found = Disagreement(3, 7, "probe", request, {}, {}, [mismatch])
    line = rerun(prefix(spec, args), DisagreementClass(found))
    scope = ["--game", "five-up", "--level", "play-score", "--players", "2"]
    assert shlex.split(line) == ["fives", "fuzz", *named, *scope, "--seed", "3", "--index", "7"]


def _diverging_record(path: Path) -> Path:
    record = minimal_example()
    record["hands"][0]["actions"][8]["score"] = 7  # no multiple of 5: a divergence
    path.write_text(json.dumps(record), "utf-8")
    return path


def test_an_audits_rerun_line_gives_back_a_file_name_with_spaces_and_quotes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``my games.json`` printed ``re-run: fives audit my``: the label's first word."""
    path = _diverging_record(tmp_path / "my games; it's #1.json")
    js = tmp_path / "audit.json"
    assert main(["audit", str(path), "--json", str(js)]) == 1
    assert _rerun_words(capsys.readouterr().out) == ["fives", "audit", str(path)]
    (divergence,) = json.loads(js.read_text("utf-8"))["divergences"]
    assert shlex.split(divergence["rerun"]) == ["fives", "audit", str(path)]


def test_an_audits_rerun_and_picture_lines_give_back_a_prefixes_folder_with_a_space(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--prefixes "pre fix"`` printed ``fives audit pre fix/divergence-1.json``."""
    path, folder = _diverging_record(tmp_path / "r.json"), tmp_path / "pre fix"
    assert main(["audit", str(path), "--prefixes", str(folder)]) == 1
    out = capsys.readouterr().out
    assert _rerun_words(out) == ["fives", "audit", str(folder / "divergence-1.json")]
    picture = next(x for x in out.splitlines() if x.strip().startswith("picture: "))
    words = shlex.split(picture.strip().removeprefix("picture: ").split(" (drawn: ")[0])
    assert words[:4] == ["fives", "render", "--record", str(folder / "divergence-1.table.json")]


def test_a_certify_games_rerun_gives_back_the_log_file(tmp_path: Path) -> None:
    """``fives certify --games`` audits logs read from files: their re-run is quoted too."""
    path = _diverging_record(tmp_path / "my games.json")
    (divergence,) = read_logs([str(path)]).observation.divergences
    assert shlex.split(divergence.rerun) == ["fives", "audit", str(path)]
