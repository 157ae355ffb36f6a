"""What every ``fives`` subcommand shares (fives_tools.cli, fives_tools.options): one way
to name an implementation, one reading of timeouts, job counts and paths, one error path
(one line, exit 2, a pointer to ``--help``) and output any console can show."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

import pytest

from fives_tools import options
from fives_tools.cli import build_parser, main

ROOT = Path(__file__).resolve().parent.parent
REFERENCE = "fives_tools.certify.adapters.reference:ReferenceImplementation"


def _subcommands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    found = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(found.choices)


COMMANDS = sorted(_subcommands())

#: What a command cannot run without, so that the option under test is what is wrong.
REQUIRED = {
    "docs": ["--out", "books"],
    "record": ["r.json"],
    "render": ["--fixture", "x"],
    "report": ["r.json"],
}


def _one_usage_line(command: str, argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """Run ``fives command argv``; it must stop with one line naming the command, exit 2."""
    with pytest.raises(SystemExit) as stop:
        main([command, *argv])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err and "usage:" not in err, err
    assert err.startswith(f"fives {command}: ") and err.endswith(f"(see fives {command} --help)\n")
    return err


def test_every_command_is_declared_once_in_the_one_table() -> None:
    assert set(COMMANDS) == {
        "audit",
        "cases",
        "certify",
        "compare",
        "coverage",
        "docs",
        "fuzz",
        "play",
        "record",
        "render",
        "report",
    }


@pytest.mark.parametrize("command", COMMANDS)
def test_an_unknown_option_is_one_line_and_exit_2(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    err = _one_usage_line(command, [*REQUIRED.get(command, []), "--no-such-option"], capsys)
    assert "unrecognized arguments: --no-such-option" in err


@pytest.mark.parametrize("command", COMMANDS)
def test_an_option_missing_its_value_is_one_line_and_exit_2(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    parser = _subcommands()[command]
    wanting = [
        a.option_strings[-1]
        for a in parser._actions
        if a.option_strings and a.nargs is None and not isinstance(a, argparse._HelpAction)
    ]
    assert wanting or command == "record", f"fives {command} has no option taking a value"
    for option in wanting:
        err = _one_usage_line(command, [option], capsys)
        assert "expected one argument" in err


@pytest.mark.parametrize("command", COMMANDS)
def test_an_empty_path_is_refused_by_every_command(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """An unset variable (``--json "$OUT"``) must not quietly mean "no report"."""
    parser = _subcommands()[command]
    paths = [a for a in parser._actions if a.type is options.path]
    if command not in {"cases", "coverage"}:
        assert paths, f"fives {command} reads no path through options.path"
    for action in paths:
        given = [action.option_strings[-1]] if action.option_strings else []
        required = ["--fixture", "x"] if command == "render" else []  # --out, FILE: under test
        err = _one_usage_line(command, [*required, *given, ""], capsys)
        assert "empty: give a file or folder path" in err


@pytest.mark.parametrize("command", ["certify", "compare", "fuzz", "audit"])
def test_every_command_that_talks_to_an_implementation_takes_both_forms(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    parser = _subcommands()[command]
    names = {s for a in parser._actions for s in a.option_strings}
    assert {"--adapter", "--python"} <= names
    err = _one_usage_line(command, ["--adapter", "x='open"], capsys)
    assert "no closing quotation" in err


@pytest.mark.parametrize(
    ("text", "name", "target"),
    [
        ("node='node adapter.js'", "node", "'node adapter.js'"),
        ("node adapter.js", None, "node adapter.js"),
        ("./adapter --mode=fast", None, "./adapter --mode=fast"),
        ("env X=1 ./adapter", None, "env X=1 ./adapter"),
        ("path/to=x", None, "path/to=x"),
        ("v1.2=python a.py", "v1.2", "python a.py"),
    ],
)
def test_a_name_is_optional_before_the_command(text: str, name: str | None, target: str) -> None:
    chosen = options.implementation("adapter", text)
    assert (chosen.name, chosen.target) == (name, target)
    assert chosen.words() == ("--adapter", target)


@pytest.mark.parametrize(
    ("text", "says"), [("=cmd", "name before '=' is empty"), ("x=  ", "x= names nothing")]
)
def test_a_name_that_names_nothing_is_refused(text: str, says: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError, match=says):
        options.implementation("python", text)


def test_certify_shows_the_implementation_under_the_name_given(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["certify", "--python", f"mine={REFERENCE}", "--case", "five-up/layout/*"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "Certificate for mine (" in out


def test_compare_takes_python_adapters_and_numbers_a_name_shown_twice(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["compare", "-q", "--no-reference", "--case", "five-up/layout/*"]
    assert main([*argv, "--python", REFERENCE, "--python", REFERENCE]) == 0
    labels = [line.split(" (", 1)[0] for line in capsys.readouterr().out.splitlines()]
    assert len(labels) == 2 and labels[1] == f"{labels[0]} #2" and labels[0]


def test_the_old_compare_form_still_names_its_column(capsys: pytest.CaptureFixture[str]) -> None:
    command = f"{sys.executable} -m fives_tools.certify.adapters.stdio_server"
    argv = ["compare", "-q", "--case", "five-up/layout/*", "--adapter", f"again={command}"]
    assert main(argv) == 0
    labels = [line.split(" (", 1)[0] for line in capsys.readouterr().out.splitlines()]
    assert labels == ["reference", "again"]


def test_jobs_are_bounded_by_the_cpus(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "cpu_count", lambda: 3)
    most = options.JOBS_PER_CPU * 3
    assert options.jobs(str(most)) == most
    with pytest.raises(argparse.ArgumentTypeError, match=f"at most {most}"):
        options.jobs(str(most + 1))
    monkeypatch.setattr(os, "cpu_count", lambda: None)  # unknown: as one CPU
    with pytest.raises(argparse.ArgumentTypeError):
        options.jobs(str(options.JOBS_PER_CPU + 1))


def test_too_many_jobs_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    too_many = options.JOBS_PER_CPU * (os.cpu_count() or 1) + 1
    err = _one_usage_line("fuzz", ["--jobs", str(too_many)], capsys)
    assert "--jobs: expected at most" in err


def test_an_error_with_text_the_console_cannot_encode_is_escaped() -> None:
    """The one error path writes through the same console-safe streams as the output."""
    env = {**os.environ, "PYTHONIOENCODING": "ascii", "LC_ALL": "C", "LANG": "C"}
    proc = subprocess.run(
        [sys.executable, "-m", "fives_tools.cli", "cases", "--game", "fünf-up"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        check=False,
        timeout=120,
    )
    assert proc.returncode == 2
    err = proc.stderr.decode("ascii")  # nothing but ASCII reached the console
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "f\\xfcnf-up" in err and err.startswith("fives cases: unknown game")


@pytest.mark.parametrize(
    "argv", [["audit", "--adapter", "x", "--games"], ["play", "--seed"], ["fuzz", "--jobs"]]
)
def test_a_huge_value_is_not_echoed_whole(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """A 5000-digit ``--games`` was echoed whole in the one line."""
    err = _one_usage_line(argv[0], [*argv[1:], "9" * 5000], capsys)
    assert len(err) < 300 and "'999999" in err and "... (5002 characters)" in err, err
