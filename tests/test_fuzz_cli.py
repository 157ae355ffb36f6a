"""`fives fuzz` on the command line: exit statuses, reports, re-runs, candidate fixtures and
the loader's refusal of unreviewed candidates; `pytest --fives-fuzz`."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from fives_tools.certify.cases import FixtureError, load_cases, read_fixture
from fives_tools.cli import main

ROOT = Path(__file__).resolve().parent.parent
BENT = "tests.bent_engines.catalog:RoundsTwoUp"
LAYOUT_BENT = "tests.bent_engines.catalog:DisplayNotDivided"
REFERENCE = "fives_tools.certify.adapters.reference:ReferenceImplementation"
MISBEHAVING = ROOT / "tests" / "misbehaving" / "adapter.py"


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One campaign against a bent engine, with every report and the candidates."""
    out = tmp_path_factory.mktemp("fuzz")
    reports = ["--json", str(out / "f.json"), "--junit", str(out / "f.xml")]
    reports += ["--markdown", str(out / "f.md"), "--save-candidates", str(out / "candidates")]
    code = main(["fuzz", "--python", BENT, "--budget", "120", "--seed", "2", *reports])
    assert code == 1
    return out


def test_the_verdict_is_in_every_report(fuzzed: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads((fuzzed / "f.json").read_text(encoding="utf-8"))
    verdict = data["verdict"]
    assert verdict.startswith("random agreement with the reference engine: 120 requests,")
    assert data["classes"] and data["disagreements"] >= len(data["classes"])
    assert verdict in (fuzzed / "f.md").read_text(encoding="utf-8")
    suite = ET.parse(fuzzed / "f.xml").getroot().find("testsuite")
    assert suite is not None and suite.get("failures") == str(len(data["classes"]))


def test_the_rerun_command_reproduces_the_class(
    fuzzed: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = json.loads((fuzzed / "f.json").read_text(encoding="utf-8"))["classes"][0]
    args = first["rerun"].split()[2:]  # after "fives fuzz"
    assert main(["fuzz", *args, "--json", str(fuzzed / "again.json")]) == 1
    again = json.loads((fuzzed / "again.json").read_text(encoding="utf-8"))
    assert again["requests"] == 1
    assert again["classes"][0]["original_request"] == first["original_request"]
    assert again["classes"][0]["request"] == first["request"]


def test_candidates_are_fixtures_that_the_loader_refuses(fuzzed: Path, tmp_path: Path) -> None:
    candidates = sorted((fuzzed / "candidates").iterdir())
    assert candidates
    yaml_candidates = [p for p in candidates if p.suffix == ".yaml"]
    for path in yaml_candidates:
        assert read_fixture(path, allow_unreviewed=True)["reviewed"] is False
    root = tmp_path / "fixtures"
    root.mkdir()
    shutil.copy(yaml_candidates[0], root / yaml_candidates[0].name)
    with pytest.raises(FixtureError) as refused:
        load_cases(root)
    message = str(refused.value)
    assert yaml_candidates[0].name in message and "field reviewed" in message
    assert "worked" in message and "remove its `reviewed` field" in message


def test_a_promoted_candidate_loads(fuzzed: Path, tmp_path: Path) -> None:
    path = next(p for p in sorted((fuzzed / "candidates").iterdir()) if p.suffix == ".yaml")
    text = path.read_text(encoding="utf-8").replace("reviewed: false\n", "")
    (tmp_path / path.name).write_text(text, encoding="utf-8")
    assert load_cases(tmp_path)


def test_an_unreviewed_perft_record_is_refused(tmp_path: Path) -> None:
    (tmp_path / "p.perft").write_text(
        "id x\ntitle x\nreviewed false\nrules turn.must-play\n"
        "position five-up 2 - [0|0]/[1|1] - 0\nperft 1 1\n",
        encoding="utf-8",
    )
    with pytest.raises(FixtureError, match=r"p\.perft: line 3: field reviewed"):
        load_cases(tmp_path)


def test_no_disagreement_exits_0_and_a_bad_shard_2(capsys: pytest.CaptureFixture[str]) -> None:
    reference = "fives_tools.certify.adapters.reference:ReferenceImplementation"
    assert main(["fuzz", "--python", reference, "--budget", "40", "--shard", "2/2"]) == 0
    assert "20 requests, 0 disagreements in 0 classes" in capsys.readouterr().out
    assert main(["fuzz", "--python", reference, "--shard", "3/2"]) == 2
    assert main(["fuzz", "--python", reference, "--players", "5", "--level", "match-end"]) == 2
    assert main(["fuzz", "--adapter", f"{sys.executable} -c 'raise SystemExit(1)'"]) == 2
    assert "cannot fuzz this implementation" in capsys.readouterr().err


def test_pytest_runs_a_fuzz_campaign(tmp_path: Path) -> None:
    fuzz = ["--fives-fuzz", "--fives-fuzz-budget", "30", "--fives-python", LAYOUT_BENT]
    fuzz += ["--fives-case", "none", str(tmp_path)]
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist", *fuzz],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "random agreement with the reference engine: 30 requests" in proc.stdout
    assert "re-run: fives fuzz --python" in proc.stdout


def _pytest_fuzz(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``pytest --fives-fuzz`` on an empty folder: the campaign is the only item."""
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist"]
    return subprocess.run(
        [*command, "--fives-fuzz", "--fives-case", "none", *args, str(folder)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )


def _misbehaving(mode: str) -> str:
    return f"{sys.executable} {MISBEHAVING} {mode}"


def test_an_implementation_refusing_every_request_gets_its_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A refused script is cut to the prefix the implementation answers, and that prefix
    is not cut again: refusing even the empty script once recursed without end."""
    report = tmp_path / "refused.json"
    args = ["--adapter", _misbehaving("refuse-all"), "--budget", "12", "--json", str(report)]
    assert main(["fuzz", *args]) == 1
    data = json.loads(report.read_text(encoding="utf-8"))
    assert data["requests"] == 12 and data["disagreements"] == 12
    assert "12 requests, 12 disagreements" in capsys.readouterr().out
    proc = _pytest_fuzz(
        tmp_path, "--fives-fuzz-budget", "4", "--fives-adapter", _misbehaving("refuse-all")
    )
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "4 requests, 4 disagreements" in proc.stdout and "RecursionError" not in proc.stdout


def test_an_implementation_crashing_on_every_request_gets_its_report(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["--adapter", _misbehaving("crash-all"), "--level", "match-end", "--no-shrink"]
    assert main(["fuzz", *args, "--budget", "1"]) == 1
    out = capsys.readouterr().out
    assert "1 request, 1 disagreement in 1 class" in out and "the adapter exited" in out


@pytest.mark.parametrize("mode", ["crash", "nan"])
def test_a_request_the_implementation_fails_once_is_a_disagreement(
    mode: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The adapter crashes on (or answers NaN to) its second request, then answers right
    once restarted. Checked again on the reference engine alone, the request was asked of
    the implementation again: the failure vanished and the run found 0 disagreements."""
    command = f"{_misbehaving(mode)} {tmp_path / 'state'}"
    args = ["fuzz", "--adapter", command, "--budget", "10", "--seed", "1", "--no-shrink"]
    assert main(args) == 1
    out = capsys.readouterr().out
    assert "10 requests, 1 disagreement in 1 class" in out


def test_pytest_fuzz_refuses_a_budget_of_zero_and_honours_the_startup_timeout(
    tmp_path: Path,
) -> None:
    for budget in ("0", "-5"):
        proc = _pytest_fuzz(tmp_path, "--fives-fuzz-budget", budget)
        assert proc.returncode == 4, proc.stdout + proc.stderr  # pytest's usage error
        assert "--fives-fuzz-budget: expected a whole number above 0" in proc.stderr
    slow = ["--fives-adapter", _misbehaving("slow-start"), "--fives-startup-timeout", "1"]
    proc = _pytest_fuzz(tmp_path, *slow)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "cannot fuzz this implementation" in proc.stdout
    assert "no answer within 1 s while waiting for the ready message" in proc.stdout


def test_a_player_count_the_implementation_does_not_declare_is_exit_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["fuzz", "--python", REFERENCE, "--players", "7"]) == 2
    assert "declares 2, 3, 4 players, not 7" in capsys.readouterr().err


def test_a_timed_campaign_stops_on_time(capsys: pytest.CaptureFixture[str]) -> None:
    reference = "fives_tools.certify.adapters.reference:ReferenceImplementation"
    assert main(["fuzz", "--python", reference, "--time", "0.3", "--level", "play-score"]) == 0
    verdict = capsys.readouterr().out.strip().splitlines()[-1]
    requests = int(verdict.split(": ")[1].split()[0])
    assert requests > 0 and verdict.endswith("0 disagreements in 0 classes")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--budget", "-1"], "--budget: expected a whole number above 0"),
        (["--time", "nan"], "--time: expected a finite number of seconds above 0"),
        (["--jobs", "0"], "--jobs: expected a whole number above 0"),
        (["--jobs", "100000"], "--jobs: expected at most"),
        (["--index", "-3"], "--index: expected a whole number from 0"),
        (["--timeout", "inf"], "--timeout: expected a finite number of seconds above 0"),
        (["--adapter", ""], "--adapter: empty: name the adapter"),
        (["--game", "fiveup"], "unknown game 'fiveup'; did you mean five-up?"),
        (["--level", "attach"], "unknown level 'attach'; did you mean attach-points?"),
    ],
)
def test_a_bad_option_is_one_line_and_exit_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """An empty adapter must not fuzz the reference engine, nor nan seconds run forever."""
    try:
        code = main(["fuzz", *args])
    except SystemExit as stop:  # argparse's own usage errors
        code = int(stop.code or 0)
    assert code == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_a_report_in_a_missing_folder_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "missing" / "fuzz.json"
    assert main(["fuzz", "--budget", "5", "--python", REFERENCE, "--json", str(target)]) == 2
    assert f"cannot write {target}" in capsys.readouterr().err
    assert not target.parent.exists()  # as every output: no folder made behind one's back


def test_the_html_report_says_it_is_apart_and_escapes_what_the_implementation_said(
    tmp_path: Path,
) -> None:
    adapter = f"{sys.executable} {MISBEHAVING} markup"
    page = tmp_path / "f.html"
    assert main(["fuzz", "--adapter", adapter, "--budget", "4", "--html", str(page)]) == 1
    text = page.read_text("utf-8")
    assert "Reported apart from the conformance certificate" in text
    assert "random agreement with the reference engine: 4 requests" in text
    assert 'id="class-1"' in text and "re-run: <code>fives fuzz --adapter" in text
    assert "<script>" not in text and "&lt;script&gt;" in text  # the reply's markup, escaped
