"""The `fives` command as a newcomer runs it."""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from fives_tools.certify.adapters.reference import ReferenceAdapter
from fives_tools.certify.cases import load_cases
from fives_tools.certify.reports.console import print_report
from fives_tools.certify.runner import run_cases, select
from fives_tools.cli import build_parser, main, use_colour
from fives_tools.text import plural


def test_certify_with_no_arguments_certifies_the_reference_engine(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["certify"]) == 0
    out = capsys.readouterr().out
    for title in ("Five Up (five-up)", "Exact 61 Five Up (exact-61)", "All Fives (all-fives)"):
        assert title in out
    assert "layout.spinner.first-double" in out and "CERTIFIED" in out and " 0 failed" in out


def test_certify_filters_by_game_rule_and_case(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["certify", "--game", "all-fives", "--rule", "layout.spinner.first-double"]) == 0
    out = capsys.readouterr().out
    assert "Five Up (five-up)" not in out and "All Fives (all-fives)" in out
    assert main(["certify", "--case", "exact-61/layout/diagram-1-*"]) == 0
    assert "20 passed" in capsys.readouterr().out
    assert main(["certify", "--case", "nothing/*"]) == 2


def test_cases_dump_writes_every_case_as_json(tmp_path: Path) -> None:
    target = tmp_path / "cases.json"
    assert main(["cases", "--dump", str(target)]) == 0
    cases = json.loads(target.read_text("utf-8"))["cases"]
    assert {"id", "game", "rules", "level", "sources", "request", "expect"} <= set(cases[0])
    assert any(c["id"] == "five-up/layout/diagram-1-2#play-score" for c in cases)
    neutral = next(c for c in cases if c["id"].endswith("exact-61-block-three-players#settlement"))
    (alternative,) = neutral["alternatives"]
    assert alternative["interpretation"] == "exact-61.block-zero-event"
    assert alternative["expect"]["events"] != neutral["expect"]["events"]


def test_the_console_script_runs() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "fives_tools.cli", "coverage"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert "score.unit.raw" in proc.stdout


def test_version_names_the_suite_protocol_and_engine(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert re.fullmatch(
        r"fives \S+: suite \S+, protocol \S+, reference engine \S+\n", capsys.readouterr().out
    )


@pytest.mark.parametrize(
    ("argv", "line", "where"),
    [
        (["certify", "--colour"], "fives certify: unrecognized arguments: --colour", "certify"),
        (["frobnicate"], "fives: argument command: invalid choice: 'frobnicate'", ""),
        (["cases", "--game"], "fives cases: argument --game: expected one argument", "cases"),
    ],
)
def test_a_usage_error_is_one_line_with_a_help_hint(
    argv: list[str], line: str, where: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(line) and err.count("\n") == 1 and "usage:" not in err
    assert err.endswith(f" (see {' '.join(['fives', where]).strip()} --help)\n")


def test_every_subcommand_is_described() -> None:
    parser = build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    listed = {choice.dest: choice.help for choice in commands._choices_actions}
    for name, sub in commands.choices.items():
        assert listed.get(name), f"fives --help lists no help for {name}"
        assert sub.description, f"fives {name} --help has no description"


def test_a_closed_pipe_ends_quietly() -> None:
    proc = subprocess.run(
        f"{shlex.quote(sys.executable)} -m fives_tools.cli cases | head -n 1",
        shell=True,
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.stdout.count("\n") == 1
    assert proc.stderr == ""


def test_colour_only_on_a_terminal_without_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    assert use_colour(Terminal()) and not use_colour(io.StringIO())
    monkeypatch.setenv("NO_COLOR", "1")
    assert not use_colour(Terminal())
    run = run_cases(
        ReferenceAdapter(), select(load_cases(), patterns=["five-up/layout/diagram-1-2#*"])
    )
    painted, plain = io.StringIO(), io.StringIO()
    print_report(run, painted, colour=True)
    print_report(run, plain)
    assert "\x1b[1;32mCERTIFIED\x1b[0m" in painted.getvalue()
    assert "\x1b[" not in plain.getvalue()


def test_cases_of_a_misspelt_game_suggest_the_valid_names(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["cases", "--game", "five-upp"]) == 2
    err = capsys.readouterr().err
    assert err == (
        "fives cases: unknown game 'five-upp'; did you mean five-up?"
        " (the games: five-up, exact-61, all-fives) (see fives cases --help)\n"
    )


def test_an_unreadable_known_failures_file_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "known.txt"
    bad.write_bytes(b"\xff\xfe")
    for path, reason in ((tmp_path / "none.txt", "No such file"), (bad, "not UTF-8 text")):
        assert main(["certify", "--in-process", "--known-failures", str(path)]) == 2
        err = capsys.readouterr().err
        assert f"cannot read {path}: {reason}" in err and "Traceback" not in err


def test_a_python_adapter_without_a_module_name_is_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["certify", "--python", ":Adapter"]) == 2
    err = capsys.readouterr().err
    assert "cannot import ''" in err and "Traceback" not in err


def test_coverage_lists_which_cases_exercise_a_rule(capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert main(["coverage", "--rule", "score.ends.outer-end"]) == 0
    listed = {line.strip() for line in capsys.readouterr().out.splitlines()}
    own = {c.id for c in load_cases() if "score.ends.outer-end" in c.rules}
    assert own and own <= listed
    assert any(line.startswith("score.ends.outer-end in Five Up (five-up): ") for line in listed)
    assert main(["coverage", "--rule", "score.end.outer-end"]) == 2
    assert "did you mean score.ends.outer-end" in capsys.readouterr().err


def test_counts_agree_with_their_nouns() -> None:
    assert [plural(n, "error") for n in (0, 1, 2)] == ["0 errors", "1 error", "2 errors"]
    assert plural(1, "class") == "1 class" and plural(3, "class") == "3 classes"
    assert plural(2, "passing case") == "2 passing cases"


@pytest.mark.parametrize(
    "args",
    [
        ["certify", "--adapter", "python 'adapter.py"],
        ["fuzz", "--adapter", "python 'adapter.py"],
        ["audit", "--adapter", "python 'adapter.py"],
        ["compare", "--adapter", "mine=python 'adapter.py"],
    ],
)
def test_an_unbalanced_quote_in_an_adapter_command_is_a_usage_error(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(args)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert '--adapter: no closing quotation in "python \'adapter.py"' in err.splitlines()[-1]
    assert "Traceback" not in err


def test_an_unbalanced_quote_in_fives_adapter_is_pytests_usage_error(tmp_path: Path) -> None:
    pytest_run = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:xdist"]
    proc = subprocess.run(
        [*pytest_run, "--fives-adapter", "python 'adapter.py", str(tmp_path)],
        cwd=Path(__file__).resolve().parent.parent,
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 4, proc.stdout + proc.stderr  # not 3, an INTERNALERROR
    assert "--fives-adapter: no closing quotation" in proc.stderr


@pytest.mark.parametrize("encoding", ["ascii", "cp1252"])
def test_the_default_adapter_speaks_utf8_whatever_the_console(encoding: str) -> None:
    """The reference engine's program inherits the console's encoding: it died on an en dash
    under ASCII, and under cp1252 sent bytes the runner read as a wrong answer, so the
    reference engine was NOT CERTIFIED. The protocol is UTF-8 whatever the console."""
    env = {**os.environ, "PYTHONIOENCODING": encoding, "LC_ALL": "C", "LANG": "C"}
    proc = subprocess.run(
        [sys.executable, "-m", "fives_tools.cli", "certify", "-q", "--case", "five-up/layout/*"],
        cwd=Path(__file__).resolve().parent.parent,
        env=env,
        capture_output=True,
        check=False,
        timeout=300,
    )
    out = proc.stdout.decode(encoding, "replace")
    assert proc.returncode == 0, out + proc.stderr.decode(encoding, "replace")
    assert "0 failed, 0 errors" in out and "UnicodeEncodeError" not in out


#: Runs the ``fives`` script as it is installed (the console script pyproject.toml
#: declares), with a Ctrl-C arriving while the commands' modules are still being imported
#: (the first third of a second of a run).
_CTRL_C_WHILE_LOADING = """
import os, signal, sys
from importlib.metadata import entry_points
class CtrlC:
    def find_spec(self, name, path=None, target=None):
        if name == "fives_tools.cli.certify":
            os.kill(os.getpid(), signal.SIGINT)
sys.meta_path.insert(0, CtrlC())
(script,) = entry_points(group="console_scripts", name="fives")
sys.argv = ["fives", "cases"]
sys.exit(script.load()())
"""


def test_ctrl_c_while_the_command_loads_is_interrupted_not_a_traceback() -> None:
    proc = subprocess.run(
        [sys.executable, "-c", _CTRL_C_WHILE_LOADING],
        cwd=Path(__file__).resolve().parent.parent,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr == "fives: interrupted by SIGINT while starting; nothing was run\n"
    assert proc.stdout == ""


def test_a_console_that_is_not_utf8_gets_escapes_not_a_traceback() -> None:
    """An ASCII locale or Windows' redirected output cannot encode the titles' quotes."""
    env = {**os.environ, "PYTHONIOENCODING": "ascii", "LC_ALL": "C", "LANG": "C"}
    proc = subprocess.run(
        [sys.executable, "-m", "fives_tools.cli", "cases", "--game", "five-up"],
        cwd=Path(__file__).resolve().parent.parent,
        env=env,
        capture_output=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr.decode("ascii", "replace")
    assert b"UnicodeEncodeError" not in proc.stderr
    out = proc.stdout.decode("ascii")  # nothing but ASCII reached the console
    assert re.search(r"\\u[0-9a-f]{4}|\\x[0-9a-f]{2}", out)
