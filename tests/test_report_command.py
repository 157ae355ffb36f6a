"""``fives report``: a saved certificate, fuzz report or audit report renders again from
its JSON, without an adapter, byte for byte as the run wrote it (console, Markdown, HTML,
JUnit); saved certificates combine into the comparison ``fives compare`` writes and into
a conformance site; a report that cannot be read is one line naming the file and field."""

from __future__ import annotations

import html
import json
import re
import shlex
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from fives_tools.certify import saved
from fives_tools.certify.adapters.interface import AdapterInfo
from fives_tools.certify.fuzz.campaign import Outcome
from fives_tools.certify.reports import formats, fuzz
from fives_tools.cli import main
from fives_tools.cli.compare import combine

BENT = "tests.bent_engines.catalog:CountsInteriorSpinner"
REFERENCE = "fives_tools.certify.adapters.reference:ReferenceImplementation"
FORMS = ("markdown", "html", "junit")


def _run(
    capsys: pytest.CaptureFixture[str], argv: list[str], folder: Path, stem: str
) -> tuple[int, dict[str, bytes]]:
    """Run ``fives ARGV`` writing each form under ``folder/stem.*``: its exit status, and
    every form's bytes with the console's."""
    paths = {form: folder / f"{stem}.{form}" for form in FORMS}
    written = [w for form, path in paths.items() for w in (f"--{form}", str(path))]
    capsys.readouterr()
    code = main([*argv, *written])
    out = capsys.readouterr().out
    forms = {form: path.read_bytes() for form, path in paths.items() if path.exists()}
    return code, {**forms, "console": out.encode("utf-8")}


def _again(
    capsys: pytest.CaptureFixture[str], report: Path, folder: Path, forms: dict[str, bytes]
) -> tuple[int, dict[str, bytes]]:
    """``fives report REPORT --console`` with the forms the run wrote, into ``folder``."""
    paths = {form: folder / f"again.{form}" for form in forms if form != "console"}
    argv = ["report", str(report), "--console"]
    for form, path in paths.items():
        argv += [f"--{form}", str(path)]
    capsys.readouterr()
    code = main(argv)
    out = capsys.readouterr().out
    again = {form: path.read_bytes() for form, path in paths.items()}
    return code, {**again, "console": out.encode("utf-8")}


def _same(first: dict[str, bytes], again: dict[str, bytes]) -> None:
    assert set(first) == set(again)
    for form, data in first.items():
        assert again[form] == data, f"the {form} rendered again differs"


def test_a_certificate_renders_again_byte_for_byte(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """With failures, a known failure, the own games, a fuzz campaign and the date and
    duration (read from the JSON): every form is the run's own."""
    known = tmp_path / "known.txt"
    known.write_text("five-up/layout/diagram-1-4#connections\n", "utf-8")
    report = tmp_path / "run.json"
    argv = ["certify", "--python", BENT, "--game", "five-up", "--fuzz", "40"]
    argv += ["--known-failures", str(known), "--json", str(report)]
    argv += ["--badges", str(tmp_path / "badges")]
    code, first = _run(capsys, argv, tmp_path, "run")
    assert code == 1 and set(first) == {*FORMS, "console"}
    text = first["markdown"].decode("utf-8")
    assert "- date: " in text and "Own games" in text and "Fuzz (compared" in text
    assert b"known failure" in first["console"] and b"FAIL" in first["console"]
    again_code, again = _again(capsys, report, tmp_path, first)
    assert again_code == code
    _same(first, again)
    assert main(["report", str(report), "--badges", str(tmp_path / "again")]) == code
    badges = sorted(path.name for path in (tmp_path / "badges").iterdir())
    assert badges == ["five-up.json"]
    for name in badges:
        assert (tmp_path / "again" / name).read_bytes() == (tmp_path / "badges" / name).read_bytes()


def test_a_certificate_is_the_same_run_read_back(tmp_path: Path) -> None:
    """The run read back writes the JSON it was read from (nothing lost, nothing added)."""
    path = tmp_path / "run.json"
    argv = ["certify", "-q", "--in-process", "--case", "all-fives/layout/*"]
    assert main([*argv, "--json", str(path)]) == 0
    data = json.loads(path.read_text("utf-8"))
    found = saved.load(path)
    assert isinstance(found, saved.Certificate)
    assert formats.to_json(found.run, found.rerun) == data


def test_a_fuzz_report_renders_again_byte_for_byte(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "fuzz.json"
    argv = ["fuzz", "--python", BENT, "--budget", "80", "--json", str(report)]
    code, first = _run(capsys, argv, tmp_path, "fuzz")
    assert code == 1 and b"class 1: " in first["console"]
    assert json.loads(report.read_text("utf-8"))["classes"][0]["shrunk"] in (True, False)
    again_code, again = _again(capsys, report, tmp_path, first)
    assert again_code == code
    _same(first, again)


def test_an_audit_report_renders_again_byte_for_byte(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """With the prefixes written (the re-run commands name them), and where the rest of
    the divergences are: the JSON report, named as given."""
    report = tmp_path / "audit.json"
    argv = ["audit", "--python", BENT, "--game", "five-up", "--json", str(report)]
    argv += ["--prefixes", str(tmp_path / "prefixes")]
    paths = {form: tmp_path / f"audit.{form}" for form in FORMS}
    capsys.readouterr()
    code = main([*argv, *(w for form, path in paths.items() for w in (f"--{form}", str(path)))])
    first = {form: path.read_bytes() for form, path in paths.items()}
    first["console"] = capsys.readouterr().out.encode("utf-8")
    assert code == 1 and b"record prefix: " in first["markdown"]
    assert str(report).encode("utf-8") in first["console"]
    again_code, again = _again(capsys, report, tmp_path, first)
    assert again_code == code
    _same(first, again)
    cases = ET.fromstring(first["junit"]).iter("testcase")
    failed = [case.get("name") for case in cases if case.find("failure") is not None]
    assert "score.ends.double-interior-zero" in failed


def _certify(target: str, path: Path) -> None:
    argv = ["certify", "-q", "--python", target, "--case", "all-fives/layout/*"]
    argv += ["--no-timestamps", "--own-games", "0", "--json", str(path)]
    main(argv)


def _commands(text: str, *commands: str) -> str:
    for command in commands:
        text = text.replace(command, "COMMAND")
    return text


def test_saved_certificates_combine_into_the_comparison_fives_compare_writes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The same runs, compared by ``fives compare`` and combined from their certificates
    by ``fives report``: the same Markdown and HTML, but for the command that made them."""
    compared = ["compare", "-q", "--no-reference", "--python", REFERENCE, "--python", BENT]
    compared += ["--case", "all-fives/layout/*", "--no-timestamps", "--own-games", "0"]
    compared += ["--markdown", str(tmp_path / "c.md"), "--html", str(tmp_path / "c.html")]
    assert main(compared) == 0
    _certify(REFERENCE, tmp_path / "a.json")
    _certify(BENT, tmp_path / "b.json")
    combined = ["report", str(tmp_path / "a.json"), str(tmp_path / "b.json")]
    combined += ["--markdown", str(tmp_path / "r.md"), "--html", str(tmp_path / "r.html")]
    capsys.readouterr()
    assert main(combined) == 0
    assert capsys.readouterr().out == ""  # files asked: no console unless --console
    lines = [shlex.join(["fives", *compared]), shlex.join(["fives", *combined])]
    lines += [html.escape(line) for line in lines]  # as the HTML page shows them
    for form in ("md", "html"):
        first = _commands((tmp_path / f"c.{form}").read_text("utf-8"), *lines)
        again = _commands((tmp_path / f"r.{form}").read_text("utf-8"), *lines)
        assert "COMMAND" in first and again == first
    assert "| rule | fives reference engine | bent: " in (tmp_path / "r.md").read_text("utf-8")
    found = saved.load(tmp_path / "a.json")
    assert isinstance(found, saved.Certificate)
    twice = combine([(None, found.run, found.rerun)] * 2 + [("named", found.run, "")])
    assert [entry.label for entry in twice] == [
        "fives reference engine",
        "fives reference engine #2",
        "named",
    ]


def test_saved_certificates_build_a_conformance_site(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An index with the rules by implementation, each name linking to its page (its
    certificate as ``fives report A.json --html`` writes it), and its badges."""
    _certify(REFERENCE, tmp_path / "a.json")
    _certify(BENT, tmp_path / "b.json")
    site = tmp_path / "site"
    capsys.readouterr()
    argv = ["report", str(tmp_path / "a.json"), str(tmp_path / "b.json"), "--site", str(site)]
    assert main([*argv, "--console"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2 and "PARTIAL" in lines[0] and "NOT CERTIFIED" in lines[1]
    index = (site / "index.html").read_text("utf-8")
    pages = re.findall(r'<a href="([^"#/]+\.html)"><b>', index)
    assert len(pages) == 2 and "<th>rule</th>" in index
    assert main(["report", str(tmp_path / "b.json"), "--html", str(tmp_path / "b.html")]) == 1
    assert (site / pages[1]).read_text("utf-8") == (tmp_path / "b.html").read_text("utf-8")
    badges = re.findall(r'badge: <a href="([^"]+)">all-fives</a>', index)
    assert len(badges) == 2
    badge = json.loads((site / badges[1]).read_text("utf-8"))
    assert badge["schemaVersion"] == 1 and badge["color"] == "red"


def _bad(tmp_path: Path, capsys: pytest.CaptureFixture[str], *names: str) -> str:
    capsys.readouterr()
    assert main(["report", *(str(tmp_path / name) for name in names)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "Traceback" not in err
    return err


def _edited(tmp_path: Path, name: str, edit: Any) -> None:
    data = json.loads((tmp_path / "a.json").read_text("utf-8"))
    edit(data)
    (tmp_path / name).write_text(json.dumps(data), "utf-8")


def test_a_report_that_cannot_be_read_is_one_line_naming_the_file_and_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _certify(REFERENCE, tmp_path / "a.json")
    (tmp_path / "garbage.json").write_text("{not json", "utf-8")
    assert "garbage.json: not a JSON report: line 1, column 2" in _bad(
        tmp_path, capsys, "garbage.json"
    )
    _edited(tmp_path, "kind.json", lambda d: d.update(report="poem"))
    assert "kind.json: field report: expected one of certificate, fuzz, audit" in _bad(
        tmp_path, capsys, "kind.json"
    )
    _edited(tmp_path, "old.json", lambda d: d.pop("report"))
    assert "old.json: field report: missing" in _bad(tmp_path, capsys, "old.json")
    _edited(tmp_path, "status.json", lambda d: d["cases"][3].pop("status"))
    assert "status.json: field cases[3].status: missing" in _bad(tmp_path, capsys, "status.json")
    _edited(tmp_path, "typed.json", lambda d: d["cases"][0].update(seconds="soon"))
    assert "typed.json: field cases[0].seconds: expected a number, found str" in _bad(
        tmp_path, capsys, "typed.json"
    )
    _edited(tmp_path, "gone.json", lambda d: d["cases"][0].update(id="all-fives/nothing#x"))
    assert "gone.json: field cases[0].id: no case all-fives/nothing#x" in _bad(
        tmp_path, capsys, "gone.json"
    )
    _edited(tmp_path, "cut.json", lambda d: d.update(interrupted={"signal": "SIGTERM"}))
    assert "cut.json: field interrupted: a signal stopped the run" in _bad(
        tmp_path, capsys, "cut.json"
    )
    assert "missing.json: cannot read" in _bad(tmp_path, capsys, "missing.json")
    (tmp_path / "audit.json").write_text(json.dumps({"report": "audit"}), "utf-8")
    assert "audit.json: field divergences: missing" in _bad(tmp_path, capsys, "audit.json")
    (tmp_path / "fuzz.json").write_text(json.dumps({"report": "fuzz"}), "utf-8")
    assert "fuzz.json: field implementation: missing" in _bad(tmp_path, capsys, "fuzz.json")
    info = AdapterInfo("x", "Python", "1", "1", ("all-fives",), ("attach-points",))
    (tmp_path / "fuzz.json").write_text(json.dumps(fuzz.to_json(Outcome(info, 0), "f")), "utf-8")
    assert "fuzz.json: field report: a fuzz report; a comparison combines certificates" in _bad(
        tmp_path, capsys, "a.json", "fuzz.json"
    )


def test_a_refused_script_is_cut_where_it_went_wrong_and_read_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A wrong next leader refuses the next hand's first action (``bad-request``). The
    case is cut to the most actions the engine answers; there its leader differs, which
    names the lead rule, not every rule of the script. The cut is kept in the JSON, so
    the certificate renders again the same."""
    report = tmp_path / "run.json"
    bent = "tests.bent_engines.catalog:NextLeaderCountedFromTheLeader"
    argv = ["certify", "--python", bent, "--case", "five-up/match/five-up-two-players-five-*"]
    code, first = _run(capsys, [*argv, "--own-games", "0", "--json", str(report)], tmp_path, "r")
    assert code == 1
    case = json.loads(report.read_text("utf-8"))["cases"][0]
    assert case["status"] == "error" and case["cut"]["kept"] == 53, case["cut"]
    assert {m["field"] for m in case["cut"]["mismatches"]} >= {"leaders", "current_player"}
    assert b"after the first 53 actions of the script your answer differs" in first["console"]
    assert b"1. lead.went-out-leads" in first["console"]
    _same(first, _again(capsys, report, tmp_path, first)[1])
