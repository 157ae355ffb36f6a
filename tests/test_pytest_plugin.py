"""`pytest --fives-adapter` / `--fives-python` run the suite's cases inside any pytest run."""

from __future__ import annotations

import os
import re
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import psutil

from fives_tools.certify.adapters.reference import ReferenceImplementation
from fives_tools.certify.cases import load_cases
from fives_tools.certify.cases.levels import LAYOUT_FIELDS

ROOT = Path(__file__).resolve().parent.parent
BENT = "tests.bent_engines.catalog:DisplayNotDivided"


def _pytest(
    tmp_path: Path, *args: str, quiet: bool = True, autoload: bool = False
) -> subprocess.CompletedProcess[str]:
    """pytest in an empty folder: the only tests are the ones the plugin adds.

    The plugin is loaded by name, other plugins not at all (a second a run saved), except
    with ``autoload``, where pytest finds it through its entry point as a user's run does."""
    load = [] if autoload else ["-p", "fives_tools.pytest_plugin"]
    env = {**os.environ, "COLUMNS": "300"}
    if not autoload:
        env["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            *(["-q"] if quiet else []),
            "-p",
            "no:cacheprovider",
            "-p",
            "no:xdist",
            *load,
            *args,
            str(tmp_path),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        env=env,
    )


def test_a_protocol_adapter_is_certified_case_by_case(tmp_path: Path) -> None:
    proc = _pytest(
        tmp_path,
        "--fives-adapter",
        f"{sys.executable} -m fives_tools.certify.adapters.stdio_server",
        "--fives-case",
        "all-fives/layout/all-fives-diagram-1-*",
        autoload=True,  # the plugin found by its entry point, every other plugin loaded too
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "20 passed" in proc.stdout  # five fixtures, four levels each


def test_a_bent_engine_fails_with_the_certificate_text(tmp_path: Path) -> None:
    proc = _pytest(
        tmp_path,
        "--fives-python",
        "tests.bent_engines.catalog:DisplayNotDivided",
        "--fives-game",
        "five-up",
        "--fives-level",
        "score-table",
    )
    assert proc.returncode == 1
    assert "FAILED" in proc.stdout and "fives::five-up/scoring/total-15#score-table" in proc.stdout
    assert "score.unit.display" in proc.stdout


class LayoutLevelsOnly(ReferenceImplementation):
    """The reference engine declaring only the layout levels."""

    def start(self) -> dict[str, Any]:
        return {**super().start(), "levels": list(LAYOUT_FIELDS)}


def test_undeclared_levels_are_skipped_with_a_reason(tmp_path: Path) -> None:
    adapter = f"tests.test_pytest_plugin:{LayoutLevelsOnly.__name__}"
    proc = _pytest(
        tmp_path, "--fives-python", adapter, "--fives-case", "exact-61/settlement/*", "-rs"
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "does not declare the level settlement" in proc.stdout


def test_the_summary_says_what_the_cases_that_ran_cover(tmp_path: Path) -> None:
    adapter = f"tests.test_pytest_plugin:{LayoutLevelsOnly.__name__}"
    args = ("--fives-game", "exact-61", "--fives-level", "play-score")
    proc = _pytest(tmp_path, "--fives-python", adapter, *args)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    every = load_cases()
    ran = sum(c.game == "exact-61" and c.capability == "play-score" for c in every)
    of_game = sum(c.game == "exact-61" for c in every)
    assert f"fives: Covers {ran} of {len(every)} cases ({ran * 100 // len(every)}%)" in proc.stdout
    assert (
        f"  Exact 61 Five Up: {ran} of {of_game} cases checked (levels play-score;"
        " 2, 3 and 4 players); not checked: score-table (" in proc.stdout
    )
    assert "left out by the filters (" in proc.stdout


def test_an_adapter_that_cannot_be_loaded_is_a_usage_error(tmp_path: Path) -> None:
    proc = _pytest(tmp_path, "--fives-python", "no_such_module:Adapter")
    assert proc.returncode == 4
    assert "cannot import 'no_such_module'" in proc.stderr


def test_an_adapter_and_a_python_adapter_together_are_a_usage_error(tmp_path: Path) -> None:
    """``fives certify`` refuses the pair; the plugin certified one of the two and passed."""
    python = "fives_tools.certify.adapters.reference:ReferenceImplementation"
    proc = _pytest(tmp_path, "--fives-adapter", "no-such-program", "--fives-python", python)
    assert proc.returncode == 4, proc.stdout + proc.stderr
    assert "--fives-adapter and --fives-python: give one, not both" in proc.stderr


def test_the_summary_blames_only_the_rule_a_rounded_total_breaks(tmp_path: Path) -> None:
    """The issue's Five Up adapter, whose only bug rounds a total to the nearest 5: every
    line of pytest's short summary names the scoring rule, none a rule it gets right."""
    proc = _pytest(
        tmp_path,
        "--fives-python",
        "tests.bent_engines.catalog:RoundsTotalToNearestFive",
        "--fives-case",
        "five-up/layout/*",
        "-rf",
    )
    failed = [line for line in proc.stdout.splitlines() if line.startswith("FAILED ")]
    assert failed, proc.stdout + proc.stderr
    for line in failed:
        assert " - score.play.multiple-of-five: your ends total " in line, line
        assert "crosswise" not in line and "spinner" not in line, line


def test_markers_counts_summary_and_a_rerun_hint_that_works_when_pasted(tmp_path: Path) -> None:
    (tmp_path / "test_project.py").write_text(
        'def test_project():\n    assert False, "the project test ran"\n', "utf-8"
    )
    proc = _pytest(
        tmp_path,
        "--strict-markers",
        "--fives-python",
        BENT,
        "--fives-case",
        "five-up/scoring/total-1*",
        "-m",
        "must and five_up and score_table",
        "-rf",
        quiet=False,
    )
    out = proc.stdout
    assert proc.returncode == 1, out + proc.stderr
    assert "collected 5 items / 1 deselected / 4 selected" in out
    assert "2 failed, 2 passed, 1 deselected" in out
    assert (
        "fives::five-up/scoring/total-15#score-table - score.unit.display: your raw score 15"
        " is right; in display points it is 3; you said 15 (score: display: expected 3,"
        " got 15)\n" in out
    )
    causes = out.index("fives: likely causes")
    assert causes < out.index("short test summary info")
    assert out[causes:].splitlines()[1].startswith("1. score.unit.display: implicated by 2")
    hint = re.search(r"re-run: (pytest .*total-15#score-table')", out)
    assert hint is not None, out
    pasted = subprocess.run(
        [sys.executable, "-m", *shlex.split(hint.group(1)), "-p", "no:cacheprovider"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert pasted.returncode == 1, pasted.stdout + pasted.stderr
    assert "1 failed, 1 deselected" in pasted.stdout
    assert "the project test ran" not in pasted.stdout


def test_known_failures_are_expected_failures(tmp_path: Path) -> None:
    known = tmp_path / "known.txt"
    known.write_text("five-up/*#score-table  # display points are still raw\n", "utf-8")
    proc = _pytest(
        tmp_path,
        "--fives-python",
        BENT,
        "--fives-case",
        "five-up/scoring/total-1*",
        "--fives-known-failures",
        str(known),
        "-rxX",
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "2 xfailed, 2 xpassed" in proc.stdout
    assert "known failure (listed as 'five-up/*#score-table')" in proc.stdout
    # an XPASS names the entry to remove, and the file
    assert (
        f"passes, listed as a known failure by 'five-up/*#score-table': remove that entry"
        f" from {known} once every case it matches passes"
    ) in proc.stdout


def test_a_misspelt_known_failure_is_refused_with_the_closest_case(tmp_path: Path) -> None:
    known = tmp_path / "known.txt"
    known.write_text("five-up/scoring/total-10#score-tabel\n", "utf-8")
    proc = _pytest(tmp_path, "--fives-python", BENT, "--fives-known-failures", str(known))
    assert proc.returncode == 4
    assert (
        "known-failures entry 'five-up/scoring/total-10#score-tabel' matches no case;"
        " did you mean five-up/scoring/total-10#score-table"
    ) in proc.stderr


def test_a_misspelt_game_is_a_usage_error_naming_the_valid_ones(tmp_path: Path) -> None:
    proc = _pytest(tmp_path, "--fives-python", BENT, "--fives-game", "fiveup")
    assert proc.returncode == 4
    assert "unknown game 'fiveup'; did you mean five-up?" in proc.stderr


def test_a_failed_start_is_tried_once_and_is_one_error(tmp_path: Path) -> None:
    """An adapter that cannot start is one error with its reason, and the session stops
    there (every case errored with the same words before: 76 errors, 233 lines)."""
    state = tmp_path / "state"
    (tmp_path / "empty").mkdir()
    program = ROOT / "tests" / "misbehaving" / "adapter.py"
    proc = _pytest(
        tmp_path / "empty",
        "--fives-adapter",
        f"{sys.executable} {program} no-ready {state}",
        "--fives-case",
        "five-up/layout/diagram-1-2#*",
    )
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert state.read_text() == "1"  # started once, not once per case
    assert "1 error" in proc.stdout and "4 errors" not in proc.stdout, proc.stdout
    assert "Traceback" not in proc.stdout
    assert "cannot certify this implementation: it did not start" in proc.stdout


def test_a_misspelt_marker_that_deselects_everything_is_named(tmp_path: Path) -> None:
    proc = _pytest(tmp_path, "--fives-python", BENT, "-m", "five_upp and must")
    assert proc.returncode == 5, proc.stdout + proc.stderr
    assert "names no marker: five_upp (did you mean five_up?)" in proc.stdout, proc.stdout
    right = _pytest(tmp_path, "--fives-python", BENT, "-m", "five_up and nothing_of_the_kind")
    assert "names no marker: nothing_of_the_kind" in right.stdout, right.stdout
    assert "five_up" not in right.stdout.split("names no marker:")[1]


def test_a_failed_start_is_one_line_for_a_test_using_the_adapter_fixture(tmp_path: Path) -> None:
    (tmp_path / "test_uses_it.py").write_text(
        "def test_it(fives_adapter):\n    assert fives_adapter\n", "utf-8"
    )
    program = ROOT / "tests" / "misbehaving" / "adapter.py"
    proc = _pytest(
        tmp_path,
        "--fives-adapter",
        f"{sys.executable} {program} no-ready {tmp_path / 'state'}",
        "--fives-case",
        "nothing-matches",
    )
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "1 error" in proc.stdout and "Traceback" not in proc.stdout
    assert "fives: cannot certify this implementation: it did not start" in proc.stdout


def test_bad_timeouts_and_an_empty_adapter_are_usage_errors(tmp_path: Path) -> None:
    bad = (
        ("--fives-timeout", "nan"),
        ("--fives-startup-timeout", "0"),
        ("--fives-adapter", " "),
        ("--fives-python", ""),
    )
    for args in bad:
        proc = _pytest(tmp_path, *args)
        assert proc.returncode == 4, args


def test_a_signal_interrupts_the_run_instead_of_failing_the_case(tmp_path: Path) -> None:
    """SIGTERM to pytest while the adapter works on a case: the run stops as interrupted
    (pytest's status 2), the adapter and what it started are ended, and the case it was on
    is not reported as the implementation's failure (a SystemExit inside the test was a
    failed case, and the run went on with a restarted adapter)."""
    state = tmp_path / "state"
    program = ROOT / "tests" / "misbehaving" / "adapter.py"
    env = {**os.environ, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
    run = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist"]
    run += ["-p", "fives_tools.pytest_plugin", "--fives-timeout", "600"]
    run += ["--fives-adapter", f"{sys.executable} {program} hang {state}"]
    run += ["--fives-case", "five-up/layout/diagram-1-*", str(tmp_path / "tests")]
    (tmp_path / "tests").mkdir()
    proc = subprocess.Popen(run, cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 120
        while not state.with_suffix(".hanging").exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        adapter = psutil.Process(int(state.with_suffix(".adapter-pid").read_text()))
        grandchild = psutil.Process(int(state.with_suffix(".pid").read_text().split()[0]))
        proc.send_signal(signal.SIGTERM)
        out, _ = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert proc.returncode == 2, out
    assert "Interrupted" in out and "failed" not in out.splitlines()[-1]
    assert state.read_text() == "1"  # never restarted
    _, alive = psutil.wait_procs([adapter, grandchild], timeout=30)
    assert not alive


def test_a_case_of_a_reading_answered_otherwise_is_counted_apart(tmp_path: Path) -> None:
    """An implementation-defined case answered otherwise is an expected failure naming its
    reading, as ``fives certify`` counts it apart: it fails no run; a must case still does."""
    proc = _pytest(
        tmp_path,
        "--fives-python",
        "tests.bent_engines.catalog:FourAloneTargetOfTwo",
        "--fives-game",
        "all-fives",
        "--fives-level",
        "match-end",
        "-rx",
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert re.search(r"\d+ xfailed", proc.stdout), proc.stdout
    assert "implementation-defined (all-fives.four-players): answered otherwise" in proc.stdout
    must = _pytest(
        tmp_path, "--fives-python", BENT, "--fives-case", "five-up/scoring/total-1*"
    )
    assert must.returncode == 1, must.stdout + must.stderr
