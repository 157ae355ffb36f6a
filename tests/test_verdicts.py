"""Verdicts that tell the truth: CERTIFIED only for a whole run with no must failure,
PARTIAL for a filtered run, known failures named in the verdict, and the exit statuses
0 (certified), 1 (not certified) and 2 (the run could not happen)."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from bent_engines.catalog import DisplayNotDivided

from fives_tools.certify.adapters.python import PythonAdapter
from fives_tools.certify.adapters.reference import ReferenceImplementation
from fives_tools.certify.cases import Case, load_cases
from fives_tools.certify.cases.selection import Filters, split
from fives_tools.certify.findings.status import FAIL
from fives_tools.certify.judge.verdict import (
    CERTIFIED,
    KNOWN_FAILURES,
    NOT_CERTIFIED,
    PARTIAL,
    decide,
)
from fives_tools.certify.reports import formats
from fives_tools.certify.reports.console import print_report
from fives_tools.certify.runner import Run, apply_known_failures, run_cases
from fives_tools.cli import main

BENT = "tests.bent_engines.catalog:DisplayNotDivided"
MISBEHAVING = Path(__file__).parent / "misbehaving" / "adapter.py"


def _certify(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main(["certify", *args])
    out, err = capsys.readouterr()
    return code, out, err


def _count(cases: list[Case], game: str, level: str) -> int:
    return sum(c.game == game and c.capability == level for c in cases)


def _verdict_line(out: str) -> str:
    return out.rstrip().splitlines()[-1]


def test_a_filtered_run_of_a_wrong_engine_is_partial_not_certified(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "r.json"
    args = ["--python", BENT, "--game", "five-up", "--level", "attach-points"]
    code, out, _ = _certify(capsys, *args, "--json", str(report))
    line = _verdict_line(out)
    every = load_cases()
    ran = _count(every, "five-up", "attach-points")
    assert line.endswith(f"PARTIAL: {ran} of {len(every)} declared cases ran"), line
    scores = _count(every, "five-up", "play-score")
    assert f"Left out by the filters: five-up (play-score {scores}," in out
    assert code == 0  # a clean partial run: everything that ran passed
    data = json.loads(report.read_text("utf-8"))
    assert data["verdict"]["kind"] == PARTIAL and data["verdict"]["certified"] is False
    assert data["filters"]["level"] == ["attach-points"]
    assert data["verdict"]["left_out"]["five-up"]["play-score"] == scores
    assert data["filters"]["game"] == ["five-up"]


def test_a_run_with_only_known_failures_exits_0_and_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    known = tmp_path / "known.txt"
    known.write_text("five-up/*#play-score  # display points still raw\n", "utf-8")
    args = ["--python", BENT, "--game", "five-up", "--level", "play-score"]
    code, out, _ = _certify(capsys, *args, "--known-failures", str(known))
    assert code == 0
    every = load_cases()
    ran = _count(every, "five-up", "play-score")
    assert re.search(
        rf"NOT CERTIFIED: [1-9]\d* known failures; {ran} of {len(every)} declared cases ran$",
        _verdict_line(out),
    ), out
    assert _certify(capsys, *args, "--known-failures", str(known), "--require-certificate")[0] == 1


@pytest.fixture(scope="module")
def bent_run() -> Run:
    """A whole run of an engine that gets must cases wrong (Five Up's display points)."""
    return run_cases(PythonAdapter(DisplayNotDivided()), load_cases())


def test_failures_make_it_not_certified_and_outweigh_a_partial_run(bent_run: Run) -> None:
    apply_known_failures(bent_run, [])  # other tests list some
    found = decide(bent_run)
    failed = bent_run.count(FAIL)
    assert found.kind == NOT_CERTIFIED and found.text == f"NOT CERTIFIED: {failed} failed"
    assert found.exit_status() == 1
    five_up = [r for r in bent_run.results if r.case.game == "five-up"]
    partial = Run(
        bent_run.adapter,
        five_up,
        filters=Filters.of(games=["five-up"]),
        left_out=[r.case for r in bent_run.results if r.case.game != "five-up"],
    )
    failing = sum(r.status == FAIL for r in five_up)
    total = len(bent_run.results)
    assert decide(partial).text == (
        f"NOT CERTIFIED: {failing} failed; {len(five_up)} of {total} declared cases ran"
    )


def test_an_implementation_defined_difference_is_named_but_does_not_withhold(
    bent_run: Run,
) -> None:
    apply_known_failures(bent_run, [])
    results = [r for r in bent_run.results if r.case.game == "all-fives"]  # no failure there
    other = next(r for r in results if r.case.level == "implementation-defined")
    results = [replace(r, status=FAIL) if r is other else r for r in results]
    found = decide(Run(bent_run.adapter, results))
    assert found.text == "CERTIFIED: 1 implementation-defined case answered otherwise"
    assert found.exit_status(require_certificate=True) == 0


class OnlyAllFives(ReferenceImplementation):
    """The reference engine declaring one game: a filter to that game leaves out nothing."""

    def start(self) -> dict[str, Any]:
        return {**super().start(), "games": ["all-fives"]}


def test_filters_that_leave_out_nothing_declared_still_certify() -> None:
    cases, left_out = split(load_cases(), Filters.of(games=["all-fives"]))
    run = run_cases(PythonAdapter(OnlyAllFives()), cases)
    run.filters, run.left_out = Filters.of(games=["all-fives"]), left_out
    every = len(cases) + len(left_out)
    share = len(cases) * 100 // every
    assert decide(run).kind == CERTIFIED
    assert decide(run).text == (
        f"CERTIFIED for what it declares: {len(cases)} of {every} cases ({share}%)"
    )
    run.left_out = [c for c in left_out if c.game != "all-fives"] + cases[:3]
    share = len(cases) * 100 // (every + 3)
    assert decide(run).text == (
        f"PARTIAL: {len(cases)} of {len(cases) + 3} declared cases ran;"
        f" checked {len(cases)} of {every + 3} cases ({share}%)"
    )


def test_known_failures_are_named_in_the_verdict(bent_run: Run) -> None:
    apply_known_failures(bent_run, ["*#play-score", "*#score-table"])
    found = decide(bent_run)
    text = f"NOT CERTIFIED: {bent_run.count(FAIL)} known failures"
    assert found.kind == KNOWN_FAILURES and found.text == text
    assert found.exit_status() == 0  # the list is the project's own bookkeeping
    assert found.exit_status(require_certificate=True) == 1
    # the glob matches every play-score case, but some of them still fail: nothing to remove
    assert bent_run.fixed == []


def test_a_glob_whose_cases_all_pass_is_reported_once_with_its_count(bent_run: Run) -> None:
    apply_known_failures(bent_run, ["*#play-score", "*#score-table", "all-fives/*#play-score"])
    scores = _count([r.case for r in bent_run.results], "all-fives", "play-score")
    assert bent_run.fixed == [("all-fives/*#play-score", scores)]
    out = io.StringIO()
    print_report(bent_run, out)
    text = out.getvalue()
    assert "1 known-failures entry now passes: remove from the known failures" in text
    assert f"\n  all-fives/*#play-score ({scores} cases)\n" in text
    assert text.count("all-fives/*") == 1
    markdown = formats.to_markdown(bent_run)
    assert "## Known failures now passing" in markdown
    assert f"\n- `all-fives/*#play-score` ({scores} cases)\n" in markdown


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--game", "five_up"], "unknown game 'five_up'; did you mean five-up?"),
        (["--level", "attach"], "unknown level 'attach'; did you mean attach-points?"),
        (["--rule", "score.unit.raws"], "did you mean score.unit.raw"),
        (["--known-failures", "/nonexistent/known.txt"], "cannot read /nonexistent/known.txt"),
        (["--in-process", "--json", "/nonexistent/dir/r.json"], "cannot write"),
        (["--adapter", f"{sys.executable} {MISBEHAVING} no-ready"], "cannot certify"),
        (["--adapter", f"{sys.executable} {MISBEHAVING} bad-version"], "speaks protocol 2.0"),
        (["--adapter", "/nonexistent/adapter"], "cannot certify"),
        (["--adapter", "echo garbage"], "did not start"),
    ],
)
def test_a_run_that_cannot_happen_exits_2_with_one_line(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = _certify(capsys, "-q", "--case", "five-up/layout/diagram-1-2#*", *args)
    assert code == 2
    assert message in err and len(err.strip().splitlines()) == 1, err
    assert "Traceback" not in err


def test_the_exit_statuses_are_in_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["certify", "--help"])
    text = capsys.readouterr().out
    assert "exit status:" in text and "--require-certificate" in text
    assert "2  the run could not happen" in text


def test_an_adapter_that_dies_before_ready_gives_no_traceback() -> None:
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "fives_tools.cli",
            "certify",
            "-q",
            "--adapter",
            f"{sys.executable} {MISBEHAVING} no-ready",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert proc.stderr.startswith("fives certify: cannot certify this implementation:")
