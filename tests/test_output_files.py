"""Every file the `fives` command writes is written whole or not at all: a missing or
read-only folder, a folder in the file's place, or a full disk give one line naming the
path and exit status 2, never a traceback, and never leave a partial file behind."""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from observed import minimal_example

from fives_tools import cli, files
from fives_tools.book import build_books
from fives_tools.book.model import Book
from fives_tools.certify.cases import Case, load_cases

CASE = "five-up/layout/diagram-1-2#play-score"

#: output -> (the command before the target, the target's name, whether it is a folder)
OUTPUTS: dict[str, tuple[list[str], str, bool]] = {
    "json": (["certify", "--in-process", "-q", "--case", CASE, "--json"], "report.json", False),
    "junit": (["certify", "--in-process", "-q", "--case", CASE, "--junit"], "junit.xml", False),
    "markdown": (["certify", "--in-process", "-q", "--case", CASE, "--markdown"], "c.md", False),
    "badges": (["certify", "--in-process", "-q", "--case", CASE, "--badges"], "badges", True),
    "html": (["certify", "--in-process", "-q", "--case", CASE, "--html"], "c.html", False),
    "compare --markdown": (["compare", "-q", "--case", CASE, "--markdown"], "c.md", False),
    "compare --html": (["compare", "-q", "--case", CASE, "--html"], "c.html", False),
    "cases --dump": (["cases", "--case", CASE, "--dump"], "cases.json", False),
    "play -o": (["play", "--seed", "3", "-o"], "match.json", False),
    "render -o": (["render", "--plays", "[1|4]", "--game", "five-up", "-o"], "t.dot", False),
    "docs --out": (["docs", "--game", "five-up", "--out"], "book", True),
}


@pytest.fixture(scope="module")
def built() -> tuple[list[Case], list[Book]]:
    return [c for c in load_cases() if c.id == CASE], build_books(["five-up"])


@pytest.fixture(autouse=True)
def _built_once(monkeypatch: pytest.MonkeyPatch, built: tuple[list[Case], list[Book]]) -> None:
    """The cases are read and the books built once: these tests are about writing."""
    cases, books = built
    for command in ("certify", "suite", "compare"):
        monkeypatch.setattr(f"fives_tools.cli.{command}.load_cases", lambda: cases)
    monkeypatch.setattr("fives_tools.cli.docs.build_books", lambda games=None, **_: books)


def _fives(output: str, target: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """Run the command writing ``output`` to ``target``: its exit status and stderr."""
    args, _, _ = OUTPUTS[output]
    code = cli.main([*args, str(target)])
    captured = capsys.readouterr()
    if code == 2 and output in ("json", "junit", "markdown", "badges", "html"):
        assert "CERTIFIED" in captured.out  # the certificate is printed before the write fails
    return code, captured.err


def _refused(
    output: str, target: Path, capsys: pytest.CaptureFixture[str], reason: str, named: Path
) -> None:
    """Writing ``output`` to ``target`` fails with one line naming ``named``, exit 2."""
    code, err = _fives(output, target, capsys)
    assert code == 2, err
    assert "Traceback" not in err and str(named) in err and reason in err, err
    assert err.strip().count("\n") == 0, err


def _mount_tmpfs(where: Path, options: str) -> None:
    if os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs needs root")
    where.mkdir()
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(where)],
        capture_output=True,
        check=False,
    )
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode().strip()}")


@pytest.fixture
def read_only(tmp_path: Path) -> Iterator[Path]:
    """A folder nobody can write to: a read-only tmpfs as root, else mode 555."""
    folder = tmp_path / "read-only"
    if os.geteuid() == 0:
        _mount_tmpfs(folder, "ro,size=64k")
        yield folder
        subprocess.run(["umount", str(folder)], check=True)
    else:
        folder.mkdir(mode=0o555)
        yield folder
        folder.chmod(0o755)


@pytest.fixture
def full_disk(tmp_path: Path) -> Iterator[Path]:
    """A tiny tmpfs filled to the last byte."""
    folder = tmp_path / "full"
    _mount_tmpfs(folder, "size=64k")
    yield folder
    subprocess.run(["umount", str(folder)], check=True)


def _fill(folder: Path) -> None:
    fd = os.open(folder / "filler", os.O_WRONLY | os.O_CREAT)
    try:
        while os.write(fd, b"\0" * 4096):
            pass
    except OSError:
        pass
    finally:
        os.close(fd)


@pytest.mark.parametrize("output", list(OUTPUTS))
def test_a_missing_folder(output: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, name, is_folder = OUTPUTS[output]
    target = tmp_path / "missing" / "deeper" / name
    if is_folder:  # an output folder is created with its parents
        assert _fives(output, target, capsys)[0] == 0
        assert any(target.iterdir())
    else:
        _refused(output, target, capsys, "No such file or directory", target)
        assert not (tmp_path / "missing").exists()


@pytest.mark.parametrize("output", list(OUTPUTS))
def test_a_read_only_folder(
    output: str, read_only: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = read_only / OUTPUTS[output][1]
    reason = "Read-only file system" if os.geteuid() == 0 else "Permission denied"
    _refused(output, target, capsys, reason, target)
    assert not any(read_only.iterdir())


@pytest.mark.parametrize("output", list(OUTPUTS))
def test_the_wrong_kind_of_thing_in_the_targets_place(
    output: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / OUTPUTS[output][1]
    if OUTPUTS[output][2]:  # a file where the folder goes
        target.write_text("a file\n")
        _refused(output, target, capsys, "not a folder", target)
    else:  # a folder where the file goes
        target.mkdir()
        _refused(output, target, capsys, "it is a folder", target)


@pytest.mark.parametrize("output", list(OUTPUTS))
def test_a_full_disk_leaves_the_old_file_whole(
    output: str, full_disk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, name, is_folder = OUTPUTS[output]
    target = full_disk / name
    old = target  # the file written first: its previous version must stay whole
    if is_folder:
        target.mkdir()
        old = target / ("five-up.html" if output == "docs --out" else "five-up.json")
    old.write_text("the previous version\n")
    _fill(full_disk)
    named = target if output == "docs --out" else old  # docs checks its folder first
    _refused(output, target, capsys, "No space left on device", named)
    assert old.read_text() == "the previous version\n"
    assert not [p for p in full_disk.rglob("*") if p.name.endswith(".tmp")]


def test_a_link_is_followed_and_a_device_is_written_in_place(tmp_path: Path) -> None:
    real = tmp_path / "real.json"
    real.write_text("old\n")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    files.write_text(link, "new\n")
    assert link.is_symlink() and real.read_text() == "new\n"
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with subprocess.Popen(["cat", str(fifo)], stdout=subprocess.PIPE) as reader:
        files.write_text(fifo, "through a pipe\n")
        assert reader.communicate(timeout=10)[0] == b"through a pipe\n"
    assert fifo.is_fifo()


@pytest.mark.parametrize("value", [float("nan"), float("inf"), -float("inf")])
def test_a_value_json_cannot_hold_is_refused_and_the_old_file_kept(
    value: float, tmp_path: Path
) -> None:
    """Python writes NaN and Infinity into "JSON" that other readers (Node's) refuse."""
    target = tmp_path / "report.json"
    target.write_text("{}\n", encoding="utf-8")
    with pytest.raises(files.WriteError, match=f"cannot write {target}: Out of range float"):
        files.write_json(target, {"total": value})
    assert target.read_text(encoding="utf-8") == "{}\n"
    assert [p.name for p in tmp_path.iterdir()] == ["report.json"]


@pytest.mark.parametrize(
    "items",
    [[], [{}], [{"what": "é\n", "at": [1, {"k": None}], "got": "\ud800"}, [[]], "s", 3]],
)
def test_a_list_written_item_by_item_is_the_text_written_whole(
    items: list[object], tmp_path: Path
) -> None:
    """A report whose divergences are written one at a time reads as one written whole."""
    data: dict[str, object] = {"report": "audit", "divergences": None, "after": {"n": [1]}}
    whole, by_item = tmp_path / "whole.json", tmp_path / "items.json"
    files.write_json(whole, {**data, "divergences": items})
    files.write_json_items(by_item, data, "divergences", iter(items))
    assert by_item.read_bytes() == whole.read_bytes()


def test_an_item_json_cannot_hold_leaves_the_old_file_whole(tmp_path: Path) -> None:
    """Refused mid-write: the file is not replaced, no temporary file is left."""
    target = tmp_path / "report.json"
    target.write_text("{}\n", encoding="utf-8")
    items = ({"total": value} for value in (1.0, float("nan")))
    with pytest.raises(files.WriteError, match=f"cannot write {target}: Out of range float"):
        files.write_json_items(target, {"divergences": None}, "divergences", items)
    assert target.read_text(encoding="utf-8") == "{}\n"
    assert [p.name for p in tmp_path.iterdir()] == ["report.json"]


@pytest.mark.parametrize(
    "args",
    [
        ["certify", "--in-process", "--json", "r", "--markdown", "r"],
        ["fuzz", "--budget", "1", "--json", "r", "--junit", "./r"],
        ["compare", "--markdown", "r", "--json", "r"],
        ["audit", "--json", "r", "--markdown", "r"],
        ["audit", "--markdown", "r", "--html", "r"],
    ],
)
def test_two_outputs_on_one_path_are_refused_before_the_run(
    args: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Else the second report silently replaces the first."""
    monkeypatch.chdir(tmp_path)
    assert cli.main(args) == 2
    assert "both name" in capsys.readouterr().err.splitlines()[-1]
    assert not (tmp_path / "r").exists()


@pytest.mark.parametrize("report", ["--json", "--markdown", "--junit", "--html"])
def test_a_report_where_a_badge_goes_is_refused_before_the_run(
    report: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--badges b --json b/five-up.json``: the Five Up badge silently replaced the report."""
    monkeypatch.chdir(tmp_path)
    args = ["certify", "--in-process", "--case", "five-up/layout/diagram-1-1*", "--badges", "b"]
    assert cli.main([*args, report, "b/five-up.json"]) == 2
    err = capsys.readouterr().err.splitlines()[-1]
    assert f"{report} and --badges (five-up.json) both name b/five-up.json" in err
    assert not (tmp_path / "b").exists()


@pytest.mark.parametrize("output", list(OUTPUTS))
def test_an_interrupted_write_leaves_no_temporary_file(
    output: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ctrl-C while the data goes to disk: the temporary file beside the target was left
    behind (hidden, ``.name.XXXX.tmp``), the old file stays whole."""
    _, name, is_folder = OUTPUTS[output]
    target = tmp_path / name

    def interrupted(fd: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(files.os, "fsync", interrupted)
    args, _, _ = OUTPUTS[output]
    assert cli.main([*args, str(target)]) == 2
    assert "fives: interrupted by SIGINT" in capsys.readouterr().err
    assert not [p.name for p in tmp_path.rglob("*") if p.name.endswith(".tmp")]
    assert is_folder or not target.exists()


def _diverging(path: Path) -> Path:
    record = minimal_example()
    record["hands"][0]["actions"][8]["score"] = 7  # no multiple of 5: divergence 1
    path.write_text(json.dumps(record), "utf-8")
    return path


@pytest.mark.parametrize("report", ["--json", "--markdown", "--html"])
@pytest.mark.parametrize(
    "name", ["divergence-1.json", "divergence-1.svg", "divergence-12.table.json", "."]
)
def test_a_report_where_a_prefix_goes_is_refused_before_the_run(
    report: str,
    name: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--prefixes P --json P/divergence-1.json``: the prefix the re-run command audits
    silently replaced the report (or the report the prefix); ``--markdown P/...svg``, the
    picture the report links to."""
    monkeypatch.chdir(tmp_path)
    record = _diverging(tmp_path / "r.json")
    target = os.path.normpath(f"P/{name}")
    assert cli.main(["audit", str(record), "--prefixes", "P", report, target]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"fives audit: {report} {target} is " in err, err
    assert not (tmp_path / "P").exists()


def test_an_earlier_runs_prefixes_are_cleared_and_nothing_else(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An earlier run's ``divergence-7.*`` stayed beside the new files, unmarked, looking
    like this run's; files the audit never names stay."""
    folder = tmp_path / "P"
    folder.mkdir()
    old = ["divergence-7.json", "divergence-7.table.json", "divergence-7.svg"]
    others = ["notes.txt", "divergence-x.json", "divergence-7.json.bak"]
    for name in old + others:
        (folder / name).write_text("earlier", "utf-8")
    (folder / "divergence-1.json").write_text("earlier", "utf-8")
    record = _diverging(tmp_path / "r.json")
    assert cli.main(["audit", str(record), "--prefixes", str(folder)]) == 1
    capsys.readouterr()
    left = {p.name for p in folder.iterdir()}
    assert not left & set(old) and set(others) <= left
    assert (folder / "divergence-1.json").read_text("utf-8") != "earlier"  # this run's
