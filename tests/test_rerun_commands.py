"""Every re-run line a report prints is quoted for the shell by one builder
(tools/fives_tools/rerun.py): pasted into a shell, an adapter command with spaces and
quotes, and a case ID, reach ``fives`` (or pytest) whole, the words ``shlex.split`` gives."""

from __future__ import annotations

import argparse
import shlex
from pathlib import Path
from typing import Any

import pytest

from fives_tools import options, pytest_plugin
from fives_tools.certify.cases import Case, levels
from fives_tools.certify.compare import Mismatch
from fives_tools.certify.fuzz.classes import DisagreementClass, Finding
from fives_tools.certify.fuzz.parallel import AdapterSpec
from fives_tools.certify.fuzz.report import rerun
from fives_tools.certify.reports.console import describe_failure
from fives_tools.certify.runner import FAIL, Result
from fives_tools.cli.fuzz import prefix
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
    found = Finding(3, 7, "probe", request, {}, {}, [mismatch])
    line = rerun(prefix(spec, args), DisagreementClass(found))
    scope = ["--game", "five-up", "--level", "play-score", "--players", "2"]
    assert shlex.split(line) == ["fives", "fuzz", *named, *scope, "--seed", "3", "--index", "7"]
