"""The benchmark command runs on a tiny workload and reports every measurement.

Only that it works is checked here, never how fast anything is: timings belong in the
committed reports of ``benchmarks/results/``, not in assertions.
"""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import cast

import pytest

from benchmarks.report import Results, _suite

ROOT = Path(__file__).resolve().parent.parent

SECTIONS = [
    "Headline",
    "Machine",
    "Random playouts",
    "The peers",
    "OpenSpiel games",
    "Per-play cost",
    "Perft",
    "Certification",
    "Fuzzing",
    "Test suite",
    "Peak memory",
    "OpenSpiel bot",
    "Method",
]
TABLES = [
    "five-up, 2 players",
    "five-up, 3 players",
    "five-up, 4 partners",
    "exact-61, 2 players",
    "exact-61, 3 players",
    "exact-61, 4 partners",
    "all-fives, 2 players",
    "all-fives, 3 players",
    "all-fives, 4 partners",
    "all-fives, 4 alone",
]


def _section(report: str, title: str) -> str:
    return report.split(f"## {title}\n", 1)[1].split("\n## ", 1)[0]


def test_the_quick_benchmark_reports_every_section(tmp_path: Path) -> None:
    out = tmp_path / "results" / "report.md"
    proc = subprocess.run(
        [sys.executable, "-m", "benchmarks", "--quick", "--out", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    report = out.read_text(encoding="utf-8")
    assert report == proc.stdout
    assert re.findall(r"^## (.+)$", report, re.M) == SECTIONS
    assert "quick workload" in report.splitlines()[0]

    playouts = _section(report, "Random playouts")
    for table in TABLES:
        # actions/hand, then the plain engine's and the fast path's actions/s and ratio
        row = rf"^\| {re.escape(table)} \| [\d.]+ \| [\d,]+ \| [\d,]+ \| [\d.]+x \|"
        assert re.search(row, playouts, re.M)
    peers = _section(report, "The peers")
    assert "| dominoes 6.1.0, 4 partners |" in peers
    headline = _section(report, "Headline")
    for measure in ("against dominoes 6.1.0", "plays 20-28 against 1-5", "subprocess protocol"):
        assert measure in headline
    for path in ("fast path", "plain engine"):
        assert f"against dominoes 6.1.0 (all tables), {path}" in headline
        assert f"plays 20-28 against 1-5 (worst game), {path}" in headline
    assert "| **all** |" in _section(report, "Perft")
    certification = _section(report, "Certification")
    assert re.search(r"^\| \d+ \| \d+ \| \d+ \| [\d.]+x \|", certification, re.M)
    fuzzing = _section(report, "Fuzzing")
    assert re.search(r"^\| protocol: python .+ \| layout requests \| 2 \| 20 \|", fuzzing, re.M)
    assert "(compared test by test): yes" in _section(report, "Test suite")
    assert len(re.findall(r"^\| .+ \| [\d.]+ \|$", _section(report, "Peak memory"), re.M)) == 3
    bot = _section(report, "OpenSpiel bot")
    if importlib.util.find_spec("pyspiel") is None:
        assert bot.lstrip().startswith("Not run: the `openspiel` extra")
        assert "OpenSpiel is not installed" in peers
    else:
        assert re.search(
            r"^\| python_block_dominoes \(open-spiel [\d.]+\), 2 players \|", peers, re.M
        )
        assert "against OpenSpiel python_block_dominoes (all tables), fast path" in headline
        assert "our OpenSpiel games against OpenSpiel's Python dominoes (every table)" in headline
        games = _section(report, "OpenSpiel games")
        for row in (
            "fives_all_fives(players=4,partnerships=false,per_hand=true)",
            "python_team_dominoes",
        ):
            assert re.search(
                rf"^\| `{re.escape(row)}` \| [\d.]+ \| [\d.]+ \| [\d,]+ \|", games, re.M
            )
        for kind in ("MCTS", "IS-MCTS"):
            for game in ("fives_five_up", "fives_exact_61", "fives_all_fives"):
                row = rf"^\| {kind} \| `{game}\(per_hand=true\)` \| 1 \| 2 \| \d+% \|"
                assert re.search(row, bot, re.M)


def test_a_skipped_test_suite_timing_says_so() -> None:
    """``--skip-pytest`` leaves the suite timing out (``suite=None``); the report says why
    rather than leaving the section empty. Checked on the section itself: running the
    benchmark again only for this line would cost a quarter of a minute."""
    assert _suite(cast(Results, SimpleNamespace(suite=None))) == ["Skipped (`--skip-pytest`)."]


def test_the_audit_stream_benchmark_measures_each_audit_on_its_own(tmp_path: Path) -> None:
    """Each audit's peak is its own child's (wait4), not the largest of every child so far:
    a small log measured after a large one must not report the large one's peak."""
    from benchmarks import audit_stream

    small, large = tmp_path / "small.jsonl", tmp_path / "large.jsonl"
    actions = audit_stream.write_log(small, 1)
    assert actions == sum(
        len(h["actions"]) for h in json.loads(small.read_text("utf-8").splitlines()[0])["hands"]
    )
    audit_stream.write_log(large, 3)
    lines = large.read_text("utf-8").splitlines()
    assert len(lines) == 3 and len(set(lines)) == 3  # other matches, not one again
    hog = [sys.executable, "-c", "b = bytearray(300 << 20); b[::4096] = b'x' * len(b[::4096])"]
    subprocess.run(hog, check=True)  # a child of 300 MiB before the audit
    peak, seconds = audit_stream.audit(small)
    assert 0 < peak < 250 and seconds > 0
    # nor the benchmark's own: a process that grew to 300 MiB (a pytest worker after big
    # tests did) passed its peak to a child it started straight (vfork, then exec)
    grown = bytearray(300 << 20)
    grown[::4096] = b"x" * len(grown[::4096])
    assert audit_stream.audit(small)[0] < 250
    del grown


def test_the_suite_is_timed_once_with_its_outcomes(capsys: pytest.CaptureFixture[str]) -> None:
    """`python -m benchmarks.test_suite_time -n N`: one run, its row of the report's table;
    a failing selection exits 1."""
    from benchmarks.test_suite_time import main

    chosen = "tests/test_make_certify.py::test_make_certify_installs_the_package_alone"
    assert main(["-n", "1", chosen]) == 0
    row = capsys.readouterr().out.strip()
    assert re.fullmatch(r"\| `-n 1` \(pytest-xdist\) \| \d+\.\d \| 1 passed \|", row), row
    assert main(["-n", "1", "tests/test_make_certify.py::no_such_test"]) == 1


def test_the_audit_fast_benchmark_reports_the_three_paths_side_by_side(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Each path's row, what reading costs, where the fast replay's time goes, the load."""
    from benchmarks.audit_fast import main

    assert main(["--matches", "1", "--rounds", "1"]) == 0
    out = capsys.readouterr().out
    for path in ("reference replay", "fast replay", "fast playouts", "reading the log"):
        assert re.search(rf"^\| {path}[^|]* \| \d+\.\d\d \| [\d,]+ \|$", out, re.M), path
    assert "0 divergences" in out and "fives_fast/hand.py" in out
    assert out.count("load average at") == 2


def test_the_audit_command_benchmark_runs_the_command_on_each_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A row per log, the wrong logs' divergences one a hand, the reading table, the load;
    each audit's peak is its own process's, not what the benchmark held when it started it."""
    from benchmarks import audit_command

    argv = ["--size", "40K", "--full-size", "20K", "--wrong-sizes", "40K,80K"]
    assert audit_command.main([*argv, "--logs", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    rows = [line.split(" | ") for line in out.splitlines() if line.startswith("| ")]
    runs = [row for row in rows if row[0] in ("| minimal", "| full", "| wrong")]
    assert [row[0] for row in runs] == ["| minimal", "| full", "| wrong", "| wrong"]
    assert [row[-1] for row in runs] == ["0 |", "0 |", "1 |", "1 |"]
    hands = [int(n) for n in (tmp_path / "wrong-40960.counts").read_text().split()][:1]
    assert [int(runs[2][-2].replace(",", ""))] == hands  # a divergence at every hand
    assert sum("msgspec" in row[0] for row in rows) == 1 and out.count("load average at") == 2
    hog = bytearray(256 << 20)
    hog[::4096] = b"x" * len(hog[::4096])  # the benchmark holds 256 MiB when it starts one
    log = audit_command.Log("minimal", tmp_path / "minimal.jsonl", 1, 1)
    peak = audit_command.audit(log)[2]
    del hog
    assert 0 < peak < 200
