"""Real misbehaving adapter programs: each misbehaviour costs only the case at hand, is
diagnosed in words, never hangs the run, and no child process outlives it."""

from __future__ import annotations

import io
import json
import re
import signal
import subprocess
import sys
import threading
import time
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest

from fives_tools.certify.adapters.interface import AdapterRefused
from fives_tools.certify.adapters.program import SubprocessAdapter
from fives_tools.certify.cases import Case, load_cases
from fives_tools.certify.findings.status import ERROR, FAIL, PASS
from fives_tools.certify.reports import comparison, formats
from fives_tools.certify.reports.console import print_report
from fives_tools.certify.reports.html import certificate_html, comparison_html
from fives_tools.certify.runner import Run, run_cases, select
from fives_tools.cli import main

PROGRAM = Path(__file__).parent / "misbehaving" / "adapter.py"


@pytest.fixture(scope="module")
def cases() -> list[Case]:
    return select(load_cases(), games=["five-up"], patterns=["five-up/layout/diagram-*"])[:5]


def adapter(mode: str, tmp_path: Path, **kw: float) -> SubprocessAdapter:
    return SubprocessAdapter([sys.executable, str(PROGRAM), mode, str(tmp_path / "state")], **kw)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("mode", "diagnosis"),
    [
        ("crash", "the adapter exited (code 7)"),
        ("hang", "no answer within 1 s"),
        ("invalid-json", "invalid JSON on stdout"),
        ("bad-utf8", "a message that is not UTF-8 on stdout (byte "),
        ("nan", "unreadable JSON on stdout (NaN is not a JSON number)"),
        ("stray-stdout", "stray output on stdout"),
        ("wrong-seq", "wrong sequence number: expected 2, got 3"),
        ("schema", "reply breaks the schema: total: 'five' is not of type 'integer'"),
        ("huge", "exceeds the limit of 1048576 bytes"),
        ("deep-json", "nested too deeply"),
        ("close-stdout", "closed its stdout but is still running"),
    ],
)
def test_one_misbehaviour_costs_one_case_and_the_run_goes_on(
    mode: str, diagnosis: str, cases: list[Case], tmp_path: Path
) -> None:
    run = run_cases(adapter(mode, tmp_path, timeout=1.0), cases)
    statuses = [r.status for r in run.results]
    assert statuses == [PASS, ERROR, PASS, PASS, PASS], [(r.status, r.message) for r in run.results]
    assert diagnosis in run.results[1].message


def test_a_crash_shows_the_tail_of_stderr(cases: list[Case], tmp_path: Path) -> None:
    run = run_cases(adapter("crash", tmp_path), cases)
    assert "simulated crash" in run.results[1].message


def test_an_unknown_protocol_version_is_refused_with_a_clear_message(tmp_path: Path) -> None:
    with pytest.raises(AdapterRefused, match=r"speaks protocol 2.0, this runner speaks 1.0"):
        adapter("bad-version", tmp_path).start()


@pytest.mark.parametrize(
    ("mode", "reason"),
    [
        ("no-ready", "the adapter exited (code 3) while we waited for the ready message"),
        ("bom", "a byte-order mark"),
        ("slow-start", "no answer within 1 s while waiting for the ready message"),
        ("no-players", "players: [] should be non-empty"),
    ],
)
def test_a_failed_start_is_refused_in_one_line(mode: str, reason: str, tmp_path: Path) -> None:
    with pytest.raises(AdapterRefused) as refused:
        adapter(mode, tmp_path, start_timeout=1).start()
    assert reason in str(refused.value)
    assert "\n" not in str(refused.value)


def test_the_start_up_timeout_is_its_own(tmp_path: Path) -> None:
    """A long per-case timeout does not stretch the wait for ``ready``."""
    slow = adapter("slow-start", tmp_path, timeout=60, start_timeout=0.5)
    with pytest.raises(AdapterRefused, match=r"within 0\.5 s"):
        slow.start()


def test_an_adapter_that_does_not_read_its_input_cannot_hang_the_run(tmp_path: Path) -> None:
    many = select(load_cases(), games=["five-up"], levels=["play-score"])[:30]
    done: list[Run] = []
    worker = threading.Thread(
        target=lambda: done.append(run_cases(adapter("no-read", tmp_path, timeout=0.5), many)),
        daemon=True,
    )
    worker.start()
    worker.join(timeout=120)
    assert done, "the runner blocked writing to an adapter that does not read"
    assert any("stopped reading its input" in r.message for r in done[0].results)


def test_a_stderr_flood_keeps_only_a_bounded_tail(cases: list[Case], tmp_path: Path) -> None:
    run = run_cases(adapter("stderr-flood", tmp_path), cases)
    message = run.results[1].message
    assert run.results[1].status == ERROR
    assert message.endswith("END-OF-FLOOD") and len(message) < 5000


def test_a_command_that_does_not_exist_is_refused() -> None:
    with pytest.raises(AdapterRefused, match="cannot start"):
        SubprocessAdapter(["/nonexistent/fives-adapter"]).start()


def _running(pid: int) -> bool:
    status = Path(f"/proc/{pid}/status")
    if not status.exists():
        return False
    state = next(line for line in status.read_text().splitlines() if line.startswith("State:"))
    return "Z" not in state.split()[1]


def _gone(pid: int) -> bool:
    deadline = time.monotonic() + 5  # SIGKILL is delivered asynchronously
    while _running(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    return not _running(pid)


def _all_gone(pid_file: Path) -> bool:
    return all(_gone(int(pid)) for pid in pid_file.read_text().split())


@pytest.mark.parametrize(
    ("mode", "errors"),
    [
        ("grandchild", 0),  # stays in the adapter's session
        ("grandchild-setsid", 0),  # leaves it
        ("orphan", 1),  # leaves it, and its parent crashes: only the marker finds it
    ],
)
def test_no_child_process_outlives_the_run(
    mode: str, errors: int, cases: list[Case], tmp_path: Path
) -> None:
    run = run_cases(adapter(mode, tmp_path), cases)
    assert run.count(ERROR) == errors and run.count(PASS) == len(cases) - errors
    assert _all_gone(tmp_path / "state.pid")
    for result in run.results:
        if result.status == ERROR:  # a crash is told as one, though its orphan holds stdout
            assert "the adapter exited (code 7)" in result.message, result.message


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
def test_a_signal_to_the_runner_ends_the_adapter_session(signum: int, tmp_path: Path) -> None:
    """The run ends as interrupted (exit 2), not as the implementation's failure, and its
    partial report says so."""
    command = f"{sys.executable} {PROGRAM} hang {tmp_path / 'state'}"
    runner = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "fives_tools.cli",
            "certify",
            "-q",
            "--adapter",
            command,
            "--timeout",
            "600",
            "--case",
            "five-up/layout/diagram-1-*",
            "--json",
            str(tmp_path / "report.json"),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    hanging = tmp_path / "state.hanging"  # the adapter hangs on the second case
    deadline = time.monotonic() + 60
    while not hanging.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    runner.send_signal(signum)
    out, err = runner.communicate(timeout=30)
    name = signal.Signals(signum).name
    assert runner.returncode == 2, err
    assert "Traceback" not in err and f"interrupted by {name}" in err
    assert "INTERRUPTED" in out and "NOT CERTIFIED" not in out
    report = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    assert report["verdict"]["kind"] == "interrupted"
    assert report["interrupted"] == {"signal": name, "cases_run": 1, "cases_selected": 20}
    assert report["counts"]["error"] == 0  # the case it was on is not the adapter's error
    assert _gone(int((tmp_path / "state.adapter-pid").read_text()))
    assert _all_gone(tmp_path / "state.pid")


def test_a_hang_up_under_nohup_neither_ends_the_adapter_nor_fails_its_case(
    tmp_path: Path,
) -> None:
    """Started ignoring SIGHUP (``nohup``), the runner ended the adapter on a hang-up and
    went on: the interrupted case was reported as the implementation's failure."""
    command = f"{sys.executable} {PROGRAM} pause {tmp_path / 'state'}"
    certify = [sys.executable, "-m", "fives_tools.cli", "certify", "-q", "--adapter", command]
    runner = subprocess.Popen(
        [*certify, "--timeout", "600", "--case", "five-up/layout/diagram-1-*"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGHUP, signal.SIG_IGN),  # as nohup does
    )
    paused = tmp_path / "state.hanging"  # the adapter pauses on the second case
    deadline = time.monotonic() + 60
    while not paused.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    runner.send_signal(signal.SIGHUP)
    out, err = runner.communicate(timeout=120)
    assert runner.returncode == 0, out + err
    assert (tmp_path / "state").read_text() == "1"  # one start: never ended, never restarted


def test_certify_refuses_an_adapter_that_does_not_start_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    command = f"{sys.executable} {PROGRAM} bom {tmp_path / 'state'}"
    case = "five-up/layout/diagram-1-2*"
    assert main(["certify", "-q", "--adapter", command, "--case", case]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("fives certify: cannot certify this implementation: it did not start")
    assert "byte-order mark" in err and "\n" not in err


@pytest.mark.parametrize(
    "args",
    [
        ["--timeout", "nan"],
        ["--timeout", "inf"],
        ["--timeout", "-1"],
        ["--timeout", "0"],
        ["--startup-timeout", "nan"],
        ["--adapter", ""],
        ["--adapter", "  "],
        ["--python", ""],
    ],
)
def test_bad_adapter_options_are_usage_errors(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["certify", *args])
    assert exited.value.code == 2
    err = capsys.readouterr().err  # one line and where to read more, not the usage block
    assert err.startswith("fives certify: argument ") and err.count("\n") == 1
    assert err.endswith(" (see fives certify --help)\n")


@pytest.mark.parametrize("mode", ["hostile-text", "hostile-reply"])
def test_text_from_the_adapter_is_escaped_in_every_report(
    mode: str, cases: list[Case], tmp_path: Path
) -> None:
    run = run_cases(adapter(mode, tmp_path), cases)
    assert run.results[1].status == ERROR
    console = io.StringIO()
    print_report(run, console)
    formats.write_junit(run, tmp_path / "junit.xml")
    formats.write_json(run, tmp_path / "report.json")
    formats.write_markdown(run, tmp_path / "c.md")
    ET.parse(tmp_path / "junit.xml")  # still well-formed XML
    json.loads((tmp_path / "report.json").read_text("utf-8"))
    shown = {
        "console": console.getvalue(),
        "markdown": (tmp_path / "c.md").read_text("utf-8"),
        "junit": (tmp_path / "junit.xml").read_text("utf-8"),
        "json": (tmp_path / "report.json").read_text("utf-8"),
    }
    for where, text in shown.items():
        for bad in ("\x1b", "\x00", "\x07", "\r", "\u202e", "\x85"):
            assert bad not in text, (where, bad)
        assert "CERTIFIED" not in [line.strip() for line in text.splitlines()], where
    assert "evil\\x1b[2J" in shown["console"]  # escaped, still readable


def test_markup_from_the_adapter_stays_text_in_the_markdown_reports(
    cases: list[Case], tmp_path: Path
) -> None:
    """A Markdown report is often shown as HTML: an adapter's name, version or message must
    not become a tag, an event handler, a link or a way out of its code block."""
    run = run_cases(adapter("markup", tmp_path), cases)
    assert run.results[1].status == ERROR
    entry = comparison.Entry("evil<b>", run, "fives certify")
    for text in (formats.to_markdown(run), comparison.to_markdown([entry], "fives compare")):
        fences = [line for line in text.splitlines() if line.startswith("```")]
        assert "````" in fences  # the error's block: longer than the message's ```
        markup = re.sub(r"^(`{3,})$.*?^\1$", "", text, flags=re.MULTILINE | re.DOTALL)
        for bad in ("<script", "<img", "<b>"):
            assert bad not in markup  # inside a code block it is only text
        assert not re.search(r"(?<!\\)\]\(javascript:", markup)  # a link, unless escaped
        assert "&lt;script&gt;" in markup and "\\[site\\](javascript:alert(3))" in markup
        assert "*em*" not in markup and "_u_" not in markup  # no emphasis: \\*em\\*
    # a command holding backticks stays one code span (its fence is longer than they are)
    command = "fives compare --adapter 'x=`rm -rf ~`'"
    assert f"- command: ``{command}``" in comparison.to_markdown([entry], command)
    run.command = command
    assert f"- command: ``{command}``" in formats.to_markdown(run)


class _Markup(HTMLParser):
    """The elements and attributes of an HTML page that could run or link out."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "img", "iframe", "object"):
            self.found.append(tag)
        for name, value in attrs:
            if name.startswith("on") or (value or "").strip().lower().startswith("javascript:"):
                self.found.append(f"{tag} {name}={value}")


def test_markup_from_the_adapter_stays_text_in_the_html_reports(
    cases: list[Case], tmp_path: Path
) -> None:
    """The certificate's and the comparison's pages (templates with autoescape) show an
    adapter's name, version, messages and wrong answers as text: no element, event handler
    or link of theirs, in the failures drawn too."""
    run = run_cases(adapter("markup", tmp_path), cases)
    assert [r.status for r in run.results[1:3]] == [ERROR, FAIL]
    entry = comparison.Entry("evil<b><script>alert(5)</script>", run, "fives certify")
    pages = {
        "certificate": certificate_html(entry),
        "comparison": comparison_html([entry], "fives compare <i>`x`</i>"),
    }
    for where, page in pages.items():
        found = _Markup()
        found.feed(page)
        assert found.found == [], (where, found.found)
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page, where
        assert "onerror=alert(2)" in page and "href=javascript:alert(4)" in page  # as text
    answers = re.findall(r'<table class="answers">.*?</table>', pages["certificate"], re.DOTALL)
    assert any("&lt;img src=x onerror=alert(2)&gt;" in table for table in answers)  # the reply
    assert "<i>" not in pages["comparison"] and "&lt;i&gt;`x`&lt;/i&gt;" in pages["comparison"]


def test_a_field_of_its_own_inside_a_replys_score_is_no_mismatch(tmp_path: Path) -> None:
    """spec/protocol.md: a reply may always carry more fields, inside ``score`` too."""
    scored = [c for c in select(load_cases(), patterns=["five-up/layout/*"]) if "score" in c.expect]
    run = run_cases(adapter("score-note", tmp_path), scored[:3])
    assert len(run.results) == 3
    assert [r.status for r in run.results] == [PASS] * 3, [r.message for r in run.results]
