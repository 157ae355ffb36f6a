"""The observation certificate on a real engine's scale (`fives audit`): the console says
what to fix first (the likely causes, the rules that fail, the first divergence of each in
full, the rest counted) instead of listing thousands of divergences; a consequence is
counted with its cause and a reading is never a failure, in every report; the Markdown
and HTML reports never point at a JSON report that was not written; the HTML page escapes
the records' text; `--prefixes` writes files only for the divergences the reports show.

The observations with readings, consequences and explanations are built from a real audit
with those fields set, as the audit's judgement sets them."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path
from typing import Any

import pytest
from observed import minimal_example

from fives_tools.certify.findings.observation import Note, Observation
from fives_tools.certify.findings.status import IMPLEMENTATION_DEFINED
from fives_tools.certify.observe.audit import audit_records
from fives_tools.cli import main

RULE = "score.play.multiple-of-five"
READING_RULE = "layout.double.crosswise"
INTERPRETATION = "layout.symmetric-attach-points"
EXPLAIN = ("scoring ends [1|1] 2 + [1|4] 4 = 6", "6 is no multiple of 5: the play scores 0")


def _wrong_scores(actions: list[int]) -> list[dict[str, Any]]:
    """One record per entry, its play at that action scored 7, which no rule gives (no
    multiple of 5: the scoring rule, not the ends, is blamed)."""
    records = []
    for at in actions:
        record = minimal_example()
        record["hands"][0]["actions"][at]["score"] = 7
        records.append(record)
    return records


def _jsonl(path: Path, records: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in records), "utf-8")
    return path


def _judged() -> Observation:
    """A wrong score explained, a winner that follows from it (a consequence) and a
    divergence that only a reading of an interpretation makes one."""
    obs = audit_records([("game.json", _wrong_scores([8])[0])])
    (score,) = obs.divergences
    obs.divergences = [
        dataclasses.replace(score, explain=EXPLAIN),
        dataclasses.replace(
            score,
            rule="match.first-to-target",
            candidates=(),
            checked="result.winner",
            what="the match's winner",
            expected="null",
            got="0",
            consequence_of=1,
        ),
        dataclasses.replace(
            score,
            rule=READING_RULE,
            candidates=(),
            requirement=IMPLEMENTATION_DEFINED,
            interpretation=INTERPRETATION,
        ),
    ]
    return obs


def _audit(obs: Observation, args: list[str], monkeypatch: pytest.MonkeyPatch) -> int:
    """``fives audit game.json ARGS`` reporting ``obs`` as if the record had given it."""
    monkeypatch.setattr("fives_tools.cli.audit._observe", lambda _args: obs)
    return main(["audit", "game.json", *args])


def test_the_console_shows_the_first_divergence_of_each_rule_and_counts_the_rest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """200 games with one wrong score each: the console was every divergence in full
    (2,000 lines); it is the cause, the failing rule and its first example, and it says
    how many more there are and how to get them; ``-v`` lists them all."""
    path = _jsonl(tmp_path / "games.jsonl", _wrong_scores([8] * 200))
    assert main(["audit", str(path)]) == 1
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert len(lines) < 60, f"{len(lines)} lines"
    assert lines[-1].startswith("observation of 200 games") and "200 divergences" in lines[-1]
    assert out.count("re-run: ") == 1 and out.count("  quote: ") == 1
    assert "and 199 more of this rule; all with --json FILE" in out
    assert re.search(
        rf"^  1\. {re.escape(RULE)}: explains 200 alone; first: divergence 1: ", out, re.M
    )
    table = [line for line in lines if line.startswith("  ") and "FAIL" in line]
    assert [line.split()[0] for line in table] == [RULE]  # the passing rules are counted
    assert re.search(r"^  other rules: \d+ pass, \d+ not observed \(listed with -v", out, re.M)
    assert main(["audit", str(path), "-v"]) == 1
    verbose = capsys.readouterr().out
    assert verbose.count("re-run: ") == 200 and "lead.neutral-draw" in verbose
    assert verbose.splitlines()[-1] == lines[-1]


def test_the_console_names_the_json_report_only_when_it_was_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _jsonl(tmp_path / "games.jsonl", _wrong_scores([8, 8]))
    report = tmp_path / "audit.json"
    assert main(["audit", str(path), "--json", str(report)]) == 1
    assert f"and 1 more of this rule; all in {report}," in capsys.readouterr().out


def test_a_consequence_is_counted_with_its_cause_and_a_reading_is_no_failure(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The winner that follows from the wrong score is shown under it, not as a failure of
    match.first-to-target; the reading is marked as one and never FAIL."""
    report = tmp_path / "audit.json"
    code = _audit(_judged(), ["--json", str(report)], monkeypatch)
    assert code == 1  # the wrong score is a must divergence of its own
    out = capsys.readouterr().out
    assert f"{RULE}: 1 divergence, and 1 consequence counted with them" in out
    assert "  followed by divergence 2: game.json" in out
    assert not re.search(r"^(  \d\. )?match\.first-to-target", out, re.M)  # no cause, no rule
    assert out.count("divergence 2: ") == 1  # only as what follows from divergence 1
    reading = [line for line in out.splitlines() if READING_RULE in line]
    assert reading and not any("FAIL" in line for line in reading)
    assert re.search(rf"^  {re.escape(READING_RULE)} +reading ", out, re.M)
    assert f"{READING_RULE}: 1 divergence (readings answered otherwise, not failures)" in out
    assert f"implementation-defined: a reading of {INTERPRETATION} answered otherwise" in out
    data = json.loads(report.read_text("utf-8"))
    first, second, third = data["divergences"]
    assert first["explain"] == list(EXPLAIN) and first["consequence_of"] is None
    assert second["consequence_of"] == 1 and second["requirement"] == "must"
    assert third["requirement"] == IMPLEMENTATION_DEFINED
    assert third["interpretation"] == INTERPRETATION
    statuses = {r["rule"]: r["status"] for r in data["games"]["all-fives"]["rules"]}
    assert statuses[RULE] == "fail" and statuses[READING_RULE] == "reading"
    assert statuses["match.first-to-target"] != "FAIL"
    assert [c["rule"] for c in data["likely_causes"]] == [RULE, READING_RULE]


def test_every_report_says_how_the_numbers_arise(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    md, page = tmp_path / "audit.md", tmp_path / "audit.html"
    _audit(_judged(), ["--markdown", str(md), "--html", str(page)], monkeypatch)
    out = capsys.readouterr().out
    texts = {"console": out, "markdown": md.read_text("utf-8"), "html": page.read_text("utf-8")}
    for name, text in texts.items():
        for line in EXPLAIN:
            assert line in text, name
    block = out.split("divergence 1: ", 1)[1].split("re-run: ", 1)[0]
    assert all(line in block for line in EXPLAIN)  # under the divergence it explains


def test_the_markdown_never_points_at_a_json_report_that_was_not_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _jsonl(tmp_path / "games.jsonl", _wrong_scores([8] * 5))
    md, js = tmp_path / "audit.md", tmp_path / "audit.json"
    assert main(["audit", str(path), "--markdown", str(md)]) == 1
    alone = md.read_text("utf-8")
    assert "JSON report" not in alone and "audit.json" not in alone
    assert "2 more (all with `--json FILE`)" in alone
    assert main(["audit", str(path), "--markdown", str(md), "--json", str(js)]) == 1
    assert f"the 3 shortest shown, 2 more in {js}\n" in md.read_text("utf-8")
    capsys.readouterr()


def test_prefixes_are_written_for_the_divergences_the_reports_show(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Five wrong scores of one rule: the reports show the three of the shortest prefixes
    (1, 2 and 4); only theirs are written, and the others' re-run commands are in the JSON."""
    path = _jsonl(tmp_path / "five.jsonl", _wrong_scores([8, 8, 8, 7, 8]))
    folder, js = tmp_path / "prefixes", tmp_path / "audit.json"
    assert main(["audit", str(path), "--prefixes", str(folder), "--json", str(js)]) == 1
    capsys.readouterr()
    written = {p.name.split(".")[0] for p in folder.iterdir()}
    assert written == {"divergence-1", "divergence-2", "divergence-4"}
    data = json.loads(js.read_text("utf-8"))
    reruns = [d["rerun"] for d in data["divergences"]]
    assert reruns[0] == f"fives audit {folder / 'divergence-1.json'}"
    assert reruns[2] == f"fives audit {path}" and data["divergences"][2]["prefix"]


def test_the_html_report_leads_with_the_causes_and_draws_the_divergences(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _jsonl(tmp_path / "five.jsonl", _wrong_scores([8, 8, 8, 7, 8]))
    page, folder = tmp_path / "audit.html", tmp_path / "prefixes"
    assert main(["audit", str(path), "--html", str(page), "--prefixes", str(folder)]) == 1
    capsys.readouterr()
    text = page.read_text("utf-8")
    assert text.index("Likely causes") < text.index("<table") < text.index('id="divergence-1"')
    assert re.findall(r'<section class="failure" id="divergence-(\d+)"', text) == ["1", "2", "4"]
    assert text.count("<svg") == 3 and "and 2 more of this rule; all with --json FILE" in text
    assert "Ef heildin er nákvæmlega margfeldi af fimm" in text  # the rule's quote
    assert "JSON report" not in text


def test_the_html_report_escapes_the_records_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A record's label and what it recorded are the implementation's: a script in them is
    shown as text, never run."""
    script = "<script>alert(1)</script>"
    obs = _judged()
    obs.divergences[0] = dataclasses.replace(
        obs.divergences[0], record=f"{script} game", got=f"{script}10", explain=(script,)
    )
    obs.stopped.append(Note(f"{script} game", 1, 3, f"replay stopped at {script}"))
    page = tmp_path / "audit.html"
    _audit(obs, ["--html", str(page)], monkeypatch)
    capsys.readouterr()
    text = page.read_text("utf-8")
    assert "<script" not in text
    assert "&lt;script&gt;alert(1)&lt;/script&gt; game" in text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;10" in text


#: a record's file name that would close a code fence and bring raw HTML and a link
HOSTILE_NAME = "x\n```\n<img src=x onerror=alert(1)>\n[a](javascript:alert(2)).json"


def test_a_file_name_is_never_markup_in_the_markdown_nor_a_line_of_its_own(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A newline in a record's file name survived into the Markdown (and the console): it
    closed the code fence, and an ``<img onerror>`` and a ``javascript:`` link landed raw."""
    path = _jsonl(tmp_path / HOSTILE_NAME, _wrong_scores([8]))
    md, folder = tmp_path / "audit.md", tmp_path / "p (1)"
    assert main(["audit", str(path), "--markdown", str(md), "--prefixes", str(folder)]) == 1
    out = capsys.readouterr().out
    text = md.read_text("utf-8")
    for report in (text, out):  # the name's own lines would start with these
        lines = report.splitlines()
        assert not [x for x in lines if x.startswith(("<img", "[a]", "```\n"))], report
    lines = text.splitlines()
    fences = [i for i, line in enumerate(lines) if line.startswith("```")]
    assert len(fences) == 2  # the one divergence's block, opened and closed once
    outside = "\n".join(lines[: fences[0]] + lines[fences[1] :])  # a code block is inert
    assert "<img" not in outside and not re.search(r"[^\\]\]\(javascript:", outside), outside
    assert "\\x0a```\\x0a<img src=x onerror=alert(1)>" in "\n".join(lines[fences[0] : fences[1]])
    assert "\\x0a```\\x0a<img src=x onerror=alert(1)>" in out
    if (folder / "divergence-1.svg").exists():  # drawn where Graphviz is
        assert "/p%20%281%29/divergence-1.svg)\n" in text  # a ")" in the name ends no link
